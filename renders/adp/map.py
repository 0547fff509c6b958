"""A Distant Plain's full map: the base picture (``renders.adp.base``) with a position on
it -- every space's pieces as counts, its Support/Opposition, Control, Terror and +1 Pop,
the LoCs' pieces and Sabotage, the Islamabad box, the tracks, the victory totals and
Casualties with their values -- and a strip under it: the current and upcoming cards,
eligibility, the Capabilities and Momentum in effect, and the key of the pieces.

Pieces are chips: a faction-coloured tag with the piece's shape and the count, one chip a
piece kind, placed on free squares of the space's grid (``layout.cell`` pixels) nearest
its label, never on a label, a road or another chip.  A chip's count is 24 pixels high in
a 1000-pixel picture, about 10 pixels on a phone 400 wide (DESIGN.md §6).  Where a space
has too little room, its chips fold into one a Faction.

Where everything goes is worked out first (:func:`place`), without drawing, so that the
tests can check over fuzzed positions that nothing overlaps and nothing is cut.
Deterministic: bundled fonts, sorted iteration, PNG without metadata.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from PIL import Image, ImageDraw

from engine.games.adp import derived
from engine.games.adp.mapdata import Map, default_map
from engine.games.adp.names import faction_name, place_name
from engine.games.adp.spec import FACTIONS, ISLAMABAD_BOXES, SPEC
from engine.games.adp.state import AdpState
from engine.games.adp.turn import card_label, no_reveal
from engine.i18n import t
from renders.adp import base
from renders.adp.layout import Box, Layout, load_layout
from renders.draw import fit_lines, text_width, to_png
from renders.fonts import Face, font

RGB = tuple[int, int, int]
STRIP = 430            # the strip under the base picture: cards, eligibility, callouts, key
CHIP_SIZE = 22         # a chip's count
CHIP_INSET = 2         # a chip keeps this far inside its squares
ICON = 14
RING = 5               # Support/Opposition: a ring this wide around the Pop disc
ROAD_PAD = 6
VALUE_SIZE = 32
STRIP_SIZE = 22
STRIP_MIN = 16
HIGHLIGHT = (230, 60, 20)

# Faction colours: (fill, ink)
COLOURS: dict[str, tuple[RGB, RGB]] = {
    "coalition": ((214, 186, 128), (50, 36, 16)),
    "government": ((40, 88, 176), (255, 255, 255)),
    "taliban": ((28, 28, 28), (255, 255, 255)),
    "warlords": ((46, 118, 58), (255, 255, 255)),
}
MARKERS: dict[str, tuple[RGB, RGB]] = {
    "sup": ((238, 246, 232), (30, 110, 40)),
    "opp": ((250, 232, 228), (160, 30, 30)),
    "coin": ((255, 255, 255), (40, 88, 176)),
    "tal": ((255, 255, 255), (28, 28, 28)),
    "terror": ((170, 20, 20), (255, 255, 255)),
    "sabotage": ((170, 20, 20), (255, 255, 255)),
    "returnees": ((255, 255, 255), (60, 60, 60)),
}
# each kind's shape: "cube" troops, "disc" police, "base", "hollow"/"solid" guerrillas
SHAPES = {"coalition_troops": "cube", "coalition_bases": "base", "government_troops": "cube",
          "police": "disc", "government_bases": "base", "taliban_underground": "hollow",
          "taliban_active": "solid", "taliban_bases": "base",
          "warlords_underground": "hollow", "warlords_active": "solid",
          "warlords_bases": "base"}
KINDS = tuple(SHAPES)


@dataclass(frozen=True)
class Chip:
    """A count (``kind`` a piece kind, or a faction's total when folded) or a marker."""

    owner: str       # the space or LoC
    kind: str        # a piece kind, a faction ("folded"), or a marker name
    text: str        # the count or the marker's word
    fill: RGB
    ink: RGB
    shape: str = ""  # the icon before the text, if any
    box: Box = (0, 0, 0, 0)


@dataclass
class Placement:
    chips: list[Chip] = field(default_factory=list)
    unplaced: list[str] = field(default_factory=list)   # owners whose chips found no room
    crowded: list[str] = field(default_factory=list)    # owners whose chips are in the strip
    texts: list[base.Label] = field(default_factory=list)   # the panel and strip words


def _chip_width(text: str, shape: str) -> int:
    w = text_width(text, font(CHIP_SIZE, Face.CONDENSED_BOLD)) + 8
    return w + (ICON + 3 if shape else 0)


def chips_of(state: AdpState, owner: str, lang: str, folded: bool = False) -> list[Chip]:
    """An owner's chips, unplaced: its pieces, then its markers (Control and Support are
    drawn on the Pop disc: :func:`_pop_disc`)."""
    space = state.space(owner)
    out: list[Chip] = []

    def marker(name: str, text: str) -> None:
        fill, ink = MARKERS[name]
        out.append(Chip(owner, name, text, fill, ink))
    if folded:
        for faction in FACTIONS:
            n = derived.faction_pieces(space, faction)
            if n:
                fill, ink = COLOURS[faction]
                out.append(Chip(owner, faction, str(n), fill, ink, "stack"))
    else:
        for kind in KINDS:
            n = space.count(kind)
            if n:
                fill, ink = COLOURS[str(SPEC.owner(kind))]
                out.append(Chip(owner, kind, str(n), fill, ink, SHAPES[kind]))
    if space.terror:
        marker("terror", t("renders.adp.map.terror", lang, count=space.terror))
    if space.sabotage:
        marker("sabotage", t("renders.adp.map.sabotage", lang))
    if space.returnees:
        marker("returnees", t("renders.adp.map.returnees", lang))
    return out


@cache
def _blocked(lang: str) -> frozenset[tuple[int, int]]:
    """The squares a chip may not take: under a label, a Town, the hub or a road."""
    layout, board = load_layout(), default_map()
    n = layout.cell
    out: set[tuple[int, int]] = set()
    for label in base.labels(layout, board, lang):
        if label.owner in ("panel", "key"):
            continue
        left, top, right, bottom = label.box
        pad = RING + 1 if label.kind == "pop" else CHIP_INSET
        for col in range((left - pad) // n, (right + pad - 1) // n + 1):
            for row in range((top - pad) // n, (bottom + pad - 1) // n + 1):
                out.add((col, row))
    for loc in board.locs:
        path = layout.loc_path(board, loc)
        for (ax, ay), (bx, by) in zip(path, path[1:], strict=False):
            steps = max(abs(bx - ax), abs(by - ay), 1)
            for i in range(steps + 1):
                x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
                for dx in (-ROAD_PAD, ROAD_PAD):
                    for dy in (-ROAD_PAD, ROAD_PAD):
                        out.add((int(x + dx) // n, int(y + dy) // n))
    return frozenset(out)


def _anchor_cells(layout: Layout, board: Map, owner: str) -> list[tuple[int, int]]:
    """The squares an owner's chips may take, nearest its label (a LoC: its Econ badge)
    first."""
    n = layout.cell
    if owner in board.spaces:
        x, y = layout.labels[owner]
        cells = list(layout.cells[owner])
    else:
        x, y = layout.loc_badge(board, owner)
        cells = [c for cells in layout.cells.values() for c in cells
                 if abs((c[0] + 0.5) * n - x) <= 3 * n and abs((c[1] + 0.5) * n - y) <= 2 * n]
    return sorted(cells, key=lambda c: ((c[1] * n + n / 2 - y) ** 2 * 2 +
                                        (c[0] * n + n / 2 - x) ** 2, c))


def _fit(chips: list[Chip], cells: list[tuple[int, int]], free: set[tuple[int, int]],
         n: int) -> list[Chip] | None:
    """Each chip on a run of free squares in one row, nearest first, or None."""
    taken: set[tuple[int, int]] = set()
    out: list[Chip] = []
    own = set(cells)
    for chip in chips:
        span = -(-(_chip_width(chip.text, chip.shape) + 2 * CHIP_INSET) // n)
        for col, row in cells:
            run = [(col + i, row) for i in range(span)]
            if all(c in free and c in own and c not in taken for c in run):
                taken.update(run)
                w = _chip_width(chip.text, chip.shape)
                left = col * n + (span * n - w) // 2
                top = row * n + CHIP_INSET
                out.append(Chip(chip.owner, chip.kind, chip.text, chip.fill, chip.ink,
                                chip.shape, (left, top, left + w, top + n - 2 * CHIP_INSET)))
                break
        else:
            return None
    free.difference_update(taken)
    return out


def place(state: AdpState, lang: str = "en") -> Placement:
    """Where every chip and panel word goes."""
    layout, board = load_layout(), default_map()
    all_cells = {c for cells in layout.cells.values() for c in cells}
    free = all_cells - _blocked(lang)
    found = Placement()
    crowded: list[str] = []
    owners = [loc for loc in board.locs if any(state.space(loc).pieces.values())
              or state.space(loc).sabotage] + list(board.spaces)
    for owner in owners:
        cells = _anchor_cells(layout, board, owner)
        chips = chips_of(state, owner, lang)
        if not chips:
            continue
        placed = _fit(chips, cells, free, layout.cell)
        if placed is None:
            crowded.append(owner)
        else:
            found.chips += placed
    found.texts = panel_texts(state, layout, lang)
    top = max(lb.box[3] for lb in found.texts if lb.owner == "strip" and lb.kind != "keytext")
    _callouts(found, state, crowded, top + 10, layout, lang)
    for owner in list(found.unplaced):   # no room in the strip either: a chip a Faction
        placed = _fit(chips_of(state, owner, lang, folded=True),
                      _anchor_cells(layout, board, owner), free, layout.cell)
        if placed is not None:
            found.chips += placed
            found.unplaced.remove(owner)
    found.crowded = [o for o in crowded if o not in found.unplaced and
                     not any(c.owner == o and c.box[1] < layout.map_height
                             for c in found.chips)]
    return found


def _callouts(found: Placement, state: AdpState, owners: list[str], top: int, layout: Layout,
              lang: str) -> None:
    """The chips of the places too crowded for them, in the strip after the place's name
    (the place is marked on the map by its name's underline): rows of CALLOUT pixels down
    to the key."""
    bottom = layout.height + STRIP - KEY_ROW - 6
    x, y, right = 10, top, layout.width - 10
    for owner in owners:
        name = _text("callout", "name", 0, 0, place_name(owner, lang) + ":", 20, Face.BOLD)
        chips = chips_of(state, owner, lang)
        widths = [name.box[2] + 6] + [_chip_width(c.text, c.shape) + 4 for c in chips]
        if x > 10 and x + sum(widths[:2]) > right:
            x, y = 10, y + CALLOUT
        if y + CALLOUT > bottom:
            found.unplaced.append(owner)
            continue
        found.texts.append(_text("callout", owner, x, y + 1, name.text, 20, Face.BOLD))
        x += widths[0]
        for chip, w in zip(chips, widths[1:], strict=True):
            if x + w > right:
                x, y = 10, y + CALLOUT
            found.chips.append(Chip(owner, chip.kind, chip.text, chip.fill, chip.ink,
                                    chip.shape, (x, y, x + w - 4, y + CALLOUT - 6)))
            x += w
        x += 14


# ---------------------------------------------------------------------------------------
# The panel's values and the strip
# ---------------------------------------------------------------------------------------

def _text(owner: str, kind: str, left: int, top: int, text: str, size: int,
          face: Face = Face.CONDENSED_BOLD) -> base.Label:
    w = text_width(text, font(size, face))
    return base.Label(owner, kind, (left, top, left + w, top + size), text, size)


def _valued(box: Box, words: str, value: str) -> list[base.Label]:
    """A track box: its words (at most 2 lines) over its value."""
    left, top, right, bottom = box
    lines, f = fit_lines(words, Face.CONDENSED_BOLD, 18, right - left - 12, 2, 14)
    size = int(f.size)
    height = len(lines) * (size + 2) + VALUE_SIZE
    y = top + (bottom - top - height) // 2
    cx = (left + right) // 2
    out = [base.Label("panel", "box", box)]
    for line in lines:
        w = text_width(line, f)
        out.append(base.Label("panel", "text", (cx - w // 2, y, cx - w // 2 + w, y + size),
                              line, size))
        y += size + 2
    w = text_width(value, font(VALUE_SIZE, Face.BOLD))
    out.append(base.Label("panel", "value", (cx - w // 2, y, cx - w // 2 + w,
                                             y + VALUE_SIZE), value, VALUE_SIZE))
    return out


def _line(owner: str, left: int, top: int, width: int, head: str, text: str,
          lines: int = 1) -> list[base.Label]:
    """``head: text`` from ``left``, fitted into ``width`` in at most ``lines`` lines."""
    out = [_text(owner, "head", left, top, head + ":", STRIP_SIZE, Face.BOLD)]
    x = out[0].box[2] + 8
    fitted, f = fit_lines(text, Face.CONDENSED, STRIP_SIZE, left + width - x, lines,
                          STRIP_MIN)
    size = int(f.size)
    for i, line in enumerate(fitted):
        out.append(_text(owner, "strip", x, top + i * (size + 4) + (STRIP_SIZE - size),
                         line, size, Face.CONDENSED))
    return out


def _card(state: AdpState, card: str | None, lang: str) -> str:
    return card_label(card, state.pack) if card else t("renders.adp.map.none", lang)


def panel_texts(state: AdpState, layout: Layout, lang: str) -> list[base.Label]:
    out: list[base.Label] = []
    words = base.words_of(lang)
    tracks = (("aid", state.aid), ("patronage", state.patronage),
              *((f"{f}_resources", state.resources.get(f, 0))
                for f in ("government", "taliban", "warlords")))
    for box, (key, value) in zip(base._row_boxes(layout.panel["tracks"], len(tracks)), tracks,
                                 strict=True):
        out += _valued(box, words[key], str(value))
    totals = derived.totals(state)
    victory = (("support_plus_available", f"{totals['coalition']} / 30"),
               ("coin_control_plus_patronage", f"{totals['government']} / 35"),
               ("opposition_plus_bases", f"{totals['taliban']} / 20"),
               ("uncontrolled_pop", f"{totals['warlords']} / 15"),
               ("casualties", str(sum(state.box("casualties").values()))))
    for box, (key, total) in zip(base._row_boxes(layout.panel["victory"], len(victory)),
                                 victory, strict=True):
        out += _valued(box, words[key], total)
    top, width = layout.height + 8, layout.width - 20
    upcoming = t("renders.adp.map.hidden", lang) if no_reveal(state) else \
        _card(state, state.upcoming, lang)
    half = width // 2 - 10
    out += _line("strip", 10, top, half, t("renders.adp.map.current", lang),
                 _card(state, state.current, lang))
    out += _line("strip", 10 + half + 20, top, half, t("renders.adp.map.upcoming", lang),
                 upcoming)
    eligible = ", ".join(faction_name(f, lang) for f in FACTIONS if state.eligible.get(f))
    ineligible = ", ".join(faction_name(f, lang) for f in FACTIONS
                           if not state.eligible.get(f))
    none = t("renders.adp.map.none", lang)
    out += _line("strip", 10, top + 34, width, t("renders.adp.map.eligible", lang),
                 eligible or none)
    out += _line("strip", 10, top + 68, width, t("renders.adp.map.ineligible", lang),
                 ineligible or none)
    caps = ", ".join(f"{card_label(c, state.pack)} ({t(f'renders.adp.map.{s}', lang)})"
                     for c, s in sorted(state.capabilities.items(), key=lambda i: i[0]))
    out += _line("strip", 10, top + 102, width, t("renders.adp.map.capabilities", lang),
                 caps or t("renders.adp.map.none_in_effect", lang), 2)
    y = max(lb.box[3] for lb in out if lb.owner == "strip") + 10
    momentum = ", ".join(card_label(c, state.pack) for c in state.momentum)
    out += _line("strip", 10, y, width, t("renders.adp.map.momentum", lang),
                 momentum or t("renders.adp.map.none_in_effect", lang), 2)
    if state.result is not None:
        y = max(lb.box[3] for lb in out if lb.owner == "strip") + 10
        ranking = ", ".join(faction_name(f, lang) for f in state.result.get("ranking", []))
        out += _line("strip", 10, y, width, t("renders.adp.map.winner", lang,
                                            ranking="").rstrip(": "), ranking)
    out += key_texts(layout.height + STRIP - KEY_ROW, lang)
    return out


KEY_ROW = 60     # the key's two rows at the foot of the strip
CALLOUT = 30     # a row of callouts


KEY = (("coalition_troops", "troops"), ("police", "police"), ("government_bases", "bases"),
       ("taliban_underground", "underground"), ("warlords_active", "active"),
       ("loc_police", "on_loc"), ("sup", "support_key"), ("opp", "opposition_key"),
       ("coin", "coin_key"), ("tal", "taliban_key"))
DISCS = {"sup": (1, None), "opp": (-1, None), "coin": (0, "coin"), "tal": (0, "taliban")}


def key_texts(top: int, lang: str) -> list[base.Label]:
    """The key of the pieces and markers: a sample chip and its word each."""
    out: list[base.Label] = []
    x = 10
    for kind, word in KEY:
        text = "2" if kind in DISCS else "1"
        w = 24 if kind in DISCS else _chip_width(text, SHAPES.get(kind.removeprefix("loc_"),
                                                                  ""))
        word_w = text_width(t(f"renders.adp.map.{word}", lang), font(18, Face.CONDENSED))
        if x + w + 2 * RING + 4 + word_w > 990:
            x, top = 10, top + 28
        if kind in DISCS:   # the ring goes RING - 1 beyond the disc
            x += RING
            out.append(base.Label("keychip", kind, (x, top - 1, x + w, top + w - 1), text))
            x += w + RING + 2
        else:
            out.append(base.Label("keychip", kind, (x, top, x + w, top + 21), text))
            x += w + 4
        label = _text("strip", "keytext", x, top, t(f"renders.adp.map.{word}", lang), 18,
                      Face.CONDENSED)
        out.append(label)
        x = label.box[2] + 12
    return out


# ---------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------

def _icon(draw: ImageDraw.ImageDraw, shape: str, left: int, cy: int, ink: RGB,
          fill: RGB) -> None:
    r = ICON // 2
    box = (left, cy - r, left + ICON, cy + r)
    if shape == "cube":
        draw.rectangle(box, fill=ink)
    elif shape == "disc":
        draw.ellipse(box, fill=ink)
    elif shape == "base":
        draw.polygon([(left, cy + r), (left, cy - 2), (left + r, cy - r), (left + ICON, cy - 2),
                      (left + ICON, cy + r)], fill=ink)
    elif shape == "stack":   # a Faction's pieces, all kinds together
        draw.rectangle((left + 4, cy - r, left + ICON, cy + r - 4), fill=ink)
        draw.rectangle((left, cy - r + 4, left + ICON - 4, cy + r), fill=ink, outline=fill)
    elif shape in ("hollow", "solid"):
        points = [(left + r, cy - r), (left + ICON, cy + r), (left, cy + r)]
        draw.polygon(points, fill=ink if shape == "solid" else fill, outline=ink, width=2)


def _pop_disc(draw: ImageDraw.ImageDraw, box: Box, text: str, support: int,
              control: str | None) -> None:
    """A Pop disc showing Control (filled blue: COIN, black: Taliban) and Support or
    Opposition (a green or red ring)."""
    left, top, right, bottom = box
    fill, ink = {"coin": COLOURS["government"], "taliban": COLOURS["taliban"]}.get(
        control or "", ((255, 255, 255), base.INK))
    if support:
        ring = (30, 140, 50) if support > 0 else (200, 30, 30)
        draw.ellipse((left - RING + 1, top - RING + 1, right + RING - 1, bottom + RING - 1),
                     fill=ring)
    draw.ellipse(box, fill=fill, outline=base.INK if support else ink, width=2)
    size = max(12, (bottom - top) * 3 // 4)
    draw.text(((left + right) // 2, (top + bottom) // 2 + 1), text,
              font=font(size, Face.BOLD), fill=ink, anchor="mm")


def draw_chip(draw: ImageDraw.ImageDraw, box: Box, text: str, fill: RGB, ink: RGB,
              shape: str) -> None:
    left, top, right, bottom = box
    edge = ink if fill == (255, 255, 255) or fill[0] > 200 else (255, 255, 255)
    draw.rounded_rectangle(box, radius=5, fill=fill, outline=edge, width=1)
    cy = (top + bottom) // 2
    x = left + 4
    if shape:
        _icon(draw, shape, x, cy, ink, fill)
        x += ICON + 3
    draw.text((x, cy + 1), text, font=font(CHIP_SIZE, Face.CONDENSED_BOLD), fill=ink,
              anchor="lm")


def _highlight(draw: ImageDraw.ImageDraw, layout: Layout, board: Map,
               highlight: frozenset[str]) -> None:
    for owner in sorted(highlight):
        if owner in layout.polygons:
            draw.polygon(layout.polygons[owner], outline=HIGHLIGHT, width=5)
        elif owner in board.locs:
            draw.line(layout.loc_path(board, owner), fill=HIGHLIGHT, width=5, joint="curve")


def _islamabad(draw: ImageDraw.ImageDraw, layout: Layout, state: AdpState, lang: str) -> None:
    boxes = base._row_boxes(layout.panel["islamabad"], len(ISLAMABAD_BOXES), 150)
    box = boxes[state.islamabad]
    draw.rounded_rectangle(box, radius=8, outline=HIGHLIGHT, width=5)
    if state.islamabad_hard:
        word = t("renders.adp.map.hard", lang)
        f = font(16, Face.BOLD)
        w = text_width(word, f) + 8
        tag = (box[2] - w - 4, box[1] + 4, box[2] - 4, box[1] + 24)
        draw.rounded_rectangle(tag, radius=4, fill=HIGHLIGHT)
        draw.text((tag[0] + 4, tag[1] + 2), word, font=f, fill=(255, 255, 255))


def map_image(state: AdpState, lang: str = "en",
              highlight: frozenset[str] = frozenset()) -> Image.Image:
    """The full map, ``layout.width`` x ``layout.height + STRIP``, RGB."""
    layout, board = load_layout(), default_map()
    image = Image.new("RGB", (layout.width, layout.height + STRIP), base.PANEL)
    image.paste(base.base_image(lang), (0, 0))
    draw = ImageDraw.Draw(image)
    for row in ("tracks", "victory"):
        left, top, right, bottom = layout.panel[row]
        draw.rectangle((left, top, right, bottom), fill=base.PANEL)
    _highlight(draw, layout, board, highlight)
    _islamabad(draw, layout, state, lang)
    found = place(state, lang)
    controls = derived.control(state)
    for label in base.labels(layout, board, lang):
        if label.kind == "pop" and label.owner in board.spaces:
            space = state.space(label.owner)   # its Pop with a +1 Pop marker (4.3.1)
            if space.support or controls[label.owner] or space.returnees:
                _pop_disc(draw, label.box, str(derived.pop(state, label.owner)),
                          space.support, controls[label.owner])
    for chip in found.chips:
        draw_chip(draw, chip.box, chip.text, chip.fill, chip.ink, chip.shape)
        if chip.owner in board.locs:   # on a LoC: framed in the road's colours
            draw.rounded_rectangle(chip.box, radius=5, outline=base.ROAD_LINE, width=3)
    marks = {(lb.owner, lb.kind): lb.box for lb in base.labels(layout, board, lang)}
    for owner in found.crowded:   # its chips are in the strip: its name underlined
        box = marks.get((owner, "name")) or marks.get((owner, "econ"))
        if box:
            draw.line((box[0], box[3] + 3, box[2], box[3] + 3), fill=HIGHLIGHT, width=3)
    draw.line((10, layout.height, layout.width - 10, layout.height), fill=base.BOX_EDGE,
              width=2)
    for label in found.texts:
        if label.kind == "value" or label.owner == "callout" or label.kind == "head":
            draw.text(label.box[:2], label.text, font=font(label.size, Face.BOLD),
                      fill=base.INK)
        elif label.kind in ("strip", "keytext"):
            draw.text(label.box[:2], label.text, font=font(label.size, Face.CONDENSED),
                      fill=base.INK)
        elif label.owner == "keychip":
            if label.kind in DISCS:
                support, control = DISCS[label.kind]
                _pop_disc(draw, label.box, label.text, support, control)
                continue
            kind = label.kind.removeprefix("loc_")
            fill, ink = COLOURS[str(SPEC.owner(kind))]
            draw_chip(draw, label.box, label.text, fill, ink, SHAPES.get(kind, ""))
            if label.kind.startswith("loc_"):
                draw.rounded_rectangle(label.box, radius=5, outline=base.ROAD_LINE, width=3)
        else:
            base._draw_label(draw, label)
    return image


def render_map(state: AdpState, lang: str = "en",
               highlight: frozenset[str] = frozenset()) -> bytes:
    """PNG bytes of the full map."""
    return to_png(map_image(state, lang, highlight))


def changed_places(before: AdpState, after: AdpState) -> frozenset[str]:
    """The spaces and LoCs whose pieces or markers differ."""
    board = default_map()
    out = set()
    for place_id in (*board.spaces, *board.locs):
        a, b = before.space(place_id), after.space(place_id)
        if ({k: v for k, v in a.pieces.items() if v} != {k: v for k, v in b.pieces.items() if v}
                or (a.support, a.terror, a.sabotage, a.returnees) !=
                (b.support, b.terror, b.sabotage, b.returnees)):
            out.add(place_id)
    return frozenset(out)
