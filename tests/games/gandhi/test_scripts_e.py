"""Scripted Events, group e (rules 5.0-5.1; engine/games/gandhi/scripts/cards_e.py):
cards 5, 11, 16, 18, 28, 29, 37, 38, 39, 61, 67, one test at least per card side, built
from the card's own text, plus the rule-book examples about #11 (5.1.4) and #16 (8.4.1,
8.8.4)."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.core.events import Event
from engine.games.gandhi.derived import available
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps import event as event_step
from engine.games.gandhi.steps.event import SCRIPTED
from tests.games.gandhi.helpers import asked, choose, on_card

engine.games.load()

CARDS_E = ("5", "11", "16", "18", "28", "29", "37", "38", "39", "61", "67")


def playing(card: str, side: str, spaces: dict[str, dict[str, Any]] | None = None,
            faction: str = "raj", rolls: tuple[int, ...] = (), **kw: Any
            ) -> tuple[GandhiState, list[Event]]:
    """``card`` current, ``faction`` 1st Eligible, which chose the ``side`` Event."""
    state = on_card(card, faction, spaces, **kw)
    assert not event_step.is_manual(state, card)
    return state, choose(state, faction, f"event {side}", rolls=rolls)


def ended(state: GandhiState, events: list[Event], faction: str) -> None:
    """The Event is over: the executing Faction acted (2.3.6), play is back on the card."""
    assert [e.faction for e in events if isinstance(e, FactionActed)] == [faction]
    assert state.step.name == "card"


def pieces(state: GandhiState, sid: str) -> dict[str, int]:
    return dict(state.space(sid).pieces)


def test_scripted_cards_e_registered() -> None:
    for card in CARDS_E:
        assert card in SCRIPTED


# --- #5 First Round Table Conference in London -----------------------------------------------


def test_5_card_5_unshaded_1_muslim_space_loses_its_muslim_state_and_shifts_2_to_support(
        ) -> None:
    """In 1 Muslim space, remove a Muslim State if present and shift that space 2 levels
    toward Active Support."""
    spaces = {"punjab": {"muslim_state": True, "support": -1},
              "sind": {"support": 2},                # nothing to do there
              "bihar": {"support": -2}}              # not a Muslim space
    state, _ = playing("5", "unshaded", spaces)
    seat, texts = asked(state)
    assert seat == "raj"
    assert "in Punjab" in texts and "in Calcutta" in texts and "in Jammu & Kashmir" in texts
    assert "in Sind" not in texts and "in Bihar" not in texts and "done" not in texts
    events = choose(state, "raj", "in Punjab")
    assert not state.space("punjab").muslim_state
    assert state.space("punjab").support == 1
    ended(state, events, "raj")

    state, _ = playing("5", "unshaded", {"calcutta": {"support": -2}})
    events = choose(state, "raj", "in Calcutta")  # no Muslim State there: just the shift
    assert state.space("calcutta").support == 0
    ended(state, events, "raj")


def test_5_card_5_shaded_up_to_3_states_princely_or_muslim_to_passive_opposition() -> None:
    """Set up to 3 States to Passive Opposition."""
    spaces = {"hyderabad": {"support": 2}, "sind": {"muslim_state": True},
              "orissa": {"support": -1}, "bihar": {"support": 1}}
    state, _ = playing("5", "shaded", spaces, faction="congress")
    seat, texts = asked(state)
    assert seat == "congress" and "done" in texts
    assert "in Hyderabad" in texts and "in Sind" in texts and "in Mysore" in texts
    assert "in Orissa" not in texts            # already at Passive Opposition
    assert "in Bihar" not in texts and "in Punjab" not in texts   # Provinces
    choose(state, "congress", "in Hyderabad")
    choose(state, "congress", "in Sind")
    assert state.space("hyderabad").support == -1 and state.space("sind").support == -1
    _, texts = asked(state)
    assert "in Hyderabad" not in texts
    events = choose(state, "congress", "done")
    assert state.space("mysore").support == 0 and state.space("bihar").support == 1
    ended(state, events, "congress")


# --- #11 Aga Khan Palace Made a Prison -------------------------------------------------------


def test_5_1_4_example_card_11_arrest_gandhi_does_not_shift_restraint_or_place_protests(
        ) -> None:
    """5.1.4 EXAMPLE: the unshaded text says to "arrest Gandhi". Do not also shift
    Restraint or place Protest markers, as would occur during Raj Assault (3.2.4), Treaty
    (4.2.1), or Govern (4.2.2).  Card: "Arrest Gandhi and all Activists in his space.
    Shift Unity -1.\""""
    spaces = {"united_provinces": {"pieces": {"gandhi": 1, "congress_activists": 2,
                                              "ml_activists": 1, "troops": 3}},
              "bihar": {"pieces": {"congress_activists": 1}}}
    state, events = playing("11", "unshaded", spaces, restraint=3, unity=3)
    assert pieces(state, "united_provinces") == {"troops": 3}
    assert state.jail == {"gandhi": 1, "congress_activists": 2, "ml_activists": 1}
    assert state.space("bihar").count("congress_activists") == 1   # not his space
    assert state.restraint == 3                                    # no Restraint shift
    assert not any(sp.protest for sp in state.spaces.values())     # no Protest placed
    assert state.unity == 2
    ended(state, events, "raj")


def test_5_card_11_unshaded_gandhi_not_on_the_map_only_unity_minus_1() -> None:
    """Arrest Gandhi and all Activists in his space. Shift Unity -1 (never below 1)."""
    state, events = playing("11", "unshaded", {"bihar": {"pieces": {"congress_activists": 2}}},
                            jail={"gandhi": 1}, unity=1)
    assert state.space("bihar").count("congress_activists") == 2
    assert state.jail == {"gandhi": 1} and state.unity == 1
    ended(state, events, "raj")


def test_5_card_11_shaded_gandhi_and_3_activists_to_any_spaces_the_rest_to_available(
        ) -> None:
    """Release Gandhi and all Activists: Gandhi and 3 Activists to any spaces, the rest
    to Available."""
    state, _ = playing("11", "shaded", {}, faction="congress",
                       jail={"gandhi": 1, "congress_activists": 4, "ml_activists": 2})
    free_congress, free_league = available(state, "congress_activists"), available(
        state, "ml_activists")
    seat, texts = asked(state)
    assert seat == "congress" and "done" not in texts
    assert "Gandhi to Bihar" in texts and "congress activist to Railway Karachi–Samasata" in texts
    assert "muslim league activist to Hyderabad" in texts
    choose(state, "congress", "congress Punjab")           # the old texts still read
    choose(state, "congress", "gandhi Bihar")
    choose(state, "congress", "league activist to Sind")
    _, texts = asked(state)
    assert not any(t.startswith("Gandhi") for t in texts)
    events = choose(state, "congress", "congress Rail Karachi-Indus")
    assert pieces(state, "bihar") == {"gandhi": 1}
    assert pieces(state, "punjab") == {"congress_activists": 1}
    assert pieces(state, "sind") == {"ml_activists": 1}
    assert pieces(state, "rail_karachi_indus") == {"congress_activists": 1}
    assert state.jail == {}   # "all Activists": the rest to Available
    assert available(state, "congress_activists") == free_congress + 2
    assert available(state, "ml_activists") == free_league + 1
    ended(state, events, "congress")


# --- #16 Pakistan Declaration Published in London --------------------------------------------


def pakistan_declaration() -> dict[str, dict[str, Any]]:
    return {"punjab": {"pieces": {"ml_bases": 1}},
            "sind": {"pieces": {"rev_bases": 1}, "unrest": 1},
            "east_bengal": {"pieces": {"ml_bases": 1}},
            "bihar": {"pieces": {"ml_bases": 1, "rev_bases": 1}}}   # not a Muslim space


def test_8_4_1_example_card_16_only_muslim_spaces_are_eligible() -> None:
    """8.4.1 EXAMPLE: "Add 1 Unrest marker to up to 2 Muslim spaces, then remove 1 Base
    from among the selected spaces." Only Muslim spaces are eligible for this Event."""
    state, _ = playing("16", "unshaded", pakistan_declaration(), faction="congress")
    seat, texts = asked(state)
    assert seat == "congress"
    assert {"in Punjab", "in Sind", "in East Bengal", "in Calcutta", "in Karachi",
            "in Jammu & Kashmir", "in Assam", "done"} <= set(texts)
    assert "in Bihar" not in texts and "in Delhi" not in texts and "in Hyderabad" not in texts
    assert not any(t.startswith("in Rail") for t in texts)   # no Railway is a Muslim space


