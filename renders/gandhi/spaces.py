"""What each space shows: its name and Pop, its markers as chips, its pieces with counts.

A *block* is drawn centred on a Province's or State's anchor, inside a City's box, or
beside a Railway's Econ badge.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from renders.draw import Chip, flow, text_width, wrap
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.icons import sprite

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
                          (255, 255, 255), sprite("unrest", 16)))
    if sp.strike:
        chips.append(Chip(t("gandhi.marker.strike", lang), style.STRIKE_FILL, style.STRIKE_INK,
                          sprite("strike", 16)))
    return tuple(chips)


def space_block(state: GandhiState, board: Map, space_id: str, lang: str,
                width: int) -> Block:
    space = board.space(space_id)
    sp = state.spaces.get(space_id, SpaceState())
    name: tuple[str, ...] = ()
    size = style.NAME_SIZE
    if not space.is_railway:
        name, size = fit_name(t(f"gandhi.space.{space_id}", lang), width - POP_D - 24)
    return Block(name=name, name_size=size, pop=None if space.is_railway else space.pop,
                 muslim=space.muslim,
                 chips=marker_chips(state, space_id, lang),
                 pieces=piece_sprites(board, space_id, sp))


def fit_name(name: str, width: int) -> tuple[tuple[str, ...], int]:
    """The name in at most two lines, in the largest size (down to 15) that needs no cut."""
    for size in range(style.NAME_SIZE, 14, -1):
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


# --- measuring ------------------------------------------------------------------------

POP_D = 22  # the Pop disc's diameter


def _header_width(block: Block) -> int:
    if not block.name:
        return 0
    widest = max(text_width(line, name_font(block.name_size)) for line in block.name)
    return POP_D + 5 + widest + (20 if block.muslim else 0)


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


def block_size(block: Block, width: int, columns: int = 3) -> tuple[int, int]:
    rows = _chip_rows(block, width)
    cols, grid_rows = _grid(block, columns)
    w = max([_header_width(block), cols * CELL_W, *(_row_width(block, r) for r in rows)])
    parts = [_header_height(block), len(rows) * (style.CHIP_SIZE + 10 + CHIP_GAP) - CHIP_GAP
             if rows else 0, grid_rows * CELL_H]
    h = sum(parts) + 4 * (sum(1 for p in parts if p) - 1)
    return w, max(h, 0)


# --- drawing --------------------------------------------------------------------------


def _draw_header(image: Image.Image, block: Block, centre: int, top: int) -> int:
    draw = ImageDraw.Draw(image)
    width = _header_width(block)
    left = centre - width // 2
    draw.ellipse((left, top, left + POP_D - 1, top + POP_D - 1), fill=style.INK)
    draw.text((left + POP_D // 2, top + POP_D // 2), str(block.pop),
              font=font(14, Face.BOLD), fill=(255, 255, 255), anchor="mm")
    x = left + POP_D + 5
    y = top
    f = name_font(block.name_size)
    for line in block.name:
        draw.text((x, y + block.name_size // 2 + 1), line, font=f, fill=style.INK, anchor="lm")
        y += block.name_size + 2
    if block.muslim:
        icon = sprite("crescent", 18)
        x_end = x + text_width(block.name[0], f) + 2
        image.paste(icon, (x_end, top + 2), icon)
    return top + _header_height(block)


def _draw_chips(image: Image.Image, block: Block, centre: int, top: int, width: int) -> int:
    y = top
    for row in _chip_rows(block, width):
        x = centre - _row_width(block, row) // 2
        for i in row:
            chip = block.chips[i]
            chip.draw(image, (x, y), chip_font())
            x += chip.size(chip_font())[0] + CHIP_GAP
        y += style.CHIP_SIZE + 10 + CHIP_GAP
    return y - CHIP_GAP


def _draw_pieces(image: Image.Image, block: Block, centre: int, top: int,
                 columns: int) -> int:
    draw = ImageDraw.Draw(image)
    cols, rows = _grid(block, columns)
    for i, (name, count) in enumerate(block.pieces):
        row, col = divmod(i, cols)
        in_row = min(cols, len(block.pieces) - row * cols)
        x = centre - in_row * CELL_W // 2 + col * CELL_W
        y = top + row * CELL_H
        icon = sprite(name)
        image.paste(icon, (x + 2, y + (CELL_H - style.PIECE) // 2), icon)
        draw.text((x + style.PIECE + 5, y + CELL_H // 2), str(count), font=count_font(),
                  fill=style.INK, anchor="lm", stroke_width=2, stroke_fill=(255, 255, 255))
    return top + rows * CELL_H


def draw_block(image: Image.Image, block: Block, centre: int, top: int, width: int,
               columns: int = 3) -> None:
    """Draw ``block`` centred on x ``centre`` from ``top`` down."""
    y = top
    if block.name:
        y = _draw_header(image, block, centre, y) + 4
    if block.chips:
        y = _draw_chips(image, block, centre, y, width) + 4
    if block.pieces:
        _draw_pieces(image, block, centre, y, columns)
