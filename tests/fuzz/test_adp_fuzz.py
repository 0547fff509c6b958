"""Random legal play of whole A Distant Plain games (Events, Pass and the Propaganda
Rounds) with the invariants checked after every event: pieces conserved, tracks and
Resources in bounds, stacking (1.4.2), only Taliban in Pakistan, fold(log) == state, and
always a legal action until the game ends.  Fixed seeds; the long run is marked ``long``."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games
from engine.fuzz import fuzz

engine.games.load()


def test_3_fuzzed_short_adp_games_keep_every_invariant(tmp_path: Path) -> None:
    report = fuzz(3, 2000, name="adp", out_dir=tmp_path,
                  setups=[("short", {"length": "short"})])
    assert report.games == 3 and report.events > 3 * 100
    assert report.failures == []


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(10))
def test_200_fuzzed_adp_games_keep_every_invariant(chunk: int, tmp_path: Path) -> None:
    report = fuzz(20, 3000 + chunk * 20, name="adp", out_dir=tmp_path)
    assert report.failures == []
