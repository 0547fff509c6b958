"""Building Asia Crossroads positions for the tests."""

from __future__ import annotations

from engine.core.chance import ReplayChance
from engine.core.fold import fold
from engine.core.vocabulary import Action
from engine.games.asia_crossroads.common import Run
from engine.games.asia_crossroads.ruleset import AsiaCrossroads
from engine.games.asia_crossroads.state import AsiaState, Unit
from engine.randomness import Secret, SeededChance

RULES = AsiaCrossroads()


def setup_state(scenario: str = "great_game") -> AsiaState:
    chance = SeededChance(Secret("test", "salt"), "setup")
    state = RULES.initial_state()
    for event in RULES.setup(scenario, {}, chance).events:
        state = RULES.evolve(state, event)
    return state


def empty_state(**control: str) -> AsiaState:
    """The great_game setup with every unit and agent off the map."""
    state = setup_state()
    state.units = {k: u for k, u in state.units.items() if u.agent}
    for unit in state.units.values():
        unit.where = "box"
    state.control.update(control)
    return state


def put(state: AsiaState, nation: str, kind: str, size: int, where: str) -> Unit:
    uid = f"u{state.next_id}"
    state.next_id += 1
    state.units[uid] = Unit(uid, nation, kind, size, where)
    return state.units[uid]


def agent(state: AsiaState, name: str, where: str) -> Unit:
    state.units[name].where = where
    return state.units[name]


def chance(*rolls: int) -> ReplayChance:
    return ReplayChance(list(rolls), salts=[f"salt{i}" for i in range(50)])


def act(state: AsiaState, seat: str, action: Action, *rolls: int) -> tuple[Run, AsiaState]:
    events, after = RULES.decide_state(state, seat, action, chance(*rolls))
    run = Run(state, chance())
    run.events = events
    assert after is not None
    return run, after


__all__ = ["RULES", "act", "agent", "chance", "empty_state", "fold", "put", "setup_state"]
