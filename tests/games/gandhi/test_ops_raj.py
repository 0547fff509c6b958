"""Raj Operations (3.2) on the execution framework (4.1, 2.3.4-2.3.5)."""

from __future__ import annotations

from typing import Any

import engine.games.gandhi.ops  # noqa: F401  (registers the Operations)
from engine.coin.sequence import Did
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import apply, asked, choose, position


def raj_first(**kw: object) -> GandhiState:
    state = position({}, step="card", current="5", upcoming="6", **kw)  # type: ignore[arg-type]
    return apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                         CardTurnBegan(card="5", order=["raj", "congress", "muslim_league",
                                                        "revolutionaries"])])


def test_3_2_1_deploy_sepoys_cost_restraint_troops_are_free() -> None:
    state = raj_first(restraint=3, resources={"raj": 10, "revolutionaries": 0})
    assert "deploy" in asked(state)[1]
    choose(state, "raj", "deploy")
    choose(state, "raj", "in Delhi")
    choose(state, "raj", "place 2 troops 4 sepoys")
    assert state.resources["raj"] == 7
    choose(state, "raj", "in Bombay")
    choose(state, "raj", "place 3 troops 0 sepoys")      # only Troops: pay 0
    assert state.resources["raj"] == 7
    delhi, bombay = state.space("delhi"), state.space("bombay")
    assert (delhi.count("troops"), delhi.count("sepoys"), bombay.count("troops")) == (2, 4, 3)
    assert "in Delhi" not in asked(state)[1]              # 3.1.1 a space once


def test_3_2_1_deploy_at_most_six_cubes_per_city_and_then_two_from_out_of_play() -> None:
    state = raj_first(out_of_play={"troops": 3}, resources={"raj": 10, "revolutionaries": 0})
    choose(state, "raj", "deploy")
    choose(state, "raj", "in Madras")
    texts = asked(state)[1]
    assert "place 6 troops 0 sepoys" in texts and "place 6 troops 1 sepoy" not in texts
    choose(state, "raj", "place 1 troop 0 sepoys")
    choose(state, "raj", "recall troop")
    choose(state, "raj", "recall troop")
    assert state.out_of_play == {"troops": 1}
    seat, texts = asked(state)
    assert not any(t.startswith(("in ", "recall")) for t in texts)  # "Then": no more
    choose(state, "raj", "done")
    assert state.turn.acted == [("raj", "op")]
    assert asked(state)[0] == "congress"


def test_2_5_1_willingdon_and_reading_deploy_costs() -> None:
    state = raj_first(viceroy="76", restraint=4, resources={"raj": 10, "revolutionaries": 0})
    choose(state, "raj", "deploy")
    choose(state, "raj", "in Delhi")
    choose(state, "raj", "place 0 troops 2 sepoys")
    assert state.resources["raj"] == 9                    # Willingdon: 1 per City
    reading = raj_first(viceroy="74", restraint=4, resources={"raj": 10, "revolutionaries": 0})
    choose(reading, "raj", "deploy")
    for city in ("Delhi", "Bombay"):
        choose(reading, "raj", f"in {city}")
        choose(reading, "raj", "place 0 troops 1 sepoy")
    assert reading.resources["raj"] == 6                  # Reading: the first is free


def test_2_3_5_limited_deploy_in_one_city() -> None:
    state = raj_first(resources={"raj": 10, "revolutionaries": 0})
    state.turn.acted.append(("congress", __import__("engine.coin.sequence",
                                                    fromlist=["Did"]).Did.OP))
    state.version += 1
    seat, texts = asked(state)
    assert seat == "raj" and "limited deploy" in texts and "deploy" not in texts
    choose(state, "raj", "limited deploy")
    choose(state, "raj", "in Delhi")
    choose(state, "raj", "place 1 troop 0 sepoys")
    assert not any(t.startswith("in ") for t in asked(state)[1])
    choose(state, "raj", "done", cards={20: "7"})
    # two Factions executed: the card is over and both are Ineligible for the next (2.3.6)
    assert state.current == "6" and not state.eligible["raj"]
    assert not state.eligible["congress"] and state.eligible["muslim_league"]


# --- helpers for the remaining Operations and Special Activities --------------------------

RES = {"raj": 10, "revolutionaries": 0}


