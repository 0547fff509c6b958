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
              seat_users: Mapping[str, str | None], skip_user: str | None = None) -> UndoPlan:
    """``skip_user``: the user of commands a bot took after a person's (the bot would take
    them again at once): the undo goes back to the person's command before them, and is a
    hand-over (the bot decided next)."""
    if state.revealed is not None:
        raise UndoRefused("undo.game_over")
    if state.undo_request is not None:
        raise UndoRefused("undo.already_requested")
    batches = list(state.batches)
    skipped = False
    while skip_user is not None and batches and batches[-1].user == skip_user:
        batches.pop()
        skipped = True
    if not batches:
        raise UndoRefused("undo.nothing_to_undo")  # or more than UNDO_HISTORY back
    last = batches[-1]
    handed_over = skipped or last.seat not in ruleset.active_seats(state.game)
    if last.seat == seat and not last.barrier and not handed_over:
        return UndoPlan(last.seq, True, frozenset())
    needs = frozenset(s for s, u in seat_users.items() if u is not None and u != user)
    return UndoPlan(last.seq, False, needs)
