"""What is derived from Gandhi's state, never stored (DESIGN.md §3 "Derived, not stored").

Available pieces (inventory less map, Jail and Out of Play), Active Activists (1.4.3),
Raj Control (1.7), Crisis (6.8), Protest and Unrest/Strike marker supply (1.10-1.12),
victory totals (1.9) and margins (7.3).
"""

from __future__ import annotations

from engine.games.gandhi import victory
from engine.games.gandhi.board import Map, default_map
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    CUBES,
    GANDHI,
    GUERRILLAS_ACTIVE,
    ML_ACTIVISTS,
    ML_BASES,
    PROTEST_CAP,
    PROTEST_MARKERS,
    REV_BASES,
    SPEC,
    UNREST_STRIKE_MARKERS,
    box_kind,
)
from engine.games.gandhi.state import GandhiState, SpaceState, cached


def board(state: GandhiState) -> Map:
    return default_map(state.options.get("gujarat", "princely_state"))


def available(state: GandhiState, kind: str) -> int:
    """Pieces in the Available box: the inventory less every piece placed elsewhere."""
    return available_all(state)[box_kind(kind)]


def available_all(state: GandhiState) -> dict[str, int]:
    """Every kind's Available count, in one pass, once per state version (1.4.1): the
    spec's inventory less the map, Jail and Out of Play (``CoinSpec.available``)."""
    return cached(state, "available_all", lambda: SPEC.available(
        {sid: sp.pieces for sid, sp in state.spaces.items()}, state.boxes))


def activists_active(board_: Map, space_id: str, space: SpaceState) -> bool:
    """1.4.3 Activists are Active in Protest spaces and on Railways."""
    return space.protest or board_.space(space_id).is_railway


def active_adversaries(board_: Map, space_id: str, space: SpaceState) -> int:
    """1.7 Important: Gandhi, all Bases, Active Guerrillas and Active Activists."""
    activists = space.count(CONGRESS_ACTIVISTS) + space.count(ML_ACTIVISTS)
    return victory.active_adversaries(
        gandhi=space.count(GANDHI), bases=space.count(ML_BASES) + space.count(REV_BASES),
        active_guerrillas=space.count(GUERRILLAS_ACTIVE),
        active_activists=activists if activists_active(board_, space_id, space) else 0)


def controllable(board_: Map, space_id: str, space: SpaceState) -> bool:
    """1.7.2 Only Cities and Provinces, and a Muslim State is no longer a Province."""
    return board_.space(space_id).controllable and not space.muslim_state


def raj_control(state: GandhiState, space_id: str) -> bool:
    """1.7.1 Cubes exceed all other Active pieces in a City or Province."""
    return cached(state, f"raj_control:{space_id}", lambda: _raj_control(state, space_id))


def _raj_control(state: GandhiState, space_id: str) -> bool:
    b = board(state)
    space = state.spaces.get(space_id, SpaceState())
    return victory.has_raj_control(
        controllable=controllable(b, space_id, space),
        cubes=sum(space.count(k) for k in CUBES),
        adversaries=active_adversaries(b, space_id, space))


def in_crisis(state: GandhiState) -> bool:
    """6.8 Crisis whenever Unity and Restraint are both one."""
    return state.unity == 1 and state.restraint == 1


def protests_on_map(state: GandhiState) -> int:
    return sum(sp.protest for sp in state.spaces.values())


def protests_for_operations(state: GandhiState) -> int:
    """1.10 / facts §0: markers right of and above the Restraint marker, less those out."""
    return max(0, PROTEST_CAP[state.restraint] - protests_on_map(state))


def protests_for_events(state: GandhiState) -> int:
    """1.10 Restraint does not limit placement during Events."""
    return PROTEST_MARKERS - protests_on_map(state)


def unrest_markers_left(state: GandhiState) -> int:
    """1.11/1.12: 12 double-sided Unrest/Strike markers in all."""
    used = sum(sp.unrest + sp.strike for sp in state.spaces.values())
    return UNREST_STRIKE_MARKERS - used


def tallies(state: GandhiState) -> list[victory.SpaceTally]:
    b = board(state)
    out = []
    for space_id, space in b.spaces.items():
        sp = state.spaces.get(space_id, SpaceState())
        out.append(victory.SpaceTally(
            pop=space.pop, support=sp.support, raj_control=raj_control(state, space_id),
            muslim=space.muslim, muslim_state=sp.muslim_state, unrest=sp.unrest,
            rev_bases=sp.count(REV_BASES)))
    return out


def totals(state: GandhiState) -> dict[str, int]:
    """1.9 The four victory markers."""
    return victory.victory_totals(tallies(state))._asdict()


def margins(state: GandhiState) -> dict[str, int]:
    """7.3 How far each Faction is beyond (positive) or short of its condition."""
    return victory.victory_margins(victory.VictoryTotals(**totals(state)))._asdict()


def is_state(state: GandhiState, space_id: str) -> bool:
    """1.3.5 Princely States, and Provinces turned into Muslim States."""
    return board(state).space(space_id).is_state or state.space(space_id).muslim_state


def troops_may_enter(state: GandhiState, space_id: str) -> bool:
    """1.4.2 Troops may never be in States."""
    return not is_state(state, space_id)