def raj_on(spaces: dict[str, dict[str, Any]], **kw: Any) -> GandhiState:
    """Raj 1st Eligible on card 5, with the given pieces."""
    kw.setdefault("resources", dict(RES))
    state = position(spaces, step="card", current="5", upcoming="6", **kw)
    return apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                         CardTurnBegan(card="5", order=["raj", "congress", "muslim_league",
                                                        "revolutionaries"])])


SPECIAL_OFFERS = {"treaty", "govern", "martial law"}


def texts(state: GandhiState) -> list[str]:
    """The choices, less the Special Activities offered during the Operation (4.1)."""
    return [t for t in asked(state)[1] if t not in SPECIAL_OFFERS]


def limited(state: GandhiState) -> GandhiState:
    """Make Raj 2nd Eligible after a Congress Operation: only a Limited Operation."""
    state.turn.acted.append(("congress", Did.OP))
    state.version += 1
    return state


def pieces(state: GandhiState, sid: str) -> dict[str, int]:
    return dict(state.space(sid).pieces)


# --- 3.2.2 Garrison ----------------------------------------------------------------------


def test_3_2_2_example_of_garrison() -> None:
    state = raj_on({"west_bengal": {"pieces": {"troops": 2}},
                    "rajputana": {"pieces": {"sepoys": 3}},
                    "bihar": {"pieces": {"sepoys": 2}, "protest": True},
                    "rail_khandesh_ganges": {"pieces": {"congress_activists": 1}},
                    "delhi": {"pieces": {"troops": 1}},
                    "united_provinces": {"pieces": {"troops": 1}},
                    "rail_delhi_gujarat": {"pieces": {"guerrillas_underground": 2}}},
                   restraint=2)
    choose(state, "raj", "garrison")
    offered = texts(state)
    assert "move 2 troops from West Bengal" in offered and "move 3 sepoys from Rajputana" in offered
    assert not any("from Bihar" in t for t in offered)     # the Protest holds them (1.10)
    choose(state, "raj", "move 2 troops from West Bengal")
    choose(state, "raj", "to United Provinces")
    assert state.resources["raj"] == 10                     # Troops only: free
    choose(state, "raj", "move 2 sepoys from Rajputana")
    choose(state, "raj", "to Delhi")
    choose(state, "raj", "move 1 sepoy from Rajputana")
    choose(state, "raj", "to Railway Delhi–Ahmedabad")
    assert state.resources["raj"] == 8                      # Restraint once for Sepoys
    assert "move 2 sepoys from Delhi" not in texts(state)   # moved once (3.1.2)
    assert "move 1 troop from Delhi" in texts(state)
    choose(state, "raj", "done")
    assert pieces(state, "united_provinces") == {"troops": 3}
    assert pieces(state, "rail_delhi_gujarat") == {"guerrillas_underground": 1,
                                                   "guerrillas_active": 1, "sepoys": 1}


def test_3_2_2_garrison_stops_at_active_adversaries() -> None:
    from engine.games.gandhi.derived import board
    from engine.games.gandhi.ops.raj import garrison_reach, on_network
    state = raj_on({"coastal_andhra": {"pieces": {"troops": 1}}})
    b = board(state)
    rails = {n for n in b.adjacent("coastal_andhra") if on_network(state, n)}
    for r in rails:
        state.writable(r).add("congress_activists", 1)     # Active on Railways (1.4.3)
    assert set(garrison_reach(state, "coastal_andhra")) == rails


def test_2_3_5_limited_garrison_one_destination_several_origins() -> None:
    state = limited(raj_on({"delhi": {"pieces": {"troops": 2}},
                            "bombay": {"pieces": {"troops": 1}}}))
    choose(state, "raj", "limited garrison")
    choose(state, "raj", "move 1 troop from Delhi")
    choose(state, "raj", "to Calcutta")
    assert {"move 1 troop from Bombay", "move 1 troop from Delhi"} <= set(texts(state))
    choose(state, "raj", "move 1 troop from Bombay")
    assert texts(state) == ["to Calcutta"]


def test_2_5_1_reading_garrison_is_free() -> None:
    state = raj_on({"delhi": {"pieces": {"sepoys": 2}}}, viceroy="74")
    choose(state, "raj", "garrison")
    choose(state, "raj", "move 2 sepoys from Delhi")
    choose(state, "raj", "to Calcutta")
    assert state.resources["raj"] == 10


