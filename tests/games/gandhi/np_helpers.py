"""Non-player decisions in tests: the policy on a position, its dice given, its events
applied (as the service would log them)."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.chance import ReplayChance
from engine.core.events import Event
from engine.games.gandhi.events import NonPlayerPlanned, NonPlayerReason
from engine.games.gandhi.np.context import Plan, turn_token
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.np.policy import decide
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import RULES, apply


def bot(state: GandhiState, seat: str, rolls: tuple[int, ...] = ()
        ) -> tuple[Action, list[dict[str, Any]]]:
    """The seat's non-player decision, applied to ``state``: the action and its reasons."""
    chance = ReplayChance(rolls)
    action, pre = decide(state, seat, chance)
    apply(state, pre)
    apply(state, RULES.decide(state, seat, action, chance))
    return action, why(pre)


def bots(state: GandhiState, seat: str, rolls: tuple[int, ...] = (), most: int = 60
         ) -> list[str]:
    """The seat's decisions while it is asked (the dice shared out in order)."""
    from engine.games.gandhi.flow import question

    left = list(rolls)
    said: list[str] = []
    for _ in range(most):
        ask = question(state)
        if ask is None or ask.seat != seat:
            break
        chance = ReplayChance(left)
        action, pre = decide(state, seat, chance)
        apply(state, pre)
        events = RULES.decide(state, seat, action, chance)
        apply(state, events)
        used = sum(1 for e in [*pre, *events] if e.type == "DieRolled")
        left = left[used:]
        said.append(action.text)
    return said


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
