"""Where each ADP space, LoC, Town and track box is drawn: ``layout.toml`` read into
frozen values.

The map is a schematic grid: ``grid`` gives, for each ``cell``-pixel square, the letter of
the space it belongs to (``codes``), ``.`` for land not in play.  Each space's polygon is
traced from its squares, so neighbouring spaces share their borders exactly, and
:func:`check_layout` can compare who touches whom on the picture with the adjacency of the
engine's map (spaces that touch on the picture must be adjacent in the game, 1.3.6).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.games.adp.mapdata import Map

LAYOUT_PATH = Path(__file__).parent / "layout.toml"

Point = tuple[int, int]
Box = tuple[int, int, int, int]  # left, top, right, bottom
Cell = tuple[int, int]           # column, row


class LayoutError(ValueError):
    """The layout file does not fit the map; the message names the space."""


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    map_height: int
    cell: int
    cells: dict[str, frozenset[Cell]]        # space -> its squares
    polygons: dict[str, tuple[Point, ...]]   # space -> its outline, in pixels
    labels: dict[str, Point]                 # space -> centre of its name and Pop
    label_widths: dict[str, int]             # space -> width of a stacked label
    towns: dict[str, Point]
    hub: dict[str, Point]                    # Kabul: where its LoCs end
    loc_via: dict[str, tuple[Point, ...]]
    loc_badges: dict[str, Point]
    title: Box
    panel: dict[str, Box]                    # islamabad, tracks, victory, key rows

    def end(self, place: str) -> Point:
        return self.hub[place] if place in self.hub else self.towns[place]

    def loc_path(self, board: Map, loc: str) -> tuple[Point, ...]:
        first, last = board.locs[loc].ends
        return (self.end(first), *self.loc_via[loc], self.end(last))

    def loc_badge(self, board: Map, loc: str) -> Point:
        return self.loc_badges.get(loc) or halfway(self.loc_path(board, loc))

    def touching(self) -> set[frozenset[str]]:
        """Pairs of spaces whose squares share an edge on the picture."""
        owner = {c: s for s, cells in self.cells.items() for c in cells}
        pairs: set[frozenset[str]] = set()
        for (col, row), space in owner.items():
            for other in (owner.get((col + 1, row)), owner.get((col, row + 1))):
                if other is not None and other != space:
                    pairs.add(frozenset((space, other)))
        return pairs


def halfway(path: tuple[Point, ...]) -> Point:
    """The point halfway along a polyline."""
    legs = [abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in zip(path, path[1:], strict=False)]
    left = sum(legs) / 2
    for (a, b), leg in zip(zip(path, path[1:], strict=False), legs, strict=True):
        if left <= leg and leg > 0:
            share = left / leg
            return round(a[0] + share * (b[0] - a[0])), round(a[1] + share * (b[1] - a[1]))
        left -= leg
    return path[-1]


def trace(cells: frozenset[Cell], size: int) -> tuple[Point, ...]:
    """The outline of a set of squares, clockwise on the picture, corners only.

    Raises :class:`LayoutError` unless the squares make one piece without holes.
    """
    edges: dict[Cell, Cell] = {}
    for col, row in cells:
        for (dc, dr), start, stop in (((0, -1), (col, row), (col + 1, row)),
                                      ((1, 0), (col + 1, row), (col + 1, row + 1)),
                                      ((0, 1), (col + 1, row + 1), (col, row + 1)),
                                      ((-1, 0), (col, row + 1), (col, row))):
            if (col + dc, row + dr) not in cells:
                if start in edges:
                    raise LayoutError(f"layout: squares touch at a corner only near {start}")
                edges[start] = stop
    first = min(edges)
    loop = [first]
    while (point := edges[loop[-1]]) != first:
        loop.append(point)
    if len(loop) != len(edges):
        raise LayoutError(f"layout: a space's squares are not one piece without holes "
                          f"(near {first})")
    corners = [p for i, p in enumerate(loop)
               if (loop[i - 1][0] != p[0] or p[0] != loop[(i + 1) % len(loop)][0]) and
               (loop[i - 1][1] != p[1] or p[1] != loop[(i + 1) % len(loop)][1])]
    return tuple((c * size, r * size) for c, r in corners)


def _point(raw: Any) -> Point:
    x, y = raw
    return int(x), int(y)


def _box(raw: Any) -> Box:
    left, top, width, height = (int(v) for v in raw)
    return left, top, left + width, top + height


def parse_layout(data: dict[str, Any]) -> Layout:
    canvas = data["canvas"]
    size = int(canvas["cell"])
    codes: dict[str, str] = data["codes"]
    cells: dict[str, set[Cell]] = {space: set() for space in codes.values()}
    grid: list[str] = canvas["grid"]
    for row, line in enumerate(grid):
        for col, letter in enumerate(line):
            if letter == ".":
                continue
            if letter not in codes:
                raise LayoutError(f"layout: grid row {row} has unknown letter {letter!r}")
            cells[codes[letter]].add((col, row))
    frozen = {space: frozenset(c) for space, c in cells.items()}
    locs = data.get("locs", {})
    return Layout(
        width=int(canvas["width"]), height=int(canvas["height"]),
        map_height=len(grid) * size, cell=size, cells=frozen,
        polygons={space: trace(c, size) for space, c in frozen.items() if c},
        labels={k: _point(v["at"] if isinstance(v, dict) else v)
                for k, v in data["labels"].items()},
        label_widths={k: int(v["width"]) for k, v in data["labels"].items()
                      if isinstance(v, dict) and "width" in v},
        towns={k: _point(v["at"]) for k, v in data.get("towns", {}).items()},
        hub={k: _point(v) for k, v in data.get("hub", {}).items()},
        loc_via={k: tuple(_point(p) for p in v.get("via", [])) for k, v in locs.items()},
        loc_badges={k: _point(v["badge"]) for k, v in locs.items() if "badge" in v},
        title=_box(canvas["title"]),
        panel={k: _box(v) for k, v in data["panel"].items()})


def check_layout(layout: Layout, board: Map) -> None:
    """Raise :class:`LayoutError` unless every space, LoC and Town of ``board`` has a
    place and spaces touching on the picture are adjacent in the game."""
    for space_id in board.spaces:
        if not layout.cells.get(space_id) or space_id not in layout.labels:
            raise LayoutError(f"layout: space {space_id!r} has no squares or no label")
    for loc in board.locs:
        if loc not in layout.loc_via:
            raise LayoutError(f"layout: LoC {loc!r} has no place")
    for town in board.towns:
        if town not in layout.towns:
            raise LayoutError(f"layout: town {town!r} has no place")
    for pair in layout.touching():
        a, b = sorted(pair)
        if not board.adjacent(a, b):
            raise LayoutError(f"layout: {a!r} and {b!r} touch on the picture but are not "
                              "adjacent in the game (1.3.6)")


@cache
def load_layout(path: Path = LAYOUT_PATH) -> Layout:
    with path.open("rb") as handle:
        return parse_layout(tomllib.load(handle))
