"""Scripted Events, group g (rules 5.0-5.1; engine/games/gandhi/scripts/cards_g.py): one
test or more per scripted card side, built from the card's own text."""

from __future__ import annotations

import engine.games
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED
from tests.games.gandhi.helpers import asked, choose, on_card, playing

engine.games.load()

CARDS_G = ("31", "34", "43", "49", "51", "52", "54", "55", "58", "63", "69")


def ended(state: GandhiState, faction: str) -> bool:
    """The Event is over: back to the card, the executing Faction has acted (2.3.6)."""
    return state.step.name == "card" and faction in {f for f, _ in state.turn.acted}


def test_scripted_cards_g_registered() -> None:
    for card in CARDS_G:
        assert card in SCRIPTED


def test_5_scripted_cards_g_end_with_the_executing_faction_acted() -> None:
    state = on_card("51")
    events = choose(state, "raj", "event unshaded")
    assert FactionActed(faction="raj", did="event") in events


# --- #31 Champaran Satyagraha ----------------------------------------------------------------


def test_5_card_31_unshaded_arrest_gandhi_and_activists_with_him_remove_markers() -> None:
    """Arrest Gandhi and any Activists with him, then remove any Protest and Unrest markers
    from his space."""
    state = playing("31", "unshaded", {
        "bihar": {"pieces": {"gandhi": 1, "congress_activists": 2, "ml_activists": 1,
                             "sepoys": 1}, "protest": True, "unrest": 2, "support": -1},
        "delhi": {"pieces": {"congress_activists": 1}, "protest": True, "unrest": 1}})
    bihar = state.space("bihar")
    assert bihar.pieces == {"sepoys": 1} and not bihar.protest and bihar.unrest == 0
    assert bihar.support == -1
    assert state.jail == {"gandhi": 1, "congress_activists": 2, "ml_activists": 1}
    delhi = state.space("delhi")
    assert delhi.count("congress_activists") == 1 and delhi.protest and delhi.unrest == 1
    assert ended(state, "raj")


def test_5_card_31_unshaded_gandhi_in_jail_nothing_happens() -> None:
    """Arrest Gandhi ...: Gandhi already in Jail has no space; nothing else happens."""
    state = playing("31", "unshaded", {"bihar": {"pieces": {"congress_activists": 2},
                                                 "protest": True}},
                    jail={"gandhi": 1})
    assert state.space("bihar").count("congress_activists") == 2
    assert state.space("bihar").protest and state.jail == {"gandhi": 1}
    assert ended(state, "raj")


def test_5_card_31_shaded_gandhi_to_bihar_protest_and_up_to_3_activists() -> None:
    """Move Gandhi to Bihar (unless he is in Jail), then place a Protest marker and up to
    3 Activists there."""
    state = playing("31", "shaded", {"delhi": {"pieces": {"gandhi": 1}}}, faction="congress")
    assert state.space("delhi").count("gandhi") == 0
    assert state.space("bihar").count("gandhi") == 1 and state.space("bihar").protest
    seat, texts = asked(state)
    assert seat == "congress"
    assert texts == ["add congress activist in Bihar", "add muslim league activist in Bihar",
                     "done"]
    choose(state, "congress", "add congress activist in Bihar")
    choose(state, "congress", "add congress in Bihar")
    assert not ended(state, "congress")
    choose(state, "congress", "add league activist in Bihar")
    assert state.space("bihar").pieces == {"gandhi": 1, "congress_activists": 2,
                                           "ml_activists": 1}
    assert ended(state, "congress")  # 3 added: the Event ends by itself


def test_5_card_31_shaded_gandhi_in_jail_stays_protest_and_activists_still_placed() -> None:
    """(unless he is in Jail): Gandhi stays in Jail, the rest of the text is carried out;
    "up to" allows stopping; with no Congress Activist Available only League ones."""
    state = playing("31", "shaded", jail={"gandhi": 1}, faction="muslim_league",
                    out_of_play={"congress_activists": 16})
    assert state.jail == {"gandhi": 1} and state.space("bihar").count("gandhi") == 0
    assert state.space("bihar").protest
    assert asked(state)[1] == ["add muslim league activist in Bihar", "done"]
    choose(state, "muslim_league", "add league activist in Bihar")
    choose(state, "muslim_league", "done")
    assert state.space("bihar").pieces == {"ml_activists": 1}
    assert ended(state, "muslim_league")


def test_5_card_31_shaded_gandhi_from_available_and_protest_already_there() -> None:
    """Gandhi Available comes to Bihar too (only Jail is excepted); a second Protest
    marker never goes to one space (5.1.1)."""
    state = playing("31", "shaded", {"bihar": {"protest": True}},
                    out_of_play={"congress_activists": 16, "ml_activists": 16})
    assert state.space("bihar").count("gandhi") == 1 and state.space("bihar").protest
    assert sum(sp.protest for sp in state.spaces.values()) == 1
    assert ended(state, "raj")  # no Activist Available: nothing left to choose


# --- #34 Protests Block the Railways ---------------------------------------------------------


