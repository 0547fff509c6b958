"""Scripted Events, group d (rules 5.0-5.1; engine/games/gandhi/scripts/cards_d.py): cards
1, 2, 4, 7, 8, 9, 26, 32, 57, 60, 65, one test or more per card side, built from the card's
own text."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.core.events import DieRolled
from engine.games.gandhi.derived import available
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED
from tests.games.gandhi.helpers import asked, choose, chosen, playing

engine.games.load()

CARDS_D = ("1", "2", "4", "7", "8", "9", "26", "32", "57", "60", "65")


def ended(state: GandhiState, faction: str, events: list[Any] | None = None) -> None:
    """The Event is over: the card asks its next Faction (2.3.6)."""
    assert state.step.name == "card", state.step.name
    if events is not None:
        assert [(e.faction, e.did) for e in events if isinstance(e, FactionActed)] == [
            (faction, "event")]


def pieces(state: GandhiState, sid: str) -> dict[str, int]:
    return {k: v for k, v in state.space(sid).pieces.items() if v}


def box(counts: dict[str, int]) -> dict[str, int]:
    """A box's non-empty counts."""
    return {k: v for k, v in counts.items() if v}


def test_scripted_cards_d_registered() -> None:
    for card in CARDS_D:
        assert card in SCRIPTED


# --- #1 British Indian Army Defends the Empire ------------------------------------------------


def test_5_card_1_unshaded_up_to_6_cubes_in_cities_and_provinces_3_from_out_of_play() -> None:
    """Add up to 6 cubes to any Cities and Provinces (up to 3 from Out of Play, the rest
    from Available)."""
    state = playing("1", "unshaded", {"west_bengal": {"muslim_state": True}},
                    out_of_play={"troops": 2, "sepoys": 5})
    seat, texts = asked(state)
    assert seat == "raj" and "done" in texts
    assert {"add troop in Punjab", "add troop in Punjab from out of play", "add sepoy in Delhi",
            "add sepoy in Delhi from out of play"} <= set(texts)
    assert not any(name in t for t in texts for name in ("Hyderabad", "West Bengal", "Rail"))
    choose(state, "raj", "add troop Punjab from out of play")
    choose(state, "raj", "add troop Punjab from out of play")
    assert "add troop in Delhi from out of play" not in asked(state)[1]   # none left there
    choose(state, "raj", "add sepoy Delhi from out of play")
    assert not any(t.endswith("from out of play") for t in asked(state)[1])  # 3 at most
    assert box(state.out_of_play) == {"sepoys": 4}
    troops, sepoys = available(state, "troops"), available(state, "sepoys")
    choose(state, "raj", "add sepoy Delhi")
    choose(state, "raj", "add troop Bombay")
    events = choose(state, "raj", "add sepoy Karachi")                  # the sixth cube
    ended(state, "raj", events)
    assert pieces(state, "punjab") == {"troops": 2}
    assert pieces(state, "delhi") == {"sepoys": 2} and pieces(state, "karachi") == {"sepoys": 1}
    assert pieces(state, "bombay") == {"troops": 1}
    assert (available(state, "troops"), available(state, "sepoys")) == (troops - 1, sepoys - 2)
    assert box(state.out_of_play) == {"sepoys": 4}


def test_5_card_1_unshaded_done_stops_early() -> None:
    """Add up to 6 cubes ...: "up to" -- the executing Faction may stop."""
    state = playing("1", "unshaded", faction="congress")
    choose(state, "congress", "add troop Bihar")
    choose(state, "congress", "done")
    ended(state, "congress")
    assert pieces(state, "bihar") == {"troops": 1}


def test_5_card_1_shaded_5_sepoys_2_per_space_first_3_to_available_rest_out_of_play() -> None:
    """Remove 5 Sepoys from the map, no more than 2 per space: the first 3 to Available,
    the rest to Out of Play (the tutorial's reading, IT l.2557)."""
    state = playing("1", "shaded", {
        "delhi": {"pieces": {"sepoys": 3}}, "punjab": {"pieces": {"sepoys": 1}},
        "hyderabad": {"pieces": {"sepoys": 2}}, "bihar": {"pieces": {"sepoys": 2}}},
        faction="revolutionaries")
    seat, texts = asked(state)
    assert seat == "revolutionaries" and "done" not in texts
    assert set(texts) == {"remove sepoy in Delhi", "remove sepoy in Punjab",
                          "remove sepoy in Hyderabad", "remove sepoy in Bihar"}
    choose(state, "revolutionaries", "remove sepoy Delhi")
    choose(state, "revolutionaries", "remove sepoy Delhi")
    assert "remove sepoy in Delhi" not in asked(state)[1]   # no more than 2 per space
    choose(state, "revolutionaries", "remove sepoy Hyderabad")
    assert not box(state.out_of_play)                        # the first 3 to Available
    choose(state, "revolutionaries", "remove sepoy Bihar")
    assert state.out_of_play["sepoys"] == 1
    events = choose(state, "revolutionaries", "remove sepoy Punjab")
    ended(state, "revolutionaries", events)
    assert state.out_of_play["sepoys"] == 2
    assert [state.space(s).count("sepoys") for s in ("delhi", "hyderabad", "bihar", "punjab")] \
        == [1, 1, 1, 0]


