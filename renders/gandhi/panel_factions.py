"""The panel's Factions table: eligibility (2.3.1), Resources (1.8) and victory (1.9, 7.2)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.gandhi.derived import totals
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.victory import THRESHOLDS
from engine.i18n import t
from renders.draw import ellipsize, fitting_font
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.status import deciding
from renders.gandhi.widgets import faction_icon, heading, paste

ROW = 42
COL_ELIGIBLE, COL_RESOURCES, COL_VICTORY = 164, 334, 346
ELIGIBLE_FILL, INELIGIBLE_FILL = (214, 236, 206), (226, 222, 214)


def draw_factions(image: Image.Image, state: GandhiState, x: int, y: int, width: int,
                  lang: str) -> int:
    draw = ImageDraw.Draw(image)
    y = heading(image, x, y, width, _titles(lang)[0])
    f = font(14, Face.CONDENSED_BOLD)
    eligibility, resources, victory = _titles(lang)[1:]
    draw.text((x + COL_ELIGIBLE, y - 2), ellipsize(eligibility, f, 110), font=f,
              fill=style.SOFT_INK)
    draw.text((x + COL_RESOURCES - 6, y - 2), ellipsize(resources, f, 90), font=f,
              fill=style.SOFT_INK, anchor="ra")
    draw.text((x + width, y - 2), ellipsize(victory, f, width - COL_VICTORY), font=f,
              fill=style.SOFT_INK, anchor="ra")
    y += 18
    vp = totals(state)
    for faction in FACTIONS:
        _row(image, state, faction, vp[faction], x, y, width, lang)
        y += ROW
    return y


def _titles(lang: str) -> tuple[str, str, str, str]:
    return (t("renders.gandhi.factions", lang), t("renders.gandhi.eligibility", lang),
            t("gandhi.track.resources", lang), t("renders.gandhi.victory_column", lang))


def _row(image: Image.Image, state: GandhiState, faction: str, total: int, x: int, y: int,
         width: int, lang: str) -> None:
    draw = ImageDraw.Draw(image)
    acting = deciding(state) == faction
    if acting:
        draw.rounded_rectangle((x - 6, y, x + width + 4, y + ROW - 4), radius=8,
                               fill=(255, 236, 200), outline=style.HEADING, width=2)
    paste(image, faction_icon(faction, 28), x, y + 5)
    name = t(f"gandhi.faction.{faction}", lang)
    f = fitting_font(name, Face.CONDENSED_BOLD, 18, COL_ELIGIBLE - 40, 14)
    draw.text((x + 36, y + 19), name, font=f, fill=style.INK, anchor="lm")
    _eligibility(draw, state.eligible.get(faction, True), x + COL_ELIGIBLE, y + 6, lang)
    resources = state.resources.get(faction)
    draw.text((x + COL_RESOURCES - 6, y + 19), "—" if resources is None else str(resources),
              font=font(20, Face.BOLD), fill=style.INK, anchor="rm")
    _victory(draw, faction, total, x + COL_VICTORY, y + 4, width - COL_VICTORY, lang)


def _eligibility(draw: ImageDraw.ImageDraw, eligible: bool, x: int, y: int,
                 lang: str) -> None:
    text = ("✓ " if eligible else "✗ ") + t(
        f"gandhi.sequence.{'eligible' if eligible else 'ineligible'}", lang)
    f = fitting_font(text, Face.CONDENSED_BOLD, 16, 104, 12)
    draw.rounded_rectangle((x, y, x + 110, y + 28), radius=14,
                           fill=ELIGIBLE_FILL if eligible else INELIGIBLE_FILL)
    draw.text((x + 55, y + 14), text, font=f, anchor="mm",
              fill=(30, 90, 30) if eligible else style.SOFT_INK)


def _victory(draw: ImageDraw.ImageDraw, faction: str, total: int, x: int, y: int,
             width: int, lang: str) -> None:
    """7.2 A Faction wins when its total exceeds its threshold: the bar's right end."""
    threshold = getattr(THRESHOLDS, faction)
    label = t("renders.gandhi.victory_of", lang, total=total, threshold=threshold)
    draw.text((x, y), label, font=font(17, Face.BOLD), fill=style.INK)
    top = y + 24
    draw.rounded_rectangle((x, top, x + width, top + 8), radius=4, fill=(226, 222, 214))
    share = min(1.0, max(0.0, total / threshold))
    colour = style.FACTION_COLOURS[faction]
    if share > 0:
        draw.rounded_rectangle((x, top, x + round(width * share), top + 8), radius=4,
                               fill=colour)
    if total > threshold:
        draw.text((x + width, y), "★", font=font(17, Face.BOLD), fill=style.HEADING,
                  anchor="ra")
