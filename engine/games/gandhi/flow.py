"""Gandhi's steps of play, on the shared COIN flow (``engine.coin.flow``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.coin.flow import Ask, Flow
from engine.coin.stepdata import NoData, StepData
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.state import STEP_MODELS, GandhiState

FLOW: Flow[GandhiState] = Flow(evolve)
STEPS = FLOW.steps
question = FLOW.question
run = FLOW.run
run_to = FLOW.run_to


def step(name: str, data: type[StepData] = NoData) -> Callable[[type], type]:
    """Register a step's rules under its name, with the model of its working data."""
    STEP_MODELS.add(name, data)
    return FLOW.step(name)

__all__ = ["FLOW", "STEPS", "Ask", "question", "run", "run_to", "step"]
