"""The ``courier`` command line, run as a user would (subprocesses)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO


def courier(tmp_path: Path, *args: str, stdin: str = "", plugin: bool = True,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "bot.cli", "--db", str(tmp_path / "cli.db")]
    if plugin:
        cmd += ["--plugin", "tests.toy"]
    base = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")}
    return subprocess.run([*cmd, *args], cwd=REPO, input=stdin, text=True,
                          capture_output=True, timeout=120, env={**base, **(env or {})})


def test_new_act_legal_log_show(tmp_path: Path) -> None:
    assert courier(tmp_path, "new", "toy", "--game", "g1").returncode == 0
    legal = courier(tmp_path, "legal", "g1")
    assert "  Add one\n" in legal.stdout and "  Draw card\n" in legal.stdout
    (decision,) = json.loads(courier(tmp_path, "legal", "g1", "--json").stdout)
    assert decision["seat"] == "red" and decision["prompt"] == "Take a step, or end your turn."
    assert [c["text"] for c in decision["choices"]] == [
        "add one", "add two", "add three", "roll", "draw card"]
    assert decision["choices"][0] == {"text": "add one", "label": "Add one",
                                      "description": "Add one", "verb": "add",
                                      "slots": {"amount": "one"}}
    assert [n["label"] for n in decision["menu"]] == ["Add one", "Add two", "Add three",
                                                      "Roll", "Draw card"]
    acted = courier(tmp_path, "act", "g1", "red", "ad", "thr")
    assert acted.returncode == 0 and "red: add three\n  red scores 3" in acted.stdout
    assert "red 3" in courier(tmp_path, "show", "g1").stdout
    assert "red: add three" in courier(tmp_path, "log", "g1").stdout


def test_bad_command_exits_nonzero_with_a_translated_message(tmp_path: Path) -> None:
    courier(tmp_path, "new", "toy", "--game", "g1")
    bad = courier(tmp_path, "--lang", "es", "act", "g1", "red", "add", "t")
    assert bad.returncode == 2 and "más de una cosa" in bad.stderr
    log = courier(tmp_path, "log", "g1", "--json").stdout
    assert "ActionTaken" not in log   # nothing appended


def test_play_hot_seat_from_standard_input(tmp_path: Path) -> None:
    courier(tmp_path, "new", "toy", "--game", "g1", "--option", "target=6")
    script = ("add three\nend turn\nadd one\ne t\nundo\nlegal\nadd three\nend turn\nxyz\n"
              "add three\n")
    played = courier(tmp_path, "play", "g1", stdin=script)
    assert played.returncode == 0
    assert "is not a command this game knows" in played.stdout
    assert "This game is over. red wins" in played.stdout
    assert "winner red" in courier(tmp_path, "show", "g1").stdout


def test_export_import_verify(tmp_path: Path) -> None:
    courier(tmp_path, "new", "toy", "--game", "g1")
    courier(tmp_path, "act", "g1", "red", "roll")
    out = tmp_path / "g1.jsonl"
    assert courier(tmp_path, "export", "g1", "--out", str(out)).returncode == 0
    header = json.loads(out.read_text().splitlines()[0])
    assert header["format"] == "courier-log" and header["game"]["ruleset"] == "toy"
    imported = courier(tmp_path, "import", str(out), "--game", "g2")
    assert imported.returncode == 0, imported.stderr
    verified = courier(tmp_path, "verify")
    assert verified.returncode == 0 and verified.stdout.count("check out") == 2


def test_import_refuses_a_broken_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "something else"}\n')
    result = courier(tmp_path, "import", str(bad))
    assert result.returncode == 2 and "not a courier game log" in result.stderr


def test_undo_approve_through_the_cli(tmp_path: Path) -> None:
    courier(tmp_path, "new", "toy", "--game", "g1", "--seat", "red=alice", "--seat", "blue=bob")
    assert courier(tmp_path, "--user", "alice", "act", "g1", "red", "roll").returncode == 0
    asked = courier(tmp_path, "--user", "alice", "undo", "g1", "red")
    assert "waiting for approval from: blue" in asked.stdout
    assert courier(tmp_path, "--user", "bob", "approve", "g1", "blue").returncode == 0
    assert "red 0" in courier(tmp_path, "show", "g1").stdout


def test_bench_prints_the_numbers(tmp_path: Path) -> None:
    result = courier(tmp_path, "bench", "--kernel", "--ruleset", "toy", "--option",
                     "target=100000", "--events", "300")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("events/s") == 2 and "p99" in result.stdout


@pytest.mark.long
def test_bench_of_the_service_prints_its_numbers_as_json(tmp_path: Path) -> None:
    result = courier(tmp_path, "bench", "--games", "2", "--json", plugin=False)
    assert result.returncode == 0, result.stderr
    numbers = json.loads(result.stdout)
    assert set(numbers) >= {"fold", "longest_game", "undo", "live", "disk"}
    assert numbers["undo"]["undos"] == 150 and numbers["live"]["games"] == 100
    assert 1 < numbers["disk"]["file_over_events"] < 2


def test_the_main_job_without_a_token_is_a_local_gandhi_game(tmp_path: Path) -> None:
    result = courier(tmp_path, plugin=False, stdin="pass\n")
    assert result.returncode == 0, result.stderr
    assert "1st Eligible" in result.stdout and "Restraint 3, Unity 3" in result.stdout
    games = courier(tmp_path, "games", plugin=False).stdout
    assert "gandhi\tshort" in games


def test_new_defaults_to_gandhi(tmp_path: Path) -> None:
    result = courier(tmp_path, "new", plugin=False)
    assert result.returncode == 0 and "(gandhi, short)" in result.stdout


def test_the_bot_without_a_token_says_where_to_put_one(tmp_path: Path) -> None:
    result = courier(tmp_path, "bot", plugin=False)
    assert result.returncode == 2 and "COURIER_DISCORD_TOKEN" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_a_bad_test_guild_is_one_clear_line(tmp_path: Path) -> None:
    result = courier(tmp_path, "bot", plugin=False,
                     env={"COURIER_DISCORD_TOKEN": "x", "COURIER_DISCORD_GUILD": "general"})
    assert result.returncode == 2 and "general" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
