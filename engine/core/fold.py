"""The fold: current state = evolve over the effective events of the log.

The kernel keeps, beside the game's own state, what it needs for undo: the action
batches still in effect (who acted, whether randomness or a hand-over happened) and any
open undo request.  ``Undone(to_seq)`` removes every effective event from ``to_seq`` on;
the folder then rebuilds from the nearest checkpoint before ``to_seq`` (a copy of the
state taken every ``CHECKPOINT_EVERY`` effective events, kept only as far back as undo
can reach), so a log with many undos folds in linear time.  Nothing is deleted from the
log.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.events import (
    KERNEL_EVENTS,
    ActionTaken,
    Event,
    GameCreated,
    Recorded,
    SecretRevealed,
    UndoApproved,
    UndoDenied,
    Undone,
    UndoRequested,
)
from engine.core.ruleset import Ruleset

UNDO_HISTORY = 50  # how many commands back undo can reach
CHECKPOINT_EVERY = 128  # effective events between two checkpoints of the folder


@dataclass(frozen=True)
class Batch:
    """One command's events still in effect."""

    seq: int
    seat: str
    user: str | None
    barrier: bool = False


@dataclass
class UndoRequest:
    seq: int
    seat: str
    to_seq: int
    needs: set[str]
    approved: set[str] = field(default_factory=set)


@dataclass
class KernelState:
    """The game state plus the kernel's bookkeeping, as of ``seq``."""

    game: Any
    seq: int = 0
    created: GameCreated | None = None
    batches: list[Batch] = field(default_factory=list)
    undo_request: UndoRequest | None = None
    revealed: SecretRevealed | None = None


class NeedsFullFold(Exception):
    """An Undone reaches before the snapshot this folder started from."""


