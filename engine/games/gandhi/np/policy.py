"""The non-player policy (rule 8): one decision for a seat the service hands to a bot.

``decide(state, seat, chance)`` returns one of the seat's legal choices and the events to
log before it: the dice it rolled (``DieRolled``), the Arjuna cards shown (``ArjunaDrawn``),
its plan for the turn (``NonPlayerPlanned``) and why it chose (``NonPlayerReason``).  It is
pure: every die comes from ``chance``, so the service records it and ``verify`` checks it
by deciding again.  Each step of play has its chooser; a step none knows takes the first
choice that is not a side action (``fallback``), saying so."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.gandhi.events import NonPlayerReason
from engine.games.gandhi.flow import question
from engine.games.gandhi.np import (  # noqa: F401  (register)
    campaign,
    eligibility,
    events_np,
    execute,
    ops_nv,
    ops_raj,
    ops_rev,
)
from engine.games.gandhi.np.context import Ctx, current_plan
from engine.games.gandhi.np.effective import SIDE_ACTIONS, concrete
from engine.games.gandhi.state import GandhiState

Chooser = Callable[[Ctx, Sequence[Action]], Action]
HANDLERS: dict[str, Chooser] = {
    "card": eligibility.decide,
    "execution": execute.choose,
    "event_choices": events_np.choose,
    "event": events_np.manual,
    **campaign.CHOOSERS,
}


class NotAsked(ValueError):
    """The seat has no decision to take now."""


def fallback(ctx: Ctx, actions: Sequence[Action]) -> Action:
    ctx.say("fallback", step=ctx.state.step.name)
    doing = [a for a in actions if a.verb not in ("done", "cancel", "skip")]
    return (doing or list(actions))[0]


def decide(state: GandhiState, seat: str, chance: Chance) -> tuple[Action, list[Event]]:
    ask = question(state)
    if ask is None or ask.seat != seat:
        raise NotAsked(seat)
    actions = [a for a in ask.actions if a.verb not in SIDE_ACTIONS] or list(ask.actions)
    ctx = Ctx(state, seat, chance, plan=current_plan(state, seat))
    handler = HANDLERS.get(state.step.name, fallback)
    action = concrete(handler(ctx, actions))
    if action not in ask.actions and not any(a.open and a.verb == action.verb
                                             for a in ask.actions):
        ctx.say("fallback", step=state.step.name)
        action = concrete(fallback(ctx, actions))
    return action, [*ctx.finish(), NonPlayerReason(seat=seat, why=ctx.why)]