def test_8_8_4_example_card_16_unrest_is_not_optional_and_base_removed_from_selected_spaces(
        ) -> None:
    """8.8.4 EXAMPLE: NP Congress selects up to two Muslim spaces with Bases; in one it
    removes a Base; it places Unrest, as the text does not allow the option not to."""
    state, _ = playing("16", "unshaded", pakistan_declaration(), faction="congress")
    choose(state, "congress", "in Sind")
    assert state.space("sind").unrest == 2          # the Unrest comes with the selection
    choose(state, "congress", "in Punjab")
    assert state.space("punjab").unrest == 1
    seat, texts = asked(state)
    assert seat == "congress"
    assert sorted(texts) == ["remove muslim league base in Punjab",
                             "remove revolutionary base in Sind"]
    free = available(state, "rev_bases")
    events = choose(state, "congress", "remove rev base Sind")
    assert pieces(state, "sind") == {} and available(state, "rev_bases") == free + 1
    assert pieces(state, "punjab") == {"ml_bases": 1}
    assert pieces(state, "east_bengal") == {"ml_bases": 1}   # not selected
    assert pieces(state, "bihar") == {"ml_bases": 1, "rev_bases": 1}
    ended(state, events, "congress")


def test_5_card_16_unshaded_done_after_1_space_without_base_ends_with_the_unrest_only(
        ) -> None:
    """Add 1 Unrest marker to up to 2 Muslim spaces, then remove 1 Base from among the
    selected spaces (none there: nothing removed)."""
    state, _ = playing("16", "unshaded", pakistan_declaration(), faction="raj")
    choose(state, "raj", "in Assam")
    events = choose(state, "raj", "done")
    assert state.space("assam").unrest == 1
    assert pieces(state, "punjab") == {"ml_bases": 1} and pieces(state, "sind")
    ended(state, events, "raj")


