"""The state every COIN game shares: the spaces and their pieces, the stored boxes off the
map, Resources, eligibility, the deck as far as it is face up, the card turn and the step
of play.  A game's state extends ``CoinState`` with its own fields (its tracks, its
markers in ``CoinSpace`` subclasses, its Campaign or Propaganda counters...).

Only facts are stored: Available pieces are derived (``CoinSpec.available``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, TypeVar

from engine.coin.sequence import CardTurn
from engine.coin.stepdata import NoData, StepData
from engine.core.memo import MEMO

T = TypeVar("T")
D = TypeVar("D", bound=StepData)


@dataclass
class CoinSpace:
    """A space: its pieces by kind (a game adds its markers and levels as fields)."""

    pieces: dict[str, int] = field(default_factory=dict)

    def count(self, kind: str) -> int:
        return self.pieces.get(kind, 0)

    def add(self, kind: str, n: int) -> None:
        total = self.pieces.get(kind, 0) + n
        if total:
            self.pieces[kind] = total
        else:
            self.pieces.pop(kind, None)

    def copy(self) -> CoinSpace:
        """A copy sharing nothing mutable (a subclass with mutable fields overrides)."""
        return replace(self, pieces=dict(self.pieces))


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

    def copy(self) -> Step:
        return Step(self.name, self.seat, self.data)   # step data is never changed in place


class Executing(StepData):
    """The data of a step in which a Faction executes an Operation or an Event (while it
    runs, a game may open side actions to it, e.g. Gandhi's 1.5.2 transfers)."""

    executing: str = ""


class EventData(Executing):
    """The data of a step in which a Faction executes an Event: its card and side (5.2)."""

    card: str = ""
    side: str = ""


SP = TypeVar("SP", bound=CoinSpace)


@dataclass
class CoinState(Generic[SP]):
    """``SPACE``: the game's space class, what an empty space reads as."""

    SPACE: ClassVar[type[Any]] = CoinSpace

    scenario: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    pack: str | None = None    # the game's deck pack (TOML text), as logged at setup
    spaces: dict[str, SP] = field(default_factory=dict)
    # the stored boxes off the map by name (e.g. "out_of_play"), pieces by box kind
    boxes: dict[str, dict[str, int]] = field(default_factory=dict)
    resources: dict[str, int] = field(default_factory=dict)
    eligible: dict[str, bool] = field(default_factory=dict)
    # the deck: how many cards it held, how many have been revealed, what is face up
    deck_size: int = 0
    revealed: int = 0
    current: str | None = None
    upcoming: str | None = None
    played: list[str] = field(default_factory=list)
    turn: CardTurn = field(default_factory=CardTurn)
    step: Step = field(default_factory=Step)
    result: dict[str, Any] | None = None
    # bumped by every event; keys what is derived from a position (``cached``, the pending
    # question), kept outside the state so that reading never changes it
    version: int = field(default=0, compare=False)

    @property
    def step_name(self) -> str:
        return self.step.name

    @property
    def over(self) -> bool:
        return self.result is not None

    def space(self, space_id: str) -> SP:
        """A space to read.  An empty space is not stored, so reading never changes the
        state; only the fold writes (``writable``)."""
        found = self.spaces.get(space_id)
        if found is None:
            empty: SP = self.SPACE()
            return empty
        return found

    def writable(self, space_id: str) -> SP:
        found = self.spaces.get(space_id)
        if found is None:
            found = self.spaces[space_id] = self.SPACE()
        return found

    def box(self, name: str) -> dict[str, int]:
        """A stored box's pieces, to read (an empty box may not be stored)."""
        return self.boxes.get(name) or {}


S = TypeVar("S", bound=CoinState[Any])


def clone_state(state: S, **extra: Any) -> S:
    """A copy of ``state`` that shares nothing mutable of ``CoinState``'s fields; a game
    passes copies of its own mutable fields in ``extra``."""
    return replace(
        state, options=dict(state.options),
        spaces={k: v.copy() for k, v in state.spaces.items()},
        boxes={k: dict(v) for k, v in state.boxes.items()},
        resources=dict(state.resources), eligible=dict(state.eligible),
        played=list(state.played), turn=state.turn.copy(), step=state.step.copy(),
        result=None if state.result is None else dict(state.result), **extra)


def cached(state: CoinState[Any], key: str, compute: Callable[[], T]) -> T:
    """A count derived from the position, computed once per ``version`` (the fold bumps
    it with every event), in a cache outside the state (``engine.core.memo``)."""
    return MEMO.get(state, state.version, key, compute)
