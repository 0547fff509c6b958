"""A Distant Plain and Gandhi share only ``engine.coin`` and ``engine.core``: neither game's
package imports the other's (DESIGN.md §2)."""

from __future__ import annotations

import ast
import tomllib

from tests.conftest import REPO
from tests.test_locales import flat


def imported(package: str) -> set[str]:
    found = set()
    for path in (REPO / "engine" / "games" / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
    return found


def test_adp_imports_nothing_from_gandhi_and_gandhi_nothing_from_adp() -> None:
    assert not [m for m in imported("adp") if m.startswith("engine.games.gandhi")]
    assert not [m for m in imported("gandhi") if m.startswith("engine.games.adp")]


def test_the_adp_catalogues_keep_the_same_keys() -> None:
    folder = REPO / "engine" / "games" / "adp" / "locales"
    found = {lang: flat(tomllib.loads((folder / f"{lang}.toml").read_text(encoding="utf-8")))
             for lang in ("en", "es", "it")}
    assert set(found["es"]) == set(found["en"]) == set(found["it"])
    assert all(v.strip() for msgs in found.values() for v in msgs.values())
