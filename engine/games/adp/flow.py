"""A Distant Plain's play as steps (``engine.coin.flow``): the shared card turn
(``engine.coin.cardturn``) with the game's Propaganda cards (2.4) and Pass rewards
(2.3.3), the Event step (5.0), and the Propaganda Round: ``turn`` and ``propaganda``
register their steps here."""

from __future__ import annotations

from engine.coin.effects import Effects
from engine.coin.flow import Flow
from engine.games.adp.fold import FOLD
from engine.games.adp.spec import SPEC
from engine.games.adp.state import AdpState, clone

FLOW: Flow[AdpState] = Flow(FOLD.evolve)
# 1.8: the Coalition has no Resources of its own (it spends the Government's)
EFFECTS: Effects[AdpState] = Effects(SPEC, FOLD.evolve, clone,
                                     keeps_resources=lambda state, f: f != "coalition")

