"""Scripted Events, group f (rules 5.0-5.1; engine/games/gandhi/scripts/cards_f.py): cards
6, 22, 23, 24, 33, 36, 41, 47, 50, 53 and 72, each side tested from its own text."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.core.events import DieRolled
from engine.games.gandhi.deck import event_card
from engine.games.gandhi.derived import available
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.flow import question
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED
from engine.i18n import has_key
from tests.games.gandhi.helpers import asked, choose, chosen, playing

engine.games.load()

CARDS = ("6", "22", "23", "24", "33", "36", "41", "47", "50", "53", "72")


def ended(state: GandhiState, faction: str, events: list[Any] | None = None) -> None:
    """The Event is over: the card goes on (2.3.6), the executor having acted."""
    assert state.step.name == "card"
    assert any(f == faction for f, _ in state.turn.acted)
    if events is not None:
        assert FactionActed(faction=faction, did="event") in events


def test_scripted_cards_f_registered_with_prompts_in_three_languages() -> None:
    for card in CARDS:
        assert card in SCRIPTED and event_card(card, None).effect != "manual"
    for key in ("c6_unshaded_space", "c23_shaded_remove", "c72_shaded"):
        for lang in ("en", "es", "it"):
            assert has_key(f"gandhi.scripts_f.{key}", lang)


# --- #6 Chauri Chaura Massacre ----------------------------------------------------------------


def chauri_chaura() -> dict[str, dict[str, Any]]:
    return {"bihar": {"protest": True, "pieces": {
                "troops": 1, "sepoys": 2, "congress_activists": 2, "gandhi": 1,
                "guerrillas_active": 1, "rev_bases": 1}},
            "delhi": {"protest": True, "pieces": {"ml_activists": 1, "ml_bases": 1}},
            "sind": {"protest": True},                                  # nothing to remove
            "punjab": {"pieces": {"congress_activists": 3}}}            # no Protest


def test_8_8_4_example_card_6_unshaded_executor_picks_protest_space_and_faction_even_cubes(
        ) -> None:
    """8.8.4 example, card #6 unshaded: "In 1 Protest space, remove all pieces belonging to
    1 Faction: Gandhi and Activists to Jail; cubes, Guerrillas, and Bases to Available."
    A Non-player Raj would not remove cubes; a player may (the executing Faction chooses
    the space and the Faction, 5.1)."""
    state = playing("6", "unshaded", chauri_chaura())
    seat, texts = asked(state)
    assert seat == "raj" and set(texts) == {"in Bihar", "in Delhi"}
    choose(state, "raj", "in Bihar")
    _, texts = asked(state)
    assert set(texts) == {"raj", "congress", "revolutionaries"}    # no League piece there
    events = choose(state, "raj", "congress")
    assert state.jail == {"congress_activists": 2, "gandhi": 1}
    assert state.space("bihar").pieces == {"troops": 1, "sepoys": 2, "guerrillas_active": 1,
                                           "rev_bases": 1}
    ended(state, "raj", events)
    # the same choice, but the Raj's own cubes: to Available
    state = playing("6", "unshaded", chauri_chaura())
    choose(state, "raj", "in Bihar")
    before = available(state, "sepoys")
    choose(state, "raj", "raj")
    assert state.space("bihar").count("troops") == 0 and state.space("bihar").count("sepoys") == 0
    assert available(state, "sepoys") == before + 2 and not state.out_of_play
    assert state.space("bihar").count("gandhi") == 1 and not state.jail
    ended(state, "raj")


def test_5_card_06_unshaded_league_activists_to_jail_bases_to_available() -> None:
    """In 1 Protest space, remove all pieces belonging to 1 Faction: Gandhi and Activists
    to Jail; cubes, Guerrillas, and Bases to Available."""
    state = playing("6", "unshaded", chauri_chaura(), faction="revolutionaries")
    choose(state, "revolutionaries", "in Delhi")
    assert asked(state)[1] == ["muslim league"]
    choose(state, "revolutionaries", "league")
    assert state.jail == {"ml_activists": 1} and state.space("delhi").pieces == {}
    assert available(state, "ml_bases") == 5
    ended(state, "revolutionaries")
    state = playing("6", "unshaded", chauri_chaura(), faction="congress")
    choose(state, "congress", "in Bihar")
    choose(state, "congress", "revolutionaries")
    assert state.space("bihar").count("guerrillas_active") == 0
    assert state.space("bihar").count("rev_bases") == 0 and not state.jail
    assert state.space("bihar").count("gandhi") == 1


def test_5_card_06_unshaded_without_pieces_in_a_protest_space_does_nothing() -> None:
    """5.1.2: no Protest space holds a piece: nothing to remove, the Event ends."""
    state = playing("6", "unshaded", {"sind": {"protest": True},
                                      "bihar": {"pieces": {"troops": 2}}})
    assert state.space("bihar").count("troops") == 2
    ended(state, "raj")


def test_5_card_06_shaded_unrest_2_cubes_removed_and_neutral_in_a_space_with_both() -> None:
    """Add 1 Unrest marker in 1 space that has both Activists and Troops, remove 2 cubes
    there, and set the space to Neutral."""
    spaces = {"bihar": {"support": 2, "pieces": {"congress_activists": 1, "troops": 2,
                                                 "sepoys": 1}},
              "delhi": {"support": -1, "pieces": {"ml_activists": 1, "troops": 1}},
              "rail_indus_delhi": {"pieces": {"ml_activists": 1, "troops": 1}},
              "punjab": {"pieces": {"troops": 3}},                  # no Activists
              "hyderabad": {"pieces": {"congress_activists": 1, "sepoys": 2}}}  # no Troops
    state = playing("6", "shaded", spaces, faction="revolutionaries")
    _, texts = asked(state)
    # 5.1.2 the space where the whole text works: a Railway has no Support level, and
    # Delhi has only 1 cube of the 2 to remove
    assert set(texts) == {"in Bihar"}
    choose(state, "revolutionaries", "in Bihar")
    bihar = state.space("bihar")
    assert bihar.unrest == 1 and bihar.support == 0
    assert set(asked(state)[1]) == {"remove troop", "remove sepoy"}
    choose(state, "revolutionaries", "remove troop")
    events = choose(state, "revolutionaries", "remove sepoy")
    assert state.space("bihar").pieces == {"congress_activists": 1, "troops": 1}
    ended(state, "revolutionaries", events)


def test_5_card_06_shaded_on_a_railway_a_strike_and_fewer_cubes_all_go() -> None:
    """5.1.4 Unrest on a Railway is a Strike; with fewer than 2 cubes, all go (5.1.2)."""
    state = playing("6", "shaded", {"rail_indus_delhi": {
        "pieces": {"ml_activists": 1, "troops": 1}}}, faction="congress")
    assert asked(state)[1] == ["in Railway Samasata–Delhi"]
    choose(state, "congress", "in Rail Indus-Delhi")
    rail = state.space("rail_indus_delhi")
    assert rail.strike and rail.unrest == 0 and rail.pieces == {"ml_activists": 1}
    ended(state, "congress")


# --- #22 Subhas Chandra Bose Conspires with Japan ---------------------------------------------


def test_5_card_22_unshaded_up_to_4_guerrillas_2_to_available_2_out_of_play() -> None:
    """Remove up to 4 Guerrillas from any spaces: 2 to Available, 2 to Out of Play."""
    spaces = {"bihar": {"pieces": {"guerrillas_active": 2, "guerrillas_underground": 1}},
              "sind": {"pieces": {"guerrillas_underground": 2}}}
    state = playing("22", "unshaded", spaces)
    _, texts = asked(state)
    assert {"available active guerrilla in Bihar", "out underground guerrilla in Sind",
            "done"} <= set(texts)
    assert len(texts) == 3 * 2 + 1
    choose(state, "raj", "out active in Bihar")
    choose(state, "raj", "out underground in Sind")
    _, texts = asked(state)
    assert not any(t.startswith("out ") for t in texts)     # 2 to Out of Play already
    choose(state, "raj", "available underground in Bihar")
    events = choose(state, "raj", "available underground in Sind")
    assert state.out_of_play == {"guerrillas": 2}
    assert state.space("bihar").pieces == {"guerrillas_active": 1}
    assert state.space("sind").pieces == {}
    assert available(state, "guerrillas") == 16 - 1 - 2
    ended(state, "raj", events)
    state = playing("22", "unshaded", spaces)
    choose(state, "raj", "done")                            # "up to": none need go
    assert state.space("sind").count("guerrillas_underground") == 2
    ended(state, "raj")


def test_5_card_22_shaded_2_spaces_without_raj_control_2_guerrillas_and_1_adversary_out(
        ) -> None:
    """In 2 spaces without Raj Control, add 2 Guerrillas and remove any 1 adversary piece
    (not Gandhi)."""
    spaces = {"bihar": {"pieces": {"troops": 1, "congress_activists": 1,
                                   "guerrillas_active": 2}},
              "sind": {"pieces": {"ml_activists": 1, "gandhi": 1}},
              "delhi": {"pieces": {"sepoys": 2, "congress_activists": 1}},  # Raj Control
              "punjab": {"pieces": {"guerrillas_active": 1}}}               # no adversary
    state = playing("22", "shaded", spaces, faction="revolutionaries")
    _, texts = asked(state)
    # 5.1.2 spaces where an adversary piece can go too; Delhi is under Raj Control
    assert set(texts) == {"in Bihar", "in Sind"}
    choose(state, "revolutionaries", "in Sind")   # the League Activist is the only choice
    assert state.space("sind").pieces == {"gandhi": 1, "guerrillas_underground": 2}
    choose(state, "revolutionaries", "in Bihar")
    assert state.space("bihar").count("guerrillas_underground") == 2
    assert set(asked(state)[1]) == {"remove troop", "remove congress activist"}
    events = choose(state, "revolutionaries", "remove congress")
    assert state.space("bihar").pieces == {"troops": 1, "guerrillas_active": 2,
                                           "guerrillas_underground": 2}
    assert not state.jail                                   # removed: to Available
    ended(state, "revolutionaries", events)


def test_5_card_22_shaded_with_no_guerrilla_available_still_removes() -> None:
    """5.1.1 no Guerrilla Available: none added, the removal is still carried out."""
    state = playing("22", "shaded", {"sind": {"pieces": {"ml_activists": 2}},
                                     "orissa": {"pieces": {"sepoys": 1}}},
                    out_of_play={"guerrillas": 16}, faction="congress")
    _, texts = asked(state)
    assert set(texts) == {"in Sind", "in Orissa"}     # a State has no Raj Control (1.7.2)
    choose(state, "congress", "in Orissa")
    choose(state, "congress", "in Sind")
    assert state.space("orissa").pieces == {} and state.space("sind").pieces == {
        "ml_activists": 1}
    ended(state, "congress")


# --- #23 Kakori Train Robbery -----------------------------------------------------------------


def test_5_card_23_unshaded_activate_per_cube_in_up_to_3_spaces_then_remove_up_to_5() -> None:
    """In up to 3 spaces, Activate 1 Guerrilla for each cube, then remove up to 5 Active
    Guerrillas total from those spaces."""
    spaces = {"bihar": {"pieces": {"troops": 1, "sepoys": 1, "guerrillas_underground": 3}},
              "sind": {"pieces": {"guerrillas_active": 4}},
              "assam": {"pieces": {"sepoys": 1, "guerrillas_underground": 1}},
              "punjab": {"pieces": {"guerrillas_underground": 2}},     # nothing to do
              "delhi": {"pieces": {"sepoys": 1}}}
    state = playing("23", "unshaded", spaces)
    assert set(asked(state)[1]) == {"in Bihar", "in Sind", "in Assam", "done"}
    choose(state, "raj", "in Bihar")
    assert state.space("bihar").pieces == {"troops": 1, "sepoys": 1,
                                           "guerrillas_underground": 1, "guerrillas_active": 2}
    choose(state, "raj", "in Sind")
    choose(state, "raj", "done")                     # the spaces are chosen: removals
    assert set(asked(state)[1]) == {"remove Bihar", "remove Sind", "done"}
    for _ in range(4):
        choose(state, "raj", "remove Sind")
    events = choose(state, "raj", "remove Bihar")    # the 5th: the Event ends
    assert state.space("sind").pieces == {}
    assert state.space("bihar").count("guerrillas_active") == 1
    assert state.space("assam").pieces == {"sepoys": 1, "guerrillas_underground": 1}
    ended(state, "raj", events)


def test_5_card_23_unshaded_removals_only_from_the_selected_spaces() -> None:
    spaces = {"bihar": {"pieces": {"sepoys": 1, "guerrillas_underground": 1}},
              "sind": {"pieces": {"guerrillas_active": 2}}}
    state = playing("23", "unshaded", spaces)
    choose(state, "raj", "in Bihar")
    choose(state, "raj", "done")
    assert asked(state)[1] == ["remove Bihar", "done"]
    choose(state, "raj", "remove Bihar")
    assert state.space("sind").count("guerrillas_active") == 2
    ended(state, "raj")


def test_5_card_23_shaded_free_attack_in_up_to_3_spaces_then_guerrillas_underground() -> None:
    """In up to 3 spaces with Guerrillas, Attack for free, then flip all Guerrillas in the
    selected spaces Underground (3.4.3: Activate, roll, up to 2 Active pieces, Unrest)."""
    spaces = {"bihar": {"pieces": {"guerrillas_underground": 2, "sepoys": 1, "troops": 1}},
              "sind": {"pieces": {"guerrillas_active": 1, "sepoys": 1}},
              "punjab": {"pieces": {"guerrillas_active": 1}},
              "rail_indus_delhi": {"pieces": {"guerrillas_underground": 1}}}
    state = playing("23", "shaded", spaces, faction="revolutionaries",
                    resources={"raj": 5, "revolutionaries": 0})
    assert set(asked(state)[1]) == {"in Bihar", "in Sind", "in Punjab", "done"}  # no Railway
    events = choose(state, "revolutionaries", "in Bihar", rolls=(2,))
    assert DieRolled(value=2, purpose="event") in events
    assert state.space("bihar").count("guerrillas_active") == 2         # 3.4.3 Activate
    assert asked(state)[1] == ["remove sepoy", "stop"]                  # Sepoys first
    choose(state, "revolutionaries", "remove sepoy")
    assert asked(state)[1] == ["remove troop"]          # 1.4.4 the Raj was targeted
    choose(state, "revolutionaries", "remove troop")
    assert state.space("bihar").unrest == 1                  # success, no Raj Control
    choose(state, "revolutionaries", "in Sind", rolls=(5,))             # 5 > 1: fails
    assert state.space("sind").pieces == {"guerrillas_active": 1, "sepoys": 1}
    events = choose(state, "revolutionaries", "done")
    assert state.space("bihar").pieces == {"guerrillas_underground": 2}
    assert state.space("sind").pieces == {"guerrillas_underground": 1, "sepoys": 1}
    assert state.space("punjab").pieces == {"guerrillas_active": 1}     # not selected
    assert state.resources["revolutionaries"] == 0                      # for free
    ended(state, "revolutionaries", events)


# --- #24 Chittagong Armoury Raid ----------------------------------------------------------------


def test_5_card_24_unshaded_activate_up_to_5_then_1_guerrilla_per_cube_in_up_to_3() -> None:
    """Activate up to 5 Guerrillas in any spaces, then remove 1 Guerrilla for each cube in
    up to 3 of those spaces."""
    spaces = {"bihar": {"pieces": {"guerrillas_underground": 3, "troops": 1, "sepoys": 1}},
              "sind": {"pieces": {"guerrillas_underground": 1, "guerrillas_active": 1,
                                  "sepoys": 2}},
              "punjab": {"pieces": {"guerrillas_underground": 1}}}
    state = playing("24", "unshaded", spaces)
    assert set(asked(state)[1]) == {"activate Bihar", "activate Sind", "activate Punjab",
                                    "done"}
    choose(state, "raj", "activate Bihar")
    choose(state, "raj", "activate Bihar")
    choose(state, "raj", "activate Punjab")
    assert state.space("bihar").count("guerrillas_active") == 2
    choose(state, "raj", "done")
    # "those spaces": where Guerrillas were Activated, with cubes (Punjab has none)
    assert asked(state)[1] == ["in Bihar", "done"]
    choose(state, "raj", "in Bihar")
    assert set(asked(state)[1]) == {"remove underground guerrilla", "remove active guerrilla"}
    choose(state, "raj", "remove underground")
    events = choose(state, "raj", "remove active")
    assert state.space("bihar").pieces == {"guerrillas_active": 1, "troops": 1, "sepoys": 1}
    assert state.space("sind").count("guerrillas_underground") == 1
    ended(state, "raj", events)


def test_5_card_24_unshaded_active_guerrillas_may_be_activated_and_stay_active() -> None:
    """1.4.3 "Activate" an Active Guerrilla: it stays Active, and its space becomes one of
    "those spaces" where Guerrillas go for each cube."""
    state = playing("24", "unshaded", {"sind": {"pieces": {"guerrillas_active": 3,
                                                           "sepoys": 2}}})
    assert asked(state)[1] == ["activate Sind", "done"]
    for _ in range(3):
        choose(state, "raj", "activate Sind")
    assert state.space("sind").pieces == {"guerrillas_active": 3, "sepoys": 2}
    assert asked(state)[1] == ["in Sind", "done"]     # no Guerrilla left to Activate
    events = choose(state, "raj", "in Sind")
    assert state.space("sind").pieces == {"guerrillas_active": 1, "sepoys": 2}
    ended(state, "raj", events)


def test_1_4_3_card_24_unshaded_the_prompt_says_an_active_guerrilla_may_be_activated(
        ) -> None:
    """1.4.3 play note: unless the text says "Underground", an Active Guerrilla may be
    "Activated" (it stays Active); the prompt must not ask for an Underground one."""
    state = playing("24", "unshaded", {"sind": {"pieces": {"guerrillas_active": 1}}})
    assert asked(state)[1] == ["activate Sind", "done"]
    what = question(state).prompt.params["what"]
    for lang, underground, active in (("en", "Underground", "Active"),
                                      ("es", "Oculta", "Activa"), ("it", "Nascosta", "Attiva")):
        text = what.render(lang)
        assert underground not in text and active in text, (lang, text)


def test_5_card_24_unshaded_five_activations_then_removals_at_once() -> None:
    state = playing("24", "unshaded", {"sind": {"pieces": {"guerrillas_underground": 6,
                                                           "sepoys": 2}}})
    for _ in range(5):
        choose(state, "raj", "activate Sind")
    assert asked(state)[1] == ["in Sind", "done"]
    choose(state, "raj", "in Sind")
    choose(state, "raj", "remove underground")
    choose(state, "raj", "remove active")
    assert state.space("sind").pieces == {"guerrillas_active": 4, "sepoys": 2}
    ended(state, "raj")


def test_5_card_24_shaded_2_guerrillas_from_out_of_play_unrest_and_neutral() -> None:
    """In 1 space, add 2 Guerrillas from Out of Play, add 1 Unrest marker, and shift the
    space to Neutral (5.1.2 with 1 Guerrilla Out of Play, 1 is added)."""
    state = playing("24", "shaded", {"bihar": {"support": 2}}, out_of_play={"guerrillas": 1},
                    faction="revolutionaries")
    _, texts = asked(state)
    assert "in Bihar" in texts and "in Mysore" in texts
    assert "in Railway Samasata–Delhi" not in texts and "done" not in texts
    events = choose(state, "revolutionaries", "in Bihar")
    bihar = state.space("bihar")
    assert bihar.pieces == {"guerrillas_underground": 1} and not state.out_of_play
    assert bihar.unrest == 1 and bihar.support == 0
    ended(state, "revolutionaries", events)


# --- #33 Flag Satyagraha Defies the British -----------------------------------------------------


def test_5_card_33_unshaded_up_to_restraint_spaces_lose_1_guerrilla_activist_or_marker(
        ) -> None:
    """In spaces up to the Restraint value, remove 1 Guerrilla, Activist, Protest or
    Unrest marker (a Strike is not an Unrest marker)."""
    spaces = {"bihar": {"protest": True, "pieces": {"guerrillas_active": 1,
                                                    "congress_activists": 1, "sepoys": 1}},
              "sind": {"unrest": 2},
              "rail_indus_delhi": {"strike": True}}
    state = playing("33", "unshaded", spaces, restraint=2)
    _, texts = asked(state)
    assert set(texts) == {"remove active guerrilla in Bihar",
                          "remove congress activist in Bihar", "remove protest in Bihar",
                          "remove unrest in Sind", "done"}
    choose(state, "raj", "remove protest in Bihar")
    assert not state.space("bihar").protest
    assert state.space("bihar").pieces == {"guerrillas_active": 1, "congress_activists": 1,
                                           "sepoys": 1}
    assert "remove active guerrilla in Bihar" not in asked(state)[1]   # 1 per space
    events = choose(state, "raj", "remove unrest in Sind")   # Restraint 2: 2 spaces
    assert state.space("sind").unrest == 1
    ended(state, "raj", events)
    state = playing("33", "unshaded", spaces, restraint=1)
    events = choose(state, "raj", "remove congress in Bihar")
    assert state.space("bihar").count("congress_activists") == 0 and not state.jail
    ended(state, "raj", events)


def test_5_card_33_shaded_up_to_unity_adversaries_bases_last_then_release_up_to_5() -> None:
    """In spaces up to Unity, remove 1 adversary piece (Bases last, not Gandhi), then
    release up to 5 Activists from Jail to Available."""
    spaces = {"bihar": {"pieces": {"troops": 1, "ml_bases": 1, "gandhi": 1}},
              "sind": {"pieces": {"ml_bases": 1, "congress_activists": 1}},
              "punjab": {"pieces": {"congress_activists": 2}}}       # no adversary
    state = playing("33", "shaded", spaces, unity=2, faction="congress",
                    jail={"congress_activists": 3, "ml_activists": 4})
    _, texts = asked(state)
    assert set(texts) == {"remove troop in Bihar", "remove muslim league base in Sind",
                          "done"}
    choose(state, "congress", "remove troop in Bihar")
    choose(state, "congress", "done")                 # on to the release
    assert set(asked(state)[1]) == {"release congress activist",
                                    "release muslim league activist", "done"}
    for kind in ("league", "league", "congress", "congress"):
        choose(state, "congress", f"release {kind}")
    events = choose(state, "congress", "release congress")     # the 5th
    assert state.jail == {"ml_activists": 2}
    assert state.space("bihar").pieces == {"ml_bases": 1, "gandhi": 1}
    assert state.space("sind").count("ml_bases") == 1
    ended(state, "congress", events)


# --- #36 Quit India Movement ------------------------------------------------------------------


def test_5_card_36_unshaded_unrest_arrest_a_die_roll_of_activists_and_neutral() -> None:
    """In 1 space with Activists: add 1 Unrest marker, arrest a die roll of Activists,
    and set the space to Neutral."""
    spaces = {"bihar": {"support": 2, "pieces": {"congress_activists": 2, "ml_activists": 2}},
              "rail_indus_delhi": {"pieces": {"congress_activists": 1}}}
    state = playing("36", "unshaded", spaces)
    assert asked(state)[1] == ["in Bihar"]         # 5.1.2 a Railway has no Support level
    events = choose(state, "raj", "in Bihar", rolls=(3,))
    assert DieRolled(value=3, purpose="event") in events
    assert state.space("bihar").unrest == 1 and state.space("bihar").support == 0
    assert set(asked(state)[1]) == {"arrest congress activist",
                                    "arrest muslim league activist"}
    choose(state, "raj", "arrest congress")
    choose(state, "raj", "arrest congress")
    events = choose(state, "raj", "arrest league")
    assert state.jail == {"congress_activists": 2, "ml_activists": 1}
    assert state.space("bihar").pieces == {"ml_activists": 1}
    ended(state, "raj", events)
    state = playing("36", "unshaded", spaces)
    choose(state, "raj", "in Bihar", rolls=(6,))   # more than there are: all arrested
    assert state.jail == {"congress_activists": 2, "ml_activists": 2}
    ended(state, "raj")


def test_5_card_36_shaded_roll_at_most_friendly_pieces_removes_that_many_adversaries() -> None:
    """In each of 2 spaces, roll a die; if the result is equal to or less than the number
    of friendly pieces, remove adversaries equal to the die roll (Gandhi and Activists to
    Jail, Bases last)."""
    spaces = {"bihar": {"pieces": {"guerrillas_underground": 3, "troops": 1, "sepoys": 1,
                                   "congress_activists": 1, "ml_bases": 1}},
              "delhi": {"pieces": {"guerrillas_active": 1, "rev_bases": 1, "gandhi": 1}},
              "punjab": {"pieces": {"guerrillas_active": 2}},            # no adversary
              "sind": {"pieces": {"sepoys": 3}}}                        # nothing friendly
    state = playing("36", "shaded", spaces, faction="revolutionaries")
    assert set(asked(state)[1]) == {"in Bihar", "in Delhi"}
    choose(state, "revolutionaries", "in Bihar", rolls=(2,))       # 2 <= 3 Guerrillas
    assert set(asked(state)[1]) == {"remove troop", "remove sepoy",
                                    "remove congress activist"}
    choose(state, "revolutionaries", "remove congress")
    choose(state, "revolutionaries", "remove troop")
    assert state.space("bihar").pieces == {"guerrillas_underground": 3, "sepoys": 1,
                                           "ml_bases": 1}
    events = choose(state, "revolutionaries", "in Delhi", rolls=(1,))   # 1 <= 2
    assert state.jail == {"congress_activists": 1, "gandhi": 1}         # to Jail
    assert state.space("delhi").pieces == {"guerrillas_active": 1, "rev_bases": 1}
    ended(state, "revolutionaries", events)


def test_5_card_36_shaded_a_roll_above_the_friendly_pieces_removes_nothing() -> None:
    spaces = {"bihar": {"pieces": {"ml_activists": 1, "sepoys": 2}},
              "sind": {"pieces": {"ml_bases": 1, "ml_activists": 1, "troops": 1}}}
    state = playing("36", "shaded", spaces, faction="muslim_league")
    choose(state, "muslim_league", "in Bihar", rolls=(2,))             # 2 > 1
    assert state.space("bihar").pieces == {"ml_activists": 1, "sepoys": 2}
    choose(state, "muslim_league", "in Sind", rolls=(2,))              # 2 <= 2: Troop
    assert state.space("sind").pieces == {"ml_bases": 1, "ml_activists": 1}
    ended(state, "muslim_league")


# --- #41 Preemptive Strike on Movement Leaders ------------------------------------------------


def test_5_card_41_unshaded_arrest_up_to_twice_a_die_roll_of_activists() -> None:
    """Arrest up to twice a die roll of Activists total in any spaces."""
    spaces = {"bihar": {"pieces": {"congress_activists": 2}},
              "sind": {"pieces": {"ml_activists": 1, "gandhi": 1}}}
    state = playing("41", "unshaded", spaces, rolls=(1,))
    assert any(isinstance(e, DieRolled) and e.value == 1 for e in chosen(state))
    assert set(asked(state)[1]) == {"arrest congress activist in Bihar",
                                    "arrest muslim league activist in Sind", "done"}
    choose(state, "raj", "arrest congress in Bihar")
    events = choose(state, "raj", "arrest league in Sind")             # 2 x 1: over
    assert state.jail == {"congress_activists": 1, "ml_activists": 1}
    assert state.space("sind").pieces == {"gandhi": 1}
    ended(state, "raj", events)
    state = playing("41", "unshaded", spaces, rolls=(4,))
    choose(state, "raj", "done")
    assert not state.jail
    ended(state, "raj")


def test_5_card_41_shaded_release_a_die_roll_of_activists_to_any_3_spaces() -> None:
    """Release a die roll of Activists in Jail to any 3 spaces (as many as are in Jail)."""
    state = playing("41", "shaded", rolls=(5,), faction="congress",
                    jail={"congress_activists": 3, "ml_activists": 1, "gandhi": 1})
    _, texts = asked(state)
    assert "congress activist to Bihar" in texts and "done" not in texts
    assert "muslim league activist to Sind" in texts
    assert not any(t.startswith("Gandhi") for t in texts)
    choose(state, "congress", "congress to Bihar")
    choose(state, "congress", "congress to Sind")
    choose(state, "congress", "league to Rail Indus-Delhi")
    _, texts = asked(state)
    assert set(texts) == {"congress activist to Bihar", "congress activist to Sind",
                          "congress activist to Railway Samasata–Delhi"}  # 3 spaces used
    events = choose(state, "congress", "congress to Bihar")            # Jail is empty
    assert state.space("bihar").pieces == {"congress_activists": 2}
    assert state.space("rail_indus_delhi").pieces == {"ml_activists": 1}
    assert state.jail.get("congress_activists", 0) == 0 and state.jail["gandhi"] == 1
    ended(state, "congress", events)


# --- #47 Lala Lajpat Rai Killed at a Protest --------------------------------------------------


def test_5_card_47_unshaded_1_guerrilla_activist_protest_or_unrest_from_2_cube_spaces() -> None:
    """Remove 1 Guerrilla, 1 Activist, 1 Protest marker or 1 Unrest marker from each of 2
    spaces with cubes."""
    spaces = {"bihar": {"protest": True, "pieces": {"sepoys": 1, "guerrillas_active": 1}},
              "sind": {"unrest": 1, "pieces": {"troops": 1, "ml_activists": 1}},
              "punjab": {"pieces": {"guerrillas_active": 2}}}              # no cubes
    state = playing("47", "unshaded", spaces)
    _, texts = asked(state)
    assert set(texts) == {"remove active guerrilla in Bihar", "remove protest in Bihar",
                          "remove muslim league activist in Sind", "remove unrest in Sind"}
    choose(state, "raj", "remove protest in Bihar")
    events = choose(state, "raj", "remove unrest in Sind")
    assert not state.space("bihar").protest and state.space("sind").unrest == 0
    assert state.space("bihar").count("guerrillas_active") == 1
    ended(state, "raj", events)


def test_5_card_47_shaded_remove_3_pieces_in_underground_guerrilla_spaces_max_1_base() -> None:
    """In spaces with Underground Guerrillas, remove 3 pieces total or replace 2 with
    Guerrillas or Activists (max 1 Base, not Gandhi)."""
    spaces = {"bihar": {"pieces": {"guerrillas_underground": 1, "sepoys": 2, "ml_bases": 1}},
              "sind": {"pieces": {"guerrillas_underground": 1, "gandhi": 1, "ml_bases": 1}},
              "punjab": {"pieces": {"troops": 1}}}                    # no Underground
    state = playing("47", "shaded", spaces, faction="revolutionaries")
    assert asked(state)[1] == ["remove 3 pieces", "replace 2 pieces"]
    choose(state, "revolutionaries", "remove 3 pieces")
    _, texts = asked(state)
    assert {"remove sepoy in Bihar", "remove muslim league base in Bihar",
            "remove muslim league base in Sind"} <= set(texts)
    assert "remove Gandhi in Sind" not in texts and "remove troop in Punjab" not in texts
    choose(state, "revolutionaries", "remove league base in Bihar")
    assert "remove muslim league base in Sind" not in asked(state)[1]   # max 1 Base
    choose(state, "revolutionaries", "remove sepoy in Bihar")
    events = choose(state, "revolutionaries", "remove sepoy in Bihar")
    assert state.space("bihar").pieces == {"guerrillas_underground": 1}
    assert state.space("sind").pieces == {"guerrillas_underground": 1, "gandhi": 1,
                                          "ml_bases": 1}
    ended(state, "revolutionaries", events)


def test_5_card_47_shaded_replace_2_with_guerrillas_or_activists() -> None:
    spaces = {"bihar": {"pieces": {"guerrillas_underground": 1, "sepoys": 2}},
              "sind": {"pieces": {"guerrillas_underground": 1, "ml_bases": 1}}}
    state = playing("47", "shaded", spaces, faction="congress")
    choose(state, "congress", "replace 2 pieces")
    _, texts = asked(state)
    assert {"underground guerrilla for sepoy in Bihar", "congress activist for sepoy in Bihar",
            "muslim league activist for muslim league base in Sind"} <= set(texts)
    assert ("underground guerrilla for underground guerrilla in Bihar"
            not in texts)                                                # same piece
    choose(state, "congress", "congress for sepoy in Bihar")
    events = choose(state, "congress", "congress for league base in Sind")
    assert state.space("bihar").pieces == {"guerrillas_underground": 1, "sepoys": 1,
                                           "congress_activists": 1}
    assert state.space("sind").pieces == {"guerrillas_underground": 1, "congress_activists": 1}
    ended(state, "congress", events)


# --- #50 RSS Paramilitaries -------------------------------------------------------------------


def test_5_card_50_unshaded_up_to_4_of_2_factions_to_out_of_play_at_least_1_each() -> None:
    """Move up to 4 cubes, Activists, and/or Guerrillas total belonging to 2 Factions from
    the map to Out of Play (at least 1 piece from each Faction)."""
    spaces = {"bihar": {"pieces": {"sepoys": 4, "ml_activists": 1, "guerrillas_active": 1,
                                   "gandhi": 1, "rev_bases": 1}}}
    state = playing("50", "unshaded", spaces, faction="congress")
    _, texts = asked(state)
    assert set(texts) == {"out sepoy in Bihar", "out muslim league activist in Bihar",
                          "out active guerrilla in Bihar", "done"}     # no Gandhi, no Base
    choose(state, "congress", "out sepoy in Bihar")
    assert "done" not in asked(state)[1]                # 1 piece of each Faction
    choose(state, "congress", "out sepoy in Bihar")
    choose(state, "congress", "out sepoy in Bihar")
    _, texts = asked(state)
    assert set(texts) == {"out muslim league activist in Bihar",
                          "out active guerrilla in Bihar"}             # the 4th: another
    events = choose(state, "congress", "out league in Bihar")
    assert state.out_of_play == {"sepoys": 3, "ml_activists": 1}
    ended(state, "congress", events)
    spaces["bihar"]["pieces"].update(ml_activists=2, guerrillas_active=2)
    state = playing("50", "unshaded", spaces, faction="congress")
    choose(state, "congress", "out active in Bihar")
    choose(state, "congress", "out league in Bihar")
    _, texts = asked(state)
    assert set(texts) == {"out active guerrilla in Bihar",
                          "out muslim league activist in Bihar", "done"}  # 2 Factions
    choose(state, "congress", "done")
    assert state.out_of_play == {"guerrillas": 1, "ml_activists": 1}
    ended(state, "congress")


def test_5_card_50_shaded_up_to_4_pieces_of_2_factions_out_of_play_to_available() -> None:
    """Move up to 4 pieces total, belonging to 2 Factions, from Out of Play to
    Available."""
    state = playing("50", "shaded", out_of_play={"troops": 2, "guerrillas": 2, "ml_bases": 1},
                    faction="revolutionaries")
    assert set(asked(state)[1]) == {"move troop", "move guerrilla", "move muslim league base",
                                    "done"}
    choose(state, "revolutionaries", "move troop")
    choose(state, "revolutionaries", "move guerrilla")
    assert set(asked(state)[1]) == {"move troop", "move guerrilla", "done"}  # 2 Factions
    choose(state, "revolutionaries", "move troop")
    events = choose(state, "revolutionaries", "done")
    assert state.out_of_play == {"guerrillas": 1, "ml_bases": 1}
    assert available(state, "troops") == 15
    ended(state, "revolutionaries", events)


# --- #53 United Provinces Rent Strike ---------------------------------------------------------


def test_5_card_53_unshaded_up_to_2_map_pieces_out_of_play_executor_stays_eligible() -> None:
    """Move up to 2 cubes, Activists, or Guerrillas from the map to Out of Play. The
    executing Faction stays Eligible."""
    spaces = {"bihar": {"pieces": {"congress_activists": 1, "troops": 1, "gandhi": 1,
                                   "rev_bases": 1}}}
    state = playing("53", "unshaded", spaces, faction="muslim_league")
    assert set(asked(state)[1]) == {"out congress activist in Bihar", "out troop in Bihar",
                                    "done"}
    choose(state, "muslim_league", "out congress in Bihar")
    events = choose(state, "muslim_league", "out troop in Bihar")
    assert state.out_of_play == {"congress_activists": 1, "troops": 1}
    assert state.space("bihar").pieces == {"gandhi": 1, "rev_bases": 1}
    assert "muslim_league" in state.turn.kept_eligible                 # 5.0
    ended(state, "muslim_league", events)
    state = playing("53", "unshaded", spaces, faction="raj")
    choose(state, "raj", "done")
    assert "raj" in state.turn.kept_eligible and not state.out_of_play


def test_5_card_53_shaded_up_to_3_pieces_from_out_of_play_no_troops_in_states_raj_out(
        ) -> None:
    """Move up to 3 pieces from Out of Play to any spaces (no Troops in States). The Raj
    is Ineligible for the next card."""
    state = playing("53", "shaded", {"bihar": {"pieces": {"ml_bases": 2}}},
                    out_of_play={"troops": 1, "rev_bases": 1, "guerrillas": 1},
                    faction="congress")
    _, texts = asked(state)
    assert {"troop to Delhi", "revolutionary base to Sind", "guerrilla to Hyderabad",
            "done"} <= set(texts)
    assert "troop to Hyderabad" not in texts                           # 1.4.2 a State
    assert "revolutionary base to Bihar" not in texts
    assert "revolutionary base to Railway Samasata–Delhi" not in texts
    choose(state, "congress", "troop to Delhi")
    choose(state, "congress", "guerrilla to Hyderabad")
    events = choose(state, "congress", "rev base to Sind")
    assert state.space("delhi").pieces == {"troops": 1}
    assert state.space("hyderabad").pieces == {"guerrillas_underground": 1}   # 1.4.3
    assert state.space("sind").pieces == {"rev_bases": 1}
    assert "raj" in state.turn.made_ineligible                         # 5.0
    ended(state, "congress", events)


# --- #72 Direct Action Day --------------------------------------------------------------------


def test_5_card_72_unshaded_active_guerrillas_out_of_3_activist_spaces_revs_plus_1_each() -> None:
    """In up to 3 spaces with Activists, remove any Active Guerrillas. Revolutionaries
    Resources +1 for each Guerrilla removed ("any" read as all, as #20 shaded)."""
    spaces = {"bihar": {"pieces": {"congress_activists": 1, "guerrillas_active": 2,
                                   "guerrillas_underground": 1}},
              "sind": {"pieces": {"ml_activists": 1, "guerrillas_active": 1}},
              "punjab": {"pieces": {"guerrillas_active": 3}}}              # no Activists
    state = playing("72", "unshaded", spaces, resources={"raj": 10, "revolutionaries": 5})
    assert set(asked(state)[1]) == {"in Bihar", "in Sind", "done"}
    choose(state, "raj", "in Bihar")
    assert state.space("bihar").pieces == {"congress_activists": 1, "guerrillas_underground": 1}
    events = choose(state, "raj", "in Sind")          # nothing left to choose: over
    assert state.resources["revolutionaries"] == 5 + 3
    assert state.space("punjab").count("guerrillas_active") == 3
    ended(state, "raj", events)


def test_5_card_72_shaded_up_to_4_underground_spaces_guerrilla_or_unrest_without_control(
        ) -> None:
    """In up to 4 spaces with Underground Guerrillas, add 1 Guerrilla or, if there is no
    Raj Control, 1 Unrest marker."""
    spaces = {"bihar": {"pieces": {"guerrillas_underground": 1, "troops": 3}},  # Raj Control
              "sind": {"pieces": {"guerrillas_underground": 1}},
              "rail_indus_delhi": {"pieces": {"guerrillas_underground": 1}},
              "punjab": {"pieces": {"guerrillas_active": 1}}}
    state = playing("72", "shaded", spaces, faction="revolutionaries")
    _, texts = asked(state)
    assert set(texts) == {"guerrilla Bihar", "guerrilla Sind", "unrest Sind",
                          "guerrilla Railway Samasata–Delhi", "unrest Railway Samasata–Delhi",
                          "done"}
    choose(state, "revolutionaries", "unrest Sind")
    choose(state, "revolutionaries", "guerrilla Bihar")
    events = choose(state, "revolutionaries", "unrest Rail Indus-Delhi")  # 5.1.4 Strike
    assert state.space("sind").unrest == 1
    assert state.space("bihar").count("guerrillas_underground") == 2
    assert state.space("rail_indus_delhi").strike
    assert state.space("rail_indus_delhi").unrest == 0
    ended(state, "revolutionaries", events)
    state = playing("72", "shaded", spaces, faction="revolutionaries")
    choose(state, "revolutionaries", "guerrilla Sind")
    choose(state, "revolutionaries", "done")          # "up to": may stop
    assert state.space("sind").count("guerrillas_underground") == 2
    assert state.space("bihar").count("guerrillas_underground") == 1
    ended(state, "revolutionaries")
