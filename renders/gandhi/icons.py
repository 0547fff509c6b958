"""Sprites of the pieces and markers, drawn four times larger and scaled down (smooth
edges), made once per size and kept.  Shapes, not only colours, tell pieces apart:
cubes, cylinders (standing and solid = Active, lying and pale = Inactive), octagons
(plain = Underground, star = Active), discs (Bases)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.style import RGB

SUPERSAMPLE = 4
EDGE = (25, 20, 18)


def shade(colour: RGB, amount: float) -> RGB:
    """Lighter (amount > 0) or darker (amount < 0)."""
    target = 255 if amount > 0 else 0
    a = abs(amount)
    r, g, b = colour
    return (round(r + (target - r) * a), round(g + (target - g) * a),
            round(b + (target - b) * a))


def _cube(d: ImageDraw.ImageDraw, s: int, colour: RGB) -> None:
    m = s // 16
    w, h = s - 2 * m, s - 2 * m
    top, ul, ur = (m + w // 2, m), (m, m + h // 4), (m + w, m + h // 4)
    ll, lr, bottom = (m, m + 3 * h // 4), (m + w, m + 3 * h // 4), (m + w // 2, m + h)
    centre = (m + w // 2, m + h // 2)
    line = max(2, s // 24)
    d.polygon([top, ur, centre, ul], fill=shade(colour, 0.35), outline=EDGE, width=line)
    d.polygon([ul, centre, bottom, ll], fill=colour, outline=EDGE, width=line)
    d.polygon([centre, ur, lr, bottom], fill=shade(colour, -0.25), outline=EDGE, width=line)


def _cylinder(d: ImageDraw.ImageDraw, s: int, colour: RGB) -> None:
    m, line = s // 8, max(2, s // 24)
    left, right = m + s // 16, s - m - s // 16
    cap = s // 3
    d.rounded_rectangle((left, m + cap // 2, right, s - m), radius=cap // 2,
                        fill=shade(colour, -0.12), outline=EDGE, width=line)
    d.ellipse((left, m, right, m + cap), fill=shade(colour, 0.3), outline=EDGE, width=line)


def _lying(colour: RGB) -> Callable[[ImageDraw.ImageDraw, int], None]:
    """An Inactive Activist: lying down and pale, ringed in its colour, so that it still
    differs from a standing, solid Active one where the picture is shown small."""
    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        m, line = s // 10, max(3, s // 12)
        cap = s // 3
        top, bottom = m + s // 6, s - m - s // 10
        ring = shade(colour, -0.2)
        d.rounded_rectangle((m, top, s - m - cap // 2, bottom), radius=cap // 2,
                            fill=shade(colour, 0.78), outline=ring, width=line)
        d.ellipse((s - m - cap, top, s - m, bottom), fill=shade(colour, 0.9), outline=ring,
                  width=line)
    return draw


def _octagon(s: int, inset: int = 0) -> list[tuple[float, float]]:
    r = s / 2 - s / 14 - inset
    c = s / 2
    return [(c + r * math.cos(math.pi / 8 + i * math.pi / 4),
             c + r * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]


def _star(c: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((c + radius * math.cos(angle), c + radius * math.sin(angle)))
    return points


def _guerrilla(active: bool) -> Callable[[ImageDraw.ImageDraw, int], None]:
    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        line = max(2, s // 24)
        d.polygon(_octagon(s), fill=style.GUERRILLA, outline=EDGE, width=line)
        if active:
            d.polygon(_star(s / 2, s * 0.3), fill=(255, 255, 255))
        else:
            d.polygon(_octagon(s, s // 6), outline=(120, 120, 120), width=line)
    return draw


def _disc(d: ImageDraw.ImageDraw, s: int, colour: RGB) -> None:
    m, line = s // 16, max(2, s // 20)
    d.ellipse((m, m, s - m, s - m), fill=colour, outline=EDGE, width=line)
    d.ellipse((m + s // 8, m + s // 8, s - m - s // 8, s - m - s // 8),
              outline=shade(colour, 0.45), width=line)


def _ml_base(d: ImageDraw.ImageDraw, s: int) -> None:
    _disc(d, s, style.ML_GREEN)
    _crescent(d, s, (255, 255, 255), style.ML_GREEN, scale=0.42)


def _rev_base(d: ImageDraw.ImageDraw, s: int) -> None:
    _disc(d, s, style.GUERRILLA)
    d.ellipse((s * 0.36, s * 0.36, s * 0.64, s * 0.64), fill=(220, 50, 50))


def _crescent(d: ImageDraw.ImageDraw, s: int, colour: RGB, behind: RGB | tuple[int, ...],
              scale: float = 0.7) -> None:
    r = s * scale / 2
    c = s / 2
    d.ellipse((c - r, c - r, c + r, c + r), fill=colour)
    shift = r * 0.45
    d.ellipse((c - r * 0.85 + shift, c - r * 0.9, c + r * 0.85 + shift, c + r * 0.8),
              fill=behind)


def _gandhi(d: ImageDraw.ImageDraw, s: int) -> None:
    _disc(d, s, style.GANDHI)
    d.text((s / 2, s / 2 + s // 20), "G", font=font(int(s * 0.55), Face.BOLD),
           fill=EDGE, anchor="mm")


def _crown(d: ImageDraw.ImageDraw, s: int) -> None:
    gold, line = (250, 210, 60), max(2, s // 20)
    pts = [(s * 0.1, s * 0.78), (s * 0.1, s * 0.3), (s * 0.3, s * 0.55), (s * 0.5, s * 0.2),
           (s * 0.7, s * 0.55), (s * 0.9, s * 0.3), (s * 0.9, s * 0.78)]
    d.polygon(pts, fill=gold, outline=EDGE, width=line)


def _triangle(up: bool, colour: RGB) -> Callable[[ImageDraw.ImageDraw, int], None]:
    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        if up:
            pts = [(s * 0.5, s * 0.12), (s * 0.92, s * 0.85), (s * 0.08, s * 0.85)]
        else:
            pts = [(s * 0.08, s * 0.15), (s * 0.92, s * 0.15), (s * 0.5, s * 0.88)]
        d.polygon(pts, fill=colour)
    return draw


def _fist(d: ImageDraw.ImageDraw, s: int) -> None:
    """Protest: a raised hand (palm and four fingers)."""
    ink = EDGE
    d.rounded_rectangle((s * 0.22, s * 0.42, s * 0.78, s * 0.9), radius=s // 8, fill=ink)
    for i in range(4):
        x = s * (0.22 + i * 0.145)
        d.rounded_rectangle((x, s * 0.12, x + s * 0.12, s * 0.55), radius=s // 16, fill=ink)


def _flame(d: ImageDraw.ImageDraw, s: int) -> None:
    """Unrest: a flame."""
    d.polygon([(s * 0.5, s * 0.05), (s * 0.8, s * 0.5), (s * 0.75, s * 0.85),
               (s * 0.5, s * 0.95), (s * 0.25, s * 0.85), (s * 0.2, s * 0.5),
               (s * 0.38, s * 0.35)], fill=(255, 170, 40))
    d.ellipse((s * 0.36, s * 0.55, s * 0.64, s * 0.9), fill=(255, 230, 120))


def _gear(d: ImageDraw.ImageDraw, s: int) -> None:
    """Strike: a stopped wheel (a cog with a bar across)."""
    c, r = s / 2, s * 0.36
    for i in range(8):
        a = i * math.pi / 4
        d.line((c, c, c + r * 1.2 * math.cos(a), c + r * 1.2 * math.sin(a)),
               fill=style.STRIKE_INK, width=s // 7)
    d.ellipse((c - r, c - r, c + r, c + r), fill=style.STRIKE_INK)
    d.ellipse((c - r / 2.5, c - r / 2.5, c + r / 2.5, c + r / 2.5), fill=style.STRIKE_FILL)


SPRITES: dict[str, Callable[[ImageDraw.ImageDraw, int], None]] = {
    "troops": lambda d, s: _cube(d, s, style.TROOPS),
    "sepoys": lambda d, s: _cube(d, s, style.SEPOYS),
    "congress_active": lambda d, s: _cylinder(d, s, style.CONGRESS_ORANGE),
    "congress_inactive": _lying(style.CONGRESS_ORANGE),
    "ml_active": lambda d, s: _cylinder(d, s, style.ML_GREEN),
    "ml_inactive": _lying(style.ML_GREEN),
    "gandhi": _gandhi,
    "guerrillas_underground": _guerrilla(False),
    "guerrillas_active": _guerrilla(True),
    "ml_bases": _ml_base,
    "rev_bases": _rev_base,
    "crown": _crown,
    "crescent": lambda d, s: _crescent(d, s, (30, 100, 40), (0, 0, 0, 0)),
    "crescent_white": lambda d, s: _crescent(d, s, (255, 255, 255), style.MUSLIM_STATE),
    "support_up": _triangle(True, (255, 255, 255)),
    "support_up_dark": _triangle(True, (20, 40, 70)),
    "opposition_down": _triangle(False, (255, 255, 255)),
    "opposition_down_dark": _triangle(False, (70, 30, 0)),
    "protest": _fist,
    "unrest": _flame,
    "strike": _gear,
}


@cache
def sprite(name: str, size: int = style.PIECE) -> Image.Image:
    """An RGBA sprite ``size`` pixels square."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    SPRITES[name](ImageDraw.Draw(image), big)
    return image.resize((size, size), Image.Resampling.LANCZOS)
