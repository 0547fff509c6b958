"""The map picture of a Gandhi position (DESIGN.md section 6).

``render_map(state, lang)`` returns PNG bytes: the map on the left (every space with its
pieces, markers, Support/Opposition and Raj Control), the panel on the right (cards,
Viceroy, eligibility, Resources, Restraint, Unity, victory, pieces off the map).
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image, ImageDraw

from engine.games.gandhi.board import Map
from engine.games.gandhi.derived import board
from engine.games.gandhi.state import GandhiState
from renders.draw import to_png
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.base import base_map, space_fill
from renders.gandhi.icons import shade
from renders.gandhi.layout import Layout, Side, check_layout, load_layout
from renders.gandhi.legend import draw_legend, draw_title
from renders.gandhi.panel import draw_panel
from renders.gandhi.spaces import block_size, draw_block, space_block

PROVINCE_WIDTH = 196
CITY_PAD = 6
PLATE_PAD = 6
BADGE = 28
RAIL_BLOCK = 200


def render_map(state: GandhiState, lang: str = "en",
               highlight: Iterable[str] = ()) -> bytes:
    """PNG bytes of the whole picture; ``highlight`` outlines spaces (the digest's)."""
    return to_png(map_image(state, lang, frozenset(highlight)))


def map_image(state: GandhiState, lang: str = "en",
              highlight: frozenset[str] = frozenset()) -> Image.Image:
    layout = load_layout()
    b = board(state)
    check_layout(layout, b)
    image = Image.new("RGB", (layout.width, layout.height), style.PANEL)
    muslim_states = frozenset(k for k, sp in state.spaces.items() if sp.muslim_state)
    image.paste(base_map(b.gujarat, muslim_states), (0, 0))
    _highlight(image, layout, b, highlight)
    for space_id in layout.polygons:
        _province(image, state, b, layout, space_id, lang)
    for rail in b.railways:
        _railway(image, state, b, layout, rail, lang, rail in highlight)
    for city in b.cities:
        _city(image, state, b, layout, city, lang, city in highlight)
    draw_title(image, state, layout, lang)
    draw_legend(image, layout, lang)
    draw_panel(image, state, layout, lang)
    return image


def _highlight(image: Image.Image, layout: Layout, b: Map, spaces: frozenset[str]) -> None:
    draw = ImageDraw.Draw(image)
    for space_id in sorted(spaces & layout.polygons.keys()):
        draw.line([*layout.polygons[space_id], layout.polygons[space_id][0]],
                  fill=style.HIGHLIGHT, width=7, joint="curve")


def _plate(image: Image.Image, box: tuple[int, int, int, int], fill: tuple[int, int, int],
           outline: tuple[int, int, int] | None = None, width: int = 0) -> None:
    ImageDraw.Draw(image).rounded_rectangle(box, radius=10, fill=fill, outline=outline,
                                            width=width)


def _province(image: Image.Image, state: GandhiState, b: Map, layout: Layout,
              space_id: str, lang: str) -> None:
    block = space_block(state, b, space_id, lang, PROVINCE_WIDTH)
    w, h = block_size(block, PROVINCE_WIDTH)
    cx, cy = layout.anchors[space_id]
    top = cy - h // 2
    fill = shade(space_fill(b.space(space_id)), 0.55)
    _plate(image, (cx - w // 2 - PLATE_PAD, top - PLATE_PAD, cx + (w + 1) // 2 + PLATE_PAD,
                   top + h + PLATE_PAD), fill)
    draw_block(image, block, cx, top, PROVINCE_WIDTH)


def _city(image: Image.Image, state: GandhiState, b: Map, layout: Layout, city: str,
          lang: str, lit: bool) -> None:
    left, top, right, bottom = layout.cities[city]
    width = right - left - 2 * CITY_PAD
    block = space_block(state, b, city, lang, width)
    _, h = block_size(block, width)
    bottom = max(bottom, top + h + 2 * CITY_PAD + 4)
    fill = style.CITY_MUSLIM if b.space(city).muslim else style.CITY
    edge = style.HIGHLIGHT if lit else style.CITY_EDGE
    _plate(image, (left, top, right, bottom), fill, edge, 6 if lit else 3)
    draw_block(image, block, (left + right) // 2, top + CITY_PAD + 2, width)


def _railway(image: Image.Image, state: GandhiState, b: Map, layout: Layout, rail: str,
             lang: str, lit: bool) -> None:
    x, y = layout.rail_badge(b, rail)
    block = space_block(state, b, rail, lang, RAIL_BLOCK)
    if block.chips or block.pieces:
        w, h = block_size(block, RAIL_BLOCK, columns=4)
        left, top = _beside((x, y), (w + 2 * PLATE_PAD, h + 2 * PLATE_PAD),
                            layout.rail_sides[rail])
        _plate(image, (left, top, left + w + 2 * PLATE_PAD, top + h + 2 * PLATE_PAD),
               (255, 255, 255), style.RAIL, 2)
        draw_block(image, block, left + PLATE_PAD + w // 2, top + PLATE_PAD, RAIL_BLOCK,
                   columns=4)
    draw = ImageDraw.Draw(image)
    half = BADGE // 2
    if lit:
        draw.ellipse((x - half - 8, y - half - 8, x + half + 8, y + half + 8),
                     outline=style.HIGHLIGHT, width=6)
    draw.rounded_rectangle((x - half, y - half, x + half, y + half), radius=6,
                           fill=style.RAIL, outline=style.RAIL_TIE, width=2)
    draw.text((x, y), str(b.space(rail).econ), font=font(17, Face.BOLD),
              fill=(255, 255, 255), anchor="mm")


def _beside(badge: tuple[int, int], size: tuple[int, int], side: Side) -> tuple[int, int]:
    """The top left corner of a plate of ``size`` on ``side`` of the Econ badge."""
    (x, y), (w, h) = badge, size
    gap = BADGE // 2 + 3
    if side == "left":
        return x - gap - w, y - h // 2
    if side == "above":
        return x - w // 2, y - gap - h
    if side == "below":
        return x - w // 2, y + gap
    return x + gap, y - h // 2
