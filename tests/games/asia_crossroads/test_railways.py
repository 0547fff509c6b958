"""Asia Crossroads railways: building them (20.2, house 20.3.4), rail movement (13.6),
the bases' railways from 1860-64 (19.1.4, 20.2.2) and railway supply lines (17.6.2)."""

from __future__ import annotations

from engine.games.asia_crossroads import economy, operations
from engine.games.asia_crossroads.common import Run
from engine.games.asia_crossroads.economy import due, due_parts
from engine.games.asia_crossroads.state import AsiaState, Force
from engine.games.asia_crossroads.vocabulary import verb
from tests.games.asia_crossroads.helpers import act, agent, chance, empty_state, put, setup_state

BUILD = verb("build")


def _rails(state: AsiaState, seat: str, *squares: str) -> None:
    for square in squares:
        state.markers.setdefault(square, {})["railway"] = seat


def _force_at(state: AsiaState, square: str, seat: str = "british") -> AsiaState:
    unit = put(state, seat, "field_force", 1, square)            # MA 4
    state.phase, state.sub, state.phasing, state.ops = "ops", "movement", seat, 1
    state.force = Force(square, square, [unit.id], 8)
    return state


# --- 20.2, 20.3.4 building ----------
def test_20_2_example_a_colony_and_a_railway_in_the_same_square_but_not_two_colonies() -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "N9")                # Lahore
    agent(state, "pottinger", "N9")
    _rails(state, "british", "N10")
    state.treasury["british"], state.phase = 20, "purchases"
    built = {a["marker"] for a in economy.build_actions(state, "british", 20)}
    assert {"colony", "railway"} <= built
    _, state = act(state, "british", BUILD(marker="colony", place="N9"))
    _, state = act(state, "british", BUILD(marker="railway", place="N9"))
    state.pending["russian"], state.done = [], ["russian"]
    _, state = act(state, "british", verb("done")())
    assert state.markers["N9"] == {"colony": "british", "railway": "british"}
    assert "colony" not in {a["marker"] for a in economy.build_actions(state, "british", 20)
                            if a["place"] == "N9"}


def test_20_3_4_house_railways_grow_from_the_own_base_along_square_sides() -> None:
    state = empty_state()
    for square in ("N12", "M10", "L9"):
        put(state, "british", "garrison", 1, square)
    assert economy.railway_site(state, "N12", "british")         # an edge of Central India
    assert not economy.railway_site(state, "M10", "british")     # nothing to join
    _rails(state, "british", "M11")
    assert economy.railway_site(state, "M10", "british")
    _rails(state, "british", "K10")                              # L9 is its corner only
    assert not economy.railway_site(state, "L9", "british")
    state.rules = {"railway_placement": "anywhere"}
    assert economy.railway_site(state, "L9", "british")


def test_2_8_1_errata_a_russian_railway_eliminated_is_minus_1() -> None:
    state = empty_state()
    _rails(state, "russian", "G9")
    run = Run(state, chance())
    operations.destroy_marker(run, "G9", "railway", "russian")
    assert run.state.balance == -1 and "G9" not in run.state.markers


# --- 13.6 rail movement ----------
def test_13_6_1_a_force_rides_any_number_of_railway_squares_for_1_mp() -> None:
    state = _force_at(empty_state(), "N12")
    _rails(state, "british", "N12", "N11", "N10", "M10", "L10")
    assert operations.rail_squares(state, "british") == {
        "N11": 2, "N10": 2, "M10": 2, "L10": 2}
    _, state = act(state, "british", verb("rail")(place="L10"))
    assert state.force is not None and (state.force.square, state.force.left_half) == ("L10", 6)


def test_13_6_2_rail_movement_may_start_among_enemies_and_stops_on_entering_them() -> None:
    state = _force_at(empty_state(), "N12")
    put(state, "russian", "garrison", 1, "N12")
    put(state, "russian", "garrison", 1, "N10")
    _rails(state, "british", "N12", "N11", "N10", "N9")
    assert set(operations.rail_squares(state, "british")) == {"N11", "N10"}
    _, state = act(state, "british", verb("rail")(place="N10"))
    assert state.force is not None and state.force.left_half == 0


def test_13_6_3_rail_then_terrain_then_rail_pays_1_mp_for_each_rail_leg() -> None:
    state = _force_at(empty_state(), "N12")
    _rails(state, "british", "N12", "N11", "M10", "L10")
    _, state = act(state, "british", verb("rail")(place="N11"))         # 8 -> 6
    _, state = act(state, "british", verb("go")(direction="w"))         # M11 clear: 6 -> 4
    _, state = act(state, "british", verb("go")(direction="n"))         # M10: 4 -> 2
    _, state = act(state, "british", verb("rail")(place="L10"))         # 2 -> 0
    assert state.force is not None and (state.force.square, state.force.left_half) == ("L10", 0)


def test_13_6_4_railways_join_across_square_sides_never_corners() -> None:
    state = _force_at(empty_state(), "N12")
    _rails(state, "british", "N12", "M11")
    assert operations.rail_squares(state, "british") == {}


def test_13_6_5_a_force_may_not_use_enemy_railways() -> None:
    state = _force_at(empty_state(), "N12")
    _rails(state, "british", "N12")
    _rails(state, "russian", "N11", "N10")
    assert operations.rail_squares(state, "british") == {}


def test_19_1_4_from_1860_64_the_bases_have_railways_and_units_ride_out_of_them() -> None:
    state = setup_state("crossroads")
    state.units = {k: u for k, u in state.units.items() if u.agent}
    _force_at(state, "central_india")
    _rails(state, "british", "N12", "N11")
    assert operations.rail_squares(state, "british") == {}       # 1850-54: none yet
    state.turn = 3                                               # 1860-64
    assert operations.rail_squares(state, "british") == {"N12": 4, "N11": 4}   # +1 MP base
    state = _force_at(state, "N11")
    assert operations.rail_squares(state, "british")["central_india"] == 4


# --- 17.6.2 railway supply lines ----------
def test_17_6_2_a_railway_line_to_the_base_spares_the_expeditionary_sp() -> None:
    state = empty_state(afghanistan="british")
    put(state, "british", "field_force", 1, "K9")                # Baluchistan: expedition
    assert due_parts(state, "british", "K9") == (0, 1)
    _rails(state, "british", "K9", "K10", "K11", "L11", "L12")   # L12: an edge square
    assert due(state, "british", "K9") == 0
    put(state, "russian", "garrison", 1, "K11")                  # the line is cut
    assert due(state, "british", "K9") == 1
