"""Non-player decisions in tests: the policy on a position, its dice given, its events
applied (as the service would log them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.coin.sequence import Did
from engine.core.actions import Action
from engine.core.chance import ReplayChance
from engine.core.events import Event
from engine.games.gandhi.events import (
    CardTurnBegan,
    EligibilitySet,
    NonPlayerPlanned,
    NonPlayerReason,
)
from engine.games.gandhi.flow import question
from engine.games.gandhi.np.context import Plan, turn_token
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.np.policy import decide
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import ORDER, RULES, apply, position


def bot(state: GandhiState, seat: str, rolls: tuple[int, ...] = (),
        cards: dict[int, str] | None = None) -> tuple[Action, list[dict[str, Any]]]:
    """The seat's non-player decision, applied to ``state``: the action and its reasons."""
    chance = ReplayChance(rolls, cards)
    action, pre = decide(state, seat, chance)
    apply(state, pre)
    apply(state, RULES.decide(state, seat, action, chance))
    return action, why(pre)


@dataclass(frozen=True)
class Said:
    """One decision of a bot: the choice's text and why it was taken."""

    text: str
    why: list[dict[str, Any]]

    def said(self, key: str) -> list[dict[str, Any]]:
        return [w for w in self.why if w["k"] == key]


def bots(state: GandhiState, seat: str, rolls: tuple[int, ...] = (), most: int = 60,
         cards: dict[int, str] | None = None) -> list[Said]:
    """The seat's decisions while it is asked (the dice shared out in order)."""
    left = list(rolls)
    said: list[Said] = []
    for _ in range(most):
        ask = question(state)
        if ask is None or ask.seat != seat:
            break
        chance = ReplayChance(left, cards)
        action, pre = decide(state, seat, chance)
        apply(state, pre)
        events = RULES.decide(state, seat, action, chance)
        apply(state, events)
        used = sum(1 for e in [*pre, *events] if e.type == "DieRolled")
        left = left[used:]
        said.append(Said(action.text, why(pre)))
    return said


def texts(said: list[Said]) -> list[str]:
    return [s.text for s in said]


def why(events: list[Event]) -> list[dict[str, Any]]:
    return [w for e in events if isinstance(e, NonPlayerReason) for w in e.why]


def plan_card(state: GandhiState, faction: str, card: str, **changes: Any) -> Plan:
    """The plan an Arjuna card gives (its first Operation and Special Activity boxes),
    as if drawn this turn; logged on ``state``."""
    face = np_data().cards[card]
    op = next((b for b in face.boxes if b.kind == "op"), None)
    sa = next((b for b in face.boxes if b.kind == "sa"), None)
    plan = Plan(faction=faction, turn=turn_token(state), cards=[card], card=card,
                op=op.params["op"] if op else None, op_box=dict(op.params) if op else {},
                sas=list(sa.params["options"]) if sa else [], an=state.restraint)
    plan = plan.model_copy(update=changes)
    apply(state, [NonPlayerPlanned(plan=plan.model_dump(mode="json"))])
    return plan


def after_first(card: str, first: str, faction: str, spaces: dict[str, dict[str, Any]],
                did: Did = Did.OP_SA, upcoming: str = "16", **kw: Any) -> GandhiState:
    """``card`` current, ``first`` 1st Eligible and done (``did``), ``faction`` next."""
    order = [first, faction, *[f for f in ORDER if f not in (first, faction)]]
    state = position(spaces, step="card", current=card, upcoming=upcoming, **kw)
    apply(state, [EligibilitySet(eligible={f: True for f in ORDER}),
                  CardTurnBegan(card=card, order=order)])
    state.turn.acted.append((first, did))
    state.version += 1
    return state