def test_5_card_34_unshaded_arrest_activists_on_railways_remove_all_strikes() -> None:
    """Arrest all Activists on Railways and remove all Strike markers."""
    state = playing("34", "unshaded", {
        "rail_delhi_ganges": {"pieces": {"congress_activists": 2, "ml_activists": 1},
                              "strike": True},
        "rail_karachi_indus": {"pieces": {"ml_activists": 1, "guerrillas_active": 1}},
        "rail_south_madras": {"strike": True},
        "bihar": {"pieces": {"congress_activists": 1}, "unrest": 1}})
    assert state.jail == {"congress_activists": 2, "ml_activists": 2}
    assert state.space("rail_delhi_ganges").pieces == {}
    assert state.space("rail_karachi_indus").pieces == {"guerrillas_active": 1}
    assert not any(sp.strike for sp in state.spaces.values())
    assert state.space("bihar").count("congress_activists") == 1
    assert state.space("bihar").unrest == 1
    assert ended(state, "raj")


def test_5_card_34_shaded_up_to_3_active_activists_on_railways() -> None:
    """Add up to 3 Active Activists or 2 Strikes to any Railways."""
    state = playing("34", "shaded", faction="congress")
    assert asked(state)[1] == ["activists", "strikes"]
    choose(state, "congress", "activists")
    _, texts = asked(state)
    assert "congress activist on Railway Delhi–Allahabad" in texts
    assert "muslim league activist on Railway Raichur–Madras" in texts
    assert "done" in texts and not any(" on Bihar" in t for t in texts)
    choose(state, "congress", "congress on Rail Delhi-Ganges")
    choose(state, "congress", "congress on Rail Delhi-Ganges")
    choose(state, "congress", "league on Rail South-Madras")
    assert state.space("rail_delhi_ganges").pieces == {"congress_activists": 2}
    assert state.space("rail_south_madras").pieces == {"ml_activists": 1}
    assert not any(sp.strike for sp in state.spaces.values())
    assert ended(state, "congress")


def test_5_card_34_shaded_up_to_2_strikes_one_per_railway() -> None:
    """... or 2 Strikes to any Railways (5.1.1 one Strike per Railway)."""
    state = playing("34", "shaded", {"rail_delhi_ganges": {"strike": True}},
                    faction="revolutionaries")
    choose(state, "revolutionaries", "strikes")
    _, texts = asked(state)
    assert "strike Railway Delhi–Allahabad" not in texts
    assert "strike Railway Raichur–Madras" in texts and "done" in texts
    choose(state, "revolutionaries", "strike on Rail South-Madras")
    assert "strike Railway Raichur–Madras" not in asked(state)[1]
    choose(state, "revolutionaries", "strike on Rail Karachi-Indus")
    assert state.space("rail_south_madras").strike and state.space("rail_karachi_indus").strike
    assert sum(sp.strike for sp in state.spaces.values()) == 3
    assert sum(sum(sp.pieces.values()) for sp in state.spaces.values()) == 0
    assert ended(state, "revolutionaries")


def test_5_card_34_shaded_no_strike_marker_left_only_activists() -> None:
    """1.12 the 12 Unrest/Strike markers are all on the map: no Strike can be added."""
    state = playing("34", "shaded", {"bihar": {"unrest": 11},
                                     "rail_delhi_ganges": {"strike": True}})
    assert asked(state)[1] == ["activists"]
    choose(state, "raj", "activists")
    choose(state, "raj", "done")
    assert ended(state, "raj")


# --- #43 Textile Workers' Strike -------------------------------------------------------------


def test_5_card_43_unshaded_1_activist_per_cube_or_guerrilla_in_up_to_2_spaces() -> None:
    """In up to 2 spaces, remove 1 Activist for each cube or Guerrilla there. Shift
    Restraint -1.  (Read: one Activist for each cube or Guerrilla there.)"""
    state = playing("43", "unshaded", {
        "bihar": {"pieces": {"sepoys": 2, "guerrillas_underground": 1,
                             "congress_activists": 2, "ml_activists": 2}},
        "sind": {"pieces": {"troops": 1, "ml_activists": 3}},
        "punjab": {"pieces": {"ml_activists": 2}},
        "delhi": {"pieces": {"troops": 2}}}, restraint=3)
    _, texts = asked(state)
    assert set(texts) == {"in Bihar", "in Sind", "done"}  # Punjab: no cube or Guerrilla
    choose(state, "raj", "in Sind")  # 1 cube: 1 League Activist goes, nothing to choose
    assert state.space("sind").pieces == {"troops": 1, "ml_activists": 2}
    assert state.restraint == 3
    choose(state, "raj", "in Bihar")  # 3 cubes and Guerrillas: 3 of the 4 Activists
    assert asked(state)[1] == ["remove congress activist in Bihar",
                               "remove muslim league activist in Bihar"]
    choose(state, "raj", "remove league in Bihar")
    choose(state, "raj", "remove league in Bihar")  # then only Congress ones are left
    bihar = state.space("bihar")
    assert bihar.count("congress_activists") == 1 and bihar.count("ml_activists") == 0
    assert bihar.count("sepoys") == 2 and bihar.count("guerrillas_underground") == 1
    assert state.restraint == 2 and ended(state, "raj")
    assert state.jail == {}  # removed, not arrested (5.1.3)


