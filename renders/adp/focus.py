"""A Distant Plain's focus picture, so that on a phone 400 pixels wide the counts that
changed read without zooming (DESIGN.md §6): the part of the map around the spaces and
LoCs that changed, at full size, with the strip's lines of those too crowded for the map
and the tracks under it; where they lie too far apart for that, a list of them, each
with its chips now and before.  Nothing changed: the whole map."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.adp.derived import control, pop
from engine.games.adp.mapdata import default_map
from engine.games.adp.state import AdpState
from engine.i18n import t
from renders.adp.layout import Box, load_layout
from renders.adp.map import (
    Chip,
    _chip_width,
    _pop_disc,
    changed_places,
    chips_of,
    draw_chip,
    map_image,
    place,
)
from renders.draw import ellipsize, text_width, to_png
from renders.fonts import Face, font

MIN_W, MIN_H = 520, 360    # a crop at least this large (it is seen about 400 wide)
MARGIN = 30
CROP_MAX = 640             # a wider part of the map would be read at under 60 %


def focus_box(changed: frozenset[str]) -> Box | None:
    """The part of the map around ``changed``, at least MIN_W x MIN_H, inside the map."""
    layout, board = load_layout(), default_map()
    points = [p for s in changed if s in layout.polygons for p in layout.polygons[s]]
    points += [p for s in changed if s in board.locs for p in layout.loc_path(board, s)]
    if not points:
        return None
    left = min(x for x, _ in points) - MARGIN
    right = max(x for x, _ in points) + MARGIN
    top = min(y for _, y in points) - MARGIN
    bottom = max(y for _, y in points) + MARGIN
    if right - left < MIN_W:
        grow = MIN_W - (right - left)
        left, right = left - grow // 2, right + grow - grow // 2
    if bottom - top < MIN_H:
        grow = MIN_H - (bottom - top)
        top, bottom = top - grow // 2, bottom + grow - grow // 2
    dx = max(0, -left) - max(0, right - layout.width)
    dy = max(0, -top) - max(0, bottom - layout.map_height)
    left, right, top, bottom = left + dx, right + dx, top + dy, bottom + dy
    return max(0, left), max(0, top), min(layout.width, right), min(layout.map_height, bottom)


def focus_image(before: AdpState, after: AdpState, lang: str = "en") -> Image.Image:
    changed = changed_places(before, after)
    full = map_image(after, lang, changed)
    box = focus_box(changed)
    if box is None:
        return full
    if box[2] - box[0] > CROP_MAX:   # too far apart to read on a phone: their list
        return rows_image(before, after, changed, lang)
    layout = load_layout()
    parts = [full.crop(box)]
    found = place(after, lang)
    rows = [c.box for c in found.chips if c.owner in changed and c.box[1] >= layout.height]
    rows += [lb.box for lb in found.texts if lb.owner == "callout" and lb.kind in changed]
    if rows:   # the changed crowded places' lines in the strip
        parts.append(full.crop((0, min(r[1] for r in rows) - 4, layout.width,
                                max(r[3] for r in rows) + 4)))
    tracks = layout.panel["tracks"]
    victory = layout.panel["victory"]
    parts.append(full.crop((0, tracks[1] - 4, layout.width, victory[3] + 4)))
    width = parts[0].width   # the strip's lines and the tracks shrunk to the map's part
    parts = [parts[0]] + [p.resize((width, p.height * width // p.width),
                                   Image.Resampling.LANCZOS) for p in parts[1:]]
    image = Image.new("RGB", (width, sum(p.height for p in parts)), (250, 246, 236))
    y = 0
    for part in parts:
        image.paste(part, (0, y))
        y += part.height
    return image


def render_focus(before: AdpState, after: AdpState, lang: str = "en") -> bytes:
    return to_png(focus_image(before, after, lang))


ROWS_WIDTH = 520       # the list of changed places, seen about 400 wide on a phone
MAX_PLACES = 8
NAME_SIZE = 28
WORD_SIZE = 20
ROW = 30


def rows_image(before: AdpState, after: AdpState, changed: frozenset[str],
               lang: str) -> Image.Image:
    """Each changed place: its name, its chips now and its chips before, in a picture
    ROWS_WIDTH wide, so a phone shows the counts at about 17 pixels."""
    board = default_map()
    order = [p for p in (*board.spaces, *board.locs) if p in changed]
    shown, rest = order[:MAX_PLACES], len(order) - MAX_PLACES
    height = 16 + sum(_place_height(before, after, p, lang) for p in shown) + \
        (ROW if rest > 0 else 0)
    image = Image.new("RGB", (ROWS_WIDTH, height), (250, 246, 236))
    draw = ImageDraw.Draw(image)
    y = 8
    for place_id in shown:
        y = _draw_place(draw, before, after, place_id, y, lang)
    if rest > 0:
        draw.text((10, y + 2), t("renders.adp.focus.more", lang, count=rest),
                  font=font(WORD_SIZE, Face.CONDENSED), fill=(40, 32, 24))
    return image


def _flow(chips: list[Chip], left: int) -> list[list[tuple[Chip, int]]]:
    """Chips in rows from ``left`` to the picture's right edge: (chip, x) each."""
    rows: list[list[tuple[Chip, int]]] = [[]]
    x = left
    for chip in chips:
        w = _chip_width(chip.text, chip.shape)
        if x + w > ROWS_WIDTH - 8 and rows[-1]:
            rows.append([])
            x = left
        rows[-1].append((chip, x))
        x += w + 5
    return rows


