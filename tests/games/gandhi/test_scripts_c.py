"""Scripted Events, cards 49-72 (rules 5.0-5.1; engine/games/gandhi/scripts/cards_c.py):
one test per scripted card side, built from the card's own text."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.core.events import DieRolled
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.steps.event import SCRIPTED
from tests.games.gandhi.helpers import asked, choose, chosen, on_card, playing

engine.games.load()


def test_scripted_cards_c_registered() -> None:
    for card in ("56", "59", "62", "64", "66", "68", "70", "71"):
        assert card in SCRIPTED


# --- #56 Telangana Peasant Rebellion ---------------------------------------------------------


def test_5_card_56_unshaded_up_to_3_princely_states_lose_unrest_and_protest_shift_support() -> None:
    """In up to 3 Princely States, remove the Unrest and Protest markers and shift each
    space 1 level toward Active Support."""
    state = playing("56", "unshaded", {
        "hyderabad": {"unrest": 2, "protest": True, "support": -1},
        "mysore": {"support": 0},
        "bihar": {"unrest": 1}})
    seat, texts = asked(state)
    assert seat == "raj"
    assert "in Hyderabad" in texts and "in Bihar" not in texts and "done" in texts
    choose(state, "raj", "in Hyderabad")
    hy = state.space("hyderabad")
    assert (hy.unrest, hy.protest, hy.support) == (0, False, 0)
    choose(state, "raj", "in Mysore")
    assert state.space("mysore").support == 1
    _, texts = asked(state)
    assert "in Hyderabad" not in texts
    choose(state, "raj", "done")
    assert state.step.name == "card"
    assert state.space("bihar").unrest == 1


def test_5_card_56_shaded_any_3_princely_states_shift_toward_opposition() -> None:
    """Shift any 3 Princely States 1 level each toward Active Opposition."""
    state = playing("56", "shaded", {"mysore": {"support": -2}}, faction="congress")
    seat, texts = asked(state)
    assert seat == "congress" and "done" not in texts and "in Mysore" not in texts
    for name, sid in (("Hyderabad", "hyderabad"), ("Orissa", "orissa"),
                      ("Rajputana", "rajputana")):
        choose(state, "congress", f"in {name}")
        assert state.space(sid).support == -1
    assert state.step.name == "card"  # three shifted: the Event ends by itself
    assert state.space("gujarat").support == 0


# --- #59 Khadi Spinning Wheels ---------------------------------------------------------------


def khadi_rails() -> dict[str, dict[str, Any]]:
    return {"rail_delhi_ganges": {"strike": True},
            "rail_calcutta_ganges": {"pieces": {"congress_activists": 1}},
            "rail_karachi_indus": {"strike": True, "pieces": {"ml_activists": 2}},
            "rail_south_madras": {"pieces": {"guerrillas_underground": 1}}}


def test_5_card_59_unshaded_raj_plus_3_per_clean_railway_and_restraint_minus_1() -> None:
    """Raj Resources +3 for each Railway with neither Strike nor Activists. Shift
    Restraint -1."""
    state = playing("59", "unshaded", khadi_rails(), resources={"raj": 10, "revolutionaries": 0},
                    restraint=3)
    assert state.resources["raj"] == 10 + 3 * (11 - 3)  # 11 Railways, 3 with Strike/Activists
    assert state.restraint == 2
    assert state.step.name == "card"


def test_5_card_59_shaded_raj_minus_3_per_struck_or_activist_railway_restraint_plus_1() -> None:
    """Raj Resources -3 for each Railway with a Strike and/or Activists. Shift Restraint
    +1 (Resources never below 0, tracks never above 5)."""
    state = playing("59", "shaded", khadi_rails(), resources={"raj": 10, "revolutionaries": 0},
                    restraint=5, faction="revolutionaries")
    assert state.resources["raj"] == 1
    assert state.restraint == 5
    state = playing("59", "shaded", khadi_rails(), resources={"raj": 5, "revolutionaries": 0})
    assert state.resources["raj"] == 0 and state.restraint == 4


# --- #62 Great Bengal Famine -----------------------------------------------------------------


def test_5_card_62_unshaded_east_bengal_and_1_adjacent_space_to_passive_support() -> None:
    """Set East Bengal and 1 adjacent space to Passive Support."""
    state = playing("62", "unshaded", {"east_bengal": {"support": -2},
                                       "bihar": {"support": 2}})
    assert state.space("east_bengal").support == 1
    _, texts = asked(state)
    assert "in Bihar" in texts and "in Assam" in texts and "in Punjab" not in texts
    assert not any(t.startswith("in Rail") for t in texts) and "done" not in texts
    choose(state, "raj", "in Bihar")
    assert state.space("bihar").support == 1
    assert state.step.name == "card"


def test_5_1_2_card_62_spaces_already_at_the_level_only_when_no_other() -> None:
    """5.1.2 A space the text changes comes first: Bihar is already at Passive Support;
    Delhi (shaded) already at Passive Opposition."""
    adjacent_to_east_bengal = {"bihar", "west_bengal", "assam", "orissa", "calcutta"}
    state = playing("62", "unshaded", {"bihar": {"support": 1}})
    assert "in Bihar" not in asked(state)[1] and "in Assam" in asked(state)[1]
    state = playing("62", "unshaded", {s: {"support": 1} for s in adjacent_to_east_bengal})
    assert "in Bihar" in asked(state)[1]
    spaces: dict[str, dict[str, Any]] = {
        "delhi": {"pieces": {"sepoys": 2}, "support": -1},
        "bombay": {"pieces": {"sepoys": 2}}, "madras": {"pieces": {"sepoys": 2}}}
    state = playing("62", "shaded", spaces, faction="congress")
    choose(state, "congress", "shift")
    assert set(asked(state)[1]) == {"in Bombay", "in Madras"}
    choose(state, "congress", "in Bombay")
    assert asked(state)[1] == ["in Madras"]


def test_5_card_62_shaded_2_raj_controlled_spaces_to_passive_opposition_or_unrest() -> None:
    """In 2 spaces with Raj Control, set each space to Passive Opposition or add 1 Unrest
    marker to each."""
    spaces: dict[str, dict[str, Any]] = {"bihar": {"pieces": {"troops": 1}, "support": 2},
              "delhi": {"pieces": {"sepoys": 2}, "support": 0},
              "punjab": {"pieces": {"troops": 1, "guerrillas_active": 1}},
              "sind": {"pieces": {"troops": 1}}}
    state = playing("62", "shaded", spaces, faction="muslim_league")
    assert asked(state)[1] == ["shift", "marker"]
    choose(state, "muslim_league", "shift")
    _, texts = asked(state)
    assert set(texts) == {"in Bihar", "in Delhi", "in Sind"}  # Punjab: no Raj Control
    choose(state, "muslim_league", "in Bihar")
    choose(state, "muslim_league", "in Delhi")
    assert state.space("bihar").support == -1 and state.space("delhi").support == -1
    assert state.step.name == "card"
    state = playing("62", "shaded", spaces, faction="muslim_league")
    choose(state, "muslim_league", "marker")
    choose(state, "muslim_league", "in Sind")
    choose(state, "muslim_league", "in Bihar")
    assert state.space("sind").unrest == 1 and state.space("bihar").unrest == 1
    assert state.space("bihar").support == 2 and state.step.name == "card"


# --- #68 Red Fort Trials ---------------------------------------------------------------------


def test_5_card_68_unshaded_remove_up_to_a_die_roll_of_guerrillas_then_restraint_minus_2() -> None:
    """Remove up to a die roll of Guerrillas from any spaces, then shift Restraint -2."""
    state = playing("68", "unshaded", {
        "bihar": {"pieces": {"guerrillas_active": 2, "guerrillas_underground": 1}},
        "sind": {"pieces": {"guerrillas_underground": 1}}}, rolls=(2,),
        restraint=4)
    assert any(isinstance(e, DieRolled) and e.value == 2
               for e in chosen(state))
    _, texts = asked(state)
    assert {"remove active guerrilla in Bihar", "remove underground guerrilla in Bihar",
            "remove underground guerrilla in Sind", "done"} == set(texts)
    choose(state, "raj", "remove active Bihar")
    choose(state, "raj", "remove underground Sind")
    assert state.space("bihar").pieces == {"guerrillas_active": 1, "guerrillas_underground": 1}
    assert state.space("sind").count("guerrillas_underground") == 0
    assert state.restraint == 2 and state.step.name == "card"
    state = playing("68", "unshaded", {"sind": {"pieces": {"guerrillas_active": 1}}},
                    rolls=(6,), restraint=2)
    choose(state, "raj", "done")  # "up to": none need be removed
    assert state.space("sind").count("guerrillas_active") == 1 and state.restraint == 1


def test_5_card_68_shaded_restraint_plus_2_then_raj_pays_twice_restraint() -> None:
    """Shift Restraint +2, then subtract twice the Restraint value from Raj Resources."""
    state = playing("68", "shaded", resources={"raj": 20, "revolutionaries": 0}, restraint=2,
                    faction="revolutionaries")
    assert state.restraint == 4 and state.resources["raj"] == 12
    state = playing("68", "shaded", resources={"raj": 20, "revolutionaries": 0}, restraint=4)
    assert state.restraint == 5 and state.resources["raj"] == 10  # 5.1.4 capped at 5
    assert state.step.name == "card"


# --- #64 Communal Award Entrenches Caste -----------------------------------------------------


def test_5_card_64_unshaded_replace_up_to_3_congress_activists_then_unity_minus_1() -> None:
    """Replace up to 3 Congress Activists with Sepoys, Muslim League Activists, or
    Guerrillas. Shift Unity -1 (5.1.1: with none Available, remove rather than replace)."""
    state = playing("64", "unshaded", {"bihar": {"pieces": {"congress_activists": 2}},
                                       "mysore": {"pieces": {"congress_activists": 1}}},
                    unity=4, faction="muslim_league")
    _, texts = asked(state)
    assert len(texts) == 2 * 3 + 1  # 2 spaces x (Sepoy, League Activist, Guerrilla), done
    assert {"sepoy for congress activist in Bihar",
            "muslim league activist for congress activist in Bihar",
            "guerrilla for congress activist in Mysore", "done"} <= set(texts)
    choose(state, "muslim_league", "sepoy for congress activist in Bihar")
    choose(state, "muslim_league", "guerrilla for congress Bihar")
    assert state.space("bihar").pieces == {"sepoys": 1, "guerrillas_underground": 1}
    assert state.unity == 4
    choose(state, "muslim_league", "league for congress in Mysore")
    assert state.space("mysore").pieces == {"ml_activists": 1}
    assert state.unity == 3 and state.step.name == "card"
    state = playing("64", "unshaded", {"bihar": {"pieces": {"congress_activists": 1}}},
                    out_of_play={"sepoys": 45, "ml_activists": 16, "guerrillas": 16})
    assert asked(state)[1] == ["remove congress activist in Bihar", "done"]
    choose(state, "raj", "remove congress activist in Bihar")
    assert state.space("bihar").pieces == {} and state.step.name == "card"


def test_5_card_64_shaded_up_to_3_protest_spaces_toward_opposition_then_protests_removed() -> None:
    """Shift up to 3 spaces with Protest markers 1 level each toward Active Opposition,
    then remove the Protest markers."""
    state = playing("64", "shaded", {"bihar": {"protest": True, "support": 1},
                                     "delhi": {"protest": True, "support": -2},
                                     "sind": {"protest": True}}, faction="congress")
    _, texts = asked(state)
    assert set(texts) == {"in Bihar", "in Sind", "done"}   # 5.1.2 Delhi cannot shift
    choose(state, "congress", "in Bihar")
    assert state.space("bihar").support == 0 and state.space("bihar").protest
    choose(state, "congress", "done")
    assert not state.space("bihar").protest
    assert state.space("delhi").protest and state.space("delhi").support == -2
    assert state.space("sind").protest and state.space("sind").support == 0
    assert state.step.name == "card"


def test_5_1_2_card_64_shaded_a_protest_on_a_railway_comes_off_without_a_shift() -> None:
    """1.10 Railways may hold Protest markers; 1.3.6 they have no Support level: once no
    space that can shift is left, the Railway's Protest is removed and nothing shifts."""
    state = playing("64", "shaded", {"bihar": {"protest": True},
                                     "rail_delhi_ganges": {"protest": True}},
                    faction="congress")
    assert set(asked(state)[1]) == {"in Bihar", "done"}
    choose(state, "congress", "in Bihar")
    assert set(asked(state)[1]) == {"in Railway Delhi–Allahabad", "done"}
    choose(state, "congress", "in Rail Delhi-Ganges")    # no Protest space left: it ends
    assert state.step.name == "card"
    rail = state.space("rail_delhi_ganges")
    assert not rail.protest and rail.support == 0
    assert state.space("bihar").support == -1


