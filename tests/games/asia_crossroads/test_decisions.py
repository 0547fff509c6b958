"""Asia Crossroads: the decisions the rules give the players (losses 14.9 and 17.4,
retreats 14.5, the defence levy 5.4.2(3), the agent whose military value counts 14.8 and
16.2.1, partial supply 17.6, the return of prisoners 16.3.2(1)) and the lost rules the
pack sets (Jihad, massacres, capitulation, victory), named by rule number."""

from __future__ import annotations

import pytest

from engine.core.messages import CourierError
from engine.games.asia_crossroads import economy, operations
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.common import Run, change_control
from engine.games.asia_crossroads.pack import RULES, house_pack, pack_problems
from engine.games.asia_crossroads.state import AsiaState
from engine.games.asia_crossroads.vocabulary import verb
from tests.games.asia_crossroads.helpers import (
    RULES as GAME,
)
from tests.games.asia_crossroads.helpers import (
    act,
    agent,
    chance,
    empty_state,
    put,
    setup_state,
)

FIGHT, LOSE, RETREAT, STAND, LEAD = (verb(v) for v in ("fight", "lose", "retreat", "stand",
                                                         "lead"))


def _combat(state: AsiaState, square: str, step: str = "table") -> AsiaState:
    state.phase, state.sub, state.phasing, state.ops = "ops", "combat", "british", 1
    state.first = "british"
    state.combats, state.combat_step = [square], step
    return state


def _verbs(state: AsiaState, seat: str) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, seat).actions]


# --- 14.9 losses ----------
def test_14_9_the_attacker_chooses_which_of_its_units_lose_brigades() -> None:
    state = _combat(empty_state(), "G9")
    put(state, "british", "field_force", 1, "G9")        # 3 B
    irregulars = put(state, "north_india", "irregulars", 1, "G9").id   # 1 R: battle only
    put(state, "russian", "garrison", 2, "G9")           # 2 in a desert: 2:1
    run, state = act(state, "british", FIGHT(table="battle"), 1)        # 2:1, 1: "1/1"
    assert next(e for e in run.events if isinstance(e, ev.CombatResolved)).result == "1/1"
    assert state.loss == {"seat": "british", "square": "G9", "brigades": 1, "then": "combat"}
    assert GAME.active_seats(state) == {"british"}
    assert sorted(_verbs(state, "british")) == ["lose british field force",
                                                "lose north india irregulars"]
    _, state = act(state, "british", LOSE(nation="north_india", troop="irregulars"))
    assert irregulars not in state.units and state.loss is None
    russians = [u for u in state.units.values() if u.nation == "russian" and not u.agent]
    assert [u.size for u in russians] == [1]              # one type: no question asked
    assert state.phasing == "russian"                     # the combat sub-phase went on


def test_17_4_the_owner_chooses_which_brigades_starve_beyond_the_forage() -> None:
    state = empty_state()
    big = put(state, "british", "field_force", 3, "N11").id    # at home: no expedition
    put(state, "north_india", "irregulars", 1, "N11")          # 4 brigades, forage 3
    state.supply["british"] = 0
    run = Run(state, chance())
    economy.begin_supply(run)
    state = run.state
    assert state.dues == {"british@N11": 1}
    _, state = act(state, "british", verb("starve")(place="N11"))
    assert state.loss is not None and state.loss["then"] == "supply"
    assert GAME.active_seats(state) == {"british"}
    _, state = act(state, "british", LOSE(nation="british", troop="field_force"))
    assert state.units[big].size == 2 and state.loss is None
    assert state.turn == 2                                # the turn ended


