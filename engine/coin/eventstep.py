"""Executing an Event (COIN 5.0-5.2): the card's offer and the manual execution step.

On a card, a Faction for which the Event is an option (2.3.4) may choose either text of a
dual-use card (5.2): ``event unshaded`` or ``event shaded``.  A card with a scripted effect
runs its script (``scripted``); every other card, and every card the game says is manual
(e.g. its deck pack marks it so), is carried out by the executing Faction with the game's
primitive edits (``engine.coin.edits``), then ``done`` (DESIGN.md §1).  Each game has one
``EventSteps`` on its card turn; the step's data model (its ``ManualData``, an
``EditsData`` and ``EventData``) and its prompts are the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from engine.coin.cardturn import CardTurn
from engine.coin.edits import MAX_EDITS, Edits, EditsData, Pending, pending
from engine.coin.effects import begin, note
from engine.coin.events import FactionActed
from engine.coin.flow import Ask, Flow
from engine.coin.sequence import Did
from engine.coin.state import CoinState, EventData
from engine.coin.stepdata import StepModels
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.vocabulary import Vocabulary

S = TypeVar("S", bound=CoinState[Any])
# A scripted Event: (state, executing Faction, side, chance) -> events.  It must end the
# Event itself, with ``finish(faction)`` or a step of its own that does.
Script = Callable[[Any, str, str, Chance], list[Event]]
SIDES = ("unshaded", "shaded")  # 5.2 Dual Use


class ManualData(EditsData, EventData):
    """A manual Event: its card and side, and the edits made (``EditsData``)."""


def finish(faction: str) -> list[Event]:
    """The executing Faction has carried out the Event (2.3.6 it becomes Ineligible)."""
    return [FactionActed(faction=faction, did=Did.EVENT.value), begin("card")]


class EventSteps(Generic[S]):
    """``forced_manual(state, card)``: the game says this card is carried out by hand even
    if scripted; ``menu_prompt(state)``, ``second_prompt(state, first)`` and
    ``limit_prompt(edits)``: what the executing Faction is asked."""

    def __init__(self, flow: Flow[S], models: StepModels, turn: CardTurn[S],
                 vocabulary: Vocabulary, edits: Edits[S], *,
                 model: type[ManualData] = ManualData,
                 forced_manual: Callable[[S, str], bool] = lambda state, card: False,
                 menu_prompt: Callable[[S], Msg],
                 second_prompt: Callable[[S, Pending], Msg],
                 limit_prompt: Callable[[int], Msg],
                 sides: Sequence[str] = SIDES) -> None:
        self.edits, self.model, self.sides = edits, model, tuple(sides)
        self.forced_manual = forced_manual
        self.menu_prompt, self.second_prompt = menu_prompt, second_prompt
        self.limit_prompt = limit_prompt
        self.event_verb = vocabulary.verb("event")
        self.done, self.cancel = vocabulary.verb("done")(), vocabulary.verb("cancel")()
        self.scripted: dict[str, Script] = {}
        turn.choices.append(self.choices)
        turn.handlers[self.event_verb.name] = self.start
        models.add("event", model)
        flow.steps["event"] = _ManualEvent(self)

    def is_manual(self, state: S, card: str) -> bool:
        """An Event is manual unless a script is registered for it and the game does not
        say it is manual."""
        return card not in self.scripted or self.forced_manual(state, card)

    # --- the card's offer (2.3.4) ------------------------------------------------------------

    def choices(self, state: S, faction: str, allowed: frozenset[Did]) -> list[Action]:
        if Did.EVENT not in allowed or state.current is None:
            return []
        return [self.event_verb(side=side) for side in self.sides]

    def start(self, state: S, faction: str, action: Action, chance: Chance) -> list[Event]:
        side, card = action["side"], state.current
        assert card is not None
        if not self.is_manual(state, card):
            return self.scripted[card](state, faction, side, chance)
        return [begin("event", faction, self.model(executing=faction, card=card, side=side,
                                                  edits=0))]


class _ManualEvent(Generic[S]):
    """5.1 The executing Faction carries out the text with edits, then says done."""

    def __init__(self, events: EventSteps[S]) -> None:
        self.events = events

    def ask(self, state: S) -> Ask:
        steps, faction = self.events, state.step.seat or ""
        edits = steps.edits
        first = pending(state)
        if first is not None:
            return Ask(faction, steps.second_prompt(state, first),
                       (*edits.menu(state), steps.cancel))
        made = state.step.of(EditsData).edits
        if made >= MAX_EDITS:
            return Ask(faction, steps.limit_prompt(made), (steps.done,))
        return Ask(faction, steps.menu_prompt(state), (*edits.menu(state), steps.done))

    def act(self, state: S, action: Action, chance: Chance) -> list[Event]:
        steps = self.events
        if action.verb == steps.done.verb:
            return finish(state.step.seat or "")
        if action.verb == steps.cancel.verb:
            return note(EditsData(pending=None))
        kind, values = steps.edits.read(state, action)
        events = kind.events(state, values, chance)
        if kind.first_of_two or kind.leaves:
            return events
        done = note(EditsData(edits=state.step.of(EditsData).edits + 1))
        closed = note(EditsData(pending=None)) if pending(state) is not None else []
        return [*events, *closed, *done]

    def auto(self, state: S, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")  # never reached: ``done`` is always offered
