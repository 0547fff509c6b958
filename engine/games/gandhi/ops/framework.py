"""Gandhi's Operations and Special Activities on the shared COIN execution step
(``engine.coin.ops``): the registry, its decorators and the data models, under the names
Gandhi's rules use."""

from __future__ import annotations

from engine.coin import ops
from engine.coin.ops import Activity, AfterTurn, Operations, TurnNotes, fresh
from engine.games.gandhi.flow import FLOW
from engine.games.gandhi.state import STEP_MODELS, GandhiState
from engine.games.gandhi.vocabulary import VOCABULARY


class ExecutionData(ops.ExecutionData):
    """The execution step's data (``engine.coin.ops``), under the name Gandhi's step models
    are pinned by (tests/fixtures/step-models.json); each Faction's extends it."""


class AfterTurnData(ops.AfterTurnData):
    """The end of a Faction's turn (``engine.coin.ops``), under Gandhi's pinned name."""


OPS: Operations[GandhiState] = Operations(FLOW, STEP_MODELS, VOCABULARY, "gandhi.prompt",
                                          ExecutionData, AfterTurnData)
DONE = OPS.done
OPERATIONS = OPS.operations
SPECIALS = OPS.specials
AFTER_TURN = OPS.after_turn
"""End-of-turn consequences (e.g. the Raj's Gandhi arrested, 4.2.1): see
``Operations.after_turn``."""
operation = OPS.operation
special = OPS.special
execution_data = OPS.execution_data
after_turn_data = OPS.after_turn_data
of = OPS.of
card_choices = OPS.card_choices
start = OPS.start
current = OPS.current
prompt_key = OPS.prompt_key
special_offers = OPS.special_offers

__all__ = ["AFTER_TURN", "DONE", "OPERATIONS", "OPS", "SPECIALS", "Activity", "AfterTurn",
           "AfterTurnData", "ExecutionData", "TurnNotes", "after_turn_data", "card_choices",
           "current", "execution_data", "fresh", "of", "operation", "prompt_key", "special",
           "special_offers", "start"]
