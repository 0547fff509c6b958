"""The event store.  SQLite through sqlite-utils is the embedded default."""

from engine.store.sqlite import NewEvent, Store, StoredEvent

__all__ = ["NewEvent", "StoredEvent", "Store"]
