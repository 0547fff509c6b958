"""``courier bench-mail``: the e-mail gateway's numbers (issue 15), measured offline, and
the same turns through the Discord layer in the same run.

**Mail.** One process holds the gateway (``courier mail``'s server: its own aiosmtpd
inbound on 127.0.0.1, the postman, pictures in a process) and four players with smtplib;
the relay is another aiosmtpd server on 127.0.0.1, in a process of its own (a relay is
another program; in the gateway's process its Python SMTP parsing would take the
gateway's event loop for tens of milliseconds per map).  A
Gandhi game (Short, a fixed seed) is seated with the four players and started; its
opening mails are sent before anything is timed.  Then ``turns`` times, the seat that
must decide picks a random legal choice (seeded) and its player mails it to their seat's
address.  A turn's time runs from the gateway's SMTP server having the whole mail (the
end of DATA) to the relay having taken the last mail that turn caused (the receipt to the
sender, the next decider's mail, everyone's mail when a card ends, the map attached where
it goes).

**Discord, the same turns.** The same game (same seed, so the same deck and dice) is
played by four members through courier's bot on the Discord stand-in
(``bot.discord_bot.standin``), each turn the same choice as a ``/do``: from dispatching
INTERACTION_CREATE to the stand-in having handled the bot's last request of that turn
(the deferral, the answer, the outbox's posts: the decision's ping, a finished card's
focus picture and map, the pinned status edited).  Its first response (the deferral) is
reported too.

Both sides run one after the other in one process on one machine, one turn at a time,
after the same turns were played once through the service alone (``warm_up``), so that
neither side pays for first-time work the other then finds done.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import platform
import random
import re
import smtplib
import statistics
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope, Session

from bot.async_service import AsyncService
from bot.bench import percentile
from bot.config import MailConfig, Relay, SmtpServer
from bot.mail.app import MailServer
from bot.mail.identity import user_key
from bot.mail.inbound import SmtpInbound, _Handler
from bot.mail.postman import Postman
from engine.fuzz import concrete, pick
from engine.service import Service
from engine.store import Store

RULESET, SCENARIO, LANG = "gandhi", "short", "en"
PLAYERS = {"congress": "ann", "raj": "bob", "muslim_league": "cat", "revolutionaries": "dan"}
GATEWAY = "courier@bench.test"
GOAL_RATIO = 1.2
TIMEOUT = 60.0


@dataclass
class Turn:
    seat: str
    text: str
    seconds: float = 0.0
    first: float = 0.0        # Discord: to the first response
    mails: int = 0            # mail: how many the turn caused (Discord: requests)
    with_map: bool = False


class Catcher:
    """The relay, in a process of its own as a real relay is another program: an
    aiosmtpd server that takes every mail and tells when it had the whole of it (on the
    machine's monotonic clock, the event loops' clock)."""

    def __init__(self) -> None:
        self.taken: list[tuple[float, str, bool]] = []   # (time, recipient, has a map)
        self.port = 0
        self._process: Any = None
        self._reader: threading.Thread | None = None

    async def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        self._process = context.Process(target=_relay, args=(theirs,), daemon=True)
        self._process.start()
        self.port = await asyncio.to_thread(mine.recv)
        self._reader = threading.Thread(target=self._read, args=(mine,), daemon=True)
        self._reader.start()

    def _read(self, pipe: Any) -> None:
        with contextlib.suppress(EOFError, OSError):
            while True:
                self.taken.append(pipe.recv())

    async def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            await asyncio.to_thread(self._process.join, 5)


class _Taker:
    def __init__(self, pipe: Any) -> None:
        self.pipe = pipe

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        at = time.monotonic()
        raw = envelope.original_content or envelope.content
        has_map = isinstance(raw, bytes) and b'filename="map.png"' in raw
        for rcpt in envelope.rcpt_tos:
            self.pipe.send((at, rcpt, has_map))
        return "250 OK"


def _relay(pipe: Any) -> None:
    """The relay's process: serve SMTP on a free port of 127.0.0.1 until terminated."""
    async def serve() -> None:
        loop = asyncio.get_running_loop()
        taker = _Taker(pipe)
        server = await loop.create_server(lambda: SMTP(taker, hostname="relay.bench"),
                                          host="127.0.0.1", port=0)
        pipe.send(server.sockets[0].getsockname()[1])
        await asyncio.Event().wait()
    asyncio.run(serve())