def test_5_card_16_shaded_up_to_2_bases_to_muslim_provinces_with_room() -> None:
    """Add up to 2 Bases to Muslim Provinces with room for them."""
    spaces = {"sind": {"pieces": {"ml_bases": 1}},            # Pop 1: full
              "assam": {"muslim_state": True},                # a State, no Province
              "bihar": {}}                                    # not Muslim
    state, _ = playing("16", "shaded", spaces, faction="muslim_league")
    seat, texts = asked(state)
    assert seat == "muslim_league" and "done" in texts
    assert "muslim league base in Punjab" in texts
    assert "revolutionary base in Baluchistan" in texts
    for t in ("muslim league base in Sind", "muslim league base in Assam",
              "muslim league base in Bihar", "muslim league base in Calcutta",
              "muslim league base in Jammu & Kashmir"):
        assert t not in texts
    choose(state, "muslim_league", "league base Punjab")
    events = choose(state, "muslim_league", "league base Punjab")  # Pop 2: room for both
    assert pieces(state, "punjab") == {"ml_bases": 2}
    ended(state, events, "muslim_league")


# --- #18 Jinnah Champions Muslim India -------------------------------------------------------


def bases_all_out() -> dict[str, dict[str, Any]]:
    """Every Base on the map: none Available."""
    return {"punjab": {"pieces": {"ml_bases": 2}}, "east_bengal": {"pieces": {"ml_bases": 2}},
            "west_bengal": {"pieces": {"ml_bases": 1, "rev_bases": 1}},
            "bihar": {"pieces": {"rev_bases": 2}},
            "united_provinces": {"pieces": {"rev_bases": 2}}}


def test_5_card_18_unshaded_1_base_then_that_space_and_1_adjacent_toward_active_support(
        ) -> None:
    """Add 1 Base to any space where possible. Shift that space and one adjacent space 1
    level each toward Active Support."""
    spaces = {"punjab": {"pieces": {"ml_bases": 1, "rev_bases": 1}},  # Pop 2: full
              "karachi": {"support": 2}, "baluchistan": {"support": -1}}
    state, _ = playing("18", "unshaded", spaces)
    _, texts = asked(state)
    assert "muslim league base in Sind" in texts and "revolutionary base in Hyderabad" in texts
    assert "muslim league base in Punjab" not in texts and "done" not in texts
    assert not any("Rail" in t for t in texts)   # 1.4.2 Railways hold no Bases
    choose(state, "raj", "league base Sind")
    assert pieces(state, "sind") == {"ml_bases": 1} and state.space("sind").support == 1
    _, texts = asked(state)
    assert "shift Baluchistan" in texts and "shift Punjab" in texts
    assert "shift Karachi" not in texts       # already at Active Support
    assert "shift Bihar" not in texts and not any("Rail" in t for t in texts)
    events = choose(state, "raj", "shift Baluchistan")
    assert state.space("baluchistan").support == 0
    ended(state, events, "raj")


def test_5_card_18_unshaded_no_base_available_still_shifts_the_chosen_spaces() -> None:
    """5.1.2: with no Base to add, the rest of the text is still carried out."""
    state, _ = playing("18", "unshaded", bases_all_out())
    assert available(state, "ml_bases") == 0 and available(state, "rev_bases") == 0
    _, texts = asked(state)
    assert "in Sind" in texts and not any("base" in t for t in texts)
    choose(state, "raj", "in Sind")
    events = choose(state, "raj", "shift Punjab")
    assert state.space("sind").support == 1 and state.space("punjab").support == 1
    ended(state, events, "raj")


def test_5_1_2_card_18_unshaded_the_base_goes_where_it_and_an_adjacent_space_can_shift(
        ) -> None:
    """5.1.2 spaces "where as much of the Event text as possible can be carried out": not
    Karachi, already at Active Support, nor Calcutta, whose two neighbours are, while Sind
    takes the Base and both shifts."""
    spaces = {"karachi": {"support": 2}, "east_bengal": {"support": 2},
              "west_bengal": {"support": 2}}
    state, _ = playing("18", "unshaded", spaces)
    _, texts = asked(state)
    assert "muslim league base in Sind" in texts and "revolutionary base in Bihar" in texts
    assert not {"muslim league base in Karachi", "revolutionary base in Karachi",
                "muslim league base in Calcutta"} & set(texts)


