"""Revolutionaries Operations (3.4) and Special Activities (4.5), with every example."""

from __future__ import annotations

from typing import Any

import engine.games.gandhi.ops  # noqa: F401  (registers the Operations)
from engine.coin.sequence import Did
from engine.core.events import DieRolled
from engine.games.gandhi.derived import available, in_crisis, raj_control
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import apply, asked, choose, position

REV = "revolutionaries"
U, A = "guerrillas_underground", "guerrillas_active"


def rev_first(spaces: dict[str, dict[str, Any]] | None = None, rev: int = 10,
              **kw: Any) -> GandhiState:
    state = position(spaces or {}, step="card", current="5", upcoming="6",
                     resources={"raj": 10, REV: rev}, **kw)
    return apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                         CardTurnBegan(card="5", order=[REV, "raj", "congress",
                                                        "muslim_league"])])


def limited(state: GandhiState) -> GandhiState:
    """Someone executed an Operation only before: a Limited Operation is offered."""
    state.turn.acted.append(("raj", Did.OP))
    state.version += 1
    return state


def pieces(state: GandhiState, space: str) -> dict[str, int]:
    return dict(state.space(space).pieces)


def texts(state: GandhiState) -> list[str]:
    return asked(state)[1]


def moves(state: GandhiState) -> list[str]:
    return [t for t in texts(state) if t.startswith("move")]


# --- 3.4.1 Rally --------------------------------------------------------------------------


def test_3_4_1_example_rally_places_a_base_with_unity_guerrillas() -> None:
    on_map = {s: {"pieces": {"rev_bases": 1}} for s in ("bihar", "assam", "orissa", "mysore")}
    state = rev_first({**on_map, "punjab": {"pieces": {U: 2}}}, unity=2)
    assert available(state, "rev_bases") == 1               # the last remaining Base
    choose(state, REV, "rally")
    choose(state, REV, "in Punjab")
    assert "base 2 underground" in texts(state) and "place 1 guerrilla" in texts(state)
    choose(state, REV, "base 2 underground")
    assert pieces(state, "punjab") == {"rev_bases": 1}
    assert state.resources[REV] == 9 and available(state, "rev_bases") == 0


def test_3_4_1_rally_places_one_plus_bases_not_at_support_and_recalls_once() -> None:
    state = rev_first({"bihar": {"pieces": {"rev_bases": 1}, "support": 2},
                       "punjab": {"support": 1}}, out_of_play={"guerrillas": 2})
    choose(state, REV, "rally")
    assert "in Punjab" not in texts(state) and "in Bihar" in texts(state)  # Support
    assert not any(t.startswith("in Rail") for t in texts(state))
    choose(state, REV, "in Bihar")
    choose(state, REV, "place 2 guerrillas")
    assert pieces(state, "bihar") == {"rev_bases": 1, U: 2}
    assert "in Bihar" not in texts(state)                    # 3.1.1 once
    choose(state, REV, "recall guerrilla")
    assert state.out_of_play == {"guerrillas": 1}
    assert not any(t.startswith(("in ", "recall")) for t in texts(state))
    choose(state, REV, "done")
    assert state.turn.acted == [(REV, Did.OP)]


def test_3_4_1_rally_base_needs_room_and_a_choice_of_guerrillas() -> None:
    state = rev_first({"sind": {"pieces": {U: 2, A: 1, "ml_bases": 1}},
                       "punjab": {"pieces": {U: 1, A: 2}}}, unity=2)
    choose(state, REV, "rally")
    choose(state, REV, "in Sind")
    assert not any(t.startswith("base") for t in texts(state))   # 1.4.2 Pop 1, one Base
    choose(state, REV, "place 1 guerrilla")
    choose(state, REV, "in Punjab")
    assert {"base 2 active", "base 1 active 1 underground"} <= set(texts(state))
    choose(state, REV, "base 2 active")
    assert pieces(state, "punjab") == {U: 1, "rev_bases": 1}


def test_2_3_5_limited_rally_in_one_space() -> None:
    state = limited(rev_first({}, out_of_play={"guerrillas": 1}))
    assert "limited rally" in texts(state)
    choose(state, REV, "limited rally")
    choose(state, REV, "in Bihar")
    choose(state, REV, "place 1 guerrilla")
    assert not any(t.startswith("in ") for t in texts(state))
    assert "recall guerrilla" in texts(state)                # off the map: allowed
    assert not any(t in ("aid", "infiltrate") for t in texts(state))  # no SA (2.3.5)


