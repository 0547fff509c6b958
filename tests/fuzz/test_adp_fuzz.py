"""Random legal play of whole A Distant Plain games (Operations, Events, Pass and the
Propaganda Rounds), people and Non-player bots mixed, with the invariants checked after
every event: pieces conserved, tracks and Resources in bounds, stacking (1.4.2), only
Taliban in Pakistan, fold(log) == state, and always a legal action until the game ends.
Fixed seeds; the long run is marked ``long``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine.games
from engine.core.events import ActionTaken
from engine.core.ruleset import NON_PLAYER
from engine.fuzz import _verified, checks_of, fuzz, play_one
from engine.games.adp.spec import FACTIONS
from engine.service import Service
from engine.store import Store

engine.games.load()


def test_3_fuzzed_short_adp_games_keep_every_invariant(tmp_path: Path) -> None:
    report = fuzz(3, 2000, name="adp", out_dir=tmp_path,
                  setups=[("short", {"length": "short"})])
    assert report.games == 3 and report.events > 3 * 100
    assert report.failures == []


# how many seats people play in each chunk of 20 games (None: every seat a random person;
# the others are the Non-player bots, 8.5-8.8; 1: a 1-player game, 8.8)
PEOPLE = (None, 0, 1, 2, 3, None, 0, 1, 2, 3)


def test_8_the_four_non_player_bots_play_a_whole_game_that_verifies() -> None:
    """Rule 8: a game of four Non-players (8.5-8.8) runs to its end, every invariant kept,
    each Faction's bot deciding, and every bot decision taken again from the log's dice."""
    service = Service(Store(":memory:"))
    game, _, problem = play_one(service, "adp", "short", {"length": "short"},
                                random.Random("four bots"), checks_of("adp"), 20_000,
                                list(FACTIONS))
    assert problem == ""
    assert _verified(service, game) == []
    deciding = {r.event.seat for r in service.records(game)
                if isinstance(r.event, ActionTaken) and r.actor_user == NON_PLAYER}
    assert deciding == set(FACTIONS)
    assert any(r.type == "GameEnded" for r in service.records(game))


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(10))
def test_200_fuzzed_adp_games_people_and_non_players_mixed(chunk: int, tmp_path: Path
                                                          ) -> None:
    """200 games: 40 with random people in every seat, 160 with 0 to 3 people and the
    Non-player bots in the other seats (each bot game verified: its decisions taken again
    from the logged dice)."""
    humans = PEOPLE[chunk]
    report = fuzz(20, 3000 + chunk * 20, name="adp", out_dir=tmp_path, humans=humans)
    assert report.games == 20 and report.failures == []
    if humans is not None and humans < 4:
        assert report.bot_actions > 0


@pytest.mark.long
@pytest.mark.parametrize("name", ["gandhi", "adp", "asia_crossroads"])
def test_a_fuzzed_game_is_the_same_under_any_hash_seed(name: str, tmp_path: Path) -> None:
    """Python orders sets of strings differently in each process (hash randomisation):
    a game whose rules iterate one would be played, and replayed by ``verify``,
    differently.  The same seeded game in two processes with other hash seeds."""
    import os
    import subprocess
    import sys

    courier = Path(sys.executable).with_name("courier")
    lines = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "COURIER_DB": str(tmp_path / "x.db")}
        done = subprocess.run([courier, "fuzz", "--ruleset", name, "--games", "1",
                               "--seed", "5"], env=env, capture_output=True, text=True,
                              timeout=600, check=True)
        first = done.stdout.splitlines()[0]
        lines.append(first.rsplit(",", 2)[0])   # "1 games, N actions, M events" (no time)
    assert lines[0] == lines[1] and "0 failed" not in lines[0]