# --- #66 Gandhi's Fast unto Death ------------------------------------------------------------


def test_5_card_66_unshaded_unrest_in_up_to_2_spaces_with_both_activists_unity_minus_1() -> None:
    """Add 1 Unrest marker in up to 2 spaces with both Congress and Muslim League
    Activists. Shift Unity -1."""
    both = {"congress_activists": 1, "ml_activists": 1}
    state = playing("66", "unshaded", {"bihar": {"pieces": both, "unrest": 1},
                                       "sind": {"pieces": {"ml_activists": 2}},
                                       "rail_indus_delhi": {"pieces": both},
                                       "delhi": {"pieces": both}}, unity=3)
    _, texts = asked(state)
    assert set(texts) == {"in Bihar", "in Railway Samasata–Delhi", "in Delhi", "done"}
    choose(state, "raj", "in Bihar")
    assert state.space("bihar").unrest == 2 and state.unity == 3
    choose(state, "raj", "in Railway Samasata–Delhi")  # 5.1.4 on a Railway: a Strike
    assert state.space("rail_indus_delhi").strike
    assert state.unity == 2 and state.step.name == "card"
    assert state.space("delhi").unrest == 0
    state = playing("66", "unshaded", {"delhi": {"pieces": both}}, unity=1)
    choose(state, "raj", "done")  # "up to": none need be chosen; Unity stays at 1 (5.1.4)
    assert state.space("delhi").unrest == 0 and state.unity == 1


