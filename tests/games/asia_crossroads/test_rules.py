"""Asia Crossroads: every EXAMPLE of the rule copy and the facts sheet's worked points,
named by rule number (shared/rules/asia-crossroads-rules-es.txt)."""

from __future__ import annotations

import pytest

from engine.games.asia_crossroads import economy, operations
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.common import Run
from engine.games.asia_crossroads.economy import due, event_column, sp_cost
from engine.games.asia_crossroads.operations import (
    FIGHT,
    MARCH,
    NEGOTIATE,
    combat_drm,
    odds_column,
    tables_allowed,
)
from engine.games.asia_crossroads.state import Force, force_ma
from engine.games.asia_crossroads.vocabulary import verb
from tests.games.asia_crossroads.helpers import act, agent, chance, empty_state, put


# --- 14.7 odds ----------------------------------------------------------------------------
def test_14_7_2_example_14_against_5_is_2_to_1() -> None:
    assert odds_column(14, 5) == "2:1"


def test_14_7_3_example_6_against_10_rounds_to_1_to_2() -> None:
    assert odds_column(6, 10) == "1:2"


def test_14_7_example_7_against_4_is_the_1_5_to_1_column() -> None:
    assert odds_column(7, 4) == "1.5:1"
    assert odds_column(6, 4) == "1.5:1" and odds_column(5, 4) == "1:1"


def test_14_7_odds_are_clamped_to_1_to_3_and_4_to_1() -> None:
    assert odds_column(1, 10) == "1:3" and odds_column(3, 7) == "1:3"
    assert odds_column(40, 3) == "4:1" and odds_column(12, 4) == "3:1"


def test_14_7_4_terrain_multiplies_the_defender_once_and_a_fort_triples() -> None:
    state = empty_state(afghanistan="russian")
    assert operations.defence_multiplier(state, "J7", "russian") == 3   # Kabul: mountain
    assert operations.defence_multiplier(state, "H8", "russian") == 2   # hills
    assert operations.defence_multiplier(state, "G8", "russian") == 2   # Kandahar: city
    assert operations.defence_multiplier(state, "G9", "russian") == 1
    state.markers["G9"] = {"fort": "russian"}
    assert operations.defence_multiplier(state, "G9", "russian") == 3   # 20.3.2


# --- 14.6 choice of the table -------------------------------------------------------------
def test_14_6_example_5_b_and_3_r_factors_may_only_use_the_battle_table() -> None:
    state = empty_state(afghanistan="british")
    put(state, "british", "field_force", 1, "G9")        # 3 B
    put(state, "north_india", "field_force", 1, "G9")    # 2 B
    put(state, "afghanistan", "irregulars", 3, "G9")     # 3 R
    assert tables_allowed(state, "G9", "british") == ["battle"]


def test_14_6_example_3_b_and_3_c_factors_may_use_either_table() -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "G9")        # 3 B
    put(state, "british", "flying_column", 1, "G9")      # 2 C
    put(state, "north_india", "irregulars", 1, "G9")     # 1 R -> 3 C-or-R of 6
    assert tables_allowed(state, "G9", "british") == ["battle", "raid"]


# --- 14.8 / 16.2.2 agents in combat ----------------------------------------------------------
def test_14_8_example_attacker_agent_2_defender_agent_1_gives_plus_1() -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "G9")
    agent(state, "keane", "G9")                          # military 2
    put(state, "russian", "field_force", 1, "G9")
    agent(state, "ignatiev", "G9")                       # military 1 (house)
    assert combat_drm(state, "G9", "british") == 1


