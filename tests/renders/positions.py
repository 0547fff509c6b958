"""Gandhi positions for render tests, made through the service with fixed seeds."""

from __future__ import annotations

import copy

import engine.games
from engine.games.gandhi.state import GandhiState
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
    state: GandhiState = copy.deepcopy(s.load(game).game)
    state.current, state.upcoming, state.viceroy = GOLDEN_CARDS[scenario]
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
