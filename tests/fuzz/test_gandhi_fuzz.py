"""Random legal play of whole Gandhi games with invariants checked after every event:
pieces conserved (none Available below zero), tracks and Resources in bounds, no Troops
in States, Base stacking, one Protest/Strike per space, fold(log) == state, and always a
legal action until the game ends.  Fixed seeds.

The default run (``./run tests``) plays a few games; the long fuzz, 200 games, is marked
``long`` and deselected by default: CI runs it as a second step (``./run tests -m long``,
see ``.ci/run``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games
from engine.fuzz import fuzz

engine.games.load()

QUICK_GAMES = 5


def test_a_few_fuzzed_games_keep_every_invariant(tmp_path: Path) -> None:
    report = fuzz(QUICK_GAMES, 1000, out_dir=tmp_path)
    assert report.games == QUICK_GAMES and report.events > QUICK_GAMES * 50
    assert report.failures == []


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(10))
def test_fuzzed_games_keep_every_invariant(chunk: int, tmp_path: Path) -> None:
    report = fuzz(20, 1000 + chunk, out_dir=tmp_path)
    assert report.games == 20 and report.events > 20 * 50
    assert report.failures == []