# --- 11.3, 16.2.1 movement of forces ---------------------------------------------------------
def test_11_3_example_a_force_moves_at_its_slowest_unit_even_after_dropping_it() -> None:
    state = empty_state()
    column = put(state, "british", "flying_column", 1, "N9")
    field = put(state, "british", "field_force", 1, "N9")
    assert force_ma(state, [column.id, field.id]) == 4
    state.phase, state.sub, state.phasing, state.ops = "ops", "movement", "british", 1
    _, state = act(state, "british", MARCH(place="N9"))
    _, state = act(state, "british", verb("go")(direction="e"))     # clear, off-route: 1
    _, state = act(state, "british", verb("leave")(nation="british", troop="field_force"))
    assert state.force is not None and state.force.left_half == 2 * 4 - 2   # still MA 4


def test_16_2_1_example_keane_adds_2_to_an_infantry_brigade_of_4() -> None:
    state = empty_state()
    brigade = put(state, "british", "field_force", 1, "N9")
    agent(state, "keane", "N9")
    assert force_ma(state, [brigade.id, "keane"]) == 6


def test_13_2_only_circled_units_move_diagonally() -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "N9")
    state.force = Force("N9", "N9", [u for u in state.units if u.startswith("u")], 8)
    assert operations.step_cost(state, "N9", "O10") is None
    state.units["keane"].where = "N9"
    state.force = Force("N9", "N9", ["keane"], 16)
    assert operations.step_cost(state, "N9", "O10") == 2


# --- 13.5 trade routes, 19.1 bases, 13.8 amphibious ------------------------------------------
def test_13_5_trade_routes_cost_half_a_point_and_one_in_desert_or_mountain() -> None:
    state = empty_state()
    state.force = Force("N10", "N10", [], 16)
    assert operations.step_cost(state, "N10", "N9") == 1           # clear, on the route
    assert operations.step_cost(state, "K7", "J7") == 2            # Kabul: mountain
    assert operations.step_cost(state, "N10", "M10") == 2          # clear, off the route


def test_19_1_example_agra_to_central_india_pays_trade_route_rates_plus_1() -> None:
    state = empty_state()
    garrison = put(state, "british", "garrison", 1, "O12")          # MA 2: 4 halves
    state.force = Force("O12", "O12", [garrison.id], 4)
    assert operations.enter_cost(state, "british") == 3            # 1/2 + 1 MP
    state.force = Force("P12", "P12", [garrison.id], 4)
    assert operations.enter_cost(state, "british") == 4            # off the route: 1 + 1
    state.force = Force("P12", "P12", [garrison.id], 3)
    assert operations.enter_cost(state, "british") is None


def test_13_8_amphibious_costs_1_sp_from_a_port_and_2_otherwise() -> None:
    state = empty_state()
    state.ops = 1
    state.force = Force("I12", "I12", [], 8)                       # Karachi, a port
    assert operations.sail_cost(state, "british") == 1
    state.force = Force("H12", "H12", [], 8)
    assert operations.sail_cost(state, "british") == 2
    state.ops = 2                                                  # 12.2: +1 in phases 2-5
    assert operations.sail_cost(state, "british") == 3
    assert "I12" in operations.water_reach(state.data, "central_india")   # 19.1.1
    assert "C3" in operations.water_reach(state.data, "urals")            # 19.1.2
    assert "C3" not in operations.water_reach(state.data, "central_india")


# --- 12.2-12.3 operations phases ---------------------------------------------------------
def test_12_3_example_phase_1_moves_free_later_phases_cost_1_sp_a_force() -> None:
    state = empty_state()
    put(state, "british", "field_force", 3, "N9")
    agent(state, "keane", "N9")
    state.phase, state.sub, state.phasing, state.ops = "ops", "movement", "british", 1
    state.supply["british"] = 2
    _, state = act(state, "british", MARCH(place="N9"))
    _, state = act(state, "british", verb("go")(direction="n"))
    assert state.supply["british"] == 2                            # 12.2(1): free
    state.ops, state.force, state.moved = 2, None, []
    _, state = act(state, "british", MARCH(place="N8"))
    _, state = act(state, "british", verb("go")(direction="n"))
    assert state.supply["british"] == 1                            # 12.2(2): 1 SP
    state.ops, state.force, state.moved, state.supply["british"] = 3, None, [], 0
    assert MARCH(place="N7") not in RULES_legal(state)             # no SP: no move


