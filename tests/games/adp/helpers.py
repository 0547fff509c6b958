"""A Distant Plain test helpers: a game played through the ruleset with a seeded Chance,
and positions reached by folding chosen events (the flow runs the automatic steps)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import engine.games.adp  # noqa: F401  (registers the ruleset)
from engine.core import ruleset as registry
from engine.core.events import Event
from engine.games.adp.flow import FLOW
from engine.games.adp.ruleset import ADistantPlain
from engine.games.adp.state import AdpState
from engine.games.adp.transfers import VERBS as TRANSFERS

T = TypeVar("T")


class SeededChance:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.deck: list[str] = []

    def roll(self, sides: int = 6) -> int:
        return self.rng.randint(1, sides)

    def shuffle(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.rng.shuffle(out)
        return out

    def card(self, index: int) -> str:
        return self.deck[index]

    def salt(self) -> str:
        return "salt"


@dataclass
class Game:
    rules: ADistantPlain
    state: AdpState
    chance: SeededChance
    log: list[Event] = field(default_factory=list)

    @property
    def seat(self) -> str | None:
        ask = FLOW.question(self.state)
        return ask.seat if ask else None

    def offered(self) -> list[str]:
        seat = self.seat
        if seat is None:
            return []
        # the step's choices, without the 1.5.1 transfers beside them (test_transfers.py)
        return [a.text for a in self.rules.legal_actions(self.state, seat).actions
                if a.verb not in TRANSFERS]

    def act(self, text: str) -> list[Event]:
        seat = self.seat
        assert seat is not None
        action = self.rules.parse(self.state, seat, text)
        events = self.rules.decide(self.state, seat, action, self.chance)
        self.fold(events)
        return events

    def inject(self, events: list[Event]) -> list[Event]:
        """``events`` as if they had happened, then every automatic step after them."""
        out = FLOW.run(self.state, events, self.chance, self.rules.clone)
        self.fold(out)
        return out

    def fold(self, events: list[Event]) -> None:
        for event in events:
            self.rules.evolve(self.state, event)
        self.log += events


def new_game(scenario: str = "short", options: dict[str, Any] | None = None,
             seed: int = 1) -> Game:
    rules = registry.get("adp")
    assert isinstance(rules, ADistantPlain)
    chance = SeededChance(seed)
    setup = rules.setup(scenario, options or {}, chance)
    chance.deck = setup.deck
    game = Game(rules, rules.initial_state(), chance)
    game.fold(setup.events)
    return game


def event_game(scenario: str = "short", first: str | None = None, seed: int = 1) -> Game:
    """A new game whose first card is an Event card (a Propaganda card may come first,
    2.1), and whose 1st Eligible is ``first`` if given."""
    for tried in range(seed, seed + 200):
        game = new_game(scenario, seed=tried)
        if game.state.step.name == "card" and first in (None, game.seat):
            return game
    raise AssertionError("no such seed")


def play_card(game: Game, card_id: str, upcoming: str | None = None) -> list[Event]:
    """``card_id`` becomes the current card and is played; the upcoming card stays, or
    becomes ``upcoming``."""
    from engine.coin.effects import begin  # noqa: PLC0415
    from engine.coin.events import CardAdvanced  # noqa: PLC0415
    from engine.core.events import CardRevealed  # noqa: PLC0415

    upcoming = upcoming or game.state.upcoming
    assert upcoming is not None
    return game.inject([CardAdvanced(card=card_id),
                        CardRevealed(index=game.state.revealed - 1, card=upcoming),
                        begin("card_check")])


def answer_all(game: Game, until: str = "card") -> None:
    """Answer every decision with ``done`` if offered, else the first choice, until the
    step ``until`` or the end."""
    for _ in range(500):
        offered = game.offered()
        if game.state.step.name == until or not offered:
            return
        game.act("done" if "done" in offered else offered[0])
    raise AssertionError("no end")


def refold(game: Game) -> AdpState:
    state = game.rules.initial_state()
    for event in game.log:
        game.rules.evolve(state, event)
    return state
