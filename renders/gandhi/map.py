"""The map picture of a Gandhi position (DESIGN.md section 6).

``render_map(state, lang)`` returns PNG bytes: the map on the left (every space with its
pieces, markers, Support/Opposition and Raj Control), the panel on the right (cards,
Viceroy, eligibility, Resources, Restraint, Unity, victory, pieces off the map).  Where
each space's plate goes is worked out first, without drawing (``placement.place``).
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
from renders.gandhi.layout import Box, Layout, Point, check_layout, load_layout
from renders.gandhi.legend import draw_legend, draw_title
from renders.gandhi.panel import draw_panel
from renders.gandhi.placement import Plate, place
from renders.gandhi.spaces import draw_items

RAIL_BAND = 19  # a changed Railway's band, over the 7-pixel track


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
    base = base_map(b.gujarat, muslim_states)
    image.paste(base, (0, 0))
    _highlight(image, base, layout, b, highlight)
    placement = place(state, lang, layout)
    for plate in placement.plates:
        _plate(image, b, layout, plate, plate.space in highlight)
    for rail, box in placement.badges.items():
        _badge(image, box, b.space(rail).econ, rail in highlight)
    draw_title(image, state, layout, lang)
    draw_legend(image, layout, lang)
    draw_panel(image, state, layout, lang)
    return image


def _highlight(image: Image.Image, base: Image.Image, layout: Layout, b: Map,
               spaces: frozenset[str]) -> None:
    """The digest's changed spaces: a Province's border; a Railway's whole line, in a
    broad band with the track itself left on top."""
    draw = ImageDraw.Draw(image)
    for space_id in sorted(spaces & layout.polygons.keys()):
        draw.line([*layout.polygons[space_id], layout.polygons[space_id][0]],
                  fill=style.HIGHLIGHT, width=7, joint="curve")
    rails = sorted(spaces & set(b.railways))
    if not rails:
        return
    track = Image.new("L", base.size, 0)
    for rail in rails:
        path = layout.rail_path(b, rail)
        draw.line(path, fill=style.HIGHLIGHT, width=RAIL_BAND, joint="curve")
        ImageDraw.Draw(track).line(path, fill=255, width=9, joint="curve")
    image.paste(base, (0, 0), track)


def _plate(image: Image.Image, b: Map, layout: Layout, plate: Plate, lit: bool) -> None:
    draw = ImageDraw.Draw(image)
    if plate.kind == "city":
        fill = style.CITY_MUSLIM if b.space(plate.space).muslim else style.CITY
        outline, width = (style.HIGHLIGHT, 6) if lit else (style.CITY_EDGE, 3)
    elif plate.kind == "railway":
        fill = (255, 255, 255)
        outline, width = (style.HIGHLIGHT, 5) if lit else (style.RAIL, 2)
        _leader(draw, layout.rail_badge(b, plate.space), plate)
    else:
        fill, outline, width = shade(space_fill(b.space(plate.space)), 0.55), None, 0
    draw.rounded_rectangle(plate.box, radius=10, fill=fill, outline=outline, width=width)
    draw_items(image, plate.block, plate.items)


def _leader(draw: ImageDraw.ImageDraw, badge: Point, plate: Plate) -> None:
    """A line from the Railway's badge to its plate, seen when the plate had to move
    away from the badge."""
    x, y = badge
    left, top, right, bottom = plate.box
    end = (min(max(x, left), right), min(max(y, top), bottom))
    draw.line(((x, y), end), fill=style.RAIL, width=3)


def _badge(image: Image.Image, box: Box, econ: int, lit: bool) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = box
    if lit:
        draw.rounded_rectangle((left - 5, top - 5, right + 5, bottom + 5), radius=9,
                               fill=style.HIGHLIGHT)
    draw.rounded_rectangle(box, radius=6, fill=style.RAIL, outline=style.RAIL_TIE, width=2)
    draw.text(((left + right) // 2, (top + bottom) // 2), str(econ),
              font=font(17, Face.BOLD), fill=(255, 255, 255), anchor="mm")
