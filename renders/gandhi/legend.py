"""Over the map: the title block (top right, over Tibet) and the key to the pieces
(bottom left, in the Arabian Sea)."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from engine.games.gandhi.state import GandhiState
from engine.i18n import t
from renders.draw import draw_lines, fit_lines, text_width
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.icons import sprite
from renders.gandhi.layout import Box, Layout
from renders.gandhi.status import status_line
from renders.gandhi.widgets import paste

Line = tuple[str, ImageFont.FreeTypeFont, style.RGB]
TITLE_SIZE, SUBTITLE_SIZE = 44, 15
LINES_TOP = 74   # below the title and subtitle


def title_lines(state: GandhiState, layout: Layout, lang: str) -> list[Line]:
    """The lines under the title: scenario and Campaign, where play stands (the card and
    its step, who must decide), the deck; each in the largest size that fits in two
    lines."""
    width = layout.title[2] - layout.title[0]
    scenario = t(f"gandhi.scenario.{state.scenario}", lang)
    campaign = (t("renders.gandhi.campaign", lang, number=state.campaign) if state.campaign
                else t("renders.gandhi.campaigns_none", lang))
    deck = t("renders.gandhi.deck_left", lang, cards=max(0, state.deck_size - state.revealed),
             campaigns=state.campaigns_in_deck)
    first, f1 = fit_lines(f"{scenario} · {campaign}", Face.CONDENSED_BOLD, 20, width, 2, 14)
    status, f2 = _status_lines(state, lang, width)
    last, f3 = fit_lines(deck, Face.CONDENSED, 17, width, 2, 14)
    return [*((text, f1, style.INK) for text in first),
            *((text, f2, style.INK) for text in status),
            *((text, f3, style.SEA_INK) for text in last)]


def _status_lines(state: GandhiState, lang: str, width: int
                  ) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """Where play stands in two lines; with the card's number alone if its title makes
    the line too long."""
    lines, f = fit_lines(status_line(state, lang), Face.CONDENSED_BOLD, 20, width, 2, 15)
    if lines[-1].endswith("…"):
        lines, f = fit_lines(status_line(state, lang, titled=False), Face.CONDENSED_BOLD, 20,
                             width, 2, 14)
    return lines, f


def title_box(state: GandhiState, layout: Layout, lang: str) -> Box:
    """What the title block covers: its text is right-aligned, so less than the layout's
    box on the left, and it ends below its last line."""
    _, top, right, _ = layout.title
    lines = title_lines(state, layout, lang)
    widest = max([text_width(t("renders.gandhi.title", lang).upper(), font(TITLE_SIZE,
                                                                           Face.BOLD)),
                  *(text_width(text, f) for text, f, _ in lines)])
    bottom = top + LINES_TOP + sum(int(f.size) + 4 for _, f, _ in lines)
    return right - widest, top, right, bottom


def draw_title(image: Image.Image, state: GandhiState, layout: Layout, lang: str) -> None:
    draw = ImageDraw.Draw(image)
    _, top, right, _ = layout.title
    draw.text((right, top), t("renders.gandhi.title", lang).upper(),
              font=font(TITLE_SIZE, Face.BOLD), fill=style.INK, anchor="ra")
    draw.text((right, top + 50), t("renders.gandhi.subtitle", lang),
              font=font(SUBTITLE_SIZE, Face.BOLD), fill=style.SEA_INK, anchor="ra")
    y = top + LINES_TOP
    for text, f, colour in title_lines(state, layout, lang):
        draw.text((right, y), text, font=f, fill=colour, anchor="ra")
        y += int(f.size) + 4


PIECE_ITEMS = (
    ("troops", "gandhi.piece.troops"), ("sepoys", "gandhi.piece.sepoys"),
    ("congress_active", "renders.gandhi.legend_item.congress_active"),
    ("congress_inactive", "renders.gandhi.legend_item.congress_inactive"),
    ("ml_active", "renders.gandhi.legend_item.ml_active"),
    ("ml_inactive", "renders.gandhi.legend_item.ml_inactive"),
    ("gandhi", "gandhi.piece.gandhi"),
    ("guerrillas_underground", "renders.gandhi.legend_item.guerrillas_underground"),
    ("guerrillas_active", "renders.gandhi.legend_item.guerrillas_active"),
    ("ml_bases", "gandhi.piece.ml_base"), ("rev_bases", "gandhi.piece.rev_base"),
)


def draw_legend(image: Image.Image, layout: Layout, lang: str) -> None:
    """The key to the pieces, in two columns."""
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = layout.key
    draw.rounded_rectangle(layout.key, radius=10, fill=(236, 244, 247), outline=style.SEA_INK,
                           width=2)
    draw.text((left + 12, top + 8), t("renders.gandhi.legend", lang).upper(),
              font=font(16, Face.BOLD), fill=style.SEA_INK)
    col_w = (right - left - 24) // 2
    rows = (len(PIECE_ITEMS) + 1) // 2
    row_h = (bottom - top - 40) // rows
    for i, (name, key) in enumerate(PIECE_ITEMS):
        col, row = divmod(i, rows)
        x, y = left + 12 + col * col_w, top + 36 + row * row_h
        paste(image, sprite(name, 28), x, y + (row_h - 28) // 2)
        lines, f = fit_lines(t(key, lang), Face.CONDENSED, 15, col_w - 44, 2)
        mid = y + row_h // 2 - (len(lines) * (int(f.size) + 1)) // 2
        draw_lines(draw, x + 36, mid, lines, f, style.INK, 1)
