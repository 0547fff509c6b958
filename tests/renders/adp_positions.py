"""A Distant Plain positions for render tests: each scenario's setup, and fuzzed games
played on the ruleset directly (the fuzzer's choices, fixed seeds), without a store."""

from __future__ import annotations

import random

import engine.games
from engine.fuzz import concrete, pick
from engine.games.adp.ruleset import ADistantPlain
from engine.games.adp.state import AdpState
from engine.randomness import Secret, SeededChance

engine.games.load()
SCENARIOS = ("short", "main", "extended")


def _opening(ruleset: ADistantPlain, scenario: str, options: dict[str, object],
             seed: str) -> tuple[AdpState, Secret]:
    secret = Secret(seed=seed, salt="renders")
    opening = ruleset.setup(scenario, options, SeededChance(secret, "setup"))
    secret.deck = list(opening.deck)
    state = ruleset.initial_state()
    for event in opening.events:
        state = ruleset.evolve(state, event)
    return state, secret


def setup_state(scenario: str) -> AdpState:
    """The scenario's setup, its cards as dealt with a fixed seed."""
    return _opening(ADistantPlain(), scenario, {}, f"renders:{scenario}")[0]


def fuzzed_states(games: int, every: int, actions_max: int,
                  seed: str = "renders") -> list[AdpState]:
    """Positions of ``games`` random legal games, one every ``every`` actions, and the
    last (after ``actions_max`` actions or the end)."""
    ruleset = ADistantPlain()
    setups = list(ruleset.fuzz_setups())
    states: list[AdpState] = []
    for index in range(games):
        scenario, options = setups[index % len(setups)]
        rng = random.Random(f"{seed}:{index}")
        state, secret = _opening(ruleset, scenario, dict(options), f"{seed}:{index}")
        actions = 0
        while (active := sorted(ruleset.active_seats(state))) and actions < actions_max:
            seat = rng.choice(active)
            choice = ruleset.legal_actions(state, seat)
            action = concrete(pick(rng, choice.actions), rng)
            for event in ruleset.decide(state, seat, action,
                                        SeededChance(secret, str(actions))):
                state = ruleset.evolve(state, event)
            actions += 1
            if actions % every == 0:
                states.append(ruleset.clone(state))
        states.append(ruleset.clone(state))
    return states