def test_5_card_43_unshaded_done_still_shifts_restraint() -> None:
    """"up to 2 spaces": none need be chosen; Restraint -1 all the same (never below 1)."""
    state = playing("43", "unshaded", {"sind": {"pieces": {"troops": 1, "ml_activists": 1}}},
                    restraint=1)
    choose(state, "raj", "done")
    assert state.space("sind").count("ml_activists") == 1
    assert state.restraint == 1 and ended(state, "raj")
    state = playing("43", "unshaded", restraint=4)
    assert state.restraint == 3 and ended(state, "raj")  # nothing to choose at all


def test_5_card_43_shaded_replace_up_to_2_guerrillas_in_up_to_2_marker_spaces() -> None:
    """In up to 2 spaces with Protest and/or Unrest markers, replace up to 2 Guerrillas in
    each space with Activists."""
    state = playing("43", "shaded", {
        "bihar": {"pieces": {"guerrillas_underground": 2, "guerrillas_active": 1},
                  "protest": True},
        "sind": {"pieces": {"guerrillas_active": 1}, "unrest": 1},
        "delhi": {"pieces": {"guerrillas_active": 1}, "unrest": 1},
        "punjab": {"pieces": {"guerrillas_active": 1}},
        "rail_indus_delhi": {"pieces": {"guerrillas_active": 1}, "strike": True}},
        faction="congress")
    _, texts = asked(state)
    assert {"congress activist for underground guerrilla in Bihar",
            "muslim league activist for active guerrilla in Bihar",
            "congress activist for active guerrilla in Sind", "done"} <= set(texts)
    assert not any("Punjab" in t or "Rail" in t for t in texts)
    choose(state, "congress", "congress for underground in Bihar")
    choose(state, "congress", "league for active in Bihar")
    assert state.space("bihar").pieces == {"guerrillas_underground": 1,
                                           "congress_activists": 1, "ml_activists": 1}
    assert not any("Bihar" in t for t in asked(state)[1])  # 2 replaced there
    choose(state, "congress", "congress for active in Sind")
    assert state.space("sind").pieces == {"congress_activists": 1}
    # 2 spaces chosen and Sind has no Guerrilla left: the Event ends by itself
    assert state.space("delhi").pieces == {"guerrillas_active": 1}
    assert ended(state, "congress")


def test_5_card_43_shaded_2_spaces_at_most() -> None:
    """... In up to 2 spaces ...: once 2 spaces are chosen, only they are offered."""
    state = playing("43", "shaded", {
        "bihar": {"pieces": {"guerrillas_active": 3}, "protest": True},
        "sind": {"pieces": {"guerrillas_active": 2}, "unrest": 1},
        "delhi": {"pieces": {"guerrillas_active": 1}, "unrest": 1}}, faction="congress")
    choose(state, "congress", "congress for active in Bihar")
    choose(state, "congress", "congress for active in Sind")
    _, texts = asked(state)
    assert "congress activist for active guerrilla in Bihar" in texts
    assert "congress activist for active guerrilla in Sind" in texts
    assert not any("Delhi" in t for t in texts) and "done" in texts
    choose(state, "congress", "done")
    assert state.space("bihar").pieces == {"guerrillas_active": 2, "congress_activists": 1}
    assert state.space("delhi").pieces == {"guerrillas_active": 1}
    assert ended(state, "congress")


def test_5_card_43_shaded_no_activist_available_guerrilla_removed() -> None:
    """5.1.1 the replacement is not Available: the Guerrilla is removed instead."""
    state = playing("43", "shaded", {"sind": {"pieces": {"guerrillas_active": 1},
                                              "protest": True}},
                    out_of_play={"congress_activists": 16, "ml_activists": 16})
    assert asked(state)[1] == ["remove active guerrilla in Sind", "done"]
    choose(state, "raj", "remove active in Sind")
    assert state.space("sind").pieces == {} and ended(state, "raj")


# --- #49 Independence Day Defiantly Declared -------------------------------------------------


def test_5_card_49_unshaded_remove_markers_raj_may_pay_2_to_shift_toward_support() -> None:
    """In up to 2 spaces, remove 1 Protest or Unrest marker, then in each selected space 2
    Resources may be paid to shift it 1 level toward Active Support.  (The Raj pays and
    decides.)"""
    state = playing("49", "unshaded", {"bihar": {"protest": True, "unrest": 1},
                                       "delhi": {"unrest": 2, "support": -1},
                                       "rail_delhi_ganges": {"strike": True}},
                    resources={"raj": 3, "revolutionaries": 5}, faction="congress")
    seat, texts = asked(state)
    assert seat == "congress"
    assert set(texts) == {"remove protest in Bihar", "remove unrest in Bihar",
                          "remove unrest in Delhi", "done"}
    choose(state, "congress", "remove protest in Bihar")
    assert not state.space("bihar").protest and state.space("bihar").unrest == 1
    seat, texts = asked(state)
    assert seat == "raj" and texts == ["pay", "decline"]
    choose(state, "raj", "pay")
    assert state.resources["raj"] == 1 and state.space("bihar").support == 1
    seat, texts = asked(state)
    assert seat == "congress" and "remove unrest in Bihar" not in texts  # once per space
    choose(state, "congress", "remove unrest in Delhi")  # the Raj has 1 Resource: no payment
    assert state.space("delhi").unrest == 1 and state.space("delhi").support == -1
    assert state.resources["raj"] == 1
    assert state.space("rail_delhi_ganges").strike  # a Strike is no Unrest marker
    assert ended(state, "congress")


