"""``courier bench``: the service's numbers, measured on this machine.

- the fold of a real Gandhi log beside a plain ``json.loads`` + dict-update loop over the
  same stored payloads (the cost of decoding and folding, as a ratio);
- load and fold, cold (a fresh service on the file), of the longest of N fuzzed games;
- undo latency in a game with 150 undos;
- ``act`` latency with 100 games live in one process and 4 clients acting at once;
- the disk a finished game takes beside the bytes of its events.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.async_service import AsyncService
from bot.bench import percentile
from engine.core import ruleset as registry
from engine.core.fold import Folder
from engine.core.messages import CourierError
from engine.fuzz import concrete, pick
from engine.service import Service, to_records
from engine.store import Store

RULESET = "gandhi"


def best_of(runs: int, fn: Callable[[], Any]) -> float:
    """The best of ``runs`` timings, with the garbage collector off as ``timeit`` has it:
    a full collection over the 200 fuzzed games this process holds would otherwise land
    in whichever run allocates the most (the service's own process freezes what it
    loaded, ``bot/async_service.py``)."""
    times = []
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _ in range(runs):
            started = time.perf_counter()
            fn()
            times.append(time.perf_counter() - started)
    finally:
        if collecting:
            gc.enable()
    return min(times)


def play(service: Service, game: str, rng: random.Random, undo_every: int = 0,
         undos: int = 0) -> int:
    """Random legal play to the end; with ``undo_every``, an undo that often (up to
    ``undos``).  Returns how many undos were made."""
    made = 0
    while service.active(game):
        seat = rng.choice(sorted(service.active(game)))
        service.act(game, seat, None, concrete(pick(rng, service.legal(game, seat).actions),
                                               rng))
        if undo_every and made < undos and rng.random() < 1 / undo_every:
            try:
                service.undo(game, seat, None)
                made += 1
            except CourierError:
                pass
    return made


def fuzzed_games(path: Path, games: int, seed: int) -> list[str]:
    service = Service(Store(path))
    ids = []
    for n in range(games):
        game = service.create_game(RULESET, ("short", "main", "quick_start")[n % 3],
                                   seed=f"bench-{seed}-{n}", game_id=f"g{n}")
        play(service, game, random.Random(f"{seed}:{n}"))
        ids.append(game)
    return ids


def fold_ratio(service: Service, game: str) -> dict[str, float]:
    ruleset = registry.get(RULESET)
    rows = service._store.events(game)   # the bench times the store's rows themselves

    def plain() -> None:
        state: dict[str, Any] = {}
        for row in rows:
            state.update(json.loads(row.payload))

    def folded() -> None:
        Folder(ruleset).apply_all(to_records(ruleset, rows))

    baseline, real = float("inf"), float("inf")
    for _ in range(9):   # side by side: each round times both, so both meet the same load
        baseline, real = min(baseline, best_of(1, plain)), min(real, best_of(1, folded))
    return {"events": len(rows), "json_loop_ms": baseline * 1000, "fold_ms": real * 1000,
            "fold_over_json": real / baseline}


def cold_load(path: Path, game: str) -> float:
    def load() -> None:
        Service(Store(path)).kernel_state(game)
    return best_of(5, load) * 1000


def undo_latencies(path: Path, undos: int, seed: int) -> dict[str, float]:
    service = Service(Store(path))
    game = service.create_game(RULESET, "main", seed=f"undo-{seed}", game_id="undos")
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < undos and service.active(game):
        seat = rng.choice(sorted(service.active(game)))
        service.act(game, seat, None, concrete(pick(rng, service.legal(game, seat).actions),
                                               rng))
        if rng.random() < 0.3:
            started = time.perf_counter()
            try:
                service.undo(game, seat, None)
            except CourierError:
                continue
            times.append(time.perf_counter() - started)
    fold = cold_load(path, game)
    return {"undos": len(times), "undo_median_ms": statistics.median(times) * 1000,
            "undo_p99_ms": percentile(times, 0.99) * 1000, "cold_load_ms": fold}


async def concurrent_acts(path: Path, games: int, clients: int, moves: int,
                          seed: int) -> dict[str, float]:
    service = Service(Store(path))
    aservice = AsyncService(service)
    ids = [await aservice.create_game(RULESET, "short", seed=f"live-{n}") for n in range(games)]
    latencies: list[float] = []

    async def client(rng: random.Random) -> None:
        for _ in range(moves):
            game = rng.choice(ids)
            active = sorted(await aservice.active(game))
            if not active:
                continue
            head = await aservice.head(game)
            offered = (await aservice.run(service.legal, game, active[0])).actions
            if not offered:
                continue
            action = concrete(pick(rng, offered), rng)
            started = time.perf_counter()
            try:
                await aservice.act(game, active[0], None, action, expected_head=head)
            except CourierError:
                continue
            latencies.append(time.perf_counter() - started)

    await asyncio.gather(*(client(random.Random(f"{seed}:{c}")) for c in range(clients)))
    aservice.close()
    return {"games": games, "clients": clients, "acts": len(latencies),
            "act_median_ms": statistics.median(latencies) * 1000,
            "act_p99_ms": percentile(latencies, 0.99) * 1000}


def disk_per_game(path: Path, seed: int, games: int = 5) -> dict[str, float]:
    """What finished games add to a store file (vacuumed) beside the bytes of their
    events: the log's rows, their index, snapshots and notices, not the empty file."""
    store = Store(path)
    service = Service(store)
    store.db.execute("VACUUM")
    empty = path.stat().st_size
    events = 0
    for n in range(games):
        game = service.create_game(RULESET, "short", seed=f"disk-{seed}-{n}", game_id=f"d{n}")
        play(service, game, random.Random(f"{seed}:{n}"))
        events += sum(len(r.payload) + len(r.type) + len(r.hash) + len(r.prev_hash)
                      + len(r.time) + len(r.actor_seat or "") + len(r.actor_user or "")
                      + len(r.game_id) + 16 for r in store.events(game))
    store.db.execute("VACUUM")
    store.close()
    added = path.stat().st_size - empty
    return {"games": games, "event_bytes": events / games, "file_bytes": added / games,
            "file_over_events": added / events}


