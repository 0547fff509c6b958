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
    """The execution step's data; each Faction's extends it (``execution_data``).  A free
    Operation or Special Activity (``free``, 3.1.2, 5.5) keeps the Event that granted it,
    to go back to: its executing Faction, card, side and edits made (``event_*``)."""

    free: bool = False
    event_by: str = ""
    event_card: str = ""
    event_side: str = ""
    event_edits: int = 0


class AfterTurnData(ops.AfterTurnData):
    """The end of a Faction's turn."""


OPS: Operations[AdpState] = Operations(FLOW, STEP_MODELS, VOCABULARY, "adp.prompt",
                                       ExecutionData, AfterTurnData,
                                       unlimited=is_non_player)   # 8.1
DONE = OPS.done


def free(state: AdpState) -> bool:
    """3.1.2, 5.5 The Operation or Special Activity under way was granted free by an Event:
    it costs no Resources."""
    data = state.step.data
    return isinstance(data, ExecutionData) and data.free


def alone(data: ExecutionData) -> bool:
    """5.5 A free Special Activity an Event grants by itself: it accompanies no Operation,
    so the Operations it may accompany (4.1.1) and their spaces do not limit it -- the
    5.5 EXAMPLE's free Traffic, barred only where the Coalition is."""
    return data.free and not data.op

operation = OPS.operation
special = OPS.special
execution_data = OPS.execution_data
after_turn_data = OPS.after_turn_data

__all__ = ["DONE", "OPS", "Activity", "AfterTurnData", "ExecutionData", "TurnNotes",
           "after_turn_data", "alone", "execution_data", "free", "fresh", "operation", "special"]
