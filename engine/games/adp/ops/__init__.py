"""Operations (3.0) and Special Activities (4.0).  Importing this package registers them,
and their offer on a card, with the card turn (``engine.games.adp.turn``)."""

from __future__ import annotations

from engine.coin.sequence import Did, options
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp import deception
from engine.games.adp.ops import coalition, framework, government, taliban, warlords
from engine.games.adp.state import AdpState
from engine.games.adp.turn import TURN, final_event_card


def card_choices(state: AdpState, faction: str, allowed: frozenset[Did]) -> list[Action]:
    """2.3.8 On the final Event card an Operation is Limited (no Special Activity), even
    for the 1st Eligible; Sweep and March are refused by their own ``can_start``.  A
    Non-player ignores that, and never does a Limited Operation (8.1, ``OPS.unlimited``)."""
    allowed = with_hidden_assets(state, faction, allowed)
    if final_event_card(state, faction) and allowed & {Did.OP, Did.OP_SA}:
        allowed = (allowed - {Did.OP, Did.OP_SA}) | {Did.LIMITED_OP}
    return framework.OPS.card_choices(state, faction, allowed)


def with_hidden_assets(state: AdpState, faction: str, allowed: frozenset[Did]
                       ) -> frozenset[Did]:
    """7.3 Deception option: a revealed Hidden Assets marker turns a Limited Operation
    option into a full Operation with a Special Activity (the Limited one stays on offer,
    and leaves the marker for later)."""
    if Did.LIMITED_OP in allowed and deception.assets_ready(state, faction):
        return allowed | {Did.OP, Did.OP_SA}
    return allowed


def start(state: AdpState, faction: str, action: Action, chance: Chance) -> list[Event]:
    """An Operation begins; a full one offered by Hidden Assets uses the marker (7.3)."""
    allowed = options(state.turn)
    wider = with_hidden_assets(state, faction, allowed)
    if action.verb == "operation" and wider != allowed:
        return [*deception.use_assets(state, faction),
                *framework.OPS.start(state, faction, action, chance, wider)]
    return framework.OPS.start(state, faction, action, chance)


TURN.choices.append(card_choices)
TURN.handlers["operation"] = start
TURN.handlers["limited"] = start

__all__ = ["coalition", "framework", "government", "taliban", "warlords"]
