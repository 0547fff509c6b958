"""The service for long-lived asyncio front-ends (Discord, e-mail): DESIGN.md §5.

Every call runs off the event loop, in a pool of threads (the store keeps one SQLite
connection per thread, and reading a position never changes it); calls that write to a
game are serialized by that game's lock, so two players of one game never race inside
one process (across processes the log's expected head still refuses a stale writer);
calls on different games run side by side.  Pictures are drawn in a pool of processes.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from engine.core.actions import Action
from engine.core.decision import DecisionView
from engine.core.events import Recorded
from engine.notices import StoredNotice
from engine.pictures import Job
from engine.service import GameInfo, Result, Service
from engine.verify import Report
from engine.views import HistoryPage, Status

T = TypeVar("T")
log = logging.getLogger("courier")


def _start_drawing(warm: Sequence[Job] = ()) -> None:
    """In each picture process: every game's rules and pictures, registered; then the
    ``warm`` pictures drawn once, so that the first real one does not pay for loading
    fonts, layouts and caches (a second or more: a card's map posted late).  Ctrl-C
    reaches every process of the terminal: the main one stops the pool when it stops."""
    import engine.games
    import renders

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    engine.games.load()
    renders.load()
    try:
        for job in warm:
            job.run()
    except Exception:   # a warm-up is worth no broken pool: the real picture will say why
        log.exception("warming a picture process failed")


def _draw(job: Job, then: Callable[[Any], Any] | None = None) -> Any:
    drawn = job.run()
    return drawn if then is None else then(drawn)


def _ready() -> int:
    """A job that tells which process took it (a process takes jobs once warm), after a
    moment, so that the other processes take the others."""
    time.sleep(0.05)
    return os.getpid()


# A long-lived process holds many folded games: the collector's full passes over them
# would stall a command for tens of milliseconds, so they are made rarer; what was loaded
# at start (rules, maps, vocabularies) lives as long as the process and is never scanned.
GC_THRESHOLDS = (10_000, 20, 100)

# Deciding and folding are Python work that holds the interpreter lock, so threads beyond
# two (one computing, one waiting on SQLite) only take turns on the lock: with eight, a
# command shared the lock with every read in flight and its p99 tripled (courier bench).
THREADS = 2

# A finished card is two pictures (its focus and the map), drawn side by side; with one
# process they were drawn one after the other, and cards finished in other games waited
# behind them (courier bench-discord).
PROCESSES = 2
WARM_SECONDS = 60.0   # longer than starting a warm picture process takes on a busy machine


class AsyncService:
    def __init__(self, service: Service, threads: int = THREADS,
                 processes: int = PROCESSES) -> None:
        gc.set_threshold(*GC_THRESHOLDS)
        gc.freeze()
        self.service = service
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="courier")
        self._processes = processes
        self._pictures: ProcessPoolExecutor | None = None
        self._locks: dict[str, asyncio.Lock] = {}

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, partial(fn, *args, **kwargs))

    def lock(self, game_id: str) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def _write(self, game_id: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        async with self.lock(game_id):
            return await self.run(fn, *args, **kwargs)

    # --- writes: one at a time per game -------------------------------------------------
    async def create_game(self, ruleset: str, scenario: str, **kwargs: Any) -> str:
        return await self.run(self.service.create_game, ruleset, scenario, **kwargs)

    async def import_game(self, lines: Sequence[str], admin: str | None,
                          game_id: str | None = None) -> tuple[str, Report]:
        return await self.run(self.service.import_game, lines, game_id, admin=admin)

    async def seat(self, game_id: str, seat: str, user: str | None, *,
                   by_user: str | None, moderator: bool = False) -> None:
        await self._write(game_id, self.service.seat, game_id, seat, user, by_user=by_user,
                          moderator=moderator)

    async def join(self, game_id: str, seat: str, user: str, *, by_user: str | None = None,
                   moderator: bool = False) -> tuple[str, ...]:
        return await self._write(game_id, self.service.join, game_id, seat, user,
                                 by_user=by_user, moderator=moderator)

    async def leave(self, game_id: str, seat: str, by_user: str | None,
                    moderator: bool = False) -> tuple[str, ...]:
        return await self._write(game_id, self.service.leave, game_id, seat, by_user,
                                 moderator=moderator)

    async def start(self, game_id: str, by_user: str | None, moderator: bool = False) -> None:
        await self._write(game_id, self.service.start, game_id, by_user, moderator=moderator)

    async def abandon(self, game_id: str, by_user: str | None, moderator: bool = False) -> None:
        await self._write(game_id, self.service.abandon, game_id, by_user,
                          moderator=moderator)

    async def act(self, game_id: str, seat: str, user: str | None, command: str | Action,
                  expected_head: int | None = None, moderator: bool = False) -> Result:
        return await self._write(game_id, self.service.act, game_id, seat, user, command,
                                 expected_head, moderator=moderator)

    async def act_many(self, game_id: str, seat: str, user: str | None,
                       commands: Sequence[str | Action],
                       expected_head: int | None = None, moderator: bool = False) -> Result:
        return await self._write(game_id, self.service.act_many, game_id, seat, user,
                                 commands, expected_head, moderator=moderator)

    async def undo(self, game_id: str, seat: str, user: str | None,
                   moderator: bool = False) -> Result:
        return await self._write(game_id, self.service.undo, game_id, seat, user,
                                 moderator=moderator)

    async def vote_undo(self, game_id: str, seat: str, user: str | None,
                        approve: bool, moderator: bool = False) -> Result:
        return await self._write(game_id, self.service.vote_undo, game_id, seat, user, approve,
                                 moderator=moderator)

    async def set_bot(self, game_id: str, seat: str, on: bool, by_user: str | None,
                      moderator: bool = False) -> Result | None:
        return await self._write(game_id, self.service.set_bot, game_id, seat, on, by_user,
                                 moderator=moderator)

    async def bots(self, game_id: str) -> frozenset[str]:
        return await self.run(self.service.bots, game_id)

    async def set_deadline(self, game_id: str, hours: float | None,
                           by_user: str | None, moderator: bool = False) -> None:
        await self._write(game_id, self.service.set_deadline, game_id, hours, by_user,
                          moderator=moderator)

    async def remember(self, frontend: str, key: str, value: str | None) -> None:
        await self.run(self.service.remember, frontend, key, value)

    # --- reads: any number at once ------------------------------------------------------
    async def recall(self, frontend: str, key: str) -> str | None:
        return await self.run(self.service.recall, frontend, key)

    async def games(self) -> list[GameInfo]:
        return await self.run(self.service.games)

    async def game_info(self, game_id: str) -> GameInfo:
        return await self.run(self.service.game_info, game_id)

    async def seat_users(self, game_id: str) -> dict[str, str | None]:
        return await self.run(self.service.seat_users, game_id)

    async def seat_groups(self, game_id: str) -> list[tuple[str, ...]]:
        return await self.run(self.service.seat_groups, game_id)

    async def free_seats(self, game_id: str) -> list[str]:
        return await self.run(self.service.free_seats, game_id)

    async def deadline(self, game_id: str) -> float | None:
        return await self.run(self.service.deadline, game_id)

    async def last_acted(self, game_id: str, seat: str) -> int:
        return await self.run(self.service.last_acted, game_id, seat)

    async def last_turn(self, game_id: str) -> tuple[int, int]:
        return await self.run(self.service.last_turn, game_id)

    async def narrate(self, game_id: str, records: list[Recorded], lang: str) -> str:
        return await self.run(self.service.narrate, game_id, records, lang)

    async def outcome(self, game_id: str, lang: str) -> str | None:
        return await self.run(self.service.outcome, game_id, lang)

    async def frame_captions(self, game_id: str, lang: str) -> list[str]:
        return await self.run(self.service.frame_captions, game_id, lang)

    async def frame_seqs(self, game_id: str) -> list[int]:
        return await self.run(self.service.frame_seqs, game_id)

    async def export(self, game_id: str, seats: tuple[str, ...] = ()) -> list[str]:
        return await self.run(self.service.export, game_id, seats)

    async def verify(self, game_id: str) -> Report:
        return await self.run(self.service.verify, game_id)

    async def active(self, game_id: str) -> frozenset[str]:
        return await self.run(self.service.active, game_id)

    async def head(self, game_id: str) -> int:
        return await self.run(self.service.head, game_id)

    async def decision(self, game_id: str, seat: str, lang: str) -> DecisionView:
        return await self.run(self.service.decision, game_id, seat, lang)

    async def resolve_seat(self, game_id: str, text: str) -> str:
        return await self.run(self.service.resolve_seat, game_id, text)

    async def status(self, game_id: str, lang: str, seat: str | None = None) -> Status:
        return await self.run(self.service.status, game_id, lang, seat)

    async def board_text(self, game_id: str, seat: str | None, lang: str,
                         at: int | None = None) -> str:
        return await self.run(self.service.board_text, game_id, seat, lang, at)

    async def history(self, game_id: str, lang: str, before: int | None = None,
                      limit: int = 20) -> HistoryPage:
        return await self.run(self.service.history, game_id, lang, before, limit)

    async def digest(self, game_id: str, lang: str, since: int = 0,
                     upto: int | None = None) -> str:
        return await self.run(self.service.digest, game_id, lang, since, upto)

    async def notices(self, reader: str) -> list[StoredNotice]:
        return await self.run(self.service.notices, reader)

    async def acknowledge(self, reader: str, notice: StoredNotice) -> None:
        await self.run(self.service.acknowledge, reader, notice)

    # --- pictures: drawn in a process ---------------------------------------------------
    @property
    def processes(self) -> int:
        """How many processes draw pictures."""
        return self._processes

    def start_drawing(self) -> int:
        """Start every picture process now (not at the first picture), each warmed by
        drawing the map, focus and digest of the latest game of each ruleset, and wait
        until each is warm (or ``WARM_SECONDS``): a bot calls this before it logs in, so
        the first cards after a restart are not late.  How many processes are warm."""
        if self._pictures is None:
            self._pictures = self._pool(self._warm_jobs())
        pool, ready = self._pictures, set[int]()
        end = time.monotonic() + WARM_SECONDS
        while len(ready) < self._processes and time.monotonic() < end:
            # each submit to a pool with no idle process starts one, up to the number
            ready |= {f.result() for f in [pool.submit(_ready)
                                           for _ in range(self._processes)]}
        return len(ready)

    def _warm_jobs(self) -> list[Job]:
        latest = {info.ruleset: info.id for info in self.service.games()}
        jobs = []
        for game in latest.values():
            try:
                since, upto = self.service.last_turn(game)
                jobs += [self.service.map_picture(game, "en"),
                         self.service.focus_picture(game, "en", since, upto),
                         self.service.digest_picture(game, "en", since, upto)]
            except Exception:   # a warm-up is worth no bot that cannot start
                log.exception("no warm-up from game %s", game)
        return jobs

    def _pool(self, warm: Sequence[Job] = ()) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        return ProcessPoolExecutor(self._processes, mp_context=context,
                                   initializer=_start_drawing, initargs=(tuple(warm),))

    async def draw(self, job: Job, then: Callable[[Any], Any] | None = None) -> Any:
        """Draw a picture the service described (``map_picture``, ``digest_picture``...)
        in the picture process pool; ``then``, a module-level function, is applied to it
        there too (the e-mail gateway's smaller PNG)."""
        if self._pictures is None:
            self._pictures = self._pool()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pictures, _draw, job, then)

    async def picture(self, build: Callable[..., Job], *args: Any,
                      then: Callable[[Any], Any] | None = None) -> Any:
        """Describe a picture with a service method off the loop, then draw it."""
        job = await self.run(build, *args)
        return await self.draw(job, then)

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        if self._pictures is not None:
            self._pictures.shutdown(wait=True)