def test_5_card_49_unshaded_raj_may_decline() -> None:
    """2 Resources "may" be paid: the Raj may refuse; a Railway never shifts (1.6.1)."""
    state = playing("49", "unshaded", {"bihar": {"unrest": 1},
                                       "rail_delhi_ganges": {"protest": True}},
                    resources={"raj": 10, "revolutionaries": 0})
    choose(state, "raj", "remove unrest in Bihar")
    assert asked(state) == ("raj", ["pay", "decline"])
    choose(state, "raj", "decline")
    assert state.resources["raj"] == 10 and state.space("bihar").support == 0
    choose(state, "raj", "remove protest in Rail Delhi-Ganges")  # no level: nothing to pay
    assert not state.space("rail_delhi_ganges").protest
    assert state.resources["raj"] == 10 and ended(state, "raj")


def test_5_card_49_shaded_up_to_3_protests_removed_each_space_toward_opposition() -> None:
    """Remove up to 3 Protest markers. For each marker removed, shift that space 1 level
    toward Active Opposition."""
    state = playing("49", "shaded", {"bihar": {"protest": True, "support": 1},
                                     "delhi": {"protest": True, "support": -2},
                                     "sind": {"protest": True},
                                     "punjab": {"protest": True},
                                     "assam": {"unrest": 1}}, faction="congress")
    _, texts = asked(state)
    assert set(texts) == {"in Bihar", "in Sind", "in Punjab", "done"}   # 5.1.2 not Delhi
    choose(state, "congress", "in Bihar")
    choose(state, "congress", "in Sind")
    choose(state, "congress", "in Punjab")
    assert [state.space(s).support for s in ("bihar", "sind", "punjab")] == [0, -1, -1]
    assert not any(state.space(s).protest for s in ("bihar", "sind", "punjab"))
    assert state.space("delhi").protest and state.space("delhi").support == -2
    assert ended(state, "congress")


def test_5_1_2_card_49_shaded_protests_where_the_space_can_shift_come_first() -> None:
    """5.1.2 (as #64 shaded): a Protest on a Railway (no Support level, 1.3.6) or in a
    space at Active Opposition is removed only once no space that can shift is left."""
    state = playing("49", "shaded", {"bihar": {"protest": True},
                                     "delhi": {"protest": True, "support": -2},
                                     "rail_delhi_ganges": {"protest": True}},
                    faction="congress")
    assert asked(state)[1] == ["in Bihar", "done"]
    choose(state, "congress", "in Bihar")
    assert set(asked(state)[1]) == {"in Delhi", "in Railway Delhi–Allahabad", "done"}
    choose(state, "congress", "in Rail Delhi-Ganges")
    assert not state.space("rail_delhi_ganges").protest and state.space("bihar").support == -1


# --- #51 Britain Maintains the Salt Tax ------------------------------------------------------


def test_5_card_51_unshaded_arrest_railway_activists_raj_plus_2_per_unstruck_railway() -> None:
    """Arrest all Activists on Railways, then Raj Resources +2 for each Railway without a
    Strike marker."""
    state = playing("51", "unshaded", {
        "rail_delhi_ganges": {"pieces": {"congress_activists": 1}, "strike": True},
        "rail_karachi_indus": {"pieces": {"ml_activists": 2}},
        "rail_south_madras": {"strike": True},
        "bihar": {"pieces": {"congress_activists": 1}}},
        resources={"raj": 10, "revolutionaries": 0}, faction="muslim_league")
    assert state.jail == {"congress_activists": 1, "ml_activists": 2}
    assert state.space("bihar").count("congress_activists") == 1
    assert state.resources["raj"] == 10 + 2 * (11 - 2)
    assert ended(state, "muslim_league")
    state = playing("51", "unshaded", resources={"raj": 45, "revolutionaries": 0})
    assert state.resources["raj"] == 50  # 1.8


def test_5_card_51_shaded_up_to_3_activists_or_guerrillas_on_railways_restraint_minus_2() -> None:
    """Place up to 3 Activists or Guerrillas on any Railways, then shift Restraint -2."""
    state = playing("51", "shaded", restraint=4, faction="revolutionaries")
    _, texts = asked(state)
    rail = "Railway Delhi–Allahabad"
    assert {f"congress activist on {rail}", f"muslim league activist on {rail}",
            f"guerrilla on {rail}", "done"} <= set(texts)
    assert not any("Bihar" in t for t in texts)
    choose(state, "revolutionaries", "guerrilla on Rail Delhi-Ganges")
    choose(state, "revolutionaries", "congress on Rail Delhi-Ganges")
    assert state.restraint == 4
    choose(state, "revolutionaries", "league on Rail Karachi-Indus")
    assert state.space("rail_delhi_ganges").pieces == {"guerrillas_underground": 1,
                                                       "congress_activists": 1}
    assert state.space("rail_karachi_indus").pieces == {"ml_activists": 1}
    assert state.restraint == 2 and ended(state, "revolutionaries")
    state = playing("51", "shaded", restraint=2)
    choose(state, "raj", "done")
    assert state.restraint == 1 and ended(state, "raj")  # 5.1.4 never below 1