def test_5_card_1_shaded_fewer_sepoys_removable_ends_early() -> None:
    """Remove 5 Sepoys ..., no more than 2 per space: with 3 removable, 3 go (5.1.2)."""
    state = playing("1", "shaded", {"delhi": {"pieces": {"sepoys": 4}},
                                    "punjab": {"pieces": {"sepoys": 1}}})
    for text in ("remove sepoy Delhi", "remove sepoy Punjab", "remove sepoy Delhi"):
        choose(state, "raj", text)
    ended(state, "raj")
    assert state.space("delhi").count("sepoys") == 2 and state.out_of_play.get("sepoys", 0) == 0


# --- #2 Viceroy Irwin Meets Gandhi -----------------------------------------------------------


def test_5_card_2_unshaded_arrest_up_to_5_activists_in_spaces_at_support() -> None:
    """Arrest up to 5 Activists total in any spaces at Support."""
    state = playing("2", "unshaded", {
        "punjab": {"pieces": {"congress_activists": 2, "ml_activists": 1}, "support": 1},
        "delhi": {"pieces": {"congress_activists": 3, "gandhi": 1}, "support": 2},
        "bihar": {"pieces": {"congress_activists": 1}, "support": 0},
        "rail_delhi_ganges": {"pieces": {"congress_activists": 1}}})
    _, texts = asked(state)
    assert set(texts) == {"arrest congress activist in Punjab",
                          "arrest muslim league activist in Punjab",
                          "arrest congress activist in Delhi", "done"}
    for text in ("arrest congress Punjab", "arrest congress Punjab", "arrest league Punjab",
                 "arrest congress Delhi"):
        choose(state, "raj", text)
    assert state.jail == {"congress_activists": 3, "ml_activists": 1}
    events = choose(state, "raj", "arrest congress Delhi")               # the fifth
    ended(state, "raj", events)
    assert state.jail == {"congress_activists": 4, "ml_activists": 1}
    assert pieces(state, "delhi") == {"congress_activists": 1, "gandhi": 1}
    assert pieces(state, "bihar") == {"congress_activists": 1}


def test_5_card_2_unshaded_done_stops_early() -> None:
    """Arrest up to 5 Activists ...: the executing Faction may stop."""
    state = playing("2", "unshaded", {
        "punjab": {"pieces": {"congress_activists": 2}, "support": 1}})
    choose(state, "raj", "arrest congress Punjab")
    choose(state, "raj", "done")
    ended(state, "raj")
    assert state.jail == {"congress_activists": 1}


def test_5_card_2_shaded_release_twice_a_die_roll_of_activists_to_any_spaces() -> None:
    """Release twice a die roll of Activists from Jail to any spaces (Gandhi is no
    Activist: he stays in Jail)."""
    state = playing("2", "shaded", faction="congress", rolls=(2,),
                    jail={"congress_activists": 3, "ml_activists": 2, "gandhi": 1})
    assert DieRolled(value=2, purpose="event") in chosen(state)
    seat, texts = asked(state)
    assert seat == "congress" and "done" not in texts
    assert {"release congress activist to Punjab",
            "release muslim league activist to Railway Delhi–Allahabad",
            "release congress activist to Hyderabad"} <= set(texts)
    assert not any("gandhi" in t.lower() for t in texts)
    for text in ("release congress to Punjab", "release congress to Punjab",
                 "release league to Rail Delhi-Ganges"):
        choose(state, "congress", text)
    events = choose(state, "congress", "release congress to Hyderabad")  # 2 x 2
    ended(state, "congress", events)
    assert box(state.jail) == {"ml_activists": 1, "gandhi": 1}
    assert pieces(state, "punjab") == {"congress_activists": 2}
    assert pieces(state, "rail_delhi_ganges") == {"ml_activists": 1}


def test_5_card_2_shaded_fewer_in_jail_than_twice_the_roll_releases_all() -> None:
    """Release twice a die roll ...: a 6 asks 12, the 2 in Jail are all released."""
    state = playing("2", "shaded", rolls=(6,), jail={"ml_activists": 2})
    choose(state, "raj", "release league to Sind")
    choose(state, "raj", "release league to Sind")
    ended(state, "raj")
    assert pieces(state, "sind") == {"ml_activists": 2} and not box(state.jail)


def test_5_card_2_shaded_empty_jail_ends_at_once() -> None:
    """Release twice a die roll of Activists from Jail: nobody in Jail, nothing to do."""
    state = playing("2", "shaded", rolls=(3,), jail={"gandhi": 1})
    ended(state, "raj", chosen(state))


# --- #4 Simon Commission Report Published -----------------------------------------------------


