"""The command line with bots (Gandhi rule 8), run as a user would: seats given to the bot
at creation, the admin's stand-in on and off, who decided in the log, the NP benchmark."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_cli import courier


def test_new_with_bots_plays_their_seats_and_the_log_says_who_decided(tmp_path: Path) -> None:
    made = courier(tmp_path, "new", "gandhi", "--game", "g1", "--bot", "raj",
                   "--bot", "revolutionaries", "--bot", "muslim_league", plugin=False)
    assert made.returncode == 0, made.stderr
    assert "Played by the bot: Muslim League, Raj, Revolutionaries" in made.stdout
    assert "To act: Congress" in made.stdout
    log = courier(tmp_path, "log", "g1", plugin=False).stdout
    if "(np)" not in log:   # Congress was 1st Eligible: its Pass hands the card on
        assert courier(tmp_path, "act", "g1", "congress", "pass", plugin=False).returncode == 0
        log = courier(tmp_path, "log", "g1", plugin=False).stdout
    assert "(np)" in log and "(non-player)" in log and "Why: NP Eligibility (8.2.1)" in log
    listed = courier(tmp_path, "--lang", "it", "bots", "g1", plugin=False)
    assert "Giocati dal bot: Lega Musulmana, Raj, Rivoluzionari" in listed.stdout


def test_the_admin_gives_a_seat_to_the_bot_and_takes_it_back(tmp_path: Path) -> None:
    made = courier(tmp_path, "new", "gandhi", "--game", "g1", "--admin", "ann",
                   "--bot", "revolutionaries", plugin=False)
    first = made.stdout.split("To act: ")[1].strip()   # a person's seat (Raj, Congress...)
    seat = first.lower().replace(" ", "_")
    refused = courier(tmp_path, "--user", "bob", "bots", "g1", seat, "on", plugin=False)
    assert refused.returncode != 0 and "admin" in refused.stderr
    given = courier(tmp_path, "--user", "ann", "bots", "g1", seat, "on", plugin=False)
    assert given.returncode == 0, given.stderr
    assert f"{first}: " in given.stdout and "(bot standing in)" in given.stdout
    assert "Played by the bot: " in given.stdout and first in given.stdout
    back = courier(tmp_path, "--user", "ann", "bots", "g1", seat, "off", plugin=False)
    assert back.returncode == 0 and "Played by the bot: Revolutionaries\n" in back.stdout
    refused = courier(tmp_path, "--user", "ann", "--lang", "es", "bots", "g1",
                      "revolutionaries", "off", plugin=False)
    assert refused.returncode != 0 and "siempre la juega el bot" in refused.stderr


def test_bench_np_reports_the_median_and_p99_as_json(tmp_path: Path) -> None:
    ran = courier(tmp_path, "bench-np", "--games", "1", "--seed", "3", "--json", plugin=False)
    assert ran.returncode == 0, ran.stderr
    numbers = json.loads(ran.stdout)
    assert numbers["decisions"] > 0 and numbers["all"]["n"] == numbers["decisions"]
    assert {"median_ms", "p99_ms", "max_ms"} <= set(numbers["all"])
    assert {"card", "operation"} <= set(numbers["by_kind"])
