"""The service's randomness: one secret seed per game, committed at setup.

Every command draws from an RNG seeded by ``sha256(seed:label)`` where the label is the
log head the command was decided against, so the whole stream can be re-derived and
checked by ``verify`` once the seed is revealed.  This module is the only place the
project uses an RNG; the engine receives a ``Chance`` and records what it returns.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engine.core.events import canonical_hash

T = TypeVar("T")


@dataclass
class Secret:
    seed: str
    salt: str
    deck: list[str] = field(default_factory=list)

    @classmethod
    def fresh(cls) -> Secret:
        return cls(seed=secrets.token_hex(16), salt=secrets.token_hex(16))

    def commitment(self) -> str:
        """Hash of seed, salt and deck order: published at setup, checked at the end."""
        return canonical_hash({"seed": self.seed, "salt": self.salt, "deck": self.deck})

    def as_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "salt": self.salt, "deck": self.deck}


class SeededChance:
    """A ``Chance`` whose draws are a function of the secret seed and a label."""

    def __init__(self, secret: Secret, label: str) -> None:
        digest = hashlib.sha256(f"{secret.seed}:{label}".encode()).digest()
        self._rng = random.Random(digest)
        self._deck = secret.deck

    def roll(self, sides: int = 6) -> int:
        return self._rng.randint(1, sides)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self._rng.shuffle(result)
        return result

    def card(self, index: int) -> str:
        return self._deck[index]

    def salt(self) -> str:
        """128 bits from the seeded stream: unguessable without the secret seed."""
        return f"{self._rng.getrandbits(128):032x}"