def test_5_card_18_shaded_unity_plus_1_and_up_to_4_activists_in_muslim_spaces() -> None:
    """Shift Unity +1 and add up to 4 Activists in Muslim spaces."""
    state, _ = playing("18", "shaded", {}, faction="muslim_league", unity=2)
    assert state.unity == 3
    _, texts = asked(state)
    assert "congress activist in Punjab" in texts and "done" in texts
    assert "muslim league activist in Calcutta" in texts
    assert "congress activist in Bihar" not in texts
    assert "muslim league activist in Delhi" not in texts
    choose(state, "muslim_league", "league Punjab")
    choose(state, "muslim_league", "congress Calcutta")
    events = choose(state, "muslim_league", "done")
    assert pieces(state, "punjab") == {"ml_activists": 1}
    assert pieces(state, "calcutta") == {"congress_activists": 1}
    ended(state, events, "muslim_league")

    state, _ = playing("18", "shaded", {}, faction="congress", unity=5)
    assert state.unity == 5      # 5.1.4 never above 5
    for where in ("league Sind", "league Sind", "congress Assam"):
        choose(state, "congress", where)
    events = choose(state, "congress", "league Karachi")     # the 4th: over
    assert pieces(state, "sind") == {"ml_activists": 2}
    ended(state, events, "congress")


# --- #28 British Seek to Divide and Rule -----------------------------------------------------


def test_5_card_28_unshaded_unity_minus_1_league_or_rev_base_and_2_levels_to_support(
        ) -> None:
    """Shift Unity -1. Add 1 Muslim League or Revolutionaries Base in any space where
    possible and shift that space 2 levels toward Active Support."""
    state, _ = playing("28", "unshaded", {"bihar": {"support": -2},
                                          "sind": {"pieces": {"rev_bases": 1}}}, unity=3)
    assert state.unity == 2
    _, texts = asked(state)
    assert "muslim league base in Bihar" in texts and "revolutionary base in Bihar" in texts
    assert "revolutionary base in Sind" not in texts and "done" not in texts
    events = choose(state, "raj", "rev base Bihar")
    assert pieces(state, "bihar") == {"rev_bases": 1}
    assert state.space("bihar").support == 0
    ended(state, events, "raj")


def test_5_1_2_card_28_unshaded_the_base_goes_where_the_2_levels_can_be_shifted() -> None:
    """5.1.2: the Base's space ("that space") is one that can still shift 2 levels (not
    Karachi at Active Support, nor Bihar at Passive Support) while there is one."""
    state, _ = playing("28", "unshaded", {"karachi": {"support": 2}, "bihar": {"support": 1}})
    _, texts = asked(state)
    assert "muslim league base in Sind" in texts and "revolutionary base in Punjab" in texts
    assert not {"muslim league base in Karachi", "revolutionary base in Karachi",
                "muslim league base in Bihar"} & set(texts)


def test_5_1_2_card_28_unshaded_no_base_anywhere_still_shifts_a_space_that_can_shift() -> None:
    """With no Base Available "that space" is still the space the Event selects, and the
    shift is the part of the text that can be carried out (5.1.2): a space that can shift
    2 levels, if any."""
    state, _ = playing("28", "unshaded", {**bases_all_out(), "karachi": {"support": 2},
                                          "sind": {"support": 1}})
    _, texts = asked(state)
    assert "in Delhi" in texts and not {"in Karachi", "in Sind"} & set(texts)
    assert not any("base" in t or "Rail" in t for t in texts)
    events = choose(state, "raj", "in Delhi")
    assert state.space("delhi").support == 2
    ended(state, events, "raj")


def test_5_card_28_shaded_unity_plus_1_and_1_congress_activist_space_toward_opposition(
        ) -> None:
    """Shift Unity +1 and shift 1 space with Congress Activists 1 level toward Active
    Opposition."""
    spaces = {"bihar": {"pieces": {"congress_activists": 1}, "support": 1},
              "delhi": {"pieces": {"congress_activists": 2}, "support": -2},
              "sind": {"pieces": {"ml_activists": 1}}}
    state, _ = playing("28", "shaded", spaces, faction="congress", unity=4)
    assert state.unity == 5
    _, texts = asked(state)
    assert texts == ["in Bihar"]     # Delhi cannot shift further; Sind has no Congress
    events = choose(state, "congress", "in Bihar")
    assert state.space("bihar").support == 0
    ended(state, events, "congress")


# --- #29 Government of India Act 1935 --------------------------------------------------------