# --- #52 Provincial Elections Ease Tensions --------------------------------------------------


def test_5_card_52_unshaded_up_to_2_congress_spaces_toward_support_congress_ineligible() -> None:
    """Shift up to 2 spaces with Congress Activists 1 level each toward Active Support.
    Congress is Ineligible for the next card."""
    state = playing("52", "unshaded", {
        "bihar": {"pieces": {"congress_activists": 1}, "support": -2},
        "delhi": {"pieces": {"congress_activists": 1}, "support": 2},
        "sind": {"pieces": {"ml_activists": 1}},
        "punjab": {"pieces": {"gandhi": 1}},
        "rail_delhi_ganges": {"pieces": {"congress_activists": 1}},
        "madras": {"pieces": {"congress_activists": 2}}})
    _, texts = asked(state)
    assert set(texts) == {"in Bihar", "in Madras", "done"}
    choose(state, "raj", "in Bihar")
    assert state.space("bihar").support == -1
    choose(state, "raj", "in Madras")
    assert state.space("madras").support == 1
    assert ended(state, "raj") and state.turn.made_ineligible == ["congress"]
    state = playing("52", "unshaded", {"bihar": {"pieces": {"congress_activists": 1}}})
    choose(state, "raj", "done")
    assert state.space("bihar").support == 0 and state.turn.made_ineligible == ["congress"]


def test_5_card_52_shaded_2_congress_spaces_toward_opposition_then_1_piece_each() -> None:
    """Shift 2 spaces with Congress pieces 1 level each toward Active Opposition, then
    place 1 Activist or Guerrilla in each space."""
    state = playing("52", "shaded", {
        "bihar": {"pieces": {"congress_activists": 1}},
        "delhi": {"pieces": {"gandhi": 1}, "support": 1},
        "sind": {"pieces": {"congress_activists": 1}, "support": -2},
        "punjab": {"pieces": {"ml_activists": 1}}}, faction="revolutionaries")
    _, texts = asked(state)
    assert set(texts) == {"in Bihar", "in Delhi"}  # Sind cannot shift (5.1.2); no done
    choose(state, "revolutionaries", "in Delhi")
    assert state.space("delhi").support == 0
    assert asked(state)[1] == ["congress activist in Delhi", "muslim league activist in Delhi",
                               "guerrilla in Delhi"]
    choose(state, "revolutionaries", "guerrilla in Delhi")
    assert state.space("delhi").pieces == {"gandhi": 1, "guerrillas_underground": 1}
    choose(state, "revolutionaries", "in Bihar")
    choose(state, "revolutionaries", "league in Bihar")
    assert state.space("bihar").pieces == {"congress_activists": 1, "ml_activists": 1}
    assert state.space("bihar").support == -1 and state.space("sind").support == -2
    assert ended(state, "revolutionaries")


def test_5_card_52_shaded_only_spaces_that_cannot_shift_still_get_their_piece() -> None:
    """5.1.2 implement what can be: a Congress space at Active Opposition is chosen and
    gets its piece; with nothing Available no piece is asked for."""
    state = playing("52", "shaded", {"sind": {"pieces": {"congress_activists": 1},
                                              "support": -2}},
                    out_of_play={"congress_activists": 15, "ml_activists": 16})
    assert asked(state)[1] == ["in Sind"]
    choose(state, "raj", "in Sind")
    assert asked(state)[1] == ["guerrilla in Sind"]
    choose(state, "raj", "guerrilla in Sind")
    assert state.space("sind").pieces == {"congress_activists": 1, "guerrillas_underground": 1}
    assert ended(state, "raj")


# --- #54 Hyderabad Defends Its Independence --------------------------------------------------


