"""The panel right of the map: cards and Viceroy, the Factions (eligibility, Resources,
victory), the tracks (Restraint, Unity, Protest boxes, Crisis) and the pieces off the map.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.gandhi.state import GandhiState
from renders.gandhi import style
from renders.gandhi.layout import Layout
from renders.gandhi.panel_cards import draw_cards, draw_viceroy
from renders.gandhi.panel_factions import draw_factions
from renders.gandhi.panel_key import draw_marker_key
from renders.gandhi.panel_tracks import draw_boxes, draw_tracks

PAD = 14
GAP = 12


def draw_panel(image: Image.Image, state: GandhiState, layout: Layout, lang: str) -> None:
    draw = ImageDraw.Draw(image)
    x0 = layout.map_width
    draw.rectangle((x0, 0, layout.width, layout.height), fill=style.PANEL)
    draw.line((x0, 0, x0, layout.height), fill=style.PANEL_EDGE, width=3)
    x, width = x0 + PAD, layout.width - x0 - 2 * PAD
    y = draw_cards(image, state, x, PAD, width, lang) + GAP
    y = draw_viceroy(image, state, x, y, width, lang) + GAP
    y = draw_factions(image, state, x, y, width, lang) + GAP
    y = draw_tracks(image, state, x, y, width, lang) + GAP
    y = draw_boxes(image, state, x, y, width, lang) + GAP
    draw_marker_key(image, x, y, width, layout.height - PAD - y, lang)
