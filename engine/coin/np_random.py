"""Random spaces for non-player Factions (Gandhi 8.1.2-8.1.3), shared by COIN games.

A Random Spaces map divides the non-Railway spaces into regions of six slots (a space may
sit in several).  Two dice are rolled: the first picks the region, the second the slot.  If
that space is not eligible, the next slot is checked: (r, s+1); after (r, 6) comes
(r+1, 1); after the last slot of the last region comes (1, 1).  Railways are chosen by
the highest Econ, then the one next to a random City, then an even roll.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pick:
    """A random choice: the space and the dice that led to it (the slot rolled first)."""

    space: str
    dice: tuple[int, ...]
    steps: int = 0          # slots passed over because they were not eligible


def slots(regions: Sequence[Sequence[str]]) -> list[tuple[int, int, str]]:
    return [(r, s, sid) for r, region in enumerate(regions, start=1)
            for s, sid in enumerate(region, start=1)]


def random_space(regions: Sequence[Sequence[str]], eligible: Collection[str],
                 roll: Callable[[int], int]) -> Pick | None:
    """8.1.2: two dice, then the next slots in turn until an eligible space (None if no
    slot holds one: the dice are not rolled then)."""
    order = slots(regions)
    if not any(sid in eligible for _, _, sid in order):
        return None
    first, second = roll(len(regions)), roll(len(regions[0]))
    start = next(i for i, (r, s, _) in enumerate(order) if (r, s) == (first, second))
    for step in range(len(order)):
        _, _, sid = order[(start + step) % len(order)]
        if sid in eligible:
            return Pick(sid, (first, second), step)
    return None   # unreachable: some slot holds an eligible space


def random_railway(railways: Sequence[str], econ: Mapping[str, int],
                   cities_near: Callable[[str], Collection[str]],
                   random_city: Callable[[], Pick | None],
                   roll: Callable[[int], int]) -> Pick:
    """8.1.3: the highest Econ; among those, one next to a random City; then an even
    chance."""
    top = max(econ[r] for r in railways)
    best = [r for r in railways if econ[r] == top]
    if len(best) == 1:
        return Pick(best[0], ())
    city = random_city()
    if city is not None:
        near = [r for r in best if city.space in cities_near(r)]
        if len(near) == 1:
            return Pick(near[0], city.dice)
        if near:
            best = near
    n = roll(len(best))
    return Pick(best[n - 1], (*(city.dice if city else ()), n))