def test_5_card_29_unshaded_remove_1_muslim_state_and_congress_or_league_ineligible() -> None:
    """Remove 1 Muslim State. Congress or the Muslim League is Ineligible for the next
    card."""
    state, _ = playing("29", "unshaded", {"sind": {"muslim_state": True},
                                          "bihar": {"muslim_state": True}})
    _, texts = asked(state)
    assert sorted(texts) == ["remove muslim state in Bihar", "remove muslim state in Sind"]
    choose(state, "raj", "remove muslim state Sind")
    assert not state.space("sind").muslim_state and state.space("bihar").muslim_state
    _, texts = asked(state)
    assert sorted(texts) == ["ineligible congress", "ineligible muslim league"]
    events = choose(state, "raj", "ineligible muslim league")
    assert "muslim_league" in state.turn.made_ineligible
    assert "congress" not in state.turn.made_ineligible
    ended(state, events, "raj")

    state, _ = playing("29", "unshaded", {})       # no Muslim State: only the second part
    _, texts = asked(state)
    assert sorted(texts) == ["ineligible congress", "ineligible muslim league"]
    events = choose(state, "raj", "ineligible congress")
    assert "congress" in state.turn.made_ineligible
    ended(state, events, "raj")


def test_5_card_29_shaded_muslim_state_in_province_without_raj_control_troops_to_cities(
        ) -> None:
    """Place 1 Base or a Muslim State in 1 Province without Raj Control (if a State is
    placed, the Troops there go to any City)."""
    spaces = {"bihar": {"pieces": {"troops": 2, "ml_bases": 1, "guerrillas_active": 1}},
              "punjab": {"pieces": {"troops": 1}},            # Raj Control
              "sind": {"muslim_state": True}}                 # already a State
    state, _ = playing("29", "shaded", spaces, faction="muslim_league")
    seat, texts = asked(state)
    assert seat == "muslim_league"
    assert "state Bihar" in texts and "muslim league base in Bihar" in texts
    assert "revolutionary base in Bihar" in texts
    assert "state Punjab" not in texts and "muslim league base in Punjab" not in texts
    assert "state Sind" not in texts and "muslim league base in Sind" not in texts
    assert "state Hyderabad" not in texts and "state Delhi" not in texts
    choose(state, "muslim_league", "state Bihar")
    seat, texts = asked(state)
    assert seat == "raj"             # 1.3.5 the Raj moves the Troops out
    assert sorted(texts) == ["to Bombay", "to Calcutta", "to Delhi", "to Karachi", "to Madras"]
    choose(state, "raj", "to Delhi")
    assert not state.space("bihar").muslim_state      # 1.4.2 not while Troops are there
    events = choose(state, "raj", "to Calcutta")
    assert state.space("bihar").muslim_state
    assert pieces(state, "bihar") == {"ml_bases": 1, "guerrillas_active": 1}
    assert pieces(state, "delhi") == {"troops": 1} and pieces(state, "calcutta") == {"troops": 1}
    ended(state, events, "muslim_league")


def test_5_card_29_shaded_a_base_instead() -> None:
    """Place 1 Base or a Muslim State in 1 Province without Raj Control."""
    state, _ = playing("29", "shaded", {}, faction="revolutionaries")
    events = choose(state, "revolutionaries", "rev base Bihar")
    assert pieces(state, "bihar") == {"rev_bases": 1}
    assert not any(sp.muslim_state for sp in state.spaces.values())
    ended(state, events, "revolutionaries")


# --- #37 Delhi Proposals Spur Muslim Independence --------------------------------------------


def test_5_card_37_unshaded_muslim_state_2_muslim_spaces_passive_support_league_eligible(
        ) -> None:
    """Place a Muslim State in a Province without Raj Control (the Troops there go to any
    City) and set 2 Muslim spaces to Passive Support. The Muslim League stays Eligible for
    the next card."""
    spaces = {"punjab": {"pieces": {"troops": 1, "ml_bases": 1}, "support": -2},
              "delhi": {"pieces": {"troops": 1}},
              "united_provinces": {"pieces": {"sepoys": 2}},    # Raj Control
              "sind": {"support": 1}}
    state, _ = playing("37", "unshaded", spaces, faction="raj")
    _, texts = asked(state)
    assert "state Punjab" in texts and "state Bihar" in texts   # any Province
    assert "state United Provinces" not in texts and "state Delhi" not in texts
    assert "state Hyderabad" not in texts
    choose(state, "raj", "state Punjab")
    seat, texts = asked(state)
    assert seat == "raj" and "to Karachi" in texts
    choose(state, "raj", "to Karachi")
    assert state.space("punjab").muslim_state and pieces(state, "karachi") == {"troops": 1}
    _, texts = asked(state)
    assert "in Punjab" in texts and "in Calcutta" in texts and "in Jammu & Kashmir" in texts
    assert "in Sind" not in texts            # already at Passive Support
    assert "in Delhi" not in texts and "done" not in texts
    choose(state, "raj", "in Punjab")
    events = choose(state, "raj", "in Calcutta")
    assert state.space("punjab").support == 1 and state.space("calcutta").support == 1
    assert "muslim_league" in state.turn.kept_eligible
    ended(state, events, "raj")


