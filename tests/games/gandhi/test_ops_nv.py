"""Congress and Muslim League Operations (3.3) and Special Activities (4.3, 4.4)."""

from __future__ import annotations

from typing import Any

import engine.games.gandhi.ops  # noqa: F401  (registers the Operations)
from engine.coin.sequence import Did
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import apply, asked, choose, position

C, L = "congress", "muslim_league"


def first(faction: str, spaces: dict[str, dict[str, Any]] | None = None,
          **kw: Any) -> GandhiState:
    """``faction`` is 1st Eligible on card 5."""
    state = position(spaces or {}, step="card", current="5", upcoming="6", **kw)
    order = [faction, *[f for f in FACTIONS if f != faction]]
    return apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                         CardTurnBegan(card="5", order=order)])


def texts(state: GandhiState) -> list[str]:
    return asked(state)[1]


def pieces(state: GandhiState, space: str) -> dict[str, int]:
    return dict(state.space(space).pieces)


# --- Rally (3.3.1) ----------------------------------------------------------------------


def test_3_3_1_example_league_rally_space_selection() -> None:
    """Unity 3: three spaces without Support plus any with a League Base."""
    state = first(L, {"punjab": {"pieces": {"ml_bases": 1}, "support": 1},
                      "bengal": {}}, unity=3)
    choose(state, L, "rally")
    for space in ("Sind", "Baluchistan", "Karachi"):
        choose(state, L, f"in {space}")
        choose(state, L, "place 1")
    assert "in Delhi" not in texts(state)          # Unity used up
    assert "in Punjab" in texts(state)             # a Base: beyond Unity, despite Support
    choose(state, L, "in Punjab")
    choose(state, L, "place 2")                    # one plus the number of Bases
    assert pieces(state, "punjab") == {"ml_bases": 1, "ml_activists": 2}
    assert pieces(state, "sind") == {"ml_activists": 1}


def test_3_3_1_congress_rally_up_to_population_not_with_support() -> None:
    state = first(C, {"bihar": {"support": 1},
                      "united_provinces": {"support": 1, "protest": True}}, restraint=1)
    choose(state, C, "rally")
    assert "in Bihar" not in texts(state)          # Support, no Protest
    choose(state, C, "in United Provinces")        # Protest: beyond Restraint
    assert [t for t in texts(state) if t.startswith("place")] == ["place 1", "place 2"]
    choose(state, C, "place 2")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    assert not any(t.startswith("in ") for t in texts(state))   # Restraint 1 used


def test_3_3_1_league_base_replaces_unity_activists() -> None:
    state = first(L, {"sind": {"pieces": {"ml_activists": 2}}}, unity=2)
    choose(state, L, "rally")
    choose(state, L, "in Sind")
    assert "base" in texts(state)
    choose(state, L, "base")
    assert pieces(state, "sind") == {"ml_bases": 1}


def test_2_3_3_recall_other_factions_activist_shifts_unity() -> None:
    state = first(C, out_of_play={"ml_activists": 1, "congress_activists": 1}, unity=2)
    choose(state, C, "rally")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    choose(state, C, "recall muslim league activist")
    assert state.unity == 3 and state.out_of_play.get("ml_activists", 0) == 0
    assert not any(t.startswith(("in ", "recall", "release")) for t in texts(state))


def test_3_3_1_release_a_die_roll_own_first_then_the_other() -> None:
    state = first(L, jail={"ml_activists": 2, "congress_activists": 3})
    choose(state, L, "rally")
    choose(state, L, "in Sind")
    choose(state, L, "place 1")
    events = choose(state, L, "release", rolls=(4,))
    assert any(e.type == "DieRolled" and e.value == 4 for e in events)
    assert state.jail.get("ml_activists", 0) == 0 and state.jail["congress_activists"] == 1


def test_2_3_5_limited_rally_one_space_but_may_recall() -> None:
    state = first(C, out_of_play={"congress_activists": 1})
    state.turn.acted.append(("raj", Did.OP))     # 2nd Eligible after an Operation only
    state.version += 1
    choose(state, C, "limited rally")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    assert "recall congress activist" in texts(state)
    assert not any(t.startswith("in ") for t in texts(state))


# --- Demonstrate (3.3.2) ----------------------------------------------------------------