def test_5_card_4_unshaded_up_to_4_activists_1_protest_1_unrest_removed() -> None:
    """Remove up to 4 Activists, up to 1 Protest marker, and up to 1 Unrest marker from
    the map (a Strike is no Unrest marker)."""
    state = playing("4", "unshaded", {
        "punjab": {"pieces": {"congress_activists": 2}, "protest": True},
        "delhi": {"pieces": {"ml_activists": 3}, "protest": True},
        "bihar": {"unrest": 2},
        "rail_delhi_ganges": {"strike": True}})
    _, texts = asked(state)
    assert {"remove congress activist in Punjab", "remove muslim league activist in Delhi",
            "remove protest in Punjab", "remove protest in Delhi", "remove unrest in Bihar",
            "done"} <= set(texts)
    assert not any("Railway" in t for t in texts)
    choose(state, "raj", "remove protest Delhi")
    assert not any(t.startswith("remove protest") for t in asked(state)[1])
    choose(state, "raj", "remove unrest Bihar")
    assert state.space("bihar").unrest == 1
    assert not any(t.startswith("remove unrest") for t in asked(state)[1])
    for text in ("remove congress Punjab", "remove congress Punjab", "remove league Delhi"):
        choose(state, "raj", text)
    events = choose(state, "raj", "remove league Delhi")                  # the fourth
    ended(state, "raj", events)
    assert not state.space("delhi").protest and state.space("punjab").protest
    assert pieces(state, "delhi") == {"ml_activists": 1} and not pieces(state, "punjab")
    assert state.jail == {} and state.space("rail_delhi_ganges").strike
    assert available(state, "congress_activists") == 16


def test_5_card_4_shaded_up_to_4_activists_and_2_unrest_strike_on_railway() -> None:
    """Add up to 4 Activists and up to 2 Unrest markers in any spaces (Strike if on a
    Railway)."""
    state = playing("4", "shaded", {"rail_calcutta_ganges": {"strike": True}},
                    faction="muslim_league")
    seat, texts = asked(state)
    assert seat == "muslim_league" and "done" in texts
    assert {"add muslim league activist in Punjab", "add congress activist in Punjab",
            "unrest Punjab", "unrest Railway Delhi–Allahabad"} <= set(texts)
    assert "unrest Railway Calcutta–Allahabad" not in texts  # one Strike per Railway
    choose(state, "muslim_league", "unrest Rail Delhi-Ganges")
    assert state.space("rail_delhi_ganges").strike and not state.space("rail_delhi_ganges").unrest
    choose(state, "muslim_league", "unrest Bihar")
    assert state.space("bihar").unrest == 1
    assert not any(t.startswith("unrest") for t in asked(state)[1])     # 2 at most
    for text in ("add league Punjab", "add league Punjab", "add congress Rail Delhi-Ganges"):
        choose(state, "muslim_league", text)
    events = choose(state, "muslim_league", "add league Sind")
    ended(state, "muslim_league", events)
    assert pieces(state, "punjab") == {"ml_activists": 2}
    assert pieces(state, "rail_delhi_ganges") == {"congress_activists": 1}
    assert available(state, "ml_activists") == 13


def test_5_card_4_shaded_only_available_activists() -> None:
    """Add up to 4 Activists ...: only Available ones (5.1.1)."""
    state = playing("4", "shaded", {"punjab": {"pieces": {"ml_activists": 16}}},
                    out_of_play={"congress_activists": 15}, faction="muslim_league")
    _, texts = asked(state)
    assert "add muslim league activist in Sind" not in texts
    assert "add congress activist in Sind" in texts
    choose(state, "muslim_league", "add congress Sind")
    assert not any(t.startswith("add") for t in asked(state)[1])
    choose(state, "muslim_league", "done")
    ended(state, "muslim_league")


# --- #7 Jawaharlal Nehru Rises to Prominence ----------------------------------------------------


def test_5_card_7_unshaded_up_to_5_sepoys_from_out_of_play_where_congress_activists() -> None:
    """In spaces with Congress Activists, add up to 5 Sepoys from Out of Play."""
    state = playing("7", "unshaded", {
        "punjab": {"pieces": {"congress_activists": 1}},
        "hyderabad": {"pieces": {"congress_activists": 2}},
        "bihar": {"pieces": {"gandhi": 1, "ml_activists": 1}}}, out_of_play={"sepoys": 6})
    _, texts = asked(state)
    assert set(texts) == {"add sepoy in Punjab from out of play",
                          "add sepoy in Hyderabad from out of play", "done"}
    for text in ("add sepoy Punjab from out of play", "add sepoy Hyderabad from out of play",
                 "add sep Hyderabad out of play", "add sepoy in Punjab from out of play"):
        choose(state, "raj", text)
    events = choose(state, "raj", "add sepoy Punjab from out of play")
    ended(state, "raj", events)
    assert pieces(state, "punjab") == {"congress_activists": 1, "sepoys": 3}
    assert state.space("hyderabad").count("sepoys") == 2 and state.out_of_play["sepoys"] == 1


def test_5_card_7_unshaded_nothing_out_of_play_ends_at_once() -> None:
    """... add up to 5 Sepoys from Out of Play: none there, nothing to do."""
    state = playing("7", "unshaded", {"punjab": {"pieces": {"congress_activists": 1}}})
    ended(state, "raj", chosen(state))
    assert pieces(state, "punjab") == {"congress_activists": 1}


