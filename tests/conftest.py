from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tests.toy  # noqa: F401  (registers the toy ruleset)
from engine.service import Service
from engine.store import Store, open_store

REPO = Path(__file__).resolve().parent.parent
pytest_plugins = ["tests.pg"]


@pytest.fixture
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """A SQLite file; with ``COURIER_TEST_BACKEND=postgres`` a fresh PostgreSQL database
    (to run the service's tests on PostgreSQL too)."""
    if os.environ.get("COURIER_TEST_BACKEND") == "postgres":
        s: Any = open_store(request.getfixturevalue("pg_url"))
    else:
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