def test_3_3_2_example_demonstrate_protest_placement() -> None:
    state = first(C, {
        "bihar": {"pieces": {"congress_activists": 3}, "protest": True},
        "west_bengal": {"pieces": {"sepoys": 1, "guerrillas_active": 1}},
        "united_provinces": {"pieces": {"sepoys": 2}}}, restraint=2)
    choose(state, C, "demonstrate")
    choose(state, C, "in West Bengal")
    choose(state, C, "from Bihar")
    choose(state, C, "move 1")
    assert "protest" in texts(state)               # no Raj Control in West Bengal
    choose(state, C, "protest")
    choose(state, C, "in United Provinces")
    choose(state, C, "from Bihar")
    choose(state, C, "move 1")
    assert "protest" not in texts(state)           # Raj Control
    assert state.space("west_bengal").protest and not state.space("united_provinces").protest
    assert pieces(state, "bihar") == {"congress_activists": 1}
    assert not any(t.startswith("in ") and t != "in Bihar" for t in texts(state))  # 2 used


def test_3_3_2_congress_moves_league_activists_one_for_one_up_to_unity() -> None:
    state = first(C, {"bihar": {"pieces": {"congress_activists": 2, "ml_activists": 3}}},
                  unity=1)
    choose(state, C, "demonstrate")
    choose(state, C, "in Orissa")
    choose(state, C, "from Bihar")
    assert "move 2 with 1 league" in texts(state)
    assert "move 2 with 2 league" not in texts(state)   # Unity 1
    assert "move 1 with 2 league" not in texts(state)
    choose(state, C, "move 2 with 1 league")
    assert pieces(state, "orissa") == {"congress_activists": 2, "ml_activists": 1}
    assert "from Bihar" not in texts(state)        # no Congress Activists left to move


def test_3_1_2_moved_activists_move_once() -> None:
    state = first(C, {"bihar": {"pieces": {"congress_activists": 1}}})
    choose(state, C, "demonstrate")
    choose(state, C, "in Orissa")
    choose(state, C, "from Bihar")
    choose(state, C, "move 1")
    assert "in Coastal Andhra" not in texts(state)   # the Activist in Orissa moved


# --- Civil Disobedience (3.3.3) ---------------------------------------------------------


def test_3_3_3_example_civil_disobedience_onto_railways() -> None:
    state = first(C, {"bombay_presidency": {"pieces": {"congress_activists": 1}},
                      "coastal_andhra": {"pieces": {"congress_activists": 1}},
                      "hyderabad": {"pieces": {"congress_activists": 1}},
                      "bihar": {"protest": True, "pieces": {"congress_activists": 1}},
                      "delhi": {"protest": True}},
                  restraint=3)
    choose(state, C, "civil disobedience")
    choose(state, C, "in Bombay Presidency")
    choose(state, C, "in Coastal Andhra")
    assert state.space("bombay_presidency").protest and state.space("coastal_andhra").protest
    choose(state, C, "in Hyderabad")               # third space: no Protest left
    assert not state.space("hyderabad").protest
    choose(state, C, "move 1 onto Railway Bhusawal–Raichur")
    assert pieces(state, "rail_khandesh_south") == {"congress_activists": 1}
    assert "in Bihar" in texts(state)              # Protest: beyond Restraint


# --- Non-Cooperation (3.3.4) ------------------------------------------------------------


def south(**kw: Any) -> GandhiState:
    return first(C, {
        "coastal_andhra": {"pieces": {"congress_activists": 1}, "protest": True},
        "bombay_presidency": {"pieces": {"congress_activists": 1, "sepoys": 3},
                              "protest": True},
        "hyderabad": {"pieces": {"gandhi": 1}, "protest": True}}, **kw)


def test_3_3_4_example_non_cooperation() -> None:
    state = south(restraint=3)
    choose(state, C, "non-cooperation")
    assert [t for t in texts(state) if t.startswith("in ")] == ["in Coastal Andhra"]
    choose(state, C, "in Coastal Andhra")
    choose(state, C, "done")
    assert state.space("coastal_andhra").support == -1
    assert state.restraint == 2                    # once per Operation (6.6)


def test_6_8_crisis_congress_non_cooperation_in_raj_controlled_spaces() -> None:
    state = south(restraint=1, unity=1)
    choose(state, C, "non-cooperation")
    assert "in Bombay Presidency" in texts(state)


def test_3_3_4_league_non_cooperation_unity_plus_bases() -> None:
    spaces = {s: {"pieces": {"ml_activists": 1}, "protest": True}
              for s in ("sind", "punjab", "karachi")}
    spaces["baluchistan"] = {"pieces": {"ml_activists": 1, "ml_bases": 1}, "protest": True}
    state = first(L, spaces, unity=1)
    choose(state, L, "non-cooperation")
    choose(state, L, "in Sind")
    assert "in Punjab" not in texts(state) and "in Baluchistan" in texts(state)


