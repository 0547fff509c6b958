"""Scripted Events, cards 1-24 (5.0-5.1): each scripted side played from its own text."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.core.events import DieRolled, Event
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet, FactionActed
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps import event as event_step
from tests.games.gandhi.helpers import apply, asked, choose, position

engine.games.load()

ORDER = ["raj", "congress", "muslim_league", "revolutionaries"]


def play(card: str, side: str, faction: str = "raj",
         spaces: dict[str, dict[str, Any]] | None = None,
         rolls: tuple[int, ...] = (), **kw: Any) -> tuple[GandhiState, list[Event]]:
    """``faction`` 1st Eligible on ``card`` chooses ``event <side>``."""
    order = [faction, *[f for f in ORDER if f != faction]]
    state = position(spaces or {}, step="card", current=card, upcoming="30", **kw)
    apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                  CardTurnBegan(card=card, order=order)])
    assert not event_step.is_manual(state, card)
    return state, choose(state, faction, f"event {side}", rolls=rolls)


def acted(events: list[Event], faction: str) -> bool:
    return any(isinstance(e, FactionActed) and e.faction == faction for e in events)


def ended(state: GandhiState, events: list[Event], faction: str) -> None:
    """The Event is over: the Faction acted and play is back on the card."""
    assert acted(events, faction)
    assert state.step.name == "card"


# --- #3 India Is the Jewel in the Crown ------------------------------------------------------


def test_5_card_03_unshaded_adds_five_times_restraint_to_raj_resources() -> None:
    state, events = play("3", "unshaded", "muslim_league", restraint=4,
                         resources={"raj": 12, "revolutionaries": 5})
    assert state.resources["raj"] == 32
    assert state.resources["revolutionaries"] == 5
    ended(state, events, "muslim_league")


def test_5_card_03_unshaded_stops_at_fifty() -> None:  # 1.8
    state, _ = play("3", "unshaded", restraint=5, resources={"raj": 40, "revolutionaries": 0})
    assert state.resources["raj"] == 50


def test_5_card_03_shaded_subtracts_twice_a_die_roll() -> None:
    state, events = play("3", "shaded", "congress", rolls=(4,),
                         resources={"raj": 20, "revolutionaries": 0})
    assert [e.value for e in events if isinstance(e, DieRolled)] == [4]
    assert state.resources["raj"] == 12
    ended(state, events, "congress")


def test_5_card_03_shaded_never_below_zero() -> None:  # 1.8
    state, _ = play("3", "shaded", rolls=(6,), resources={"raj": 5, "revolutionaries": 0})
    assert state.resources["raj"] == 0


# --- #10 Aundh Experiment in Self-Government --------------------------------------------------


def test_5_card_10_unshaded_shifts_up_to_restraint_states_toward_neutral() -> None:
    spaces = {"mysore": {"support": 2}, "hyderabad": {"support": -1}, "orissa": {"support": 0},
              "rajputana": {"support": 1}, "punjab": {"support": 2}}
    state, _ = play("10", "unshaded", restraint=2, spaces=spaces)
    seat, texts = asked(state)
    # only States (1.3.5), and only those not already Neutral
    assert seat == "raj"
    assert set(texts) == {"shift Mysore", "shift Hyderabad", "shift Rajputana", "done"}
    choose(state, "raj", "shift Mysore")
    assert "shift Mysore" not in asked(state)[1]  # each State shifts 1 level once
    events = choose(state, "raj", "shift Hyderabad")
    # Restraint 2: two States, then the Event ends by itself
    assert state.space("mysore").support == 1
    assert state.space("hyderabad").support == 0
    assert state.space("rajputana").support == 1
    assert state.space("punjab").support == 2
    ended(state, events, "raj")


def test_5_card_10_unshaded_may_stop_early() -> None:
    state, _ = play("10", "unshaded", restraint=3, spaces={"mysore": {"support": -2}})
    choose(state, "raj", "shift Mysore")
    assert state.space("mysore").support == -1
    # no State left off Neutral that was not shifted: over
    assert state.step.name == "card"


def test_5_card_10_shaded_adds_protests_in_up_to_3_states_and_restraint_plus_2() -> None:
    spaces = {"mysore": {"protest": True}, "delhi": {}}
    state, _ = play("10", "shaded", "congress", restraint=4, spaces=spaces)
    seat, texts = asked(state)
    assert seat == "congress"
    assert "protest Mysore" not in texts and "protest Delhi" not in texts  # 1.10, States only
    assert "protest Hyderabad" in texts and "done" in texts
    choose(state, "congress", "protest Hyderabad")
    choose(state, "congress", "protest Orissa")
    events = choose(state, "congress", "protest Rajputana")
    assert all(state.space(s).protest for s in ("hyderabad", "orissa", "rajputana"))
    assert state.restraint == 5  # 5.1.4: +2 from 4 stops at 5
    ended(state, events, "congress")


def test_5_card_10_shaded_with_no_state_chosen_still_shifts_restraint() -> None:
    state, _ = play("10", "shaded", "congress", restraint=2)
    events = choose(state, "congress", "done")
    assert state.restraint == 4
    assert not any(sp.protest for sp in state.spaces.values())
    ended(state, events, "congress")


# --- #12 Raid on the Dharasana Salt Works ----------------------------------------------------


def test_5_card_12_unshaded_replaces_protests_with_unrest_and_arrests_activists() -> None:
    spaces = {"bihar": {"protest": True, "pieces": {"troops": 1, "congress_activists": 2,
                                                     "ml_activists": 1, "gandhi": 1}},
              "rail_delhi_ganges": {"protest": True, "pieces": {"sepoys": 1,
                                                                "congress_activists": 1}},
              "bombay": {"protest": True, "pieces": {"congress_activists": 1}},  # no cubes
              "madras": {"pieces": {"troops": 1, "congress_activists": 1}}}      # no Protest
    state, _ = play("12", "unshaded", spaces=spaces)
    seat, texts = asked(state)
    assert (seat, sorted(texts)) == ("raj", ["raid Bihar", "raid Railway Delhi–Allahabad"])
    choose(state, "raj", "raid Bihar")
    events = choose(state, "raj", "raid Rail Delhi-Ganges")  # the old text still reads
    bihar, rail = state.space("bihar"), state.space("rail_delhi_ganges")
    assert not bihar.protest and bihar.unrest == 1
    assert bihar.pieces == {"troops": 1, "gandhi": 1}  # Gandhi is not an Activist
    assert not rail.protest and rail.strike and rail.unrest == 0  # 5.1.4 Strike on a Railway
    assert state.jail == {"congress_activists": 3, "ml_activists": 1}  # 5.1.3 arrested
    assert state.space("bombay").protest
    ended(state, events, "raj")


def test_5_card_12_shaded_protests_restraint_minus_1_and_executing_faction_stays_eligible(
        ) -> None:
    spaces = {"bihar": {"pieces": {"congress_activists": 1}},
              "sind": {"pieces": {"ml_activists": 2}},
              "punjab": {"protest": True, "pieces": {"ml_activists": 1}},
              "bombay": {"pieces": {"gandhi": 1}}}
    state, _ = play("12", "shaded", "congress", restraint=3, spaces=spaces)
    seat, texts = asked(state)
    assert seat == "congress"
    assert sorted(texts) == ["done", "protest Bihar", "protest Sind"]
    choose(state, "congress", "protest Sind")
    events = choose(state, "congress", "protest Bihar")  # no other space: over
    assert state.space("sind").protest and state.space("bihar").protest
    assert state.restraint == 2
    assert "congress" in state.turn.kept_eligible  # 5.0 stays Eligible
    ended(state, events, "congress")


# --- #13 Ottoman Collapse Leaves a Power Vacuum ----------------------------------------------


def test_5_card_13_unshaded_unity_minus_2_or_a_muslim_state_whose_troops_go_to_cities(
        ) -> None:
    spaces = {"sind": {"pieces": {"troops": 2, "ml_activists": 1, "guerrillas_active": 2}},
              "punjab": {"pieces": {"troops": 1}},          # Raj Control
              "madras": {},                                  # a City
              "bihar": {}}                                   # not a Muslim Province
    state, _ = play("13", "unshaded", "muslim_league", unity=4, spaces=spaces)
    seat, texts = asked(state)
    assert seat == "muslim_league"
    assert "unity" in texts and "state Sind" in texts and "state Baluchistan" in texts
    assert "state Punjab" not in texts and "state Bihar" not in texts
    choose(state, "muslim_league", "state Sind")
    seat, texts = asked(state)
    assert seat == "raj"  # 1.3.5 the Raj moves the Troops
    assert "to Bombay" in texts and "to Madras" in texts
    choose(state, "raj", "to Bombay")
    assert not state.space("sind").muslim_state  # 1.4.2 not yet: Troops still there
    events = choose(state, "raj", "to Madras")
    assert state.space("sind").muslim_state
    assert state.space("sind").count("troops") == 0
    assert state.space("bombay").count("troops") == 1
    assert state.space("madras").count("troops") == 1
    assert state.unity == 4
    ended(state, events, "muslim_league")

    state, _ = play("13", "unshaded", "raj", unity=2)
    events = choose(state, "raj", "unity")
    assert state.unity == 1  # 5.1.4 never below 1
    assert not any(sp.muslim_state for sp in state.spaces.values())
    ended(state, events, "raj")


def test_5_card_13_shaded_unity_plus_2_and_3_pieces_out_of_play_to_available() -> None:
    state, _ = play("13", "shaded", "congress", unity=2,
                    out_of_play={"sepoys": 2, "guerrillas": 3})
    assert state.unity == 4
    seat, texts = asked(state)
    assert (seat, texts) == ("congress", ["move sepoy", "move guerrilla"])
    choose(state, "congress", "move sepoys")
    choose(state, "congress", "move sepoy")
    assert asked(state)[1] == ["move guerrilla"]
    events = choose(state, "congress", "move guerrillas")
    assert state.out_of_play.get("sepoys", 0) == 0
    assert state.out_of_play["guerrillas"] == 2
    ended(state, events, "congress")


# --- #14 Independence Fighters Take Up Arms ---------------------------------------------------


def test_5_card_14_unshaded_removes_up_to_4_guerrillas_from_up_to_2_spaces() -> None:
    spaces = {"punjab": {"pieces": {"guerrillas_underground": 3}},
              "bihar": {"pieces": {"guerrillas_active": 2}},
              "assam": {"pieces": {"guerrillas_underground": 1}}}
    state, _ = play("14", "unshaded", resources={"raj": 0, "revolutionaries": 10},
                    spaces=spaces)
    choose(state, "raj", "remove underground guerrilla Punjab")
    choose(state, "raj", "remove active guerrilla Bihar")
    texts = asked(state)[1]
    assert "remove underground guerrilla in Assam" not in texts  # at most 2 spaces
    assert "remove underground guerrilla in Punjab" in texts
    choose(state, "raj", "remove underground guerrilla Punjab")
    events = choose(state, "raj", "remove active guerrilla Bihar")  # the 4th: over
    assert state.space("punjab").pieces == {"guerrillas_underground": 1}
    assert state.space("bihar").pieces == {}
    assert state.space("assam").pieces == {"guerrillas_underground": 1}
    assert state.resources["revolutionaries"] == 7
    ended(state, events, "raj")


def test_5_card_14_shaded_five_guerrillas_in_the_bengals_or_resources() -> None:
    state, _ = play("14", "shaded", "revolutionaries",
                    resources={"raj": 0, "revolutionaries": 10})
    assert asked(state) == ("revolutionaries", ["guerrillas", "resources"])
    choose(state, "revolutionaries", "guerrillas")
    for where in ("West", "West", "East", "East"):
        choose(state, "revolutionaries", f"add {where} Bengal")
        assert asked(state)[1] == ["add West Bengal", "add East Bengal"]  # 5, not up to 5
    events = choose(state, "revolutionaries", "add East Bengal")
    assert state.space("west_bengal").pieces == {"guerrillas_underground": 2}
    assert state.space("east_bengal").pieces == {"guerrillas_underground": 3}
    assert state.resources["revolutionaries"] == 10
    ended(state, events, "revolutionaries")

    state, _ = play("14", "shaded", "revolutionaries",
                    resources={"raj": 0, "revolutionaries": 47})
    events = choose(state, "revolutionaries", "resources")
    assert state.resources["revolutionaries"] == 50  # 1.8
    assert not state.spaces.get("west_bengal")
    ended(state, events, "revolutionaries")


# --- #15 Qissa Khwani Bazaar Crackdown -------------------------------------------------------


def test_5_card_15_unshaded_unrest_where_no_troops_then_a_piece_per_sepoy_bases_last(
        ) -> None:
    spaces = {"sind": {"pieces": {"sepoys": 3, "ml_activists": 1, "gandhi": 1,
                                  "ml_bases": 1, "rev_bases": 1}},
              "punjab": {"pieces": {"troops": 1, "sepoys": 2}}}
    state, _ = play("15", "unshaded", spaces=spaces)
    texts = asked(state)[1]
    assert "unrest Sind" in texts and "unrest Punjab" not in texts  # Troops there
    choose(state, "raj", "unrest Sind")
    assert state.space("sind").unrest == 1
    assert asked(state)[1] == ["remove muslim league activist"]  # Gandhi never; Bases last
    choose(state, "raj", "remove league activists")
    assert asked(state)[1] == ["remove muslim league base", "remove revolutionary base"]
    choose(state, "raj", "remove revolutionary bases")
    events = choose(state, "raj", "remove league bases")  # 3 Sepoys: 3 pieces, over
    assert state.space("sind").pieces == {"sepoys": 3, "gandhi": 1}
    assert not state.jail  # 5.1.3 removed to Available
    ended(state, events, "raj")


def test_5_card_15_shaded_unrest_in_a_space_with_cubes_two_levels_toward_opposition(
        ) -> None:
    spaces = {"bihar": {"support": 1, "pieces": {"sepoys": 1}},
              "rail_delhi_ganges": {"pieces": {"troops": 1}},  # no Support level: not first
              "orissa": {}}
    state, _ = play("15", "shaded", "congress", spaces=spaces)
    assert asked(state) == ("congress", ["unrest Bihar"])
    events = choose(state, "congress", "unrest Bihar")
    assert state.space("bihar").unrest == 1
    assert state.space("bihar").support == -1
    ended(state, events, "congress")


def test_5_1_2_card_15_unshaded_a_space_with_sepoys_and_pieces_to_remove_first() -> None:
    """5.1.2 "Add 1 Unrest marker to 1 space without Troops, then remove 1 piece for each
    Sepoy": Sind (Sepoys and a Guerrilla) before the empty spaces."""
    spaces = {"sind": {"pieces": {"sepoys": 2, "guerrillas_active": 1}},
              "orissa": {"pieces": {"sepoys": 2}}}                    # nothing to remove
    state, _ = play("15", "unshaded", "revolutionaries", spaces=spaces)
    assert asked(state)[1] == ["unrest Sind"]
    state, _ = play("15", "unshaded", "revolutionaries", spaces={"orissa": spaces["orissa"]})
    assert len(asked(state)[1]) > 20 and "unrest Orissa" in asked(state)[1]  # any space


