"""Random legal play of whole Gandhi games with invariants checked after every event:
pieces conserved (none Available below zero), tracks and Resources in bounds, no Troops
in States, Base stacking, one Protest/Strike per space, fold(log) == state, and always a
legal action until the game ends.  Fixed seeds; 200 games in all."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games
from engine.fuzz import fuzz

engine.games.load()


@pytest.mark.parametrize("chunk", range(10))
def test_fuzzed_games_keep_every_invariant(chunk: int, tmp_path: Path) -> None:
    report = fuzz(20, 1000 + chunk, out_dir=tmp_path)
    assert report.games == 20 and report.events > 20 * 50
    assert report.failures == []
