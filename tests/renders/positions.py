"""Gandhi positions for render tests, made through the service with fixed seeds."""

from __future__ import annotations

import copy
import random

import engine.games
from engine.core.events import Event
from engine.fuzz import concrete, pick
from engine.games.gandhi.events import MarkerSet, PiecesPlaced, SupportShifted
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.invariants import default_setups
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    REV_BASES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.state import GandhiState
from engine.randomness import Secret, SeededChance
from engine.service import Service
from engine.store import Store

engine.games.load()
DECLINE = ("pass", "done", "skip")
# Fixed cards for the golden pictures, so they do not depend on the shuffle.
GOLDEN_CARDS = {"short": ("20", "67", "76"), "main": ("10", "16", "74")}


def service() -> Service:
    return Service(Store(":memory:"))


def setup_state(scenario: str) -> GandhiState:
    """The printed setup (Main: Congress sets up in the United Provinces, 2.1)."""
    s = service()
    game = s.create_game("gandhi", scenario, game_id=scenario, seed="renders")
    if scenario == "main":
        s.act(game, "congress", None, "place United Provinces")
    state: GandhiState = copy.deepcopy(s.kernel_state(game).game)
    state.current, state.upcoming, state.viceroy = GOLDEN_CARDS[scenario]
    return state


def crowded_state() -> GandhiState:
    """The Main setup with pieces and markers added where the map is tightest (the
    north-west, central India, Bengal): 10 Sepoys beside Guerrillas, three Railways with
    pieces, a Muslim State, Unrest and Strikes; nothing beyond the pieces Available.
    Made from events alone, so it does not change when the rules of play do."""
    state = setup_state("main")
    state.current, state.upcoming, state.viceroy = "37", "49", "77"
    raj, rev = "rail_khandesh_ganges", "rail_calcutta_ganges"
    events: list[Event] = [
        PiecesPlaced(space="hyderabad", kind=GUERRILLAS_ACTIVE, count=2),
        PiecesPlaced(space="hyderabad", kind=SEPOYS, count=10),
        MarkerSet(space="sind", marker="muslim_state", value=1),
        PiecesPlaced(space="sind", kind=ML_BASES, count=2),
        PiecesPlaced(space="baluchistan", kind=ML_ACTIVISTS, count=3),
        PiecesPlaced(space="rail_delhi_ganges", kind=CONGRESS_ACTIVISTS, count=2),
        MarkerSet(space="rail_delhi_ganges", marker="strike", value=1),
        PiecesPlaced(space=raj, kind=TROOPS, count=1),
        PiecesPlaced(space=raj, kind=ML_ACTIVISTS, count=2),
        PiecesPlaced(space=rev, kind=GUERRILLAS_UNDERGROUND, count=1),
        MarkerSet(space=rev, marker="strike", value=1),
        PiecesPlaced(space="central_india_agency", kind=SEPOYS, count=2),
        PiecesPlaced(space="central_india_agency", kind=GUERRILLAS_UNDERGROUND, count=1),
        MarkerSet(space="central_india_agency", marker="protest", value=1),
        MarkerSet(space="central_india_agency", marker="unrest", value=2),
        PiecesPlaced(space="bihar", kind=CONGRESS_ACTIVISTS, count=3),
        SupportShifted(space="bihar", level=-2, before=state.space("bihar").support),
        PiecesPlaced(space="east_bengal", kind=REV_BASES, count=1),
        PiecesPlaced(space="punjab", kind=TROOPS, count=3),
    ]
    for event in events:
        evolve(state, event)
    return state


def decline(texts: list[str]) -> str:
    return next((t for t in DECLINE if t in texts),
                next((t for t in texts if t.startswith("pass")), texts[0]))


def play_declining(s: Service, scenario: str, game: str, seed: str = "renders") -> str:
    """A whole game in which every Faction passes, says done or skips."""
    s.create_game("gandhi", scenario, game_id=game, seed=seed)
    while active := sorted(s.active(game)):
        s.act(game, active[0], None, decline(s.legal(game, active[0]).texts()))
    return game


def fuzzed_states(games: int, every: int, seed: str = "renders") -> list[GandhiState]:
    """Positions of ``games`` random legal games (the fuzzer's choices, fixed seeds),
    one every ``every`` actions and the last of each game.  Played on the ruleset
    directly, without a store, so that a few dozen games take a few seconds."""
    ruleset = Gandhi()
    setups = default_setups()
    states: list[GandhiState] = []
    for index in range(games):
        scenario, options = setups[index % len(setups)]
        rng = random.Random(f"{seed}:{index}")
        secret = Secret(seed=f"{seed}:{index}", salt=seed)
        opening = ruleset.setup(scenario, options, SeededChance(secret, "setup"))
        secret.deck = list(opening.deck)
        state = ruleset.initial_state()
        for event in opening.events:
            state = ruleset.evolve(state, event)
        actions = 0
        while (active := sorted(ruleset.active_seats(state))) and actions < 5000:
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