def test_17_6_example_one_sp_pays_the_forage_or_the_expedition_not_both() -> None:
    """17.6: a British unit, two North Indian and one Afghan in a clear Afghan square
    (forage 3) need 2 SP; with one, the player picks which part to pay."""
    def at_kabul_road() -> AsiaState:
        state = empty_state(afghanistan="british")
        put(state, "british", "field_force", 1, "G8")
        put(state, "north_india", "field_force", 2, "G8")
        put(state, "afghanistan", "irregulars", 1, "G8")
        state.supply["british"] = 1
        run = Run(state, chance())
        economy.begin_supply(run)
        return run.state
    state = at_kabul_road()
    assert state.dues == {"british@G8": 2}
    assert {"feed G8", "sustain G8", "starve G8"} <= set(_verbs(state, "british"))
    assert "supply G8" not in _verbs(state, "british")        # 1 SP only
    _, fed = act(state, "british", verb("feed")(place="G8"))
    assert sorted(u.nation for u in fed.units.values()
                  if u.where == "G8" and not u.agent) == ["afghanistan"]
    _, kept = act(state, "british", verb("sustain")(place="G8"))
    assert kept.supply["british"] == 0 and kept.loss is not None    # 4 brigades, forage 3
    _, kept = act(kept, "british", LOSE(nation="afghanistan", troop="irregulars"))
    assert sorted(u.nation for u in kept.units.values() if u.where == "G8"
                  and not u.agent) == ["british", "north_india"]


# --- 14.5 retreats ----------
def test_14_5_the_defender_chooses_where_to_retreat_before_combat() -> None:
    state = _combat(empty_state(), "G9", step="retreat")
    put(state, "british", "garrison", 1, "G9")            # MA 2
    put(state, "north_india", "irregulars", 1, "H9")
    put(state, "russian", "flying_column", 1, "G9")       # MA 6: may retreat
    choices = _verbs(state, "russian")
    assert "stand" in choices and "retreat to H9" not in choices     # enemy units there
    assert {"retreat to G8", "retreat to G10", "retreat to F9"} <= set(choices)
    _, state = act(state, "russian", RETREAT(place="G10"))
    assert [u.where for u in state.units.values() if u.nation == "russian"
            and not u.agent] == ["G10"]


def test_14_9_a_retreat_result_goes_where_its_owner_chooses() -> None:
    state = _combat(empty_state(), "G9")
    put(state, "british", "field_force", 3, "G9")
    put(state, "british", "field_force", 1, "G9")         # 12
    put(state, "russian", "garrison", 3, "G9")            # 3 in a desert: 4:1
    run, state = act(state, "british", FIGHT(table="battle"), 2)     # 4:1, 2: "1/2r"
    assert next(e for e in run.events if isinstance(e, ev.CombatResolved)).result == "1/2r"
    assert state.retreating == {"seat": "russian", "square": "G9", "then": "result"}
    assert GAME.active_seats(state) == {"russian"}
    _, state = act(state, "russian", RETREAT(place="F9"))
    assert [(u.where, u.size) for u in state.units.values() if u.nation == "russian"
            and not u.agent] == [("F9", 1)]


def test_14_5_house_retreat_toward_base_never_goes_farther_from_the_own_base() -> None:
    state = empty_state()
    state.rules = {"retreat": "toward_base"}
    garrison = [put(state, "russian", "garrison", 1, "G9")]
    assert operations.retreat_squares(state, "G9", "russian", garrison) == [
        "F9", "G8", "H9"]                                 # G10 is farther from the Urals
    state.rules = {}
    assert operations.retreat_squares(state, "G9", "russian", garrison) == [
        "F9", "G10", "G8", "H9"]


# --- 14.8, 16.2.1 the agent whose military value counts ----------
def test_14_8_each_player_names_the_one_agent_whose_military_value_counts() -> None:
    state = _combat(empty_state(), "G9")
    put(state, "british", "field_force", 2, "G9")
    agent(state, "keane", "G9")                           # military 2
    agent(state, "pottinger", "G9")                       # military 1
    put(state, "russian", "garrison", 1, "G9")
    run, state = act(state, "british", FIGHT(table="battle"))
    assert state.combat_step == "lead:battle" and not run.events[1:]
    assert sorted(_verbs(state, "british")) == ["lead with keane", "lead with pottinger"]
    run, state = act(state, "british", LEAD(agent="pottinger"), 1)
    fought = next(e for e in run.events if isinstance(e, ev.CombatResolved))
    assert fought.drm == 1