# --- 3.2.3 Sweep -------------------------------------------------------------------------


def sweep_example(pay: bool) -> GandhiState:
    state = raj_on({"madras_presidency": {"pieces": {"sepoys": 1, "guerrillas_underground": 2}},
                    "madras": {"pieces": {"troops": 1}}}, restraint=4, viceroy="77")
    choose(state, "raj", "sweep")
    choose(state, "raj", "into Madras Presidency")
    choose(state, "raj", "move 1 troop from Madras")
    if pay:
        choose(state, "raj", "use sepoys")
    return state


def test_3_2_3_example_of_sweeping_in_place() -> None:
    from engine.games.gandhi.derived import raj_control
    state = sweep_example(pay=True)
    assert state.resources["raj"] == 6
    assert pieces(state, "madras_presidency") == {"sepoys": 1, "troops": 1,
                                                  "guerrillas_active": 2}
    assert not raj_control(state, "madras_presidency")
    unpaid = sweep_example(pay=False)
    assert unpaid.resources["raj"] == 10
    assert unpaid.space("madras_presidency").count("guerrillas_active") == 1
    assert raj_control(unpaid, "madras_presidency")


def test_3_2_3_sweep_rules_protest_states_railways_and_irwin() -> None:
    state = raj_on({"bihar": {"pieces": {"troops": 2}, "protest": True},
                    "united_provinces": {"pieces": {"troops": 1, "sepoys": 1}},
                    "orissa": {"pieces": {}}}, viceroy="75")
    choose(state, "raj", "sweep")
    assert "into Orissa" in texts(state)
    choose(state, "raj", "into Orissa")
    offered = texts(state)
    assert not any("troops" in t for t in offered)           # Troops never enter States
    assert not any("from Bihar" in t for t in offered)       # no exit from Protest
    choose(state, "raj", "move 1 sepoy from United Provinces")  # over an open Railway
    assert state.resources["raj"] == 9                       # Irwin: 1 per space
    assert all(not t.startswith("into Rail") for t in texts(state))


def test_2_3_5_limited_sweep_one_destination() -> None:
    state = limited(raj_on({"delhi": {"pieces": {"troops": 2}},
                            "punjab": {"pieces": {"troops": 1}}}))
    choose(state, "raj", "limited sweep")
    choose(state, "raj", "into United Provinces")
    assert not any(t.startswith("into") for t in texts(state))
    choose(state, "raj", "move 2 troops from Delhi")
    choose(state, "raj", "move 1 troop from Punjab")
    assert pieces(state, "united_provinces") == {"troops": 3}


# --- 3.2.4 Assault -----------------------------------------------------------------------


def test_3_2_4_examples_of_arresting_nv_during_assault() -> None:
    state = raj_on({"bihar": {"pieces": {"troops": 1, "sepoys": 3, "gandhi": 1,
                                         "congress_activists": 2, "ml_activists": 1},
                              "protest": True}}, restraint=3, viceroy="73")
    choose(state, "raj", "assault")
    choose(state, "raj", "in Bihar")
    assert set(texts(state)) == {"with troops", "with sepoys", "with troops and sepoys"}
    choose(state, "raj", "with troops and sepoys")
    assert state.resources["raj"] == 9                      # Chelmsford: 1 per space
    choose(state, "raj", "arrest congress activist")
    assert "done" not in texts(state)                       # NV targeted: full extent
    choose(state, "raj", "arrest congress activist")
    choose(state, "raj", "arrest muslim league activist")
    assert texts(state) == ["arrest Gandhi"]                # forced (1.4.4)
    choose(state, "raj", "arrest Gandhi")
    assert state.jail == {"congress_activists": 2, "ml_activists": 1, "gandhi": 1}
    choose(state, "raj", "done")
    assert state.restraint == 2                             # at the end of the Raj turn
    seat, offered = asked(state)
    assert seat == "congress" and "protest Punjab" in offered and "protest Bihar" not in offered
    choose(state, "congress", "protest Punjab")
    choose(state, "congress", "protest Delhi")
    assert state.space("punjab").protest and state.space("delhi").protest
    assert asked(state)[0] == "congress" and state.step.name != "gandhi_protests"


