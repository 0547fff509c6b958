"""Fixtures: the Discord stand-in in the test's event loop, and discord.py clients on it.

- `standin`: a started StandIn; discord.py in this process points at it for the test.
- `run_bot`: `await run_bot(client)` logs a discord.py Client (or commands.Bot) in against
  the stand-in and returns once it is READY; the client is closed after the test.
- `start_bot`: `await start_bot()` runs courier's bot on the stand-in over the test's games
  file, with the test's `clock`; again, after closing it, to restart it.
- `table`: a `Table` (tests/discord/table.py) around a started courier bot.
- `bot_env`: environment for a bot in another process (the hook and COURIER_DISCORD_API).
- `loopback_only` (automatic here): any connection to an address off 127.0.0.1/::1 fails
  and is listed in `loopback_only`, so a test cannot reach, or wait on, the real Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import discord
import pytest
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.async_service import AsyncService
from bot.discord_bot.app import CourierBot
from bot.discord_bot.standin import API, StandIn
from engine.service import Service
from engine.store import Store
from tests.discord.table import Table

HOOK = Path(__file__).parent / "hook"
C = TypeVar("C", bound=discord.Client)


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    refused: list[Any] = []
    connect = socket.socket.connect

    def guarded(sock: socket.socket, address: Any) -> Any:
        inet = sock.family in (socket.AF_INET, socket.AF_INET6)
        if inet and not ipaddress.ip_address(address[0]).is_loopback:
            refused.append(address)
            raise ConnectionRefusedError(f"test: {address} is not loopback")
        return connect(sock, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    yield refused


@pytest.fixture
async def standin(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[StandIn]:
    s = await StandIn().start()
    monkeypatch.setattr(Route, "BASE", s.url + API)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(s.gateway_url))
    yield s
    await s.stop()
    assert not s.faults, f"the stand-in failed: {s.faults}"


@pytest.fixture
async def run_bot(standin: StandIn) -> AsyncIterator[Callable[[C], Awaitable[C]]]:
    running: list[tuple[discord.Client, asyncio.Task[None]]] = []

    async def run(client: C, timeout: float = 10.0) -> C:
        await client.login(standin.token)
        task = asyncio.create_task(client.connect())
        running.append((client, task))
        ready = asyncio.create_task(client.wait_until_ready())
        await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            if task.done():
                task.result()  # the client's own error
            raise TimeoutError(f"no READY within {timeout}s; frames: {standin.frames}")
        return client

    yield run
    for client, task in running:
        await client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 5)


class Clock:
    """The service's clock, moved by the test (deadlines and reminders)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="milliseconds")

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def games_db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
async def start_bot(standin: StandIn, run_bot: Any, games_db: Path, clock: Clock
                    ) -> AsyncIterator[Callable[[], Awaitable[CourierBot]]]:
    """``await start_bot()``: courier's bot on the stand-in, on the test's games file; call
    it again after closing the first to restart (same file, same outbox cursor)."""
    import engine.games
    import renders

    engine.games.load()
    renders.load()
    started: list[CourierBot] = []

    async def start() -> CourierBot:
        service = AsyncService(Service(Store(games_db), clock=clock))
        bot = CourierBot(service, recheck=0.2, guild_ready_timeout=0.05)
        started.append(bot)
        return await run_bot(bot)

    yield start
    # each bot stops (its poster last of all) before its service's workers shut down;
    # the other way round, a poster still at work would wait on a closed service
    for bot in started:
        await bot.close()
        bot.aservice.close()


@pytest.fixture
async def table(standin: StandIn, start_bot: Callable[[], Awaitable[CourierBot]]) -> Table:
    return Table(standin, await start_bot())


@pytest.fixture
def bot_env(standin: StandIn) -> dict[str, str]:
    """For `asyncio.create_subprocess_exec(..., env=bot_env)`: the bot runs unchanged."""
    path = os.pathsep.join(p for p in (str(HOOK), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "COURIER_DISCORD_API": standin.url}
