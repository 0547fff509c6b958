"""Undo planning (DESIGN.md §3 "Undo is an event").

Undo steps back one command at a time.  It is free while the command is the seat's own,
drew no die and no card, and did not hand the decision to someone else.  Otherwise it
becomes a request that every other seated player must approve; a seat held by the same
user as the requester approves implicitly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.fold import KernelState
from engine.core.messages import UndoRefused
from engine.core.ruleset import Ruleset


@dataclass(frozen=True)
class UndoPlan:
    to_seq: int
    free: bool
    needs: frozenset[str]


def plan_undo(state: KernelState, ruleset: Ruleset[Any], seat: str, user: str | None,
              seat_users: Mapping[str, str | None]) -> UndoPlan:
    if not state.batches:
        raise UndoRefused("undo.nothing_to_undo")  # or more than UNDO_HISTORY back
    if state.revealed is not None:
        raise UndoRefused("undo.game_over")
    if state.undo_request is not None:
        raise UndoRefused("undo.already_requested")
    last = state.batches[-1]
    handed_over = last.seat not in ruleset.active_seats(state.game)
    if last.seat == seat and not last.barrier and not handed_over:
        return UndoPlan(last.seq, True, frozenset())
    needs = frozenset(s for s, u in seat_users.items() if u is not None and u != user)
    return UndoPlan(last.seq, False, needs)
