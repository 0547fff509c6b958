"""The bot as one of several processes (``courier bot --shards N --shard-ids ...``): its
poster posts the games of its shards' servers only, by discord.py's rule, and the game's
server is noted when the game is bound to a place (or read from its channel)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bot.async_service import AsyncService
from bot.discord_bot.app import CourierBot, ShardedCourierBot, make_bot
from bot.discord_bot.here import bind, guild_of
from bot.discord_bot.poster import Poster
from bot.share import guild_shard, shards
from engine.service import Service
from engine.store import Store

GUILDS = [81384788765712384 + (n << 22) for n in range(4)]     # shards 0, 1, 0, 1 of 2


class Client:
    def __init__(self, service: AsyncService, share: Any, channels: dict[int, int],
                 ready: bool) -> None:
        self.aservice, self.share, self.ready = service, share, ready
        self.channels = channels          # place -> guild

    def get_channel(self, place: int) -> Any:
        guild = self.channels.get(place)
        return None if guild is None else SimpleNamespace(guild=SimpleNamespace(id=guild))

    def is_ready(self) -> bool:
        return self.ready


async def test_a_poster_posts_only_the_games_of_its_shards(tmp_path: Path) -> None:
    assert [guild_shard(g, 2) for g in GUILDS] == [0, 1, 0, 1]
    service = AsyncService(Service(Store(tmp_path / "games.db")))
    try:
        for n, guild in enumerate(GUILDS):
            await bind(service, f"g{n}", 1000 + n, guild)
        await bind(service, "old", 2000)                         # bound before guilds noted
        assert await guild_of(service, "g1") == GUILDS[1]
        assert await guild_of(service, "old") is None
        channels = {2000: GUILDS[1]}
        zero = Poster(Client(service, shards(2, (0,)), channels, ready=False))
        one = Poster(Client(service, shards(2, (1,)), channels, ready=False))
        assert zero.cursor == "discord/shards 0/2" and one.cursor == "discord/shards 1/2"
        assert [await zero._has(f"g{n}") for n in range(4)] == [True, False, True, False]
        assert [await one._has(f"g{n}") for n in range(4)] == [False, True, False, True]
        assert await zero._has("old") is False and await one._has("old") is True
        assert await guild_of(service, "old") == GUILDS[1]       # noted once read
        assert await zero._has("mail-only") is False              # no place: not Discord's
        unknown = Poster(Client(service, shards(2, (0,)), {}, ready=False))
        await bind(service, "elsewhere", 3000)
        assert await unknown._has("elsewhere") is None            # not connected yet: wait
        unknown.client.ready = True
        assert await unknown._has("elsewhere") is False           # another process's server
        whole = Poster(Client(service, shards(None, None), {}, ready=True))
        assert whole.cursor == "discord" and whole.share.whole
    finally:
        service.close()


async def test_the_bot_shards_with_discord_py_only_when_asked(tmp_path: Path) -> None:
    service = AsyncService(Service(Store(tmp_path / "games.db")))
    try:
        plain = make_bot(service)
        assert type(plain) is CourierBot and plain.poster.share.whole
        sharded = make_bot(service, share=shards(4, (1, 3)))
        assert isinstance(sharded, discord.AutoShardedClient)
        assert isinstance(sharded, ShardedCourierBot)
        assert sharded.shard_count == 4 and sharded.shard_ids == [1, 3]
        assert sharded.poster.cursor == "discord/shards 1,3/4"
        await plain.close()      # the sharded one never connected: nothing to close
    finally:
        service.close()
