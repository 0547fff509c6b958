"""The key to the map's markers and spaces, at the foot of the panel."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.i18n import t
from renders.draw import Chip, draw_lines, fit_lines
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.icons import sprite
from renders.gandhi.spaces import chip_font, support_chip
from renders.gandhi.widgets import heading

ROW = 36
SWATCH_W = 64


def _items(lang: str) -> list[tuple[str, object]]:
    """(label, what to draw) in reading order."""
    return [
        (t("gandhi.marker.passive_support", lang), support_chip(1, lang)),
        (t("gandhi.marker.active_support", lang), support_chip(2, lang)),
        (t("gandhi.marker.passive_opposition", lang), support_chip(-1, lang)),
        (t("gandhi.marker.active_opposition", lang), support_chip(-2, lang)),
        (t("gandhi.marker.raj_control", lang),
         Chip("", style.CONTROL_FILL, (255, 255, 255), sprite("crown", 20))),
        (t("gandhi.space_kind.princely_state", lang), "princely"),
        (t("renders.gandhi.legend_item.muslim", lang), "muslim"),
        (t("gandhi.space_kind.muslim_state", lang), "muslim_state"),
        (t("renders.gandhi.pop", lang), "pop"),
        (t("renders.gandhi.towns_railways", lang), "rail"),
    ]


def draw_marker_key(image: Image.Image, x: int, y: int, width: int, height: int,
                    lang: str) -> None:
    y = heading(image, x, y, width, t("renders.gandhi.legend", lang))
    items = _items(lang)
    col_w = width // 2
    rows = (len(items) + 1) // 2
    for i, (label, what) in enumerate(items):
        col, row = divmod(i, rows)
        _item(image, x + col * col_w, y + row * ROW, col_w - 8, label, what)


def _item(image: Image.Image, x: int, y: int, width: int, label: str, what: object) -> None:
    draw = ImageDraw.Draw(image)
    if isinstance(what, Chip):
        chip = Chip("", what.fill, what.ink, what.icon) if what.text else what
        chip.draw(image, (x, y + 2), chip_font())
    elif what == "princely":
        _swatch(image, x, y, style.PRINCELY, style.HATCH)
    elif what == "muslim":
        _swatch(image, x, y, style.MUSLIM, None)
        image.paste(sprite("crescent", 18), (x + 24, y + 6), sprite("crescent", 18))
    elif what == "muslim_state":
        _swatch(image, x, y, style.MUSLIM, style.MUSLIM_STATE, cross=True)
    elif what == "pop":
        draw.ellipse((x + 4, y + 4, x + 26, y + 26), fill=style.INK)
        draw.text((x + 15, y + 15), "2", font=font(14, Face.BOLD), fill=(255, 255, 255),
                  anchor="mm")
    elif what == "rail":
        _rail(draw, x, y)
    lines, f = fit_lines(label, Face.CONDENSED, 15, width - SWATCH_W, 2)
    top = y + 15 - (len(lines) * (int(f.size) + 1)) // 2
    draw_lines(draw, x + SWATCH_W, top, lines, f, style.INK, 1)


def _swatch(image: Image.Image, x: int, y: int, fill: tuple[int, int, int],
            hatch: tuple[int, int, int] | None, cross: bool = False) -> None:
    tile = Image.new("RGB", (52, 26), fill)
    draw = ImageDraw.Draw(tile)
    if hatch is not None:
        for i in range(-26, 52, 8):
            draw.line((i, 26, i + 26, 0), fill=hatch, width=2)
            if cross:
                draw.line((i, 0, i + 26, 26), fill=hatch, width=2)
    draw.rectangle((0, 0, 51, 25), outline=style.BORDER, width=2)
    image.paste(tile, (x, y + 3))


def _rail(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.line((x, y + 16, x + 56, y + 16), fill=style.RAIL, width=7)
    for i in range(x + 2, x + 56, 12):
        draw.line((i, y + 16, i + 5, y + 16), fill=style.RAIL_TIE, width=3)
    draw.ellipse((x - 2, y + 8, x + 14, y + 24), fill=style.RAIL, outline=style.RAIL_TIE,
                 width=2)
    draw.rounded_rectangle((x + 30, y + 4, x + 54, y + 28), radius=5, fill=style.RAIL,
                           outline=style.RAIL_TIE, width=2)
    draw.text((x + 42, y + 16), "4", font=font(15, Face.BOLD), fill=(255, 255, 255),
              anchor="mm")
