"""The non-player policy (rule 8): one decision for a seat the service hands to a bot.

``decide(state, seat, chance)`` returns one of the seat's legal choices and the events to
log before it: the dice it rolled (``DieRolled``, their purpose the rule that rolled
them).  It is pure: every die comes from ``chance``, so the service logs it and ``verify``
takes the decision again.

Each Faction's bot is one module of this package exposing a ``Bot`` (``BOTS``): which
Operation on a card (8.1, 8.5-8.8), each choice of its Operation and Special Activity,
and its answer to any other question (a Propaganda Round's phases, 6.x).  What rule 8.1
says of every Non-player is here: with too few Resources it Passes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.flow import FLOW
from engine.games.adp.np import coalition, government, taliban, warlords
from engine.games.adp.np.dice import Dice
from engine.games.adp.state import AdpState

Choose = Callable[[AdpState, Sequence[Action]], tuple[Action, str]]
Chooser = Callable[[AdpState, Dice, Sequence[Action]], tuple[Action, str]]


def end_it(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """A question the Faction's rules say nothing of: ended as soon as it may be."""
    done = [a for a in actions if a.verb in ("done", "stop", "cancel")]
    return (done or list(actions))[0], "no rule: ended"


@dataclass(frozen=True)
class Bot:
    """One Faction's Non-player: ``choose_op`` on a card (the ``card`` step), ``execution``
    for each choice of its Operation / Special Activity, ``answer`` for any other step."""

    choose_op: Choose
    execution: Chooser
    answer: Chooser = end_it


BOTS: dict[str, Bot] = {
    # 8.1 the NP Warlords never choose an Event (docs/rules-choices.md), and they have no
    # Propaganda Round decision: any other question is answered by ending it
    "warlords": Bot(warlords.choose_op, warlords.execution),
    # 8.8 the NP Coalition: Train / Sweep / Assault, Civic Action (8.8.5), Redeploy (8.8.6)
    "coalition": Bot(coalition.choose_op, coalition.execution, coalition.answer),
    # 8.6 the NP Government: Operations, then Civic Action (8.6.6) and Redeploy (8.6.7)
    "government": Bot(government.choose_op, government.execution, government.answer),
    # 8.7 the NP Taliban: no Event either; Shariah (8.7.7) and Redeploy (8.7.8) answered
    "taliban": Bot(taliban.choose_op, taliban.execution, taliban.answer),
}
BOT_FACTIONS = frozenset(BOTS)
LOW_RESOURCES = {"government": 3, "taliban": 1, "warlords": 1}   # 8.1 "Recursos Bajos"


class NotAsked(ValueError):
    """The seat has no decision to take now."""


class NoBot(ValueError):
    """No bot plays this Faction yet."""


def low_resources(state: AdpState, seat: str) -> bool:
    """8.1 A Non-player with 0 Resources (the Government: under 3) Passes instead of
    Operating; the Coalition has no Resources and may Operate whatever the Government
    has."""
    need = LOW_RESOURCES.get(seat)
    return need is not None and state.resources.get(seat, 0) < need


def decide(state: AdpState, seat: str, chance: Chance) -> tuple[Action, list[Event]]:
    ask = FLOW.question(state)
    if ask is None or ask.seat != seat:
        raise NotAsked(seat)
    bot = BOTS.get(seat)
    if bot is None:
        raise NoBot(seat)
    actions = list(ask.actions)
    dice = Dice(chance)
    step = state.step.name
    if step == "card":
        passing = [a for a in actions if a.verb == "pass"]
        if passing and low_resources(state, seat):
            action = passing[0]
        else:
            action, _why = bot.choose_op(state, actions)
    elif step == "execution":
        action, _why = bot.execution(state, dice, actions)
    else:
        action, _why = bot.answer(state, dice, actions)
    return action, dice.rolled
