"""Play as a sequence of named steps, each either a Faction's decision or automatic.

A step's ``ask`` says who must decide and what they may answer; a step with no question
(``ask`` returns None or no actions) runs by itself through ``auto``.  ``run`` applies a
decision's events and then every automatic step after it, so ``decide`` always returns
all the events up to the next decision (DESIGN.md §3 "Decisions suspend").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.state import GandhiState

MAX_AUTOMATIC_STEPS = 10_000


@dataclass(frozen=True)
class Ask:
    seat: str
    prompt: Msg
    actions: tuple[Action, ...]


class StepRules(Protocol):
    def ask(self, state: GandhiState) -> Ask | None: ...

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]: ...

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]: ...


STEPS: dict[str, StepRules] = {}


def step(name: str) -> Callable[[type], type]:
    """Register a step's rules under its name."""
    def register(cls: type) -> type:
        STEPS[name] = cls()
        return cls
    return register


def question(state: GandhiState) -> Ask | None:
    """The decision play waits for, or None (game over, or an automatic step)."""
    if state.asked is not None and state.asked[0] == state.version:
        cached: Ask | None = state.asked[1]
        return cached
    ask = None if state.result is not None else STEPS[state.step.name].ask(state)
    answer = ask if ask is not None and ask.actions else None
    state.asked = (state.version, answer)  # a cache, not part of the game
    return answer


def run(state: GandhiState, events: list[Event], chance: Chance,
        clone: Callable[[GandhiState], GandhiState]) -> list[Event]:
    """``events`` then every automatic step until a decision is needed or the game ends."""
    work = clone(state)
    for event in events:
        evolve(work, event)
    out = list(events)
    for _ in range(MAX_AUTOMATIC_STEPS):
        if work.result is not None or question(work) is not None:
            return out
        more = STEPS[work.step.name].auto(work, chance)
        if not more:
            raise RuntimeError(f"step {work.step.name} is stuck")
        for event in more:
            evolve(work, event)
        out += more
    raise RuntimeError("too many automatic steps")
