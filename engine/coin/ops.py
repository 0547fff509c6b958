"""Executing an Operation and its Special Activity as one suspendable step (COIN 3.0, 4.1).

A Faction on a card picks an Operation (or a Limited Operation, 2.3.5); the "execution"
step then asks for the Operation's next choices, offers the Faction's Special Activities
before, during or after it (4.1, never during a Limited Operation), runs a started Special
Activity to its end without interruption, and finishes with ``done``.  Each game has one
``Operations`` (its registry of Operations and Special Activities, and its two steps on the
game's ``Flow``); its Operations and Special Activities are small classes registered there.

The step's data (``ExecutionData``) holds what the step itself tracks; each Faction's
module extends it (``execution_data``) with one part per activity, a model declared beside
the activity whose fields are logged with the activity's name (``deploy_city``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from pydantic import Field

from engine.coin.effects import begin, note
from engine.coin.events import FactionActed
from engine.coin.flow import Ask, Flow
from engine.coin.sequence import Did, options
from engine.coin.state import CoinState, Executing
from engine.coin.stepdata import StepData, StepModels
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.vocabulary import Vocabulary
from engine.i18n import has_key

E = TypeVar("E", bound="ExecutionData")
A = TypeVar("A", bound="AfterTurnData")
S = TypeVar("S", bound=CoinState[Any])


class TurnNotes(StepData):
    """What an execution leaves for the end of the Faction's turn (``after_turn``),
    logged as ``turn_<name>``; a Faction whose activities leave something extends it."""

    prefix = "turn"


class ExecutionData(Executing):
    """The execution step: the Operation (``op``), whether Limited (2.3.5), whether a
    Special Activity may come (4.1) and which one runs (``sa``) or ran (``sa_done``), and
    the Faction an activity is asking meanwhile (``asking``, e.g. Gandhi's Satyagraha asks
    the Raj).  One with no ``op`` is a Special Activity alone (e.g. a free one an Event
    grants, A Distant Plain 5.5)."""

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


class Activity(Protocol):
    """An Operation or a Special Activity of one Faction; ``data`` is the Faction's
    ``ExecutionData``, typed so by each implementation."""

    name: str        # the canonical verb, e.g. "deploy"
    faction: str

    def can_start(self, state: Any, limited: bool) -> bool: ...

    def choices(self, state: Any, data: Any) -> list[Action]: ...

    def act(self, state: Any, data: Any, action: Action, chance: Chance) -> list[Event]: ...

    def can_finish(self, state: Any, data: Any) -> bool: ...

    def finish(self, state: Any, data: Any) -> list[Event]: ...


AfterTurn = Callable[[Any], list[Event]]


class Operations(Generic[S]):
    """One game's Operations and Special Activities, and its ``execution`` and
    ``after_turn`` steps on its ``flow``.  ``vocabulary``: the game's, declaring the verbs
    ``done``, ``operation``, ``limited`` and ``activity``; ``prompts``: the prefix of the
    game's prompt keys (``<prompts>.<faction>.<name>`` or ``<prompts>.<name>``);
    ``execution``/``after_turn``: the models of the two steps' data (a game may name its
    own subclasses, e.g. to keep the names its logged models are pinned by);
    ``unlimited(state, faction)``: a Faction that, offered a Limited Operation, executes a
    full Operation with its Special Activity instead (A Distant Plain's Non-players, 8.1)."""

    def __init__(self, flow: Flow[S], models: StepModels, vocabulary: Vocabulary,
                 prompts: str, execution: type[ExecutionData] = ExecutionData,
                 after_turn: type[AfterTurnData] = AfterTurnData, *,
                 unlimited: Callable[[S, str], bool] = lambda state, faction: False) -> None:
        self.flow, self.models, self.prompts = flow, models, prompts
        self.unlimited = unlimited
        self.execution, self.after_turn_model = execution, after_turn
        self.done = vocabulary.verb("done")()
        self.operation_verb, self.limited_verb, self.activity_verb = (
            vocabulary.verb(v) for v in ("operation", "limited", "activity"))
        self.operations: dict[str, Activity] = {}
        self.specials: dict[str, Activity] = {}
        self.own_end: Callable[[Any], list[Event] | None] = lambda state: None
        """A game's own end of an execution, or None for the usual one (e.g. A Distant
        Plain's free Operation goes back to the Event that granted it: no
        ``FactionActed``, no end of turn)."""
        self.after_turn: list[AfterTurn] = []
        """End-of-turn consequences.  Each hook reads the step's ``AfterTurnData`` (the
        executing ``faction`` and the ``TurnNotes`` its activities left) and returns
        events; a hook that needs a decision returns a ``begin(step, seat, ...)`` whose
        step, once done, must ``begin("after_turn", ...)`` again with that note cleared."""
        models.add("execution", execution)
        models.add("after_turn", after_turn)
        flow.steps["execution"] = _Execution(self)
        flow.steps["after_turn"] = _AfterTurnStep(self)

    # --- registration ------------------------------------------------------------------

    def operation(self, cls: type) -> type:
        activity: Activity = cls()
        self.operations[f"{activity.faction}:{activity.name}"] = activity
        return cls

    def special(self, cls: type) -> type:
        activity: Activity = cls()
        self.specials[f"{activity.faction}:{activity.name}"] = activity
        return cls

    def execution_data(self, faction: str) -> Callable[[type[E]], type[E]]:
        """Register a Faction's execution data (a class decorator)."""
        def register(cls: type[E]) -> type[E]:
            self.models.refine("execution", "executing", faction, cls)
            return cls
        return register

    def after_turn_data(self, faction: str) -> Callable[[type[A]], type[A]]:
        """Register the end-of-turn data of a Faction whose ``TurnNotes`` say more."""
        def register(cls: type[A]) -> type[A]:
            self.models.refine("after_turn", "faction", faction, cls)
            return cls
        return register

    @staticmethod
    def of(registry: dict[str, Activity], faction: str) -> list[Activity]:
        return [a for key, a in registry.items() if key.startswith(f"{faction}:")]

    # --- the card's offer (2.3.4) --------------------------------------------------------

    def widened(self, state: S, faction: str, allowed: frozenset[Did]) -> frozenset[Did]:
        """What ``faction`` may execute: a Limited Operation becomes a full Operation with
        its Special Activity for an ``unlimited`` Faction."""
        if Did.LIMITED_OP in allowed and self.unlimited(state, faction):
            return (allowed - {Did.LIMITED_OP}) | {Did.OP, Did.OP_SA}
        return allowed

    def card_choices(self, state: S, faction: str, allowed: frozenset[Did]) -> list[Action]:
        allowed = self.widened(state, faction, allowed)
        out: list[Action] = []
        for op in self.of(self.operations, faction):
            if allowed & {Did.OP, Did.OP_SA} and op.can_start(state, False):
                out.append(self.operation_verb(operation=op.name))
            if Did.LIMITED_OP in allowed and op.can_start(state, True):
                out.append(self.limited_verb(operation=op.name))
        return out

    def start(self, state: S, faction: str, action: Action, chance: Chance,
              allowed: frozenset[Did] | None = None) -> list[Event]:
        """``allowed``: what the Faction may execute, when a game widens 2.3.4's options
        (A Distant Plain's Hidden Assets, 7.3)."""
        limited = action.verb == self.limited_verb.name
        name = action["operation"]
        allowed = self.widened(state, faction,
                               options(state.turn) if allowed is None else allowed)
        # the fold gives the step the Faction's own model (``execution_data``)
        return [begin("execution", faction, self.execution(
            executing=faction, op=name, limited=limited,
            sa_allowed=Did.OP_SA in allowed and not limited, sa=None, sa_done=False))]

    # --- the execution step --------------------------------------------------------------

    def current(self, state: S) -> tuple[Activity, bool]:
        """The activity now asking (the Special Activity while one runs), and whether SA."""
        data, faction = state.step.of(ExecutionData), state.step.seat
        if data.sa and not data.sa_done:
            return self.specials[f"{faction}:{data.sa}"], True
        return self.operations[f"{faction}:{data.op}"], False

    def prompt_key(self, activity: Activity) -> str:
        """``<prompts>.<faction>.<name>`` when a Faction has its own wording (an activity
        of the same name exists for several Factions), else ``<prompts>.<name>``."""
        own = f"{self.prompts}.{activity.faction}.{activity.name}"
        return own if has_key(own, "en") else f"{self.prompts}.{activity.name}"

    def special_offers(self, state: S) -> list[Action]:
        data, faction = state.step.of(ExecutionData), state.step.seat or ""
        if not data.sa_allowed or data.sa:
            return []
        return [self.activity_verb(activity=sa.name) for sa in self.of(self.specials, faction)
                if sa.can_start(state, False)]


class _Execution(Generic[S]):
    def __init__(self, ops: Operations[S]) -> None:
        self.ops = ops

    def ask(self, state: S) -> Ask:
        activity, is_special = self.ops.current(state)
        data = state.step.of(ExecutionData)
        actions = activity.choices(state, data)
        busy = getattr(activity, "busy", None)   # half-way through one of its choices
        if not is_special and not (busy and busy(state, data)):
            actions += self.ops.special_offers(state)
        if activity.can_finish(state, data) or not actions:
            actions.append(self.ops.done)  # nothing left to do (e.g. Resources given away)
        prompt = Msg(self.ops.prompt_key(activity), limited=data.limited)
        # an activity may put a question to another Faction: it sets ``asking`` and its
        # choices() answer for that Faction meanwhile
        return Ask(data.asking or state.step.seat or "", prompt, tuple(actions))

    def act(self, state: S, action: Action, chance: Chance) -> list[Event]:
        activity, is_special = self.ops.current(state)
        data = state.step.of(ExecutionData)
        if action.verb == self.ops.done.verb:
            if is_special and not data.op:   # a Special Activity alone (a free one)
                return [*activity.finish(state, data), *self.end(state)]
            if is_special:   # 4.1 back to the Operation once the SA is complete
                return [*activity.finish(state, data), *note(ExecutionData(sa_done=True))]
            return [*activity.finish(state, data), *self.end(state)]
        if not is_special and action.verb == self.ops.activity_verb.name:
            return note(ExecutionData(sa=action["activity"]))
        return activity.act(state, data, action, chance)

    def end(self, state: S) -> list[Event]:
        data, faction = state.step.of(ExecutionData), state.step.seat or ""
        own = self.ops.own_end(state)
        if own is not None:
            return own
        did = Did.LIMITED_OP if data.limited else (Did.OP_SA if data.sa else Did.OP)
        return [FactionActed(faction=faction, did=did.value),
                begin("after_turn", None,
                      self.ops.after_turn_model(faction=faction, turn=data.turn))]

    def auto(self, state: S, chance: Chance) -> list[Event]:
        return []


class _AfterTurnStep(Generic[S]):
    def __init__(self, ops: Operations[S]) -> None:
        self.ops = ops

    def ask(self, state: S) -> None:
        return None

    def act(self, state: S, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: S, chance: Chance) -> list[Event]:
        for hook in self.ops.after_turn:
            events = hook(state)
            if events:
                return events
        return [begin("card")]