def test_5_card_54_unshaded_up_to_6_sepoys_in_3_states_then_guerrillas_per_cube() -> None:
    """Add up to 6 Sepoys in up to 3 States, then in each State remove 1 Guerrilla for each
    cube there."""
    state = playing("54", "unshaded", {
        "hyderabad": {"pieces": {"guerrillas_underground": 2, "guerrillas_active": 1}},
        "mysore": {"pieces": {"sepoys": 1, "guerrillas_underground": 2}},
        "orissa": {"pieces": {"guerrillas_active": 1}},
        "punjab": {"muslim_state": True},
        "bihar": {"pieces": {"sepoys": 2, "guerrillas_active": 1}}})
    _, texts = asked(state)
    assert "sepoy in Hyderabad" in texts and "sepoy in Punjab" in texts  # a Muslim State
    assert "sepoy in Bihar" not in texts and "done" in texts
    choose(state, "raj", "sepoy in Hyderabad")
    choose(state, "raj", "sepoy in Hyderabad")
    choose(state, "raj", "sepoy in Orissa")
    choose(state, "raj", "sepoy in Punjab")
    _, texts = asked(state)  # 3 States chosen: only those
    assert set(texts) == {"sepoy in Hyderabad", "sepoy in Orissa", "sepoy in Punjab", "done"}
    choose(state, "raj", "done")
    # Orissa (1 cube, 1 Guerrilla) and Mysore (a State too: 1 cube) need no choice
    assert state.space("orissa").pieces == {"sepoys": 1}
    assert state.space("mysore").pieces == {"sepoys": 1, "guerrillas_underground": 1}
    assert asked(state)[1] == ["remove active guerrilla in Hyderabad",
                               "remove underground guerrilla in Hyderabad"]
    choose(state, "raj", "remove active in Hyderabad")
    # 2 cubes: 2 of the 3 Guerrillas; the 2nd is Underground, nothing left to choose
    assert state.space("hyderabad").pieces == {"sepoys": 2, "guerrillas_underground": 1}
    assert state.space("bihar").count("guerrillas_active") == 1  # not a State
    assert ended(state, "raj")


def test_5_card_54_unshaded_6_sepoys_at_most() -> None:
    """Up to 6 Sepoys: the 6th ends the additions by itself."""
    state = playing("54", "unshaded", {"mysore": {"pieces": {"guerrillas_active": 7}}})
    for _ in range(6):
        choose(state, "raj", "sepoy in Mysore")
    assert state.space("mysore").pieces == {"sepoys": 6, "guerrillas_active": 1}
    assert ended(state, "raj")


def test_5_card_54_shaded_3_princely_states_sepoys_but_1_or_shift() -> None:
    """In each of 3 Princely States, remove all but 1 Sepoy or shift that space 1 level
    toward Active Opposition."""
    state = playing("54", "shaded", {
        "hyderabad": {"pieces": {"sepoys": 4}},
        "mysore": {"pieces": {"sepoys": 1}, "support": -2},
        "orissa": {"support": 1},
        "punjab": {"pieces": {"sepoys": 3}, "muslim_state": True}}, faction="congress")
    _, texts = asked(state)
    assert "remove 3 sepoys in Hyderabad" in texts and "shift Hyderabad" in texts
    assert [t for t in texts if "Orissa" in t] == ["shift Orissa"]  # no Sepoy to remove
    assert not any("Mysore" in t or "Punjab" in t for t in texts) and "done" not in texts
    choose(state, "congress", "remove 3 sepoys in Hyderabad")
    assert state.space("hyderabad").pieces == {"sepoys": 1}
    assert not any("Hyderabad" in t for t in asked(state)[1])
    choose(state, "congress", "shift Orissa")
    assert state.space("orissa").support == 0
    choose(state, "congress", "shift Gujarat")
    assert state.space("gujarat").support == -1
    assert state.space("punjab").count("sepoys") == 3
    assert ended(state, "congress")


# --- #55 The Salt March ----------------------------------------------------------------------


def test_5_card_55_unshaded_gandhi_space_protest_off_activists_arrested_toward_support() -> None:
    """In the space with Gandhi, remove any Protest marker and arrest all Activists there.
    Shift that space 1 level toward Active Support."""
    state = playing("55", "unshaded", {
        "bihar": {"pieces": {"gandhi": 1, "congress_activists": 2, "ml_activists": 1},
                  "protest": True, "unrest": 1, "support": -1},
        "delhi": {"pieces": {"congress_activists": 1}, "protest": True}})
    bihar = state.space("bihar")
    assert bihar.pieces == {"gandhi": 1} and not bihar.protest and bihar.unrest == 1
    assert bihar.support == 0
    assert state.jail == {"congress_activists": 2, "ml_activists": 1}
    assert state.space("delhi").protest and ended(state, "raj")
    state = playing("55", "unshaded", {"delhi": {"protest": True}}, jail={"gandhi": 1})
    assert state.space("delhi").protest and ended(state, "raj")  # no space with Gandhi


def test_5_card_55_shaded_protests_in_2_adjacent_spaces_gandhi_and_2_activists() -> None:
    """Place Protest markers in any 2 adjacent spaces. Unless he is in Jail, move Gandhi
    into 1 of the selected spaces and add 2 Activists there."""
    state = playing("55", "shaded", {"delhi": {"pieces": {"gandhi": 1}},
                                     "orissa": {"protest": True}}, faction="congress")
    _, texts = asked(state)
    assert "in Bihar" in texts and "in Orissa" not in texts and "done" not in texts
    choose(state, "congress", "in Bihar")
    assert state.space("bihar").protest
    _, texts = asked(state)
    assert "in United Provinces" in texts and "in Railway Delhi–Allahabad" in texts
    assert "in Punjab" not in texts and "in Orissa" not in texts  # not adjacent; Protest
    choose(state, "congress", "in United Provinces")
    assert state.space("united_provinces").protest
    assert asked(state)[1] == ["Gandhi to Bihar", "Gandhi to United Provinces"]
    choose(state, "congress", "gandhi to United Provinces")
    assert state.space("delhi").count("gandhi") == 0
    assert state.space("united_provinces").count("gandhi") == 1
    assert asked(state)[1] == ["add congress activist in United Provinces",
                               "add muslim league activist in United Provinces"]
    choose(state, "congress", "add congress activist in United Provinces")
    choose(state, "congress", "add league in United Provinces")
    assert state.space("united_provinces").pieces == {"gandhi": 1, "congress_activists": 1,
                                                      "ml_activists": 1}
    assert state.space("bihar").pieces == {} and ended(state, "congress")


