"""Pieces of the panel used by several sections."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.gandhi.pieces import CONGRESS, MUSLIM_LEAGUE, RAJ, REVOLUTIONARIES
from renders.draw import wrap
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.icons import sprite

# Each Faction's icon is one of its pieces: the shape tells them apart without colour.
FACTION_SPRITE = {RAJ: "troops", CONGRESS: "congress_active", MUSLIM_LEAGUE: "ml_active",
                  REVOLUTIONARIES: "guerrillas_active"}


def faction_icon(faction: str, size: int = style.PIECE) -> Image.Image:
    return sprite(FACTION_SPRITE[faction], size)


def heading(image: Image.Image, x: int, y: int, width: int, text: str) -> int:
    """A section heading with a rule under it; returns the y below it."""
    draw = ImageDraw.Draw(image)
    f = font(16, Face.BOLD)
    draw.text((x, y), wrap(text.upper(), f, width, 1)[0], font=f, fill=style.HEADING)
    draw.line((x, y + 21, x + width, y + 21), fill=style.PANEL_EDGE, width=2)
    return y + 28


def paste(image: Image.Image, icon: Image.Image, x: int, y: int) -> None:
    image.paste(icon, (x, y), icon)
