"""The loop every long-lived front-end runs over the outbox (DESIGN.md §5): start at the
end of the outbox the first time, then drain it whenever woken, and at least every few
seconds (reminders fall due without anyone writing).  The Discord poster and the mail
postman are each a ``drain`` on this loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any


class OutboxReader:
    """Subclasses give ``service`` (an ``AsyncService``), ``drain()`` and ``every``."""

    reader: str = ""          # the front-end's name in the outbox's cursors
    failure = "reading the outbox failed; trying again soon"
    every: float
    log: logging.Logger
    service: Any

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

    def _helpers(self) -> list[asyncio.Task[Any]]:
        """Tasks a round started that a stop must end too."""
        return []

    def _round_done(self) -> bool:
        """After each round: whether everything known was done (then ``idle`` is set)."""
        return True

    async def _run(self) -> None:
        await self.service.run(self.service.service.start_reading, self.reader)
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
