"""Logs exported by earlier rulesets still import and verify (issue: typed choices).

``tests/fixtures/logs-0.1/`` holds whole games exported by Gandhi ruleset 0.1, before
choices became typed values: three random games (one per scenario, one of them with a
1.5 seating), and one with every Event played by hand (a deck pack marking all 72 cards
manual) and 35 undos.  Their actions are in the old canonical texts; importing verifies
each against the current rules, so a text that no longer parses fails here.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

import engine.games
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