def test_5_card_7_shaded_up_to_4_activists_or_guerrillas_with_congress_2_from_oop() -> None:
    """Add up to 4 Activists or Guerrillas in spaces with Congress pieces (up to 2 from
    Out of Play)."""
    state = playing("7", "shaded", {
        "bihar": {"pieces": {"gandhi": 1}},
        "punjab": {"pieces": {"congress_activists": 1}},
        "delhi": {"pieces": {"ml_activists": 1}}},
        out_of_play={"congress_activists": 2, "guerrillas": 3, "ml_activists": 1},
        faction="congress")
    _, texts = asked(state)
    assert {"add guerrilla in Bihar", "add muslim league activist in Punjab from out of play",
            "add congress activist in Bihar", "done"} <= set(texts)
    assert not any("Delhi" in t for t in texts)
    choose(state, "congress", "add congress Punjab from out of play")
    choose(state, "congress", "add guerrilla Bihar from out of play")
    assert not any(t.endswith("from out of play") for t in asked(state)[1])  # 2 at most
    choose(state, "congress", "add guerrilla Bihar")
    events = choose(state, "congress", "add league Punjab")
    ended(state, "congress", events)
    assert pieces(state, "bihar") == {"gandhi": 1, "guerrillas_underground": 2}
    assert pieces(state, "punjab") == {"congress_activists": 2, "ml_activists": 1}
    assert state.out_of_play == {"congress_activists": 1, "guerrillas": 2, "ml_activists": 1}


# --- #8 Webb Miller Interviews Gandhi ---------------------------------------------------------


def test_5_card_8_unshaded_one_per_cube_then_the_chosen_marker() -> None:
    """In 1 Protest or Unrest space, remove 1 Activist or Guerrilla per cube to Available,
    then remove 1 Unrest or Protest marker."""
    state = playing("8", "unshaded", {
        "punjab": {"pieces": {"troops": 1, "sepoys": 1, "congress_activists": 1,
                              "ml_activists": 1, "guerrillas_active": 1},
                   "protest": True, "unrest": 1},
        "bihar": {"unrest": 1},
        "delhi": {"pieces": {"troops": 2, "congress_activists": 2}},
        "rail_delhi_ganges": {"strike": True}})
    _, texts = asked(state)
    assert set(texts) == {"in Punjab"}      # 5.1.2 in Bihar nothing could be removed
    choose(state, "raj", "in Punjab")
    assert set(asked(state)[1]) == {"remove congress activist", "remove muslim league activist",
                                    "remove active guerrilla"}
    choose(state, "raj", "remove congress")
    choose(state, "raj", "remove active")                   # 2 cubes: 2 removed
    assert set(asked(state)[1]) == {"remove protest", "remove unrest"}
    events = choose(state, "raj", "remove unrest")
    ended(state, "raj", events)
    punjab = state.space("punjab")
    assert punjab.protest and punjab.unrest == 0
    assert pieces(state, "punjab") == {"troops": 1, "sepoys": 1, "ml_activists": 1}
    assert state.jail == {} and available(state, "congress_activists") == 14


def test_5_card_8_unshaded_one_marker_goes_by_itself() -> None:
    """... then remove 1 Unrest or Protest marker: the only one there."""
    state = playing("8", "unshaded", {
        "bihar": {"pieces": {"sepoys": 1, "guerrillas_underground": 2}, "protest": True}},
        faction="muslim_league")
    choose(state, "muslim_league", "in Bihar")
    assert asked(state)[1] == ["remove underground guerrilla"]
    events = choose(state, "muslim_league", "remove underground")
    ended(state, "muslim_league", events)
    assert not state.space("bihar").protest
    assert pieces(state, "bihar") == {"sepoys": 1, "guerrillas_underground": 1}


def test_5_card_8_shaded_up_to_2_protest_spaces_toward_active_opposition() -> None:
    """Shift up to 2 Protest spaces 1 level each toward Active Opposition."""
    state = playing("8", "shaded", {
        "punjab": {"protest": True}, "delhi": {"protest": True, "support": 1},
        "bihar": {"protest": True, "support": -2}, "sind": {"support": 1}},
        faction="congress")
    assert set(asked(state)[1]) == {"in Punjab", "in Delhi", "done"}
    choose(state, "congress", "in Punjab")
    assert set(asked(state)[1]) == {"in Delhi", "done"}
    events = choose(state, "congress", "in Delhi")
    ended(state, "congress", events)
    assert [state.space(s).support for s in ("punjab", "delhi", "bihar", "sind")] == \
        [-1, 0, -2, 1]


# --- #9 Jallianwala Bagh Massacre Shocks India -------------------------------------------------


