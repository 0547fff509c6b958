"""The event store.  SQLite through sqlite-utils is the embedded default; PostgreSQL
(issue 18, ``pip install courier[postgres]``) is chosen by a ``postgresql://`` URL."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from engine.store.sqlite import NewEvent, NewNotice, Store, StoredEvent, StoredNotice

if TYPE_CHECKING:
    from engine.store.postgres import PostgresStore

    AnyStore: TypeAlias = Store | PostgresStore

__all__ = ["NewEvent", "NewNotice", "StoredEvent", "StoredNotice", "Store", "is_postgres",
           "open_store", "sqlite_path"]


def is_postgres(url: str | Path) -> bool:
    return str(url).startswith(("postgresql://", "postgres://"))


def sqlite_path(url: str | Path) -> str:
    """The file of a SQLite URL (``sqlite:///rel.db``, ``sqlite:////abs.db``) or path."""
    text = str(url)
    return text[len("sqlite:///"):] if text.startswith("sqlite:///") else text


def open_store(url: str | Path) -> AnyStore:
    """The store a URL names: ``postgresql://…`` is PostgreSQL, anything else (a path,
    ``sqlite:///path``, ``:memory:``) SQLite."""
    if is_postgres(url):
        from engine.store.postgres import PostgresStore

        return PostgresStore(str(url))
    return Store(sqlite_path(url))
