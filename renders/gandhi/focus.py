"""The focus picture: what a turn changed, readable in Discord's phone preview (DESIGN.md
section 6).

Only the spaces that changed, each on a card in large type: its name and Pop (a
Railway's Econ), then a row for its Support or Opposition, Raj Control, each marker and
each kind of piece, with the count before and after the turn (``Congress Activists
1 → 3``) on a pink band where it changed.  Over the cards: the card or Campaign Round
that was played, how many spaces changed, and a small map with them lit.  The most
changed spaces come first; past ``FOCUS_MAX_CARDS`` (or ``FOCUS_MAX_HEIGHT``) the rest
are counted ("…and 4 more spaces on the map").  What changed off the map (Resources,
Restraint, Unity, Jail, Out of Play) has a card of its own after them; a turn that
changed no space says so in the title and shows that card alone, and a turn that
changed nothing at all is the title band alone.

It is drawn 800 pixels wide, to be seen at about 400: no text is smaller than
``FOCUS_MIN_TEXT`` (11 pixels there).  The whole map is the front-end's second
picture (``renders.gandhi.digest``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.core.events import Event, Recorded
from engine.games.gandhi.state import GandhiState
from renders.draw import to_png
from renders.fonts import font
from renders.gandhi import style
from renders.gandhi.focus_inset import inset_image
from renders.gandhi.focus_layout import CardBox, FocusLayout, Item, focus_layout
from renders.gandhi.icons import sprite
from renders.gandhi.style import RGB

__all__ = ["focus_image", "focus_layout", "render_focus"]

HEADER_FILL: dict[tuple[str, bool], RGB] = {
    ("city", False): style.CITY, ("city", True): style.CITY_MUSLIM,
    ("province", False): style.LAND, ("province", True): style.MUSLIM,
    ("princely_state", False): style.PRINCELY, ("princely_state", True): style.MUSLIM_PRINCELY,
    ("railway", False): style.FOCUS_RAIL_HEADER, ("off_map", False): style.FOCUS_OFF_MAP}
LIGHT_HEADERS = ("railway",)   # white names on a dark header
MARKERS: dict[str, tuple[RGB, str]] = {   # a marker's disc and the sprite on it
    "control": (style.CONTROL_FILL, "crown"), "protest": (style.PROTEST_FILL, "protest"),
    "unrest": (style.UNREST_FILL, "unrest"), "strike": (style.STRIKE_FILL, "strike"),
    "muslim_state": (style.MUSLIM_STATE, "crescent_white")}
TEXT_INK: dict[str, RGB] = {
    "title": style.FOCUS_TITLE_INK, "subtitle": style.FOCUS_SUBTITLE_INK,
    "badge_text": (255, 255, 255), "was": style.FOCUS_WAS_INK}


def render_focus(before: GandhiState, after: GandhiState,
                 events: Sequence[Event | Recorded], lang: str = "en") -> bytes:
    """PNG bytes of the focus picture of the turn from ``before`` to ``after``."""
    return to_png(focus_image(before, after, events, lang))


def focus_image(before: GandhiState, after: GandhiState,
                events: Sequence[Event | Recorded], lang: str = "en") -> Image.Image:
    layout = focus_layout(before, after, events, lang)
    image = Image.new("RGB", (layout.width, layout.height), style.PANEL)
    ImageDraw.Draw(image).rectangle(layout.band, fill=style.FOCUS_BAND)
    for item in layout.items:
        if item.kind == "inset":
            _inset(image, item, after, layout)
        else:
            _text(image, item, TEXT_INK.get(item.kind, style.INK))
    for card in layout.cards:
        _card(image, card)
    return image


def _inset(image: Image.Image, item: Item, after: GandhiState, layout: FocusLayout) -> None:
    left, top, right, _ = item.box
    image.paste(inset_image(after, frozenset(layout.changed), right - left), (left, top))
    ImageDraw.Draw(image).rectangle(item.box, outline=style.PANEL_EDGE, width=2)


def _card(image: Image.Image, card: CardBox) -> None:
    draw = ImageDraw.Draw(image)
    kind = card.card.kind
    draw.rounded_rectangle(card.box, radius=10, fill=style.FOCUS_CARD)
    name_ink = (255, 255, 255) if kind in LIGHT_HEADERS else style.INK
    for item in card.items:
        if item.kind == "header":
            fill = HEADER_FILL.get((kind, card.card.muslim), HEADER_FILL[(kind, False)])
            draw.rounded_rectangle(item.box, radius=10, fill=fill,
                                   corners=(True, True, False, False))
        elif item.kind == "band":
            draw.rounded_rectangle(item.box, radius=6, fill=style.FOCUS_CHANGED)
        elif item.kind == "badge":
            _badge(draw, item)
        elif item.kind == "icon":
            _paste(image, row_icon(item.value, item.box[2] - item.box[0]), item)
        elif item.kind == "crescent":
            _paste(image, sprite("crescent", item.box[2] - item.box[0]), item)
        else:
            _text(image, item, name_ink if item.kind == "name" else
                  TEXT_INK.get(item.kind, style.INK))
    draw.rounded_rectangle(card.box, radius=10, outline=style.PANEL_EDGE, width=2)


def _badge(draw: ImageDraw.ImageDraw, item: Item) -> None:
    """The Pop or Econ, white on black as the map's Pop discs and Econ badges."""
    outline = style.RAIL_TIE if item.value == "railway" else None
    draw.rounded_rectangle(item.box, radius=8, fill=style.INK, outline=outline, width=2)


def _text(image: Image.Image, item: Item, ink: RGB) -> None:
    ImageDraw.Draw(image).text(item.at, item.value, font=font(item.size, item.face), fill=ink,
                               anchor="lm")


def _paste(image: Image.Image, icon: Image.Image, item: Item) -> None:
    image.paste(icon, (item.box[0], item.box[1]), icon)


@cache
def row_icon(key: str, size: int) -> Image.Image:
    """A row's icon: a piece's sprite, a marker on its coloured disc, or Support and
    Opposition as on the map (up or down, two when Active: 1.6.1)."""
    kind, _, value = key.partition(":")
    if kind not in ("support", "marker"):
        return sprite(key, size)
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if kind == "marker":
        fill, name = MARKERS[value]
        draw.ellipse((0, 0, size - 1, size - 1), fill=fill)
        icon = sprite(name, size * 3 // 5)
        image.alpha_composite(icon, ((size - icon.width) // 2, (size - icon.height) // 2))
        return image
    level = int(value)
    draw.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 4,
                           fill=style.SUPPORT_FILL[level])
    name = ("support_up" if level > 0 else "opposition_down") + \
        ("_dark" if abs(level) == 1 else "")
    small = sprite(name, size * 2 // 5 if abs(level) == 2 else size // 2)
    xs = [size // 2 - small.width, size // 2] if abs(level) == 2 else \
        [(size - small.width) // 2]
    for x in xs:
        image.alpha_composite(small, (x, (size - small.height) // 2))
    return image
