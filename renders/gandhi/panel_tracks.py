"""The panel's tracks (Restraint, Unity, Protest boxes, Crisis) and the boxes off the map
(Available, Jail, Out of Play)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.gandhi.derived import (
    available,
    in_crisis,
    protests_for_operations,
    protests_on_map,
    unrest_markers_left,
)
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS,
    ML_ACTIVISTS,
    ML_BASES,
    PROTEST_CAP,
    PROTEST_MARKERS,
    REV_BASES,
    SEPOYS,
    TRACK_MAX,
    TRACK_MIN,
    TROOPS,
    UNREST_STRIKE_MARKERS,
)
from engine.games.gandhi.state import GandhiState
from engine.i18n import t
from renders.draw import ellipsize, fitting_font
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.icons import sprite
from renders.gandhi.widgets import heading, paste

LABEL_W = 132
BOX = 40
BOX_KINDS = ((TROOPS, "troops"), (SEPOYS, "sepoys"), (CONGRESS_ACTIVISTS, "congress_active"),
             (GANDHI, "gandhi"), (ML_ACTIVISTS, "ml_active"),
             (GUERRILLAS, "guerrillas_underground"), (ML_BASES, "ml_bases"),
             (REV_BASES, "rev_bases"))


def draw_tracks(image: Image.Image, state: GandhiState, x: int, y: int, width: int,
                lang: str) -> int:
    title = f"{t('gandhi.track.restraint', lang)} · {t('gandhi.track.unity', lang)}"
    y = heading(image, x, y, width, title)
    y = _track(image, x, y, t("gandhi.track.restraint", lang), state.restraint) + 6
    y = _track(image, x, y, t("gandhi.track.unity", lang), state.unity) + 6
    y = _protests(image, state, x, y, width, lang)
    if in_crisis(state):  # 6.8
        y = _crisis(image, x, y + 6, width, lang)
    return y


def _track(image: Image.Image, x: int, y: int, label: str, value: int) -> int:
    draw = ImageDraw.Draw(image)
    f = fitting_font(label, Face.CONDENSED_BOLD, 18, LABEL_W - 8, 13)
    draw.text((x, y + 16), label, font=f, fill=style.INK, anchor="lm")
    for i, level in enumerate(range(TRACK_MIN, TRACK_MAX + 1)):
        left = x + LABEL_W + i * (BOX + 6)
        here = level == value
        draw.rounded_rectangle((left, y, left + BOX, y + 32), radius=6,
                               fill=style.INK if here else (255, 255, 255),
                               outline=style.INK, width=2)
        draw.text((left + BOX // 2, y + 16), str(level), font=font(18, Face.BOLD),
                  fill=(255, 255, 255) if here else style.SOFT_INK, anchor="mm")
    return y + 32


def _protests(image: Image.Image, state: GandhiState, x: int, y: int, width: int,
              lang: str) -> int:
    """1.10 The Protest boxes: markers on the map, free for Operations, held by Restraint."""
    draw = ImageDraw.Draw(image)
    label = t("gandhi.marker.protest", lang)
    draw.text((x, y + 14), ellipsize(label, font(18, Face.CONDENSED_BOLD), LABEL_W - 8),
              font=font(18, Face.CONDENSED_BOLD), fill=style.INK, anchor="lm")
    on_map, free = protests_on_map(state), protests_for_operations(state)
    for i in range(PROTEST_MARKERS):
        left = x + LABEL_W + i * 34
        box = (left, y, left + 28, y + 28)
        if i < on_map:
            draw.rounded_rectangle(box, radius=5, outline=style.SOFT_INK, width=2)
        elif i < on_map + free:
            draw.rounded_rectangle(box, radius=5, fill=style.PROTEST_FILL, outline=style.INK)
            paste(image, sprite("protest", 20), left + 4, y + 4)
        else:
            draw.rounded_rectangle(box, radius=5, fill=(214, 208, 196))
            draw.line((left + 4, y + 24, left + 24, y + 4), fill=(160, 150, 136), width=2)
    text = t("renders.gandhi.protests_free", lang, free=free, cap=PROTEST_CAP[state.restraint])
    f = fitting_font(text, Face.CONDENSED, 16, width - LABEL_W, 12)
    draw.text((x + LABEL_W, y + 34), text, font=f, fill=style.SOFT_INK)
    return y + 54


def _crisis(image: Image.Image, x: int, y: int, width: int, lang: str) -> int:
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((x, y, x + width, y + 38), radius=8, fill=style.CONTROL_FILL)
    text = f"⚠ {t('renders.gandhi.crisis_banner', lang)} ⚠"
    draw.text((x + width // 2, y + 19), text, font=font(22, Face.BOLD), fill=(255, 255, 255),
              anchor="mm")
    return y + 38


def in_box(state: GandhiState, box: str, kind: str) -> int:
    if box == "available":
        return available(state, kind)
    return (state.jail if box == "jail" else state.out_of_play).get(kind, 0)


def draw_boxes(image: Image.Image, state: GandhiState, x: int, y: int, width: int,
               lang: str) -> int:
    """Available, Jail and Out of Play: one column per kind of piece (1.2)."""
    y = heading(image, x, y, width, t("renders.gandhi.boxes", lang))
    step = (width - LABEL_W) // len(BOX_KINDS)
    for i, (_, name) in enumerate(BOX_KINDS):
        paste(image, sprite(name, 26), x + LABEL_W + i * step + (step - 26) // 2, y)
    y += 30
    draw = ImageDraw.Draw(image)
    for n, box in enumerate(("available", "jail", "out_of_play")):
        key = f"gandhi.box.{box}"
        if n % 2 == 0:
            draw.rectangle((x - 4, y, x + width + 4, y + 26), fill=(240, 233, 216))
        label = t(key, lang)
        f = fitting_font(label, Face.CONDENSED_BOLD, 17, LABEL_W - 6, 12)
        draw.text((x, y + 13), label, font=f, fill=style.INK, anchor="lm")
        for i, (kind, _) in enumerate(BOX_KINDS):
            value = in_box(state, box, kind)
            draw.text((x + LABEL_W + i * step + step // 2, y + 13), str(value),
                      font=font(17, Face.BOLD), anchor="mm",
                      fill=style.INK if value else (185, 175, 160))
        y += 26
    left = unrest_markers_left(state)
    note = t("renders.gandhi.markers_left", lang, left=left, total=UNREST_STRIKE_MARKERS)
    f = fitting_font(note, Face.CONDENSED, 16, width, 12)
    draw.text((x, y + 6), note, font=f, fill=style.SOFT_INK)
    return y + 28