def test_5_1_2_card_15_shaded_a_space_at_active_opposition_cannot_shift() -> None:
    spaces = {"bihar": {"support": -2, "pieces": {"sepoys": 1}},
              "orissa": {"support": 1, "pieces": {"sepoys": 1}}}
    state, _ = play("15", "shaded", "congress", spaces=spaces)
    assert asked(state) == ("congress", ["unrest Orissa"])


# --- #17 Khan Abdul Ghaffar Khan ------------------------------------------------------------


def test_5_card_17_unshaded_removes_up_to_4_activists_or_shifts_2_spaces_near_punjab(
        ) -> None:
    spaces = {"punjab": {"pieces": {"congress_activists": 2, "ml_activists": 1}},
              "sind": {"pieces": {"ml_activists": 3}},
              "delhi": {"pieces": {"congress_activists": 1}},  # a City, not a Province
              "bihar": {"pieces": {"congress_activists": 1}}}  # not adjacent
    state, _ = play("17", "unshaded", spaces=spaces)
    assert asked(state) == ("raj", ["activists", "shift"])
    choose(state, "raj", "activists")
    texts = asked(state)[1]
    assert sorted(texts) == ["done", "remove congress activist in Punjab",
                             "remove muslim league activist in Punjab",
                             "remove muslim league activist in Sind"]
    choose(state, "raj", "remove congress activist Punjab")
    choose(state, "raj", "remove congress activist Punjab")
    choose(state, "raj", "remove league activist Sind")
    events = choose(state, "raj", "remove league activist Punjab")  # the 4th: over
    assert state.space("punjab").pieces == {}
    assert state.space("sind").pieces == {"ml_activists": 2}
    assert not state.jail  # 5.1.3 removed, not arrested
    assert state.space("delhi").pieces == {"congress_activists": 1}
    ended(state, events, "raj")

    spaces = {"punjab": {"support": -2}, "sind": {"support": 1}, "baluchistan": {"support": 2}}
    state, _ = play("17", "unshaded", spaces=spaces)
    choose(state, "raj", "shift")
    texts = asked(state)[1]
    assert "shift Sind" not in texts and "shift Delhi" not in texts  # Passive Support already
    assert "shift Punjab" in texts and "done" not in texts
    choose(state, "raj", "shift Punjab")
    events = choose(state, "raj", "shift Baluchistan")
    assert state.space("punjab").support == -1
    assert state.space("baluchistan").support == 1  # toward Passive Support
    ended(state, events, "raj")