def RULES_legal(state):  # noqa: N802 (a helper reading like the ruleset's call)
    from tests.games.asia_crossroads.helpers import RULES
    return RULES.legal_actions(state, state.phasing).actions


# --- 17 supply -----------------------------------------------------------------------------
def test_17_2_sp_cost_1_each_for_the_first_10_and_2_after() -> None:
    state = empty_state()
    assert sp_cost(state, "british", 10) == 10
    assert sp_cost(state, "british", 12) == 14
    state.bought_sp["british"] = 9
    assert sp_cost(state, "british", 2) == 3


def test_17_6_example_british_ni_and_afghan_units_in_an_afghan_clear_square_cost_2_sp() -> None:
    state = empty_state(afghanistan="british")
    square = "G8"                                   # Kandahar, clear: forage 3
    assert state.data.tec[state.data.terrain[square]].forage == 3
    put(state, "british", "field_force", 1, square)
    put(state, "north_india", "field_force", 2, square)
    put(state, "afghanistan", "field_force", 1, square)
    assert due(state, "british", square) == 2


def test_17_3_2_a_desert_feeds_one_irregular() -> None:
    state = empty_state(afghanistan="british")
    put(state, "afghanistan", "irregulars", 1, "E8")
    assert state.data.terrain["E8"] == "desert"
    assert due(state, "british", "E8") == 0


# --- 8.1 random events -----------------------------------------------------------------------
def test_8_1_example_turn_3_a_5_made_6_by_the_bop_rolls_on_d_then_c() -> None:
    state = empty_state()
    state.balance = 6                         # favours the British moderately: +1
    assert event_column(state, "british", 5) == ["D", "C"]
    state.balance = 0
    assert event_column(state, "british", 5) == ["D"]


def test_8_1_example_d4_is_the_nihilist_revolt_and_c1_the_anglo_russian_agreement() -> None:
    events = empty_state().data.tables["events"]
    assert events["D"][3] == "nihilist_revolt"
    assert events["C"][0] == "anglo_russian_agreement"


def test_8_2_the_same_event_twice_in_a_turn_is_no_event() -> None:
    state = empty_state()
    state.turn = 3
    state.events_this_turn = ["anglo_russian_agreement"]
    run = Run(state, chance(6, 1, 2, 1))      # D1 Jihad (2 ghazis), then C1 agreement
    economy.random_events(run)
    said = [e.event for e in run.events if isinstance(e, ev.RandomEvent)]
    assert said == ["jihad", "none"]


# --- 7.0 initiative ----------------------------------------------------------------------
def test_7_0_the_favoured_side_chooses_the_first_player() -> None:
    state = empty_state()
    state.balance = 1
    assert economy.chooser(state, 2) == "british"
    state.balance = -1
    assert economy.chooser(state, 1) == "russian"
    state.balance = 0                               # house: the roller of the events
    assert economy.chooser(state, 1) == "british" and economy.chooser(state, 2) == "russian"


# --- 9.1 income, 10.3 recruitment -----------------------------------------------------------
def test_9_1_occupied_cities_pay_and_a_colony_doubles_when_occupied() -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "N9")                  # Lahore £3
    state.markers["O12"] = {"trading_post": "british"}             # Agra £3, empty
    income = economy.income_of(state, "british", 3)
    assert income["cities"] == 3 and income["markers"] == 3
    put(state, "british", "garrison", 1, "O12")
    income = economy.income_of(state, "british", 3)
    assert income["cities"] == 6 and income["markers"] == 6
    put(state, "russian", "garrison", 1, "O12")
    assert economy.income_of(state, "british", 3)["markers"] == 0  # enemy there


