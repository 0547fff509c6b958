"""Priority tables of non-player Factions (Gandhi 8.4.1, 8.5), shared by COIN games.

A Space Selection Priorities column is a list of rows read top-down.  Each row is a
condition on a space (``filter``), or a measure to maximise (``most``) or minimise
(``fewest``).  The procedure (8.4.1): start with the eligible spaces; at each row keep only
the spaces that meet it -- unless none does, and then skip the row -- and stop as soon as
one space is left.  What is left after the last row is a tie (the table's last rows are a
random choice).  ``narrow`` returns what is left and the trace: for each row read, how
many spaces met it (0: skipped), which is what a non-player's "why" shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

T = TypeVar("T")
Mode = Literal["filter", "most", "fewest"]


@dataclass(frozen=True)
class Row:
    """One row of a column: its id (the catalogue names it) and how it reads a space."""

    id: str
    mode: Mode
    measure: Callable[[str], float]   # filter: truthy meets it; most/fewest: a number


@dataclass(frozen=True)
class Step:
    """A row read: how many candidates met it (0: skipped) and how many were left."""

    row: str
    met: int
    left: int


def narrow(candidates: Sequence[str], rows: Sequence[Row]) -> tuple[list[str], list[Step]]:
    """8.4.1: the candidates left after reading ``rows``, and the rows read."""
    left = list(candidates)
    trace: list[Step] = []
    for row in rows:
        if len(left) <= 1:
            break
        if row.mode == "filter":
            met = [s for s in left if row.measure(s)]
        else:
            values = {s: row.measure(s) for s in left}
            best = max(values.values()) if row.mode == "most" else min(values.values())
            met = [s for s in left if values[s] == best]
        if met and len(met) < len(left):
            left = met
        trace.append(Step(row.id, len(met) if met else 0, len(left)))
    return left, trace


def first_by(items: Sequence[T], order: Sequence[Callable[[T], bool]]) -> list[T]:
    """The items meeting the first test that any item meets (an ordered priority list,
    8.5); all items if none does."""
    for test in order:
        met = [i for i in items if test(i)]
        if met:
            return met
    return list(items)