# --- Congress Special Activities (4.3) ---------------------------------------------------


def test_3_1_5_example_1_negotiate_raises_the_allowance() -> None:
    state = first(C, {"bihar": {"pieces": {"congress_activists": 1}, "protest": True},
                      **{s: {"pieces": {"congress_activists": 1}}
                         for s in ("orissa", "delhi", "bombay", "madras")}},
                  restraint=2)
    choose(state, C, "civil disobedience")
    choose(state, C, "in Orissa")
    choose(state, C, "in Delhi")
    assert "in Bombay" not in texts(state)
    choose(state, C, "negotiate")
    assert "in Orissa" not in texts(state)         # selected for the Operation (4.3.1)
    choose(state, C, "in Bihar")
    assert not state.space("bihar").protest and state.restraint == 3
    choose(state, C, "done")
    assert "in Bombay" in texts(state) and "in Bihar" not in texts(state)


def test_4_3_1_example_congress_negotiate_removes_muslim_state() -> None:
    state = first(C, {"west_bengal": {"pieces": {"congress_activists": 2, "ml_activists": 1},
                                      "muslim_state": True, "support": 1},
                      "delhi": {"pieces": {"congress_activists": 1}}}, restraint=3)
    choose(state, C, "rally")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    choose(state, C, "negotiate")
    choose(state, C, "in West Bengal")
    assert state.restraint == 4
    choose(state, C, "remove muslim state")
    wb = state.space("west_bengal")
    assert not wb.muslim_state and wb.support == 0


def test_4_3_1_negotiate_roll_releases_gandhi() -> None:
    state = first(C, {"bihar": {"pieces": {"congress_activists": 1}, "protest": True},
                      "delhi": {"pieces": {"congress_activists": 1}}},
                  jail={"gandhi": 1})
    choose(state, C, "rally")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    choose(state, C, "negotiate")
    choose(state, C, "in Bihar")
    events = choose(state, C, "roll", rolls=(1,))  # 1 > 0 Protests in India
    assert any(e.type == "DieRolled" for e in events)
    assert pieces(state, "bihar").get("gandhi") == 1 and state.space("bihar").support == 1


def test_4_3_1_negotiate_on_a_railway_releases_gandhi_without_a_shift() -> None:
    """1.3.6 a Railway has no Support level: Gandhi is released onto it, nothing shifts
    (the 2,000-game fuzz found a Railway given a Support level here)."""
    state = first(C, {"rail_karachi_indus": {"pieces": {"congress_activists": 1}},
                      "delhi": {"pieces": {"congress_activists": 1}}},
                  jail={"gandhi": 1})
    choose(state, C, "rally")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    choose(state, C, "negotiate")
    choose(state, C, "in Railway Karachi–Samasata")
    choose(state, C, "roll", rolls=(6,))
    rail = state.space("rail_karachi_indus")
    assert rail.count("gandhi") == 1 and rail.support == 0


def test_4_3_1_no_negotiate_with_non_cooperation() -> None:
    state = south()
    choose(state, C, "non-cooperation")
    assert "negotiate" not in texts(state)


def test_4_3_2_example_satyagraha() -> None:
    state = first(C, {"united_provinces": {"pieces": {"sepoys": 1}},
                      "bihar": {"pieces": {"gandhi": 1, "congress_activists": 1}}})
    choose(state, C, "rally")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    choose(state, C, "satyagraha")
    choose(state, C, "in United Provinces")
    choose(state, C, "place")
    up = pieces(state, "united_provinces")
    assert up == {"sepoys": 1, "gandhi": 1, "congress_activists": 1}
    from engine.games.gandhi.derived import raj_control
    assert not raj_control(state, "united_provinces")


def test_4_3_2_satyagraha_asks_the_raj_to_release_gandhi() -> None:
    state = first(C, jail={"gandhi": 1})
    choose(state, C, "rally")
    choose(state, C, "in Delhi")
    choose(state, C, "place 1")
    choose(state, C, "satyagraha")
    choose(state, C, "in Bihar")
    assert asked(state) == ("raj", ["agree", "refuse"])
    choose(state, "raj", "refuse")
    seat, offered = asked(state)
    assert seat == C and "satyagraha" not in offered   # PLAY NOTE: another SA instead
    state2 = first(C, jail={"gandhi": 1})
    choose(state2, C, "rally")
    choose(state2, C, "satyagraha")
    choose(state2, C, "in Bihar")
    choose(state2, "raj", "agree")
    assert pieces(state2, "bihar") == {"gandhi": 1}


