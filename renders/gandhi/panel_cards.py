"""The panel's cards: current and next card, and the Viceroy with his capability."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from engine.games.gandhi.state import GandhiState
from engine.i18n import t
from renders.draw import draw_lines, fit_lines, wrap
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.cards import CardFace, card_face, viceroy_face
from renders.gandhi.widgets import faction_icon, heading, paste

CARD_H = 238
BAND = 28


def draw_cards(image: Image.Image, state: GandhiState, x: int, y: int, width: int,
               lang: str) -> int:
    w = (width - 12) // 2
    _card(image, x, y, w, t("renders.gandhi.current_card", lang), state.current, lang, True)
    _card(image, x + w + 12, y, w, t("renders.gandhi.next_card", lang), state.upcoming, lang,
          False)
    return y + CARD_H


def _card(image: Image.Image, x: int, y: int, w: int, label: str, card: str | None,
          lang: str, current: bool) -> None:
    draw = ImageDraw.Draw(image)
    band = style.HEADING if current else style.SOFT_INK
    draw.rounded_rectangle((x, y, x + w, y + CARD_H), radius=10, fill=(255, 255, 255),
                           outline=band, width=3)
    draw.rounded_rectangle((x, y, x + w, y + BAND), radius=10, fill=band)
    draw.rectangle((x, y + BAND - 10, x + w, y + BAND), fill=band)
    draw.text((x + w // 2, y + BAND // 2), label, font=font(16, Face.BOLD),
              fill=(255, 255, 255), anchor="mm")
    if card is None:
        draw.text((x + w // 2, y + CARD_H // 2), t("renders.gandhi.no_card", lang),
                  font=font(40, Face.BOLD), fill=style.SOFT_INK, anchor="mm")
        return
    face = card_face(card, lang)
    draw.text((x + 10, y + BAND + 6), face.number, font=font(32, Face.BOLD), fill=style.INK)
    title, f = title_lines(face.title, w - 20)
    draw_lines(draw, x + 10, y + BAND + 46, title, f, style.INK)
    if face.campaign:
        _campaign_strip(image, face, x, y + CARD_H - 62, w, lang)
    else:
        _order_strip(image, face, x, y + CARD_H - 88, w, lang)


def title_lines(title: str, width: int) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """A card's title in three lines, or four in smaller type (long Italian and Spanish
    titles), never cut while it can be helped."""
    lines, f = fit_lines(title, Face.CONDENSED_BOLD, 18, width, 3, 15)
    if lines and lines[-1].endswith("…"):
        lines, f = fit_lines(title, Face.CONDENSED_BOLD, 15, width, 4, 13)
    return lines, f


def _campaign_strip(image: Image.Image, face: CardFace, x: int, y: int, w: int,
                    lang: str) -> None:
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((x + 8, y, x + w - 8, y + 50), radius=8, fill=style.CONTROL_FILL)
    f = font(17, Face.CONDENSED_BOLD)
    text = wrap(t("renders.gandhi.campaign_card", lang).upper(), f, w - 30, 1)[0]
    draw.text((x + w // 2, y + 25), text, font=f, fill=(255, 255, 255), anchor="mm")


def _order_strip(image: Image.Image, face: CardFace, x: int, y: int, w: int,
                 lang: str) -> None:
    """2.3.2 The Faction order, left to right; a stand-in order is framed in dashes."""
    draw = ImageDraw.Draw(image)
    step = (w - 16) // 4
    left = x + 8
    if face.order_note:
        _dashed_box(draw, (left, y - 2, x + w - 8, y + 46), style.SOFT_INK)
    for i, faction in enumerate(face.order):
        cx = left + i * step + step // 2
        paste(image, faction_icon(faction, 26), cx - 13, y + 1)
        draw.text((cx, y + 36), t(f"renders.gandhi.short.{faction}", lang),
                  font=font(14, Face.CONDENSED_BOLD), fill=style.FACTION_COLOURS[faction]
                  if faction != "revolutionaries" else style.INK, anchor="mm")
    if face.order_note:
        lines = wrap("* " + face.order_note, font(14, Face.CONDENSED), w - 16, 2)
        draw_lines(draw, x + 8, y + 50, lines, font(14, Face.CONDENSED), style.SOFT_INK, 1)


def _dashed_box(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                colour: tuple[int, int, int]) -> None:
    x0, y0, x1, y1 = box
    for x in range(x0, x1, 10):
        draw.line((x, y0, min(x + 5, x1), y0), fill=colour, width=2)
        draw.line((x, y1, min(x + 5, x1), y1), fill=colour, width=2)
    for y in range(y0, y1, 10):
        draw.line((x0, y, x0, min(y + 5, y1)), fill=colour, width=2)
        draw.line((x1, y, x1, min(y + 5, y1)), fill=colour, width=2)


def draw_viceroy(image: Image.Image, state: GandhiState, x: int, y: int, width: int,
                 lang: str) -> int:
    """2.5 The Viceroy in the British Viceroy of India box and his capability (2.5.1)."""
    y = heading(image, x, y, width, t("gandhi.sequence.viceroy", lang))
    if state.viceroy is None:
        return y
    face = viceroy_face(state.viceroy, lang)
    draw = ImageDraw.Draw(image)
    draw.text((x, y), face.name, font=font(20, Face.BOLD), fill=style.INK)
    name_w = int(font(20, Face.BOLD).getlength(face.name))
    draw.text((x + name_w + 10, y + 3), f"{face.epithet} · {face.years}",
              font=font(17, Face.CONDENSED), fill=style.SOFT_INK)
    lines = capability_lines(face.capability, width)
    return draw_lines(draw, x, y + 28, lines, font(16, Face.CONDENSED), style.INK, 3)


def capability_lines(capability: str, width: int) -> list[str]:
    return wrap(capability, font(16, Face.CONDENSED), width, max_lines=3)
