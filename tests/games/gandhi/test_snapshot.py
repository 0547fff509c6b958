"""Gandhi's state as JSON (the ruleset's ``dump_state``/``load_state``, for snapshots)."""

from __future__ import annotations

import json
import random

import pytest

import engine.games
from engine.core.events import payload_json
from engine.core.fold import Folder
from engine.fuzz import play_one
from engine.games.gandhi.invariants import gandhi_checks
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.snapshot import OldSnapshot
from engine.service import Service
from engine.store import Store

engine.games.load()
RULES = Gandhi()
SETUPS = [("short", {}), ("main", {"players": [["congress", "muslim_league"], ["raj"],
                                               ["revolutionaries"]]})]


def as_json(state: object) -> str:
    return json.dumps(RULES.dump_state(state), separators=(",", ":"))


@pytest.fixture(scope="module")
def games() -> list[list[object]]:
    """Two whole random games, as the states after each of their events."""
    service = Service(Store(":memory:"))
    out = []
    for index, (scenario, options) in enumerate(SETUPS):
        game, _, problem = play_one(service, "gandhi", scenario, options,
                                    random.Random(f"snapshot:{index}"), gandhi_checks(), 20_000)
        assert not problem
        folder, states = Folder(RULES), []
        for record in service.records(game):
            folder.apply(record)
            states.append((record, RULES.clone(folder.state.game)))
        out.append(states)
    return out


def test_every_state_of_two_whole_games_comes_back_equal_from_json(games: list) -> None:
    steps = set()
    for states in games:
        for _, state in states:
            assert RULES.load_state(json.loads(as_json(state))) == state
            steps.add(type(state.step.data).__name__)
    assert {"RajExecution", "CongressExecution", "RevExecution", "Choices"} <= steps


def test_a_mid_game_state_is_a_few_kilobytes_far_smaller_than_its_log(games: list) -> None:
    for states in games:
        middle = len(states) // 2
        log = sum(len(payload_json(record.event)) for record, _ in states[:middle + 1])
        size = len(as_json(states[middle][1]))
        assert size < 4_000 and size * 20 < log, (size, log)


def test_a_loaded_state_plays_on_as_the_folded_one(games: list) -> None:
    record, state = games[0][len(games[0]) // 3]
    loaded = RULES.load_state(json.loads(as_json(state)))
    for seat in RULES.seats:
        assert RULES.legal_actions(loaded, seat).texts() == RULES.legal_actions(
            state, seat).texts()


def test_a_snapshot_of_another_layout_or_an_older_step_model_is_refused(games: list) -> None:
    data = RULES.dump_state(games[0][100][1])
    with pytest.raises(OldSnapshot):
        RULES.load_state({**data, "format": 0})
    with pytest.raises(OldSnapshot):
        RULES.load_state({**data, "step": {**data["step"], "model": 0}})
