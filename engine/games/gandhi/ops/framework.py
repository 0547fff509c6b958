"""Executing an Operation and its Special Activity as one suspendable step (3.0, 4.1).

A Faction on a card picks an Operation (or a Limited Operation, 2.3.5); the "execution"
step then asks for the Operation's next choices, offers the Faction's Special Activities
before, during or after it (4.1, never during a Limited Operation), runs a started Special
Activity to its end without interruption, and finishes with ``done``.  Operations and
Special Activities are small classes registered here.

The step's data (``ExecutionData``) holds what the step itself tracks; each Faction's
module extends it (``execution_data``) with one part per activity, a model declared beside
the activity whose fields are logged with the activity's name (``deploy_city``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pydantic import Field

from engine.coin.sequence import Did, options
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.effects import begin, note
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.state import STEP_MODELS, Executing, GandhiState
from engine.games.gandhi.vocabulary import verb, verbs
from engine.i18n import has_key

DONE = verb("done")()
OPERATION, LIMITED, ACTIVITY = verbs("operation", "limited", "activity")
E = TypeVar("E", bound="ExecutionData")
A = TypeVar("A", bound="AfterTurnData")


class TurnNotes(StepData):
    """What an execution leaves for the end of the Faction's turn (``AFTER_TURN``),
    logged as ``turn_<name>``; a Faction whose activities leave something extends it."""

    prefix = "turn"


class ExecutionData(Executing):
    """The execution step: the Operation (``op``), whether Limited (2.3.5), whether a
    Special Activity may come (4.1) and which one runs (``sa``) or ran (``sa_done``), and
    the Faction an activity is asking meanwhile (``asking``, e.g. Satyagraha asks Raj)."""

    op: str = ""
    limited: bool = False
    sa_allowed: bool = False
    sa: str | None = None
    sa_done: bool = False
    asking: str | None = None
    turn: TurnNotes = Field(default_factory=TurnNotes)


class AfterTurnData(StepData):
    """The end of a Faction's turn: who, and what its execution left (``TurnNotes``)."""

    faction: str = ""
    turn: TurnNotes = Field(default_factory=TurnNotes)


_FRESH: dict[tuple[type[ExecutionData], bool], ExecutionData] = {}


def fresh(model: type[E], limited: bool = False) -> E:
    """The data an Operation starts with, shared and never changed: what ``can_start``
    reads of an Operation not begun."""
    found = _FRESH.get((model, limited))
    if found is None:
        found = _FRESH[(model, limited)] = model(limited=limited)
    assert isinstance(found, model)
    return found


def execution_data(faction: str) -> Callable[[type[E]], type[E]]:
    """Register a Faction's execution data (a class decorator)."""
    def register(cls: type[E]) -> type[E]:
        STEP_MODELS.refine("execution", "executing", faction, cls)
        return cls
    return register


def after_turn_data(faction: str) -> Callable[[type[A]], type[A]]:
    """Register the end-of-turn data of a Faction whose ``TurnNotes`` say more."""
    def register(cls: type[A]) -> type[A]:
        STEP_MODELS.refine("after_turn", "faction", faction, cls)
        return cls
    return register


class Activity(Protocol):
    """An Operation or a Special Activity of one Faction; ``data`` is the Faction's
    ``ExecutionData``, typed so by each implementation."""

    name: str        # the canonical verb, e.g. "deploy"
    faction: str

    def can_start(self, state: GandhiState, limited: bool) -> bool: ...

    def choices(self, state: GandhiState, data: Any) -> list[Action]: ...

    def act(self, state: GandhiState, data: Any, action: Action,
            chance: Chance) -> list[Event]: ...

    def can_finish(self, state: GandhiState, data: Any) -> bool: ...

    def finish(self, state: GandhiState, data: Any) -> list[Event]: ...


OPERATIONS: dict[str, Activity] = {}
SPECIALS: dict[str, Activity] = {}
def operation(cls: type) -> type:
    activity: Activity = cls()
    OPERATIONS[f"{activity.faction}:{activity.name}"] = activity
    return cls


def special(cls: type) -> type:
    activity: Activity = cls()
    SPECIALS[f"{activity.faction}:{activity.name}"] = activity
    return cls


def of(registry: dict[str, Activity], faction: str) -> list[Activity]:
    return [a for key, a in registry.items() if key.startswith(f"{faction}:")]


# --- the card's offer (2.3.4) ----------------------------------------------------------


