"""Reading a game's data files (its map, scenarios, forces, deck: TOML, DESIGN.md §1) and
the checks every COIN map needs, with errors that name the file and the fault: a file
missing or not TOML, a table that does not validate, adjacency that is not symmetric or
names an unknown space, a space with no neighbour, a map in several pieces."""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError


def read_toml(path: Path, error: type[Exception], what: str) -> dict[str, Any]:
    """The TOML file at ``path`` (``what`` names it in the message: ``map file``...)."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise error(f"{what} not found: {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{what} {path} is not valid TOML: {exc}") from None


def validation_text(exc: ValidationError) -> str:
    """A pydantic validation error in one line: ``where.field: message; ...``."""
    return "; ".join(
        f"{'.'.join(str(part) for part in err['loc'])}: {err['msg']}" for err in exc.errors())


def check_symmetric(adjacency: Mapping[str, Collection[str]], error: type[Exception],
                    what: str) -> None:
    """Every neighbour is a known space other than itself, and lists the space back."""
    for sid in sorted(adjacency):
        for other in sorted(adjacency[sid]):
            if other not in adjacency:
                raise error(f"{what}: space {sid!r} lists unknown neighbour {other!r}")
            if other == sid or sid not in adjacency[other]:
                raise error(f"{what}: adjacency {sid!r} - {other!r} is not symmetric "
                            f"({other!r} does not list {sid!r})")


def check_connected(adjacency: Mapping[str, Collection[str]], error: type[Exception],
                    what: str = "map") -> None:
    """1.3.6 Every space has a neighbour and every space can be reached from any other."""
    if not adjacency:
        raise error(f"{what} has no spaces")
    for sid, near in adjacency.items():
        if not near:
            raise error(f"space {sid!r} is not adjacent to any space")
    start = min(adjacency)
    seen, todo = {start}, [start]
    while todo:
        for nxt in set(adjacency[todo.pop()]) - seen:
            seen.add(nxt)
            todo.append(nxt)
    missing = sorted(set(adjacency) - seen)
    if missing:
        raise error(f"{what} is not connected: cannot reach {', '.join(missing)}")
