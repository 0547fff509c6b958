"""Gandhi's game state: what is on the board and where play stands.

Only facts are stored.  Available pieces, Active Activists, Raj Control, Crisis, victory
totals and margins are derived (``engine.games.gandhi.derived``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.coin.state import (
    CoinSpace,
    CoinState,
    EventData,
    Executing,
    Step,
    cached,
    clone_state,
)
from engine.coin.stepdata import StepModels

# the model of each step's working data (``engine.coin.stepdata``): steps register theirs
# with ``flow.step(name, Model)``, an Operation's by Faction, an Event's by card
STEP_MODELS = StepModels()


@dataclass
class SpaceState(CoinSpace):
    support: int = 0          # -2 Active Opposition .. +2 Active Support (1.6.1)
    protest: bool = False     # 1.10
    unrest: int = 0           # 1.11 (several may stand in one space)
    strike: bool = False      # 1.12 (Railways only)
    muslim_state: bool = False  # 1.3.5 (Provinces only)

    def copy(self) -> SpaceState:
        return SpaceState(dict(self.pieces), self.support, self.protest, self.unrest,
                          self.strike, self.muslim_state)


def executing(state: GandhiState) -> str | None:
    """The Faction executing an Operation or Event now, if any."""
    data = state.step.data
    return data.executing if isinstance(data, Executing) else None


@dataclass
class GandhiState(CoinState[SpaceState]):
    """``CoinState`` with Gandhi's own: the Jail and Out of Play boxes (``boxes``, read
    as ``jail``/``out_of_play``), Restraint and Unity, Campaigns, the Viceroy, Crisis and
    the non-players' Arjuna stacks."""

    SPACE: ClassVar[type[Any]] = SpaceState

    restraint: int = 3
    unity: int = 3
    campaigns_in_deck: int = 0
    viceroy: str | None = None
    campaign: int = 0          # Campaign Rounds begun
    crisis_placement_due: bool = False
    # 8.3 the Arjuna stacks: each Faction's cards shown since the shuffle of the Campaign
    # Round ``arjuna_epoch`` (in the order shown) and its card on top; a Non-player's plan
    # for the turn it is playing (``engine.games.gandhi.np``), replaced, never changed
    arjuna_epoch: int = 0
    arjuna: dict[str, list[str]] = field(default_factory=dict)
    arjuna_top: dict[str, str] = field(default_factory=dict)
    np_plan: dict[str, Any] | None = None

    @property
    def jail(self) -> dict[str, int]:
        """1.3.9 the Jail box (to read)."""
        return self.boxes.get("jail") or {}

    @property
    def out_of_play(self) -> dict[str, int]:
        """1.4.1 the Out of Play box (to read)."""
        return self.boxes.get("out_of_play") or {}


def clone(state: GandhiState) -> GandhiState:
    """A copy that shares nothing mutable with ``state``."""
    return clone_state(state, arjuna={f: list(v) for f, v in state.arjuna.items()},
                       arjuna_top=dict(state.arjuna_top))


__all__ = ["STEP_MODELS", "EventData", "Executing", "GandhiState", "SpaceState", "Step",
           "cached", "clone", "executing"]
