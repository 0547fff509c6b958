from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.toy  # noqa: F401  (registers the toy ruleset)
from engine.service import Service
from engine.store import Store

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "games.db")
    yield s
    s.close()


@pytest.fixture
def service(store: Store) -> Service:
    return Service(store)


@pytest.fixture
def duel(service: Service) -> str:
    """A toy game with red held by alice and blue by bob, administered by carol."""
    return service.create_game("toy", "standard", seats={"red": "alice", "blue": "bob"},
                               admin="carol", game_id="duel")