def test_5_card_55_shaded_gandhi_in_jail_only_the_protests() -> None:
    """Unless he is in Jail: Gandhi stays there and no Activists are added; with 1 Protest
    marker left the second space may be any adjacent one (5.1.2)."""
    five = {s: {"protest": True} for s in ("delhi", "madras", "mysore", "sind", "assam")}
    state = playing("55", "shaded", five, jail={"gandhi": 1})
    choose(state, "raj", "in Bihar")
    assert state.space("bihar").protest
    _, texts = asked(state)
    assert "in United Provinces" in texts and "in Orissa" in texts  # no marker left anyway
    choose(state, "raj", "in Orissa")
    assert not state.space("orissa").protest
    assert state.jail == {"gandhi": 1} and ended(state, "raj")
    assert sum(sum(sp.pieces.values()) for sp in state.spaces.values()) == 0


# --- #58 Vallabhbhai Patel Stirs Unrest in Gujarat -------------------------------------------


def test_5_card_58_unshaded_in_states_up_to_restraint_activist_guerrilla_or_neutral() -> None:
    """In a number of states up to the Restraint value, remove 1 Activist, place 1
    Guerrilla, or shift the space to Neutral.  (States: Princely and Muslim States.)"""
    state = playing("58", "unshaded", {
        "gujarat": {"pieces": {"congress_activists": 2}, "support": 2},
        "mysore": {},
        "punjab": {"muslim_state": True, "support": -2},
        "bihar": {"pieces": {"congress_activists": 1}, "support": 2}},
        restraint=2, faction="raj")
    _, texts = asked(state)
    assert {"remove congress activist in Gujarat", "guerrilla in Gujarat", "neutral Gujarat",
            "guerrilla in Mysore", "neutral Punjab", "done"} <= set(texts)
    assert "neutral Mysore" not in texts and not any("Bihar" in t for t in texts)
    choose(state, "raj", "neutral Gujarat")
    assert state.space("gujarat").support == 0
    assert state.space("gujarat").count("congress_activists") == 2
    assert not any("Gujarat" in t for t in asked(state)[1])  # one of the three per State
    choose(state, "raj", "neutral Punjab")
    assert state.space("punjab").support == 0
    assert ended(state, "raj")  # Restraint 2: two States


def test_5_card_58_unshaded_remove_activist_or_place_guerrilla() -> None:
    """... remove 1 Activist, place 1 Guerrilla ..."""
    state = playing("58", "unshaded", {"hyderabad": {"pieces": {"ml_activists": 2}}},
                    restraint=3, faction="revolutionaries")
    choose(state, "revolutionaries", "remove league in Hyderabad")
    assert state.space("hyderabad").pieces == {"ml_activists": 1} and state.jail == {}
    choose(state, "revolutionaries", "guerrilla in Mysore")
    assert state.space("mysore").pieces == {"guerrillas_underground": 1}
    choose(state, "revolutionaries", "done")
    assert ended(state, "revolutionaries")


def test_5_card_58_shaded_up_to_3_spaces_guerrilla_or_sepoy_replaced_by_activist() -> None:
    """In up to 3 spaces, replace 1 Guerrilla or 1 Sepoy with 1 Activist, from Available."""
    state = playing("58", "shaded", {
        "bihar": {"pieces": {"sepoys": 1, "guerrillas_underground": 1}},
        "delhi": {"pieces": {"troops": 2}},
        "sind": {"pieces": {"guerrillas_active": 1}}}, faction="congress")
    _, texts = asked(state)
    assert {"congress activist for sepoy in Bihar",
            "muslim league activist for underground guerrilla in Bihar",
            "congress activist for active guerrilla in Sind", "done"} <= set(texts)
    assert not any("Delhi" in t for t in texts)
    choose(state, "congress", "congress for sepoy in Bihar")
    assert state.space("bihar").pieces == {"guerrillas_underground": 1, "congress_activists": 1}
    assert not any("Bihar" in t for t in asked(state)[1])  # 1 per space
    choose(state, "congress", "league for active in Sind")
    assert state.space("sind").pieces == {"ml_activists": 1}
    assert ended(state, "congress")  # nothing else to replace
    state = playing("58", "shaded", {"sind": {"pieces": {"sepoys": 1}}},
                    out_of_play={"congress_activists": 16, "ml_activists": 16})
    assert asked(state)[1] == ["remove sepoy in Sind", "done"]  # 5.1.1
    choose(state, "raj", "remove sepoy in Sind")
    assert state.space("sind").pieces == {} and ended(state, "raj")


