"""8.2 Random Spaces and 8.3 random LoCs: each die the bot rolls is logged
(``DieRolled``), so a decision is taken again from the log's dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.games.adp.derived import board
from engine.games.adp.mapdata import default_data


@dataclass
class Dice:
    """The bot's dice for one decision, and the ``DieRolled`` events to log before it."""

    chance: Chance
    rolled: list[Event] = field(default_factory=list)

    def roll(self, purpose: str) -> int:
        value = self.chance.roll(6)
        self.rolled.append(DieRolled(sides=6, value=value, purpose=purpose))
        return value

    def split(self, options: Sequence[str], purpose: str) -> str:
        """8.2 "tirada de dado dividida": one die split evenly among the options."""
        if len(options) == 1:
            return options[0]
        die = self.roll(purpose)
        return sorted(options)[(die - 1) * len(options) // 6]


def random_loc(dice: Dice, candidates: Sequence[str]) -> str:
    """8.3 The LoC of the highest Econ, then a split die roll."""
    locs = board().locs
    top = max(locs[c].econ for c in candidates)
    return dice.split([c for c in candidates if locs[c].econ == top], "8.3")


def random_space(dice: Dice, candidates: Sequence[str]) -> str:
    """8.2 The tan, black and green dice point to a cell of the Random Spaces table; if
    its space is not a candidate, walk down the columns to the first that is.  Only LoCs
    among the candidates: 8.3.  A single candidate needs no roll."""
    cands = sorted(set(candidates))
    if len(cands) == 1:
        return cands[0]
    spaces = [c for c in cands if c in board().spaces]
    if not spaces:
        return random_loc(dice, cands)
    tan, black, green = (dice.roll(f"8.2 {die}") for die in ("tan", "black", "green"))
    found = default_data().random_spaces.pick(tan, black, green, frozenset(spaces))
    assert found is not None
    return found