def test_5_card_66_shaded_replace_up_to_3_guerrillas_with_activists_restraint_plus_1() -> None:
    """Replace up to 3 Guerrillas with Activists. Shift Restraint +1 (5.1.1: with no
    Activist Available the Guerrilla is removed rather than replaced)."""
    state = playing("66", "shaded", {
        "bihar": {"pieces": {"guerrillas_active": 1, "guerrillas_underground": 2}},
        "sind": {"pieces": {"guerrillas_underground": 1}}}, restraint=2,
        faction="congress")
    _, texts = asked(state)
    assert {"congress activist for active guerrilla in Bihar",
            "muslim league activist for underground guerrilla in Sind", "done"} <= set(texts)
    choose(state, "congress", "congress for active in Bihar")
    choose(state, "congress", "league for underground in Bihar")
    assert state.space("bihar").pieces == {"guerrillas_underground": 1,
                                           "congress_activists": 1, "ml_activists": 1}
    assert state.restraint == 2
    choose(state, "congress", "congress for underground in Sind")
    assert state.space("sind").pieces == {"congress_activists": 1}
    assert state.restraint == 3 and state.step.name == "card"
    state = playing("66", "shaded", {"sind": {"pieces": {"guerrillas_active": 1}}},
                    out_of_play={"congress_activists": 16, "ml_activists": 16})
    assert asked(state)[1] == ["remove active guerrilla in Sind", "done"]
    choose(state, "raj", "remove active in Sind")
    assert state.space("sind").pieces == {} and state.step.name == "card"


