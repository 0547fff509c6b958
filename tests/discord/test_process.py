"""The real bot process, unchanged, against the stand-in (DESIGN.md §9): `courier` with a
token starts it, as `./run` does; Ctrl-C and SIGTERM (a service manager's stop) close it
cleanly; a restart loses nothing and posts what happened while it was away, once.  Its
output never shows the token.  The invite link asks for exactly the permissions the
bot's calls need.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import random
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

import engine.games
from bot.async_service import AsyncService
from bot.cli import main
from bot.discord_bot import app
from bot.discord_bot.app import CourierBot
from bot.discord_bot.shapes import Json
from bot.discord_bot.standin import StandIn
from engine.fuzz import concrete, pick
from engine.service import Service
from engine.store import Store
from tests.conftest import REPO
from tests.discord.table import PLAYERS, Table

COURIER = Path(sys.executable).with_name("courier")   # the console script, as ./run runs it
FACTIONS = ("congress", "raj", "muslim_league", "revolutionaries")


def shaped_token(app_id: str) -> str:
    """A token shaped like Discord's: the bot's id in base64, a time, a signature."""
    first = base64.b64encode(app_id.encode()).decode().rstrip("=")
    return f"{first}.GzK9qA.{'s3cr3t' * 6}xy"


@dataclass
class Bot:
    """A courier process and what it wrote."""

    proc: asyncio.subprocess.Process
    out: str = ""
    err: str = ""

    async def stop(self, signum: int = signal.SIGTERM, group: bool = False,
                   timeout: float = 5.0) -> int:
        """SIGTERM to the bot, as `systemctl stop` sends it (KillMode=mixed), or a signal
        to all its processes, as Ctrl-C in a terminal; its exit status."""
        if group:
            os.killpg(self.proc.pid, signum)    # started in a session of its own
        else:
            self.proc.send_signal(signum)
        out, err = await asyncio.wait_for(self.proc.communicate(), timeout)
        self.out, self.err = out.decode(), err.decode()
        assert self.proc.returncode is not None
        return self.proc.returncode


@pytest.fixture
def place(tmp_path: Path, standin: StandIn, bot_env: dict[str, str]) -> dict[str, str]:
    """Where the bot runs: a folder with a config.toml without a guild (commands sync
    globally), its games file, and the token in the environment."""
    (tmp_path / "config.toml").write_text('[discord]\n# no guild: global commands\n')
    standin.token = shaped_token(standin.app_id)
    env = {k: v for k, v in bot_env.items() if not k.startswith("COURIER_")}
    return env | {"COURIER_DISCORD_API": bot_env["COURIER_DISCORD_API"],
                  "COURIER_DISCORD_TOKEN": standin.token,
                  "COURIER_DB": str(tmp_path / "games.db"),
                  "COURIER_CONFIG": str(tmp_path / "config.toml")}


Start = Callable[..., Awaitable[Bot]]


@pytest.fixture
async def start(standin: StandIn, place: dict[str, str]) -> AsyncIterator[Start]:
    """``await start(*args, **env)``: courier started in ``place``, once it has synced its
    commands and is on the gateway; any still running after the test is killed."""
    running: list[asyncio.subprocess.Process] = []

    async def launch(*args: str, **env: str) -> Bot:
        since, identified = len(standin.requests), len(standin.identifies)
        proc = await asyncio.create_subprocess_exec(
            COURIER, *args, env=place | env, cwd=Path(place["COURIER_CONFIG"]).parent,
            start_new_session=True, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        running.append(proc)
        try:
            await standin.wait_request("PUT", rf"/applications/{standin.app_id}/commands",
                                       since=since, timeout=20)
            await until(lambda: len(standin.identifies) > identified
                        and standin.ready.is_set())
        except AssertionError:
            proc.kill()
            out, err = await proc.communicate()
            raise AssertionError(f"the bot did not start:\n{err.decode()}\n{out.decode()}"
                                 ) from None
        return Bot(proc)

    yield launch
    for proc in running:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.02)


def thread_posts(standin: StandIn, thread: str, words: str) -> list[Json]:
    return [m for m in standin.channel_messages(thread) if words in (m.get("content") or "")]


async def test_the_bot_process_stops_cleanly_and_restarts_losing_nothing(
        standin: StandIn, start: Start, place: dict[str, str], tmp_path: Path) -> None:
    bot = await start()                             # `./run`: no subcommand, a token
    assert not standin.find("PUT", r"/applications/\d+/guilds/\d+/commands")
    table = Table(standin, None)  # type: ignore[arg-type]  # the bot is the other process
    created = await table.command("game new", game="gandhi", scenario="short", title="Lasts")
    assert created.private and "Created" in created.text
    thread = next(c["id"] for c in standin.channels.values() if c["type"] == 11)
    table.place = thread
    for user, faction in zip(PLAYERS, FACTIONS, strict=True):
        assert "now plays" in (await table.command("game join", user=user,
                                                   faction=faction)).text
    assert "Started" in (await table.command("game start")).text
    await until(lambda: bool(thread_posts(standin, thread, "your decision")), timeout=45)
    # Ctrl-C in the terminal of `./run`: every process of the bot, picture processes too
    assert await bot.stop(signal.SIGINT, group=True) == 0
    started = [line for line in bot.err.splitlines() if "courier's Discord bot" in line]
    assert len(started) == 1 and str(tmp_path / "games.db") in started[0]
    assert "commands sync globally" in started[0]
    assert "SIGINT: stopping" in bot.err and "voice" not in bot.err
    assert "Traceback" not in bot.err and standin.token not in bot.out + bot.err

    moved = move_while_away(Path(place["COURIER_DB"]), thread)
    again = await start("bot")                      # `courier bot`, on the same games file
    await until(lambda: len(thread_posts(standin, thread, "your decision")) >= 2, timeout=45)
    status = await table.command("game status")
    assert "Lasts" in status.text and f"To decide: {moved}" in status.text
    assert len(thread_posts(standin, thread, "The game begins")) == 1   # not posted again
    assert await again.stop() == 0                  # `systemctl stop`: SIGTERM
    assert "SIGTERM: stopping" in again.err and "Traceback" not in again.err
    assert standin.token not in again.out + again.err


def move_while_away(db: Path, thread: str) -> str:
    """While the bot is stopped, the deciding seat moves (by e-mail, say): a legal choice
    through the service; returns the name of the seat that must decide next."""
    engine.games.load()
    store = Store(db)
    service = Service(store)
    try:
        game = service.recall("discord", f"place:{thread}")
        assert game is not None
        seat = sorted(service.active(game))[0]
        rng = random.Random(3)
        before = service.active(game)
        while service.active(game) == before:
            offered = service.decision(game, seat, "en").choices
            service.act(game, seat, None, concrete(pick(rng, [c.action for c in offered]),
                                                   rng), moderator=True)
        names = service.status(game, "en").seat_names
        return names[sorted(service.active(game))[0]]
    finally:
        store.close()


async def test_a_token_discord_refuses_is_one_line_and_never_shown(
        standin: StandIn, place: dict[str, str]) -> None:
    wrong = shaped_token("1" * 18)
    proc = await asyncio.create_subprocess_exec(
        COURIER, "bot", env=place | {"COURIER_DISCORD_TOKEN": wrong},
        cwd=Path(place["COURIER_CONFIG"]).parent,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = (b.decode() for b in await asyncio.wait_for(proc.communicate(), 20))
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode == 2
    assert "Discord refused the bot token" in err and "Traceback" not in err
    assert wrong not in out + err


def test_the_invite_asks_for_exactly_the_scopes_and_permissions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    token = shaped_token("1234567890123456789")
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")}
    db = tmp_path / "games.db"
    printed = subprocess.run([str(COURIER), "--db", str(db), "bot", "--invite"], cwd=REPO,
                             env=env | {"COURIER_DISCORD_TOKEN": token}, text=True,
                             capture_output=True, timeout=60)
    assert printed.returncode == 0, printed.stderr
    url = urlsplit(printed.stdout.strip())
    assert (url.scheme, url.netloc, url.path) == ("https", "discord.com", "/oauth2/authorize")
    query = {k: v[0] for k, v in parse_qs(url.query).items()}
    assert query == {"client_id": "1234567890123456789", "scope": "bot applications.commands",
                     "permissions": str(app.PERMISSIONS.value), "integration_type": "0"}
    assert not db.exists()                      # a link: no games file made for it
    assert main(["--db", str(db), "bot", "--invite", "--client-id", "42"]) == 0
    assert "client_id=42&" in capsys.readouterr().out and not db.exists()


def test_the_application_id_is_read_from_the_token() -> None:
    assert app.application_id(shaped_token("987654321098765432")) == 987654321098765432
    from engine.core.messages import CourierError
    for bad in ("", "junk", "not.a.token"):
        with pytest.raises(CourierError):
            app.application_id(bad)


async def test_going_global_takes_back_the_test_servers_copies(
        standin: StandIn, run_bot: Any, games_db: Path) -> None:
    engine.games.load()
    service = AsyncService(Service(Store(games_db)))
    try:
        first = await run_bot(CourierBot(service, guild=int(standin.guild_id),
                                         guild_ready_timeout=0.05))
        names = {c["name"] for c in standin.commands[standin.guild_id]}
        assert names == {"game", "act", "do"} and None not in standin.commands
        await first.close()
        await run_bot(CourierBot(service, guild_ready_timeout=0.05))
        assert standin.commands[standin.guild_id] == []       # not twice in the test server
        assert {c["name"] for c in standin.commands[None]} == names
    finally:
        service.close()


# --- the permissions, derived from what the bot calls -------------------------------------

P = discord.Permissions


def needs(request: Any, standin: StandIn) -> P | None:
    """What Discord requires of the bot for one REST call (its documentation), or None
    for a call this table does not know (the test then fails: add it here)."""
    path, method = request.path, request.method
    body = request.json if isinstance(request.json, dict) else {}
    content = P(embed_links=bool(body.get("embeds")), attach_files=bool(request.files))
    if path.startswith(("/interactions/", "/webhooks/")):  # answers: the app's permissions
        return content
    if path.startswith(("/applications/", "/users/", "/gateway")) or path in (
            "/oauth2/applications/@me",):
        return P.none()                                      # the scopes, DMs, the session
    channel = standin.channels.get(path.split("/")[2], {}) if path.startswith(
        "/channels/") else {}
    if "guild_id" not in channel:
        return P.none() if channel else None                 # a direct message
    thread = channel["type"] in (10, 11, 12)
    seen = P(view_channel=True)
    if method == "POST" and path.endswith("/threads"):
        return seen | P(create_public_threads=True)
    if method == "POST" and path.endswith("/messages"):
        talk = P(send_messages_in_threads=True) if thread else P(send_messages=True)
        return seen | talk | content
    if method == "PATCH" and "/messages/" in path:           # its own message: no more
        return seen | content
    if method == "PUT" and "/pins/" in path:
        return seen | P(pin_messages=True)
    return None


async def test_the_invite_permissions_are_exactly_what_the_bot_calls_need(
        table: Table, standin: StandIn, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.command("game new", game="gandhi", scenario="short")
    table.place = next(c["id"] for c in standin.channels.values() if c["type"] == 11)
    for user, faction in zip(PLAYERS, FACTIONS, strict=True):
        await table.command("game join", user=user, faction=faction)
        await table.command("game notify", user=user, where="dm")
    await table.command("game start")
    await table.command("game export")
    await table.quiet()

    async def refused(*args: Any, **kwargs: Any) -> None:   # a channel without threads
        raise discord.Forbidden(_Response(), "Missing Permissions")

    monkeypatch.setattr(discord.TextChannel, "create_thread", refused)
    table.place = standin.channel_id
    assert "Created" in (await table.command("game new", game="gandhi",
                                             scenario="short")).text
    unknown = [str(r) for r in standin.requests if needs(r, standin) is None]
    assert not unknown, "calls whose permissions this test does not know"
    needed = P.none()
    for request in standin.requests:
        needed |= needs(request, standin) or P.none()
    assert needed == app.PERMISSIONS, sorted(
        name for name, on in (needed ^ app.PERMISSIONS) if on)


class _Response:
    status, reason = 403, "Forbidden"


# --- logging ------------------------------------------------------------------------------

def test_log_lines_never_show_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    token = shaped_token("1234567890123456789")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(app.Redacting(logging.Formatter("%(message)s"), token))
    logger = logging.getLogger("courier.test.redacting")
    logger.addHandler(handler)
    try:
        logger.warning("headers: %s", {"Authorization": f"Bot {token}"})
        try:
            raise RuntimeError(f"refused {token}")
        except RuntimeError:
            logger.exception("failed")
    finally:
        logger.removeHandler(handler)
    err = capsys.readouterr().err
    assert token not in err
    assert "'Bot [token]'" in err and "RuntimeError: refused [token]" in err


def test_voice_warnings_are_left_out() -> None:
    record = logging.LogRecord("discord.client", logging.WARNING, __file__, 1,
                               "PyNaCl is not installed, voice will NOT be supported", (), None)
    assert not app.not_about_voice(record)
    record.msg = "Shard ID None has connected to Gateway"
    assert app.not_about_voice(record)


async def test_a_second_signal_exits_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[bool] = []
    exits: list[int] = []

    class Closing:
        async def close(self) -> None:
            closed.append(True)

    monkeypatch.setattr(os, "_exit", exits.append)
    stop = app.Stop(Closing())  # type: ignore[arg-type]
    stop(signal.SIGTERM)
    await asyncio.sleep(0)
    assert closed == [True] and exits == []
    stop(signal.SIGINT)
    assert exits == [128 + signal.SIGINT] and closed == [True]
