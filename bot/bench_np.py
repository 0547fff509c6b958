"""``courier bench-np``: how long a non-player bot takes to decide.

Plays games without players (every seat a Non-player Faction), the scenarios in turn, and
times each bot decision as the service makes it: the policy's choice (its Arjuna cards,
tables, dice) plus the rules deciding that choice, on the same position -- everything but
the append to the store.  Reports the median, the 99th percentile and the longest, overall
and by kind of decision (the card, an Operation's step, an Event's choice, a Campaign
step).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.core import ruleset as registry
from engine.randomness import Secret, SeededChance

SCENARIOS = ("short", "main", "quick_start")
KINDS = {"card": "card", "execution": "operation", "event_choices": "event"}


def run_np_bench(games: int, seed: int) -> dict[str, Any]:
    ruleset = registry.get("gandhi")
    seats = list(ruleset.seats)
    times: dict[str, list[float]] = {}
    policy_only: list[float] = []
    for index in range(games):
        scenario = SCENARIOS[index % len(SCENARIOS)]
        secret = Secret(seed=f"bench-np:{seed}:{index}", salt="bench")
        options = ruleset.seat_non_players({}, frozenset(seats))
        opening = ruleset.setup(scenario, options, SeededChance(secret, "setup"))
        secret.deck = list(opening.deck)
        state = ruleset.initial_state()
        for event in opening.events:
            state = ruleset.evolve(state, event)
        head = len(opening.events) + 1
        while not ruleset.is_over(state):
            seat = sorted(ruleset.active_seats(state))[0]
            step = state.step.name
            chance = SeededChance(secret, str(head))
            started = time.perf_counter()
            found = ruleset.policy(state, seat, chance)
            assert found is not None
            action, pre = found
            chosen = time.perf_counter()
            work = ruleset.clone(state)
            for event in pre:
                work = ruleset.evolve(work, event)
            events, after = ruleset.decide_state(work, seat, action, chance)
            ended = time.perf_counter()
            times.setdefault(KINDS.get(step, "campaign"), []).append(ended - started)
            policy_only.append(chosen - started)
            state = after
            head += 1 + len(pre) + len(events)
    every = sorted(t for ts in times.values() for t in ts)
    return {"games": games, "decisions": len(every),
            "all": _stats(every), "policy": _stats(sorted(policy_only)),
            "by_kind": {k: _stats(sorted(v)) for k, v in sorted(times.items())}}


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0, "median_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return {"n": len(values), "median_ms": round(1000 * statistics.median(values), 2),
            "p99_ms": round(1000 * p99, 1), "max_ms": round(1000 * values[-1], 1)}


def describe(numbers: dict[str, Any]) -> str:
    lines = [f"{numbers['games']} games without players, {numbers['decisions']} bot decisions"]

    def line(name: str, s: dict[str, float]) -> str:
        return (f"  {name:<10} n={int(s['n']):>6}  median {s['median_ms']:>6.2f} ms  "
                f"p99 {s['p99_ms']:>6.1f} ms  max {s['max_ms']:>6.1f} ms")

    lines.append(line("decision", numbers["all"]))
    lines.append(line("policy", numbers["policy"]))
    for kind, stats in numbers["by_kind"].items():
        lines.append(line(kind, stats))
    return "\n".join(lines)