# --- #70 Forward Bloc ------------------------------------------------------------------------


def test_5_card_70_unshaded_2_cubes_activists_or_guerrillas_out_of_play_revs_minus_3() -> None:
    """Move 2 cubes, Activists and/or Guerrillas to Out of Play. Revolutionaries
    Resources -3."""
    state = playing("70", "unshaded", {
        "bihar": {"pieces": {"sepoys": 1, "gandhi": 1, "rev_bases": 1}},
        "sind": {"pieces": {"guerrillas_active": 1, "ml_activists": 1}}},
        resources={"raj": 10, "revolutionaries": 5})
    _, texts = asked(state)
    assert set(texts) == {"out sepoy in Bihar", "out active guerrilla in Sind",
                          "out muslim league activist in Sind"}
    choose(state, "raj", "out sepoy Bihar")
    assert state.out_of_play.get("sepoys") == 1 and state.resources["revolutionaries"] == 5
    choose(state, "raj", "out active Sind")
    assert state.out_of_play.get("guerrillas") == 1
    assert state.space("sind").pieces == {"ml_activists": 1}
    assert state.resources["revolutionaries"] == 2 and state.step.name == "card"
    state = playing("70", "unshaded", resources={"raj": 10, "revolutionaries": 2})
    assert state.resources["revolutionaries"] == 0 and state.step.name == "card"


