"""What the gateway keeps between mails, as the service's notes of the front-end ``mail``
(beside the games, never in a log), so that a restart keeps all of it:

- ``gen:<game>:<seat>``: the generation of a seat's ticket (``ROTATE`` bumps it);
- ``lang:<address>``: the language a player asked for (``LANG es``);
- ``mailed:<game>:<address>``: the last event a player's mails told them about (the next
  digest starts after it);
- ``delivered:<notice>``: the addresses the relay took a notice's mail for, while the
  notice waits for its other addresses (so a retry never mails anyone twice);
- ``reply:<time>:<ref>``: an answer waiting for the relay (to a refused mail, a STATUS...);
- ``rate:<address>``: when the gateway last answered that address (its rate limit);
- ``seen:<ref>``: a mail already handled (a second delivery of it is dropped).

A lone gateway is the only writer of these notes, so it keeps what it read or wrote of
the first three, the ``delivered:`` marks, the handled mails and whether answers wait, in
memory too: a mail's round trip then reads the database only for the game.  A gateway
that is one of several processes (``courier mail --share K/N``, ``share`` here: its tag)
reads them from the database every time, as the others write them too, and keeps its
answers under ``reply:<share>:`` (it sends those it queued; the others send theirs).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.async_service import AsyncService

FRONTEND = "mail"   # the service's name for this front-end: its outbox cursor, its notes
KEPT = ("gen:", "lang:", "mailed:")   # notes kept in memory as well
SEEN_DAYS = 14      # how long a handled mail's ref is kept


def utc_now() -> datetime:
    return datetime.now(UTC)


class Notes:
    def __init__(self, service: AsyncService, clock: Callable[[], datetime] = utc_now,
                 share: str | None = None) -> None:
        self.service = service
        self.shared = share is not None                # other processes write these too
        self._replies = f"reply:{share}:" if share is not None else "reply:"
        self.clock = clock
        self._count = itertools.count()
        self._kept: dict[str, str | None] = {}        # gen:, lang:, mailed: as last seen
        self._delivered: dict[int, set[str]] | None = None
        self._queue_empty = False                     # known to hold no answer
        self._seen: set[str] | None = None            # the refs of handled mails

    async def get(self, key: str) -> str | None:
        if key.startswith(KEPT) and key in self._kept and not self.shared:
            return self._kept[key]
        value = await self.service.run(self.service.service.recall, FRONTEND, key)
        if key.startswith(KEPT):
            self._kept[key] = value
        return value

    async def put(self, key: str, value: str | None) -> None:
        await self.service.run(self.service.service.remember, FRONTEND, key, value)
        if key.startswith(KEPT):
            self._kept[key] = value or None

    async def all(self, prefix: str) -> dict[str, str]:
        return await self.service.run(self.service.service.recall_all, FRONTEND, prefix)

    # --- tickets, languages, digests ------------------------------------------------------
    async def generation(self, game: str, seat: str) -> int:
        return int(await self.get(f"gen:{game}:{seat}") or 0)

    async def rotate(self, game: str, seat: str) -> int:
        generation = await self.generation(game, seat) + 1
        await self.put(f"gen:{game}:{seat}", str(generation))
        return generation

    async def language(self, address: str) -> str | None:
        return await self.get(f"lang:{address}")

    async def set_language(self, address: str, lang: str) -> None:
        await self.put(f"lang:{address}", lang)

    async def mailed(self, game: str, address: str) -> int | None:
        found = await self.get(f"mailed:{game}:{address}")
        return int(found) if found else None

    async def set_mailed(self, game: str, address: str, seq: int) -> None:
        await self.put(f"mailed:{game}:{address}", str(seq))

    # --- delivery -------------------------------------------------------------------------
    async def delivered(self) -> dict[int, set[str]]:
        if self._delivered is None or self.shared:
            self._delivered = {int(k.split(":", 1)[1]): set(json.loads(v))
                               for k, v in (await self.all("delivered:")).items()}
        return {n: set(addresses) for n, addresses in self._delivered.items()}

    async def set_delivered(self, notice: int, addresses: set[str]) -> None:
        await self.put(f"delivered:{notice}", json.dumps(sorted(addresses)) if addresses
                       else None)
        if self._delivered is not None:
            if addresses:
                self._delivered[notice] = set(addresses)
            else:
                self._delivered.pop(notice, None)

    async def queue(self, ref: str, job: dict[str, Any]) -> str:
        """Keep an answer until the relay takes it; its key orders answers by time."""
        when = self.clock().strftime("%Y%m%d%H%M%S%f")
        key = f"{self._replies}{when}.{next(self._count):06d}:{ref}"
        await self.put(key, json.dumps(job))
        self._queue_empty = False
        return key

    async def queued(self) -> dict[str, dict[str, Any]]:
        if self._queue_empty:
            return {}
        found = {k: json.loads(v) for k, v in (await self.all(self._replies)).items()}
        self._queue_empty = not found
        return found

    async def unqueue(self, key: str) -> None:
        await self.put(key, None)

    # --- the rate limit and handled mails -------------------------------------------------
    async def allow(self, address: str, per_hour: int) -> bool:
        """Whether ``address`` may get one more answer this hour; if so, count it."""
        now = self.clock()
        since = now - timedelta(hours=1)
        times = [t for t in json.loads(await self.get(f"rate:{address}") or "[]")
                 if datetime.fromisoformat(t) > since]
        if len(times) >= per_hour:
            return False
        await self.put(f"rate:{address}", json.dumps([*times, now.isoformat()]))
        return True

    async def seen(self, ref: str) -> bool:
        if self.shared:
            return await self.get(f"seen:{ref}") is not None
        if self._seen is None:
            self._seen = {k.split(":", 1)[1] for k in await self.all("seen:")}
        return ref in self._seen

    async def mark_seen(self, ref: str) -> None:
        await self.put(f"seen:{ref}", self.clock().isoformat())
        if self._seen is not None:
            self._seen.add(ref)

    async def forget_old(self) -> None:
        """Drop the refs of mails handled long ago and rate counts of the past."""
        old = self.clock() - timedelta(days=SEEN_DAYS)
        self._seen = set()
        for key, when in (await self.all("seen:")).items():
            if datetime.fromisoformat(when) < old:
                await self.put(key, None)
            else:
                self._seen.add(key.split(":", 1)[1])
        hour = self.clock() - timedelta(hours=1)
        for key, times in (await self.all("rate:")).items():
            if all(datetime.fromisoformat(t) <= hour for t in json.loads(times)):
                await self.put(key, None)
