"""Derived quantities: Raj Control (1.7), Protest supply (1.10), markers, availability."""

from __future__ import annotations

from engine.games.gandhi.derived import (
    available,
    in_crisis,
    protests_for_events,
    protests_for_operations,
    raj_control,
    totals,
    unrest_markers_left,
)
from tests.games.gandhi.helpers import position


def test_1_7_example_of_raj_control() -> None:
    """2 Troops, 2 Sepoys, a Protest and 5 Congress Activists in East Bengal: no Control;
    without the Protest the Activists are Inactive and Raj Controls the space."""
    with_protest = position({"east_bengal": {"pieces": {"troops": 2, "sepoys": 2,
                                                        "congress_activists": 5},
                                             "protest": True}})
    assert not raj_control(with_protest, "east_bengal")
    without = position({"east_bengal": {"pieces": {"troops": 2, "sepoys": 2,
                                                   "congress_activists": 5}}})
    assert raj_control(without, "east_bengal")


def test_1_7_important_active_pieces_only() -> None:
    """Gandhi, Bases, Active Guerrillas and Active Activists count; Underground don't."""
    state = position({"punjab": {"pieces": {"sepoys": 2, "guerrillas_underground": 5}},
                      "bihar": {"pieces": {"sepoys": 2, "guerrillas_active": 2}},
                      "sind": {"pieces": {"sepoys": 2, "gandhi": 1}},
                      "assam": {"pieces": {"troops": 1, "ml_bases": 1}}})
    assert raj_control(state, "punjab")
    assert not raj_control(state, "bihar")
    assert raj_control(state, "sind")          # 2 cubes exceed Gandhi alone
    assert not raj_control(state, "assam")


def test_1_7_2_states_and_railways_are_never_controlled() -> None:
    state = position({"orissa": {"pieces": {"sepoys": 3}},
                      "rail_delhi_ganges": {"pieces": {"troops": 3}},
                      "west_bengal": {"pieces": {"sepoys": 3}, "muslim_state": True}})
    assert not any(raj_control(state, s) for s in ("orissa", "rail_delhi_ganges",
                                                   "west_bengal"))


def test_1_4_3_activists_on_railways_are_active() -> None:
    state = position({"rail_delhi_ganges": {"pieces": {"troops": 1, "ml_activists": 1}}})
    assert not raj_control(state, "rail_delhi_ganges")  # and a Railway is never Controlled


def test_1_10_example_of_available_protest_markers() -> None:
    """Restraint 4: two Protest markers are Available, those in boxes 1 and 2."""
    assert protests_for_operations(position({}, restraint=4)) == 2
    one_out = position({"bihar": {"protest": True}}, restraint=4)
    assert protests_for_operations(one_out) == 1
    assert protests_for_events(one_out) == 5   # Restraint does not limit Events


def test_1_10_protest_supply_per_restraint_level() -> None:
    """Facts §0: Restraint 5/4/3/2/1 lets Operations use 1/2/4/5/6 markers."""
    assert [protests_for_operations(position({}, restraint=r)) for r in (5, 4, 3, 2, 1)] \
        == [1, 2, 4, 5, 6]


def test_1_11_twelve_unrest_strike_markers() -> None:
    state = position({"punjab": {"unrest": 3}, "rail_delhi_ganges": {"strike": True}})
    assert unrest_markers_left(state) == 8


def test_available_is_inventory_less_everything_placed() -> None:
    state = position({"punjab": {"pieces": {"troops": 2, "guerrillas_active": 1,
                                            "guerrillas_underground": 2}}},
                     jail={"congress_activists": 2}, out_of_play={"troops": 3})
    assert available(state, "troops") == 15 - 2 - 3
    assert available(state, "guerrillas_active") == 16 - 3
    assert available(state, "congress_activists") == 16 - 2


def test_6_8_crisis_when_both_tracks_are_one() -> None:
    assert in_crisis(position({}, restraint=1, unity=1))
    assert not in_crisis(position({}, restraint=1, unity=2))


def test_1_9_victory_totals() -> None:
    state = position({"punjab": {"pieces": {"troops": 1}, "support": 2},     # 4 + 2
                      "bihar": {"support": -2, "unrest": 1},                  # C 4, R 2
                      "east_bengal": {"support": -1},                          # C 2, ML 2
                      "west_bengal": {"muslim_state": True},                   # ML 2x2
                      "orissa": {"pieces": {"rev_bases": 1}}})                # R 1
    assert totals(state) == {"raj": 6, "congress": 6, "muslim_league": 6,
                             "revolutionaries": 3}
