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

# The focus picture (renders/gandhi/focus*.py): drawn 800 pixels wide, seen about 400 wide
# in Discord's phone preview, so every size below is halved there.  No text is smaller
# than FOCUS_MIN_TEXT: 11 pixels at half size, DejaVu's capitals 8 pixels tall.
FOCUS_WIDTH = 800
FOCUS_MAX_HEIGHT = 2000
FOCUS_MAX_CARDS = 10        # space cards shown at most; the rest are counted
FOCUS_MIN_TEXT = 22
FOCUS_TITLE_SIZE = 34       # the card or Campaign Round, at most two lines...
FOCUS_TITLE_MIN = 26        # ...shrinking to this size before it is shortened
FOCUS_SUBTITLE_SIZE = 24
FOCUS_NAME_SIZE = 30        # a space card's name, at most two lines...
FOCUS_NAME_MIN = 24         # ...shrinking to this
FOCUS_LABEL_SIZE = 25       # a row's words (a piece, a marker), at most three lines...
FOCUS_LABEL_MIN = FOCUS_MIN_TEXT
FOCUS_LABEL_LINES = 3       # "Prisión: Activistas de la Liga Musulmana"
FOCUS_COUNT_SIZE = 32       # the count after the turn
FOCUS_WAS_SIZE = 25         # the count before it, with its arrow: "1 →"
FOCUS_BADGE_SIZE = 24       # the Pop or Econ number in the card's header
FOCUS_MORE_SIZE = 26        # "and 4 more spaces"
FOCUS_ICON = 38             # a row's sprite or marker, square
FOCUS_KEPT_ICON = 34        # what did not change: its icon...
FOCUS_KEPT_SIZE = 28        # ...and its count
FOCUS_KEPT_GAP = 16         # between two of them
FOCUS_MARGIN = 14           # around the picture, and between cards
FOCUS_CARD_PAD = 12
FOCUS_ROW_PAD = 5           # above and below a row's tallest item
FOCUS_INSET_W = 176         # the locator map in the title band
FOCUS_BAND = INK
FOCUS_TITLE_INK = (255, 255, 255)
FOCUS_SUBTITLE_INK = PANEL_EDGE
FOCUS_CARD = (255, 253, 247)
FOCUS_CHANGED = (253, 226, 240)   # a changed row's band: the outlines' pink, pale
FOCUS_WAS_INK = SOFT_INK
FOCUS_RAIL_HEADER = RAIL
FOCUS_OFF_MAP = (222, 214, 196)   # the header of the card of what changed off the map
