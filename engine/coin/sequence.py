"""The COIN sequence of play on one Event card (Gandhi 2.3, A Distant Plain 2.3).

Factions act in the card's Faction order; the 1st Eligible chooses among Operation only,
Operation + Special Activity, Event or Pass; the 2nd Eligible's options depend on what the
1st did; a Faction that passes stays Eligible; at the end of the card eligibility is
adjusted.  Everything here is game-agnostic and pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class Did(StrEnum):
    """What a Faction executed on a card (2.3.4)."""

    OP = "op"                # an Operation without a Special Activity
    OP_SA = "op_sa"          # an Operation with a Special Activity
    LIMITED_OP = "limited_op"
    EVENT = "event"


@dataclass
class CardTurn:
    """Who has acted or passed on the current card."""

    order: tuple[str, ...] = ()
    acted: list[tuple[str, Did]] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    # 5.0 an Event may make a Faction Ineligible for the next card, or keep one Eligible
    made_ineligible: list[str] = field(default_factory=list)
    kept_eligible: list[str] = field(default_factory=list)

    def copy(self) -> CardTurn:
        return CardTurn(self.order, list(self.acted), list(self.passed),
                        list(self.made_ineligible), list(self.kept_eligible))

    def mark(self, faction: str, eligible: bool) -> None:
        """5.0 The latest Event instruction about ``faction`` wins."""
        keep, drop = ((self.kept_eligible, self.made_ineligible) if eligible
                      else (self.made_ineligible, self.kept_eligible))
        if faction in drop:
            drop.remove(faction)
        if faction not in keep:
            keep.append(faction)


def next_eligible(turn: CardTurn, eligible: Mapping[str, bool]) -> str | None:
    """2.3.2 The leftmost Eligible Faction that has neither acted nor passed, while fewer
    than two Factions have executed something; None when the card is done."""
    if len(turn.acted) >= 2:
        return None
    done = {f for f, _ in turn.acted} | set(turn.passed)
    return next((f for f in turn.order if eligible.get(f, False) and f not in done), None)


def position(turn: CardTurn) -> int:
    """1 for the 1st Eligible, 2 for the 2nd (2.3.2): Passing Factions do not count."""
    return len(turn.acted) + 1


def options(turn: CardTurn) -> frozenset[Did]:
    """2.3.4 What the Faction about to act may execute (besides Passing)."""
    if not turn.acted:
        return frozenset({Did.OP, Did.OP_SA, Did.EVENT})
    first = turn.acted[0][1]
    if first is Did.EVENT:
        return frozenset({Did.OP, Did.OP_SA})
    if first is Did.OP_SA:
        return frozenset({Did.LIMITED_OP, Did.EVENT})
    return frozenset({Did.LIMITED_OP})


def adjust_eligibility(factions: Sequence[str], turn: CardTurn,
                       made_ineligible: Sequence[str] = (),
                       kept_eligible: Sequence[str] = (), *,
                       executing_makes_ineligible: bool = True) -> dict[str, bool]:
    """2.3.6 Factions that executed an Operation or Event (or were made Ineligible by an
    Event) become Ineligible; every other Faction becomes Eligible.  An Event that keeps
    its executor Eligible overrides (5.0).  ``executing_makes_ineligible`` False: only
    Event text makes a Faction Ineligible (A Distant Plain's eligibility option B, 2.3.1)."""
    executed = {f for f, _ in turn.acted} if executing_makes_ineligible else set()
    return {f: (f not in executed and f not in made_ineligible) or f in kept_eligible
            for f in factions}