# --- 3.4.2 March --------------------------------------------------------------------------


def test_3_4_2_example_march_from_orissa() -> None:
    state = rev_first({"orissa": {"pieces": {U: 4}},
                       "central_provinces": {"pieces": {"sepoys": 2}},
                       "bihar": {"pieces": {"troops": 1, "sepoys": 2}, "support": 1},
                       "united_provinces": {"pieces": {"sepoys": 2}, "support": 2}})
    choose(state, REV, "march")
    choose(state, REV, "from Orissa")
    assert state.resources[REV] == 9
    choose(state, REV, "to Central Provinces")
    choose(state, REV, "move 2 underground")
    assert pieces(state, "central_provinces") == {"sepoys": 2, U: 2}   # no Support
    choose(state, REV, "to Bihar")
    choose(state, REV, "move 1 underground")
    assert pieces(state, "bihar")[A] == 1                    # Support, 1 + 3 cubes > 3
    choose(state, REV, "to United Provinces")                # along the Railway
    choose(state, REV, "move 1 underground")
    assert pieces(state, "united_provinces") == {"sepoys": 2, U: 1}    # 1 + 2 <= 3
    assert pieces(state, "orissa") == {}
    choose(state, REV, "done")
    assert state.resources[REV] == 9


def test_3_4_2_march_pieces_move_once_active_only_next_door_railway_origin_free() -> None:
    state = rev_first({"orissa": {"pieces": {A: 1, U: 1}},
                       "rail_calcutta_ganges": {"pieces": {U: 1}}})
    choose(state, REV, "march")
    choose(state, REV, "from Railway Calcutta–Allahabad")
    assert state.resources[REV] == 10                        # Railway origin costs 0
    choose(state, REV, "to Orissa")
    choose(state, REV, "move 1 underground")
    choose(state, REV, "from Orissa")
    assert "to United Provinces" in texts(state)             # one Underground may go far
    choose(state, REV, "to United Provinces")
    assert moves(state) == ["move 1 underground"]            # not the Active, not the new
    choose(state, REV, "move 1 underground")
    assert not any(t.startswith("from") for t in texts(state))  # nothing left to move
    choose(state, REV, "to Bihar")
    assert moves(state) == ["move 1 active"]


def test_3_4_2_march_onto_a_railway_activates_when_over_three() -> None:
    state = rev_first({"orissa": {"pieces": {U: 3}},
                       "rail_calcutta_ganges": {"pieces": {"sepoys": 1}}})
    choose(state, REV, "march")
    choose(state, REV, "from Orissa")
    choose(state, REV, "to Railway Calcutta–Allahabad")
    choose(state, REV, "move 2 underground")
    assert pieces(state, "rail_calcutta_ganges")[U] == 2     # 2 + 1 = 3: not over
    choose(state, REV, "to Railway Calcutta–Allahabad")
    choose(state, REV, "move 1 underground")
    assert pieces(state, "rail_calcutta_ganges") == {"sepoys": 1, A: 3}


def test_2_3_5_limited_march_one_origin_several_destinations() -> None:
    state = limited(rev_first({"orissa": {"pieces": {U: 2}}, "assam": {"pieces": {U: 1}}}))
    choose(state, REV, "limited march")
    choose(state, REV, "from Orissa")
    assert not any(t.startswith("from") for t in texts(state))
    choose(state, REV, "to Bihar")
    choose(state, REV, "move 1 underground")
    choose(state, REV, "to West Bengal")
    choose(state, REV, "move 1 underground")
    assert pieces(state, "bihar") == {U: 1} and pieces(state, "west_bengal") == {U: 1}


# --- 3.4.3 Attack -------------------------------------------------------------------------


def test_3_4_3_example_attack_east_bengal_and_bihar() -> None:
    state = rev_first({"east_bengal": {"pieces": {U: 3, "sepoys": 2}},
                       "bihar": {"pieces": {U: 2, "sepoys": 5}, "protest": True}})
    assert raj_control(state, "east_bengal")
    choose(state, REV, "attack")
    events = choose(state, REV, "in East Bengal", rolls=(2,))
    assert DieRolled(value=2, purpose="attack") in events
    assert pieces(state, "east_bengal")[A] == 3
    assert not raj_control(state, "east_bengal")
    choose(state, REV, "remove sepoy")
    choose(state, REV, "remove sepoy")
    assert pieces(state, "east_bengal") == {A: 3} and state.space("east_bengal").unrest == 1
    choose(state, REV, "in Bihar", rolls=(1,))
    choose(state, REV, "remove sepoy")
    choose(state, REV, "remove sepoy")
    assert pieces(state, "bihar") == {A: 2, "sepoys": 3}
    assert raj_control(state, "bihar") and state.space("bihar").unrest == 1   # Protest
    assert state.resources[REV] == 8


