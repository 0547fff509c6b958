"""The loop every long-lived front-end runs over the outbox (DESIGN.md §5): start at the
end of the outbox the first time, then drain it whenever woken, and at least every few
seconds (reminders fall due without anyone writing).  The Discord poster and the mail
postman are each a ``drain`` on this loop.

With a ``share`` (several processes of one front-end on one database, ``bot.share``) a
reader has a cursor of its own and takes each notice of its share on a lease before
sending it (``_sorted``), and notes it sent after (``_sent``); without one (the default),
nothing is taken and the front-end's one cursor is read, as always."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.share import WHOLE, Share
from engine.notices import StoredNotice


class OutboxReader:
    """Subclasses give ``service`` (an ``AsyncService``), ``drain()`` and ``every``."""

    reader: str = ""          # the front-end's name in the outbox's cursors
    failure = "reading the outbox failed; trying again soon"
    every: float
    log: logging.Logger
    service: Any
    share: Share = WHOLE

    def __init__(self) -> None:
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self.idle = asyncio.Event()         # set whenever the outbox has been drained

    def start(self) -> None:
        if self._task is None:
            self._stopping = False
            self._task = asyncio.create_task(self._run(), name=f"courier-{self.reader}")

    async def stop(self) -> None:
        """Stop after the round under way, with the tasks it started.  The flag as well as
        the cancellation: on Python 3.11 a wait that ends as it is cancelled may swallow
        the cancellation, and a stop would then wait for ever."""
        self._stopping = True
        self._wake.set()
        tasks = [t for t in (self._task, *self._helpers()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._task = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        """Something was written: look at the outbox now."""
        self.idle.clear()
        self._wake.set()

    async def drain(self) -> None:
        raise NotImplementedError

    @property
    def cursor(self) -> str:
        """This process's cursor: the front-end's, or its share's."""
        return self.share.cursor(self.reader)

    async def _sorted(self, notices: list[StoredNotice],
                      has: Callable[[str], Awaitable[bool | None]]
                      ) -> tuple[list[StoredNotice], set[int]]:
        """Of the notices read, those this process sends (taken on its lease), and the ids
        done here without sending (another share's game, or sent by another process).  A
        notice another process holds, or of a game not yet known to be this share's (``has``
        says None), is in neither: the cursor waits at it, and so do the game's later
        notices, which must not overtake it."""
        if self.share.whole:
            return notices, set()
        mine: list[StoredNotice] = []
        done: set[int] = set()
        ours: dict[str, bool | None] = {}
        waiting: set[str] = set()
        for notice in notices:
            game = notice.game_id
            if game not in ours:
                ours[game] = await has(game)
            if ours[game] is False:
                done.add(notice.id)
                continue
            if ours[game] is None or game in waiting:
                continue
            state = await self.service.run(self.service.service.take, self.reader, notice,
                                           self.share.owner, self.share.lease)
            if state == "mine":
                mine.append(notice)
            elif state == "sent":
                done.add(notice.id)
            else:
                waiting.add(game)
        return mine, done

    async def _sent(self, notices: list[StoredNotice]) -> None:
        """These notices taken are sent: no lease running out gives them to anyone again."""
        if not self.share.whole:
            for notice in notices:
                await self.service.run(self.service.service.mark_sent, self.reader, notice)

    def _helpers(self) -> list[asyncio.Task[Any]]:
        """Tasks a round started that a stop must end too."""
        return []

    def _round_done(self) -> bool:
        """After each round: whether everything known was done (then ``idle`` is set)."""
        return True

    async def _run(self) -> None:
        await self.service.run(self.service.service.start_reading, self.cursor,
                               None if self.share.whole else self.reader)
        while not self._stopping:
            self._wake.clear()
            try:
                await self.drain()
            except Exception:
                self.log.exception(self.failure)
            if self._round_done():
                self.idle.set()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.every):
                    await self._wake.wait()
