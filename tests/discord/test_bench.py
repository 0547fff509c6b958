"""``courier bench-discord`` (issue 12) runs end to end, small: the real bot against the
stand-in, in a process of its own as a user runs it.  Its numbers are this run's timings,
so only their shape is checked here (DESIGN.md §9: timings live in benchmarks)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bot.bench_discord import describe
from tests.conftest import REPO

TIMED = ("first_response", "answered", "map_posted")


def test_bench_discord_plays_a_few_moves_and_reports_them_as_json(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")}
    result = subprocess.run(
        [sys.executable, "-m", "bot.cli", "--db", str(tmp_path / "unused.db"),
         "bench-discord", "--games", "2", "--moves", "20", "--json"],
        cwd=REPO, text=True, capture_output=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    numbers = json.loads(result.stdout)
    assert set(numbers) >= {"machine_note", "games", "clients", "pace", "seed", "moves",
                            "acted", "refused", "cards_finished", "load_average",
                            "setup_seconds", "play_seconds", "drain_seconds", *TIMED}
    assert numbers["games"] == 2 and numbers["moves"] == 20 and numbers["pace"] == 20
    assert numbers["acted"] + numbers["refused"] == 20
    for key in TIMED:
        assert numbers[key]["count"] == 0 or {"median_ms", "p99_ms", "max_ms"} <= set(
            numbers[key])
    assert numbers["first_response"]["count"] == numbers["answered"]["count"] == 20
    assert numbers["map_posted"]["count"] == numbers["cards_finished"]
    assert numbers["first_response"]["goal_p99_ms"] == 50
    assert numbers["map_posted"]["goal_p99_ms"] == 500
    assert not (tmp_path / "unused.db").exists()      # the bench builds its own games
    table = describe(numbers)
    assert "/do to its first response: median" in table and "20 /do" in table
