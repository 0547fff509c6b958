"""Randomness as an input.

The engine never owns an RNG: ``setup`` and ``decide`` receive a ``Chance`` from the
service and must record what it returns in events (``DieRolled``, ``CardRevealed``).
``ReplayChance`` answers from recorded values, so a logged action can be re-validated
without the secret seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chance(Protocol):
    def roll(self, sides: int = 6) -> int:
        """A die roll from 1 to ``sides``."""
        ...

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items`` (used at setup, for the secret deck)."""
        ...

    def card(self, index: int) -> str:
        """The card at ``index`` of the secret deck."""
        ...

    def salt(self) -> str:
        """A fresh unguessable salt that seals a secret value (``engine.core.seal``)."""
        ...


class ChanceExhausted(RuntimeError):
    """A replayed action asked for more randomness than was recorded."""


class ReplayChance:
    """Answers from recorded rolls and cards, in order."""

    def __init__(self, rolls: Sequence[int] = (), cards: dict[int, str] | None = None,
                 salts: Sequence[str] = ()) -> None:
        self._rolls = list(rolls)
        self._cards = dict(cards or {})
        self._salts = list(salts)

    def roll(self, sides: int = 6) -> int:
        if not self._rolls:
            raise ChanceExhausted("no recorded roll left")
        return self._rolls.pop(0)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        raise ChanceExhausted("a shuffle cannot be replayed")

    def card(self, index: int) -> str:
        if index not in self._cards:
            raise ChanceExhausted(f"card {index} was not recorded")
        return self._cards[index]

    def salt(self) -> str:
        if not self._salts:
            raise ChanceExhausted("no recorded salt left")
        return self._salts.pop(0)
