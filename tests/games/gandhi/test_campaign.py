"""Campaign Round details (6.0), Crisis (6.8) and victory (7.0, 1.5)."""

from __future__ import annotations

from engine.games.gandhi.derived import raj_control
from engine.games.gandhi.steps.cards import CrisisData
from tests.games.gandhi.helpers import asked, choose, position, settle


def test_6_1_a_faction_over_its_threshold_ends_the_game() -> None:
    # Congress: Total Opposition > 20 (7.2)
    spaces = {s: {"support": -2} for s in ("punjab", "bihar", "united_provinces",
                                           "bombay_presidency", "madras_presidency",
                                           "west_bengal")}
    state = settle(position(spaces, step="campaign"))
    assert state.result is not None and state.result["reason"] == "victory_check"
    assert state.result["ranking"][0] == "congress" and state.result["margins"]["congress"] == 4


def test_1_5_a_player_with_two_factions_needs_both_and_uses_the_lower_margin() -> None:
    spaces = {s: {"support": -2} for s in ("punjab", "bihar", "united_provinces",
                                           "bombay_presidency", "madras_presidency",
                                           "west_bengal")}
    pairs = {"players": [["congress", "muslim_league"], ["raj", "revolutionaries"]]}
    state = settle(position(spaces, step="campaign", options=pairs))
    assert state.result is None          # Congress meets its condition, the League does not
    assert state.campaign == 1


def test_7_1_a_non_player_victory_means_all_players_lose() -> None:
    spaces = {s: {"support": -2} for s in ("punjab", "bihar", "united_provinces",
                                           "bombay_presidency", "madras_presidency",
                                           "west_bengal")}
    solo = {"players": [["raj"]]}           # the other three are Non-players (8.0)
    state = settle(position(spaces, step="campaign", options=solo))
    assert state.result is not None and state.result["reason"] == "non_player_victory"


def test_7_1_ties_go_to_the_muslim_league_then_congress_then_revolutionaries() -> None:
    state = settle(position({}, step="game_end", campaigns_in_deck=0))
    # empty map: margins Raj -38, Congress -20, ML -14, Rev -14
    assert state.result is not None
    assert state.result["ranking"] == ["muslim_league", "revolutionaries", "congress", "raj"]
    assert state.result["reason"] == "final_campaign"


def test_7_3_final_ranking_by_player_margin_with_pairs() -> None:
    pairs = {"players": [["congress", "muslim_league"], ["raj", "revolutionaries"]]}
    state = settle(position({}, step="game_end", campaigns_in_deck=0, options=pairs))
    assert state.result is not None
    assert state.result["players"] == [
        {"factions": ["congress", "muslim_league"], "margin": -20},
        {"factions": ["raj", "revolutionaries"], "margin": -38}]


def test_6_2_1_congress_chooses_strikes_when_markers_run_short() -> None:
    rails = ["rail_delhi_ganges", "rail_calcutta_ganges", "rail_karachi_indus"]
    spaces = {r: {"pieces": {"congress_activists": 1}} for r in rails}
    spaces["punjab"] = {"unrest": 10}   # 10 of the 12 markers used: 2 left for 3 Railways
    for city in ("delhi", "bombay", "calcutta", "karachi", "madras"):
        spaces[city] = {"pieces": {"troops": 1}}   # Controlled Cities strike nothing
    state = settle(position(spaces, step="strikes"))
    seat, texts = asked(state)
    assert seat == "congress" and len(texts) == 3
    choose(state, "congress", "strike Railway Delhi–Allahabad")
    choose(state, "congress", "strike Railway Karachi–Samasata")
    assert [r for r in rails if state.space(r).strike] == ["rail_delhi_ganges",
                                                          "rail_karachi_indus"]
    assert state.step.name not in ("strikes", "earnings")


def test_1_10_a_protest_on_a_railway_becomes_a_strike() -> None:
    state = settle(position({"rail_delhi_ganges": {"protest": True}}, step="strikes"))
    rail = state.space("rail_delhi_ganges")
    assert rail.strike and not rail.protest


def test_6_2_2_raj_earnings_less_strikes_and_jail() -> None:
    state = settle(position({"rail_delhi_ganges": {"strike": True}}, step="earnings",
                            resources={"raj": 5, "revolutionaries": 0},
                            jail={"congress_activists": 1, "gandhi": 1}))
    econ = 40 - __import__("engine.games.gandhi.derived", fromlist=["board"]).board(
        state).space("rail_delhi_ganges").econ
    assert state.resources["raj"] == 5 + econ - 4


