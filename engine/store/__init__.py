"""The event store.  SQLite through sqlite-utils is the embedded default."""

from engine.store.sqlite import NewEvent, NewNotice, Store, StoredEvent, StoredNotice

__all__ = ["NewEvent", "NewNotice", "StoredEvent", "StoredNotice", "Store"]