def test_10_3_example_british_controlling_afghanistan_recruit_an_afghan_field_force_in_kabul(
        ) -> None:
    state = empty_state(afghanistan="british")
    state.phase, state.treasury["british"] = "purchases", 10
    put(state, "british", "field_force", 1, "J7")
    offered = RULES_legal_seat(state, "british")
    assert verb("recruit")(nation="afghanistan", troop="field_force", place="J7") in offered
    state.control["afghanistan"] = "neutral"
    offered = RULES_legal_seat(state, "british")
    assert not any(a.verb == "recruit" and a["nation"] == "afghanistan" for a in offered)


def RULES_legal_seat(state, seat):  # noqa: N802
    from tests.games.asia_crossroads.helpers import RULES
    return RULES.legal_actions(state, seat).actions


# --- 11.2 forces of several nations, 18 reorganisation ----------------------------------------
def test_11_2_example_british_baluchi_and_persian_units_form_one_force() -> None:
    state = empty_state(baluchistan="british", persia="british")
    ids = {put(state, n, k, 1, "E10").id for n, k in (
        ("british", "field_force"), ("baluchistan", "irregulars"), ("persia", "irregulars"))}
    state.phase, state.sub, state.phasing, state.ops = "ops", "movement", "british", 1
    _, state = act(state, "british", MARCH(place="E10"))
    assert state.force is not None and set(state.force.units) == ids


def test_18_example_a_british_xxx_field_force_becomes_xx_and_x() -> None:
    state = empty_state()
    big = put(state, "british", "field_force", 3, "N9")
    state.phase, state.sub, state.phasing, state.ops = "ops", "movement", "british", 1
    _, state = act(state, "british", verb("split")(nation="british", troop="field_force",
                                                  place="N9"))
    sizes = sorted(u.size for u in state.units.values() if u.nation == "british"
                   and not u.agent)
    assert sizes == [1, 2] and state.units[big.id].size == 2


# --- 5.4 belligerence, 5.6 defection, 15 negotiations -----------------------------------------
def _at_kabul() -> object:
    state = empty_state()
    put(state, "british", "field_force", 1, "J7")
    agent(state, "burnes", "J7")                     # political 3
    put(state, "afghanistan", "irregulars", 1, "J7")
    state.phase, state.sub, state.phasing, state.ops = "ops", "negotiations", "british", 1
    state.treasury["british"] = 5
    return state


def test_5_4_1_example_negotiating_in_kabul_before_the_belligerence_check_succeeds() -> None:
    state = _at_kabul()
    _, state = act(state, "british", NEGOTIATE(region="afghanistan", agent="burnes"))
    assert state.negotiation is not None and state.negotiation.waiting == ["british"]
    run, state = act(state, "british", verb("bid")(amount=3), 6, 3)   # result, levy
    assert state.control["afghanistan"] == "british"
    assert state.levies and state.levies[0]["side"] == "british"     # 5.4.2(3): placed
    _, state = act(state, "british", verb("levy")(place="H7"))       # where it chooses
    _, state = act(state, "british", verb("done")(), 4)
    assert state.control["afghanistan"] == "british"      # no invasion: now allied


def test_5_4_1_example_a_failed_negotiation_leaves_the_stop_an_invasion() -> None:
    state = _at_kabul()
    _, state = act(state, "british", NEGOTIATE(region="afghanistan", agent="burnes"))
    _, state = act(state, "british", verb("bid")(amount=0), 1)     # 3 + 0: "none" on 1
    assert state.control["afghanistan"] == "neutral"
    run, state = act(state, "british", verb("done")(), 2, 1)        # levy 2, then combat
    assert any(isinstance(e, ev.Invasion) for e in run.events)
    assert state.control["afghanistan"] == "russian"              # 5.4(3): the opponent