def test_5_card_9_unshaded_unrest_in_2_troop_spaces_then_1_removed_per_cube() -> None:
    """Add 1 Unrest marker in 2 spaces with Troops, then in each space remove 1 Guerrilla
    or Activist for each cube there (all to Available)."""
    state = playing("9", "unshaded", {
        "punjab": {"pieces": {"troops": 1, "sepoys": 1, "congress_activists": 1,
                              "guerrillas_underground": 2}},
        "delhi": {"pieces": {"troops": 2, "ml_activists": 1}},
        "bihar": {"pieces": {"sepoys": 3, "congress_activists": 1}}})
    assert set(asked(state)[1]) == {"in Punjab", "in Delhi"}
    choose(state, "raj", "in Punjab")
    assert state.space("punjab").unrest == 1
    assert asked(state)[1] == ["in Delhi"]                   # both spaces first
    choose(state, "raj", "in Delhi")
    assert state.space("delhi").unrest == 1
    _, texts = asked(state)
    assert set(texts) == {"remove congress activist in Punjab",
                          "remove underground guerrilla in Punjab",
                          "remove muslim league activist in Delhi"}
    choose(state, "raj", "remove congress Punjab")
    choose(state, "raj", "remove underground Punjab")        # 2 cubes in Punjab
    assert asked(state)[1] == ["remove muslim league activist in Delhi"]
    events = choose(state, "raj", "remove league Delhi")
    ended(state, "raj", events)
    assert pieces(state, "punjab") == {"troops": 1, "sepoys": 1, "guerrillas_underground": 1}
    assert pieces(state, "bihar") == {"sepoys": 3, "congress_activists": 1}
    assert state.jail == {}


def test_5_card_9_unshaded_one_space_with_troops_only() -> None:
    """Add 1 Unrest marker in 2 spaces with Troops ...: only one has Troops (5.1.2)."""
    state = playing("9", "unshaded", {"rail_delhi_ganges": {"pieces": {"troops": 1}}})
    events = choose(state, "raj", "in Railway Delhi–Allahabad")
    ended(state, "raj", events)
    assert state.space("rail_delhi_ganges").strike             # 5.1.4 Strike on a Railway


def test_5_card_9_shaded_unrest_up_to_4_pieces_bases_last_then_2_levels() -> None:
    """Add 1 Unrest marker to a space with cubes, then remove up to 4 pieces there to
    Available (Bases last). Shift the space 2 levels toward Active Opposition."""
    state = playing("9", "shaded", {
        "bihar": {"pieces": {"sepoys": 1, "congress_activists": 2, "guerrillas_active": 1,
                             "rev_bases": 1, "gandhi": 1}, "support": 1},
        "punjab": {"pieces": {"congress_activists": 1}}}, faction="congress")
    assert asked(state)[1] == ["in Bihar"]                   # the only space with cubes
    choose(state, "congress", "in Bihar")
    assert state.space("bihar").unrest == 1
    assert set(asked(state)[1]) == {"remove congress activist", "remove active guerrilla",
                                    "done"}
    for text in ("remove congress", "remove congress", "remove active"):
        choose(state, "congress", text)
    assert set(asked(state)[1]) == {"remove revolutionary base", "done"}  # Bases last
    events = choose(state, "congress", "remove rev base")
    ended(state, "congress", events)
    assert pieces(state, "bihar") == {"sepoys": 1, "gandhi": 1}
    assert state.space("bihar").support == -1
    assert available(state, "rev_bases") == 5 and state.jail == {}


def test_5_1_2_card_8_unshaded_any_protest_or_unrest_space_when_none_allows_removals() -> None:
    """5.1.2 With no space where a piece can be removed, the marker still comes off."""
    state = playing("8", "unshaded", {"bihar": {"unrest": 1},
                                      "punjab": {"protest": True, "pieces": {"troops": 1}}})
    assert set(asked(state)[1]) == {"in Bihar", "in Punjab"}


def test_5_1_2_card_9_shaded_a_space_that_can_shift_before_a_railway() -> None:
    """5.1.2 "Add 1 Unrest marker to a space with cubes ... Shift the space 2 levels": a
    Railway takes a Strike but has no Support level, so Punjab comes first."""
    spaces = {"punjab": {"pieces": {"sepoys": 1}},
              "rail_delhi_ganges": {"pieces": {"sepoys": 1}},
              "bihar": {"pieces": {"troops": 1}, "support": -2}}
    state = playing("9", "shaded", spaces, faction="revolutionaries")
    assert asked(state)[1] == ["in Punjab"]   # Bihar is already at Active Opposition
    del spaces["punjab"]
    state = playing("9", "shaded", spaces, faction="revolutionaries")
    assert set(asked(state)[1]) == {"in Railway Delhi–Allahabad", "in Bihar"}


def test_5_card_9_shaded_done_still_shifts() -> None:
    """... remove up to 4 pieces ... Shift the space 2 levels: the shift is not optional."""
    state = playing("9", "shaded", {"punjab": {"pieces": {"troops": 1, "ml_activists": 1}}})
    choose(state, "raj", "in Punjab")
    choose(state, "raj", "done")
    ended(state, "raj")
    punjab = state.space("punjab")
    assert (punjab.unrest, punjab.support, punjab.count("ml_activists")) == (1, -2, 1)


# --- #26 Rowlatt Act Enforced ---------------------------------------------------------------


