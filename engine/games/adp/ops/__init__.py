"""Operations (3.0) and Special Activities (4.0).  Importing this package registers them,
and their offer on a card, with the card turn (``engine.games.adp.turn``)."""

from engine.games.adp.ops import framework, taliban, warlords
from engine.games.adp.turn import TURN

TURN.choices.append(framework.OPS.card_choices)
TURN.handlers["operation"] = framework.OPS.start
TURN.handlers["limited"] = framework.OPS.start

__all__ = ["framework", "taliban", "warlords"]
