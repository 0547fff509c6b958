"""Small drawing helpers shared by every game's renders: text, chips, PNG bytes."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from renders.fonts import Face, font

Colour = tuple[int, int, int] | tuple[int, int, int, int] | str
XY = tuple[int, int]

PNG_COMPRESS_LEVEL = 3  # zlib level: 3 is about twice as fast as 6 for 6% more bytes


def to_png(image: Image.Image) -> bytes:
    """PNG bytes with no metadata, so the same picture always gives the same bytes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


@lru_cache(maxsize=8192)
def text_width(text: str, f: ImageFont.FreeTypeFont) -> int:
    """The advance width (fonts are made once per size and face, so they key a cache)."""
    return int(f.getlength(text) + 0.5)


def wrap(text: str, f: ImageFont.FreeTypeFont, width: int, max_lines: int = 99) -> list[str]:
    """Greedy word wrap; the last allowed line is cut with an ellipsis if text remains."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, f) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " …", f, width)
    return [ellipsize(line, f, width) for line in lines]


def ellipsize(text: str, f: ImageFont.FreeTypeFont, width: int) -> str:
    if text_width(text, f) <= width:
        return text
    while text and text_width(text + "…", f) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fitting_font(text: str, face: Face, size: int, width: int,
                 min_size: int) -> ImageFont.FreeTypeFont:
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits."""
    for s in range(size, min_size - 1, -1):
        if text_width(text, font(s, face)) <= width:
            return font(s, face)
    return font(min_size, face)


def fit_lines(text: str, face: Face, size: int, width: int, max_lines: int,
              min_size: int = 12) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """``text`` wrapped in at most ``max_lines`` lines, in the largest size that needs no
    cut (or cut at ``min_size``)."""
    for s in range(size, min_size - 1, -1):
        lines = wrap(text, font(s, face), width, max_lines)
        if not any(line.endswith("…") for line in lines):   # a long word cuts any line
            return lines, font(s, face)
    return wrap(text, font(min_size, face), width, max_lines), font(min_size, face)


def centred_text(draw: ImageDraw.ImageDraw, centre: XY, text: str,
                 f: ImageFont.FreeTypeFont, fill: Colour) -> None:
    draw.text(centre, text, font=f, fill=fill, anchor="mm")


def lines_height(lines: Sequence[str], f: ImageFont.FreeTypeFont, gap: int = 2) -> int:
    return len(lines) * (int(f.size) + gap) - gap if lines else 0


def draw_lines(draw: ImageDraw.ImageDraw, left: int, top: int, lines: Sequence[str],
               f: ImageFont.FreeTypeFont, fill: Colour, gap: int = 2,
               centre: int | None = None) -> int:
    """Draw lines from ``top``; centred on x ``centre`` if given. Returns the bottom."""
    y = top
    for line in lines:
        if centre is None:
            draw.text((left, y), line, font=f, fill=fill, anchor="la")
        else:
            draw.text((centre, y), line, font=f, fill=fill, anchor="ma")
        y += int(f.size) + gap
    return y - gap


@dataclass(frozen=True)
class Chip:
    """A rounded label: optional icon on the left, then text (``short`` where room is
    short: "" leaves the icon alone)."""

    text: str
    fill: Colour
    ink: Colour
    icon: Image.Image | None = None
    outline: Colour | None = None
    short: str = ""

    def shortened(self) -> Chip:
        return replace(self, text=self.short) if self.icon is not None else self

    def _pad(self) -> int:
        return 8 if self.text else 5

    def size(self, f: ImageFont.FreeTypeFont) -> XY:
        icon_w = self.icon.width if self.icon is not None else 0
        text_w = text_width(self.text, f) if self.text else 0
        gap = 4 if icon_w and text_w else 0
        return 2 * self._pad() + icon_w + gap + text_w, int(f.size) + 10

    def draw(self, image: Image.Image, at: XY, f: ImageFont.FreeTypeFont) -> None:
        w, h = self.size(f)
        x, y = at
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=h // 2, fill=self.fill,
                               outline=self.outline, width=2 if self.outline else 0)
        tx = x + self._pad()
        if self.icon is not None:
            image.paste(self.icon, (tx, y + (h - self.icon.height) // 2), self.icon)
            tx += self.icon.width + 4
        if self.text:
            draw.text((tx, y + h // 2), self.text, font=f, fill=self.ink, anchor="lm")


def flow(sizes: Sequence[XY], width: int, gap: int = 4) -> list[list[int]]:
    """Indexes of items laid out in rows no wider than ``width`` (at least one a row)."""
    rows: list[list[int]] = []
    row_w = 0
    for i, (w, _) in enumerate(sizes):
        if rows and row_w + gap + w <= width:
            rows[-1].append(i)
            row_w += gap + w
        else:
            rows.append([i])
            row_w = w
    return rows
