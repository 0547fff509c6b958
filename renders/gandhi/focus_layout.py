"""Where everything of the focus picture goes, worked out without drawing: the title band
(the card or Campaign Round, how many spaces changed, the locator), then the cards in two
columns, each card under the shorter column so far (the most changed first, so the eye
meets them about in order), then how many spaces were left out.  Drawing
(``renders.gandhi.focus``) and the tests read the same boxes and font sizes.

The picture is ``FOCUS_WIDTH`` wide; it shows at most ``FOCUS_MAX_CARDS`` space cards and
stays within ``FOCUS_MAX_HEIGHT``, fewer cards if need be (the card of what changed off the
map is always shown)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.core.events import Event, Recorded
from engine.games.gandhi.state import GandhiState
from engine.i18n import t
from renders.draw import XY, fit_lines, flow, text_width
from renders.fonts import Face, font
from renders.gandhi import style as s
from renders.gandhi.cards import viceroy_face
from renders.gandhi.focus_inset import inset_size
from renders.gandhi.focus_rows import (
    Card,
    Row,
    off_map_card,
    short_title,
    space_cards,
    turn_title,
)
from renders.gandhi.layout import Box

COLUMNS = 2
LINE_GAP = 3       # between two lines of one text
BADGE_H, BADGE_PAD = 34, 9   # the Pop or Econ in a card's header, and its padding
CRESCENT = 30      # a Muslim space's crescent, right of the name
HEADER_PAD = 9


@dataclass(frozen=True)
class Item:
    """One thing drawn.  Text (``size`` > 0): ``box`` is its ink, ``at`` its anchor (left,
    middle).  Shapes: ``header``, ``band`` (a changed row's background) and ``badge``
    are backgrounds; ``icon`` (``value``: the row's icon), ``crescent`` and ``inset``."""

    kind: str
    box: Box
    value: str = ""
    size: int = 0
    face: Face = Face.REGULAR
    at: XY = (0, 0)

    @property
    def is_text(self) -> bool:
        return self.size > 0


BACKGROUNDS = ("header", "band", "badge")


@dataclass(frozen=True)
class CardBox:
    card: Card
    box: Box
    items: tuple[Item, ...]


@dataclass(frozen=True)
class FocusLayout:
    width: int
    height: int
    band: Box                   # the title band
    items: tuple[Item, ...]     # the band's title, subtitle and locator; the "more" line
    cards: tuple[CardBox, ...]
    changed: tuple[str, ...]    # every changed space, the most changed first
    left_out: int               # changed spaces without a card

    def texts(self) -> list[Item]:
        return [i for i in (*self.items, *(i for c in self.cards for i in c.items))
                if i.is_text]


def focus_layout(before: GandhiState, after: GandhiState,
                 events: Sequence[Event | Recorded], lang: str) -> FocusLayout:
    """The layout of the turn from ``before`` to ``after`` (``events``: its records)."""
    spaces = space_cards(before, after, lang)
    off_map = off_map_card(before, after, lang)
    band, band_items = title_band(after, events, len(spaces), lang)
    for shown in range(min(len(spaces), s.FOCUS_MAX_CARDS), -1, -1):
        cards = [*spaces[:shown], *([off_map] if off_map else [])]
        boxes, bottom = columns(cards, band[3] + s.FOCUS_MARGIN)
        more = _more(len(spaces) - shown, bottom + s.FOCUS_MARGIN, lang)
        last = more.box[3] if more else bottom
        height = last + s.FOCUS_MARGIN if cards else band[3]   # no card: the band alone
        if height <= s.FOCUS_MAX_HEIGHT or shown <= 1:
            break
    return FocusLayout(s.FOCUS_WIDTH, height, band, (*band_items, *([more] if more else [])),
                       tuple(boxes), tuple(c.key for c in spaces), len(spaces) - shown)


def _more(left_out: int, top: int, lang: str) -> Item | None:
    if not left_out:
        return None
    text = t("renders.gandhi.focus.more", lang, count=left_out)
    return text_item("more", text, s.FOCUS_MORE_SIZE, Face.CONDENSED_BOLD,
                     (s.FOCUS_MARGIN, top + s.FOCUS_MORE_SIZE // 2))


# --- the title band -------------------------------------------------------------------------


def title_band(after: GandhiState, events: Sequence[Event | Recorded], changed: int,
               lang: str) -> tuple[Box, list[Item]]:
    m = s.FOCUS_MARGIN
    inset_w, inset_h = inset_size(s.FOCUS_INSET_W)
    inset = (s.FOCUS_WIDTH - m - inset_w, m, s.FOCUS_WIDTH - m, m + inset_h)
    room = inset[0] - 2 * m
    title = turn_title(after, events, lang)
    lines, f = fit_lines(title, Face.CONDENSED_BOLD, s.FOCUS_TITLE_SIZE, room, 2,
                         s.FOCUS_TITLE_MIN)
    if lines and lines[-1].endswith("…"):
        lines, f = fit_lines(short_title(title, events, lang), Face.CONDENSED_BOLD,
                             s.FOCUS_TITLE_SIZE, room, 2, s.FOCUS_TITLE_MIN)
    items = lines_items("title", lines, int(f.size), Face.CONDENSED_BOLD, m, m)
    subtitle = t("renders.gandhi.focus.changed", lang, count=changed) if changed else \
        t("gandhi.digest.nothing", lang)
    for text in (subtitle, viceroy_line(after, lang)):
        sub, f2 = fit_lines(text, Face.CONDENSED, s.FOCUS_SUBTITLE_SIZE, room, 2,
                            s.FOCUS_MIN_TEXT)
        items += lines_items("subtitle", sub, int(f2.size), Face.CONDENSED, m,
                             _bottom(items) + 10)
    items.append(Item("inset", inset))
    return (0, 0, s.FOCUS_WIDTH, max(_bottom(items), inset[3]) + m), items


def viceroy_line(after: GandhiState, lang: str) -> str:
    """The Viceroy after the turn and his years: the date, as the replay gives it."""
    if after.viceroy is None:
        return ""
    face = viceroy_face(after.viceroy, lang)
    return f"{face.name} {face.years}"


def lines_items(kind: str, lines: Sequence[str], size: int, face: Face, left: int,
                top: int) -> list[Item]:
    """Lines of one text from ``top`` down, each its own item."""
    return [text_item(kind, line, size, face, (left, top + i * (size + LINE_GAP) + size // 2))
            for i, line in enumerate(lines)]


def text_item(kind: str, text: str, size: int, face: Face, at: XY) -> Item:
    """Text anchored at its left and middle; its box is the ink's."""
    left, top, right, bottom = font(size, face).getbbox(text, anchor="lm")
    x, y = at
    return Item(kind, (x + int(left), y + int(top), x + int(right), y + int(bottom)), text,
                size, face, at)


def _bottom(items: Iterable[Item]) -> int:
    return max((i.box[3] for i in items), default=0)


# --- the cards ------------------------------------------------------------------------------


def columns(cards: Sequence[Card], top: int) -> tuple[list[CardBox], int]:
    """Each card under the shorter column; returns the boxes and the lowest bottom."""
    m = s.FOCUS_MARGIN
    width = (s.FOCUS_WIDTH - (COLUMNS + 1) * m) // COLUMNS
    bottoms = [top] * COLUMNS
    out = []
    for card in cards:
        col = bottoms.index(min(bottoms))
        x, y = m + col * (width + m), bottoms[col]
        height, items = card_items(card, width)
        out.append(CardBox(card, (x, y, x + width, y + height),
                           tuple(_shifted(i, x, y) for i in items)))
        bottoms[col] = y + height + m
    return out, max(bottoms) - m if out else top


def _shifted(item: Item, dx: int, dy: int) -> Item:
    left, top, right, bottom = item.box
    return replace(item, box=(left + dx, top + dy, right + dx, bottom + dy),
                   at=(item.at[0] + dx, item.at[1] + dy))


def card_items(card: Card, width: int) -> tuple[int, list[Item]]:
    """A card's items from its top left corner, and its height: the header, a row for
    each change, then what stayed as it was in a line of icons with their counts."""
    items = header_items(card, width)
    y = _bottom(i for i in items if i.kind == "header") + 6
    for row in (r for r in card.rows if r.changed):
        row_items, height = row_items_at(row, width, y)
        items += row_items
        y += height + 2
    kept = [r for r in card.rows if not r.changed and r.icon is not None]
    if kept:
        chips = kept_items(kept, width, y + 4)
        items += chips
        y = _bottom(chips) + 2
    return y - 2 + s.FOCUS_CARD_PAD, items


def kept_items(rows: Sequence[Row], width: int, top: int) -> list[Item]:
    """What did not change, as on the map: each icon with its count beside it, in lines
    as wide as the card."""
    pad, icon, gap = s.FOCUS_CARD_PAD, s.FOCUS_KEPT_ICON, s.FOCUS_KEPT_GAP
    f = font(s.FOCUS_KEPT_SIZE, Face.BOLD)
    sizes = [(icon + (4 + text_width(r.now, f) if r.now else 0), icon) for r in rows]
    items: list[Item] = []
    for line, indexes in enumerate(flow(sizes, width - 2 * pad, gap)):
        x, mid = pad, top + line * (icon + 6) + icon // 2
        for i in indexes:
            items.append(Item("icon", (x, mid - icon // 2, x + icon, mid + icon // 2),
                              rows[i].icon or ""))
            if rows[i].now:
                items.append(text_item("kept", rows[i].now, s.FOCUS_KEPT_SIZE, Face.BOLD,
                                       (x + icon + 4, mid)))
            x += sizes[i][0] + gap
    return items


def header_items(card: Card, width: int) -> list[Item]:
    """The name (two lines at most), then the Pop or Econ and a Muslim space's crescent
    on the right."""
    pad = s.FOCUS_CARD_PAD
    f_badge = font(s.FOCUS_BADGE_SIZE, Face.CONDENSED_BOLD)
    badge_w = text_width(card.badge, f_badge) + 2 * BADGE_PAD if card.badge else 0
    right = width - pad - (CRESCENT + 6 if card.muslim else 0)
    room = right - pad - (badge_w + 10 if badge_w else 0)
    lines, f = fit_lines(card.name, Face.CONDENSED_BOLD, s.FOCUS_NAME_SIZE, room, 2,
                         s.FOCUS_NAME_MIN)
    text_h = len(lines) * (int(f.size) + LINE_GAP) - LINE_GAP
    height = max(BADGE_H if card.badge else 0, text_h) + 2 * HEADER_PAD
    mid = height // 2
    items = [Item("header", (0, 0, width, height), card.kind),
             *lines_items("name", lines, int(f.size), Face.CONDENSED_BOLD, pad,
                          mid - text_h // 2)]
    if card.badge:
        box = (right - badge_w, mid - BADGE_H // 2, right, mid + BADGE_H // 2)
        items += [Item("badge", box, card.kind),
                  text_item("badge_text", card.badge, s.FOCUS_BADGE_SIZE, Face.CONDENSED_BOLD,
                            (box[0] + BADGE_PAD, mid))]
    if card.muslim:
        x = width - pad - CRESCENT
        items.append(Item("crescent", (x, mid - CRESCENT // 2, x + CRESCENT,
                                       mid + CRESCENT // 2)))
    return items


def row_items_at(row: Row, width: int, top: int) -> tuple[list[Item], int]:
    """A row at ``top``: icon, words (three lines at most), then the count before, an arrow
    and the count after, right-aligned; a changed row on a pale band."""
    pad, icon = s.FOCUS_CARD_PAD, s.FOCUS_ICON
    f_was, f_now = font(s.FOCUS_WAS_SIZE, Face.CONDENSED), font(s.FOCUS_COUNT_SIZE, Face.BOLD)
    was = f"{row.was} →" if row.was else ""
    was_w = text_width(was, f_was) if was else 0
    now_w = text_width(row.now, f_now) if row.now else 0
    value_w = was_w + (8 if was and row.now else 0) + now_w
    left = pad + icon + 10
    room = width - pad - left - (12 if value_w else 0) - value_w
    face = Face.CONDENSED_BOLD if row.changed else Face.CONDENSED
    lines, f = fit_lines(row.label, face, s.FOCUS_LABEL_SIZE, room, s.FOCUS_LABEL_LINES,
                         s.FOCUS_LABEL_MIN)
    text_h = len(lines) * (int(f.size) + LINE_GAP) - LINE_GAP
    height = max(icon, text_h, s.FOCUS_COUNT_SIZE) + 2 * s.FOCUS_ROW_PAD
    mid = top + height // 2
    items = [Item("band", (pad // 2, top, width - pad // 2, top + height))] if row.changed \
        else []
    if row.icon is not None:
        items.append(Item("icon", (pad, mid - icon // 2, pad + icon, mid + icon // 2),
                          row.icon))
    items += lines_items("label", lines, int(f.size), face, left, mid - text_h // 2)
    right = width - pad
    if row.now:
        items.append(text_item("count", row.now, s.FOCUS_COUNT_SIZE, Face.BOLD,
                               (right - now_w, mid)))
    if was:
        items.append(text_item("was", was, s.FOCUS_WAS_SIZE, Face.CONDENSED,
                               (right - value_w, mid)))
    return items, height