def test_5_card_37_shaded_remove_1_muslim_state_and_a_rev_base_there_if_room() -> None:
    """Remove 1 Muslim State and place a Revolutionaries Base there (if there is room)."""
    spaces = {"sind": {"muslim_state": True, "pieces": {"ml_bases": 1}},   # Pop 1: no room
              "punjab": {"muslim_state": True}}
    state, _ = playing("37", "shaded", spaces, faction="revolutionaries")
    _, texts = asked(state)
    assert sorted(texts) == ["in Punjab", "in Sind"]
    events = choose(state, "revolutionaries", "in Sind")
    assert not state.space("sind").muslim_state and pieces(state, "sind") == {"ml_bases": 1}
    assert state.space("punjab").muslim_state
    ended(state, events, "revolutionaries")

    state, _ = playing("37", "shaded", spaces, faction="revolutionaries")
    choose(state, "revolutionaries", "in Punjab")
    assert not state.space("punjab").muslim_state
    assert pieces(state, "punjab") == {"rev_bases": 1}


# --- #38 Lahore Resolution -------------------------------------------------------------------


def test_5_card_38_unshaded_remove_muslim_state_or_any_base_then_passive_support() -> None:
    """Remove 1 Muslim State or any 1 Base, then set that space to Passive Support."""
    spaces = {"punjab": {"muslim_state": True, "support": -2},
              "bihar": {"pieces": {"ml_bases": 1, "rev_bases": 1}, "support": -1}}
    state, _ = playing("38", "unshaded", spaces)
    _, texts = asked(state)
    assert sorted(texts) == ["remove muslim league base in Bihar", "remove muslim state in Punjab",
                             "remove revolutionary base in Bihar"]
    events = choose(state, "raj", "remove rev base Bihar")
    assert pieces(state, "bihar") == {"ml_bases": 1} and state.space("bihar").support == 1
    assert state.space("punjab").muslim_state and state.space("punjab").support == -2
    ended(state, events, "raj")

    state, _ = playing("38", "unshaded", spaces)
    events = choose(state, "raj", "remove muslim state Punjab")
    assert not state.space("punjab").muslim_state and state.space("punjab").support == 1
    ended(state, events, "raj")


def test_5_card_38_shaded_muslim_state_in_any_muslim_province_then_1_piece_out_of_play(
        ) -> None:
    """Place a Muslim State in any Muslim Province (the Troops there go to any City) and
    then place 1 piece there from Out of Play."""
    spaces = {"punjab": {"pieces": {"troops": 2}},     # Raj Control does not matter
              "bihar": {}}
    state, _ = playing("38", "shaded", spaces, faction="muslim_league",
                       out_of_play={"troops": 2, "sepoys": 1, "guerrillas": 1})
    _, texts = asked(state)
    assert "state Punjab" in texts and "state Assam" in texts
    assert "state Bihar" not in texts and "state Calcutta" not in texts
    assert "state Jammu & Kashmir" not in texts
    choose(state, "muslim_league", "state Punjab")
    assert asked(state)[0] == "raj"
    choose(state, "raj", "to Delhi")
    choose(state, "raj", "to Delhi")
    assert state.space("punjab").muslim_state
    seat, texts = asked(state)
    assert seat == "muslim_league"
    assert sorted(texts) == ["place guerrilla", "place sepoy"]   # no Troops in a State
    events = choose(state, "muslim_league", "place guerrilla")
    assert pieces(state, "punjab") == {"guerrillas_underground": 1}   # 1.4.3 Underground
    assert state.out_of_play.get("guerrillas", 0) == 0
    ended(state, events, "muslim_league")


# --- #39 Khudai Khidmatgars Active in the Northwest ------------------------------------------


def test_5_card_39_unshaded_2_muslim_spaces_1_activist_per_cube_or_guerrilla() -> None:
    """In 2 Muslim spaces, remove 1 Activist for each cube or Guerrilla there."""
    spaces = {"punjab": {"pieces": {"troops": 2, "guerrillas_underground": 1,
                                    "congress_activists": 2, "ml_activists": 2}},
              "sind": {"pieces": {"sepoys": 1, "ml_activists": 2}},
              "assam": {"pieces": {"ml_activists": 1}},                  # no cube
              "bihar": {"pieces": {"sepoys": 3, "congress_activists": 1}}}   # not Muslim
    state, _ = playing("39", "unshaded", spaces)
    _, texts = asked(state)
    assert sorted(texts) == ["in Punjab", "in Sind"]
    choose(state, "raj", "in Sind")                     # 1 cube: 1 Activist, no choice
    assert pieces(state, "sind") == {"sepoys": 1, "ml_activists": 1}
    choose(state, "raj", "in Punjab")                   # 3 cubes/Guerrillas: 3 Activists
    _, texts = asked(state)
    assert sorted(texts) == ["remove congress activist in Punjab",
                             "remove muslim league activist in Punjab"]
    choose(state, "raj", "remove congress Punjab")
    choose(state, "raj", "remove congress activist in Punjab")
    _, texts = asked(state)
    assert texts == ["remove muslim league activist in Punjab"]
    events = choose(state, "raj", "remove league Punjab")
    assert pieces(state, "punjab") == {"troops": 2, "guerrillas_underground": 1,
                                       "ml_activists": 1}
    assert pieces(state, "assam") == {"ml_activists": 1}
    assert pieces(state, "bihar") == {"sepoys": 3, "congress_activists": 1}
    assert state.jail == {}          # "remove": to Available (5.1.3)
    ended(state, events, "raj")


