"""Values derived from a state, computed once per state and version, in a cache that is
not the state's: reading a position never changes it, from any thread.

Keys are the state object itself (held weakly, so a new object that reuses an old id is
never mistaken for it) and its ``version``, which the game's fold bumps with every event.
The cache is shared by every thread: a value is a pure function of the position, so two
threads computing it at once only do the work twice; the table's own changes are locked.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
MAX_STATES = 1024  # positions remembered


class Memo:
    def __init__(self) -> None:
        self._table: dict[int, tuple[weakref.ref[Any], int, dict[str, Any]]] = {}
        self._lock = threading.Lock()

    def get(self, state: Any, version: int, key: str, compute: Callable[[], T]) -> T:
        entry = self._table.get(id(state))
        if entry is None or entry[0]() is not state or entry[1] != version:
            with self._lock:
                if len(self._table) >= MAX_STATES:
                    self._table.clear()
                entry = self._table[id(state)] = (weakref.ref(state), version, {})
        values = entry[2]
        if key not in values:
            values[key] = compute()
        value: T = values[key]
        return value


MEMO = Memo()
