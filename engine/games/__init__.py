"""The games.  Importing a game's package registers its ruleset."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

BUILTIN: tuple[str, ...] = ("engine.games.gandhi", "engine.games.asia_crossroads",
                            "engine.games.adp")
# the ruleset a tool runs when none is named (the fuzzer, bench-render; the front-ends have
# their own setting, ``default_ruleset``)
DEFAULT = "gandhi"


def load(extra: list[str] | tuple[str, ...] = ()) -> None:
    """Register the built-in games and any extra plugin modules (e.g. ``tests.toy``)."""
    cwd = str(Path.cwd())
    if extra and cwd not in sys.path:
        sys.path.insert(0, cwd)  # plugins named relative to the project checkout
    for module in (*BUILTIN, *extra):
        importlib.import_module(module)