def test_5_card_39_shaded_1_muslim_space_up_to_3_sepoys_or_guerrillas_become_activists(
        ) -> None:
    """In 1 Muslim space, replace up to 3 Sepoys and/or Guerrillas with Activists."""
    spaces = {"punjab": {"pieces": {"sepoys": 2, "guerrillas_active": 1, "troops": 1}},
              "sind": {"pieces": {"sepoys": 1}},
              "bihar": {"pieces": {"sepoys": 1}}}
    state, _ = playing("39", "shaded", spaces, faction="muslim_league")
    _, texts = asked(state)
    assert "muslim league activist for sepoy in Punjab" in texts
    assert "congress activist for active guerrilla in Punjab" in texts
    assert "muslim league activist for sepoy in Sind" in texts and "done" in texts
    assert not any("Bihar" in t or "troop" in t for t in texts)
    choose(state, "muslim_league", "league for sepoy Punjab")
    _, texts = asked(state)
    assert not any("Sind" in t for t in texts)      # 1 space only
    choose(state, "muslim_league", "congress for active Punjab")
    events = choose(state, "muslim_league", "league for sepoy Punjab")
    assert pieces(state, "punjab") == {"troops": 1, "ml_activists": 2,
                                       "congress_activists": 1}
    assert pieces(state, "sind") == {"sepoys": 1}
    ended(state, events, "muslim_league")


# --- #61 Simla Conference Divides India ------------------------------------------------------


def test_5_card_61_unshaded_up_to_2_muslim_provinces_toward_passive_support_unity_each(
        ) -> None:
    """Shift up to 2 Muslim Provinces 1 level each toward Passive Support. For each space
    selected, shift Unity -1."""
    spaces = {"punjab": {"support": -2}, "east_bengal": {"support": 2},
              "sind": {"support": 1}, "assam": {"muslim_state": True},
              "bihar": {"support": -1}}
    state, _ = playing("61", "unshaded", spaces, unity=4)
    _, texts = asked(state)
    assert "in Punjab" in texts and "in East Bengal" in texts and "done" in texts
    for t in ("in Sind", "in Assam", "in Bihar", "in Calcutta", "in Jammu & Kashmir"):
        assert t not in texts
    choose(state, "raj", "in Punjab")
    assert state.space("punjab").support == -1 and state.unity == 3
    events = choose(state, "raj", "in East Bengal")
    assert state.space("east_bengal").support == 1 and state.unity == 2
    ended(state, events, "raj")

    state, _ = playing("61", "unshaded", spaces, unity=1)
    choose(state, "raj", "in Punjab")
    events = choose(state, "raj", "done")
    assert state.unity == 1 and state.space("east_bengal").support == 2   # 5.1.4
    ended(state, events, "raj")


def test_5_card_61_shaded_unity_to_3_and_up_to_2_bases_to_provinces_without_raj_control(
        ) -> None:
    """Set Unity to 3 and add up to 2 Bases to any Provinces without Raj Control."""
    spaces = {"punjab": {"pieces": {"troops": 1}},           # Raj Control
              "sind": {"muslim_state": True}}                # a State
    state, _ = playing("61", "shaded", spaces, faction="muslim_league", unity=5)
    assert state.unity == 3
    _, texts = asked(state)
    assert "muslim league base in Bihar" in texts and "revolutionary base in Assam" in texts
    assert "done" in texts
    for t in ("muslim league base in Punjab", "muslim league base in Sind",
              "muslim league base in Delhi", "muslim league base in Hyderabad"):
        assert t not in texts
    choose(state, "muslim_league", "league base Bihar")
    events = choose(state, "muslim_league", "rev base Assam")
    assert pieces(state, "bihar") == {"ml_bases": 1} and pieces(state, "assam") == {
        "rev_bases": 1}
    ended(state, events, "muslim_league")


# --- #67 Demand for Land Reform --------------------------------------------------------------