def test_5_card_17_shaded_protests_in_2_spaces_with_league_activists_league_stays_eligible(
        ) -> None:
    spaces = {"bihar": {"pieces": {"ml_activists": 1}},
              "sind": {"pieces": {"ml_activists": 2}},
              "assam": {"protest": True, "pieces": {"ml_activists": 1}},
              "bombay": {"pieces": {"congress_activists": 1}}}
    state, _ = play("17", "shaded", "congress", restraint=5, spaces=spaces)
    seat, texts = asked(state)
    assert (seat, sorted(texts)) == ("congress", ["protest Bihar", "protest Sind"])
    choose(state, "congress", "protest Sind")
    events = choose(state, "congress", "protest Bihar")
    assert state.space("sind").protest and state.space("bihar").protest
    assert "muslim_league" in state.turn.kept_eligible  # 5.0 stays Eligible
    ended(state, events, "congress")


# --- #19 Attack on the Central Legislative Assembly, Delhi -----------------------------------


def test_5_card_19_unshaded_up_to_3_underground_or_all_active_in_1_space() -> None:
    spaces = {"bihar": {"pieces": {"guerrillas_underground": 4, "guerrillas_active": 5}}}
    state, _ = play("19", "unshaded", spaces=spaces)
    assert asked(state)[1] == ["remove 3 underground guerrillas in Bihar",
                               "remove 2 underground guerrillas in Bihar",
                               "remove 1 underground guerrilla in Bihar",
                               "remove 5 active guerrillas in Bihar", "done"]
    events = choose(state, "raj", "remove 5 active Bihar")
    assert state.space("bihar").pieces == {"guerrillas_underground": 4}
    ended(state, events, "raj")

    state, _ = play("19", "unshaded", spaces=spaces)
    choose(state, "raj", "remove 3 underground Bihar")
    assert state.space("bihar").pieces == {"guerrillas_underground": 1, "guerrillas_active": 5}

    state, _ = play("19", "unshaded", spaces=spaces)      # "up to": none at all
    events = choose(state, "raj", "done")
    assert state.space("bihar").pieces == spaces["bihar"]["pieces"]
    ended(state, events, "raj")