def test_6_3_1_mountbatten_imperialism_costs_2() -> None:
    state = settle(position({"bihar": {"pieces": {"troops": 1, "sepoys": 1}, "unrest": 1}},
                            step="imperialism", seat="raj", viceroy="79",
                            resources={"raj": 6, "revolutionaries": 0}))
    assert "imperialism Bihar 3" in asked(state)[1]
    choose(state, "raj", "imperialism Bihar 3")   # Unrest off, then Neutral -> Active
    bihar = state.space("bihar")
    assert (bihar.unrest, bihar.support, state.resources["raj"]) == (0, 2, 0)


def test_6_3_1_imperialism_needs_control_troops_and_sepoys() -> None:
    state = settle(position({"bihar": {"pieces": {"sepoys": 2}},
                             "orissa": {"pieces": {"troops": 1, "sepoys": 1}}},
                            step="imperialism", seat="raj",
                            resources={"raj": 30, "revolutionaries": 0}))
    assert state.step.name != "imperialism"      # nothing qualifies: not asked at all


def test_6_4_2_troops_left_in_provinces_cost_2_and_cities_keep_one() -> None:
    spaces = {"bihar": {"pieces": {"troops": 2}}, "delhi": {"pieces": {"troops": 3}},
              "assam": {"pieces": {"sepoys": 1, "gandhi": 1}}}
    state = settle(position(spaces, step="redeploy", seat="raj",
                            resources={"raj": 10, "revolutionaries": 0}))
    choose(state, "raj", "done")
    assert state.resources["raj"] == 6                # 2 Troops in Bihar
    assert state.space("delhi").count("troops") == 1  # all but one Troop per City leave
    assert state.space("assam").count("sepoys") == 0  # no Raj Control: cubes removed
    assert state.space("bihar").count("troops") == 2


def test_6_4_2_troops_never_enter_states() -> None:
    state = settle(position({"delhi": {"pieces": {"troops": 1, "sepoys": 1}}},
                            step="redeploy", seat="raj"))
    choose(state, "raj", "move sepoy from Delhi")
    assert "to Orissa" in asked(state)[1]
    choose(state, "raj", "cancel")
    choose(state, "raj", "move troop from Delhi")
    texts = asked(state)[1]
    assert "to Orissa" not in texts and "to Bihar" not in texts  # a State; no Raj Control
    assert "to Punjab" not in texts and "to Calcutta" in texts


def test_6_5_reset_unrest_stays_with_guerrillas() -> None:
    spaces = {"punjab": {"unrest": 2, "pieces": {"guerrillas_active": 1}},
              "bihar": {"unrest": 2}, "sind": {"protest": True,
                                               "pieces": {"ml_activists": 1}}}
    state = settle(position(spaces, step="reset", campaigns_in_deck=2), cards={20: "9"})
    assert (state.space("punjab").unrest, state.space("bihar").unrest) == (2, 1)
    assert state.space("punjab").count("guerrillas_underground") == 1
    assert not state.space("sind").protest
    assert (state.restraint, state.unity) == (2, 2)


def test_6_8_crisis_before_the_final_campaign() -> None:
    """Reset leading into the final Campaign triggers a Crisis: Raj brings a die roll of
    cubes from Out of Play before anyone acts; no Troops into States."""
    state = settle(position({}, step="reset", campaigns_in_deck=1,
                            out_of_play={"troops": 4, "sepoys": 4}),
                   rolls=(2,), cards={20: "9"})
    seat, texts = asked(state)
    assert seat == "raj" and state.step.name == "crisis_placement"
    assert state.step.of(CrisisData).cubes == 2
    assert "place troop in Orissa" not in texts and "place sepoy in Orissa" in texts
    choose(state, "raj", "place troop Punjab")
    choose(state, "raj", "place sepoy Punjab")
    assert raj_control(state, "punjab") and state.out_of_play == {"troops": 3, "sepoys": 3}
    assert state.step.name == "card" and not state.crisis_placement_due


def test_6_8_crisis_before_the_final_campaign_even_with_both_tracks_already_at_1() -> None:
    """6.8 "Crisis is automatically triggered during the Reset Phase of the Campaign Round
    leading into the final Campaign": a trigger of its own, not a track reaching 1 (here
    Restraint and Unity are 1 already, so the Reset changes neither)."""
    state = settle(position({}, step="reset", campaigns_in_deck=1, restraint=1, unity=1,
                            out_of_play={"sepoys": 4}),
                   rolls=(3,), cards={20: "9"})
    assert (state.restraint, state.unity) == (1, 1)
    assert asked(state)[0] == "raj" and state.step.name == "crisis_placement"
    assert state.step.of(CrisisData).cubes == 3