# --- #63 Ambedkar Champions the Untouchables -------------------------------------------------


def test_5_card_63_unshaded_up_to_3_toward_passive_opposition_raj_plus_3_each() -> None:
    """Shift up to 3 spaces 1 level each toward Passive Opposition. For each shift, Raj
    Resources +3."""
    state = playing("63", "unshaded", {"bihar": {"support": 2}, "delhi": {"support": -2},
                                       "sind": {"support": -1}},
                    resources={"raj": 10, "revolutionaries": 0})
    _, texts = asked(state)
    assert "in Bihar" in texts and "in Delhi" in texts and "in Sind" not in texts
    assert "done" in texts and not any("Rail" in t for t in texts)
    choose(state, "raj", "in Bihar")
    choose(state, "raj", "in Delhi")
    assert state.space("bihar").support == 1 and state.space("delhi").support == -1
    assert state.resources["raj"] == 16
    choose(state, "raj", "done")
    assert ended(state, "raj")


def test_5_card_63_shaded_up_to_3_out_of_play_to_available_executor_stays_eligible() -> None:
    """Move up to 3 Activists or Guerrillas from Out of Play to Available. The executing
    Faction stays Eligible."""
    state = playing("63", "shaded", out_of_play={"congress_activists": 2, "guerrillas": 1,
                                                 "sepoys": 4}, faction="congress")
    _, texts = asked(state)
    assert texts == ["recall congress activist", "recall guerrilla", "done"]
    choose(state, "congress", "recall congress activist")
    choose(state, "congress", "recall guerrilla")
    assert asked(state)[1] == ["recall congress activist", "done"]
    choose(state, "congress", "recall congress")
    assert state.out_of_play.get("congress_activists", 0) == 0
    assert state.out_of_play.get("guerrillas", 0) == 0 and state.out_of_play["sepoys"] == 4
    assert ended(state, "congress") and state.turn.kept_eligible == ["congress"]


# --- #69 Indian National Army (INA) ----------------------------------------------------------


def test_5_card_69_unshaded_up_to_3_cubes_or_activists_to_east_bengal_or_adjacent() -> None:
    """Add up to 3 cubes or Activists total (from Available or Out of Play) to East Bengal
    or adjacent spaces."""
    state = playing("69", "unshaded", {"assam": {"muslim_state": True}},
                    out_of_play={"troops": 2})
    _, texts = asked(state)
    assert {"add troop in East Bengal", "add troop in Calcutta from out of play",
            "add sepoy in Assam", "add congress activist in Railway Calcutta–Siliguri",
            "add muslim league activist in Bihar", "done"} <= set(texts)
    assert not any("troop in Assam" in t for t in texts)  # 1.4.2 no Troops in a State
    assert not any("Punjab" in t for t in texts)
    choose(state, "raj", "add troop in East Bengal from out of play")
    choose(state, "raj", "add sepoy in Assam")
    choose(state, "raj", "add league in Bihar")
    assert state.space("east_bengal").pieces == {"troops": 1}
    assert state.out_of_play == {"troops": 1}
    assert state.space("assam").pieces == {"sepoys": 1}
    assert state.space("bihar").pieces == {"ml_activists": 1}
    assert ended(state, "raj")


def test_5_card_69_shaded_flip_all_guerrillas_underground() -> None:
    """Flip all Guerrillas in India Underground ..."""
    state = playing("69", "shaded", {"bihar": {"pieces": {"guerrillas_active": 2}},
                                     "sind": {"pieces": {"guerrillas_active": 1,
                                                         "guerrillas_underground": 1}}},
                    faction="revolutionaries")
    assert asked(state)[1] == ["flip", "add"]
    choose(state, "revolutionaries", "flip")
    assert state.space("bihar").pieces == {"guerrillas_underground": 2}
    assert state.space("sind").pieces == {"guerrillas_underground": 2}
    assert ended(state, "revolutionaries")


def test_5_card_69_shaded_or_add_up_to_4_guerrillas_in_muslim_spaces() -> None:
    """... or add up to 4 Guerrillas in Muslim spaces."""
    state = playing("69", "shaded", {"bihar": {"muslim_state": True}},
                    faction="revolutionaries")
    assert asked(state)[1] == ["add"]  # no Active Guerrilla to flip
    choose(state, "revolutionaries", "add")
    _, texts = asked(state)
    assert "guerrilla in Sind" in texts and "guerrilla in Jammu & Kashmir" in texts
    assert "guerrilla in Bihar" not in texts and "done" in texts  # 1.3.4
    for space in ("Sind", "Sind", "Punjab", "Calcutta"):
        choose(state, "revolutionaries", f"guerrilla in {space}")
    assert state.space("sind").pieces == {"guerrillas_underground": 2}
    assert state.space("calcutta").pieces == {"guerrillas_underground": 1}
    assert ended(state, "revolutionaries")
    state = playing("69", "shaded", out_of_play={"guerrillas": 16})
    assert ended(state, "raj")  # nothing to flip, nothing to add
