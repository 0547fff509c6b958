"""The non-player policy (rule 8): one decision for a seat the service hands to a bot.

``decide(state, seat, chance)`` returns one of the seat's legal choices and the events to
log before it: the dice it rolled (``DieRolled``, their purpose the rule that rolled
them).  It is pure: every die comes from ``chance``, so the service logs it and ``verify``
takes the decision again.  Only the Warlords (8.5) have a bot so far; the ruleset refuses
to seat the others as Non-players (``BOT_FACTIONS``)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.flow import FLOW
from engine.games.adp.np import warlords
from engine.games.adp.np.dice import Dice
from engine.games.adp.state import AdpState

BOT_FACTIONS = frozenset({"warlords"})   # 8.5; 8.6-8.8 are not built


class NotAsked(ValueError):
    """The seat has no decision to take now."""


class NoBot(ValueError):
    """No bot plays this Faction yet."""


def decide(state: AdpState, seat: str, chance: Chance) -> tuple[Action, list[Event]]:
    ask = FLOW.question(state)
    if ask is None or ask.seat != seat:
        raise NotAsked(seat)
    if seat not in BOT_FACTIONS:
        raise NoBot(seat)
    actions = list(ask.actions)
    dice = Dice(chance)
    step = state.step.name
    if step == "card":
        action, _why = warlords.choose_op(state, actions)
    elif step == "execution":
        action, _why = warlords.execution(state, dice, actions)
    else:
        # 8.1 the NP Warlords never choose an Event (docs/rules-choices.md), and they have
        # no Propaganda Round decision: any other question (an Event's, were one ever put
        # to them) is answered by ending it
        done = [a for a in actions if a.verb in ("done", "stop", "cancel")]
        action = (done or actions)[0]
    return action, dice.rolled
