"""What a front-end shows of a game, as a seat may see it (DESIGN.md §3 ``view``, §5):
the status a pinned message shows, the history command by command, and the digest of a
stretch of the log in plain language.  Built by the service from the log and the state;
no front-end reads a state or the store itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.events import (
    KERNEL_EVENTS,
    ActionTaken,
    Recorded,
    Undone,
)
from engine.core.fold import KernelState
from engine.core.parse import reader
from engine.core.ruleset import Ruleset
from engine.core.vocabulary import tokens
from engine.i18n import t


@dataclass(frozen=True)
class UndoStatus:
    seq: int                    # the request's event: a vote names it
    seat: str
    needs: tuple[str, ...]
    approved: tuple[str, ...]


@dataclass(frozen=True)
class Status:
    """What a pinned status message shows."""

    game_id: str
    title: str
    ruleset: str
    scenario: str
    game_name: str                        # the ruleset and scenario in the reader's words
    scenario_name: str
    head: int
    over: bool
    outcome: str                          # how it ended ("" while it goes on)
    deciding: tuple[str, ...]             # the seats whose decision play waits for
    seat_names: dict[str, str]            # every seat's name in the reader's language
    since: str | None                     # when the current decision began
    deadline: str | None                  # when its seats will be reminded
    undo: UndoStatus | None               # a pending undo request
    fields: tuple[tuple[str, str], ...]   # the game's own: cards, tracks, margins...
    phase: str = "started"                # or "waiting" (for its start), "abandoned"

    def text(self, lang: str) -> str:
        lines = [f"{self.title} · {self.game_name} · {self.scenario_name}"]
        lines += [f"{name}: {value}" if name else value for name, value in self.fields]
        return "\n".join([*lines, *self.situation(lang)])

    def situation(self, lang: str) -> list[str]:
        """Where play stands: the outcome, or who decides (since when, the deadline), and
        a pending undo request."""
        lines: list[str] = []
        if self.over:
            lines.append(self.outcome or t("cli.game_over", lang))
        elif self.phase != "started":
            lines.append(t(f"view.phase_{self.phase}", lang))
        elif self.deciding:
            who = ", ".join(self.seat_names[s] for s in self.deciding)
            lines.append(t("view.deciding", lang, seats=who))
            if self.deadline:
                lines.append(t("view.deadline", lang, due=self.deadline[:16].replace("T", " ")))
        if self.undo is not None:
            waiting = [self.seat_names[s] for s in self.undo.needs
                       if s not in self.undo.approved]
            lines.append(t("view.undo_pending", lang, seat=self.seat_names[self.undo.seat],
                           seats=", ".join(waiting)))
        return lines


@dataclass(frozen=True)
class Command:
    """One command of the history: who took it, what it was, what it did."""

    seq: int
    seat: str
    user: str | None
    time: str
    text: str        # canonical, as logged
    label: str       # in the reader's language
    story: str       # what it did, in plain language
    undone: bool
    note: str = ""   # who took it when not the seat's player: the bot, the admin...


@dataclass(frozen=True)
class HistoryPage:
    commands: tuple[Command, ...]   # oldest first
    older: int | None               # pass as ``before`` for the page before (None: none)


def seat_names(ruleset: Ruleset[Any], lang: str) -> dict[str, str]:
    kind = ruleset.vocabulary.kinds[ruleset.vocabulary.seat_kind]
    return {s: kind.label(s, lang) for s in ruleset.seats}


def undo_status(state: KernelState) -> UndoStatus | None:
    request = state.undo_request
    if request is None:
        return None
    return UndoStatus(request.seq, request.seat, tuple(sorted(request.needs)),
                      tuple(sorted(request.approved)))


def label_of(ruleset: Ruleset[Any], text: str, lang: str) -> str:
    """A logged choice's label in ``lang`` (its text if the vocabulary cannot read it)."""
    found = reader(ruleset.vocabulary).read_any(tokens(text))
    return ruleset.vocabulary.label(found, lang) if found is not None else text


def commands(ruleset: Ruleset[Any], state: Any, records: Sequence[Recorded], lang: str,
             notes: Mapping[int, str] | None = None) -> list[Command]:
    """The commands in ``records`` with what each did (``state``: the state after them);
    ``notes``: who took a command when not its seat's player (a bot, the admin)."""
    undone = _undone_seqs(records)
    out: list[Command] = []
    batch: list[Recorded] = []
    for record in [*records, None]:
        if record is not None and not (isinstance(record.event, ActionTaken) or
                                       record.type in KERNEL_EVENTS and batch):
            if batch:
                batch.append(record)
            continue
        if batch:
            taken = batch[0].event
            assert isinstance(taken, ActionTaken)
            out.append(Command(batch[0].seq, taken.seat, batch[0].actor_user, batch[0].time,
                               taken.text, label_of(ruleset, taken.text, lang),
                               ruleset.narrate(state, batch, lang, notes),
                               batch[0].seq in undone, (notes or {}).get(batch[0].seq, "")))
        batch = [record] if record is not None and isinstance(record.event, ActionTaken) \
            else []
    return out


def _undone_seqs(records: Sequence[Recorded]) -> set[int]:
    """The commands some ``Undone`` took back."""
    undone: set[int] = set()
    taken = [r.seq for r in records if isinstance(r.event, ActionTaken)]
    for record in records:
        if isinstance(record.event, Undone):
            undone |= {s for s in taken if record.event.to_seq <= s < record.seq}
    return undone