class TimedInbound(SmtpInbound):
    """The gateway's SMTP server, noting when each mail's DATA had arrived."""

    arrivals: list[float]

    def handler(self) -> Any:
        self.arrivals = []
        inbound = self

        class Timed(_Handler):
            async def handle_DATA(self, server: SMTP, session: Session,
                                  envelope: Envelope) -> str:
                inbound.arrivals.append(asyncio.get_running_loop().time())
                return await super().handle_DATA(server, session, envelope)

        return Timed(self.gateway)


def _load() -> None:
    import engine.games
    import renders

    engine.games.load()
    renders.load()


def _game(service: Service, seed: int, holders: dict[str, str], admin: str,
          emails: dict[str, str] | None = None) -> str:
    """The benchmark's game: the same seed on both sides, seated and started."""
    game = service.create_game(RULESET, SCENARIO, admin=admin, language=LANG, started=False,
                               seed=f"bench-mail-{seed}", game_id="bench")
    for seat, user in holders.items():
        service.join(game, seat, user, by_user=admin,
                     email=(emails or {}).get(seat))
    service.start(game, admin)
    return game


def choose(service: Service, game: str, rng: random.Random) -> tuple[str, str] | None:
    active = sorted(service.active(game))
    if not active:
        return None
    decision = service.decision(game, active[0], LANG)
    return active[0], concrete(pick(rng, [c.action for c in decision.choices]), rng).text


async def drained(postman: Postman) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + TIMEOUT
    while loop.time() < end:
        postman.wake()
        await asyncio.wait_for(postman.idle.wait(), TIMEOUT)
        if not await postman.pending():
            return
    raise RuntimeError("the gateway's mail did not drain")


# --- mail ---------------------------------------------------------------------------------
async def measure_mail(folder: Path, turns: int, seed: int) -> list[Turn]:
    _load()
    relay = Catcher()
    await relay.start()
    service = Service(Store(folder / "mail.db"))
    aservice = AsyncService(service)
    config = MailConfig(address=GATEWAY, secret="the benchmark's secret, long enough",
                        recheck_seconds=30.0, smtp=SmtpServer(host="127.0.0.1", port=0),
                        relay=Relay(host="127.0.0.1", port=relay.port, starttls=False))
    server = MailServer(aservice, config, LANG)
    inbound = TimedInbound(server.gateway, config.smtp, config.max_bytes)
    server.inbound = inbound
    await server.start()
    try:
        emails = {seat: f"{name}@bench.test" for seat, name in PLAYERS.items()}
        game = await aservice.run(_game, service, seed, {s: user_key(a) for s, a in
                                                         emails.items()},
                                  user_key(emails["congress"]), emails)
        await drained(server.postman)                 # the opening mails, not timed
        rng, played = random.Random(seed), []
        for _ in range(turns):
            found = await aservice.run(choose, service, game, rng)
            if found is None:
                break
            seat, text = found
            ticket = await server.gateway.identities.ticket(game, seat)
            assert ticket is not None
            before = len(relay.taken)
            await asyncio.to_thread(_send, inbound.port, emails[seat],
                                    server.gateway.home.with_ticket(ticket), text)
            await drained(server.postman)
            await _settle_pipe(relay, before)
            taken = relay.taken[before:]
            turn = Turn(seat, text, max(t for t, _, _ in taken) - inbound.arrivals[-1],
                        mails=len(taken), with_map=any(m for _, _, m in taken))
            played.append(turn)
        return played
    finally:
        await server.stop()
        aservice.close()
        await relay.stop()


async def _settle_pipe(relay: Catcher, before: int) -> None:
    """The relay's notes of the mails it took, arrived through the pipe."""
    for _ in range(1000):
        if len(relay.taken) > before:
            await asyncio.sleep(0.002)      # any later note of the same round too
            return
        await asyncio.sleep(0.001)
    raise RuntimeError("the relay took no mail for a turn")


def _send(port: int, sender: str, to: str, text: str) -> None:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = sender, to, "Re: [courier bench] turn"
    mail["Message-ID"] = make_msgid(domain="bench.test")
    mail.set_content(text + "\n")
    with smtplib.SMTP("127.0.0.1", port, timeout=TIMEOUT) as smtp:
        smtp.send_message(mail)


