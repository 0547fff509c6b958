"""Scripted Events, cards 25-48 (rules 5.0-5.1; engine/games/gandhi/scripts/cards_b.py):
each scripted card side carried out from its own text."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.games.gandhi.deck import event_card
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.scripts.cards_b import SIDES
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED
from engine.i18n import has_key
from tests.games.gandhi.helpers import apply, asked, choose, position

engine.games.load()

ORDER = ["raj", "congress", "muslim_league", "revolutionaries"]


def on_card(card: str, side: str, spaces: dict[str, dict[str, Any]] | None = None,
            faction: str = "raj", **kw: Any) -> GandhiState:
    """``faction`` 1st Eligible on ``card`` chooses the ``side`` text."""
    order = [faction, *[f for f in ORDER if f != faction]]
    state = position(spaces or {}, step="card", current=card, upcoming="6", **kw)
    apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                  CardTurnBegan(card=card, order=order)])
    choose(state, faction, f"event {side}")
    return state


def ended(state: GandhiState, faction: str) -> None:
    """The Event is over: the card goes on to the next Eligible Faction (2.3.6)."""
    assert state.step.name == "card"
    assert any(f == faction for f, _ in state.turn.acted)


def test_5_registered_cards_script_both_sides_with_prompts_in_three_languages() -> None:
    for card, side in SIDES:
        assert SCRIPTED[card] is not None and (card, "unshaded") in SIDES
        assert (card, "shaded") in SIDES and event_card(card, None).effect != "manual"
        for lang in ("en", "es", "it"):
            assert has_key(f"gandhi.scripts_b.c{card}_{side}", lang)


# --- #25 ------------------------------------------------------------------------------------


def test_5_card_25_unshaded_restraint_minus_2_and_up_to_2_protest_or_unrest_removed() -> None:
    state = on_card("25", "unshaded", {"bihar": {"protest": True, "unrest": 2},
                                       "punjab": {"protest": True}}, restraint=4)
    assert state.restraint == 2
    seat, texts = asked(state)
    assert seat == "raj" and "remove unrest in Bihar" in texts and "done" in texts
    choose(state, "raj", "remove unrest Bihar")
    choose(state, "raj", "remove protest Punjab")
    ended(state, "raj")
    assert state.space("bihar").unrest == 1 and state.space("bihar").protest
    assert not state.space("punjab").protest


def test_5_card_25_shaded_restraint_plus_2_and_protest_in_2_spaces_with_friendly_pieces(
        ) -> None:
    state = on_card("25", "shaded", {"bihar": {"pieces": {"congress_activists": 1}},
                                     "punjab": {"pieces": {"congress_activists": 1},
                                                "protest": True},
                                     "sind": {"pieces": {"ml_activists": 1}},
                                     "delhi": {"pieces": {"gandhi": 1}}},
                    faction="congress", restraint=4)
    assert state.restraint == 5  # 5.1.4 the +2 beyond 5 is ignored
    _, texts = asked(state)
    assert texts == ["place protest in Delhi", "place protest in Bihar"]  # one per space
    choose(state, "congress", "place protest Bihar")
    choose(state, "congress", "place protest Delhi")
    ended(state, "congress")
    assert state.space("bihar").protest and state.space("delhi").protest


# --- #27 ------------------------------------------------------------------------------------


def test_5_card_27_unshaded_restraint_set_to_2_and_2_raj_controlled_spaces_to_passive_support(
        ) -> None:
    state = on_card("27", "unshaded", {"bihar": {"pieces": {"troops": 1}, "support": -2},
                                       "punjab": {"pieces": {"sepoys": 1}, "support": 2},
                                       "sind": {"pieces": {"ml_bases": 1}}},
                    restraint=5)
    assert state.restraint == 2
    _, texts = asked(state)
    assert texts == ["shift Punjab", "shift Bihar"] and "done" not in texts
    choose(state, "raj", "shift Bihar")
    choose(state, "raj", "shift Punjab")
    ended(state, "raj")
    assert state.space("bihar").support == 1 and state.space("punjab").support == 1


def test_5_1_2_card_27_unshaded_a_space_already_at_passive_support_last() -> None:
    state = on_card("27", "unshaded", {"bihar": {"pieces": {"troops": 1}, "support": 1},
                                       "punjab": {"pieces": {"sepoys": 1}}})
    assert asked(state)[1] == ["shift Punjab"]
    choose(state, "raj", "shift Punjab")
    assert asked(state)[1] == ["shift Bihar"]     # no other space with Raj Control


def test_5_card_27_shaded_restraint_set_to_4_and_protests_in_2_raj_controlled_spaces() -> None:
    state = on_card("27", "shaded", {"bihar": {"pieces": {"troops": 1}},
                                     "punjab": {"pieces": {"sepoys": 1}},
                                     "delhi": {"pieces": {"troops": 1}, "protest": True}},
                    faction="congress", restraint=1)
    assert state.restraint == 4
    _, texts = asked(state)
    assert texts == ["place protest in Punjab", "place protest in Bihar"]
    choose(state, "congress", "place protest Punjab")
    choose(state, "congress", "place protest Bihar")
    ended(state, "congress")
    assert state.space("bihar").protest and state.space("punjab").protest


# --- #40 ------------------------------------------------------------------------------------


def test_5_card_40_unshaded_restraint_minus_2_and_all_activists_arrested_in_protest_spaces(
        ) -> None:
    state = on_card("40", "unshaded", {
        "bihar": {"pieces": {"congress_activists": 2, "ml_activists": 1, "gandhi": 1},
                  "protest": True},
        "punjab": {"pieces": {"ml_activists": 3}},   # no Protest: not eligible
        "sind": {"pieces": {"ml_activists": 1}, "protest": True}}, restraint=2)
    assert state.restraint == 1  # 5.1.4 never below 1
    _, texts = asked(state)
    assert texts == ["in Sind", "in Bihar", "done"]
    choose(state, "raj", "in Bihar")
    choose(state, "raj", "done")
    ended(state, "raj")
    bihar = state.space("bihar")
    assert bihar.count("congress_activists") == 0 and bihar.count("ml_activists") == 0
    assert bihar.count("gandhi") == 1  # Gandhi is not an Activist
    assert state.jail == {"congress_activists": 2, "ml_activists": 1}  # 5.1.3 arrested
    assert state.space("sind").count("ml_activists") == 1


def test_5_card_40_shaded_restraint_plus_2_and_2_spaces_toward_active_opposition() -> None:
    state = on_card("40", "shaded", {"bihar": {"support": 1}, "punjab": {"support": -2}},
                    faction="congress", restraint=2)
    assert state.restraint == 4
    _, texts = asked(state)
    assert "shift Punjab" not in texts and "shift Bihar" in texts  # Punjab at the end
    assert not any("Rail" in t for t in texts) and "done" not in texts
    choose(state, "congress", "shift Bihar")
    choose(state, "congress", "shift Delhi")
    ended(state, "congress")
    assert state.space("bihar").support == 0 and state.space("delhi").support == -1


# --- #44 ------------------------------------------------------------------------------------


def test_5_card_44_unshaded_remove_up_to_2_guerrillas_then_shift_those_spaces_8_8_5_example(
        ) -> None:
    """EN 8.8.5: Raj removes Guerrillas from up to 2 spaces and shifts each of those spaces
    1 level toward Active Support (both are effective for Raj)."""
    state = on_card("44", "unshaded", {
        "bihar": {"pieces": {"guerrillas_active": 1, "guerrillas_underground": 1},
                  "support": -1},
        "punjab": {"pieces": {"guerrillas_underground": 2}},
        "sind": {"pieces": {"guerrillas_active": 1}}})
    choose(state, "raj", "remove 1 active guerrillas Bihar")
    choose(state, "raj", "remove 1 underground guerrillas Punjab")
    ended(state, "raj")
    assert state.space("bihar").count("guerrillas_active") == 0
    assert state.space("punjab").count("guerrillas_underground") == 1
    assert state.space("bihar").support == 0 and state.space("punjab").support == 1
    assert state.space("sind").support == 0


def test_5_card_44_unshaded_two_from_one_space_shift_it_once_and_no_third_space() -> None:
    state = on_card("44", "unshaded", {
        "bihar": {"pieces": {"guerrillas_underground": 2}},
        "punjab": {"pieces": {"guerrillas_underground": 1}}})
    choose(state, "raj", "remove 1 underground guerrillas Bihar")
    choose(state, "raj", "remove 1 underground guerrillas Bihar")
    ended(state, "raj")
    assert state.space("bihar").support == 1 and state.space("punjab").support == 0


def test_5_card_44_shaded_up_to_4_guerrillas_to_2_spaces_then_toward_active_opposition(
        ) -> None:
    state = on_card("44", "shaded", {"bihar": {"support": 1}},
                    faction="revolutionaries", out_of_play={"guerrillas": 13})
    choose(state, "revolutionaries", "in Bihar")
    # 5.1.2 a Railway has no Support level to shift: not while another space can shift
    assert "in Railway Delhi–Allahabad" not in asked(state)[1]
    assert "in Punjab" in asked(state)[1]
    choose(state, "revolutionaries", "in Punjab")
    _, texts = asked(state)  # 5.1.1 only the 3 Available Guerrillas
    assert "place 3 guerrillas in Bihar" in texts and "place 4 guerrillas in Bihar" not in texts
    choose(state, "revolutionaries", "place 2 guerrillas in Bihar")
    choose(state, "revolutionaries", "place 1 guerrillas in Punjab")
    assert "place 1 guerrilla in Bihar" not in asked(state)[1]  # none Available now
    choose(state, "revolutionaries", "done")
    ended(state, "revolutionaries")
    assert state.space("bihar").count("guerrillas_underground") == 2  # 1.4.3 Underground
    assert state.space("punjab").count("guerrillas_underground") == 1
    assert state.space("bihar").support == 0 and state.space("punjab").support == -1


def test_5_1_2_card_44_unshaded_a_space_that_can_shift_toward_support_first() -> None:
    """EN 8.8.5 picks this text's spaces by the shift: Sind (Active Support) and the
    Railway only once no space with Guerrillas can shift."""
    state = on_card("44", "unshaded", {
        "sind": {"pieces": {"guerrillas_active": 1}, "support": 2},
        "rail_delhi_ganges": {"pieces": {"guerrillas_active": 1}},
        "bihar": {"pieces": {"guerrillas_active": 1}}})
    assert asked(state)[1] == ["remove 1 active guerrilla in Bihar", "done"]
    choose(state, "raj", "remove 1 active guerrillas Bihar")
    assert set(asked(state)[1]) == {"remove 1 active guerrilla in Sind",
                                    "remove 1 active guerrilla in Railway Delhi–Allahabad",
                                    "done"}


# --- #45 ------------------------------------------------------------------------------------


def test_5_card_45_unshaded_chosen_faction_ineligible_and_executing_faction_stays_eligible(
        ) -> None:
    state = on_card("45", "unshaded", faction="congress")
    _, texts = asked(state)
    assert texts == ["ineligible raj", "ineligible muslim league", "ineligible revolutionaries"]
    choose(state, "congress", "ineligible raj")
    ended(state, "congress")
    assert state.turn.made_ineligible == ["raj"] and state.turn.kept_eligible == ["congress"]


def test_5_card_45_shaded_raj_resources_minus_3_per_protest_on_the_map() -> None:
    state = on_card("45", "shaded", {"bihar": {"protest": True}, "punjab": {"protest": True}},
                    faction="congress", resources={"raj": 10, "revolutionaries": 0})
    ended(state, "congress")
    assert state.resources["raj"] == 4


# --- #46 ------------------------------------------------------------------------------------


def test_5_card_46_unshaded_up_to_3_princely_states_toward_active_support() -> None:
    state = on_card("46", "unshaded", {"mysore": {"support": 2},
                                       "sind": {"muslim_state": True}})
    _, texts = asked(state)
    assert "shift Mysore" not in texts and "shift Sind" not in texts
    assert "shift Hyderabad" in texts and "done" in texts
    choose(state, "raj", "shift Hyderabad")
    choose(state, "raj", "shift Orissa")
    choose(state, "raj", "done")
    ended(state, "raj")
    assert state.space("hyderabad").support == 1 and state.space("orissa").support == 1


def test_5_card_46_shaded_up_to_2_states_toward_active_opposition() -> None:
    state = on_card("46", "shaded", {"sind": {"muslim_state": True}}, faction="congress")
    _, texts = asked(state)
    assert "shift Sind" in texts and "shift Punjab" not in texts  # a Muslim State is a State
    choose(state, "congress", "shift Sind")
    choose(state, "congress", "shift Mysore")
    ended(state, "congress")
    assert state.space("sind").support == -1 and state.space("mysore").support == -1


def test_5_card_44_shaded_it_tutorial_card_7_own_guerrillas_removed_to_available_1_4_1(
        ) -> None:
    """IT tutorial card 7 (l.2583-2590): Punjab and Bihar; one Guerrilla Available, so the
    Revolutionaries remove theirs from Hyderabad and Central India Agency (1.4.1) and put
    all three in Bihar; both spaces go from Passive Support to Neutral."""
    state = on_card("44", "shaded", {
        "punjab": {"support": 1}, "bihar": {"support": 1, "pieces": {"troops": 1, "sepoys": 1}},
        "hyderabad": {"pieces": {"guerrillas_active": 1}},
        "central_india_agency": {"pieces": {"guerrillas_active": 1}}},
        faction="revolutionaries", out_of_play={"guerrillas": 12})
    choose(state, "revolutionaries", "in Punjab")
    choose(state, "revolutionaries", "in Bihar")
    choose(state, "revolutionaries", "place 1 guerrillas in Punjab")  # one left (IT l.2585)
    choose(state, "revolutionaries", "remove 1 active guerrillas Hyderabad")
    choose(state, "revolutionaries", "remove 1 active guerrillas Central India Agency")
    choose(state, "revolutionaries", "place 3 guerrillas in Bihar")
    ended(state, "revolutionaries")  # 4 Guerrillas added: nothing left to choose
    assert state.space("bihar").pieces == {"troops": 1, "sepoys": 1,
                                           "guerrillas_underground": 3}
    assert state.space("punjab").support == 0 and state.space("bihar").support == 0


def test_5_card_44_shaded_only_revolutionaries_may_remove_their_guerrillas_1_4_1() -> None:
    state = on_card("44", "shaded", {"hyderabad": {"pieces": {"guerrillas_active": 1}}},
                    faction="congress", out_of_play={"guerrillas": 15})
    choose(state, "congress", "in Punjab")
    choose(state, "congress", "in Bihar")
    # Congress may not remove Revolutionaries pieces; with no Guerrilla Available the
    # Event closes by itself, the 2 spaces shifted
    ended(state, "congress")
    assert state.space("hyderabad").count("guerrillas_active") == 1
    assert state.space("punjab").support == -1 and state.space("bihar").support == -1


# --- #30 ------------------------------------------------------------------------------------


def test_5_card_30_unshaded_up_to_5_guerrillas_or_activists_from_raj_control_2_per_space(
        ) -> None:
    state = on_card("30", "unshaded", {
        "bihar": {"pieces": {"troops": 4, "congress_activists": 2, "gandhi": 1}},
        "punjab": {"pieces": {"troops": 3, "guerrillas_underground": 1, "ml_activists": 1}},
        "sind": {"pieces": {"guerrillas_active": 2}}})           # no Raj Control
    _, texts = asked(state)
    assert "remove 1 congress activist in Bihar" in texts and "done" in texts
    assert not any("Sind" in t or "Gandhi" in t for t in texts)
    choose(state, "raj", "remove 1 congress activists Bihar")
    choose(state, "raj", "remove 1 congress activists Bihar")
    assert not any("Bihar" in t for t in asked(state)[1])          # 2 per space
    choose(state, "raj", "remove 1 underground guerrillas Punjab")
    choose(state, "raj", "remove 1 league activists Punjab")
    ended(state, "raj")
    assert state.space("bihar").pieces == {"troops": 4, "gandhi": 1}
    assert state.space("punjab").pieces == {"troops": 3}
    assert state.jail == {}                                          # 5.1.3 to Available


def test_5_card_30_shaded_up_to_5_sepoys_removed_no_more_than_2_per_space() -> None:
    state = on_card("30", "shaded", {"bihar": {"pieces": {"sepoys": 4}},
                                     "punjab": {"pieces": {"sepoys": 3}},
                                     "delhi": {"pieces": {"sepoys": 1}}}, faction="congress")
    for sid in ("Bihar", "Bihar", "Punjab", "Punjab", "Delhi"):
        choose(state, "congress", f"remove 1 sepoys {sid}")
    ended(state, "congress")                                         # 5 removed
    assert [state.space(s).count("sepoys") for s in ("bihar", "punjab", "delhi")] == [2, 1, 0]


# --- #35 ------------------------------------------------------------------------------------


def test_5_card_35_unshaded_up_to_6_cubes_placed_in_punjab() -> None:
    state = on_card("35", "unshaded")
    _, texts = asked(state)
    assert "place 6 troops in Punjab" in texts and "place 7 sepoys in Punjab" not in texts
    choose(state, "raj", "place 2 troops Punjab")
    choose(state, "raj", "place 4 sepoys Punjab")
    ended(state, "raj")
    assert state.space("punjab").pieces == {"troops": 2, "sepoys": 4}


def test_5_card_35_unshaded_no_troops_in_punjab_as_a_muslim_state_1_4_2() -> None:
    state = on_card("35", "unshaded", {"punjab": {"muslim_state": True}})
    assert not any("troop" in t for t in asked(state)[1])
    choose(state, "raj", "place 3 sepoys Punjab")
    choose(state, "raj", "done")
    ended(state, "raj")
    assert state.space("punjab").pieces == {"sepoys": 3}


def test_5_1_2_card_35_shaded_a_space_that_can_shift_first() -> None:
    """5.1.2 a Railway (a Strike, no Support level) or a space at Active Opposition only
    once no space that can shift is left."""
    state = on_card("35", "shaded", {"bihar": {"support": -2}}, faction="congress")
    _, texts = asked(state)
    assert "unrest in Bihar" not in texts and "unrest in Railway Delhi–Allahabad" not in texts
    assert {"unrest in Punjab", "protest in Punjab", "done"} <= set(texts)


def test_5_card_35_shaded_protest_or_unrest_in_up_to_2_spaces_then_toward_opposition(
        ) -> None:
    state = on_card("35", "shaded", {"bihar": {"protest": True, "support": 1}},
                    faction="congress")
    _, texts = asked(state)
    assert "protest in Bihar" not in texts and "unrest in Bihar" in texts and "done" in texts
    choose(state, "congress", "unrest Bihar")
    choose(state, "congress", "protest Punjab")
    ended(state, "congress")
    assert state.space("bihar").unrest == 1 and state.space("bihar").support == 0
    assert state.space("punjab").protest and state.space("punjab").support == -1


# --- #42 ------------------------------------------------------------------------------------


def test_5_card_42_unshaded_active_guerrillas_removed_underground_activated_with_troops(
        ) -> None:
    state = on_card("42", "unshaded", {
        "bihar": {"pieces": {"troops": 1, "guerrillas_active": 2,
                             "guerrillas_underground": 1}},
        "punjab": {"pieces": {"sepoys": 2, "guerrillas_active": 1}}})  # no Troops
    _, texts = asked(state)
    assert texts == ["in Bihar", "done"]
    choose(state, "raj", "in Bihar")
    ended(state, "raj")
    assert state.space("bihar").pieces == {"troops": 1, "guerrillas_active": 1}
    assert state.space("punjab").count("guerrillas_active") == 1


def test_5_card_42_shaded_1_troop_or_3_sepoys_from_up_to_2_unrest_or_protest_spaces() -> None:
    state = on_card("42", "shaded", {
        "bihar": {"pieces": {"troops": 2, "sepoys": 5}, "unrest": 1},
        "punjab": {"pieces": {"sepoys": 2}, "protest": True},
        "delhi": {"pieces": {"troops": 3}}}, faction="revolutionaries")  # no marker
    _, texts = asked(state)     # 5.1.2 a whole "1 Troop or 3 Sepoys" first
    assert texts == ["remove 1 troop in Bihar", "remove 3 sepoys in Bihar", "done"]
    choose(state, "revolutionaries", "remove 3 sepoys Bihar")
    assert asked(state)[1] == ["remove 2 sepoys in Punjab", "done"]
    choose(state, "revolutionaries", "remove 2 sepoys Punjab")   # 5.1.2 as far as it can
    ended(state, "revolutionaries")
    assert state.space("bihar").pieces == {"troops": 2, "sepoys": 2}
    assert state.space("punjab").count("sepoys") == 0


# --- #48 ------------------------------------------------------------------------------------


def test_5_card_48_unshaded_up_to_3_spaces_without_congress_activists_toward_neutral() -> None:
    state = on_card("48", "unshaded", {"bihar": {"support": 2},
                                       "punjab": {"support": -2},
                                       "delhi": {"support": 1,
                                                 "pieces": {"congress_activists": 1}}})
    _, texts = asked(state)
    assert texts == ["shift Punjab", "shift Bihar", "done"]   # Neutral spaces do not shift
    choose(state, "raj", "shift Bihar")
    choose(state, "raj", "shift Punjab")
    ended(state, "raj")                  # no third space left: it closes by itself
    assert state.space("bihar").support == 1 and state.space("punjab").support == -1
    assert state.space("delhi").support == 1


def test_5_card_48_shaded_2_mixed_spaces_unrest_or_toward_passive_opposition() -> None:
    state = on_card("48", "shaded", {
        "bihar": {"pieces": {"troops": 1, "congress_activists": 1}, "support": 1},
        "punjab": {"pieces": {"sepoys": 1, "ml_activists": 1}, "support": -2},
        "delhi": {"pieces": {"troops": 1, "sepoys": 1}}}, faction="congress")  # 1 Faction
    _, texts = asked(state)
    assert not any("Delhi" in t for t in texts) and "done" not in texts
    choose(state, "congress", "shift Punjab")      # Active -> Passive Opposition
    choose(state, "congress", "unrest Bihar")
    ended(state, "congress")
    assert state.space("punjab").support == -1
    assert state.space("bihar").unrest == 1 and state.space("bihar").support == 1
