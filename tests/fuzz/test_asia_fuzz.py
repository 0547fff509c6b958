"""Random legal play of whole Asia Crossroads games of the house pack (``courier fuzz
--ruleset asia_crossroads``), with the invariants checked after every event (BoP in
-18..+18, treasuries and SP never below 0, the counter mix respected, units only on land
or in their own base), every decision's menu within Discord's limits, fold(log) ==
state, undo one command in twenty, and always a legal action until the game ends.

The default run plays a few one-turn games (about a second), with the house rules and
with every alternative rule of the pack; the long fuzz, 200 games of the three
scenarios under both sets of rules, is marked ``long`` (CI's second step)."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games
from engine.fuzz import fuzz

engine.games.load()

from engine.games.asia_crossroads.pack import RULES  # noqa: E402

OTHERS = {key: values[1] for key, values in RULES.items()}    # every alternative rule
SETUPS = [("skirmish", {}), ("great_game", {}), ("crossroads", {}),
          ("great_game", OTHERS), ("crossroads", OTHERS)]


def test_a_few_fuzzed_asia_crossroads_games_keep_every_invariant(tmp_path: Path) -> None:
    report = fuzz(4, 19, name="asia_crossroads", out_dir=tmp_path)
    assert report.games == 4 and report.events > 4 * 50
    assert report.failures == []


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(10))
def test_200_fuzzed_asia_crossroads_games_keep_every_invariant(chunk: int,
                                                               tmp_path: Path) -> None:
    report = fuzz(20, 1900 + chunk, name="asia_crossroads", out_dir=tmp_path, setups=SETUPS)
    assert report.games == 20 and report.failures == []