def test_4_3_3_example_congress_persuade() -> None:
    state = first(C, {"mysore": {"pieces": {"congress_activists": 1, "rev_bases": 1}},
                      "madras_presidency": {"pieces": {"congress_activists": 1,
                                                       "ml_activists": 1},
                                            "protest": True},
                      "delhi": {"pieces": {"congress_activists": 1}}}, unity=3)
    choose(state, C, "rally")
    choose(state, C, "persuade")
    choose(state, C, "in Mysore")
    choose(state, C, "remove revolutionary base")
    choose(state, C, "in Madras Presidency")
    choose(state, C, "remove muslim league activist")
    assert not any(t.startswith("in ") for t in texts(state))   # two spaces
    choose(state, C, "done")
    assert state.unity == 2
    assert pieces(state, "mysore") == {"congress_activists": 1}


# --- Muslim League Special Activities (4.4) ----------------------------------------------


def test_4_4_1_example_league_negotiate_places_muslim_state() -> None:
    state = first(L, {"east_bengal": {"pieces": {"ml_activists": 2, "troops": 1},
                                      "protest": True, "support": -1},
                      "sind": {"pieces": {"ml_activists": 1}}}, restraint=2)
    choose(state, L, "rally")
    choose(state, L, "in Sind")
    choose(state, L, "place 1")
    choose(state, L, "negotiate")
    choose(state, L, "in East Bengal")
    assert not state.space("east_bengal").protest and state.restraint == 3
    choose(state, L, "muslim state")
    assert asked(state)[0] == "raj"
    choose(state, "raj", "to Calcutta")
    eb = state.space("east_bengal")
    assert eb.muslim_state and eb.support == 1 and not eb.count("troops")
    assert pieces(state, "calcutta") == {"troops": 1}
    assert asked(state)[0] == L


def test_3_1_5_example_2_and_4_4_2_example_infiltrate_in_crisis() -> None:
    sind = {"pieces": {"sepoys": 1, "guerrillas_underground": 1, "ml_bases": 1,
                       "ml_activists": 1}, "protest": True}
    state = first(L, {"sind": sind}, unity=1, restraint=2)
    choose(state, L, "non-cooperation")
    choose(state, L, "in Sind")
    choose(state, L, "end operation")              # Restraint 1: Crisis (6.8)
    assert state.restraint == 1 and state.crisis_placement_due
    assert "in Sind" not in texts(state)
    choose(state, L, "infiltrate")                 # immediately after the Operation
    choose(state, L, "in Sind")
    assert {"replace sepoy", "replace underground guerrilla", "replace protest",
            "muslim state"} <= set(texts(state))
    choose(state, L, "muslim state")
    assert state.space("sind").muslim_state
    choose(state, L, "done")
    choose(state, L, "done", rolls=(1,))
    assert state.restraint == 1                    # shifted once only


def test_4_4_3_example_league_persuade_activates_guerrillas() -> None:
    state = first(L, {"punjab": {"pieces": {"ml_activists": 2, "sepoys": 3,
                                            "guerrillas_underground": 2},
                                 "protest": True}}, unity=3)
    from engine.games.gandhi.derived import raj_control
    assert raj_control(state, "punjab")
    choose(state, L, "rally")
    choose(state, L, "persuade")
    choose(state, L, "in Punjab")
    choose(state, L, "activate")
    assert pieces(state, "punjab")["guerrillas_active"] == 2
    assert not raj_control(state, "punjab")
    choose(state, L, "done")
    assert "in Sind" in texts(state)               # back to the Rally (4.1)


def test_1_3_5_the_muslim_state_is_placed_only_after_the_troops_leave() -> None:
    """Found by the fuzzer: Troops must never stand in a State, even while the Raj is
    still moving them out (1.4.2)."""
    from engine.games.gandhi.invariants import problems

    state = first(L, {"east_bengal": {"pieces": {"ml_activists": 2, "troops": 2},
                                      "protest": True, "support": -1},
                      "sind": {"pieces": {"ml_activists": 1}}}, restraint=2)
    for text in ("rally", "in Sind", "place 1", "negotiate", "in East Bengal",
                 "muslim state"):
        choose(state, L, text)
        assert problems(state) == []
    assert not state.space("east_bengal").muslim_state and asked(state)[0] == "raj"
    choose(state, "raj", "to Calcutta")
    assert problems(state) == [] and not state.space("east_bengal").muslim_state
    choose(state, "raj", "to Calcutta")
    assert state.space("east_bengal").muslim_state and problems(state) == []