def test_3_4_3_attack_unrest_option_protest_and_no_control() -> None:
    state = rev_first({"bihar": {"pieces": {U: 2, "sepoys": 5}, "protest": True}},
                      options={"attack_unrest": "protest_and_no_control"})
    choose(state, REV, "attack")
    choose(state, REV, "in Bihar", rolls=(1,))
    choose(state, REV, "remove sepoy")
    choose(state, REV, "remove sepoy")
    assert state.space("bihar").unrest == 0                  # Raj Control remains


def test_3_4_3_attack_fails_above_the_guerrillas_and_orders_removals() -> None:
    state = rev_first({"bihar": {"pieces": {U: 2, "troops": 1}},
                       "punjab": {"pieces": {U: 3, "troops": 2, "sepoys": 1,
                                             "ml_activists": 1, "ml_bases": 1},
                                  "protest": True}})
    choose(state, REV, "attack")
    choose(state, REV, "in Bihar", rolls=(3,))               # 3 > 2 Guerrillas: failure
    assert pieces(state, "bihar") == {A: 2, "troops": 1} and state.space("bihar").unrest == 0
    choose(state, REV, "in Punjab", rolls=(3,))
    assert set(texts(state)) >= {"remove sepoy", "remove muslim league activist", "stop"}
    assert "remove troop" not in texts(state) and "remove muslim league base" not in texts(state)
    choose(state, REV, "remove muslim league activist")             # Muslim League targeted
    assert "stop" in texts(state)                            # none of theirs removable yet
    choose(state, REV, "remove sepoy")
    assert pieces(state, "punjab") == {A: 3, "troops": 2, "ml_bases": 1}
    assert state.space("punjab").unrest == 1                 # Protest


def test_3_4_3_attack_removes_to_the_full_extent_once_targeted() -> None:
    state = rev_first({"punjab": {"pieces": {U: 2, "troops": 2}}})
    choose(state, REV, "attack")
    choose(state, REV, "in Punjab", rolls=(1,))
    choose(state, REV, "remove troop")
    assert texts(state)[0] == "remove troop" and "stop" not in texts(state)   # 1.4.4


# --- 3.4.4 Unrest -------------------------------------------------------------------------


def test_3_4_4_example_unrest_in_crisis() -> None:
    state = rev_first({"bombay_presidency": {"pieces": {U: 1}, "support": 1},
                       "bombay": {"pieces": {"congress_activists": 1, "ml_activists": 1}}},
                      restraint=1, unity=1, rev=5)
    assert in_crisis(state)
    choose(state, REV, "unrest")
    choose(state, REV, "in Bombay Presidency")
    bp = state.space("bombay_presidency")
    assert (bp.pieces, bp.unrest, bp.support) == ({A: 1}, 1, 0)
    choose(state, REV, "in Bombay")
    assert state.space("bombay").unrest == 1 and state.resources[REV] == 3
    choose(state, REV, "done")
    assert state.restraint == 1


def test_3_4_4_unrest_costs_restraint_strikes_railways_and_shifts_restraint_once() -> None:
    state = rev_first({"united_provinces": {"pieces": {U: 2}, "support": 1},
                       "rail_delhi_ganges": {"pieces": {U: 1}},
                       "bombay": {"pieces": {"congress_activists": 1, "ml_activists": 1}}},
                      restraint=4, rev=8)
    choose(state, REV, "unrest")
    assert "in Bombay" not in texts(state)                   # not in Crisis
    choose(state, REV, "in United Provinces")
    choose(state, REV, "in Railway Delhi–Allahabad")
    rail = state.space("rail_delhi_ganges")
    assert rail.strike and rail.unrest == 0 and rail.pieces == {A: 1}
    assert state.resources[REV] == 0 and state.restraint == 4
    choose(state, REV, "done")
    assert state.restraint == 3