def test_3_2_4_gandhi_only_by_choice_and_bases_last() -> None:
    state = raj_on({"bihar": {"pieces": {"troops": 2, "gandhi": 1, "congress_activists": 2,
                                         "ml_bases": 1, "guerrillas_active": 1,
                                         "rev_bases": 1},
                              "protest": True}})
    choose(state, "raj", "assault")
    choose(state, "raj", "in Bihar")
    choose(state, "raj", "with troops")
    assert set(texts(state)) >= {"arrest congress activist", "arrest Gandhi",
                                 "remove active guerrilla"}
    assert "remove muslim league base" not in texts(state)
    assert "remove revolutionary base" not in texts(state)
    choose(state, "raj", "arrest congress activist")
    choose(state, "raj", "arrest congress activist")       # 2 cubes < 2 Activists + Gandhi
    assert state.space("bihar").count("gandhi") == 1 and "arrest Gandhi" not in texts(state)
    choose(state, "raj", "done")
    assert state.restraint == 3                             # Gandhi was not arrested


def test_3_2_4_assault_sepoys_alone_remove_one_per_two() -> None:
    state = raj_on({"punjab": {"pieces": {"sepoys": 3, "guerrillas_active": 3}}})
    choose(state, "raj", "assault")
    choose(state, "raj", "in Punjab")
    choose(state, "raj", "with sepoys")
    assert state.resources["raj"] == 7
    choose(state, "raj", "remove active guerrilla")
    assert "remove active guerrilla" not in texts(state)
    assert state.space("punjab").count("guerrillas_active") == 2


def test_3_2_4_assault_with_active_targets_must_remove_and_gandhi_is_forced_1_4_4() -> None:
    """Issue 14: 3.2.4 "remove or arrest Active pieces per the number of Raj cubes
    involved"; choosing whom to target (3.1.4) is no licence to target nobody.  Here the 3
    cubes equal the 2 Active Activists plus Gandhi, so he is arrested too (1.4.4)."""
    state = raj_on({"bihar": {"pieces": {"troops": 1, "sepoys": 2, "gandhi": 1,
                                         "congress_activists": 2}, "protest": True},
                    "punjab": {"pieces": {"troops": 1, "guerrillas_active": 1}}})
    choose(state, "raj", "assault")
    choose(state, "raj", "in Bihar")
    choose(state, "raj", "with troops and sepoys")
    assert state.resources["raj"] == 10 - 3
    assert set(texts(state)) == {"arrest congress activist", "arrest Gandhi"}  # no done
    choose(state, "raj", "arrest congress activist")
    choose(state, "raj", "arrest congress activist")
    assert texts(state) == ["arrest Gandhi"]
    choose(state, "raj", "arrest Gandhi")
    assert state.jail == {"congress_activists": 2, "gandhi": 1}
    assert "done" in texts(state)


def test_3_1_4_assault_the_raj_picks_the_side_to_target_but_not_none() -> None:
    """3.1.4 "A single Operation may target one or more Factions and ignore others": with
    one cube the Raj removes the Guerrilla or arrests the Activist, its choice, but one of
    them; 1.4.4 had it begun with the NV side, Gandhi (forced: 1 cube >= 0 Active Activists
    + Gandhi) would go before the League's Base."""
    state = raj_on({"punjab": {"pieces": {"troops": 1, "ml_activists": 1,
                                          "guerrillas_active": 1}, "protest": True}})
    choose(state, "raj", "assault")
    choose(state, "raj", "in Punjab")
    choose(state, "raj", "with troops")
    assert set(texts(state)) == {"arrest muslim league activist", "remove active guerrilla"}
    choose(state, "raj", "remove active guerrilla")
    assert "done" in texts(state) and state.space("punjab").count("ml_activists") == 1

    state = raj_on({"sind": {"pieces": {"troops": 1, "gandhi": 1, "ml_bases": 1,
                                        "guerrillas_active": 1}}})
    choose(state, "raj", "assault")
    choose(state, "raj", "in Sind")
    choose(state, "raj", "with troops")
    assert set(texts(state)) == {"arrest Gandhi", "remove active guerrilla"}


