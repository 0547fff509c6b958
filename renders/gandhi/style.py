"""Colours and sizes of the Gandhi renders, in one place."""

from __future__ import annotations

from engine.games.gandhi.pieces import CONGRESS, MUSLIM_LEAGUE, RAJ, REVOLUTIONARIES

RGB = tuple[int, int, int]

SEA = (170, 205, 222)
SEA_INK = (58, 96, 120)
LAND = (242, 232, 205)
PRINCELY = (247, 222, 140)      # yellow tint, and a hatch (1.3.5)
MUSLIM = (205, 228, 180)        # green tint, and a crescent by the name (1.3.3)
MUSLIM_PRINCELY = (214, 226, 150)
HATCH = (214, 178, 72)
HATCH_MUSLIM = (150, 178, 80)
MUSLIM_STATE = (46, 125, 50)    # the Muslim State marker's hatch over the space
BORDER = (120, 95, 62)
COAST = (70, 105, 125)
RAIL = (35, 30, 28)
RAIL_TIE = (250, 248, 240)
CITY = (255, 251, 240)
CITY_MUSLIM = (226, 240, 212)
CITY_EDGE = (60, 45, 40)
INK = (40, 32, 24)
SOFT_INK = (95, 85, 72)
PANEL = (250, 246, 236)
PANEL_EDGE = (200, 188, 160)
HEADING = (120, 60, 20)
HIGHLIGHT = (214, 0, 140)

FACTION_COLOURS: dict[str, RGB] = {
    RAJ: (198, 40, 40), CONGRESS: (240, 140, 26), MUSLIM_LEAGUE: (46, 125, 50),
    REVOLUTIONARIES: (34, 34, 34)}
FACTION_INK: dict[str, RGB] = {
    RAJ: (255, 255, 255), CONGRESS: (40, 20, 0), MUSLIM_LEAGUE: (255, 255, 255),
    REVOLUTIONARIES: (255, 255, 255)}

TROOPS = (198, 40, 40)
SEPOYS = (246, 246, 242)
CONGRESS_ORANGE = (240, 140, 26)
ML_GREEN = (46, 140, 60)
GUERRILLA = (30, 30, 30)
GANDHI = (250, 170, 50)

SUPPORT_FILL: dict[int, RGB] = {2: (31, 95, 168), 1: (160, 196, 236),
                                -1: (246, 184, 128), -2: (196, 81, 26)}
SUPPORT_INK: dict[int, RGB] = {2: (255, 255, 255), 1: (20, 40, 70),
                               -1: (70, 30, 0), -2: (255, 255, 255)}
CONTROL_FILL = (198, 40, 40)
PROTEST_FILL = (250, 205, 50)
UNREST_FILL = (120, 28, 28)
STRIKE_FILL = (30, 30, 30)
STRIKE_INK = (250, 205, 50)

PIECE = 30          # a piece's sprite, in pixels
NAME_SIZE = 20      # space names
RAIL_NAME_SIZE = 14  # a Railway's name over its pieces
COUNT_SIZE = 20     # piece counts
CHIP_SIZE = 16      # marker chips
