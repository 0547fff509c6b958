"""What a non-player's decision works with: the position, its seat, the service's
``Chance`` (every die it rolls is recorded as a ``DieRolled``), the events it adds before
its choice, the reasons it gives, and its plan for the turn (``Plan``, logged whole in a
``NonPlayerPlanned`` whenever it changes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.games.gandhi.events import NonPlayerPlanned
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.state import GandhiState


class Plan(BaseModel):
    """A non-player's plan for one turn: the Arjuna cards read, the Operation and the
    Special Activity options the card gave, and what the execution has done so far that
    the board does not show (Activation rolls, an Imperialism budget...)."""

    model_config = ConfigDict(frozen=True)

    faction: str
    turn: str                        # which turn it is for (``turn_token``)
    kind: str = "execution"          # execution | event | campaign
    cards: list[str] = []            # the Arjuna faces read, in order
    card: str | None = None          # the face whose boxes are followed
    op: str | None = None
    op_box: dict[str, Any] = {}      # the Operation box's parameters
    sas: list[dict[str, Any]] = []   # the Special Activity options, in order (A, B, C...)
    sa_first: bool = False           # the card lists them before the Operation
    sa_allowed: bool = True          # not with a Limited Operation or Operation only
    sa_done: bool = False
    sa_option: int | None = None     # the option being carried out
    sa_refused: bool = False         # the Raj refused to release Gandhi (4.3.2)
    negotiated: bool = False         # 'Was the Special Activity Negotiate?' (PP, QQ)
    an: int | None = None            # the Activation Number (8.6.2)
    rolled: int = 0                  # spaces whose Activation roll is made
    failed: bool = False             # the roll failed: Troops only (Raj), stop (Rev)
    budget: int | None = None        # a die roll limiting Imperialism (4.2.2 / 6.3.1)
    used: int = 0
    column: str | None = None        # an Event's column (8.8.5)
    op_over: bool = False            # the Operation's own instructions are done
    memo: dict[str, Any] = {}        # a procedure's own notes (redeploy, Wavell...)


def turn_token(state: GandhiState) -> str:
    """A turn: the card in play (its position in the deck) and the Campaign Round."""
    return f"{state.revealed}:{state.campaign}:{len(state.turn.acted)}:{len(state.turn.passed)}"


@dataclass
class Ctx:
    state: GandhiState
    seat: str
    chance: Chance
    events: list[Event] = field(default_factory=list)
    why: list[dict[str, Any]] = field(default_factory=list)
    plan: Plan | None = None
    planned: bool = False            # the plan changed: log it

    def roll(self, purpose: str, sides: int = 6) -> int:
        value = self.chance.roll(sides)
        self.events.append(DieRolled(sides=sides, value=value, purpose=f"np {purpose}"))
        return value

    def say(self, key: str, **args: Any) -> None:
        self.why.append({"k": key, **args})

    def add(self, event: Event) -> None:
        """An event the decision adds that changes the position (an Arjuna card shown):
        the rest of the decision reads the position after it."""
        self.events.append(event)
        from engine.games.gandhi.state import clone  # noqa: PLC0415
        self.state = evolve(clone(self.state), event)

    def set_plan(self, plan: Plan | None) -> None:
        self.plan, self.planned = plan, True

    def update(self, **changes: Any) -> Plan:
        assert self.plan is not None
        self.set_plan(self.plan.model_copy(update=changes))
        assert self.plan is not None
        return self.plan

    def finish(self) -> list[Event]:
        """The events to log before the choice: dice, cards, the plan, the reasons."""
        out = list(self.events)
        if self.planned:
            out.append(NonPlayerPlanned(
                plan=None if self.plan is None else self.plan.model_dump(mode="json")))
        return out


def current_plan(state: GandhiState, seat: str, kind: str | None = None) -> Plan | None:
    """The seat's plan for the turn being played, if it has one."""
    raw = state.np_plan
    if not raw or raw.get("faction") != seat or raw.get("turn") != turn_token(state):
        return None
    plan = Plan.model_validate(raw)
    return plan if kind is None or plan.kind == kind else None