def _place_height(before: AdpState, after: AdpState, place_id: str, lang: str) -> int:
    left = _word_width(lang)
    return NAME_SIZE + 10 + ROW * (len(_flow(chips_of(after, place_id, lang), left)) +
                                   len(_flow(chips_of(before, place_id, lang), left))) + 8


def _word_width(lang: str) -> int:
    f = font(WORD_SIZE, Face.CONDENSED)
    return 14 + max(text_width(t(f"renders.adp.focus.{k}", lang), f)
                    for k in ("before", "after")) + 8


def _draw_place(draw: ImageDraw.ImageDraw, before: AdpState, after: AdpState, place_id: str,
                y: int, lang: str) -> int:
    board = default_map()
    name = board.name(place_id)
    f = font(NAME_SIZE, Face.BOLD)
    draw.text((10, y), ellipsize(name, f, ROWS_WIDTH - 60), font=f, fill=(40, 32, 24))
    if place_id in board.spaces:
        space = after.space(place_id)
        x = 10 + text_width(name, f) + 10
        if x + 28 < ROWS_WIDTH:
            _pop_disc(draw, (x, y + 2, x + 28, y + 30), str(pop(after, place_id)),
                      space.support, control(after)[place_id])
    y += NAME_SIZE + 10
    left = _word_width(lang)
    for key, state, faded in (("after", after, False), ("before", before, True)):
        draw.text((14, y + 3), t(f"renders.adp.focus.{key}", lang),
                  font=font(WORD_SIZE, Face.CONDENSED), fill=(95, 85, 72))
        chips = chips_of(state, place_id, lang)
        if not chips:
            draw.text((left, y + 2), t("renders.adp.focus.nothing", lang),
                      font=font(WORD_SIZE, Face.CONDENSED), fill=(95, 85, 72))
        for row in _flow(chips, left):
            for chip, x in row:
                box = (x, y, x + _chip_width(chip.text, chip.shape), y + ROW - 6)
                r, g, b = chip.fill
                fill = ((r + 255) // 2, (g + 255) // 2, (b + 255) // 2) if faded else chip.fill
                draw_chip(draw, box, chip.text, fill, chip.ink if not faded else (60, 60, 60),
                          chip.shape)
            y += ROW
    draw.line((10, y + 2, ROWS_WIDTH - 10, y + 2), fill=(200, 190, 170), width=1)
    return y + 8