def test_5_card_26_unshaded_in_2_spaces_arrest_1_activist_per_cube() -> None:
    """In 2 spaces, arrest 1 Activist for each cube."""
    state = playing("26", "unshaded", {
        "punjab": {"pieces": {"troops": 1, "sepoys": 1, "congress_activists": 1,
                              "ml_activists": 2}},
        "delhi": {"pieces": {"troops": 3, "congress_activists": 2}},
        "bihar": {"pieces": {"congress_activists": 1}}})
    assert set(asked(state)[1]) == {"in Punjab", "in Delhi"}
    choose(state, "raj", "in Punjab")                        # 2 cubes, 3 Activists: asked
    assert set(asked(state)[1]) == {"arrest congress activist", "arrest muslim league activist"}
    choose(state, "raj", "arrest league")
    choose(state, "raj", "arrest league")
    assert asked(state)[1] == ["in Delhi"]
    events = choose(state, "raj", "in Delhi")                # both arrested, no choice
    ended(state, "raj", events)
    assert state.jail == {"ml_activists": 2, "congress_activists": 2}
    assert pieces(state, "punjab") == {"troops": 1, "sepoys": 1, "congress_activists": 1}
    assert pieces(state, "bihar") == {"congress_activists": 1}


def test_5_card_26_shaded_protest_and_unrest_then_each_space_shifts_once() -> None:
    """Add 1 Protest and 1 Unrest marker, then shift each space 1 level toward Active
    Opposition (one shift for a space that got both)."""
    state = playing("26", "shaded", {"bihar": {"support": -2}}, faction="congress")
    _, texts = asked(state)
    assert "protest Punjab" in texts and "protest Bihar" not in texts  # 5.1.2
    assert not any("Railway" in t for t in texts)
    choose(state, "congress", "protest Punjab")
    _, texts = asked(state)
    assert "unrest Punjab" in texts and "unrest Sind" in texts
    assert "unrest Railway Delhi–Allahabad" not in texts     # no Support on a Railway
    events = choose(state, "congress", "unrest Punjab")
    ended(state, "congress", events)
    punjab = state.space("punjab")
    assert (punjab.protest, punjab.unrest, punjab.support) == (True, 1, -1)


def test_5_card_26_shaded_two_spaces_shift_each() -> None:
    """Add 1 Protest and 1 Unrest marker, then shift each space 1 level ..."""
    state = playing("26", "shaded", {"delhi": {"support": 2}}, faction="revolutionaries")
    choose(state, "revolutionaries", "protest Delhi")
    choose(state, "revolutionaries", "unrest Bihar")
    ended(state, "revolutionaries")
    assert (state.space("delhi").support, state.space("bihar").support) == (1, -1)
    assert state.space("delhi").unrest == 0 and not state.space("bihar").protest


# --- #32 Cellular Jail -----------------------------------------------------------------------


def test_5_card_32_unshaded_2_pieces_out_of_play_not_gandhi_nor_bases_then_4_activated() -> None:
    """Move any 2 pieces to Out of Play (not Gandhi), then Activate any 4 Guerrillas.
    Bases may not be moved to Out of Play."""
    state = playing("32", "unshaded", {
        "punjab": {"pieces": {"troops": 1, "gandhi": 1, "rev_bases": 1,
                              "guerrillas_underground": 3}},
        "bihar": {"pieces": {"ml_activists": 1, "ml_bases": 1, "guerrillas_underground": 2}}})
    _, texts = asked(state)
    assert {"out troop in Punjab", "out muslim league activist in Bihar",
            "out underground guerrilla in Punjab"} <= set(texts)
    assert not any("Gandhi" in t or "base" in t for t in texts) and "done" not in texts
    choose(state, "raj", "out troop Punjab")
    choose(state, "raj", "out league Bihar")
    assert set(asked(state)[1]) == {"activate Punjab", "activate Bihar"}
    for text in ("activate Punjab", "activate Punjab", "activate Bihar"):
        choose(state, "raj", text)
    events = choose(state, "raj", "activate Punjab")
    ended(state, "raj", events)
    assert state.out_of_play == {"troops": 1, "ml_activists": 1}
    assert pieces(state, "punjab") == {"gandhi": 1, "rev_bases": 1, "guerrillas_active": 3}
    assert pieces(state, "bihar") == {"ml_bases": 1, "guerrillas_underground": 1,
                                      "guerrillas_active": 1}


def test_5_card_32_unshaded_any_4_guerrillas_may_be_already_active() -> None:
    """1.4.3 "Activate" an Active Guerrilla: it stays Active.  With 4 Active Guerrillas on
    the map the executor need not flip an Underground one."""
    state = playing("32", "unshaded", {
        "punjab": {"pieces": {"guerrillas_underground": 2, "guerrillas_active": 3,
                              "sepoys": 2}}}, faction="revolutionaries")
    choose(state, "revolutionaries", "out sepoy Punjab")
    choose(state, "revolutionaries", "out sepoy Punjab")
    assert asked(state)[1] == ["activate Punjab"]            # 3 Active: one more is due
    choose(state, "revolutionaries", "activate Punjab")
    assert asked(state)[1] == ["activate Punjab", "done"]     # 4 Active now
    events = choose(state, "revolutionaries", "done")
    ended(state, "revolutionaries", events)
    assert pieces(state, "punjab") == {"guerrillas_underground": 1, "guerrillas_active": 4}


