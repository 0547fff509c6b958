"""The deck as COIN games share it: the draw deck built from piles with a special card
(Campaign, Propaganda, Coup...) shuffled into the bottom cards of some piles (Gandhi 2.1,
A Distant Plain 2.1), the chance a setup draws its cards from, and a game's deck with its
deck pack applied (DESIGN.md §1), the pack logged whole at setup (``DeckPackLoaded``).

The cards themselves, their faces and what a pack may change are the game's: it passes
its loader and its ``apply`` to ``Decks``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from engine.coin.events import DeckPackLoaded
from engine.core.chance import Chance
from engine.core.events import Event

T = TypeVar("T")
D = TypeVar("D")


def build_piles(events: Sequence[str], specials: Sequence[str], *, piles: int,
                per_pile: int, special_piles: Sequence[int], in_bottom: int,
                chance: Chance) -> tuple[list[str], list[str]]:
    """The draw deck (top first) from shuffled ``events`` dealt into ``piles`` of
    ``per_pile`` cards, one shuffled special card placed at random among the bottom
    ``in_bottom`` cards of each pile numbered in ``special_piles`` (1-based); and the
    special cards left over, in their shuffled order."""
    dealt = chance.shuffle(events)
    extra = chance.shuffle(specials)
    stacks = [dealt[i * per_pile:(i + 1) * per_pile] for i in range(piles)]
    used = len(special_piles)
    for card, number in zip(extra[:used], special_piles, strict=True):
        stacks[number - 1] = shuffle_into_bottom(stacks[number - 1], card, in_bottom, chance)
    return [card for stack in stacks for card in stack], extra[used:]


def shuffle_into_bottom(pile: Sequence[T], card: T, bottom: int, chance: Chance) -> list[T]:
    """``card`` at random among the ``bottom`` last cards of ``pile`` (one die roll)."""
    top, low = list(pile[:-bottom]), list(pile[-bottom:])
    low.insert(chance.roll(bottom + 1) - 1, card)
    return top + low


class DeckChance:
    """At setup the deck is new: cards come from it, dice from the service."""

    def __init__(self, chance: Chance, deck: list[str]) -> None:
        self._chance, self._deck = chance, deck

    def roll(self, sides: int = 6) -> int:
        return self._chance.roll(sides)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        return self._chance.shuffle(items)

    def card(self, index: int) -> str:
        return self._deck[index]

    def salt(self) -> str:
        return self._chance.salt()


class Decks(Generic[D]):
    """A game's deck with a pack applied: ``load()`` the default deck, ``apply(deck,
    pack_text)`` it with a pack, raising ``error`` (the game's, naming the card) when the
    pack is wrong."""

    def __init__(self, load: Callable[[], D], apply: Callable[[D, str], D],
                 error: type[Exception], cache: int = 16) -> None:
        self._load, self._apply, self.error = load, apply, error
        self.deck_for: Callable[[str | None], D] = functools.lru_cache(maxsize=cache)(
            self._deck_for)

    def _deck_for(self, pack: str | None = None) -> D:
        deck = self._load()
        return deck if pack is None else self._apply(deck, pack)

    def pack_problem(self, pack: object) -> str | None:
        """Why ``pack`` cannot be a game's deck pack (the message names the card), or
        None."""
        if not isinstance(pack, str):
            return "a deck pack is the TOML text of the pack"
        try:
            self.deck_for(pack)
        except self.error as exc:
            return str(exc)
        return None


def pack_events(pack: str | None, name: str | None, digest: str | None) -> list[Event]:
    """DESIGN.md §1: the game's deck pack, logged whole with its hash (already checked)."""
    if pack is None:
        return []
    assert digest is not None
    return [DeckPackLoaded(name=name, hash=digest, text=pack)]


def checked_order(order: Sequence[str], factions: Sequence[str]) -> tuple[str, ...]:
    """2.3.2 A card's Faction order: every Faction of the game once."""
    found = tuple(order)
    assert sorted(found) == sorted(factions), found
    return found
