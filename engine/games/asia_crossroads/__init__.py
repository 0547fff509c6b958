"""Asia Crossroads (Strategy & Tactics 216): the Great Game of Britain and Russia in
Central Asia, on a square grid, with secret treasuries and bids.  Importing this package
registers the ruleset."""

from __future__ import annotations

from engine.core import ruleset as registry
from engine.games.asia_crossroads.ruleset import AsiaCrossroads

registry.register(AsiaCrossroads)
