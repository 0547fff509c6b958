"""Small builders of Gandhi events that respect the physical bounds of tracks and markers:
the shared COIN ones (``engine.coin.effects``) on Gandhi's spec, and Gandhi's own."""

from __future__ import annotations

from engine.coin.effects import Effects, advance, begin, note, reveal
from engine.coin.tracks import shifted
from engine.core.events import Event
from engine.games.gandhi.derived import board
from engine.games.gandhi.events import MarkerSet, SupportShifted, Track
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.physical import marker_problem, placed_marker
from engine.games.gandhi.pieces import SPEC
from engine.games.gandhi.seating import is_non_player
from engine.games.gandhi.state import GandhiState, clone

# 8.1 NP Raj and NP Revolutionaries track no Resources (8.8.3 an Event's Resources are
# ignored for them)
EFFECTS: Effects[GandhiState] = Effects(
    SPEC, evolve, clone, keeps_resources=lambda state, faction: not is_non_player(state, faction))
after = EFFECTS.after
resources = EFFECTS.resources   # 1.8 Resources stay between 0 and 50


def track(state: GandhiState, name: Track, delta: int) -> list[Event]:
    """5.1.4/6.6/6.7 Restraint and Unity stay within 1-5; shifts beyond are ignored."""
    return EFFECTS.track(state, name, delta)


def track_to(state: GandhiState, name: Track, value: int) -> list[Event]:
    return EFFECTS.track_to(state, name, value)


def add_unrest(state: GandhiState, sid: str) -> list[Event]:
    """One Unrest marker -- a Strike on a Railway (1.12, 5.1.4) -- if the physical rules
    allow it (1.11 twelve markers, 1.12 one Strike per Railway); otherwise nothing."""
    if marker_problem(state, "unrest", sid, True) is not None:
        return []
    placed = placed_marker(state, "unrest", sid)
    value = state.space(sid).unrest + 1 if placed == "unrest" else 1
    return [MarkerSet(space=sid, marker=placed, value=value)]


def support(state: GandhiState, space: str, delta: int) -> list[Event]:
    """1.6.1 Five levels, -2 (Active Opposition) to +2 (Active Support); a Railway has no
    Support level (1.3.6), so a shift there does nothing (e.g. Negotiate releasing Gandhi
    onto a Railway, 4.3.1)."""
    if board(state).space(space).is_railway:
        return []
    before = state.space(space).support
    after = shifted(before, delta, -2, 2)
    return [SupportShifted(space=space, level=after, before=before)] if after != before else []


__all__ = ["EFFECTS", "add_unrest", "advance", "after", "begin", "note", "resources",
           "reveal", "support", "track", "track_to"]