def test_5_card_19_shaded_unrest_and_a_guerrilla_in_2_spaces_with_raj_control() -> None:
    spaces = {"bihar": {"pieces": {"troops": 2}},
              "delhi": {"pieces": {"sepoys": 1}},
              "punjab": {"pieces": {"troops": 1, "guerrillas_active": 1}}}  # no Raj Control
    state, _ = play("19", "shaded", "revolutionaries", spaces=spaces)
    assert sorted(asked(state)[1]) == ["unrest Bihar", "unrest Delhi"]
    choose(state, "revolutionaries", "unrest Bihar")
    events = choose(state, "revolutionaries", "unrest Delhi")
    for sid in ("bihar", "delhi"):
        assert state.space(sid).unrest == 1
        assert state.space(sid).count("guerrillas_underground") == 1
    assert state.space("punjab").unrest == 0
    ended(state, events, "revolutionaries")


# --- #20 Jugantar Formed in Bengal -----------------------------------------------------------


def test_5_card_20_unshaded_removes_a_guerrilla_per_cube_then_activates_all() -> None:
    spaces = {"west_bengal": {"pieces": {"troops": 1, "sepoys": 1, "guerrillas_underground": 1,
                                         "guerrillas_active": 2}},
              "east_bengal": {"pieces": {"guerrillas_underground": 2}},
              "bihar": {"pieces": {"guerrillas_underground": 1, "sepoys": 1}}}
    state, events = play("20", "unshaded", spaces=spaces)
    assert state.space("west_bengal").pieces == {"troops": 1, "sepoys": 1,
                                                 "guerrillas_active": 1}
    assert state.space("east_bengal").pieces == {"guerrillas_active": 2}
    assert state.space("bihar").count("guerrillas_underground") == 1  # only the Bengals
    ended(state, events, "raj")