def test_5_card_70_shaded_up_to_3_spaces_add_1_guerrilla_or_activist_from_out_of_play() -> None:
    """In up to 3 spaces, add 1 Guerrilla or Activist from Out of Play."""
    state = playing("70", "shaded", out_of_play={"guerrillas": 1, "ml_activists": 3},
                    faction="revolutionaries")
    _, texts = asked(state)
    assert "add guerrilla in Bihar from out of play" in texts
    assert "add muslim league activist in Bihar from out of play" in texts
    assert "add congress activist in Bihar from out of play" not in texts and "done" in texts
    choose(state, "revolutionaries", "add guerrilla Bihar from out of play")
    assert state.space("bihar").pieces == {"guerrillas_underground": 1}  # 1.4.3
    assert state.out_of_play.get("guerrillas", 0) == 0
    _, texts = asked(state)
    assert "add muslim league activist in Bihar from out of play" not in texts
    assert "add guerrilla in Sind from out of play" not in texts
    choose(state, "revolutionaries", "add league Sind from out of play")
    choose(state, "revolutionaries", "done")
    assert state.space("sind").pieces == {"ml_activists": 1}
    assert state.out_of_play.get("ml_activists") == 2 and state.step.name == "card"


# --- #71 Nankana Massacre Stuns India --------------------------------------------------------


def test_5_card_71_unshaded_unrest_in_punjab_and_1_adjacent_space_without_troops() -> None:
    """Add 1 Unrest marker to Punjab and 1 adjacent space without Troops."""
    state = playing("71", "unshaded", {"punjab": {"unrest": 1},
                                       "sind": {"pieces": {"troops": 1}},
                                       "rail_indus_delhi": {"strike": True}},
                    faction="revolutionaries")
    assert state.space("punjab").unrest == 2
    _, texts = asked(state)
    assert "in Sind" not in texts and "in Railway Samasata–Delhi" not in texts  # Troops; Strike
    assert "in Delhi" in texts and "in Railway Karachi–Samasata" in texts
    assert "done" not in texts
    choose(state, "revolutionaries", "in Rail Karachi-Indus")
    assert state.space("rail_karachi_indus").strike  # 5.1.4 Unrest on a Railway: Strike
    assert state.space("rail_karachi_indus").unrest == 0
    assert state.step.name == "card"


def test_5_card_71_shaded_gandhi_to_punjab_from_jail_punjab_2_toward_opposition() -> None:
    """Move Gandhi to Punjab (releasing him from Jail if necessary) and shift Punjab 2
    levels toward Active Opposition."""
    state = playing("71", "shaded", {"punjab": {"support": 1}}, jail={"gandhi": 1},
                    faction="congress")
    assert state.jail.get("gandhi", 0) == 0 and state.space("punjab").count("gandhi") == 1
    assert state.space("punjab").support == -1 and state.step.name == "card"
    state = playing("71", "shaded", {"punjab": {"support": -1}, "delhi": {
        "pieces": {"gandhi": 1}}}, faction="congress")
    assert state.space("delhi").count("gandhi") == 0
    assert state.space("punjab").count("gandhi") == 1 and state.space("punjab").support == -2


def test_5_scripted_cards_c_end_with_the_executing_faction_acted() -> None:
    state = on_card("59")
    events = choose(state, "raj", "event unshaded")
    assert FactionActed(faction="raj", did="event") in events


def test_5_1_2_card_71_unshaded_with_no_marker_left_for_an_adjacent_space_ends_at_once() -> None:
    """5.1.2 Implement what can be: Punjab takes the last of the 12 Unrest markers."""
    state = playing("71", "unshaded", {"bihar": {"unrest": 11}})
    assert state.space("punjab").unrest == 1 and state.step.name == "card"
