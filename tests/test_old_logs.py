"""Logs exported by earlier rulesets still import and verify (issue: typed choices).

``tests/fixtures/logs-0.1/`` holds whole games exported by Gandhi ruleset 0.1, before
choices became typed values: three random games (one per scenario, one of them with a
1.5 seating), and one with every Event played by hand (a deck pack marking all 72 cards
manual) and 35 undos.  Their actions are in the old canonical texts; importing verifies
each against the current rules, so a text that no longer parses fails here.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engine.games
from engine.core.events import GENESIS_HASH, GameCreated, chain_hash
from engine.core.messages import InvalidGameData
from engine.games.gandhi.ruleset import Gandhi
from engine.service import Service

engine.games.load()

FIXTURES = Path(__file__).parent / "fixtures" / "logs-0.1"


@pytest.mark.parametrize("name", ["short", "main", "quick_start", "manual"])
def test_logs_exported_by_ruleset_0_1_import_and_verify(service: Service, name: str) -> None:
    lines = gzip.decompress((FIXTURES / f"{name}.jsonl.gz").read_bytes()).decode().splitlines()
    game, report = service.import_game(lines, game_id=f"old-{name}")
    assert report.ok, report.problem
    assert report.events == len(lines) - 1
    assert service.verify(game).ok


def old_log(name: str) -> list[str]:
    return gzip.decompress((FIXTURES / f"{name}.jsonl.gz").read_bytes()).decode().splitlines()


def test_a_0_1_log_verifies_under_the_current_ruleset_and_keeps_its_version(
        service: Service) -> None:
    """Gandhi 0.2 typed the pending decisions in the state, not in the log: a 0.1 log is
    decided again under 0.2 and every action checks out (README, verify)."""
    assert Gandhi.version != "0.1"
    game, report = service.import_game(old_log("short"), game_id="old")
    assert report.ok and service.verify(game).ok
    created = service.records(game)[0].event
    assert isinstance(created, GameCreated) and created.ruleset_version == "0.1"
    assert json.loads(service.export(game)[0])["game"]["ruleset_version"] == "0.1"


def rechained(lines: list[str], change: Callable[[list[dict[str, Any]]], None]) -> list[str]:
    """``lines`` with ``change`` made to their rows and the hash chain made whole again:
    an old log, not a tampered one."""
    rows = [json.loads(line) for line in lines[1:]]
    change(rows)
    prev = GENESIS_HASH
    for row in rows:
        row["prev_hash"] = prev
        row["hash"] = prev = chain_hash(prev, row["seq"], row["type"], row["version"],
                                        row["payload"], row["actor_seat"], row["actor_user"],
                                        row["time"])
    return [lines[0], *map(json.dumps, rows)]


def test_an_old_step_key_the_rules_no_longer_write_is_reported_at_its_command(
        service: Service) -> None:
    """A pending decision's key that the current models name otherwise (an older shape
    without an upcaster): the command that wrote it now gives other events."""
    def rename(rows: list[dict[str, Any]]) -> None:
        noted = next(r for r in rows if r["type"] == "StepNoted")
        noted["payload"] = noted["payload"].replace("garrison_moving", "garrison_move")
    lines = rechained(old_log("short"), rename)
    with pytest.raises(InvalidGameData, match="event 12: “move 3 sepoys from East Bengal” now"):
        service.import_game(lines, game_id="older")


def test_an_old_step_key_that_no_model_has_is_reported_at_its_event(service: Service) -> None:
    """Where such a key is folded without being decided again (the opening steps of a log
    whose seed is not revealed), the event that holds it is named, not folded wrongly."""
    def unknown(rows: list[dict[str, Any]]) -> None:
        del rows[-1]  # SecretRevealed: without the seed the setup is not drawn again
        start = next(r for r in rows if r["type"] == "StepBegan")
        start["payload"] = start["payload"].replace('"data":{}', '"data":{"stage":"opening"}')
    lines = rechained(old_log("short"), unknown)
    with pytest.raises(InvalidGameData, match="event 3: cannot replay the event: .*'stage'"):
        service.import_game(lines, game_id="older")