# --- Discord --------------------------------------------------------------------------------
@contextlib.contextmanager
def _pointed_at(url: str, gateway: str) -> Iterator[None]:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.discord_bot.standin import API

    base, old = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = url + API
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = base, old


def _timed_standin() -> Any:
    """The Discord stand-in, noting when it had handled each request."""
    from aiohttp import web

    from bot.discord_bot.standin import StandIn

    class Timed(StandIn):
        handled: list[tuple[float, str, str]]

        @web.middleware
        async def _record(self, request: web.Request, handler: Any) -> web.StreamResponse:
            response = await super()._record(request, handler)
            self.handled.append((asyncio.get_running_loop().time(), request.method,
                                 request.path))
            return response

    standin = Timed()
    standin.handled = []
    return standin


@contextlib.asynccontextmanager
async def _discord_bot(folder: Path) -> AsyncIterator[tuple[Any, Any, AsyncService]]:
    from bot.discord_bot import shapes
    from bot.discord_bot.app import CourierBot

    standin = await _timed_standin().start()
    service = AsyncService(Service(Store(folder / "discord.db")))
    bot = CourierBot(service, guild_ready_timeout=0.05)
    try:
        with _pointed_at(standin.url, standin.gateway_url):
            await bot.login(standin.token)
            connection = asyncio.create_task(bot.connect())
            ready = asyncio.create_task(bot.wait_until_ready())
            await asyncio.wait({connection, ready}, timeout=TIMEOUT,
                               return_when=asyncio.FIRST_COMPLETED)
            if not ready.done():
                ready.cancel()
                raise RuntimeError("the bot did not get READY from the stand-in")
            await bot.poster.idle.wait()
            parent = standin.channels[standin.channel_id]
            thread = shapes.thread(shapes.snowflake(), parent, standin.app_id, "bench")
            standin.channels[thread["id"]] = thread
            yield standin, bot, service
            await bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(connection, 5)
    finally:
        if not bot.is_closed():
            await bot.close()
        service.close()
        await standin.stop()


async def _quiet(bot: Any) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + TIMEOUT
    while loop.time() < end:
        bot.poster.wake()
        await asyncio.wait_for(bot.poster.idle.wait(), TIMEOUT)
        if not await bot.aservice.notices("discord"):
            return
    raise RuntimeError("the Discord outbox did not drain")


async def measure_discord(folder: Path, turns: list[Turn], seed: int) -> list[Turn]:
    import discord

    from bot.discord_bot.here import bind
    from bot.discord_bot.here import user_key as discord_key

    _load()
    async with _discord_bot(folder) as (standin, bot, aservice):
        service: Service = aservice.service
        members = {seat: discord_key(discord.Object(int(standin.user(name)["id"])))
                   for seat, name in {"congress": "alice", "raj": "bob",
                                      "muslim_league": "carol",
                                      "revolutionaries": "dave"}.items()}
        names = {seat: standin.user(members[seat].split(":")[1])["username"]
                 for seat in members}
        thread = next(c["id"] for c in standin.channels.values() if c.get("name") == "bench")
        game = await aservice.run(_game, service, seed, members, members["congress"])
        await bind(aservice, game, int(thread))
        await _quiet(bot)
        played = []
        for turn in turns:
            seat = sorted(await aservice.active(game))[0]
            if seat != turn.seat:
                raise RuntimeError("the two games went different ways")
            before = len(standin.handled)
            it = await standin.interact(standin.slash("do", user=names[seat],
                                                      channel_id=thread, choice=turn.text))
            await it.response(TIMEOUT)
            await standin.wait_request(
                None, rf"/webhooks/\d+/{re.escape(it.token)}(/messages/@original)?",
                since=0, timeout=TIMEOUT)
            await _quiet(bot)
            handled = standin.handled[before:]
            first = next(t for t, _, p in handled if p.endswith("/callback"))
            played.append(Turn(seat, turn.text, max(t for t, _, _ in handled) - it.sent_at,
                               first - it.sent_at, mails=len(handled)))
        return played


