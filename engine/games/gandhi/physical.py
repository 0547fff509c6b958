"""The physical rules that even an Event must keep (5.1.1, 5.1.4), as checks that return
why an edit is impossible (a translatable ``Msg``) or None.

A manual Event (DESIGN.md §1) is carried out by the executing Faction with primitive
edits; the engine does not read the card text, it only refuses what no card can do:
placing pieces that are not there (1.4.1, 5.1.1), breaking stacking (1.4.2), Troops in
States, markers beyond their supply or off their spaces (1.10-1.12, 1.3.5), tracks outside
1-5 (5.1.4) and Resources outside 0-50 (1.8).
"""

from __future__ import annotations

from engine.coin.physical import Physical
from engine.core.messages import Msg
from engine.games.gandhi.derived import (
    available_all,
    board,
    is_state,
    protests_for_events,
    unrest_markers_left,
)
from engine.games.gandhi.events import Marker
from engine.games.gandhi.names import SpaceName
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GANDHI,
    ML_ACTIVISTS,
    ML_BASES,
    REV_BASES,
    SPEC,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState, cached

BASES = (ML_BASES, REV_BASES)
JAILABLE = (GANDHI, CONGRESS_ACTIVISTS, ML_ACTIVISTS)  # 1.3.9, 5.1.3 arrested pieces
PIECE_KEYS = {"ml_bases": "ml_base", "rev_bases": "rev_base",
              "guerrillas_underground": "guerrillas", "guerrillas_active": "guerrillas"}
SUPPORT_MIN, SUPPORT_MAX = -2, 2  # 1.6.1


def piece(kind: str) -> Msg:
    return Msg(f"gandhi.piece.{PIECE_KEYS.get(kind, kind)}")


# the physical rules every COIN game shares (``engine.coin.physical``), on Gandhi's spec
PHYSICAL: Physical[GandhiState] = Physical(SPEC, available_all, piece=piece, space=SpaceName)


def _space(state: GandhiState, sid: str) -> Msg:
    return SpaceName(sid)


def in_box(state: GandhiState, box: str, kind: str) -> int:
    """Pieces of a box kind in Available, Out of Play or Jail."""
    return PHYSICAL.in_box(state, box, kind)


def markers_left(state: GandhiState) -> tuple[int, int]:
    """Unrest/Strike markers (1.11-1.12) and Protest markers (1.10, 5.1.1: Restraint does
    not limit Events) not on the map."""
    return cached(state, "markers_left",
                  lambda: (unrest_markers_left(state), protests_for_events(state)))


def supply_problem(state: GandhiState, box: str, kind: str, count: int) -> Msg | None:
    """5.1.1 Events never place pieces that are not Available (or in the box named)."""
    return PHYSICAL.supply_problem(state, box, kind, count)


def presence_problem(state: GandhiState, kind: str, count: int, sid: str) -> Msg | None:
    return PHYSICAL.presence_problem(state, kind, count, sid)


def base_rooms(state: GandhiState) -> dict[str, int]:
    """1.4.2 A space holds at most its Population in Bases (so none on Railways)."""
    def compute() -> dict[str, int]:
        return {sid: space.pop - sum(state.space(sid).count(k) for k in BASES)
                for sid, space in board(state).spaces.items()}
    return cached(state, "base_rooms", compute)


def troop_spaces(state: GandhiState) -> list[str]:
    """1.4.2 The spaces Troops may enter: every space but the States."""
    return cached(state, "troop_spaces",
                  lambda: [sid for sid in board(state).spaces if not is_state(state, sid)])


def enters(state: GandhiState, kind: str, count: int, sid: str) -> bool:
    """1.4.2 Troops never enter States (Muslim States count, 1.3.5); Bases <= Pop."""
    if kind == TROOPS:
        return not is_state(state, sid)
    return kind not in BASES or count <= base_rooms(state)[sid]


def entry_problem(state: GandhiState, kind: str, count: int, sid: str) -> Msg | None:
    if enters(state, kind, count, sid):
        return None
    if kind == TROOPS:
        return Msg("gandhi.reason.troops_in_state", space=_space(state, sid))
    return Msg("gandhi.reason.base_stacking", space=_space(state, sid),
               room=max(0, base_rooms(state)[sid]), pop=board(state).space(sid).pop)


def exit_problem(kind: str, box: str) -> Msg | None:
    """1.4.5 Gandhi cannot be eliminated, only arrested; 1.3.9 the Jail holds only Gandhi
    and Activists (5.1.3)."""
    if kind == GANDHI and box != "jail":
        return Msg("gandhi.reason.gandhi_jail_only")
    if box == "jail" and kind not in JAILABLE:
        return Msg("gandhi.reason.jail_nv_only")
    return None


def placed_marker(state: GandhiState, marker: Marker, sid: str) -> Marker:
    """5.1.4 When placing an Unrest marker on a Railway, place a Strike marker instead."""
    railway = board(state).space(sid).is_railway
    return "strike" if marker == "unrest" and railway else marker


def marker_problem(state: GandhiState, marker: str, sid: str, on: bool) -> Msg | None:
    """Placing (on) or removing (off) one marker; a space may hold any number of Unrest
    markers but one Protest (1.4.2), one Strike (5.1.1) and one Muslim State."""
    kind = board(state).space(sid).kind
    shown = "strike" if on and marker == "unrest" and kind == "railway" else marker
    sp = state.space(sid)
    there = sp.unrest > 0 if shown == "unrest" else bool(getattr(sp, shown))
    if not on:
        return None if there else Msg("gandhi.reason.no_marker", space=_space(state, sid),
                                      marker=Msg(f"gandhi.marker.{shown}"))
    problem = _placement_problem(state, marker, sid, kind)
    if problem is None and there and shown != "unrest":
        problem = Msg("gandhi.reason.marker_there", space=_space(state, sid),
                      marker=Msg(f"gandhi.marker.{shown}"))
    return problem


def _placement_problem(state: GandhiState, marker: str, sid: str, kind: str) -> Msg | None:
    if marker == "strike" and kind != "railway":
        return Msg("gandhi.reason.strike_railways")                 # 1.12
    if marker == "muslim_state" and kind != "province":
        return Msg("gandhi.reason.muslim_state_provinces")          # 1.3.5, 5.1.4
    if marker == "muslim_state" and state.space(sid).count(TROOPS):
        return Msg("gandhi.reason.muslim_state_troops", space=_space(state, sid))  # 1.4.2
    unrest_left, protests_left = markers_left(state)
    if marker in ("unrest", "strike") and unrest_left <= 0:
        return Msg("gandhi.reason.no_unrest_markers")               # 1.11, 1.12
    if marker == "protest" and protests_left <= 0:
        return Msg("gandhi.reason.no_protest_markers")              # 1.10
    return None


def support_problem(state: GandhiState, sid: str, delta: int) -> Msg | None:
    """1.6.1 Cities, Provinces and States have five levels; Railways none."""
    if board(state).space(sid).is_railway:
        return Msg("gandhi.reason.support_railway")
    if not SUPPORT_MIN <= state.space(sid).support + delta <= SUPPORT_MAX:
        return Msg("gandhi.reason.support_end", space=_space(state, sid))
    return None


def track_problem(state: GandhiState, name: str, delta: int) -> Msg | None:
    """5.1.4 Restraint and Unity stay within 1-5."""
    return PHYSICAL.track_problem(state, name, delta)


def resources_problem(state: GandhiState, faction: str, delta: int) -> Msg | None:
    """1.8 Resources stay within 0-50."""
    return PHYSICAL.resources_problem(state, faction, delta)
