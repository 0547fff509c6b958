"""Physical invariants of a Gandhi position, checked by the fuzzer after every event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.gandhi.derived import available_all, board, is_state, unrest_markers_left
from engine.games.gandhi.pieces import (
    GANDHI,
    ML_BASES,
    PROTEST_MARKERS,
    RESOURCES_MAX,
    REV_BASES,
    TRACK_MAX,
    TRACK_MIN,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState


def problems(state: GandhiState) -> list[str]:
    """Every broken physical rule; empty when the position is sound."""
    if not state.spaces:
        return []
    found = [f"{kind}: {left} Available" for kind, left in available_all(state).items()
             if left < 0]
    found += _tracks(state)
    found += _spaces(state)
    if unrest_markers_left(state) < 0:
        found.append("more than 12 Unrest/Strike markers (1.11)")
    if sum(sp.protest for sp in state.spaces.values()) > PROTEST_MARKERS:
        found.append("more than 6 Protest markers (1.10)")
    if state.jail.get(GANDHI, 0) + sum(sp.count(GANDHI) for sp in state.spaces.values()) > 1:
        found.append("more than one Gandhi")
    return found


def _tracks(state: GandhiState) -> list[str]:
    found = [f"{name} {getattr(state, name)} outside 1-5"
             for name in ("restraint", "unity")
             if not TRACK_MIN <= getattr(state, name) <= TRACK_MAX]
    found += [f"{f} Resources {n} outside 0-50" for f, n in state.resources.items()
              if not 0 <= n <= RESOURCES_MAX]
    return found


def _spaces(state: GandhiState) -> list[str]:
    b = board(state)
    found = []
    for sid, sp in state.spaces.items():
        space = b.space(sid)
        if any(n < 0 for n in sp.pieces.values()) or sp.unrest < 0:
            found.append(f"{sid}: negative count")
        if sp.count(TROOPS) and is_state(state, sid):
            found.append(f"{sid}: Troops in a State (1.4.2)")
        if sp.count(ML_BASES) + sp.count(REV_BASES) > space.pop:
            found.append(f"{sid}: more Bases than Population (1.4.2)")
        if sp.strike and not space.is_railway:
            found.append(f"{sid}: Strike off the Railways (1.12)")
        if sp.muslim_state and space.kind != "province":
            found.append(f"{sid}: Muslim State outside a Province (1.3.5)")
        if not -2 <= sp.support <= 2:
            found.append(f"{sid}: support level {sp.support}")
        if sp.support and space.is_railway:
            found.append(f"{sid}: a Railway with a Support level (1.3.6)")
    return found


def gandhi_checks() -> Callable[[GandhiState], list[str]]:
    """The fuzzer's check of a Gandhi position (``Gandhi.invariants``)."""
    return problems


def default_setups() -> list[tuple[str, dict[str, Any]]]:
    """The fuzzer's setups (``Gandhi.fuzz_setups``): every scenario, with 4, 3, 2 and 1
    players (1.5) and both Gujarat types."""
    seatings: list[dict[str, Any]] = [
        {}, {"players": [["congress", "muslim_league"], ["raj"], ["revolutionaries"]]},
        {"players": [["congress", "muslim_league"], ["raj", "revolutionaries"]]},
        {"players": [["raj"]], "gujarat": "province"}]
    return [(s, o) for s in ("short", "main", "quick_start") for o in seatings]
