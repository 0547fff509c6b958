"""DESIGN.md §2: the pure packages import no discord, sqlite, Pillow, clock or RNG, and
nothing from the store, the service, a front-end or the renderer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO

PURE = ("engine/core", "engine/coin", "engine/games")
FORBIDDEN = ("discord", "sqlite3", "sqlite_utils", "PIL", "random", "secrets", "time",
             "datetime", "uuid", "socket", "engine.store", "engine.service", "engine.fuzz",
             "engine.randomness", "bot", "renders")


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("folder", PURE)
def test_pure_packages_import_nothing_impure(folder: str) -> None:
    files = sorted((REPO / folder).rglob("*.py"))
    assert files
    bad = {f"{path.relative_to(REPO)}: {name}" for path in files for name in imported(path)
           if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)}
    assert bad == set()
