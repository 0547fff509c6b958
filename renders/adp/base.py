"""A Distant Plain's base map: the spaces coloured by terrain and country, their names,
Population and Pashtun marks, the LoCs with their Econ, the Towns, and the outlines of
the Islamabad track, the Resources/Aid/Patronage tracks, the victory markers and the
Casualties box.  No pieces or markers: those belong to a position, drawn on top later.

Deterministic (bundled fonts, Pillow's basic layout, PNG without metadata).  Shapes are
drawn twice as large and scaled down for smooth edges; text is drawn at full size after.
Sizes: the picture is 1000 pixels wide and is seen about 400 wide on a phone, so names
(NAME_SIZE, at least NAME_MIN) are 10 pixels there and the Pop digits 9.6.

Where every label goes is worked out first (:func:`labels`), without drawing, so that
tests/renders/test_adp_base.py can check that no two overlap, none is cut, each lies inside
its space and clear of the roads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.adp.mapdata import Map, default_map
from engine.i18n import t
from renders.adp.layout import Box, Layout, Point, check_layout, load_layout
from renders.draw import fit_lines, text_width, to_png, wrap
from renders.fonts import Face, font

RGB = tuple[int, int, int]
SCALE = 2

OUTSIDE = (226, 224, 214)     # land not in play (Iran, Central Asia, the rest of Pakistan)
MOUNTAIN = (196, 164, 120)    # "the middle is a dark brown for mountains"
PLAIN = (240, 226, 188)
PAKISTAN = (206, 220, 188)
CITY = (252, 248, 238)
BORDER = (110, 86, 58)
FRONTIER = (150, 40, 40)      # Afghanistan - Pakistan
ROAD = (70, 40, 30)
ROAD_LINE = (246, 214, 120)
INK = (40, 32, 24)
SOFT_INK = (95, 85, 72)
PANEL = (250, 246, 236)
BOX_EDGE = (150, 132, 100)
PASHTUN = (120, 30, 30)
POP_FILL = (255, 255, 255)
ECON_FILL = ROAD
ECON_INK = (255, 236, 170)

NAME_SIZE = 26     # a space's name...
NAME_MIN = 24      # ...shrinking to this where room is short
POP_D = 32         # the Pop disc
POP_SIZE = 24
MARK = 16          # the Pashtun diamond
GAP = 5
ECON_W, ECON_H, ECON_SIZE = 30, 30, 22
TOWN_R = 7
PANEL_SIZE = 20
PANEL_MIN = 16
RANGE_SIZE = 18
TITLE_SIZE = 26

WORDS = ("title", "note", "islamabad", "hostility", "pressure", "tolerance", "backing",
         "sponsorship", "aid", "patronage", "government_resources", "taliban_resources",
         "warlords_resources", "support_plus_available", "coin_control_plus_patronage",
         "opposition_plus_bases", "uncontrolled_pop", "casualties", "mountain", "plain",
         "pakistan", "city", "pop", "pashtun", "econ")


def words_of(lang: str) -> dict[str, str]:
    """The base map's words in ``lang`` (``renders/locales``: ``renders.adp.base``)."""
    return {key: t(f"renders.adp.base.{key}", lang) for key in WORDS}


ISLAMABAD = ("hostility", "pressure", "tolerance", "backing", "sponsorship")
TRACKS = (("aid", "0–75"), ("patronage", "0–40"), ("government_resources", "0–75"),
          ("taliban_resources", "0–75"), ("warlords_resources", "0–75"))
VICTORY = (("support_plus_available", "> 30"), ("coin_control_plus_patronage", "> 35"),
           ("opposition_plus_bases", "> 20"), ("uncontrolled_pop", "> 15"),
           ("casualties", ""))


@dataclass(frozen=True)
class Label:
    """One thing written or marked on the picture, and the box it takes."""

    owner: str     # a space, LoC or Town id, or "panel"
    kind: str      # "name", "pop", "pashtun", "econ", "town", "hub", "box", "text"
    box: Box
    text: str = ""
    size: int = 0  # the font size of a text


def terrain_fill(terrain: str) -> RGB:
    return {"mountain": MOUNTAIN, "plain": PLAIN, "pakistan": PAKISTAN}.get(terrain, CITY)


