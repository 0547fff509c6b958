"""Gandhi's game state: what is on the board and where play stands.

Only facts are stored.  Available pieces, Active Activists, Raj Control, Crisis, victory
totals and margins are derived (``engine.games.gandhi.derived``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from engine.coin.sequence import CardTurn
from engine.coin.stepdata import NoData, StepData, StepModels
from engine.core.memo import MEMO

T = TypeVar("T")
D = TypeVar("D", bound=StepData)

# the model of each step's working data (``engine.coin.stepdata``): steps register theirs
# with ``flow.step(name, Model)``, an Operation's by Faction, an Event's by card
STEP_MODELS = StepModels()


@dataclass
class SpaceState:
    pieces: dict[str, int] = field(default_factory=dict)
    support: int = 0          # -2 Active Opposition .. +2 Active Support (1.6.1)
    protest: bool = False     # 1.10
    unrest: int = 0           # 1.11 (several may stand in one space)
    strike: bool = False      # 1.12 (Railways only)
    muslim_state: bool = False  # 1.3.5 (Provinces only)

    def count(self, kind: str) -> int:
        return self.pieces.get(kind, 0)

    def add(self, kind: str, n: int) -> None:
        total = self.pieces.get(kind, 0) + n
        if total:
            self.pieces[kind] = total
        else:
            self.pieces.pop(kind, None)


@dataclass
class Step:
    """Where play stands: a named step, who must decide in it, and its working data."""

    name: str = "setup"
    seat: str | None = None
    data: StepData = field(default_factory=NoData)

    def of(self, model: type[D]) -> D:
        """The data, which the step's rules know to be a ``model``."""
        if not isinstance(self.data, model):
            raise TypeError(f"step {self.name} holds {type(self.data).__name__}, "
                            f"not {model.__name__}")
        return self.data


class Executing(StepData):
    """The data of a step in which a Faction executes an Operation or an Event: while it
    runs, 1.5.2 transfers and 1.4.1 withdrawals are open to it."""

    executing: str = ""


class EventData(Executing):
    """The data of a step in which a Faction executes an Event: its card and side (5.2)."""

    card: str = ""
    side: str = ""


def executing(state: GandhiState) -> str | None:
    """The Faction executing an Operation or Event now, if any."""
    data = state.step.data
    return data.executing if isinstance(data, Executing) else None


@dataclass
class GandhiState:
    scenario: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    pack: str | None = None    # the game's deck pack (TOML text), as logged at setup
    spaces: dict[str, SpaceState] = field(default_factory=dict)
    jail: dict[str, int] = field(default_factory=dict)
    out_of_play: dict[str, int] = field(default_factory=dict)
    restraint: int = 3
    unity: int = 3
    resources: dict[str, int] = field(default_factory=dict)
    eligible: dict[str, bool] = field(default_factory=dict)
    # the deck: how many cards it held, how many have been revealed, what is face up
    deck_size: int = 0
    revealed: int = 0
    campaigns_in_deck: int = 0
    current: str | None = None
    upcoming: str | None = None
    played: list[str] = field(default_factory=list)
    viceroy: str | None = None
    campaign: int = 0          # Campaign Rounds begun
    turn: CardTurn = field(default_factory=CardTurn)
    step: Step = field(default_factory=Step)
    crisis_placement_due: bool = False
    result: dict[str, Any] | None = None
    # 8.3 the Arjuna stacks: each Faction's cards shown since the shuffle of the Campaign
    # Round ``arjuna_epoch`` (in the order shown) and its card on top; a Non-player's plan
    # for the turn it is playing (``engine.games.gandhi.np``), replaced, never changed
    arjuna_epoch: int = 0
    arjuna: dict[str, list[str]] = field(default_factory=dict)
    arjuna_top: dict[str, str] = field(default_factory=dict)
    np_plan: dict[str, Any] | None = None
    # bumped by every event; keys what is derived from a position (``cached``, the pending
    # question), kept outside the state so that reading never changes it
    version: int = field(default=0, compare=False)

    @property
    def step_name(self) -> str:
        return self.step.name

    @property
    def over(self) -> bool:
        return self.result is not None

    def space(self, space_id: str) -> SpaceState:
        """A space to read.  An empty space is not stored, so reading never changes the
        state; only the fold writes (``writable``)."""
        return self.spaces.get(space_id) or SpaceState()

    def writable(self, space_id: str) -> SpaceState:
        return self.spaces.setdefault(space_id, SpaceState())



def clone(state: GandhiState) -> GandhiState:
    """A copy that shares nothing mutable with ``state``."""
    copy = replace(state, options=dict(state.options), jail=dict(state.jail),
                   out_of_play=dict(state.out_of_play), resources=dict(state.resources),
                   eligible=dict(state.eligible), played=list(state.played),
                   spaces={k: SpaceState(dict(v.pieces), v.support, v.protest, v.unrest,
                                         v.strike, v.muslim_state)
                           for k, v in state.spaces.items()},
                   turn=state.turn.copy(),
                   step=Step(state.step.name, state.step.seat, state.step.data),  # never changed
                   result=None if state.result is None else dict(state.result),
                   arjuna={f: list(v) for f, v in state.arjuna.items()},
                   arjuna_top=dict(state.arjuna_top))
    return copy


def cached(state: GandhiState, key: str, compute: Callable[[], T]) -> T:
    """A count derived from the position, computed once per ``version`` (the fold bumps
    it with every event), in a cache outside the state (``engine.core.memo``)."""
    return MEMO.get(state, state.version, key, compute)
