"""The games.  Importing a game's package registers its ruleset."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

BUILTIN: tuple[str, ...] = ("engine.games.gandhi", "engine.games.asia_crossroads",
                            "engine.games.adp")


def load(extra: list[str] | tuple[str, ...] = ()) -> None:
    """Register the built-in games and any extra plugin modules (e.g. ``tests.toy``)."""
    cwd = str(Path.cwd())
    if extra and cwd not in sys.path:
        sys.path.insert(0, cwd)  # plugins named relative to the project checkout
    for module in (*BUILTIN, *extra):
        importlib.import_module(module)
