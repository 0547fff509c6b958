"""The bundled fonts (DejaVu, Bitstream Vera license: ``fonts/LICENSE.txt``).

Never a host font: every face is loaded from ``renders/fonts``.  Text is laid out with
Pillow's basic layout engine, so the pixels do not depend on whether the host has
libraqm, and a render is the same bytes on every machine with the same Pillow.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"


class Face(Enum):
    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed.ttf"
    CONDENSED_BOLD = "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int, face: Face = Face.REGULAR) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / face.value), size,
                              layout_engine=ImageFont.Layout.BASIC)


def missing_glyphs(text: str, face: Face) -> set[str]:
    """Characters of ``text`` that ``face`` has no glyph for (drawn as .notdef boxes).

    A character is missing when its mask equals the mask of a private-use code point,
    which no DejaVu face covers, so it is drawn as the .notdef glyph.
    """
    f = font(40, face)
    notdef = _mask(f, "\ue000")
    return {ch for ch in set(text) if not ch.isspace() and _mask(f, ch) == notdef}


def _mask(f: ImageFont.FreeTypeFont, ch: str) -> bytes:
    """The pixels of one character drawn alone."""
    image = Image.new("L", (80, 80))
    ImageDraw.Draw(image).text((10, 10), ch, font=f, fill=255)
    return image.tobytes()