# --- the run ------------------------------------------------------------------------------
def summary(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {"count": 0}
    return {"count": len(seconds), "median_ms": statistics.median(seconds) * 1000,
            "p99_ms": percentile(seconds, 0.99) * 1000, "max_ms": max(seconds) * 1000}


def warm_up(folder: Path, turns: int, seed: int) -> None:
    """The game's turns played once through the service, untimed, with what both sides
    read after a turn (decision, status, digest, board): the side measured first would
    otherwise pay alone for the caches and lazy imports that the second finds ready."""
    _load()
    service = Service(Store(folder / "warm.db"))
    game = _game(service, seed, {seat: f"warm:{seat}" for seat in PLAYERS}, "warm:admin")
    rng = random.Random(seed)
    for _ in range(turns):
        found = choose(service, game, rng)
        if found is None:
            break
        seat, text = found
        before = service.head(game)
        service.act(game, seat, f"warm:{seat}", text)
        service.status(game, LANG, seat)
        service.digest(game, LANG, before, None)
        service.board_text(game, seat, LANG, None)
        for each in service.active(game):
            service.decision(game, each, LANG)


async def measure(turns: int, seed: int, discord: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        warm_up(folder, turns, seed)
        started = time.perf_counter()
        mail = await measure_mail(folder, turns, seed)
        mail_seconds = time.perf_counter() - started
        numbers: dict[str, Any] = {
            "turns": len(mail), "seed": seed, "machine": _machine(),
            "mail_seconds": mail_seconds,
            "mail": summary([t.seconds for t in mail]),
            "mail_with_map": summary([t.seconds for t in mail if t.with_map]),
            "mail_without_map": summary([t.seconds for t in mail if not t.with_map]),
            "mails": sum(t.mails for t in mail),
        }
        if discord:
            same = await measure_discord(folder, mail, seed)
            numbers["discord"] = summary([t.seconds for t in same])
            numbers["discord_first_response"] = summary([t.first for t in same])
            numbers["discord_with_map"] = summary(
                [d.seconds for d, m in zip(same, mail, strict=True) if m.with_map])
            numbers["discord_without_map"] = summary(
                [d.seconds for d, m in zip(same, mail, strict=True) if not m.with_map])
            ratios = [m.seconds / d.seconds for m, d in zip(mail, same, strict=True)
                      if d.seconds > 0]
            numbers["ratio_median"] = numbers["mail"]["median_ms"] / \
                numbers["discord"]["median_ms"]
            numbers["ratio_p99"] = numbers["mail"]["p99_ms"] / numbers["discord"]["p99_ms"]
            numbers["ratio_per_turn_median"] = statistics.median(ratios) if ratios else 0.0
            numbers["goal_ratio"] = GOAL_RATIO
        return numbers


def _machine() -> str:
    return (f"{os.cpu_count()} cores ({platform.machine()}), Python "
            f"{platform.python_version()}; one process and event loop for the gateway, "
            f"the players and the Discord stand-in; the relay in a process of its own; "
            f"pictures in one process")


def run_mail_bench(turns: int = 50, seed: int = 1, discord: bool = True) -> dict[str, Any]:
    return asyncio.run(measure(turns, seed, discord))


def describe(numbers: dict[str, Any]) -> str:
    def line(name: str, n: dict[str, float]) -> str:
        if not n.get("count"):
            return f"{name}: none"
        return (f"{name}: median {n['median_ms']:.1f} ms, p99 {n['p99_ms']:.1f} ms, "
                f"max {n['max_ms']:.1f} ms, of {n['count']}")

    lines = [f"{numbers['turns']} turns of one Gandhi game by mail ({numbers['mails']} mails "
             f"to the relay, {numbers['mail_seconds']:.1f} s)",
             line("mail accepted -> its replies taken by the relay", numbers["mail"]),
             line("  turns whose mails carry the map", numbers["mail_with_map"]),
             line("  turns without a map", numbers["mail_without_map"])]
    if "discord" in numbers:
        lines += [line("the same turns by /do -> the bot's last request", numbers["discord"]),
                  line("  of which with a map by mail", numbers["discord_with_map"]),
                  line("  of which without", numbers["discord_without_map"]),
                  line("/do -> first response", numbers["discord_first_response"]),
                  f"mail / Discord: median {numbers['ratio_median']:.2f}x, p99 "
                  f"{numbers['ratio_p99']:.2f}x, per turn (median) "
                  f"{numbers['ratio_per_turn_median']:.2f}x (goal: at most "
                  f"{numbers['goal_ratio']:.1f}x)"]
    lines.append(numbers["machine"])
    return "\n".join(lines)

