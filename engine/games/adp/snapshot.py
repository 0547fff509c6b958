"""A Distant Plain's state as JSON data, for snapshots: the shared COIN layout
(``engine.coin.snapshot``)."""

from __future__ import annotations

from engine.coin.snapshot import Snapshots
from engine.games.adp.state import STEP_MODELS, AdpState

SNAPSHOTS: Snapshots[AdpState] = Snapshots(AdpState, STEP_MODELS)