def test_5_6_example_afghan_units_in_a_russian_force_are_eliminated_on_defection() -> None:
    state = empty_state(afghanistan="russian")
    put(state, "russian", "field_force", 1, "I5")
    afghans = [put(state, "afghanistan", "irregulars", 1, "I5").id for _ in range(2)]
    home = put(state, "afghanistan", "irregulars", 1, "H7").id
    run = Run(state, chance())
    from engine.games.asia_crossroads.common import change_control
    change_control(run, "afghanistan", "british", "negotiation")
    assert all(a not in run.state.units for a in afghans)
    assert run.state.units[home].where == "H7"                   # the others go over


def test_15_1_the_opponent_bids_only_with_an_agent_in_the_capital_and_bids_are_secret(
        ) -> None:
    state = _at_kabul()
    agent(state, "vitkevich", "J7")
    state.treasury["russian"] = 4
    _, state = act(state, "british", NEGOTIATE(region="afghanistan", agent="burnes"))
    assert state.negotiation is not None
    assert sorted(state.negotiation.waiting) == ["british", "russian"]
    _, state = act(state, "british", verb("bid")(amount=2))
    from tests.games.asia_crossroads.helpers import RULES
    seen = RULES.view(state, "russian")
    assert seen.negotiation is not None and seen.negotiation.bids["british"] is None
    run, state = act(state, "russian", verb("bid")(amount=3), 5)
    revealed = next(e for e in run.events if isinstance(e, ev.BidsRevealed))
    assert revealed.bids == {"british": 2, "russian": 3}


# --- 16.3 capture ------------------------------------------------------------------------------
def test_16_3_an_agent_alone_with_enemy_combat_units_escapes_on_a_low_roll() -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "G9")
    agent(state, "vitkevich", "G9")                  # 3 + 0
    put(state, "russian", "garrison", 1, "E9")
    state.phase, state.sub, state.phasing, state.ops = "ops", "combat", "british", 1
    run = Run(state, chance(3))
    operations.end_of_combat(run)
    assert run.state.units["vitkevich"].where == "E9"
    run = Run(state, chance(4))
    operations.end_of_combat(run)
    assert run.state.units["vitkevich"].where == "prisoner"
    assert run.state.captives == ["vitkevich"]


def test_16_3_2_executing_a_captured_agent_moves_the_bop_toward_its_side() -> None:
    state = empty_state()
    state.units["vitkevich"].where = "prisoner"
    state.captives = ["vitkevich"]
    state.phase, state.sub, state.phasing, state.ops = "ops", "combat", "british", 5
    state.first = "russian"
    run, after = act(state, "british", verb("execute")(agent="vitkevich"))
    assert after.balance == -1 and after.units["vitkevich"].where == "gone"


# --- 14 combat, end to end -------------------------------------------------------------------
def test_14_1_combat_applies_the_crt_result_in_order() -> None:
    state = empty_state()
    put(state, "british", "field_force", 2, "G9")        # 6
    put(state, "russian", "garrison", 1, "G9")           # 1 x1 -> 4:1
    state.phase, state.sub, state.phasing, state.ops = "ops", "combat", "british", 1
    state.first = "british"
    state.combats, state.combat_step = ["G9"], "table"
    run, after = act(state, "british", FIGHT(table="battle"), 6)
    fought = next(e for e in run.events if isinstance(e, ev.CombatResolved))
    assert (fought.column, fought.result) == ("4:1", "0/x")
    assert not [u for u in after.units.values() if u.nation == "russian" and not u.agent]


@pytest.mark.parametrize("marker", ["colony", "fort", "trading_post"])
def test_20_2_one_marker_of_each_type_per_player_per_square(marker: str) -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "N9")
    agent(state, "pottinger", "N9")
    state.treasury["british"] = 20
    state.markers["N9"] = {marker: "british"}
    built = {a["marker"] for a in economy.build_actions(state, "british", 20)}
    assert marker not in built and built == {"colony", "fort", "trading_post"} - {marker}
