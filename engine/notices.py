"""What a command makes someone hear about (DESIGN.md §4, the outbox).

The service writes these notices in the same transaction as the events that cause them;
every front-end reads them through its own cursor, so a move made in one front-end
reaches the seats of every other, and nothing is lost or sent twice across restarts.

- ``decision``: the seats who must decide now (when that set changes);
- ``reminder``: the same, due when the game's deadline for the decision passes;
- ``turn``: a card, Campaign or turn is over: its digest is the events after ``since`` up
  to ``upto`` (from the event that began it to the one before the next began), which
  front-ends post with its pictures;
- ``undo_requested`` (the seats whose consent it needs), ``undo_decided`` (approved,
  denied or done), ``game_over``;
- ``started`` (a game created to be started later is started) and ``abandoned`` (its
  admin ended it), written without events by ``Service.start`` and ``Service.abandon``;
- ``receipt``: a front-end asked for it with the commands of one message (the e-mail
  gateway: ``ref`` names the mail, ``since`` is the head before them, ``by`` the user), so
  that its answer is in the outbox with the events and the message is never carried out
  twice (``Service.has_receipt``).  Other front-ends skip it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from engine.core.events import Recorded, UndoApproved, UndoDenied, Undone, UndoRequested
from engine.core.fold import KernelState
from engine.core.ruleset import Ruleset
from engine.store import NewNotice, StoredNotice

__all__ = ["NewNotice", "StoredNotice", "notices_for", "notices_for_decision"]


def notices_for(ruleset: Ruleset[Any], records: Sequence[Recorded], after: KernelState,
                active_before: frozenset[str], last_turn: int, deadline_hours: float | None,
                now: str, quiet: frozenset[str] = frozenset()) -> list[NewNotice]:
    """The notices of one appended batch (``after`` is the state it led to); seats in
    ``quiet`` (bots, which decide at once) are never told to decide."""
    out: list[NewNotice] = []
    everyone = tuple(ruleset.seats)
    over = ruleset.is_over(after.game)
    boundary = next((r for r in records if ruleset.turn_boundary(r.event)), None)
    upto = boundary.seq - 1 if boundary is not None else records[-1].seq if records else 0
    if (boundary is not None or over) and upto > last_turn:
        out.append(NewNotice("turn", everyone, {"since": last_turn, "upto": upto}))
    out += _undo_notices(records)
    if over:
        return [*out, NewNotice("game_over", everyone, {})]
    active = ruleset.active_seats(after.game)
    people = active - quiet
    if people and active != active_before:
        out += notices_for_decision(tuple(sorted(people)), deadline_hours, now)
    return out


def notices_for_decision(seats: tuple[str, ...], deadline_hours: float | None,
                         now: str) -> list[NewNotice]:
    """``seats`` must decide now: tell them, and remind them when the deadline passes."""
    out = [NewNotice("decision", seats, {})]
    if deadline_hours:
        due = datetime.fromisoformat(now) + timedelta(hours=deadline_hours)
        out.append(NewNotice("reminder", seats, {"hours": deadline_hours},
                             due=due.isoformat(timespec="milliseconds")))
    return out


def _undo_notices(records: Sequence[Recorded]) -> list[NewNotice]:
    out: list[NewNotice] = []
    for record in records:
        event = record.event
        if isinstance(event, UndoRequested):
            out.append(NewNotice("undo_requested", tuple(event.needs),
                                 {"by": event.seat, "to_seq": event.to_seq}))
        elif isinstance(event, UndoDenied):
            out.append(NewNotice("undo_decided", (), {"by": event.seat, "outcome": "denied"}))
        elif isinstance(event, Undone) and not any(isinstance(r.event, UndoApproved)
                                                   for r in records):
            out.append(NewNotice("undo_decided", (), {"outcome": "done", "to_seq": event.to_seq}))
        elif isinstance(event, UndoApproved) and any(isinstance(r.event, Undone)
                                                     for r in records):
            out.append(NewNotice("undo_decided", (), {"by": event.seat, "outcome": "approved"}))
    return out
