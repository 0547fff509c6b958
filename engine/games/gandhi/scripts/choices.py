"""The step of choices inside a scripted Event (5.1), shared by every card module.

A card side that leaves choices open registers a ``Part`` under ``"<card>:<side>"``:

- ``choices``: what may be chosen now (``done`` included where the text says "up to");
  when nothing may be chosen, the rest of the text is carried out (``close``) and the
  Event ends (5.1.2);
- ``act``: what a choice does (it may roll dice: ``chance``);
- ``what``: the part of the prompt that says what is being asked;
- ``close``: the rest of the text once the choices are over;
- ``settle``: text carried out by itself between choices (it must change the step's data
  whenever it returns events, so that it settles);
- ``seat``: another Faction that makes the next choice (5.1 "decisions by other
  Factions"), or None for the executing Faction;
- ``done``: what ``done`` does when it ends only a first part of the text (None: the
  Event ends).

A new Muslim State is handled here for every card (1.3.5): the card notes the Province
with ``muslim_state(state, sid)``; the Raj then moves the Troops there to Cities one at a
time, and the marker goes down once the last has left (1.4.2).

The step's data is ``Choices``: what every card shares (``picked``, ``phase``...) and, in a
card's subclass registered with ``card_data``, the card's own fields, logged with the
card's prefix (``c10_left``).  A part's callbacks take the data of its card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.parse import ValueLabel
from engine.games.gandhi.deck import event_card
from engine.games.gandhi.derived import board, is_state
from engine.games.gandhi.effects import after, note, support
from engine.games.gandhi.events import StepBegan
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.ops import nv
from engine.games.gandhi.physical import support_problem
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    CUBES,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    RAJ,
)
from engine.games.gandhi.state import STEP_MODELS, EventData, GandhiState
from engine.games.gandhi.steps.event import face, finish, title
from engine.games.gandhi.vocabulary import VOCABULARY, verb

STEP = "event_choices"
DONE = verb("done")()
# ``<word> <space>``: the verb of each word a card puts before a space
SPACE_VERBS = {word: verb(name) for word, name in (
    ("in", "in"), ("activate", "activate_in"), ("add", "add_in"), ("guerrilla", "guerrilla_in"),
    ("protest", "protest"), ("raid", "raid"), ("remove", "remove_in"), ("shift", "shift_in"),
    ("state", "state_in"), ("unrest", "unrest_in"))}


class Choices(EventData):
    """The data of a scripted Event's choices: its card and side, and what the shared
    pieces of text track: the spaces or pieces ``picked`` so far, the ``phase`` of the
    text, the Faction ``asking`` meanwhile, and the Province whose Troops leave a new
    Muslim State (``troops_leaving``, 1.3.5).  A card with fields of its own subclasses it
    with ``prefix = "c<card>"`` (``card_data``); those fields are logged with the prefix."""

    bare: ClassVar[frozenset[str]] = frozenset(
        {"executing", "card", "side", "picked", "phase", "asking", "troops_leaving"})
    picked: list[str] = []
    phase: str = ""
    asking: str | None = None
    troops_leaving: str | None = None


C = TypeVar("C", bound=Choices)
D = TypeVar("D", bound=Choices, contravariant=True)


def card_data(cls: type[C]) -> type[C]:
    """Register a card's data (its ``prefix`` is ``c<card>``; a class decorator)."""
    STEP_MODELS.refine(STEP, "card", cls.prefix.removeprefix("c"), cls)
    return cls


def nothing(state: GandhiState, data: Choices) -> list[Event]:
    return []


def nobody(state: GandhiState, data: Choices) -> str | None:
    return None


def ends(state: GandhiState, data: Choices, chance: Chance) -> list[Event] | None:
    return None


@dataclass(frozen=True)
class Part(Generic[D]):
    """What a card side asks; see the module's docstring.  ``D``: the card's data."""

    choices: Callable[[GandhiState, D], list[Action]]
    act: Callable[[GandhiState, D, Action, Chance], list[Event]]
    what: Callable[[GandhiState, D], Msg]
    close: Callable[[GandhiState, D], list[Event]] = nothing
    settle: Callable[[GandhiState, D], list[Event]] = nothing
    seat: Callable[[GandhiState, D], str | None] = nobody
    done: Callable[[GandhiState, D, Chance], list[Event] | None] = ends


PARTS: dict[str, Part[Any]] = {}


def part_of(data: Choices) -> Part[Any]:
    return PARTS[f"{data.card}:{data.side}"]


# --- the step ----------------------------------------------------------------------------------


def start(state: GandhiState, card: str, faction: str, side: str, before: list[Event],
          *data: Choices) -> list[Event]:
    """``before`` (the text's first, automatic part), then the choices, with the card's
    ``data`` (the fields given; the later of two models wins); if there is nothing to
    choose, the rest of the text at once (5.1.2)."""
    given: dict[str, Any] = {"executing": faction, "card": card, "side": side}
    for model in data:
        given.update(model.logged())
    begun = StepBegan(step=STEP, seat=faction, data=given)
    return proceed(state, [*before, begun])


def choices(state: GandhiState, data: Choices) -> list[Action]:
    if data.troops_leaving:  # 1.3.5 the Raj moves the Troops out first
        return nv.troop_moves(state, data.troops_leaving)
    return part_of(data).choices(state, data)