def run_service_bench(games: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fuzz_db = folder / "fuzz.db"
        started = time.perf_counter()
        ids = fuzzed_games(fuzz_db, games, seed)
        fuzz_seconds = time.perf_counter() - started
        service = Service(Store(fuzz_db))
        longest = max(ids, key=service.head)
        return {
            "machine_note": "one run; times are the best of 5 unless a median/p99 is given",
            "fuzzed_games": games, "fuzz_seconds": fuzz_seconds,
            "fold": fold_ratio(service, longest),
            "longest_game": {"id": longest, "events": service.head(longest),
                             "cold_load_ms": cold_load(fuzz_db, longest)},
            "undo": undo_latencies(folder / "undo.db", 150, seed),
            "live": asyncio.run(concurrent_acts(folder / "live.db", 100, 4, 150, seed)),
            "disk": disk_per_game(folder / "disk.db", seed),
        }


def describe(numbers: dict[str, Any]) -> str:
    fold, long, undo, live, disk = (numbers[k] for k in ("fold", "longest_game", "undo",
                                                         "live", "disk"))
    return "\n".join([
        f"fold of a {fold['events']}-event Gandhi log: {fold['fold_ms']:.1f} ms, "
        f"{fold['fold_over_json']:.2f}x a json.loads + dict-update loop "
        f"({fold['json_loop_ms']:.1f} ms)",
        f"cold load and fold of the longest of {numbers['fuzzed_games']} fuzzed games "
        f"({long['events']} events): {long['cold_load_ms']:.1f} ms",
        f"undo in a game with {undo['undos']} undos: median {undo['undo_median_ms']:.2f} ms, "
        f"p99 {undo['undo_p99_ms']:.2f} ms; its cold load {undo['cold_load_ms']:.1f} ms",
        f"act with {live['games']} games live and {live['clients']} clients: median "
        f"{live['act_median_ms']:.2f} ms, p99 {live['act_p99_ms']:.2f} ms "
        f"({live['acts']} acts)",
        f"disk per finished game ({disk['games']} games): {disk['file_bytes'] / 1024:.0f} KiB "
        f"for {disk['event_bytes'] / 1024:.0f} KiB of events ({disk['file_over_events']:.2f}x)"])
