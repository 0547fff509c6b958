"""Values derived from a state, computed once per state and version, in a cache that is
not the state's: reading a position (from any thread) never changes it.

Keys are the state object itself (held weakly, so a new object that reuses an old id is
never mistaken for it) and its ``version``, which the game's fold bumps with every event.
Each thread has its own cache, so concurrent readers share nothing mutable.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
MAX_STATES = 256  # positions remembered per thread


class Memo:
    def __init__(self) -> None:
        self._local = threading.local()

    def get(self, state: Any, version: int, key: str, compute: Callable[[], T]) -> T:
        table: dict[int, tuple[weakref.ref[Any], int, dict[str, Any]]] | None = getattr(
            self._local, "table", None)
        if table is None:
            table = self._local.table = {}
        entry = table.get(id(state))
        if entry is None or entry[0]() is not state or entry[1] != version:
            if len(table) >= MAX_STATES:
                table.clear()
            entry = table[id(state)] = (weakref.ref(state), version, {})
        values = entry[2]
        if key not in values:
            values[key] = compute()
        value: T = values[key]
        return value


MEMO = Memo()
