"""``courier bench-pg --url postgresql://...``: the event store on PostgreSQL beside SQLite
(issue 18), each measured the same way:

- **append**: one event with its notice appended ``appends`` times (p50/p99);
- **load and fold**: a long fuzzed Gandhi game (the main scenario played to its end by
  random legal moves, the same seed on both) loaded by a fresh service and folded, with
  no snapshot, best of 5;
- **act with several processes**: ``games`` live games, then ``processes`` processes
  each acting for ``seconds`` on games picked at random among all of them, as the
  active seat, random legal moves (the time of ``Service.act`` alone; a move another
  process made first is refused and counted, not timed): acts per second in all, p50
  and p99 of one act.

The PostgreSQL database named by ``--url`` gets games of its own (ids ``b<run>-...``);
give it an empty database (``createdb courier_bench``).  SQLite runs in a temporary
folder.  ``--no-sqlite`` measures PostgreSQL alone.
"""

from __future__ import annotations

import gc
import multiprocessing
import random
import statistics
import tempfile
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.bench import percentile
from engine.core.messages import CourierError
from engine.fuzz import concrete, pick
from engine.service import Service
from engine.store import NewEvent, NewNotice, open_store

RULESET = "gandhi"


@dataclass(frozen=True)
class Plan:
    url: str
    processes: int = 4
    games: int = 400
    seconds: float = 30.0
    appends: int = 2000
    seed: int = 1
    sqlite: bool = True


def ms(values: list[float]) -> dict[str, float]:
    return {"count": len(values), "p50_ms": statistics.median(values) * 1000,
            "p99_ms": percentile(values, 0.99) * 1000}


def appends(url: str, count: int, run: str) -> dict[str, float]:
    store = open_store(url)
    game = f"{run}-append"
    times = []
    try:
        for n in range(count):
            event = NewEvent("Tick", 1, f'{{"n":{n}}}', "red", "bench", "2026-01-01T00:00:00Z")
            started = time.perf_counter()
            store.append(game, n, [event], [NewNotice("turn", ("red",), {"n": n})])
            times.append(time.perf_counter() - started)
    finally:
        store.close()
    return ms(times)


def long_game(url: str, run: str, seed: int) -> dict[str, float]:
    """A Gandhi game played to its end, then loaded and folded by a fresh service."""
    import engine.games

    engine.games.load()
    service = Service(open_store(url), snapshots=False)
    game = service.create_game(RULESET, "main", seed=f"pg-bench-{seed}", game_id=f"{run}-long")
    rng = random.Random(seed)
    while service.active(game):
        seat = rng.choice(sorted(service.active(game)))
        service.act(game, seat, None, concrete(pick(rng, service.legal(game, seat).actions),
                                               rng))
    events = service.head(game)
    service._store.close()
    times = []
    for _ in range(5):
        cold = Service(open_store(url), snapshots=False)
        gc.collect()
        started = time.perf_counter()
        cold.kernel_state(game)
        times.append(time.perf_counter() - started)
        cold._store.close()
    return {"events": events, "load_fold_ms": min(times) * 1000,
            "load_fold_median_ms": statistics.median(times) * 1000}


def _actor(url: str, games: list[str], start: float, seconds: float,
           seed: int) -> tuple[list[float], int, int]:
    """One process: act on random games from ``start`` for ``seconds``."""
    import engine.games

    engine.games.load()
    service = Service(open_store(url))
    rng = random.Random(seed)
    times: list[float] = []
    refused = conflicts = 0
    while time.time() < start:
        time.sleep(0.01)
    end = start + seconds
    while time.time() < end:
        game = rng.choice(games)
        active = sorted(service.active(game))
        if not active:
            continue
        seat = rng.choice(active)
        try:
            offered = service.legal(game, seat).actions
        except CourierError:
            continue
        if not offered:        # the game moved on between the two reads (another process)
            continue
        action = concrete(pick(rng, offered), rng)
        began = time.perf_counter()
        try:
            service.act(game, seat, None, action)
        except CourierError as err:   # another process moved first: no longer legal
            refused += 1
            conflicts += type(err).__name__ == "Conflict"
            continue
        times.append(time.perf_counter() - began)
    service._store.close()
    return times, refused, conflicts


def acting(url: str, plan: Plan, run: str) -> dict[str, float]:
    import engine.games

    engine.games.load()
    service = Service(open_store(url))
    games = [service.create_game(RULESET, "short", seed=f"{run}-{n}", game_id=f"{run}-g{n}")
             for n in range(plan.games)]
    service._store.close()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(plan.processes, mp_context=context) as pool:
        start = time.time() + 5.0 + plan.processes     # every process imported and waiting
        jobs = [pool.submit(_actor, url, games, start, plan.seconds, plan.seed * 100 + n)
                for n in range(plan.processes)]
        results = [job.result() for job in jobs]
    times = [t for r in results for t in r[0]]
    return {**ms(times), "acts_per_second": len(times) / plan.seconds,
            "refused": sum(r[1] for r in results), "conflicts": sum(r[2] for r in results),
            "processes": plan.processes, "games": plan.games, "seconds": plan.seconds}


def backend(url: str, plan: Plan) -> dict[str, Any]:
    run = "b" + uuid.uuid4().hex[:8]
    return {"append": appends(url, plan.appends, run), "long_game": long_game(url, run, plan.seed),
            "act": acting(url, plan, run)}


def run_pg_bench(plan: Plan) -> dict[str, Any]:
    numbers: dict[str, Any] = {"postgresql": backend(plan.url, plan)}
    if plan.sqlite:
        with tempfile.TemporaryDirectory() as tmp:
            numbers["sqlite"] = backend(str(Path(tmp) / "bench.db"), plan)
    return numbers


def describe(numbers: dict[str, Any]) -> str:
    lines = []
    for name, n in numbers.items():
        a, g, c = n["append"], n["long_game"], n["act"]
        lines += [
            f"{name}:",
            f"  append one event with its notice ({a['count']}x): p50 {a['p50_ms']:.2f} ms, "
            f"p99 {a['p99_ms']:.2f} ms",
            f"  load and fold a {g['events']}-event Gandhi game (no snapshot): "
            f"{g['load_fold_ms']:.0f} ms (median {g['load_fold_median_ms']:.0f} ms)",
            f"  act, {c['processes']} processes on {c['games']} live games for "
            f"{c['seconds']:.0f} s: {c['acts_per_second']:.1f} acts/s, p50 {c['p50_ms']:.1f} ms, "
            f"p99 {c['p99_ms']:.1f} ms ({c['refused']} refused: another process moved first)"]
    return "\n".join(lines)