def test_16_2_1_the_player_names_the_agent_that_speeds_the_force() -> None:
    state = empty_state()
    put(state, "british", "field_force", 1, "N11")        # MA 4
    agent(state, "keane", "N11")                          # military 2
    agent(state, "pottinger", "N11")                      # military 1
    state.phase, state.sub, state.phasing, state.ops = "ops", "movement", "british", 1
    _, state = act(state, "british", verb("march")(place="N11"))
    assert state.force is not None and state.force.left_half == 12      # 4 + 2
    assert "lead with pottinger" in _verbs(state, "british")
    _, state = act(state, "british", LEAD(agent="pottinger"))
    assert state.force is not None and state.force.left_half == 10      # 4 + 1
    _, state = act(state, "british", verb("go")(direction="n"))
    choices = _verbs(state, "british")
    assert "leave agent keane" in choices and "leave agent pottinger" not in choices


# --- 5.4.2(3) the defence levy ----------
def test_5_4_2_3_the_new_controller_places_the_levy_where_it_chooses() -> None:
    state = empty_state()
    put(state, "russian", "field_force", 1, "H7")         # an enemy unit in the region
    put(state, "afghanistan", "irregulars", 1, "I7")      # a neutral... now British
    state.phase = "purchases"
    run = Run(state, chance(3))
    change_control(run, "afghanistan", "british", "negotiation")
    state = run.state
    assert state.levies[0]["count"] == 3 and GAME.active_seats(state) == {"british"}
    squares = {a["place"] for a in GAME.legal_actions(state, "british").actions}
    assert "H7" not in squares and "J7" in squares and "I7" in squares
    _, state = act(state, "british", verb("levy")(place="J7"))
    assert sum(u.size for u in state.units.values() if u.nation == "afghanistan"
               and u.where == "J7") == 3 and not state.levies


# --- 16.3.2(1) prisoners, 16.6 periods ----------
def test_16_3_2_1_the_owner_returns_a_prisoner_at_the_start_of_a_later_turn() -> None:
    state = empty_state()
    state.units["vitkevich"].where = "prisoner"
    run = Run(state, chance())
    economy.begin_turn(run, 2)
    state = run.state
    assert state.phase == "release" and GAME.active_seats(state) == {"russian"}
    assert "return vitkevich at C2" in _verbs(state, "russian")
    _, state = act(state, "russian", verb("return")(agent="vitkevich", place="C2"))
    assert state.units["vitkevich"].where == "C2" and state.phase == "initiative"


def test_16_6_2_example_pottinger_of_period_1_stays_in_play_in_1860_64() -> None:
    """16.6.2: in scenario 3, which covers several periods, agents are not lost when the
    period changes: Pottinger (period 1) may still be in play in 1860-64."""
    state = setup_state("crossroads")
    assert state.units["pottinger"].where == "N9" and state.period == 1
    run = Run(state, chance())
    economy.begin_turn(run, 3)
    state = run.state
    assert state.turns[state.turn - 1] == "1860-64" and state.period == 2
    assert any(isinstance(e, ev.PeriodBegan) for e in run.events)
    assert state.units["pottinger"].where == "N9"
    hired = {a["agent"] for a in economy.hire_actions(state, "british", 20)}
    assert "burnes" not in hired and "roberts" not in hired      # 16.6.1: period 2 only
    assert {"pundit_1", "pundit_2"} <= hired                      # 16.8: any period


# --- the lost rules, as pack options ----------
def test_the_lost_rules_are_pack_options_with_house_defaults() -> None:
    pack = house_pack()
    assert pack.rules == {key: values[0] for key, values in RULES.items()}
    assert pack_problems(pack) == []
    with pytest.raises(CourierError):
        GAME.setup("skirmish", {"jihad": "crusade"}, chance())


def test_21_house_jihad_gives_ghazis_to_the_side_the_bop_does_not_favour() -> None:
    state = empty_state()
    state.balance = 5                                     # favours the British
    run = Run(state, chance(4))
    economy.apply_event(run, "british", "jihad")
    state = run.state
    assert state.control["ghazi"] == "russian" and state.levies[0]["count"] == 4
    _, state = act(state, "russian", verb("levy")(place="I7"), 1, 1)    # then income
    assert sum(u.size for u in state.units.values() if u.kind == "ghazi") == 4
    assert state.units["mad_mullah"].where == "I7"
    state = empty_state()
    state.rules = {"jihad": "none"}
    run = Run(state, chance())
    economy.apply_event(run, "british", "jihad")
    assert run.events == []


