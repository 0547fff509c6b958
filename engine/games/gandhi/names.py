"""Space names in canonical action texts (``rally Punjab``, ``place Rail Delhi-Ganges``).

Cities, Provinces and States use their printed English name; Railways, whose map
names are descriptions, use ``Rail`` and their end points.  Translated names are for
display only: what a player types is always this canonical form.
"""

from __future__ import annotations

from engine.games.gandhi.board import Map


def space_text(board: Map, space_id: str) -> str:
    space = board.space(space_id)
    if space.is_railway:
        ends = space_id.removeprefix("rail_").replace("_", "-").title()
        return f"Rail {ends}"
    return space.name


_INDEXES: dict[int, dict[str, str]] = {}
_TEXTS: dict[int, dict[str, str]] = {}


def space_texts(board: Map) -> dict[str, str]:
    """Every space's canonical text by id, in map order (computed once per map)."""
    key = id(board)
    if key not in _TEXTS:
        _TEXTS[key] = {sid: space_text(board, sid) for sid in board.spaces}
    return _TEXTS[key]


def _index(board: Map) -> dict[str, str]:
    key = id(board)
    if key not in _INDEXES:
        _INDEXES[key] = {space_text(board, sid).lower(): sid for sid in board.spaces}
    return _INDEXES[key]


def space_id(board: Map, text: str) -> str:
    return _index(board)[text.lower()]
