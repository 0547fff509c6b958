"""Where each space, Town and Railway is drawn: ``layout.toml`` read into frozen values.

The layout is geometry only; what a space is comes from the engine's map, and
:func:`check_layout` makes sure the two agree (every space and Town has a place).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from engine.games.gandhi.board import Map

LAYOUT_PATH = Path(__file__).parent / "layout.toml"

Point = tuple[int, int]
Side = Literal["right", "left", "above", "below"]
SIDES: tuple[Side, ...] = ("right", "left", "above", "below")
Box = tuple[int, int, int, int]  # left, top, right, bottom


class LayoutError(ValueError):
    """The layout file does not fit the map; the message names the space."""


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    map_width: int
    outline: tuple[Point, ...]
    title: Box                               # the title block (top right)
    key: Box                                 # the key to the pieces (bottom left)
    polygons: dict[str, tuple[Point, ...]]   # Provinces and States
    anchors: dict[str, Point]                # centre of a Province's or State's block
    cities: dict[str, Box]
    towns: dict[str, Point]
    rail_via: dict[str, tuple[Point, ...]]
    rail_badges: dict[str, Point]
    rail_sides: dict[str, Side]

    def centre(self, place: str) -> Point:
        """A City box's centre or a Town's dot: where Railways end."""
        if place in self.cities:
            left, top, right, bottom = self.cities[place]
            return (left + right) // 2, (top + bottom) // 2
        return self.towns[place]

    def rail_path(self, board: Map, rail: str) -> tuple[Point, ...]:
        first, last = board.space(rail).ends
        return (self.centre(first), *self.rail_via[rail], self.centre(last))

    def rail_badge(self, board: Map, rail: str) -> Point:
        return self.rail_badges.get(rail) or halfway(self.rail_path(board, rail))


def halfway(path: tuple[Point, ...]) -> Point:
    """The point halfway along a polyline."""
    legs = [math.dist(a, b) for a, b in zip(path, path[1:], strict=False)]
    left = sum(legs) / 2
    for (a, b), leg in zip(zip(path, path[1:], strict=False), legs, strict=True):
        if left <= leg and leg > 0:
            share = left / leg
            return round(a[0] + share * (b[0] - a[0])), round(a[1] + share * (b[1] - a[1]))
        left -= leg
    return path[-1]


def _points(raw: Any) -> tuple[Point, ...]:
    return tuple((int(x), int(y)) for x, y in raw)


def _box(raw: Any) -> Box:
    left, top, width, height = (int(v) for v in raw)
    return left, top, left + width, top + height


def parse_layout(data: dict[str, Any]) -> Layout:
    canvas, spaces = data["canvas"], data.get("spaces", {})
    rails = data.get("railways", {})
    return Layout(
        width=int(canvas["width"]), height=int(canvas["height"]),
        map_width=int(canvas["map_width"]), outline=_points(canvas["outline"]),
        title=_box(canvas["title"]), key=_box(canvas["key"]),
        polygons={k: _points(v["polygon"]) for k, v in spaces.items()},
        anchors={k: _points([v["anchor"]])[0] for k, v in spaces.items()},
        cities={k: _box(v["box"]) for k, v in data.get("cities", {}).items()},
        towns={k: _points([v["at"]])[0] for k, v in data.get("towns", {}).items()},
        rail_via={k: _points(v.get("via", [])) for k, v in rails.items()},
        rail_badges={k: _points([v["badge"]])[0] for k, v in rails.items() if "badge" in v},
        rail_sides={k: _side(k, v.get("side", "right")) for k, v in rails.items()})


def _side(rail: str, raw: object) -> Side:
    for side in SIDES:
        if raw == side:
            return side
    raise LayoutError(f"layout: railway {rail!r} has side {raw!r}; use one of {SIDES}")


def check_layout(layout: Layout, board: Map) -> None:
    """Raise :class:`LayoutError` unless every space and Town of ``board`` has a place."""
    for space_id, space in board.spaces.items():
        placed = (space_id in layout.rail_via if space.is_railway
                  else space_id in layout.cities if space.kind == "city"
                  else space_id in layout.polygons)
        if not placed:
            raise LayoutError(f"layout: {space.kind} {space_id!r} has no place")
    for town in board.towns:
        if town not in layout.towns:
            raise LayoutError(f"layout: town {town!r} has no place")


@cache
def load_layout(path: Path = LAYOUT_PATH) -> Layout:
    with path.open("rb") as handle:
        return parse_layout(tomllib.load(handle))
