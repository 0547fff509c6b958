"""The focus picture's locator: the map's background, small, with the changed spaces lit
in the outlines' pink (a City's box, a Province's or State's shape, a Railway's line).
No text: it only says where on the map the cards below it are."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engine.games.gandhi.derived import board
from engine.games.gandhi.state import GandhiState
from renders.gandhi import style
from renders.gandhi.base import base_map
from renders.gandhi.layout import Box, Point, load_layout

SUPERSAMPLE = 2
MARGIN = 12         # map pixels kept around the coast
OUTLINE = 22        # a lit Province's border, in map pixels
RAIL = 30           # a lit Railway's band, in map pixels
TINT = 150          # how strongly a lit space is tinted (of 255)


@cache
def inset_crop() -> Box:
    """The part of the map picture the locator shows: the coast and frontiers."""
    layout = load_layout()
    xs, ys = [x for x, _ in layout.outline], [y for _, y in layout.outline]
    return (max(0, min(xs) - MARGIN), max(0, min(ys) - MARGIN),
            min(layout.map_width, max(xs) + MARGIN), min(layout.height, max(ys) + MARGIN))


def inset_size(width: int) -> tuple[int, int]:
    left, top, right, bottom = inset_crop()
    return width, round(width * (bottom - top) / (right - left))


def inset_image(after: GandhiState, spaces: frozenset[str], width: int) -> Image.Image:
    """The locator, ``width`` pixels wide, with ``spaces`` lit."""
    b = board(after)
    layout = load_layout()
    muslim_states = frozenset(k for k, sp in after.spaces.items() if sp.muslim_state)
    crop = inset_crop()
    w, h = inset_size(width)
    big = (w * SUPERSAMPLE, h * SUPERSAMPLE)
    scale = big[0] / (crop[2] - crop[0])
    image = base_map(b.gujarat, muslim_states).crop(crop).resize(big, Image.Resampling.LANCZOS)

    def at(p: Point) -> tuple[float, float]:
        return (p[0] - crop[0]) * scale, (p[1] - crop[1]) * scale

    tint = Image.new("L", big, 0)
    draw, mask = ImageDraw.Draw(image), ImageDraw.Draw(tint)
    for space_id in sorted(spaces & layout.polygons.keys()):
        mask.polygon([at(p) for p in layout.polygons[space_id]], fill=TINT)
    image.paste(style.HIGHLIGHT, (0, 0), tint)
    for space_id in sorted(spaces & layout.polygons.keys()):
        points = [at(p) for p in layout.polygons[space_id]]
        draw.line([*points, points[0]], fill=style.HIGHLIGHT, width=round(OUTLINE * scale),
                  joint="curve")
    for rail in sorted(spaces & set(b.railways)):
        draw.line([at(p) for p in layout.rail_path(b, rail)], fill=style.HIGHLIGHT,
                  width=round(RAIL * scale), joint="curve")
    for city in sorted(spaces & layout.cities.keys()):
        left, top, right, bottom = layout.cities[city]
        draw.rectangle((*at((left, top)), *at((right, bottom))), fill=style.HIGHLIGHT)
    return image.resize((w, h), Image.Resampling.LANCZOS)