def test_5_card_67_unshaded_up_to_3_states_toward_support_then_remove_1_muslim_state(
        ) -> None:
    """Shift up to 3 States 1 level each toward Active Support, then remove 1 Muslim
    State."""
    spaces = {"hyderabad": {"support": -1}, "mysore": {"support": 2},
              "sind": {"muslim_state": True}, "bihar": {}}
    state, _ = playing("67", "unshaded", spaces)
    _, texts = asked(state)
    assert "in Hyderabad" in texts and "in Sind" in texts and "done" in texts
    assert "in Mysore" not in texts and "in Bihar" not in texts
    choose(state, "raj", "in Hyderabad")
    choose(state, "raj", "in Sind")
    assert state.space("hyderabad").support == 0 and state.space("sind").support == 1
    choose(state, "raj", "done")
    _, texts = asked(state)
    assert texts == ["remove muslim state in Sind"]        # not optional
    events = choose(state, "raj", "remove muslim state in Sind")
    assert not state.space("sind").muslim_state
    ended(state, events, "raj")


def test_5_card_67_shaded_up_to_3_states_toward_opposition_then_up_to_4_sepoys_from_them(
        ) -> None:
    """Shift up to 3 States 1 level each toward Active Opposition. Remove up to 4 Sepoys
    total from the selected spaces."""
    spaces = {"hyderabad": {"support": -2, "pieces": {"sepoys": 3}},
              "mysore": {"pieces": {"sepoys": 2}},
              "orissa": {"pieces": {"sepoys": 2}}}
    state, _ = playing("67", "shaded", spaces, faction="congress")
    _, texts = asked(state)
    assert "in Hyderabad" in texts     # cannot shift, but its Sepoys may go
    choose(state, "congress", "in Hyderabad")
    choose(state, "congress", "in Mysore")
    assert state.space("mysore").support == -1 and state.space("hyderabad").support == -2
    choose(state, "congress", "done")
    _, texts = asked(state)
    assert sorted(texts) == ["done", "remove sepoy in Hyderabad", "remove sepoy in Mysore"]
    for _ in range(3):
        choose(state, "congress", "remove sepoy Hyderabad")
    events = choose(state, "congress", "remove sepoy Mysore")     # the 4th: over
    assert pieces(state, "hyderabad") == {} and pieces(state, "mysore") == {"sepoys": 1}
    assert pieces(state, "orissa") == {"sepoys": 2} and state.space("orissa").support == 0
    ended(state, events, "congress")

    state, _ = playing("67", "shaded", spaces, faction="congress")
    choose(state, "congress", "in Orissa")
    choose(state, "congress", "done")
    choose(state, "congress", "remove sepoy Orissa")
    events = choose(state, "congress", "done")
    assert pieces(state, "orissa") == {"sepoys": 1}
    ended(state, events, "congress")


def test_5_card_39_shaded_no_activist_available_the_piece_is_removed_instead() -> None:
    """Replace up to 3 Sepoys and/or Guerrillas with Activists: with no Activist
    Available, the piece is removed (1.4.1, 5.1.1)."""
    spaces = {"punjab": {"pieces": {"sepoys": 1, "guerrillas_underground": 1}},
              "bihar": {"pieces": {"congress_activists": 16, "ml_activists": 16}}}
    state, _ = playing("39", "shaded", spaces, faction="congress")
    _, texts = asked(state)
    assert sorted(texts) == ["done", "remove sepoy in Punjab",
                             "remove underground guerrilla in Punjab"]
    choose(state, "congress", "remove underground Punjab")
    events = choose(state, "congress", "done")
    assert pieces(state, "punjab") == {"sepoys": 1}
    ended(state, events, "congress")


def test_5_card_11_shaded_gandhi_already_free_only_the_activists_are_released() -> None:
    """Release Gandhi and all Activists: with Gandhi on the map, only the Activists."""
    state, _ = playing("11", "shaded", {"delhi": {"pieces": {"gandhi": 1}}},
                       jail={"ml_activists": 1})
    _, texts = asked(state)
    assert not any(t.startswith("Gandhi") for t in texts) and "done" not in texts
    events = choose(state, "raj", "league Delhi")
    assert pieces(state, "delhi") == {"gandhi": 1, "ml_activists": 1} and state.jail == {}
    ended(state, events, "raj")

    state, events = playing("11", "shaded", {})     # nobody in Jail: nothing to do
    ended(state, events, "raj")


def test_5_card_16_unshaded_no_unrest_marker_left_a_space_with_a_base_may_still_be_selected(
        ) -> None:
    """5.1.2: with all 12 Unrest/Strike markers on the map, the Unrest cannot be added,
    but a Base may still be removed from a selected space."""
    spaces = {"bihar": {"unrest": 12}, "punjab": {"pieces": {"ml_bases": 1}}}
    state, _ = playing("16", "unshaded", spaces)
    _, texts = asked(state)
    assert sorted(texts) == ["done", "in Punjab"]
    choose(state, "raj", "in Punjab")
    events = choose(state, "raj", "remove league base Punjab")
    assert state.space("punjab").unrest == 0 and pieces(state, "punjab") == {}
    ended(state, events, "raj")