def proceed(state: GandhiState, events: list[Event]) -> list[Event]:
    """After ``events``: the automatic text they lead to, then the end of the Event if
    nothing is left to choose."""
    now = after(state, events)
    part = part_of(now.step.of(Choices))
    for _ in range(50):  # every settle changes the data; 50 is far beyond any card
        more = part.settle(now, now.step.of(Choices))
        if not more:
            break
        for event in more:
            evolve(now, event)
        events = [*events, *more]
    if not choices(now, now.step.of(Choices)):
        events = [*events, *end(now)]
    return events


def end(state: GandhiState) -> list[Event]:
    data = state.step.of(Choices)
    return [*part_of(data).close(state, data), *finish(data.executing)]


@step(STEP, Choices)
class ScriptedChoices:
    """5.1 The executing Faction (or the Faction the text names) makes the selections of a
    scripted Event."""

    def ask(self, state: GandhiState) -> Ask:
        data = state.step.of(Choices)
        part = part_of(data)
        card = event_card(data.card, state.pack)
        if data.troops_leaving:
            now = Msg("gandhi.event.troops_leaving",
                      space=ValueLabel(VOCABULARY, "space", data.troops_leaving))
            seat = RAJ
        else:
            now = part.what(state, data)
            seat = part.seat(state, data) or state.step.seat or ""
        prompt = Msg("gandhi.event.script_prompt", card=data.card, title=title(card),
                     side=Msg(f"gandhi.event.side_{data.side}"),
                     text=face(card, data.side), what=now)
        # ``done`` alone if nothing may be chosen any more: reached only when a transfer or
        # a withdrawal (1.5.2, 1.4.1) took the last choice away, which runs no automatic
        # step after it (otherwise ``start`` and ``act`` end the Event themselves)
        return Ask(seat, prompt, tuple(choices(state, data)) or (DONE,))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        data = state.step.of(Choices)
        part = part_of(data)
        if action.verb == "done":
            first = part.done(state, data, chance) if choices(state, data) else None
            return end(state) if first is None else proceed(state, first)
        if data.troops_leaving:
            return proceed(state, nv.move_troop(state, data.troops_leaving, action["space"],
                                                leaving))
        return proceed(state, part.act(state, data, action, chance))

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return end(state)  # never reached: ``ask`` always asks


# --- small pieces of text many cards share ------------------------------------------------------


def leaving(troops: str | None) -> list[Event]:
    """The Province whose Troops the Raj moves out, asking the Raj (None: all have left)."""
    return note(Choices(troops_leaving=troops), Choices(asking="raj" if troops else None))


def muslim_state(state: GandhiState, sid: str) -> list[Event]:
    """Place a Muslim State in Province ``sid`` (1.3.5): at once if it has no Troops,
    otherwise once the Raj has moved them all to Cities."""
    return nv.muslim_state(state, sid, leaving)


def known(value: str | None) -> str:
    """A space the step's data holds by the time it is read."""
    assert value is not None
    return value


def picked(data: Choices) -> list[str]:
    return list(data.picked)


def fullest(spaces: list[str], score: Callable[[str], int]) -> list[str]:
    """5.1.2 "Select space(s) for Events where as much of the Event text as possible can be
    carried out": of ``spaces``, those with the highest ``score`` (the parts of the text, or
    the levels of a shift, that can be done there); the others come once these are gone."""
    if not spaces:
        return []
    best = max(score(s) for s in spaces)
    return [s for s in spaces if score(s) == best]


def space_action(state: GandhiState, sid: str, word: str = "in") -> Action:
    """``in Punjab``, ``shift Bihar``...: a space chosen for what ``word`` says."""
    return SPACE_VERBS[word](space=sid)


def set_support(state: GandhiState, sid: str, level: int) -> list[Event]:
    return support(state, sid, level - state.space(sid).support)


def shiftable(state: GandhiState, sid: str, delta: int) -> bool:
    """``sid`` has a Support level (1.3.6: not a Railway) that can move by ``delta``."""
    return support_problem(state, sid, delta) is None


def toward_passive_opposition(state: GandhiState, sid: str) -> int:
    """The one-level shift toward Passive Opposition (the #48 reading: Active Opposition
    moves up, Neutral and Support down), or 0 at Passive Opposition or on a Railway."""
    if board(state).space(sid).is_railway:
        return 0
    level = state.space(sid).support
    return 0 if level == -1 else (-1 if level > -1 else +1)


def states(state: GandhiState) -> list[str]:
    """1.3.5 Princely States and Muslim States."""
    return [s for s in board(state).spaces if is_state(state, s)]


def cubes(state: GandhiState, sid: str) -> int:
    return sum(state.space(sid).count(k) for k in CUBES)


def activists(state: GandhiState, sid: str) -> int:
    """1.3.9 Gandhi is not an Activist."""
    return sum(state.space(sid).count(k) for k in (CONGRESS_ACTIVISTS, ML_ACTIVISTS))


def gandhi_space(state: GandhiState) -> str | None:
    return next((s for s, sp in state.spaces.items() if sp.count(GANDHI)), None)


def placed_kind(kind: str) -> str:
    """1.4.3 new Guerrillas are placed Underground."""
    return GUERRILLAS_UNDERGROUND if kind == GUERRILLAS else kind