class Folder:
    """Folds envelopes one at a time; keeps the effective ones so an undo can rebuild."""

    def __init__(self, ruleset: Ruleset[Any], start: KernelState | None = None,
                 keep_all: bool = False) -> None:
        """``keep_all`` keeps every effective record (a whole history to show); otherwise
        only those undo may need again: from the oldest checkpoint in its reach."""
        self.ruleset = ruleset
        self.keep_all = keep_all
        self.dropped = 0   # effective records no longer kept, from the start
        self._evolve, self._barriers = ruleset.evolve, ruleset.undo_barriers
        self.base = start
        self.state = self._fresh()
        self.effective: list[Recorded] = []
        # (number of effective events folded, a copy of the state then), oldest first
        self.checkpoints: list[tuple[int, KernelState]] = []

    def fork(self, game: Any = None) -> Folder:
        """A folder at the same point whose state can be changed without touching this
        one's (readers keep using this one's state); checkpoints are shared, never changed.
        With ``game``, the fork's game state is that one (see ``adopt``)."""
        other = Folder.__new__(Folder)
        other.ruleset, other.base = self.ruleset, self.base
        other.keep_all, other.dropped = self.keep_all, self.dropped
        other._evolve, other._barriers = self._evolve, self._barriers
        other.state = self.copy(self.state) if game is None else self.copy(self.state, game)
        other.effective = list(self.effective)
        other.checkpoints = list(self.checkpoints)
        return other

    def _fresh(self) -> KernelState:
        if self.base is None:
            return KernelState(game=self.ruleset.initial_state())
        return self.copy(self.base)

    def copy(self, state: KernelState, game: Any = None) -> KernelState:
        """A copy sharing nothing mutable with ``state`` (its game state: ``game`` if given)."""
        request = state.undo_request
        return KernelState(game=self.ruleset.clone(state.game) if game is None else game,
                           seq=state.seq,
                           created=state.created, batches=list(state.batches),
                           undo_request=None if request is None else UndoRequest(
                               **{**vars(request), "needs": set(request.needs),
                                  "approved": set(request.approved)}),
                           revealed=state.revealed)

    def apply_all(self, records: list[Recorded]) -> KernelState:
        """``apply`` each record in turn; the game's own events (most of a log) inline,
        with the loop's lookups held in locals: a whole fold is the cold load's time."""
        effective, evolve, barriers = self.effective, self._evolve, self._barriers
        for record in records:
            event = record.event
            if event.type in KERNEL_EVENTS:
                self.apply(record)
                effective = self.effective   # an undo may have replaced the list
                continue
            state = self.state
            effective.append(record)
            state.game = evolve(state.game, event)
            if state.batches and event.type in barriers:
                state.batches[-1] = replace(state.batches[-1], barrier=True)
            if (self.dropped + len(effective)) % CHECKPOINT_EVERY == 0:
                self._checkpoint()
                effective = self.effective
            state.seq = record.seq
        return self.state

    def apply(self, record: Recorded) -> None:
        event = record.event
        state = self.state
        if event.type not in KERNEL_EVENTS:   # the game's own events: the hot path
            self.effective.append(record)
            state.game = self._evolve(state.game, event)
            if state.batches and event.type in self._barriers:
                state.batches[-1] = replace(state.batches[-1], barrier=True)
            if self.folded % CHECKPOINT_EVERY == 0:
                self._checkpoint()
            state.seq = record.seq
            return
        if isinstance(event, Undone):
            self._undo(event.to_seq)
        elif isinstance(event, (UndoRequested, UndoApproved, UndoDenied)):
            _apply_undo_vote(state, record.seq, event)
        else:
            self.effective.append(record)
            self._apply_effective(state, record)
            if self.folded % CHECKPOINT_EVERY == 0:
                self._checkpoint()
        self.state.seq = record.seq

    def adopt(self, records: list[Recorded]) -> KernelState:
        """Take ``records`` -- one command's batch -- into the bookkeeping, their game events
        already folded into this folder's game state (a fork given the state the rules
        computed): no event is folded twice."""
        before = self.folded
        for record in records:
            event = record.event
            if event.type in KERNEL_EVENTS:
                self.apply(record)
                continue
            self.effective.append(record)
            if self.state.batches and event.type in self._barriers:
                self.state.batches[-1] = replace(self.state.batches[-1], barrier=True)
            self.state.seq = record.seq
        if self.folded // CHECKPOINT_EVERY > before // CHECKPOINT_EVERY:
            self._checkpoint()
        return self.state

    @property
    def folded(self) -> int:
        """How many effective records are folded in (kept or not)."""
        return self.dropped + len(self.effective)

    def _checkpoint(self) -> None:
        """Keep a copy of the state now, and forget the checkpoints undo can no longer
        need (all but the last one before the oldest batch still in reach)."""
        snapshot = self.copy(self.state)
        snapshot.seq = self.effective[-1].seq
        self.checkpoints.append((self.folded, snapshot))
        # undo may go back to just before the oldest batch in reach: the newest checkpoint
        # older than that one is the oldest ever needed again, with the records after it
        reach = self.state.batches[0].seq if self.state.batches else snapshot.seq + 1
        while len(self.checkpoints) > 1 and self.checkpoints[1][1].seq < reach:
            del self.checkpoints[0]
        oldest, first = self.checkpoints[0]
        if first.seq >= reach:   # no checkpoint before the reach yet: every record is needed
            return
        if not self.keep_all and oldest > self.dropped:   # never needed again
            del self.effective[:oldest - self.dropped]
            self.dropped = oldest

    def _apply_effective(self, state: KernelState, record: Recorded) -> None:
        event = record.event
        if isinstance(event, ActionTaken):
            state.batches.append(Batch(record.seq, event.seat, record.actor_user))
            del state.batches[:-UNDO_HISTORY]
            state.undo_request = None  # 3: a new action voids an open undo request
            return
        if isinstance(event, GameCreated):
            state.created = event
            return
        if isinstance(event, SecretRevealed):
            state.revealed = event
            return
        state.game = self._evolve(state.game, event)
        if state.batches and event.type in self._barriers:
            state.batches[-1] = replace(state.batches[-1], barrier=True)

    def _undo(self, to_seq: int) -> None:
        floor = self.base.seq if self.base is not None else 0
        if to_seq <= floor:
            raise NeedsFullFold(to_seq)
        kept = self.dropped + bisect_left([r.seq for r in self.effective], to_seq)
        while self.checkpoints and self.checkpoints[-1][0] > kept:
            self.checkpoints.pop()
        if not self.checkpoints and self.dropped:
            raise NeedsFullFold(to_seq)   # beyond undo's reach: never asked by the service
        if self.checkpoints and self.checkpoints[-1][1].seq >= to_seq:
            raise NeedsFullFold(to_seq)   # records before to_seq were dropped: a bug upstream
        start, state = (0, self._fresh()) if not self.checkpoints else (
            self.checkpoints[-1][0], self.copy(self.checkpoints[-1][1]))
        self.state = state
        for record in self.effective[start - self.dropped:kept - self.dropped]:
            self._apply_effective(self.state, record)
        del self.effective[kept - self.dropped:]


def _apply_undo_vote(state: KernelState, seq: int, event: Event) -> None:
    if isinstance(event, UndoRequested):
        state.undo_request = UndoRequest(seq, event.seat, event.to_seq, set(event.needs))
    elif state.undo_request is not None and isinstance(event, UndoApproved):
        state.undo_request.approved.add(event.seat)
    elif isinstance(event, UndoDenied):
        state.undo_request = None


def fold(ruleset: Ruleset[Any], records: list[Recorded],
         start: KernelState | None = None) -> KernelState:
    return Folder(ruleset, start).apply_all(records)
