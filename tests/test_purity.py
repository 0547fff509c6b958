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


FRONT_ENDS = ("bot",)
# the benchmarks time the fold and the store themselves
TOOLS = ("bot/bench.py", "bot/bench_service.py", "bot/bench_discord.py", "bot/bench_pg.py")
INTERNALS = ("._store", ".kernel_state(", ".state.", "result.state")
# a front-end registers the games it serves (``engine.games.load``), never reads their parts
HIDDEN_MODULES = ("engine.core.fold", "engine.games.", "engine.coin")
# who opens a games' file: the command line, and the mail benchmark (its own, in a
# temporary folder); every other front-end is handed its service
OPENS_STORES = ("cli.py", "render_commands.py", "bench_mail.py")


def test_front_ends_go_through_the_service_only() -> None:
    """DESIGN.md §5: no front-end touches a state, the store or a game's rules."""
    files = [p for folder in FRONT_ENDS for p in sorted((REPO / folder).rglob("*.py"))
             if str(p.relative_to(REPO)) not in TOOLS]
    assert files
    bad = [f"{path.relative_to(REPO)}: {word}" for path in files
           for word in INTERNALS if word in path.read_text(encoding="utf-8")]
    bad += [f"{path.relative_to(REPO)}: {name}" for path in files for name in imported(path)
            if any(name.startswith(m) or name == m.rstrip(".") + "." for m in HIDDEN_MODULES)]
    stores = [f"{path.relative_to(REPO)}" for path in files
              if "engine.store" in imported(path) and path.name not in OPENS_STORES]
    assert bad == [] and stores == []


def test_the_service_layer_imports_no_front_end_or_renderer() -> None:
    """``engine`` outside the pure packages (the service, the store, pictures) may not
    import a front-end, a renderer, Pillow or discord: renderers register themselves."""
    files = [p for p in sorted((REPO / "engine").glob("*.py"))]
    bad = {f"{path.relative_to(REPO)}: {name}" for path in files for name in imported(path)
           if any(name == f or name.startswith(f + ".") for f in ("bot", "renders", "PIL",
                                                                  "discord"))}
    assert bad == set()
