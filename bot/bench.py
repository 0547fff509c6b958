"""``courier bench``: fold rate, load-and-fold time and append latency (issue numbers).

A seeded random-legal player builds a game of ``events`` events in a temporary SQLite
file, timing every append; the same log is then folded in memory and loaded from disk.
Run twice, with snapshots off and on.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core import ruleset as registry
from engine.core.fold import Folder
from engine.fuzz import concrete
from engine.service import Service
from engine.store import Store


def build_game(service: Service, name: str, scenario: str, options: Mapping[str, Any],
               events: int, seed: int) -> tuple[str, list[float]]:
    """Play random legal actions until the log holds ``events`` events."""
    rng = random.Random(seed)
    game = service.create_game(name, scenario, options=options, game_id="bench")
    latencies: list[float] = []
    while service.head(game) < events:
        active = sorted(service.active(game))
        if not active:
            break
        seat = rng.choice(active)
        action = concrete(rng.choice(service.legal(game, seat).actions), rng)
        started = time.perf_counter()
        service.act(game, seat, None, action)
        latencies.append(time.perf_counter() - started)
    return game, latencies


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(name: str, scenario: str, options: Mapping[str, Any], events: int, seed: int,
            snapshots: bool, folder_path: Path) -> dict[str, float]:
    store = Store(folder_path / f"bench-{snapshots}.db")
    service = Service(store, snapshots=snapshots)
    game, latencies = build_game(service, name, scenario, options, events, seed)
    ruleset = registry.get(name)
    records = service.records(game)
    fold_times = []
    for _ in range(5):
        started = time.perf_counter()
        Folder(ruleset).apply_all(records)
        fold_times.append(time.perf_counter() - started)
    load_times = []
    for _ in range(5):  # a fresh service each time: no in-memory state, no snapshot
        cold = Service(Store(folder_path / f"bench-{snapshots}.db"), snapshots=False)
        started = time.perf_counter()
        cold.kernel_state(game)
        load_times.append(time.perf_counter() - started)
    return {"events": len(records), "fold_rate": len(records) / min(fold_times),
            "load_ms": statistics.median(load_times) * 1000,
            "append_median_ms": statistics.median(latencies) * 1000,
            "append_p99_ms": percentile(latencies, 0.99) * 1000,
            "actions": len(latencies)}


def run_bench(name: str, scenario: str | None, options: Mapping[str, Any], events: int,
              seed: int) -> str:
    scenario = scenario or registry.get(name).scenarios()[0]
    lines = [f"ruleset {name}, scenario {scenario}, options {dict(options)}, seed {seed}"]
    with tempfile.TemporaryDirectory() as tmp:
        for snapshots in (False, True):
            r = measure(name, scenario, options, events, seed, snapshots, Path(tmp))
            lines.append(
                f"snapshots {'on ' if snapshots else 'off'}: {r['events']:.0f} events "
                f"({r['actions']:.0f} actions); fold {r['fold_rate']:,.0f} events/s; "
                f"load-and-fold {r['load_ms']:.1f} ms; append median "
                f"{r['append_median_ms']:.2f} ms, p99 {r['append_p99_ms']:.2f} ms")
    return "\n".join(lines)