def test_20_5_house_a_stormed_city_moves_the_bop_against_the_stormer() -> None:
    state = _combat(empty_state(), "G8")                   # Kandahar
    put(state, "british", "field_force", 3, "G8")
    put(state, "british", "field_force", 3, "G8")         # 18
    put(state, "russian", "garrison", 1, "G8")            # 1 x2 (city): 4:1
    run, state = act(state, "british", FIGHT(table="battle"), 6)     # 4:1, 6: "0/x"
    assert [e.why for e in run.events if isinstance(e, ev.BalanceShifted)] == ["massacre"]
    assert state.balance == -1
    state = _combat(empty_state(), "G8")
    state.rules = {"massacres": "none"}
    put(state, "british", "field_force", 3, "G8")
    put(state, "british", "field_force", 3, "G8")
    put(state, "russian", "garrison", 1, "G8")
    _, state = act(state, "british", FIGHT(table="battle"), 6)
    assert state.balance == 0


def test_3_1_16_house_a_side_with_the_bop_at_its_limit_capitulates() -> None:
    state = empty_state()
    state.balance = -18
    run = Run(state, chance())
    economy.end_of_turn(run)
    ended = next(e for e in run.events if isinstance(e, ev.GameEnded))
    assert (ended.capitulated, ended.winner) == ("british", "russian")
    state = empty_state()
    state.balance, state.rules = -18, {"capitulation": "none"}
    run = Run(state, chance())
    economy.end_of_turn(run)
    assert not any(isinstance(e, ev.GameEnded) for e in run.events)


def test_house_victory_by_balance_ignores_the_points() -> None:
    state = empty_state(afghanistan="british", persia="british")
    state.turn, state.balance = len(state.turns), -1
    state.rules = {"victory": "balance"}
    run = Run(state, chance())
    economy.end_of_turn(run)
    ended = next(e for e in run.events if isinstance(e, ev.GameEnded))
    assert ended.scores["british"] > ended.scores["russian"] and ended.winner == "russian"


def test_5_4_2_3_the_new_controller_may_take_the_khan_in_place_of_one_irregular() -> None:
    state = empty_state()
    state.phase = "purchases"
    run = Run(state, chance(2))
    change_control(run, "khiva", "russian", "negotiation")
    state = run.state
    choices = _verbs(state, "russian")
    assert "levy at D4" in choices and "levy with khan khiva at D4" in choices
    _, taken = act(state, "russian", verb("levy_with")(agent="khan_khiva", place="D4"))
    assert taken.units["khan_khiva"].where == "D4"
    assert sum(u.size for u in taken.units.values() if u.nation == "khiva"
               and u.kind == "irregulars") == 1
    _, left = act(state, "russian", verb("levy")(place="D4"))
    assert left.units["khan_khiva"].where == "box"
    assert sum(u.size for u in left.units.values() if u.nation == "khiva"
               and u.kind == "irregulars") == 2


def test_14_9_a_raid_result_m_destroys_the_enemy_marker_the_attacker_names() -> None:
    state = _combat(empty_state(), "G9")
    put(state, "british", "flying_column", 3, "G9")       # 6 C: either table
    put(state, "russian", "garrison", 1, "G9")            # 1 in a desert: 4:1
    state.markers["G9"] = {"trading_post": "russian", "railway": "russian"}
    run, state = act(state, "british", FIGHT(table="raid"), 1)      # 4:1, 1: "0/1m"
    assert next(e for e in run.events if isinstance(e, ev.CombatResolved)).result == "0/1m"
    assert sorted(_verbs(state, "british")) == ["destroy railway", "destroy trading post"]
    run, state = act(state, "british", verb("raze")(marker="railway"))
    razed = [e.marker for e in run.events if isinstance(e, ev.MarkerDestroyed)]
    assert razed == ["railway", "trading_post"]        # then the house sack (G9 is held)
