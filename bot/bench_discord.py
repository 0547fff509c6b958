"""``courier bench-discord``: the Discord bot's numbers (issue 12), measured offline.

One process holds the Discord stand-in (``bot.discord_bot.standin``, on 127.0.0.1),
courier's bot on a temporary SQLite file with its async service, and the simulated
players; discord.py is pointed at the stand-in for the run, as the tests do.  ``games``
Gandhi games (Short) are created through the service, each bound to a thread of its own,
seated with the stand-in's four members, started and played a random number of random
legal moves in (up to ``advance``: games begun on different days are at different points),
all before the bot logs in: it comes up as a bot restarted with games in progress, its
picture processes warm, and posts each game's pinned status before anything is timed.
Then ``clients`` players at once make ``moves`` random legal choices, each as a ``/do``
interaction in a game nobody else is acting in (the choice is read from the service, as
autocomplete reads it, in a thread of the benchmark's own, not the bot's).  The players
together start ``pace`` of them a second, on a Poisson schedule (one that falls behind
goes at once); with ``pace`` 0 each player's next ``/do`` follows the answer to its last
at once, so the bot is as busy as it can be and the times are mostly queueing.  The
stand-in's clock (the loop's) times:

- **first response**: from dispatching INTERACTION_CREATE to the stand-in having the
  interaction callback (``/do`` defers, "thinking"); a callback Discord would refuse as
  late still counts, with its own time;
- **answered**: to the edit of that response with the result;
- **map posted**: for a ``/do`` that finished a card (its batch wrote the card's ``turn``
  notice), to the stand-in having the game's post of that card's focus picture and map;
  the n-th such post in a game's thread is the n-th card finished there (each game's
  notices are posted in order, each once).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import platform
import random
import re
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.async_service import AsyncService
from bot.bench import percentile
from bot.discord_bot import shapes
from bot.discord_bot.app import CourierBot
from bot.discord_bot.here import FRONTEND, bind, user_key
from bot.discord_bot.standin import API, Interaction, Request, StandIn
from engine.fuzz import concrete, pick
from engine.service import Service
from engine.store import Store

T = TypeVar("T")

RULESET, SCENARIO, LANG = "gandhi", "short", "en"
GAMES, MOVES, CLIENTS = 100, 2000, 4   # 2,000 random moves finish 100 to 150 cards
# 20 /do a second over 100 games is a move every 5 s in every game at once: far more than
# groups playing over days send, and few enough that the bot is not saturated
PACE = 20.0
ADVANCE = 40       # a card takes some 15 to 20 random moves: games a card or two apart
HOLDERS = {"congress": "alice", "raj": "bob", "muslim_league": "carol",
           "revolutionaries": "dave"}
ADMIN = "alice"
GOALS_MS = {"first_response": 50.0, "map_posted": 500.0}   # p99, issue 12
DIGEST_FILES = frozenset({"changes.png", "map.png"})
BENCH_READER = "bench-discord"   # the benchmark's outbox cursor (the bot's is "discord")
TIMEOUT = 60.0     # seconds: longer means something is broken, not slow


@dataclass
class Do:
    """One ``/do`` as the stand-in saw it (times in seconds of the loop's clock)."""

    game: str
    sent_at: float
    first: float = 0.0        # the first callback (accepted or refused) had arrived
    answered: float = 0.0     # the result had arrived
    head: int = 0             # the log's head it was chosen at
    after: int = 0            # and the head once answered


@dataclass(frozen=True)
class Plan:
    games: int = GAMES
    moves: int = MOVES
    clients: int = CLIENTS
    pace: float = PACE                # /do a second, all players together; 0: flat out
    seed: int = 1
    advance: int = ADVANCE            # each game starts the timed part 0..advance moves in
    processes: int | None = None      # picture processes (None: the bot's default)


@dataclass
class Run:
    standin: StandIn
    bot: CourierBot
    places: dict[str, str]                  # game id -> its thread's id
    dos: list[Do] = field(default_factory=list)


@contextlib.contextmanager
def pointed_at(standin: StandIn) -> Iterator[None]:
    """discord.py's REST and gateway URLs on the stand-in for the run, restored after."""
    base, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = standin.url + API
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(standin.gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = base, gateway


class Reader:
    """The players' reads of the service (who decides, what they may choose), in a
    thread of the benchmark's own so they never queue in the bot's workers."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="bench-reader")

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, partial(fn, *args))

    def close(self) -> None:
        self._thread.shutdown(wait=True)


@contextlib.asynccontextmanager
async def running_bot(path: Path, plan: Plan) -> AsyncIterator[Run]:
    """The stand-in with a thread per game, the games, and courier's bot logged in on it
    as ``courier bot`` starts it."""
    import engine.games
    import renders

    engine.games.load()
    renders.load()
    standin = await StandIn().start()
    parent = standin.channels[standin.channel_id]
    threads = [shapes.thread(shapes.snowflake(), parent, standin.app_id, f"game {n}")
               for n in range(plan.games)]
    standin.channels.update((t["id"], t) for t in threads)
    service = Service(Store(path))
    aservice = AsyncService(service) if plan.processes is None else \
        AsyncService(service, processes=plan.processes)
    bot = CourierBot(aservice, guild_ready_timeout=0.05)
    try:
        places = await open_games(aservice, standin, [t["id"] for t in threads], plan)
        # the bot's outbox cursor at the end: what the games wrote so far was posted by
        # an earlier run of the bot (a bot restarted with games in progress)
        await aservice.run(service.start_reading, FRONTEND)
        await aservice.run(aservice.start_drawing)
        with pointed_at(standin):
            await bot.login(standin.token)
            connection = asyncio.create_task(bot.connect())
            ready = asyncio.create_task(bot.wait_until_ready())
            await asyncio.wait({connection, ready}, timeout=TIMEOUT,
                               return_when=asyncio.FIRST_COMPLETED)
            if not ready.done():
                ready.cancel()
                if connection.done():
                    connection.result()
                raise RuntimeError("the bot did not get READY from the stand-in")
            yield Run(standin, bot, places)
            await bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(connection, 5)
    finally:
        if not bot.is_closed():
            await bot.close()
        aservice.close()
        await standin.stop()
        if standin.faults:
            raise RuntimeError(f"the stand-in failed: {standin.faults}")


async def open_games(aservice: AsyncService, standin: StandIn, threads: list[str],
                     plan: Plan) -> dict[str, str]:
    """A started Short game in each thread, its seats held by the stand-in's members,
    each some random legal moves in (from none to ``plan.advance``): games begun on
    different days are at different points, so their cards do not all end together."""
    users = {seat: user_key_of(standin, name) for seat, name in HOLDERS.items()}
    admin = user_key_of(standin, ADMIN)
    places = {}
    for n, thread in enumerate(threads):
        game = await aservice.create_game(RULESET, SCENARIO, seats=users, admin=admin,
                                          language=LANG, title=f"bench {n}", started=False,
                                          game_id=f"bench{n}", seed=f"bench-{plan.seed}-{n}")
        await bind(aservice, game, int(thread))
        await aservice.start(game, admin)
        rng = random.Random(f"{plan.seed}:advance:{n}")
        await aservice.run(advance, aservice.service, game, rng.randint(0, plan.advance),
                           users, rng)
        places[game] = thread
    return places


def advance(service: Service, game: str, moves: int, users: dict[str, str],
            rng: random.Random) -> None:
    """``moves`` random legal choices in ``game``, as the players make them (fewer if the
    game ends)."""
    for _ in range(moves):
        chosen = choose(service, game, rng)
        if chosen is None:
            return
        seat, _, text = chosen
        service.act(game, seat, users[seat], text)


def choose(service: Service, game: str, rng: random.Random) -> tuple[str, int, str] | None:
    """A random legal choice in ``game``: the seat that makes it, the log's head it is
    chosen at and its text; None once nobody must decide (the game is over)."""
    active = sorted(service.active(game))
    if not active:
        return None
    seat = active[0]
    decision = service.decision(game, seat, LANG)
    return seat, decision.head, concrete(pick(rng, [c.action for c in decision.choices]),
                                         rng).text


def user_key_of(standin: StandIn, name: str) -> str:
    return user_key(discord.Object(int(standin.user(name)["id"])))


async def quiet(bot: CourierBot) -> None:
    """Until the bot has posted everything its outbox holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + TIMEOUT * 5
    while loop.time() < end:
        bot.poster.wake()
        await asyncio.wait_for(bot.poster.idle.wait(), TIMEOUT)
        if not await bot.aservice.notices(FRONTEND):
            return
    raise RuntimeError("the outbox did not drain")


class Players:
    """``clients`` players taking turns in random games, one ``/do`` at a time per game."""

    def __init__(self, run: Run, read: Reader, plan: Plan) -> None:
        self.run, self.read, self.left = run, read, plan.moves
        self.each = plan.pace / plan.clients if plan.pace else None   # one player's pace
        self.live = set(run.places)
        self.busy: set[str] = set()
        self.freed = asyncio.Event()

    async def play(self, rng: random.Random) -> None:
        loop = asyncio.get_running_loop()
        due = loop.time()
        while self.left > 0 and self.live:
            if self.each:
                due += rng.expovariate(self.each)
                await asyncio.sleep(max(0.0, due - loop.time()))
                if self.left <= 0:            # the others made the last ones meanwhile
                    break
            free = sorted(self.live - self.busy)
            if not free:                      # fewer games than players: wait for one
                self.freed.clear()
                await self.freed.wait()
                continue
            game = rng.choice(free)
            self.busy.add(game)
            self.left -= 1
            try:
                if not await self.move(game, rng):
                    self.left += 1            # that game is over: no /do was made
            finally:
                self.busy.discard(game)
                self.freed.set()

    async def move(self, game: str, rng: random.Random) -> bool:
        """One ``/do`` in ``game``, timed; False if the game is over."""
        service, standin = self.read.service, self.run.standin
        chosen = await self.read(choose, service, game, rng)
        if chosen is None:
            self.live.discard(game)
            return False
        seat, head, choice = chosen
        payload = standin.slash("do", user=HOLDERS[seat], channel_id=self.run.places[game],
                                choice=choice)
        since = len(standin.requests)
        it = await standin.interact(payload)
        do = Do(game, it.sent_at, head=head)
        do.first = (await first_callback(it)).received
        result = await standin.wait_request(
            None, rf"/webhooks/\d+/{re.escape(it.token)}(/messages/@original)?", since=since,
            timeout=TIMEOUT)
        do.answered = result.received
        do.after = await self.read(service.head, game)
        self.run.dos.append(do)
        return True


async def first_callback(it: Interaction) -> Request:
    """The bot's first callback: the accepted one, or a refused one (too late)."""
    try:
        return await it.response(TIMEOUT)
    except AssertionError:
        if it.refused:
            return it.refused[0]
        raise


async def finished_cards(run: Run, read: Reader) -> dict[str, list[Do]]:
    """Per game, the ``/do`` that finished each card, in order: the one whose batch
    wrote the card's ``turn`` notice (read with the benchmark's own outbox cursor)."""
    service = read.service
    by_game: dict[str, list[Do]] = defaultdict(list)
    for do in run.dos:
        by_game[do.game].append(do)
    cards: dict[str, list[Do]] = defaultdict(list)
    while notices := await read(service.notices, BENCH_READER):
        for notice in notices:
            if notice.kind == "turn":
                cards[notice.game_id].append(next(
                    d for d in by_game[notice.game_id] if d.head < notice.seq <= d.after))
        await read(service.acknowledge, BENCH_READER, notices[-1])
    return cards


def map_times(run: Run, cards: dict[str, list[Do]]) -> list[float]:
    """Per finished card, seconds from its ``/do`` to the stand-in having its pictures."""
    posts: dict[str, list[Request]] = defaultdict(list)
    for request in run.standin.requests:
        if request.method == "POST" and request.status == 200 \
                and {u.filename for u in request.files} == DIGEST_FILES:
            posts[request.path.removeprefix("/channels/").removesuffix("/messages")
                  ].append(request)
    times = []
    for game, finished in cards.items():
        posted = posts[run.places[game]]
        if len(posted) != len(finished):
            raise RuntimeError(f"game {game}: {len(finished)} cards finished by /do, "
                               f"{len(posted)} maps posted")
        times += [post.received - do.sent_at for do, post in zip(finished, posted,
                                                                  strict=True)]
    return times


def summary(seconds: list[float], goal: float | None = None) -> dict[str, float]:
    """Median, p99 and max in milliseconds (none of a run that had none), and the goal."""
    out: dict[str, float] = {"count": len(seconds)}
    if seconds:
        out |= {"median_ms": statistics.median(seconds) * 1000,
                "p99_ms": percentile(seconds, 0.99) * 1000, "max_ms": max(seconds) * 1000}
    if goal is not None:
        out["goal_p99_ms"] = goal
    return out


async def measure(path: Path, plan: Plan) -> dict[str, Any]:
    started = time.perf_counter()
    async with running_bot(path, plan) as run:
        for game in run.places:          # each game's pinned status, as posted before
            await run.bot.poster.refresh_game(game)
        await quiet(run.bot)
        setup = time.perf_counter() - started
        read = Reader(run.bot.aservice.service)
        await read(read.service.start_reading, BENCH_READER)
        players = Players(run, read, plan)
        load_before = os.getloadavg()[0]
        started = time.perf_counter()
        try:
            await asyncio.gather(*(players.play(random.Random(f"{plan.seed}:{c}"))
                                   for c in range(plan.clients)))
            played = time.perf_counter() - started
            await quiet(run.bot)
            drained = time.perf_counter() - started - played
            load_after = os.getloadavg()[0]
            cards = await finished_cards(run, read)
        finally:
            read.close()
        dos = run.dos
        return {
            "machine_note": machine_note(run.bot.aservice),
            "games": plan.games, "advance": plan.advance, "clients": plan.clients,
            "pace": plan.pace,
            "seed": plan.seed, "moves": len(dos), "moves_per_second": len(dos) / played,
            "acted": sum(d.after > d.head for d in dos),
            "refused": sum(d.after == d.head for d in dos),
            "cards_finished": sum(len(c) for c in cards.values()),
            "load_average": {"before": load_before, "after": load_after},
            "setup_seconds": setup, "play_seconds": played, "drain_seconds": drained,
            "first_response": summary([d.first - d.sent_at for d in dos],
                                      GOALS_MS["first_response"]),
            "answered": summary([d.answered - d.sent_at for d in dos]),
            "map_posted": summary(map_times(run, cards), GOALS_MS["map_posted"]),
        }


def machine_note(aservice: AsyncService) -> str:
    return (f"one run on {os.cpu_count()} cores ({platform.machine()}); the stand-in, the "
            f"bot and the players share one process and its event loop; pictures in "
            f"{aservice.processes} process(es)")


def run_discord_bench(plan: Plan) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(measure(Path(tmp) / "games.db", plan))


def describe(numbers: dict[str, Any]) -> str:
    first, answered, maps = (numbers[k] for k in ("first_response", "answered", "map_posted"))

    def line(name: str, n: dict[str, float]) -> str:
        if not n["count"]:
            return f"{name}: none"
        goal = f" (goal: p99 under {n['goal_p99_ms']:.0f} ms)" if "goal_p99_ms" in n else ""
        return (f"{name}: median {n['median_ms']:.1f} ms, p99 {n['p99_ms']:.1f} ms, "
                f"max {n['max_ms']:.1f} ms, of {n['count']}{goal}")

    pace = f"at a pace of {numbers['pace']:g} /do a second" if numbers["pace"] else \
        "each /do as soon as the last was answered"
    return "\n".join([
        f"{numbers['games']} Gandhi games live, {numbers['clients']} players at once, "
        f"{pace}: {numbers['moves']} /do ({numbers['refused']} refused, "
        f"{numbers['moves_per_second']:.1f} a second), {numbers['cards_finished']} cards "
        f"finished, in {numbers['play_seconds']:.1f} s",
        line("/do to its first response", first),
        line("/do to its answer", answered),
        line("/do finishing a card to its map posted", maps),
        f"{numbers['machine_note']}; load average {numbers['load_average']['before']:.2f} "
        f"before, {numbers['load_average']['after']:.2f} after"])
