"""Games with non-player Factions (rule 8), fuzzed: K people choose at random, the bot
plays the other seats through the service; every invariant is checked after every event,
the menu of every person's decision too, and each game's log verifies (every bot decision
taken again from its recorded dice).  A game without players runs to its end as it is
created and ends with a ranking (7.1, 8.10).

The default run plays one game for each K (3, 2, 1 and 0 people) and one game without
players of each scenario, with seeds whose games end early (a victory check at the first
Campaign or so) to keep ``./run tests`` fast; the tests marked ``long`` (CI's second step)
play 24 more games with people and 9 without, to their ends."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games
from engine.core.ruleset import NON_PLAYER
from engine.fuzz import fuzz
from engine.games.gandhi.pieces import FACTIONS
from engine.service import Service
from engine.store import Store

engine.games.load()

SCENARIOS = ("short", "main", "quick_start")
NAMES = {"raj": "Raj", "congress": "Congress", "muslim_league": "Muslim League",
         "revolutionaries": "Revolutionaries"}


QUICK_SEEDS = {3: 304, 2: 201, 1: 103, 0: 0}          # games that end early
QUICK_SCENARIO_SEEDS = {"short": 5, "main": 0, "quick_start": 6}


@pytest.mark.parametrize("people", [3, 2, 1, 0])
def test_fuzzed_games_with_k_people_keep_every_invariant(people: int, tmp_path: Path) -> None:
    report = fuzz(1, QUICK_SEEDS[people], out_dir=tmp_path, humans=people)
    assert report.failures == []
    assert report.games == 1 and report.bot_actions > 0
    assert sum(report.endings.values()) == 1   # it ended (no dead end, no endless game)


def test_8_10_a_game_without_players_of_each_scenario_ends_with_a_ranking() -> None:
    service = Service(Store(":memory:"))
    for scenario in SCENARIOS:
        seed = f"ranked-{scenario}-{QUICK_SCENARIO_SEEDS[scenario]}"
        game = service.create_game("gandhi", scenario, seed=seed,
                                   bots=list(FACTIONS))
        assert not service.active(game)
        outcome = service.outcome(game, "en")
        assert outcome is not None, scenario
        ranking = outcome.split("Ranking: ")[1]
        assert sorted(ranking.split(", ")) == sorted(NAMES.values()), outcome
        assert all(r.actor_user == NON_PLAYER for r in service.records(game)
                   if r.type == "ActionTaken")


@pytest.mark.long
@pytest.mark.parametrize("people", [3, 2, 1, 0])
@pytest.mark.parametrize("chunk", range(2))
def test_more_fuzzed_games_with_k_people(people: int, chunk: int, tmp_path: Path) -> None:
    report = fuzz(3, 2000 + 10 * people + chunk, out_dir=tmp_path, humans=people)
    assert report.failures == []
    assert sum(report.endings.values()) == 3


@pytest.mark.long
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_games_without_players_end_with_a_ranking_and_verify(scenario: str) -> None:
    service = Service(Store(":memory:"))
    for seed in range(3):
        game = service.create_game("gandhi", scenario, seed=f"long-{scenario}-{seed}",
                                   bots=list(FACTIONS))
        outcome = service.outcome(game, "en")
        assert outcome is not None and "Ranking: " in outcome
        report = service.verify(game)
        assert report.ok, report.problem


@pytest.mark.long
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_bots_standing_in_for_every_player_finish_a_players_game(scenario: str) -> None:
    # the Factions stay player Factions (Resources, 7.1 victory); the bots only decide
    service = Service(Store(":memory:"))
    users = dict(zip(FACTIONS, ("ann", "bob", "cat", "dan"), strict=True))
    for seed in range(2):
        game = service.create_game("gandhi", scenario, seed=f"stand-in-{scenario}-{seed}",
                                   seats=users, admin="ann")
        for seat in FACTIONS:
            service.set_bot(game, seat, True, "ann")
        assert service.non_player_seats(game) == frozenset()
        outcome = service.outcome(game, "en")
        assert outcome is not None and "Ranking: " in outcome
        report = service.verify(game)
        assert report.ok, report.problem