def test_5_card_32_shaded_raj_minus_2_per_jailed_activist_then_restraint_minus_2() -> None:
    """Raj Resources -2 for each Activist in Jail, then shift Restraint -2 (Gandhi is no
    Activist; Resources not below 0, Restraint not below 1)."""
    jail = {"congress_activists": 3, "ml_activists": 2, "gandhi": 1}
    state = playing("32", "shaded", jail=jail, restraint=4, resources={"raj": 12})
    ended(state, "raj", chosen(state))
    assert (state.resources["raj"], state.restraint) == (2, 2)
    state = playing("32", "shaded", jail=jail, restraint=2, resources={"raj": 5},
                    faction="congress")
    assert (state.resources["raj"], state.restraint) == (0, 1)
    assert state.jail == jail


# --- #57 Sarojini Naidu Inspires the Masses ---------------------------------------------------


def test_5_card_57_unshaded_activists_out_then_cubes_or_guerrillas_in_no_troops_in_states(
        ) -> None:
    """Move up to 2 Activists from the map to Out of Play, then move up to 2 cubes or
    Guerrillas from Out of Play to any spaces (no Troops in States)."""
    state = playing("57", "unshaded", {
        "punjab": {"pieces": {"congress_activists": 2, "gandhi": 1}},
        "west_bengal": {"muslim_state": True}},
        out_of_play={"troops": 1, "sepoys": 2, "guerrillas": 1})
    _, texts = asked(state)
    assert set(texts) == {"out congress activist in Punjab", "done"}
    choose(state, "raj", "out congress Punjab")
    choose(state, "raj", "done")                              # the first part ends
    _, texts = asked(state)
    assert {"add troop in Delhi from out of play", "add sepoy in Hyderabad from out of play",
            "add guerrilla in Punjab from out of play", "add sepoy in West Bengal from out of play",
            "done"} <= set(texts)
    assert "add troop in Hyderabad from out of play" not in texts
    assert "add troop in West Bengal from out of play" not in texts
    assert not any(t.startswith("out") for t in texts)
    choose(state, "raj", "add troop Delhi from out of play")
    events = choose(state, "raj", "add guerrilla Hyderabad from out of play")
    ended(state, "raj", events)
    assert box(state.out_of_play) == {"sepoys": 2, "congress_activists": 1}
    assert pieces(state, "hyderabad") == {"guerrillas_underground": 1}
    assert pieces(state, "punjab") == {"congress_activists": 1, "gandhi": 1}


def test_5_card_57_unshaded_no_activists_on_the_map_one_done_ends_it() -> None:
    """Move up to 2 Activists from the map to Out of Play, then move up to 2 cubes or
    Guerrillas ...: with no Activist on the map, the second part is asked at once."""
    state = playing("57", "unshaded", out_of_play={"sepoys": 1}, faction="congress")
    _, texts = asked(state)
    assert "add sepoy in Delhi from out of play" in texts
    assert not any(t.startswith("out") for t in texts)
    choose(state, "congress", "done")
    ended(state, "congress")
    assert box(state.out_of_play) == {"sepoys": 1}


def test_5_card_57_shaded_up_to_4_activists_in_protest_spaces_2_from_out_of_play() -> None:
    """Add up to 4 Activists in Protest spaces (up to 2 from Out of Play)."""
    state = playing("57", "shaded", {"punjab": {"protest": True}},
                    out_of_play={"congress_activists": 3}, faction="congress")
    _, texts = asked(state)
    assert {"add congress activist in Punjab from out of play",
            "add muslim league activist in Punjab", "done"} <= set(texts)
    assert not any("Bihar" in t for t in texts)
    choose(state, "congress", "add congress Punjab from out of play")
    choose(state, "congress", "add congress Punjab from out of play")
    assert not any(t.endswith("from out of play") for t in asked(state)[1])
    choose(state, "congress", "add league Punjab")
    events = choose(state, "congress", "add congress Punjab")
    ended(state, "congress", events)
    assert pieces(state, "punjab") == {"congress_activists": 3, "ml_activists": 1}
    assert state.out_of_play == {"congress_activists": 1}


# --- #60 Gandhi's Young India Journal ---------------------------------------------------------


def test_5_card_60_unshaded_all_activists_and_guerrillas_off_railways_to_available() -> None:
    """Remove all Activists and Guerrillas on Railways to Available."""
    state = playing("60", "unshaded", {
        "rail_delhi_ganges": {"pieces": {"congress_activists": 2, "sepoys": 1}},
        "rail_south_madras": {"pieces": {"ml_activists": 1, "guerrillas_active": 1,
                                         "guerrillas_underground": 2}},
        "punjab": {"pieces": {"congress_activists": 1, "guerrillas_underground": 1}}})
    ended(state, "raj", chosen(state))
    assert pieces(state, "rail_delhi_ganges") == {"sepoys": 1}
    assert not pieces(state, "rail_south_madras")
    assert pieces(state, "punjab") == {"congress_activists": 1, "guerrillas_underground": 1}
    assert available(state, "guerrillas") == 15 and state.jail == {}


