"""Victory totals, margins and Raj Control for Gandhi (rules 1.6, 1.7, 1.9, 7.2, 7.3).

Pure functions over simple per-space inputs, so the real engine can reuse them: it only
has to describe each space as a :class:`SpaceTally`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

ACTIVE_OPPOSITION, PASSIVE_OPPOSITION, NEUTRAL, PASSIVE_SUPPORT, ACTIVE_SUPPORT = -2, -1, 0, 1, 2


class VictoryTotals(NamedTuple):
    """One number per Faction, in the order of the victory markers (1.9)."""

    raj: int
    congress: int
    muslim_league: int
    revolutionaries: int


# 7.2: a Faction wins a victory check when its total EXCEEDS its threshold.
THRESHOLDS = VictoryTotals(raj=38, congress=20, muslim_league=14, revolutionaries=14)


@dataclass(frozen=True)
class SpaceTally:
    """What victory needs to know about one space.

    ``support`` runs from -2 (Active Opposition) to +2 (Active Support), 0 is Neutral
    (1.6.1). Railways have ``pop`` 0 (1.3.6), so nothing on them ever scores: a Strike is
    not Unrest (1.12). ``raj_control`` is the Control flag, see :func:`has_raj_control`.
    """

    pop: int
    support: int = NEUTRAL
    raj_control: bool = False
    muslim: bool = False
    muslim_state: bool = False
    unrest: int = 0
    rev_bases: int = 0

    def __post_init__(self) -> None:
        if not ACTIVE_OPPOSITION <= self.support <= ACTIVE_SUPPORT:
            raise ValueError(f"support level {self.support} is outside -2..+2 (1.6.1)")
        if min(self.pop, self.unrest, self.rev_bases) < 0:
            raise ValueError("pop, unrest and rev_bases cannot be negative")


# --- Raj Control (1.7) -------------------------------------------------------------------


def active_adversaries(
    *, gandhi: int = 0, bases: int = 0, active_guerrillas: int = 0, active_activists: int = 0
) -> int:
    """Pieces that deny Raj Control (1.7 "Important", 1.4.3, 1.4.5).

    All Bases and Gandhi are always Active; Activists count only when Active (in a Protest
    space or on a Railway); Guerrillas only when Active. Inactive Activists and Underground
    Guerrillas never count.
    """
    return gandhi + bases + active_guerrillas + active_activists


def has_raj_control(*, controllable: bool, cubes: int, adversaries: int) -> bool:
    """1.7.1: Raj Controls a City or Province when its cubes (Troops + Sepoys) exceed all
    other Active pieces there. 1.7.2: States (Princely or Muslim) and Railways never.
    """
    return controllable and cubes > adversaries


# --- Support and Opposition (1.6) --------------------------------------------------------


def support_points(support: int, pop: int) -> int:
    """1.6.2-1.6.3: Passive Support counts Pop x1, Active Support Pop x2."""
    return pop * max(support, 0)


def opposition_points(support: int, pop: int) -> int:
    """1.6.2-1.6.3: Passive Opposition counts Pop x1, Active Opposition Pop x2."""
    return pop * max(-support, 0)


def total_support(spaces: Iterable[SpaceTally]) -> int:
    return sum(support_points(s.support, s.pop) for s in spaces)


def total_opposition(spaces: Iterable[SpaceTally]) -> int:
    return sum(opposition_points(s.support, s.pop) for s in spaces)


def total_muslim_opposition(spaces: Iterable[SpaceTally]) -> int:
    """1.6.4 (and its 2019 clarification): Opposition in any of the Muslim spaces."""
    return sum(opposition_points(s.support, s.pop) for s in spaces if s.muslim)


def raj_controlled_pop(spaces: Iterable[SpaceTally]) -> int:
    return sum(s.pop for s in spaces if s.raj_control)


def muslim_state_pop(spaces: Iterable[SpaceTally]) -> int:
    return sum(s.pop for s in spaces if s.muslim_state)


def unrest_pop(spaces: Iterable[SpaceTally]) -> int:
    """Population of spaces with at least one Unrest marker (1.9); extra markers add 0."""
    return sum(s.pop for s in spaces if s.unrest > 0)


def rev_bases_on_map(spaces: Iterable[SpaceTally]) -> int:
    return sum(s.rev_bases for s in spaces)


# --- Faction totals (1.9, 7.2) -----------------------------------------------------------


def raj_total(spaces: Iterable[SpaceTally]) -> int:
    """Total Support + Pop of Raj-Controlled spaces."""
    tallies = tuple(spaces)
    return total_support(tallies) + raj_controlled_pop(tallies)


def congress_total(spaces: Iterable[SpaceTally]) -> int:
    """Total Opposition."""
    return total_opposition(spaces)


def muslim_league_total(spaces: Iterable[SpaceTally]) -> int:
    """Total Muslim Opposition + 2 x Pop of Muslim States."""
    tallies = tuple(spaces)
    return total_muslim_opposition(tallies) + 2 * muslim_state_pop(tallies)


def revolutionaries_total(spaces: Iterable[SpaceTally]) -> int:
    """Pop of spaces with Unrest + number of Rev Bases on the map."""
    tallies = tuple(spaces)
    return unrest_pop(tallies) + rev_bases_on_map(tallies)


def victory_totals(spaces: Iterable[SpaceTally]) -> VictoryTotals:
    tallies = tuple(spaces)
    return VictoryTotals(
        raj=raj_total(tallies),
        congress=congress_total(tallies),
        muslim_league=muslim_league_total(tallies),
        revolutionaries=revolutionaries_total(tallies),
    )


def victory_margins(totals: VictoryTotals) -> VictoryTotals:
    """7.3: total minus threshold; positive only when the condition is met."""
    return VictoryTotals(*(total - limit for total, limit in zip(totals, THRESHOLDS, strict=True)))


def meets_victory(totals: VictoryTotals) -> tuple[str, ...]:
    """7.2: the Factions whose total exceeds their threshold."""
    margins = victory_margins(totals)
    return tuple(name for name, margin in zip(VictoryTotals._fields, margins, strict=True)
                 if margin > 0)
