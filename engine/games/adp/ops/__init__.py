"""Operations (3.0) and Special Activities (4.0).  Importing this package registers them,
and their offer on a card, with the card turn (``engine.games.adp.turn``)."""

from __future__ import annotations

from engine.coin.sequence import Did
from engine.core.actions import Action
from engine.games.adp.ops import coalition, framework, government, taliban, warlords
from engine.games.adp.state import AdpState
from engine.games.adp.turn import TURN, final_event_card


def card_choices(state: AdpState, faction: str, allowed: frozenset[Did]) -> list[Action]:
    """2.3.8 On the final Event card an Operation is Limited (no Special Activity), even
    for the 1st Eligible; Sweep and March are refused by their own ``can_start``.  A
    Non-player ignores that, and never does a Limited Operation (8.1, ``OPS.unlimited``)."""
    if final_event_card(state, faction) and allowed & {Did.OP, Did.OP_SA}:
        allowed = (allowed - {Did.OP, Did.OP_SA}) | {Did.LIMITED_OP}
    return framework.OPS.card_choices(state, faction, allowed)


TURN.choices.append(card_choices)
TURN.handlers["operation"] = framework.OPS.start
TURN.handlers["limited"] = framework.OPS.start

__all__ = ["coalition", "framework", "government", "taliban", "warlords"]
