"""Play as a chain of named steps, each either one Faction's decision or automatic.

Shared by COIN games.  A step's ``ask`` says who must decide and what they may answer; a
step with no question (``ask`` returns None, or no actions) runs by itself through
``auto``.  ``Flow.run`` applies a decision's events and then every automatic step after it,
so ``decide`` always returns all the events up to the next decision (DESIGN.md §3
"Decisions suspend").  The pending question is remembered per state and ``version``
(bumped by the game's fold) outside the state (``engine.core.memo``): asking never
changes the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.memo import MEMO
from engine.core.messages import Msg

MAX_AUTOMATIC_STEPS = 10_000


class StepState(Protocol):
    """What a game state must offer the flow."""

    @property
    def step_name(self) -> str: ...

    @property
    def over(self) -> bool: ...

    version: int


S = TypeVar("S", bound=StepState)


@dataclass(frozen=True)
class Ask:
    seat: str
    prompt: Msg
    actions: tuple[Action, ...]


class StepRules(Protocol[S]):  # type: ignore[misc]
    def ask(self, state: S) -> Ask | None: ...

    def act(self, state: S, action: Action, chance: Chance) -> list[Event]: ...

    def auto(self, state: S, chance: Chance) -> list[Event]: ...


class Flow(Generic[S]):
    """The steps of one game and how to run them."""

    def __init__(self, evolve: Callable[[S, Event], S]) -> None:
        self.evolve = evolve
        self.steps: dict[str, Any] = {}

    def step(self, name: str) -> Callable[[type], type]:
        """Register a step's rules under its name (a class decorator)."""
        def register(cls: type) -> type:
            self.steps[name] = cls()
            return cls
        return register

    def question(self, state: S) -> Ask | None:
        """The decision play waits for, or None (game over, or an automatic step)."""
        return MEMO.get(state, state.version, "question", lambda: self._question(state))

    def _question(self, state: S) -> Ask | None:
        ask = None if state.over else self.steps[state.step_name].ask(state)
        return ask if ask is not None and ask.actions else None

    def act(self, state: S, action: Action, chance: Chance) -> list[Event]:
        events: list[Event] = self.steps[state.step_name].act(state, action, chance)
        return events

    def run(self, state: S, events: list[Event], chance: Chance,
            clone: Callable[[S], S]) -> list[Event]:
        """``events``, then every automatic step until a decision or the end."""
        return self.run_to(state, events, chance, clone)[0]

    def run_to(self, state: S, events: list[Event], chance: Chance,
               clone: Callable[[S], S]) -> tuple[list[Event], S]:
        """``run``, and the position the events lead to (a new state, its question known)."""
        work = clone(state)
        for event in events:
            self.evolve(work, event)
        out = list(events)
        for _ in range(MAX_AUTOMATIC_STEPS):
            if work.over or self.question(work) is not None:
                return out, work
            more: list[Event] = self.steps[work.step_name].auto(work, chance)
            if not more:
                raise RuntimeError(f"step {work.step_name} is stuck")
            for event in more:
                self.evolve(work, event)
            out += more
        raise RuntimeError("too many automatic steps")