def fit_name(name: str, width: int) -> tuple[list[str], int]:
    """``name`` in at most two lines of ``width``, in the largest size from NAME_SIZE down
    to NAME_MIN that cuts no line (cut at NAME_MIN if nothing fits; tests refuse that)."""
    for size in range(NAME_SIZE, NAME_MIN - 1, -1):
        lines = wrap(name, font(size, Face.CONDENSED_BOLD), width, 2)
        if not any(line.endswith("…") for line in lines):
            return lines, size
    return wrap(name, font(NAME_MIN, Face.CONDENSED_BOLD), width, 2), NAME_MIN


def _text_box(centre_x: int, top: int, text: str, size: int) -> Box:
    w = text_width(text, font(size, Face.CONDENSED_BOLD))
    return centre_x - w // 2, top, centre_x - w // 2 + w, top + size


def space_labels(layout: Layout, board: Map, space_id: str) -> list[Label]:
    """The Pop disc, name and Pashtun mark of a space, centred on its label point: in one
    row where the space is wide enough (``wide``), else the name over the marks."""
    space = board.spaces[space_id]
    x, y = layout.labels[space_id]
    width = layout.label_widths.get(space_id)
    name = space.name
    size = NAME_SIZE
    lines = [name]
    if width is not None:   # stacked: the name wrapped into the given width
        lines, size = fit_name(name, width)
        mark_w = POP_D + (GAP + MARK if space.pashtun else 0)
        height = len(lines) * (size + 2) - 2 + GAP + POP_D
        top = y - height // 2
        out = [Label(space_id, "name", _text_box(x, top + i * (size + 2), line, size), line,
                     size) for i, line in enumerate(lines)]
        row_top = top + len(lines) * (size + 2) - 2 + GAP
        left = x - mark_w // 2
    else:
        name_w = text_width(name, font(size, Face.CONDENSED_BOLD))
        row_w = POP_D + GAP + name_w + (GAP + MARK if space.pashtun else 0)
        left = x - row_w // 2
        row_top = y - POP_D // 2
        name_left = left + POP_D + GAP
        out = [Label(space_id, "name", (name_left, y - size // 2 - 1, name_left + name_w,
                                        y - size // 2 - 1 + size), name, size)]
    out.append(Label(space_id, "pop", (left, row_top, left + POP_D, row_top + POP_D),
                     str(space.pop)))
    if space.pashtun:
        mark_left = left + POP_D + GAP if width is not None else out[0].box[2] + GAP
        mid = row_top + POP_D // 2
        out.append(Label(space_id, "pashtun", (mark_left, mid - MARK // 2, mark_left + MARK,
                                               mid + MARK // 2)))
    return out


def labels(layout: Layout, board: Map, lang: str = "en") -> list[Label]:
    """Every label of the base map, space by space, then the LoCs, Towns and the panel."""
    out: list[Label] = []
    for space_id in board.spaces:
        out += space_labels(layout, board, space_id)
    for loc_id in board.locs:
        x, y = layout.loc_badge(board, loc_id)
        out.append(Label(loc_id, "econ", (x - ECON_W // 2, y - ECON_H // 2,
                                          x + ECON_W - ECON_W // 2, y + ECON_H - ECON_H // 2),
                         str(board.locs[loc_id].econ)))
    for town, (x, y) in layout.towns.items():
        out.append(Label(town, "town", (x - TOWN_R, y - TOWN_R, x + TOWN_R, y + TOWN_R)))
    for place, (x, y) in layout.hub.items():
        out.append(Label(place, "hub", (x - 9, y - 9, x + 9, y + 9)))
    return out + panel_labels(layout, lang)


def _row_boxes(row: Box, n: int, first: int = 0, gap: int = 8) -> list[Box]:
    """``n`` equal boxes side by side in ``row``, after a first box ``first`` wide."""
    left, top, right, bottom = row
    start = left + (first + gap if first else 0)
    w = (right - start - gap * (n - 1)) // n
    return [(start + i * (w + gap), top, start + i * (w + gap) + w, bottom) for i in range(n)]


def _boxed(box: Box, words: str, extra: str) -> list[Label]:
    """A track box's outline, its words (at most 2 lines) and its range or threshold."""
    left, top, right, bottom = box
    inner = right - left - 12
    lines, f = fit_lines(words, Face.CONDENSED_BOLD, PANEL_SIZE, inner, 2, PANEL_MIN)
    size = int(f.size)
    height = len(lines) * (size + 2) - 2 + (RANGE_SIZE + 4 if extra else 0)
    y = top + (bottom - top - height) // 2
    cx = (left + right) // 2
    out = [Label("panel", "box", box)]
    for line in lines:
        out.append(Label("panel", "text", _text_box(cx, y, line, size), line, size))
        y += size + 2
    if extra:
        w = text_width(extra, font(RANGE_SIZE, Face.CONDENSED))
        out.append(Label("panel", "range", (cx - w // 2, y + 2, cx - w // 2 + w,
                                            y + 2 + RANGE_SIZE), extra, RANGE_SIZE))
    return out


def panel_labels(layout: Layout, lang: str) -> list[Label]:
    words = words_of(lang)
    out: list[Label] = []
    left, top, right, bottom = layout.title
    out.append(Label("panel", "title", (left, top + 4, left + text_width(
        words["title"], font(TITLE_SIZE, Face.BOLD)), top + 4 + TITLE_SIZE), words["title"],
        TITLE_SIZE))
    note_w = text_width(words["note"], font(PANEL_SIZE, Face.CONDENSED))
    out.append(Label("panel", "note", (right - note_w, top + 8, right, top + 8 + PANEL_SIZE),
                     words["note"], PANEL_SIZE))
    row = layout.panel["islamabad"]
    name_w = 150
    out += _boxed((row[0], row[1], row[0] + name_w, row[3]), words["islamabad"], "")[1:]
    for box, key in zip(_row_boxes(row, len(ISLAMABAD), name_w), ISLAMABAD, strict=True):
        out += _boxed(box, words[key], "")
    for box, (key, extra) in zip(_row_boxes(layout.panel["tracks"], len(TRACKS)), TRACKS,
                                 strict=True):
        out += _boxed(box, words[key], extra)
    for box, (key, extra) in zip(_row_boxes(layout.panel["victory"], len(VICTORY)), VICTORY,
                                 strict=True):
        out += _boxed(box, words[key], extra)
    out += key_labels(layout, words)
    return out


KEY_SWATCH = 28


def key_labels(layout: Layout, words: dict[str, str]) -> list[Label]:
    """The key: terrain swatches, the Pop disc, the Pashtun mark, an LoC's Econ."""
    left, top, right, bottom = layout.panel["key"]
    mid = (top + bottom) // 2
    out: list[Label] = []
    x = left + 4
    for key in ("mountain", "plain", "pakistan", "city", "pop", "pashtun", "econ"):
        sym_w = {"pop": POP_D, "pashtun": MARK, "econ": ECON_W}.get(key, KEY_SWATCH)
        sym_h = {"pop": POP_D, "pashtun": MARK, "econ": ECON_H}.get(key, KEY_SWATCH)
        out.append(Label("key", key, (x, mid - sym_h // 2, x + sym_w, mid - sym_h // 2 + sym_h),
                         {"pop": "2", "econ": "4"}.get(key, "")))
        x += sym_w + 6
        w = text_width(words[key], font(PANEL_SIZE, Face.CONDENSED))
        out.append(Label("panel", "keytext", (x, mid - PANEL_SIZE // 2, x + w,
                                           mid - PANEL_SIZE // 2 + PANEL_SIZE),
                         words[key], PANEL_SIZE))
        x += w + 18
    return out


# ---------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------

def _scaled(points: tuple[Point, ...] | list[Point]) -> list[tuple[int, int]]:
    return [(x * SCALE, y * SCALE) for x, y in points]


def _edges(layout: Layout, board: Map) -> tuple[list[tuple[Point, Point]],
                                                list[tuple[Point, Point]]]:
    """The square edges on the Afghanistan-Pakistan frontier, and on the edge of play."""
    owner = {c: s for s, cells in layout.cells.items() for c in cells}
    frontier, edge = [], []
    n = layout.cell
    for (col, row), space in owner.items():
        here = board.spaces[space].is_pakistan
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            other = owner.get((col + dc, row + dr))
            if dc:
                x = (col + (1 if dc > 0 else 0)) * n
                seg = ((x, row * n), (x, (row + 1) * n))
            else:
                y = (row + (1 if dr > 0 else 0)) * n
                seg = ((col * n, y), ((col + 1) * n, y))
            if other is None:
                edge.append(seg)
            elif board.spaces[other].is_pakistan != here and here:
                frontier.append(seg)
    return frontier, edge


def _shapes(layout: Layout, board: Map) -> Image.Image:
    """Land, spaces, borders, frontier and roads, at SCALE, scaled down."""
    size = (layout.width * SCALE, layout.map_height * SCALE)
    image = Image.new("RGB", size, OUTSIDE)
    draw = ImageDraw.Draw(image)
    for space_id, points in layout.polygons.items():
        draw.polygon(_scaled(points), fill=terrain_fill(board.spaces[space_id].terrain))
    for points in layout.polygons.values():
        draw.polygon(_scaled(points), outline=BORDER, width=2 * SCALE)
    frontier, edge = _edges(layout, board)
    for a, b in edge:
        draw.line(_scaled([a, b]), fill=INK, width=4 * SCALE)
    for a, b in frontier:
        draw.line(_scaled([a, b]), fill=FRONTIER, width=5 * SCALE)
    kabul = layout.polygons.get("kabul")
    if kabul:
        draw.polygon(_scaled(kabul), outline=INK, width=4 * SCALE)
    for loc in board.locs:
        path = _scaled(layout.loc_path(board, loc))
        draw.line(path, fill=ROAD, width=9 * SCALE, joint="curve")
        draw.line(path, fill=ROAD_LINE, width=3 * SCALE, joint="curve")
    return image.resize((layout.width, layout.map_height), Image.Resampling.LANCZOS)


def _draw_label(draw: ImageDraw.ImageDraw, label: Label) -> None:
    left, top, right, bottom = label.box
    cx, cy = (left + right) // 2, (top + bottom) // 2
    if label.kind in ("name", "text", "range", "title", "note", "keytext"):
        face = {"name": Face.CONDENSED_BOLD, "text": Face.CONDENSED_BOLD,
                "range": Face.CONDENSED, "title": Face.BOLD, "note": Face.CONDENSED,
                "keytext": Face.CONDENSED}
        ink = SOFT_INK if label.kind in ("range", "note") else INK
        draw.text((left, top), label.text, font=font(label.size, face[label.kind]), fill=ink,
                  anchor="la")
    elif label.kind == "pop":
        draw.ellipse(label.box, fill=POP_FILL, outline=INK, width=2)
        draw.text((cx, cy + 1), label.text, font=font(POP_SIZE, Face.BOLD), fill=INK,
                  anchor="mm")
    elif label.kind == "pashtun":
        draw.polygon([(cx, top), (right, cy), (cx, bottom), (left, cy)], fill=PASHTUN)
    elif label.kind == "econ":
        draw.rounded_rectangle(label.box, radius=6, fill=ECON_FILL, outline=ROAD_LINE, width=2)
        draw.text((cx, cy + 1), label.text, font=font(ECON_SIZE, Face.BOLD), fill=ECON_INK,
                  anchor="mm")
    elif label.kind == "town":
        draw.ellipse(label.box, fill=(255, 255, 255), outline=ROAD, width=3)
    elif label.kind == "hub":
        draw.rectangle(label.box, fill=ROAD, outline=ROAD_LINE, width=2)
    elif label.kind == "box":
        draw.rounded_rectangle(label.box, radius=8, fill=(255, 253, 247), outline=BOX_EDGE,
                               width=2)
    elif label.kind in ("mountain", "plain", "pakistan", "city"):
        draw.rectangle(label.box, fill=terrain_fill(label.kind), outline=BORDER, width=2)


@lru_cache(maxsize=4)
def base_image(lang: str = "en") -> Image.Image:
    """The whole base picture, ``layout.width`` x ``layout.height``, RGB."""
    layout = load_layout()
    board = default_map()
    check_layout(layout, board)
    image = Image.new("RGB", (layout.width, layout.height), PANEL)
    image.paste(_shapes(layout, board), (0, 0))
    draw = ImageDraw.Draw(image)
    for label in labels(layout, board, lang):
        _draw_label(draw, label)
    return image


def base_map(lang: str = "en") -> bytes:
    """PNG bytes of the base map."""
    return to_png(base_image(lang))
