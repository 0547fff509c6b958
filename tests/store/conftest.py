"""The store's contract tests run against every backend (issue 18): ``store`` and
``db_url`` here are a SQLite file and a fresh PostgreSQL database (tests/pg.py), the
PostgreSQL ones skipped, saying why, when no server can be had."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.store import open_store


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "games.db")
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def store(db_url: str) -> Iterator[Any]:
    s = open_store(db_url)
    yield s
    s.close()