def test_5_card_20_shaded_adds_up_to_3_guerrillas_then_flips_them_underground() -> None:
    spaces = {"west_bengal": {"pieces": {"guerrillas_active": 2, "troops": 1}}}
    state, _ = play("20", "shaded", "revolutionaries", spaces=spaces)
    seat, texts = asked(state)
    assert seat == "revolutionaries"
    assert texts == ["add West Bengal", "add East Bengal", "done"]
    choose(state, "revolutionaries", "add West Bengal")
    choose(state, "revolutionaries", "add East Bengal")
    events = choose(state, "revolutionaries", "add East Bengal")
    assert state.space("west_bengal").pieces == {"guerrillas_underground": 3, "troops": 1}
    assert state.space("east_bengal").pieces == {"guerrillas_underground": 2}
    ended(state, events, "revolutionaries")


def test_5_card_20_shaded_places_only_available_guerrillas() -> None:  # 5.1.1
    state, _ = play("20", "shaded", "revolutionaries",
                    spaces={"bihar": {"pieces": {"guerrillas_underground": 15}}})
    choose(state, "revolutionaries", "add East Bengal")
    assert state.space("east_bengal").count("guerrillas_underground") == 1
    assert state.step.name == "card"  # none left Available: over


# --- #21 Bhagat Singh Frustrates the Empire --------------------------------------------------