def test_2_5_1_wavell_free_sweep_inside_assault() -> None:
    state = raj_on({"punjab": {"pieces": {"troops": 1, "guerrillas_underground": 2}},
                    "delhi": {"pieces": {"troops": 1, "sepoys": 1}}}, viceroy="78")
    choose(state, "raj", "assault")
    choose(state, "raj", "in Punjab")
    choose(state, "raj", "sweep")
    choose(state, "raj", "move 1 sepoy from Delhi")
    assert state.resources["raj"] == 10                     # free
    assert state.space("punjab").count("guerrillas_active") == 2
    choose(state, "raj", "with troops and sepoys")
    choose(state, "raj", "remove active guerrilla")
    choose(state, "raj", "remove active guerrilla")
    assert state.resources["raj"] == 10 - 3
    assert not any(t.startswith("sweep") for t in texts(state))


# --- 4.2 Special Activities --------------------------------------------------------------


def with_deploy(state: GandhiState, sa: str) -> GandhiState:
    choose(state, "raj", "deploy")
    choose(state, "raj", sa)
    return state


def test_4_2_1_example_of_treaty() -> None:
    state = raj_on({"orissa": {"pieces": {"sepoys": 2, "guerrillas_active": 1,
                                          "congress_activists": 1}, "protest": True},
                    "west_bengal": {"muslim_state": True},
                    "east_bengal": {"pieces": {"troops": 1, "sepoys": 1}},
                    "bihar": {"pieces": {"sepoys": 2}}})
    with_deploy(state, "treaty")
    choose(state, "raj", "in West Bengal")
    assert not any("troops" in t for t in texts(state))
    choose(state, "raj", "move 2 sepoys from Bihar")
    choose(state, "raj", "move 1 sepoy from East Bengal")
    choose(state, "raj", "in Orissa")
    choose(state, "raj", "remove active guerrilla")
    choose(state, "raj", "arrest congress activist")
    choose(state, "raj", "done")
    assert pieces(state, "west_bengal") == {"sepoys": 3}
    assert pieces(state, "orissa") == {"sepoys": 2}
    assert state.jail == {"congress_activists": 1}
    assert state.space("east_bengal").count("troops") == 1


def test_4_2_2_example_of_govern() -> None:
    state = raj_on({"bombay_presidency": {"pieces": {"troops": 1}},
                    "hyderabad": {"pieces": {"sepoys": 1, "guerrillas_active": 1}},
                    "rail_khandesh_south": {"pieces": {"sepoys": 1}, "strike": True}})
    with_deploy(state, "govern")
    offered = texts(state)
    assert {"in Bombay Presidency", "in Hyderabad", "in Railway Bhusawal–Raichur"} <= set(offered)
    choose(state, "raj", "in Bombay Presidency")
    choose(state, "raj", "buy imperialism")
    choose(state, "raj", "buy imperialism")
    assert state.space("bombay_presidency").support == 2 and state.resources["raj"] == 4
    assert "buy imperialism" not in texts(state)
    choose(state, "raj", "in Hyderabad")
    choose(state, "raj", "remove active guerrilla")
    assert not any(t.startswith("in ") for t in texts(state))   # only two spaces


def test_4_2_2_govern_strike_imperialism_order_and_mountbatten() -> None:
    state = raj_on({"rail_khandesh_south": {"pieces": {"sepoys": 1}, "strike": True},
                    "west_bengal": {"pieces": {"troops": 1}, "unrest": 1,
                                    "muslim_state": False}}, viceroy="79")
    with_deploy(state, "govern")
    choose(state, "raj", "in Railway Bhusawal–Raichur")
    choose(state, "raj", "remove strike")
    assert not state.space("rail_khandesh_south").strike
    choose(state, "raj", "in West Bengal")
    choose(state, "raj", "buy imperialism")
    assert state.space("west_bengal").unrest == 0 and state.space("west_bengal").support == 0
    choose(state, "raj", "buy imperialism")
    assert state.space("west_bengal").support == 1 and state.resources["raj"] == 6


def test_4_2_2_govern_arrests_gandhi_with_consequences() -> None:
    state = raj_on({"delhi": {"pieces": {"troops": 1, "gandhi": 1}}})
    with_deploy(state, "govern")
    choose(state, "raj", "in Delhi")
    choose(state, "raj", "arrest Gandhi")
    choose(state, "raj", "done")
    choose(state, "raj", "in Bombay")
    choose(state, "raj", "place 1 troop 0 sepoys")
    choose(state, "raj", "done")
    assert state.restraint == 2 and state.jail == {"gandhi": 1}
    assert asked(state)[0] == "congress" and "protest Bihar" in texts(state)


