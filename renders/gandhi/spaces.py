"""What each space shows: its name and Pop, its markers as chips, its pieces with counts.

A *block* is drawn on a plate (``placement``): near a Province's or State's anchor, inside
a City's box, or beside a Railway's Econ badge under the Railway's name.  ``arrange``
gives every item of a block its box; drawing and the overlap test read those boxes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from engine.games.gandhi.board import Map
from engine.games.gandhi.derived import activists_active, raj_control
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    REV_BASES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState, SpaceState
from engine.i18n import t
from renders.draw import XY, Chip, flow, text_width, wrap
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.icons import sprite
from renders.gandhi.layout import Box
from renders.gandhi.names import place_name

CELL_W, CELL_H = 54, 34
CHIP_GAP = 4


@dataclass(frozen=True)
class Block:
    name: tuple[str, ...]            # the name, wrapped
    name_size: int
    pop: int | None                  # None on Railways
    muslim: bool
    chips: tuple[Chip, ...]
    pieces: tuple[tuple[str, int], ...]   # sprite name, count


def piece_sprites(board: Map, space_id: str, space: SpaceState) -> tuple[tuple[str, int], ...]:
    """Each kind of piece once, with its count, in the order of the Force Pool."""
    active = activists_active(board, space_id, space)  # 1.4.3
    kinds = ((TROOPS, "troops"), (SEPOYS, "sepoys"),
             (CONGRESS_ACTIVISTS, "congress_active" if active else "congress_inactive"),
             (GANDHI, "gandhi"),
             (ML_ACTIVISTS, "ml_active" if active else "ml_inactive"),
             (GUERRILLAS_UNDERGROUND, "guerrillas_underground"),
             (GUERRILLAS_ACTIVE, "guerrillas_active"),
             (ML_BASES, "ml_bases"), (REV_BASES, "rev_bases"))
    return tuple((name, space.count(kind)) for kind, name in kinds if space.count(kind))


@cache
def _pair(name: str) -> Image.Image:
    one = sprite(name, 13)
    image = Image.new("RGBA", (27, 13), (0, 0, 0, 0))
    image.alpha_composite(one, (0, 0))
    image.alpha_composite(one, (14, 0))
    return image


def support_chip(level: int, lang: str) -> Chip:
    """1.6.1: up triangles for Support, down for Opposition; two when Active."""
    dark = level == 1 or level == -1
    name = ("support_up" if level > 0 else "opposition_down") + ("_dark" if dark else "")
    icon = _pair(name) if abs(level) == 2 else sprite(name, 13)
    text = t("renders.gandhi.chip.support" if level > 0 else "renders.gandhi.chip.opposition",
             lang)
    return Chip(text, style.SUPPORT_FILL[level], style.SUPPORT_INK[level], icon)


def marker_chips(state: GandhiState, space_id: str, lang: str) -> tuple[Chip, ...]:
    sp = state.spaces.get(space_id, SpaceState())
    chips: list[Chip] = []
    if sp.support:
        chips.append(support_chip(sp.support, lang))
    if raj_control(state, space_id):  # 1.7
        chips.append(Chip("", style.CONTROL_FILL, (255, 255, 255), sprite("crown", 20)))
    if sp.muslim_state:
        chips.append(Chip(t("gandhi.marker.muslim_state", lang), style.MUSLIM_STATE,
                          (255, 255, 255), sprite("crescent_white", 16)))
    if sp.protest:
        chips.append(Chip(t("gandhi.marker.protest", lang), style.PROTEST_FILL, style.INK,
                          sprite("protest", 16)))
    if sp.unrest:
        chips.append(Chip(f"{t('gandhi.marker.unrest', lang)} {sp.unrest}", style.UNREST_FILL,
                          (255, 255, 255), sprite("unrest", 16), short=str(sp.unrest)))
    if sp.strike:
        chips.append(Chip(t("gandhi.marker.strike", lang), style.STRIKE_FILL, style.STRIKE_INK,
                          sprite("strike", 16)))
    return tuple(chips)


def space_block(state: GandhiState, board: Map, space_id: str, lang: str,
                width: int) -> Block:
    space = board.space(space_id)
    sp = state.spaces.get(space_id, SpaceState())
    if space.is_railway:  # named by its two ends, in small type over its pieces
        name, size = fit_name(place_name(board, space_id, lang), width, style.RAIL_NAME_SIZE,
                              style.RAIL_NAME_SIZE - 3)
    else:
        name, size = fit_name(place_name(board, space_id, lang), width - POP_D - 24)
    return Block(name=name, name_size=size, pop=None if space.is_railway else space.pop,
                 muslim=space.muslim,
                 chips=marker_chips(state, space_id, lang),
                 pieces=piece_sprites(board, space_id, sp))


def compact(block: Block) -> Block:
    """The block with its chips' icons alone (Unrest keeps its count), for a plate that
    finds no room otherwise: the key in the panel names each icon."""
    return replace(block, chips=tuple(chip.shortened() for chip in block.chips))


def fit_name(name: str, width: int, largest: int = style.NAME_SIZE,
             smallest: int = 15) -> tuple[tuple[str, ...], int]:
    """The name in at most two lines, in the largest size that needs no cut (the
    smallest size cuts it with an ellipsis, which the overlap test reports)."""
    for size in range(largest, smallest - 1, -1):
        lines = tuple(wrap(name, name_font(size), width, max_lines=2))
        if not lines[-1].endswith("…"):
            break
    return lines, size


def name_font(size: int = style.NAME_SIZE) -> ImageFont.FreeTypeFont:
    return font(size, Face.CONDENSED_BOLD)


def chip_font() -> ImageFont.FreeTypeFont:
    return font(style.CHIP_SIZE, Face.CONDENSED_BOLD)


def count_font() -> ImageFont.FreeTypeFont:
    return font(style.COUNT_SIZE, Face.BOLD)


# --- measuring: every item of a block gets its box, which drawing and the tests share ------

POP_D = 22     # the Pop disc's diameter
ICON_X = 2     # a piece's sprite within its cell
COUNT_X = ICON_X + style.PIECE + 5   # where its count begins
COUNT_STROKE = 2
CELL_GAP = 1   # between a count and its cell's edge: 3 pixels clear of the next sprite


@dataclass(frozen=True)
class Item:
    """One thing a block draws, and where: drawing and the overlap test read the same
    boxes (``value``: the text, the sprite's name, or the chip's index)."""

    kind: str   # "pop", "name", "crescent", "chip", "icon", "count"
    box: Box    # for text, the ink's box
    value: str = ""
    at: XY = (0, 0)   # where text is anchored (left, middle)


def _text_item(kind: str, text: str, f: ImageFont.FreeTypeFont, at: XY,
               stroke: int = 0) -> Item:
    left, top, right, bottom = f.getbbox(text, anchor="lm", stroke_width=stroke)
    x, y = at
    return Item(kind, (x + int(left), y + int(top), x + int(right), y + int(bottom)), text, at)


def _name_x(block: Block) -> int:
    """Where the name begins, right of the Pop disc (a Railway has none)."""
    return 0 if block.pop is None else POP_D + 5


def _header_width(block: Block) -> int:
    if not block.name:
        return 0
    widest = max(text_width(line, name_font(block.name_size)) for line in block.name)
    return _name_x(block) + widest + (20 if block.muslim else 0)


def _header_height(block: Block) -> int:
    return len(block.name) * (block.name_size + 2) if block.name else 0


def _chip_rows(block: Block, width: int) -> list[list[int]]:
    return flow([c.size(chip_font()) for c in block.chips], width, CHIP_GAP)


def _row_width(block: Block, row: list[int]) -> int:
    return sum(block.chips[i].size(chip_font())[0] for i in row) + CHIP_GAP * (len(row) - 1)


def _grid(block: Block, columns: int) -> tuple[int, int]:
    n = len(block.pieces)
    cols = min(columns, n)
    return cols, (n + cols - 1) // cols if n else 0


def cell_width(block: Block) -> int:
    """Wide enough that the longest count ("10") keeps clear of the next sprite."""
    widest = max((text_width(str(n), count_font()) for _, n in block.pieces), default=0)
    return max(CELL_W, COUNT_X + widest + COUNT_STROKE + CELL_GAP)


def block_size(block: Block, width: int, columns: int = 3) -> tuple[int, int]:
    rows = _chip_rows(block, width)
    cols, grid_rows = _grid(block, columns)
    w = max([_header_width(block), cols * cell_width(block),
             *(_row_width(block, r) for r in rows)])
    parts = [_header_height(block), len(rows) * (style.CHIP_SIZE + 10 + CHIP_GAP) - CHIP_GAP
             if rows else 0, grid_rows * CELL_H]
    h = sum(parts) + 4 * (sum(1 for p in parts if p) - 1)
    return w, max(h, 0)


def _header_items(block: Block, centre: int, top: int) -> list[Item]:
    left = centre - _header_width(block) // 2
    items: list[Item] = []
    if block.pop is not None:
        items.append(Item("pop", (left, top, left + POP_D, top + POP_D), str(block.pop)))
    x, f = left + _name_x(block), name_font(block.name_size)
    for i, line in enumerate(block.name):
        y = top + i * (block.name_size + 2)
        items.append(_text_item("name", line, f, (x, y + block.name_size // 2 + 1)))
    if block.muslim:
        x_end = x + text_width(block.name[0], f) + 2
        items.append(Item("crescent", (x_end, top + 2, x_end + 18, top + 20), "crescent"))
    return items


def _chip_items(block: Block, centre: int, top: int, width: int) -> list[Item]:
    items: list[Item] = []
    y = top
    for row in _chip_rows(block, width):
        x = centre - _row_width(block, row) // 2
        for i in row:
            w, h = block.chips[i].size(chip_font())
            items.append(Item("chip", (x, y, x + w, y + h), str(i)))
            x += w + CHIP_GAP
        y += style.CHIP_SIZE + 10 + CHIP_GAP
    return items


def _piece_items(block: Block, centre: int, top: int, columns: int) -> list[Item]:
    cols, _ = _grid(block, columns)
    cell = cell_width(block)
    items: list[Item] = []
    for i, (name, count) in enumerate(block.pieces):
        row, col = divmod(i, cols)
        in_row = min(cols, len(block.pieces) - row * cols)
        x = centre - in_row * cell // 2 + col * cell
        y = top + row * CELL_H + (CELL_H - style.PIECE) // 2
        items.append(Item("icon", (x + ICON_X, y, x + ICON_X + style.PIECE, y + style.PIECE),
                          name))
        mid = top + row * CELL_H + CELL_H // 2
        items.append(_text_item("count", str(count), count_font(), (x + COUNT_X, mid),
                                COUNT_STROKE))
    return items


def arrange(block: Block, centre: int, top: int, width: int, columns: int = 3
            ) -> tuple[Item, ...]:
    """Every item of ``block`` centred on x ``centre`` from ``top`` down."""
    items: list[Item] = []
    y = top
    if block.name:
        items += _header_items(block, centre, y)
        y += _header_height(block) + 4
    if block.chips:
        chips = _chip_items(block, centre, y, width)
        items += chips
        y = max(i.box[3] for i in chips) + 4
    if block.pieces:
        items += _piece_items(block, centre, y, columns)
    return tuple(items)


# --- drawing --------------------------------------------------------------------------


def draw_items(image: Image.Image, block: Block, items: tuple[Item, ...]) -> None:
    draw = ImageDraw.Draw(image)
    f = name_font(block.name_size)
    for item in items:
        left, top, right, bottom = item.box
        if item.kind == "pop":
            draw.ellipse((left, top, right - 1, bottom - 1), fill=style.INK)
            draw.text(((left + right) // 2, (top + bottom) // 2), item.value,
                      font=font(14, Face.BOLD), fill=(255, 255, 255), anchor="mm")
        elif item.kind == "name":
            draw.text(item.at, item.value, font=f,
                      fill=style.INK if block.pop is not None else style.SOFT_INK,
                      anchor="lm")
        elif item.kind == "crescent":
            icon = sprite("crescent", 18)
            image.paste(icon, (left, top), icon)
        elif item.kind == "chip":
            block.chips[int(item.value)].draw(image, (left, top), chip_font())
        elif item.kind == "icon":
            icon = sprite(item.value)
            image.paste(icon, (left, top), icon)
        else:
            draw.text(item.at, item.value, font=count_font(),
                      fill=style.INK, anchor="lm", stroke_width=COUNT_STROKE,
                      stroke_fill=(255, 255, 255))