def test_5_card_21_unshaded_activates_all_in_punjab_then_removes_one_per_cube() -> None:
    spaces = {"punjab": {"pieces": {"guerrillas_underground": 3, "guerrillas_active": 1,
                                    "troops": 1, "sepoys": 1, "rev_bases": 1}}}
    state, events = play("21", "unshaded", spaces=spaces)
    assert state.space("punjab").pieces == {"guerrillas_active": 2, "troops": 1, "sepoys": 1,
                                            "rev_bases": 1}
    ended(state, events, "raj")


def test_5_card_21_unshaded_removes_no_more_guerrillas_than_there_are() -> None:
    spaces = {"punjab": {"pieces": {"guerrillas_underground": 1, "troops": 3}}}
    state, _ = play("21", "unshaded", spaces=spaces)
    assert state.space("punjab").pieces == {"troops": 3}


def test_5_card_21_shaded_adds_up_to_4_guerrillas_then_unrest_in_punjab() -> None:
    spaces = {"punjab": {"unrest": 1, "pieces": {"troops": 1}}}
    state, _ = play("21", "shaded", "revolutionaries", spaces=spaces)
    seat, texts = asked(state)
    assert seat == "revolutionaries"
    assert texts == ["add 4 guerrillas", "add 3 guerrillas", "add 2 guerrillas",
                     "add 1 guerrilla", "add 0 guerrillas"]
    events = choose(state, "revolutionaries", "add 4 guerrillas")
    assert state.space("punjab").pieces == {"troops": 1, "guerrillas_underground": 4}
    assert state.space("punjab").unrest == 2
    ended(state, events, "revolutionaries")


def test_5_card_21_shaded_only_available_guerrillas() -> None:  # 5.1.1
    state, _ = play("21", "shaded", "congress",
                    spaces={"bihar": {"pieces": {"guerrillas_active": 14}}})
    assert asked(state)[1] == ["add 2 guerrillas", "add 1 guerrilla", "add 0 guerrillas"]
    choose(state, "congress", "add 0 guerrillas")
    assert state.space("punjab").unrest == 1
    assert state.space("punjab").count("guerrillas_underground") == 0
