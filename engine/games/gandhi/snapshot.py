"""Gandhi's state as JSON data, for snapshots: the shared COIN layout
(``engine.coin.snapshot``)."""

from __future__ import annotations

from typing import Any

from engine.coin.snapshot import FORMAT, OldSnapshot, Snapshots
from engine.games.gandhi.state import STEP_MODELS, GandhiState

SNAPSHOTS: Snapshots[GandhiState] = Snapshots(GandhiState, STEP_MODELS)


def dump(state: GandhiState) -> dict[str, Any]:
    return SNAPSHOTS.dump(state)


def load(data: dict[str, Any]) -> GandhiState:
    return SNAPSHOTS.load(data)


__all__ = ["FORMAT", "OldSnapshot", "dump", "load"]