def test_5_card_60_shaded_one_piece_on_railways_next_to_opposition() -> None:
    """Add 1 Active Activist or Underground Guerrillas on up to 4 Railways that are
    adjacent to spaces at Opposition."""
    state = playing("60", "shaded", {"east_bengal": {"support": -1},
                                     "bihar": {"support": 1}}, faction="revolutionaries")
    assert set(asked(state)[1]) == {"add congress activist in Railway Calcutta–Siliguri",
                                    "add muslim league activist in Railway Calcutta–Siliguri",
                                    "add guerrilla in Railway Calcutta–Siliguri", "done"}
    events = choose(state, "revolutionaries", "add guerrilla Rail Calcutta-North-Bengal")
    ended(state, "revolutionaries", events)                  # no other Railway qualifies
    assert pieces(state, "rail_calcutta_north_bengal") == {"guerrillas_underground": 1}


# --- #65 United Bengal -----------------------------------------------------------------------


def bengal() -> dict[str, dict[str, Any]]:
    return {"west_bengal": {"muslim_state": True, "pieces": {"ml_activists": 2}},
            "hyderabad": {"pieces": {"congress_activists": 1, "ml_activists": 1}},
            "mysore": {"pieces": {"congress_activists": 1}},
            "punjab": {"pieces": {"congress_activists": 1}}}


def test_5_card_65_unshaded_remove_1_muslim_state() -> None:
    """Remove 1 Muslim State, or arrest all Activists in up to 2 States."""
    state = playing("65", "unshaded", bengal())
    _, texts = asked(state)
    assert set(texts) == {"remove muslim state in West Bengal", "arrest West Bengal",
                          "arrest Hyderabad", "arrest Mysore", "done"}
    events = choose(state, "raj", "remove muslim state West Bengal")
    ended(state, "raj", events)
    assert not state.space("west_bengal").muslim_state
    assert pieces(state, "west_bengal") == {"ml_activists": 2} and state.jail == {}


def test_5_card_65_unshaded_arrest_all_activists_in_up_to_2_states() -> None:
    """... or arrest all Activists in up to 2 States (Princely or Muslim, 1.3.5)."""
    state = playing("65", "unshaded", bengal())
    choose(state, "raj", "arrest Hyderabad")
    assert set(asked(state)[1]) == {"arrest West Bengal", "arrest Mysore", "done"}
    events = choose(state, "raj", "arrest West Bengal")
    ended(state, "raj", events)
    assert state.jail == {"congress_activists": 1, "ml_activists": 3}
    assert state.space("west_bengal").muslim_state
    assert pieces(state, "mysore") == {"congress_activists": 1}


def test_5_card_65_shaded_muslim_state_raj_moves_the_troops_to_cities() -> None:
    """Place a Muslim State in 1 Province without Raj Control (the Troops there to any
    City): the Raj moves them, then the marker goes down (1.3.5, 1.4.2)."""
    state = playing("65", "shaded", {
        "bihar": {"pieces": {"troops": 2, "congress_activists": 3}, "protest": True},
        "punjab": {"pieces": {"troops": 1}}}, faction="muslim_league")
    _, texts = asked(state)
    assert {"muslim state in Bihar", "muslim state in Sind", "protest Hyderabad"} <= set(texts)
    assert not {"muslim state in Punjab", "muslim state in Delhi", "muslim state in Hyderabad",
                "done"} & set(texts)                          # Raj Control, City, State
    choose(state, "muslim_league", "muslim state Bihar")
    seat, texts = asked(state)
    assert seat == "raj" and set(texts) == {"to Delhi", "to Bombay",
                                            "to Calcutta", "to Karachi",
                                            "to Madras"}
    assert not state.space("bihar").muslim_state
    choose(state, "raj", "to Calcutta")
    assert asked(state)[0] == "raj"
    events = choose(state, "raj", "to Delhi")
    ended(state, "muslim_league", events)
    assert state.space("bihar").muslim_state
    assert pieces(state, "bihar") == {"congress_activists": 3}
    assert pieces(state, "calcutta") == {"troops": 1} and pieces(state, "delhi") == {"troops": 1}


def test_5_card_65_shaded_protest_markers_in_any_3_states() -> None:
    """... or place Protest markers in any 3 States."""
    state = playing("65", "shaded", {"west_bengal": {"muslim_state": True},
                                     "mysore": {"protest": True}}, faction="congress")
    choose(state, "congress", "protest West Bengal")
    _, texts = asked(state)
    assert not any(t.startswith("muslim state") for t in texts) and "done" not in texts
    assert "protest Mysore" not in texts and "protest West Bengal" not in texts
    choose(state, "congress", "protest Hyderabad")
    events = choose(state, "congress", "protest Orissa")
    ended(state, "congress", events)
    assert {s for s, sp in state.spaces.items() if sp.protest} == {
        "west_bengal", "mysore", "hyderabad", "orissa"}
