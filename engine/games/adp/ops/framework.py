"""A Distant Plain's Operations and Special Activities on the shared COIN execution step
(``engine.coin.ops``): the registry, its decorators and the data models.

Each Faction's module (``coalition``, ``government``, ``taliban``, ``warlords``) declares its
Operations (3.0) and Special Activities (4.0) as small classes registered with
``operation`` / ``special``, and its execution data with ``execution_data``; prompts are
``adp.prompt.<name>`` or ``adp.prompt.<faction>.<name>`` (Train exists for two Factions).
"""

from __future__ import annotations

from engine.coin import ops
from engine.coin.ops import Activity, Operations, TurnNotes, fresh
from engine.games.adp.flow import FLOW
from engine.games.adp.state import STEP_MODELS, AdpState
from engine.games.adp.turn import is_non_player
from engine.games.adp.vocabulary import VOCABULARY


class ExecutionData(ops.ExecutionData):
    """The execution step's data; each Faction's extends it (``execution_data``)."""


class AfterTurnData(ops.AfterTurnData):
    """The end of a Faction's turn."""


OPS: Operations[AdpState] = Operations(FLOW, STEP_MODELS, VOCABULARY, "adp.prompt",
                                       ExecutionData, AfterTurnData,
                                       unlimited=is_non_player)   # 8.1
DONE = OPS.done
operation = OPS.operation
special = OPS.special
execution_data = OPS.execution_data
after_turn_data = OPS.after_turn_data

__all__ = ["DONE", "OPS", "Activity", "AfterTurnData", "ExecutionData", "TurnNotes",
           "after_turn_data", "execution_data", "fresh", "operation", "special"]
