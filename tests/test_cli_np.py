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
    courier(tmp_path, "new", "gandhi", "--game", "g1", "--admin", "ann", plugin=False)
    (seat,) = json.loads(courier(tmp_path, "legal", "g1", "--json", plugin=False).stdout)
    first = seat["seat"]
    refused = courier(tmp_path, "--user", "bob", "bots", "g1", first, "on", plugin=False)
    assert refused.returncode != 0 and "admin" in refused.stderr
    given = courier(tmp_path, "--user", "ann", "bots", "g1", first, "on", plugin=False)
    assert given.returncode == 0, given.stderr
    assert "(bot standing in)" in given.stdout and "Played by the bot:" in given.stdout
    back = courier(tmp_path, "--user", "ann", "bots", "g1", first, "off", plugin=False)
    assert back.returncode == 0 and "No seat is played by the bot." in back.stdout
    half = courier(tmp_path, "bots", "g1", first, plugin=False)
    assert half.returncode != 0 and "on|off" in half.stderr


def test_a_non_player_seat_cannot_be_handed_back_and_says_so_in_spanish(tmp_path: Path) -> None:
    courier(tmp_path, "new", "gandhi", "--game", "g1", "--bot", "raj", plugin=False)
    refused = courier(tmp_path, "--lang", "es", "bots", "g1", "raj", "off", plugin=False)
    assert refused.returncode != 0 and "siempre la juega el bot" in refused.stderr


def test_bench_np_reports_the_median_and_p99_as_json(tmp_path: Path) -> None:
    ran = courier(tmp_path, "bench-np", "--games", "1", "--seed", "3", "--json", plugin=False)
    assert ran.returncode == 0, ran.stderr
    numbers = json.loads(ran.stdout)
    assert numbers["decisions"] > 0 and numbers["all"]["n"] == numbers["decisions"]
    assert {"median_ms", "p99_ms", "max_ms"} <= set(numbers["all"])
    assert {"card", "operation"} <= set(numbers["by_kind"])