def test_4_2_3_example_of_martial_law() -> None:
    state = raj_on({"punjab": {"pieces": {"troops": 2, "sepoys": 2, "congress_activists": 3,
                                          "ml_activists": 2, "guerrillas_active": 1},
                               "support": -1}}, viceroy="75")
    with_deploy(state, "martial law")
    choose(state, "raj", "in Punjab")
    assert texts(state) == ["remove 2 congress 2 league", "remove 3 congress 1 league"]
    choose(state, "raj", "remove 3 congress 1 league")
    sp = state.space("punjab")
    assert sp.pieces == {"troops": 2, "sepoys": 2, "ml_activists": 1, "guerrillas_active": 1}
    assert (sp.support, sp.unrest) == (0, 1) and state.jail == {}
    assert texts(state) == ["done"]


def test_4_2_3_martial_law_two_spaces_in_crisis_and_linlithgow() -> None:
    spaces = {"punjab": {"pieces": {"troops": 1, "congress_activists": 1}, "protest": True},
              "bihar": {"pieces": {"sepoys": 1, "ml_activists": 2}, "support": 1}}
    state = raj_on(spaces, restraint=1, unity=1, viceroy="77")
    with_deploy(state, "martial law")
    choose(state, "raj", "in Punjab")
    choose(state, "raj", "remove 1 congress 0 league")
    assert not state.space("punjab").protest and state.space("punjab").unrest == 0
    choose(state, "raj", "in Bihar")
    choose(state, "raj", "remove 0 congress 1 league")
    assert state.space("bihar").support == 0
    calm = raj_on(spaces, viceroy="77")
    with_deploy(calm, "martial law")
    choose(calm, "raj", "in Punjab")
    choose(calm, "raj", "remove 1 congress 0 league")
    assert texts(calm) == ["done"]


def test_1_11_martial_law_places_no_unrest_when_all_twelve_are_out() -> None:
    state = raj_on({"punjab": {"pieces": {"troops": 1, "congress_activists": 1}},
                    "bihar": {"unrest": 12}}, viceroy="75")
    with_deploy(state, "martial law")
    choose(state, "raj", "in Punjab")
    choose(state, "raj", "remove 1 congress 0 league")
    assert state.space("punjab").unrest == 0 and state.space("bihar").unrest == 12


def test_3_2_2_garrison_from_a_city_straight_into_a_controlled_province() -> None:
    from engine.games.gandhi.ops.raj import garrison_reach
    state = raj_on({"delhi": {"pieces": {"troops": 2}},
                    "united_provinces": {"pieces": {"sepoys": 1}},
                    "punjab": {"pieces": {"sepoys": 1, "guerrillas_active": 1}}})
    reach = garrison_reach(state, "delhi")
    assert "united_provinces" in reach and "punjab" not in reach


def test_3_1_operations_offered_only_when_affordable() -> None:
    state = raj_on({"delhi": {"pieces": {"sepoys": 2, "guerrillas_active": 1}}},
                   resources={"raj": 2, "revolutionaries": 0}, restraint=3)
    offered = asked(state)[1]
    assert not {"garrison", "sweep", "assault"} & set(offered)   # Sepoys cost 3


def test_1_4_4_a_targeted_side_is_removed_first_to_the_full_extent() -> None:
    """Found by the tutorial playthrough: after Gandhi is arrested the NV side is
    targeted, so its Active Activist goes before any Guerrilla."""
    state = raj_on({"bombay_presidency": {"pieces": {"troops": 2, "gandhi": 1,
                                                     "congress_activists": 1,
                                                     "guerrillas_active": 1},
                                          "protest": True}})
    choose(state, "raj", "assault")
    choose(state, "raj", "in Bombay Presidency")
    choose(state, "raj", "with troops")
    choose(state, "raj", "arrest Gandhi")
    assert texts(state) == ["arrest congress activist"]
    choose(state, "raj", "arrest congress activist")
    assert state.space("bombay_presidency").count("guerrillas_active") == 1
