"""Over the map: the title block (top right, over Tibet) and the key to the pieces
(bottom left, in the Arabian Sea)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.gandhi.state import GandhiState
from engine.i18n import t
from renders.draw import draw_lines, fit_lines, fitting_font, wrap
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.icons import sprite
from renders.gandhi.layout import Layout
from renders.gandhi.status import status_line
from renders.gandhi.widgets import paste

TITLE_BOX = (676, 10, 1108, 196)
PIECE_KEY = (10, 906, 402, 1190)
def draw_title(image: Image.Image, state: GandhiState, layout: Layout, lang: str) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, _ = TITLE_BOX
    width = right - left
    draw.text((right, top), t("renders.gandhi.title", lang).upper(), font=font(44, Face.BOLD),
              fill=style.INK, anchor="ra")
    draw.text((right, top + 50), t("renders.gandhi.subtitle", lang), font=font(15, Face.BOLD),
              fill=style.SEA_INK, anchor="ra")
    scenario = t(f"gandhi.scenario.{state.scenario}", lang)
    campaign = (t("renders.gandhi.campaign", lang, number=state.campaign) if state.campaign
                else t("renders.gandhi.campaigns_none", lang))
    lines = [f"{scenario} · {campaign}", status_line(state, lang),
             t("renders.gandhi.deck_left", lang, cards=max(0, state.deck_size - state.revealed),
               campaigns=state.campaigns_in_deck)]
    y = top + 74
    for i, line in enumerate(lines):
        f = fitting_font(line, Face.CONDENSED_BOLD if i < 2 else Face.CONDENSED,
                         20 if i < 2 else 17, width, 13)
        for part in wrap(line, f, width, 2):
            draw.text((right, y), part, font=f, fill=style.INK if i < 2 else style.SEA_INK,
                      anchor="ra")
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
    left, top, right, bottom = PIECE_KEY
    draw.rounded_rectangle(PIECE_KEY, radius=10, fill=(236, 244, 247), outline=style.SEA_INK,
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
