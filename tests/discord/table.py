"""A Discord table for the tests: courier's bot on the stand-in, and the members' hands.

`Table` sends interactions the way Discord would (slash commands, autocomplete, clicks,
menu picks, forms) and waits until the bot has answered each: what the member saw comes
back as a `Reply` (the message shown to them, edited in place, and any private notes).
What the channel sees is read from the stand-in (`posts`).
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.async_service import AsyncService
from bot.discord_bot.app import CourierBot
from bot.discord_bot.shapes import EPHEMERAL, Json, find_component
from bot.discord_bot.standin import Interaction, StandIn

PLAYERS = ("alice", "bob", "carol", "dave")


@dataclass
class Reply:
    """What one member saw of one interaction."""

    interaction: Interaction
    message: Json                                   # the message answered or edited
    notes: list[Json] = field(default_factory=list)  # private follow-ups

    @property
    def private(self) -> bool:
        return bool(self.message.get("flags", 0) & EPHEMERAL)

    @property
    def text(self) -> str:
        """Everything the member reads: content, embeds and notes."""
        parts = [self.message.get("content") or ""]
        for embed in self.message.get("embeds") or []:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields") or []]
        parts += [n.get("content") or "" for n in self.notes]
        return "\n".join(p for p in parts if p)

    def components(self) -> Iterator[Json]:
        for row in self.message.get("components") or []:
            yield from row.get("components") or []

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components() if "custom_id" in c]

    def find(self, prefix: str) -> Json:
        found = [c for c in self.components() if c.get("custom_id", "").startswith(prefix)]
        assert found, f"no component {prefix!r} in {self.custom_ids()}"
        return found[0]


class Table:
    def __init__(self, standin: StandIn, bot: CourierBot) -> None:
        self.standin, self.bot = standin, bot
        self.place: str = standin.channel_id   # the game's thread once created

    @property
    def service(self) -> AsyncService:
        return self.bot.aservice

    async def settled(self, it: Interaction, timeout: float = 20.0) -> Reply:
        """Wait for the bot's whole answer to ``it``."""
        first = await it.response(timeout)
        kind = first.json["type"]
        if kind in (5, 6):   # deferred: the answer edits the original or follows up
            await self.standin.wait_request(
                None, rf"/webhooks/\d+/{re.escape(it.token)}(/messages/@original)?",
                timeout=timeout)
            await asyncio.sleep(0)
        message = copy.deepcopy(self.standin.messages.get(it.original_id or "", {}))
        notes = [m for m in self.standin.messages.values()
                 if m.get("interaction_metadata", {}).get("id") == it.id
                 and m["id"] != it.original_id]
        return Reply(it, message, notes)

    async def command(self, name: str, user: str = "alice", locale: str = "en-US",
                      channel: str | None = None, **options: Any) -> Reply:
        payload = self.standin.slash(name, user=user, locale=locale,
                                     channel_id=channel or self.place, **options)
        return await self.settled(await self.standin.interact(payload))

    async def suggest(self, name: str, focused: str, user: str = "alice",
                      locale: str = "en-US", **options: Any) -> list[Json]:
        payload = self.standin.autocomplete(name, focused, user=user, locale=locale,
                                            channel_id=self.place, **options)
        it = await self.standin.interact(payload)
        answer = await it.response()
        return list(answer.json["data"]["choices"])

    async def click(self, reply_or_message: Reply | Json, prefix: str, user: str = "alice",
                    locale: str = "en-US", suffix: str = "") -> Reply:
        """Press the button whose custom id begins with ``prefix`` (and ends with
        ``suffix``)."""
        message = _message(reply_or_message)
        custom_id = _custom_id(message, prefix, suffix)
        it = await self.standin.interact(self.standin.click(message["id"], custom_id,
                                                            user=user, locale=locale))
        return await self.settled(it)

    async def pick(self, reply_or_message: Reply | Json, prefix: str, value: str,
                   user: str = "alice", locale: str = "en-US") -> Reply:
        message = _message(reply_or_message)
        custom_id = _custom_id(message, prefix)
        it = await self.standin.interact(self.standin.select(message["id"], custom_id, [value],
                                                             user=user, locale=locale))
        return await self.settled(it)

    async def fill(self, custom_id: str, fields: dict[str, Any], user: str = "alice",
                   locale: str = "en-US") -> Reply:
        it = await self.standin.interact(self.standin.modal_submit(custom_id, fields, user=user,
                                                                   locale=locale))
        return await self.settled(it)

    def posts(self, since: int = 0) -> list[Json]:
        """What everyone sees in the game's place, oldest first."""
        return self.standin.channel_messages(self.place)[since:]

    async def quiet(self, timeout: float = 30.0) -> None:
        """Wait until the bot has posted everything the outbox holds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            self.bot.poster.wake()
            await asyncio.wait_for(self.bot.poster.idle.wait(), max(0.1, end - loop.time()))
            if not await self.service.notices("discord"):
                return
            if loop.time() > end:
                raise AssertionError("the outbox did not drain")


def _message(reply_or_message: Reply | Json) -> Json:
    return reply_or_message.message if isinstance(reply_or_message, Reply) \
        else reply_or_message


def _custom_id(message: Json, prefix: str, suffix: str = "") -> str:
    ids = [c.get("custom_id", "") for row in message.get("components") or []
           for c in row.get("components") or []]
    found = [i for i in ids if i.startswith(prefix) and i.endswith(suffix)]
    assert found, f"no component {prefix!r} in {ids}"
    assert find_component(message, found[0]) is not None
    return found[0]
