"""Gandhi's steps of play, on the shared COIN flow (``engine.coin.flow``)."""

from __future__ import annotations

from engine.coin.flow import Ask, Flow
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.state import GandhiState

FLOW: Flow[GandhiState] = Flow(evolve)
STEPS = FLOW.steps
step = FLOW.step
question = FLOW.question
run = FLOW.run
run_to = FLOW.run_to

__all__ = ["FLOW", "STEPS", "Ask", "question", "run", "run_to", "step"]