def test_1_11_unrest_markers_run_out() -> None:
    full = {f"{s}": {"unrest": 3} for s in ("assam", "orissa", "mysore", "sind")}
    state = rev_first({**full, "bihar": {"pieces": {U: 1}, "support": -2}}, restraint=2)
    choose(state, REV, "unrest")
    choose(state, REV, "in Bihar")
    assert state.space("bihar").unrest == 0 and state.space("bihar").support == -1


def test_2_3_5_limited_unrest_in_one_space() -> None:
    state = limited(rev_first({"bihar": {"pieces": {U: 1}}, "assam": {"pieces": {U: 1}}}))
    choose(state, REV, "limited unrest")
    choose(state, REV, "in Bihar")
    assert texts(state) == ["done"]


# --- 4.5.1 Aid ----------------------------------------------------------------------------


def test_4_5_1_example_aid() -> None:
    state = rev_first({"united_provinces": {"pieces": {U: 2}},
                       "bihar": {"pieces": {A: 3}}}, rev=0)
    choose(state, REV, "rally")
    choose(state, REV, "aid")
    choose(state, REV, "in United Provinces")
    choose(state, REV, "gain resources")
    assert state.resources[REV] == 2 and pieces(state, "united_provinces") == {U: 1, A: 1}
    choose(state, REV, "in Bihar")
    choose(state, REV, "flip underground")
    assert state.resources[REV] == 1 and pieces(state, "bihar") == {U: 3}
    choose(state, REV, "done")                               # the SA is over
    assert "aid" not in texts(state) and "in Bihar" in texts(state)


# --- 4.5.2 Infiltrate ---------------------------------------------------------------------


def test_4_5_2_example_infiltrate_in_sind() -> None:
    state = rev_first({"sind": {"pieces": {U: 1, "ml_bases": 1, "ml_activists": 1}},
                       "bihar": {"pieces": {U: 1}}}, restraint=1, unity=1)
    choose(state, REV, "rally")
    choose(state, REV, "infiltrate")
    choose(state, REV, "in Sind")
    assert "place base" not in texts(state)                  # Pop 1 holds one Base
    choose(state, REV, "replace muslim league activist")
    assert pieces(state, "sind") == {U: 2, "ml_bases": 1}
    assert texts(state) == ["done"]                          # one space only


def test_4_5_2_infiltrate_base_in_crisis_and_protest_replaced() -> None:
    state = rev_first({"bihar": {"pieces": {U: 1}},
                       "madras": {"pieces": {U: 1, "sepoys": 1}, "protest": True}},
                      restraint=1, unity=1)
    choose(state, REV, "rally")
    choose(state, REV, "infiltrate")
    assert "in Madras" in texts(state)
    choose(state, REV, "in Bihar")
    choose(state, REV, "place base")
    assert pieces(state, "bihar") == {U: 1, "rev_bases": 1}
    calm = rev_first({"madras": {"pieces": {U: 1, "sepoys": 1}, "protest": True}})
    choose(calm, REV, "rally")
    choose(calm, REV, "infiltrate")
    choose(calm, REV, "in Madras")
    assert "place base" not in texts(calm)                   # a City, and no Crisis
    choose(calm, REV, "replace protest")
    assert not calm.space("madras").protest and pieces(calm, "madras")[U] == 2


# --- 4.5.3 Assassinate --------------------------------------------------------------------


def test_4_5_3_example_assassinate_the_troop() -> None:
    state = rev_first({"united_provinces": {"pieces": {U: 1, "troops": 1}},
                       "bihar": {"pieces": {"troops": 1}}})
    choose(state, REV, "unrest")
    assert "assassinate" not in texts(state)                 # no space selected for Unrest
    choose(state, REV, "in United Provinces")
    choose(state, REV, "assassinate")
    assert texts(state) == ["in United Provinces"]
    choose(state, REV, "in United Provinces")
    choose(state, REV, "remove troop")
    assert pieces(state, "united_provinces") == {A: 1} and state.unity == 3


def test_3_1_5_example_3_assassinate_triggers_crisis_for_unrest() -> None:
    state = rev_first({"bihar": {"pieces": {U: 1, "congress_activists": 1}, "protest": True},
                       "bombay": {"pieces": {"congress_activists": 1, "ml_activists": 1}}},
                      restraint=1, unity=2)
    choose(state, REV, "unrest")
    choose(state, REV, "in Bihar")
    assert "in Bombay" not in texts(state)
    choose(state, REV, "assassinate")
    choose(state, REV, "in Bihar")
    choose(state, REV, "remove congress activist")
    assert state.unity == 1 and in_crisis(state) and state.crisis_placement_due
    choose(state, REV, "done")                               # back to the Operation
    choose(state, REV, "in Bombay")
    assert state.space("bombay").unrest == 1


