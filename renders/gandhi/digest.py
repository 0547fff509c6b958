"""The turn digest: the map after a turn with the changed spaces outlined (a changed
Railway's whole line in a band), under a caption in large type that says what changed in
each, and the plain-language text of what each Faction did
(``engine.games.gandhi.narrate``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PIL import Image, ImageDraw, ImageFont

from engine.core.events import Event, Recorded
from engine.games.gandhi.derived import board
from engine.games.gandhi.narrate import digest_text
from engine.games.gandhi.pieces import MAP_KINDS
from engine.games.gandhi.state import GandhiState, SpaceState
from engine.i18n import t
from renders.draw import text_width, to_png
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.map import map_image
from renders.gandhi.names import piece_name, place_name, support_name

__all__ = ["changed_spaces", "changes", "digest_image", "digest_text", "render_digest"]

CAPTION_SIZE = 42      # a quarter of it is still legible on a phone, 400 pixels wide
CAPTION_LINES = 3
CAPTION_PAD = 14
NAME_INK = (255, 150, 214)   # the space names, in the outlines' pink
CHANGE_INK = (255, 255, 255)
SEPARATOR = "  ·  "
NBSP = "\u00a0"


def render_digest(before: GandhiState, after: GandhiState,
                  events: Iterable[Event | Recorded], lang: str = "en",
                  notes: Mapping[int, str] | None = None) -> tuple[bytes, str]:
    """PNG bytes of the captioned map after the turn, and the text (``notes``: remarks
    beside commands, by seq)."""
    return to_png(digest_image(before, after, lang)), digest_text(after, events, lang, notes)


def digest_image(before: GandhiState, after: GandhiState, lang: str = "en") -> Image.Image:
    picture = map_image(after, lang, changed_spaces(before, after))
    band = caption_band(changes(before, after, lang), picture.width, lang)
    image = Image.new("RGB", (picture.width, picture.height + band.height), style.INK)
    image.paste(band, (0, 0))
    image.paste(picture, (0, band.height))
    return image


def changed_spaces(before: GandhiState, after: GandhiState) -> frozenset[str]:
    """Spaces whose pieces or markers differ (Railways included)."""
    ids = set(before.spaces) | set(after.spaces)
    empty = SpaceState()
    return frozenset(i for i in ids
                     if before.spaces.get(i, empty) != after.spaces.get(i, empty))


# --- what changed, space by space ------------------------------------------------------------


def changes(before: GandhiState, after: GandhiState, lang: str) -> list[tuple[str, str]]:
    """(space name, what changed there) for each changed space, in map order:
    ``("Sind", "+1 Troops; Protest")``."""
    b = board(after)
    changed = changed_spaces(before, after)
    out = []
    for space_id in b.spaces:
        if space_id in changed:
            what = space_changes(before.space(space_id), after.space(space_id), lang)
            out.append((place_name(b, space_id, lang), "; ".join(what)))
    return out


def space_changes(old: SpaceState, new: SpaceState, lang: str) -> list[str]:
    out = []
    for kind in MAP_KINDS:
        delta = new.count(kind) - old.count(kind)
        if delta:
            out.append(_key("pieces", lang, count=f"{delta:+d}".replace("-", "−"),
                            piece=piece_name(kind, lang)))
    if new.support != old.support:
        out.append(_key("shift", lang, before=support_name(old.support, lang),
                        after=support_name(new.support, lang)))
    for marker in ("protest", "strike", "muslim_state"):
        if getattr(new, marker) != getattr(old, marker):
            key = "marker_on" if getattr(new, marker) else "marker_off"
            out.append(_key(key, lang, marker=t(f"gandhi.marker.{marker}", lang)))
    if new.unrest != old.unrest:
        out.append(_key("count", lang, marker=t("gandhi.marker.unrest", lang),
                        before=old.unrest, after=new.unrest))
    return out


def _key(name: str, lang: str, **params: object) -> str:
    return t(f"renders.gandhi.digest.{name}", lang, **params)


# --- the caption -------------------------------------------------------------------------------

Word = tuple[str, tuple[int, int, int]]


def caption_band(entries: list[tuple[str, str]], width: int, lang: str) -> Image.Image:
    """Each changed space's name and its changes, in at most ``CAPTION_LINES`` lines of
    large type; the spaces that do not fit are counted at the end."""
    f = font(CAPTION_SIZE, Face.CONDENSED_BOLD)
    room = width - 2 * CAPTION_PAD
    lines = caption_lines(entries, f, room, lang)
    line_h = CAPTION_SIZE + 8
    band = Image.new("RGB", (width, 2 * CAPTION_PAD + len(lines) * line_h - 8), style.INK)
    draw = ImageDraw.Draw(band)
    for row, line in enumerate(lines):
        x, y = CAPTION_PAD, CAPTION_PAD + row * line_h
        for text, ink in line:
            draw.text((x, y), text, font=f, fill=ink)
            x += text_width(text, f)
    return band


def caption_lines(entries: list[tuple[str, str]], f: ImageFont.FreeTypeFont, room: int,
                  lang: str) -> list[list[Word]]:
    """Entries flowed word by word into lines; whole entries are left out (and counted)
    rather than cut."""
    if not entries:
        return [[(t("gandhi.digest.nothing", lang), CHANGE_INK)]]
    for shown in range(len(entries), 0, -1):
        words = _words(entries[:shown])
        if shown < len(entries):
            more = _key("more", lang, count=len(entries) - shown)
            words.append((SEPARATOR + more, style.PANEL_EDGE))
        lines = _flow(words, f, room)
        if len(lines) <= CAPTION_LINES:
            return lines
    return _flow(_words(entries[:1]), f, room)[:CAPTION_LINES]


def _words(entries: list[tuple[str, str]]) -> list[Word]:
    """The words of the entries, each with the space before it (or the separator)."""
    words: list[Word] = []
    for i, (name, what) in enumerate(entries):
        for j, word in enumerate(f"{name}:".split(" ")):
            words.append(((SEPARATOR if i else "") + word if j == 0 else " " + word,
                          NAME_INK))
        what = what.replace(" → ", NBSP + "→" + NBSP)   # "0 → 2" stays on one line
        words += [(" " + word, CHANGE_INK) for word in what.split(" ")]
    return words


def _flow(words: list[Word], f: ImageFont.FreeTypeFont, room: int) -> list[list[Word]]:
    lines: list[list[Word]] = [[]]
    used = 0
    for text, ink in words:
        w = text_width(text, f)
        if lines[-1] and used + w > room:
            text = text.lstrip(" ·")
            lines.append([])
            used = 0
            w = text_width(text, f)
        lines[-1].append((text, ink))
        used += w
    return lines
