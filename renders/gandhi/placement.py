"""Where each space's plate goes, laid out without drawing: the map draws these plates,
and the overlap test (``tests/renders/test_overlaps.py``) checks the same boxes.

Cities keep their boxes from the layout (growing downward with what they hold).  Every
other plate has spots to choose from, best first:

- a Province's or State's plate is centred on its anchor, or moved to the nearest spot
  whose centre stays inside the space, or laid out otherwise (``PROVINCE_SHAPES``);
- a Railway's plate touches its Econ badge, on the side the layout prefers, slid along
  it, or on another side; failing that it stands further off, and a leader line joins
  it to the badge.

Plates take the first spot clear of everything placed before them, of the badges and
Towns, of the title and of the key.  A plate that finds none is put first in the next
round (at most ``ROUNDS``); if some still find none, the round with the fewest is kept,
each such plate on its best spot, and the overlap test names it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from engine.games.gandhi.board import Map
from engine.games.gandhi.derived import board
from engine.games.gandhi.state import GandhiState
from renders.gandhi.layout import SIDES, Box, Layout, Point, Side, load_layout
from renders.gandhi.legend import title_box
from renders.gandhi.spaces import (
    Block,
    Item,
    arrange,
    block_size,
    cell_width,
    compact,
    space_block,
)

PROVINCE_WIDTH = 196   # the widest a Province's name and chips may run
RAIL_BLOCK = 210       # the same, beside a Railway's badge
# a Province's plate as laid out, then a column wider, then with its chips in one row
# (shorter), then a column narrower (taller); then the same with icon-only chips
PROVINCE_SHAPES = tuple((width, columns, short) for short in (False, True) for width, columns
                        in ((PROVINCE_WIDTH, 3), (PROVINCE_WIDTH, 4), (270, 4),
                            (PROVINCE_WIDTH, 2)))
RAIL_SHAPES = ((RAIL_BLOCK, 4, False), (RAIL_BLOCK, 4, True))
BIGGER = 80            # how much larger than its first shape a plate's other shapes may be
PLATE_PAD = 6
CITY_PAD = 6
BADGE = 28             # a Railway's Econ badge, square
TOWN = 9               # half a Town dot, its ring included
CLEAR = 3              # at least this much between two plates
STEP = 8               # how far apart the spots tried are
REACH = 128            # how far from its anchor a Province's plate may move
AWAY = (0, 10, 22)     # how far from its badge a Railway's plate goes first
RAIL_REACH = 240       # and at most
ROUNDS = 12


@dataclass(frozen=True)
class Plate:
    space: str
    kind: str              # "province" (States too), "city" or "railway"
    box: Box               # the plate, its outline included
    block: Block
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Placement:
    plates: tuple[Plate, ...]
    badges: dict[str, Box]          # each Railway's Econ badge
    fixed: tuple[tuple[str, Box], ...]   # the title, the key, the Towns

    def boxes(self) -> list[tuple[str, Box]]:
        """Every box that must not overlap another, named."""
        return [*((p.space, p.box) for p in self.plates),
                *((f"{rail} badge", box) for rail, box in self.badges.items()),
                *self.fixed]


Shape = tuple[int, int, bool]   # the width chips wrap at, columns of pieces, icon-only chips
Spot = tuple[Point, tuple[int, int], Shape]   # top left corner, size, shape


@dataclass(frozen=True)
class _Label:
    """A plate still to place: its block, and its spots, best first (made as they are
    tried: most plates take their first)."""

    space: str
    kind: str
    block: Block
    spots: Callable[[], Iterator[Spot]]
    region: Box            # no spot reaches out of it
    allows: Callable[[Box], bool]   # whether a plate may stand there (a pushed spot)


def place(state: GandhiState, lang: str, layout: Layout | None = None) -> Placement:
    layout = layout or load_layout()
    b = board(state)
    badges = {rail: _square(layout.rail_badge(b, rail), BADGE // 2) for rail in b.railways}
    fixed = (("title", title_box(state, layout, lang)), ("key", layout.key),
             *((town, _square(at, TOWN)) for town, at in layout.towns.items()))
    steady = [*badges.values(), *(box for _, box in fixed)]
    cities = [_city(state, b, layout, city, lang, steady) for city in b.cities]
    steady += [p.box for p in cities]
    labels = [*(_rail_label(state, b, layout, rail, lang) for rail in b.railways),
              *(_province_label(state, b, layout, sid, lang) for sid in layout.polygons)]
    order = [label for label in labels if label is not None]
    best: tuple[list[Plate], list[_Label]] | None = None
    for _ in range(ROUNDS):
        plates, stuck = _round(order, steady, layout)
        if best is None or len(stuck) < len(best[1]):
            best = plates, stuck
        if not stuck:
            break
        order = [*stuck, *(label for label in order if label not in stuck)]
    assert best is not None
    by_space = {p.space: p for p in best[0]}
    movable = [by_space[label.space] for label in labels if label is not None]
    return Placement((*movable, *cities), badges, fixed)


def _round(order: list[_Label], steady: list[Box], layout: Layout
           ) -> tuple[list[Plate], list[_Label]]:
    """Each label in turn on its first free spot; the labels that found none."""
    taken = list(steady)
    plates: list[Plate] = []
    stuck: list[_Label] = []
    for label in order:
        spot = _first_free(label, taken, layout)
        if spot is None:
            stuck.append(label)
            spot = next(label.spots())
        plate = _plate(label, *spot)
        plates.append(plate)
        taken.append(plate.box)
    return plates, stuck


def _first_free(label: _Label, taken: list[Box], layout: Layout) -> Spot | None:
    """The label's first spot clear of ``taken``; a spot blocked by a box is also tried
    pushed just clear of it on each side (gaps narrower than the spots' grid)."""
    # the boxes the spots could touch, grown by CLEAR: then touching is plain overlap
    near = [(x0 - CLEAR, y0 - CLEAR, x1 + CLEAR, y1 + CLEAR) for x0, y0, x1, y1 in taken
            if overlap((x0, y0, x1, y1), label.region, CLEAR)]
    blocker = (0, 0, 0, 0)   # neighbouring spots are mostly blocked by the same box
    right_edge, bottom_edge = layout.map_width - 2, layout.height - 2
    for spot in label.spots():
        (left, top), (w, h), shape = spot
        right, bottom = left + w, top + h
        if left < 2 or top < 2 or right > right_edge or bottom > bottom_edge or (
                left < blocker[2] and blocker[0] < right and top < blocker[3]
                and blocker[1] < bottom):
            continue
        hit = _hit((left, top, right, bottom), near)
        if hit is None:
            return spot
        blocker = hit
        for pushed in _pushed((left, top, right, bottom), hit):
            if on_map(pushed, layout, 2) and _hit(pushed, near) is None and \
                    label.allows(pushed):
                return (pushed[0], pushed[1]), (w, h), shape
    return None


def _hit(box: Box, grown: list[Box]) -> Box | None:
    left, top, right, bottom = box
    for other in grown:
        if left < other[2] and other[0] < right and top < other[3] and other[1] < bottom:
            return other
    return None


def _pushed(box: Box, grown: Box) -> Iterator[Box]:
    """``box`` moved clear of ``grown`` (a box grown by CLEAR) where that takes less than a
    grid step (a longer move is another spot of the grid)."""
    left, top, right, bottom = box
    g_left, g_top, g_right, g_bottom = grown
    for dx, dy in ((g_right - left, 0), (g_left - right, 0), (0, g_bottom - top),
                   (0, g_top - bottom)):
        if abs(dx) < STEP and abs(dy) < STEP:
            yield left + dx, top + dy, right + dx, bottom + dy


def _plate(label: _Label, corner: Point, size: tuple[int, int], shape: Shape) -> Plate:
    (left, top), (w, h), (width, columns, short) = corner, size, shape
    block = compact(label.block) if short else label.block
    items = arrange(block, left + w // 2, top + PLATE_PAD, width, columns)
    return Plate(label.space, label.kind, (left, top, left + w, top + h), block, items)


def _square(centre: Point, half: int) -> Box:
    x, y = centre
    return x - half, y - half, x + half, y + half


def _padded(block: Block, shape: Shape) -> tuple[int, int]:
    width, columns, short = shape
    w, h = block_size(compact(block) if short else block, width, columns)
    return w + 2 * PLATE_PAD, h + 2 * PLATE_PAD


def _city(state: GandhiState, b: Map, layout: Layout, city: str, lang: str,
          fixed: list[Box]) -> Plate:
    """The City's box, grown down to hold what it shows, or up if that would leave the
    map or cover the key or a badge."""
    left, top, right, bottom = layout.cities[city]
    width = right - left - 2 * CITY_PAD
    block = space_block(state, b, city, lang, width)
    columns = max(1, min(3, width // cell_width(block)))  # wide counts take a column less
    _, h = block_size(block, width, columns)
    grown = max(bottom, top + h + 2 * CITY_PAD + 4)
    box = (left, top, right, grown)
    if not on_map(box, layout) or any(overlap(box, other, CLEAR) for other in fixed):
        top -= grown - bottom
    bottom = top + max(bottom - top, h + 2 * CITY_PAD + 4)
    items = arrange(block, (left + right) // 2, top + CITY_PAD + 2, width, columns)
    return Plate(city, "city", (left, top, right, bottom), block, items)


# --- Railways ------------------------------------------------------------------------------


def _rail_label(state: GandhiState, b: Map, layout: Layout, rail: str,
                lang: str) -> _Label | None:
    block = space_block(state, b, rail, lang, RAIL_BLOCK)
    if not (block.chips or block.pieces):
        return None
    sizes = {shape: _padded(block, shape) for shape in RAIL_SHAPES}
    badge, side = layout.rail_badge(b, rail), layout.rail_sides[rail]

    def spots() -> Iterator[Spot]:
        for shape, size in sizes.items():
            for corner in _rail_spots(badge, size, side):
                yield corner, size, shape

    reach = RAIL_REACH + max(max(size) for size in sizes.values())
    region = _square(badge, reach)
    clear = _square(badge, BADGE // 2 + CLEAR)

    def allows(box: Box) -> bool:
        return not overlap(box, clear) and _within(box, region)

    return _Label(rail, "railway", block, spots, region, allows)


def _rail_spots(badge: Point, size: tuple[int, int], preferred: Side) -> Iterator[Point]:
    """Touching the badge: the preferred side first, slid along it, then the other sides;
    then anywhere around it, nearest first."""
    w, h = size
    sides = (preferred, *(s for s in SIDES if s != preferred))
    for away in AWAY:
        for side in sides:
            along = h if side in ("left", "right") else w
            for slide in _slides(along // 2):
                yield _beside(badge, size, side, away, slide)
    x, y = badge
    clear = _square(badge, BADGE // 2 + CLEAR)
    for dx, dy in _offsets(RAIL_REACH):
        left, top = x + dx - w // 2, y + dy - h // 2
        if not overlap((left, top, left + w, top + h), clear):
            yield left, top


@cache
def _slides(most: int) -> tuple[int, ...]:
    out = [0]
    for step in range(STEP, most + 1, STEP):
        out += [step, -step]
    return tuple(out)


def _beside(badge: Point, size: tuple[int, int], side: Side, away: int,
            slide: int) -> Point:
    """The top left corner of a plate of ``size`` on ``side`` of the Econ badge."""
    (x, y), (w, h) = badge, size
    gap = BADGE // 2 + 3 + away
    if side == "left":
        return x - gap - w, y - h // 2 + slide
    if side == "above":
        return x - w // 2 + slide, y - gap - h
    if side == "below":
        return x - w // 2 + slide, y + gap
    return x + gap, y - h // 2 + slide


# --- Provinces and States ------------------------------------------------------------------


def _province_label(state: GandhiState, b: Map, layout: Layout, space_id: str,
                    lang: str) -> _Label:
    block = space_block(state, b, space_id, lang, PROVINCE_WIDTH)
    anchor, polygon = layout.anchors[space_id], layout.polygons[space_id]

    def spots() -> Iterator[Spot]:
        cx, cy = anchor
        for shape in PROVINCE_SHAPES:   # sized only if tried
            w, h = _padded(block, shape)
            for dx, dy in _inside(anchor, polygon):
                yield (cx + dx - w // 2, cy + dy - h // 2), (w, h), shape

    reach = REACH + max(_padded(block, PROVINCE_SHAPES[0])) + BIGGER

    def allows(box: Box) -> bool:
        centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
        return math.dist(centre, anchor) <= REACH and inside_polygon(centre, polygon)

    return _Label(space_id, "province", block, spots, _square(anchor, reach), allows)


@cache
def _inside(anchor: Point, polygon: tuple[Point, ...]) -> tuple[Point, ...]:
    """Moves from the anchor that keep it inside the polygon, nearest first."""
    cx, cy = anchor
    return tuple((dx, dy) for dx, dy in _offsets(REACH)
                 if inside_polygon((cx + dx, cy + dy), polygon))


@cache
def _offsets(most: int) -> tuple[Point, ...]:
    """Moves from a point, nearest first (sideways a little cheaper than up or down)."""
    reach = range(-most, most + 1, STEP)
    moves = [(dx, dy) for dx in reach for dy in reach if dx * dx + dy * dy <= most * most]
    return tuple(sorted(moves, key=lambda m: (m[0] ** 2 + 2 * m[1] ** 2, m)))


def inside_polygon(point: Point, polygon: tuple[Point, ...]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, (*polygon[1:], polygon[0]), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


# --- boxes ---------------------------------------------------------------------------------


def _within(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and \
        inner[3] <= outer[3]


def on_map(box: Box, layout: Layout, margin: int = 0) -> bool:
    left, top, right, bottom = box
    return left >= margin and top >= margin and right <= layout.map_width - margin and \
        bottom <= layout.height - margin


def overlap(a: Box, b: Box, clear: int = 0) -> bool:
    """The boxes share a pixel, or come closer than ``clear``."""
    return a[0] < b[2] + clear and b[0] < a[2] + clear and \
        a[1] < b[3] + clear and b[1] < a[3] + clear