# --- the tutorial (IT playbook, card 3): Unrest interrupted by Aid ------------------------


def test_tutorial_card_3_unrest_paid_with_aid_then_restraint_shifts_once() -> None:
    state = rev_first({"united_provinces": {"pieces": {U: 2}, "support": 1},
                       "bombay_presidency": {"pieces": {U: 1}, "support": 1},
                       "east_bengal": {"pieces": {U: 1, "rev_bases": 1}, "unrest": 1},
                       "hyderabad": {"pieces": {U: 1}},
                       "central_india_agency": {"pieces": {U: 1}}}, restraint=4, rev=4)
    choose(state, REV, "unrest")
    choose(state, REV, "in United Provinces")
    assert state.resources[REV] == 0 and state.space("united_provinces").support == 0
    assert "in Bombay Presidency" not in texts(state)        # 4 Resources needed
    choose(state, REV, "aid")
    for space in ("East Bengal", "Hyderabad", "Central India Agency"):
        choose(state, REV, f"in {space}")
        choose(state, REV, "gain resources")
    assert state.resources[REV] == 4
    choose(state, REV, "done")
    assert "aid" not in texts(state)                         # one Special Activity
    choose(state, REV, "in Bombay Presidency")
    bp = state.space("bombay_presidency")
    assert (bp.unrest, bp.support, bp.pieces, state.resources[REV]) == (1, 0, {A: 1}, 0)
    choose(state, REV, "done")
    assert state.restraint == 3 and state.turn.acted == [(REV, Did.OP_SA)]


def test_tutorial_card_2_rally_in_four_spaces_then_recall() -> None:
    on_map = {"united_provinces": {"pieces": {U: 10}, "support": 1},
              "east_bengal": {"pieces": {"rev_bases": 1}}}
    state = rev_first(on_map, out_of_play={"guerrillas": 1}, rev=8)
    assert available(state, "guerrillas") == 5
    choose(state, REV, "rally")
    assert "in United Provinces" not in texts(state)          # Support, no Base
    choose(state, REV, "in East Bengal")
    choose(state, REV, "place 2 guerrillas")
    for space in ("Punjab", "Hyderabad", "Central India Agency"):
        choose(state, REV, f"in {space}")
        choose(state, REV, "place 1 guerrilla")
    assert not any(t.startswith("in ") for t in texts(state))  # none Available
    choose(state, REV, "recall guerrilla")
    choose(state, REV, "done")
    assert state.resources[REV] == 4 and available(state, "guerrillas") == 1


def test_1_12_example_of_placing_a_strike_marker() -> None:
    """Revolutionaries execute an Unrest Operation on a 5 Econ Railway: rather than an
    Unrest marker, a Strike marker is placed."""
    state = rev_first({"rail_calcutta_north_bengal": {"pieces": {U: 1}}}, restraint=2)
    choose(state, REV, "unrest")
    choose(state, REV, "in Railway Calcutta–Siliguri")
    rail = state.space("rail_calcutta_north_bengal")
    assert (rail.strike, rail.unrest) == (True, 0)


def test_3_4_2_march_activates_only_the_guerrillas_still_there() -> None:
    """Found by the fuzzer: a Guerrilla that arrived and was then withdrawn (1.4.1) must
    not be counted when the destination Activates."""
    from engine.games.gandhi.invariants import problems

    state = rev_first({"orissa": {"pieces": {U: 3}},
                       "rail_calcutta_ganges": {"pieces": {"sepoys": 1}}})
    choose(state, REV, "march")
    choose(state, REV, "from Orissa")
    choose(state, REV, "to Railway Calcutta–Allahabad")
    choose(state, REV, "move 2 underground")
    choose(state, REV, "withdraw underground guerrilla from Railway Calcutta–Allahabad")
    choose(state, REV, "to Railway Calcutta–Allahabad")
    choose(state, REV, "move 1 underground")
    assert pieces(state, "rail_calcutta_ganges") == {"sepoys": 1, A: 2}
    assert problems(state) == []