def card_choices(state: GandhiState, faction: str, allowed: frozenset[Did]) -> list[Action]:
    out: list[Action] = []
    for op in of(OPERATIONS, faction):
        if allowed & {Did.OP, Did.OP_SA} and op.can_start(state, False):
            out.append(OPERATION(operation=op.name))
        if Did.LIMITED_OP in allowed and op.can_start(state, True):
            out.append(LIMITED(operation=op.name))
    return out


def start(state: GandhiState, faction: str, action: Action, chance: Chance) -> list[Event]:
    limited = action.verb == "limited"
    name = action["operation"]
    allowed = options(state.turn)
    # the fold gives the step the Faction's own model (``execution_data``)
    return [begin("execution", faction, ExecutionData(
        executing=faction, op=name, limited=limited,
        sa_allowed=Did.OP_SA in allowed and not limited, sa=None, sa_done=False))]


# --- the execution step -----------------------------------------------------------------


def current(state: GandhiState) -> tuple[Activity, bool]:
    """The activity now asking (the Special Activity while one runs), and whether SA."""
    data, faction = state.step.of(ExecutionData), state.step.seat
    if data.sa and not data.sa_done:
        return SPECIALS[f"{faction}:{data.sa}"], True
    return OPERATIONS[f"{faction}:{data.op}"], False


def prompt_key(activity: Activity) -> str:
    """``gandhi.prompt.<faction>.<name>`` when a Faction has its own wording (Rally and
    Infiltrate exist for several Factions), else ``gandhi.prompt.<name>``."""
    own = f"gandhi.prompt.{activity.faction}.{activity.name}"
    return own if has_key(own, "en") else f"gandhi.prompt.{activity.name}"


def special_offers(state: GandhiState) -> list[Action]:
    data, faction = state.step.of(ExecutionData), state.step.seat or ""
    if not data.sa_allowed or data.sa:
        return []
    return [ACTIVITY(activity=sa.name) for sa in of(SPECIALS, faction)
            if sa.can_start(state, False)]


@step("execution", ExecutionData)
class Execution:
    def ask(self, state: GandhiState) -> Ask:
        activity, is_special = current(state)
        data = state.step.of(ExecutionData)
        actions = activity.choices(state, data)
        busy = getattr(activity, "busy", None)   # half-way through one of its choices
        if not is_special and not (busy and busy(state, data)):
            actions += special_offers(state)
        if activity.can_finish(state, data) or not actions:
            actions.append(DONE)  # nothing left to do (e.g. Resources given away, 1.5.2)
        prompt = Msg(prompt_key(activity), limited=data.limited)
        # an activity may put a question to another Faction (e.g. Satyagraha asks Raj):
        # it sets ``asking`` and its choices() answer for that Faction meanwhile
        return Ask(data.asking or state.step.seat or "", prompt, tuple(actions))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        activity, is_special = current(state)
        data = state.step.of(ExecutionData)
        if action.verb == "done":
            if is_special:   # 4.1 back to the Operation once the SA is complete
                return [*activity.finish(state, data), *note(ExecutionData(sa_done=True))]
            return [*activity.finish(state, data), *self.end(state)]
        if not is_special and action.verb == "activity":
            return note(ExecutionData(sa=action["activity"]))
        return activity.act(state, data, action, chance)

    def end(self, state: GandhiState) -> list[Event]:
        data, faction = state.step.of(ExecutionData), state.step.seat or ""
        did = Did.LIMITED_OP if data.limited else (Did.OP_SA if data.sa else Did.OP)
        return [FactionActed(faction=faction, did=did.value),
                begin("after_turn", None, AfterTurnData(faction=faction, turn=data.turn))]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return []


# --- the end of a Faction's turn ------------------------------------------------------------

AfterTurn = Callable[[GandhiState], list[Event]]
AFTER_TURN: list[AfterTurn] = []
"""End-of-turn consequences.  Each hook reads the step's ``AfterTurnData`` (the executing
``faction`` and the ``TurnNotes`` its activities left, e.g. the Raj's Gandhi arrested) and
returns events; a hook that needs a decision returns a ``begin(step, seat, ...)`` whose
step, once done, must ``begin("after_turn", ...)`` again with that note cleared."""


@step("after_turn", AfterTurnData)
class AfterTurnStep:
    def ask(self, state: GandhiState) -> None:
        return None

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        for hook in AFTER_TURN:
            events = hook(state)
            if events:
                return events
        return [begin("card")]
