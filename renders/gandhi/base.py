"""The map's background: sea, spaces, borders, Railways and Towns, drawn twice as large
and scaled down for smooth edges.  It changes only with Gujarat's kind and the Muslim
State markers, so it is made once for each combination in use and kept."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engine.games.gandhi.board import Map, Space, default_map
from renders.gandhi import style
from renders.gandhi.layout import Layout, Point, load_layout
from renders.gandhi.style import RGB

SCALE = 2
HATCH_STEP = 11  # pixels between hatch lines, at 1x


def _scaled(points: tuple[Point, ...]) -> list[tuple[int, int]]:
    return [(x * SCALE, y * SCALE) for x, y in points]


def space_fill(space: Space) -> RGB:
    if space.is_state:
        return style.MUSLIM_PRINCELY if space.muslim else style.PRINCELY
    return style.MUSLIM if space.muslim else style.LAND


@lru_cache(maxsize=4)
def _hatch(size: tuple[int, int], step: int, down: bool) -> Image.Image:
    """A mask of diagonal lines over the whole picture."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    w, h = size
    for offset in range(-h, w, step * SCALE):
        if down:
            draw.line((offset, 0, offset + h, h), fill=255, width=SCALE * 2)
        else:
            draw.line((offset, h, offset + h, 0), fill=255, width=SCALE * 2)
    return mask


def _paint_hatch(image: Image.Image, points: tuple[Point, ...], colour: RGB,
                 hatch: Image.Image) -> None:
    """Hatch the space's polygon, working on its bounding box only (the same pixels as
    over the whole map, in a tenth of the time: a new background is drawn whenever a
    Province becomes a Muslim State, and a turn's map waits for it)."""
    scaled = _scaled(points)
    xs, ys = [x for x, _ in scaled], [y for _, y in scaled]
    box = (max(min(xs) - 2, 0), max(min(ys) - 2, 0),
           min(max(xs) + 3, image.width), min(max(ys) + 3, image.height))
    mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in scaled], fill=255)
    image.paste(colour, box, ImageChops.multiply(mask, hatch.crop(box)))


def _spaces(image: Image.Image, layout: Layout, board: Map,
            muslim_states: frozenset[str]) -> None:
    draw = ImageDraw.Draw(image)
    hatch_down = _hatch(image.size, HATCH_STEP, True)
    hatch_up = _hatch(image.size, HATCH_STEP, False)
    for space_id, points in layout.polygons.items():
        space = board.space(space_id)
        draw.polygon(_scaled(points), fill=space_fill(space))
        if space.is_state:
            colour = style.HATCH_MUSLIM if space.muslim else style.HATCH
            _paint_hatch(image, points, colour, hatch_down)
        if space_id in muslim_states:  # 1.3.5 a Province that became a Muslim State
            _paint_hatch(image, points, style.MUSLIM_STATE, hatch_down)
            _paint_hatch(image, points, style.MUSLIM_STATE, hatch_up)
    for points in layout.polygons.values():
        draw.polygon(_scaled(points), outline=style.BORDER, width=2 * SCALE)


def _dashes(path: list[tuple[int, int]], dash: int) -> list[tuple[Point, Point]]:
    """Every other ``dash``-long piece of a polyline."""
    out: list[tuple[Point, Point]] = []
    travelled = 0.0
    for (ax, ay), (bx, by) in zip(path, path[1:], strict=False):
        length = math.dist((ax, ay), (bx, by))
        pos = 0.0
        while pos < length:
            step = min(dash - travelled % dash, length - pos)
            if int(travelled // dash) % 2 == 0:
                s, e = pos / length, (pos + step) / length
                out.append(((round(ax + s * (bx - ax)), round(ay + s * (by - ay))),
                            (round(ax + e * (bx - ax)), round(ay + e * (by - ay)))))
            pos += step
            travelled += step
    return out


def _railways(image: Image.Image, layout: Layout, board: Map) -> None:
    draw = ImageDraw.Draw(image)
    for rail in board.railways:
        path = _scaled(layout.rail_path(board, rail))
        draw.line(path, fill=style.RAIL, width=7 * SCALE, joint="curve")
        for a, b in _dashes(path, 9 * SCALE):
            draw.line((a, b), fill=style.RAIL_TIE, width=3 * SCALE)
    for x, y in layout.towns.values():
        r = 8 * SCALE
        draw.ellipse((x * SCALE - r, y * SCALE - r, x * SCALE + r, y * SCALE + r),
                     fill=style.RAIL, outline=style.RAIL_TIE, width=2 * SCALE)


@lru_cache(maxsize=16)
def base_map(gujarat: str, muslim_states: frozenset[str]) -> Image.Image:
    """The background of the map area, ``layout.map_width`` x ``layout.height``, RGB."""
    layout = load_layout()
    board = default_map("province" if gujarat == "province" else "princely_state")
    size = (layout.map_width * SCALE, layout.height * SCALE)
    image = Image.new("RGB", size, style.SEA)
    draw = ImageDraw.Draw(image)
    outline = _scaled(layout.outline)
    draw.polygon(outline, outline=(196, 222, 234), width=26 * SCALE)
    draw.polygon(outline, fill=style.LAND)
    _spaces(image, layout, board, muslim_states)
    draw.polygon(outline, outline=style.COAST, width=3 * SCALE)
    _railways(image, layout, board)
    return image.resize((layout.map_width, layout.height), Image.Resampling.LANCZOS)
