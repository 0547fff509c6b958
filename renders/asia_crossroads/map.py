"""The Asia Crossroads map: the square grid (2.1) drawn from the game pack, with terrain,
region borders on square edges, trade routes, rivers, cities, the two bases, every stack
as a chip per side with its combat strength, the markers, and a panel with the turn,
the Balance of Power and each side's treasury *as the reader may see it* (the state
given is a view: another side's treasury is "?").  Every picture of a house pack says
so.  1024 pixels wide, squares of 64: a chip's number stays readable in Discord's phone
preview (about 400 wide)."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image, ImageDraw

from engine.games.asia_crossroads.state import (
    HIDDEN,
    SEATS,
    AsiaState,
    owner,
    strength,
    units_at,
)
from engine.games.asia_crossroads.vocabulary import square_label
from engine.i18n import t
from renders.draw import centred_text, to_png
from renders.fonts import Face, font

CELL = 64
TOP = 56          # the Urals box
BOTTOM = 56       # the Central India box
PANEL = 120
TERRAIN = {"clear": (214, 226, 178), "desert": (238, 220, 160), "hills": (204, 186, 140),
           "mountain": (170, 150, 130), "sea": (150, 190, 225)}
SIDE = {"british": (200, 40, 40), "russian": (40, 80, 190), None: (140, 100, 60)}
MARKER = {"colony": "C", "fort": "F", "trading_post": "T", "railway": "R"}


def origin(state: AsiaState, square: str) -> tuple[int, int]:
    x, y = state.data.xy(square)
    return x * CELL, TOP + y * CELL


def map_image(state: AsiaState, lang: str = "en",
              highlight: Iterable[str] = ()) -> Image.Image:
    pack = state.data
    width, height = len(pack.columns) * CELL, TOP + pack.rows * CELL + BOTTOM + PANEL
    image = Image.new("RGB", (width, height), (250, 248, 240))
    draw = ImageDraw.Draw(image)
    for square, terrain in pack.terrain.items():
        x, y = origin(state, square)
        draw.rectangle((x, y, x + CELL - 1, y + CELL - 1), fill=TERRAIN[terrain],
                       outline=(180, 180, 170))
        if terrain in ("hills", "mountain"):
            for dx in (14, 38):
                draw.polygon([(x + dx, y + 56), (x + dx + 10, y + 44), (x + dx + 20, y + 56)],
                             outline=(120, 100, 80))
        draw.text((x + 2, y + 1), square, font=font(10), fill=(110, 110, 100))
    _rivers_routes(state, draw)
    _borders(state, draw)
    _railways(state, draw)
    _cities(state, draw, lang)
    _bases(state, draw, lang)
    for square in sorted({u.where for u in state.units.values() if u.where in pack.terrain}
                         | set(state.markers)):
        _stack(state, draw, square)
    for square in highlight:
        if square in pack.terrain:
            x, y = origin(state, square)
            draw.rectangle((x + 1, y + 1, x + CELL - 2, y + CELL - 2), outline=(255, 170, 0),
                           width=4)
    _panel(state, draw, lang, TOP + pack.rows * CELL + BOTTOM)
    return image


def _railways(state: AsiaState, draw: ImageDraw.ImageDraw) -> None:
    """13.6.4: a track across each square side between two railways of one owner."""
    pack = state.data
    for square, kinds in sorted(state.markers.items()):
        who = kinds.get("railway")
        if who is None:
            continue
        for n in pack.neighbours(square, False):
            if n > square and state.markers.get(n, {}).get("railway") == who:
                draw.line((_centre(state, square), _centre(state, n)), fill=SIDE[who],
                          width=3)


def _centre(state: AsiaState, square: str) -> tuple[int, int]:
    x, y = origin(state, square)
    return x + CELL // 2, y + CELL // 2


def _rivers_routes(state: AsiaState, draw: ImageDraw.ImageDraw) -> None:
    pack = state.data
    for square in pack.rivers:
        x, y = _centre(state, square)
        for n in pack.neighbours(square, False):
            if n in pack.rivers:
                draw.line((x, y, *_centre(state, n)), fill=(60, 120, 210), width=5)
    for pair in sorted(pack.routes, key=sorted):
        a, b = sorted(pair)
        (ax, ay), (bx, by) = _centre(state, a), _centre(state, b)
        for i in range(0, 10, 2):   # dashed
            f0, f1 = i / 10, (i + 1) / 10
            draw.line((ax + (bx - ax) * f0, ay + (by - ay) * f0, ax + (bx - ax) * f1,
                       ay + (by - ay) * f1), fill=(130, 70, 20), width=3)


def _borders(state: AsiaState, draw: ImageDraw.ImageDraw) -> None:
    """2.1.3: region borders run along square edges."""
    pack = state.data
    for square in pack.terrain:
        x, y = origin(state, square)
        right, below = pack.step(square, "e"), pack.step(square, "s")
        region = pack.region.get(square)
        if right and pack.region.get(right) != region and region and pack.region.get(right):
            draw.line((x + CELL - 1, y, x + CELL - 1, y + CELL), fill=(60, 30, 60), width=3)
        if below and pack.region.get(below) != region and region and pack.region.get(below):
            draw.line((x, y + CELL - 1, x + CELL, y + CELL - 1), fill=(60, 30, 60), width=3)


def _cities(state: AsiaState, draw: ImageDraw.ImageDraw, lang: str) -> None:
    pack = state.data
    for city in pack.cities.values():
        x, y = origin(state, city.square)
        control = state.control.get(pack.region[city.square], "neutral")
        ring = SIDE.get(control if control in SEATS else None, (90, 90, 90)) \
            if city.capital else (60, 60, 60)
        draw.rectangle((x + 4, y + 14, x + 14, y + 24), fill=(255, 255, 255), outline=ring,
                       width=3 if city.capital else 1)
        name = t(f"asia.city.{city.id}", lang)
        draw.text((x + 3, y + 50), f"{name} £{city.value}", font=font(10, Face.CONDENSED_BOLD),
                  fill=(30, 30, 30))


def _bases(state: AsiaState, draw: ImageDraw.ImageDraw, lang: str) -> None:
    pack = state.data
    width = len(pack.columns) * CELL
    for base in pack.bases.values():
        top = 0 if base.edge != "south" else TOP + pack.rows * CELL
        colour = SIDE[base.side]
        draw.rectangle((0, top, width - 1, top + TOP - 1), fill=(235, 232, 222),
                       outline=colour, width=2)
        units = units_at(state, base.id)
        hidden = sum(1 for u in units if u.kind == HIDDEN)         # 14.4: concealed
        brigades = sum(u.size for u in units if not u.agent and u.kind != HIDDEN)
        agents = sum(1 for u in units if u.agent)
        label = f"{t(f'asia.base.{base.id}', lang)}: " + (
            f"?{hidden}" if hidden else f"{brigades} X, {agents} ★") \
            if units else t(f"asia.base.{base.id}", lang)
        draw.text((10, top + 14), label, font=font(24, Face.BOLD), fill=colour)


def _stack(state: AsiaState, draw: ImageDraw.ImageDraw, square: str) -> None:
    """One chip per side in the square: its combat strength, and a star per agent; a
    concealed stack (14.4) shows only its number of counters, as ``?3``."""
    x, y = origin(state, square)
    sides: dict[str | None, list[int]] = {}
    for unit in units_at(state, square):
        side = owner(state, unit)
        entry = sides.setdefault(side, [0, 0, 0])
        if unit.kind == HIDDEN:
            entry[2] += 1
        elif unit.agent:
            entry[1] += 1
        else:
            entry[0] += strength(state, unit)
    for row, (side, (power, agents, hidden)) in enumerate(sorted(sides.items(),
                                                                 key=lambda s: str(s[0]))):
        top = y + 16 + row * 18
        left = x + 20 if row == 0 else x + 20
        text = (str(power) if power else "") + ("★" * min(agents, 2)) + (
            f"?{hidden}" if hidden else "")
        draw.rounded_rectangle((left, top, left + 40, top + 17), radius=4, fill=SIDE[side])
        centred_text(draw, (left + 20, top + 8), text, font(15, Face.BOLD), (255, 255, 255))
    for i, (marker, who) in enumerate(sorted(state.markers.get(square, {}).items())):
        left = x + 4 + i * 15
        draw.rectangle((left, y + 30, left + 13, y + 43), fill=(255, 255, 255),
                       outline=SIDE[who], width=2)
        centred_text(draw, (left + 7, y + 37), MARKER[marker], font(10, Face.BOLD), SIDE[who])


def _panel(state: AsiaState, draw: ImageDraw.ImageDraw, lang: str, top: int) -> None:
    """The turn, the BoP (positive favours the British), and each side's treasury and
    supply points as the reader may see them."""
    left = 12
    turn = state.turns[state.turn - 1] if state.turns else ""
    draw.text((left, top + 8), f"{t('asia.name', lang)} · {turn} · BoP {state.balance:+d}",
              font=font(26, Face.BOLD), fill=(30, 30, 30))
    for i, seat in enumerate(SEATS):
        treasury = state.treasury.get(seat)
        money = "?" if treasury is None else f"£{treasury}"
        draw.text((left + i * 340, top + 46),
                  f"{t(f'asia.seat.{seat}', lang)}: {money} · SP {state.supply.get(seat, 0)}",
                  font=font(24, Face.BOLD), fill=SIDE[seat])
    if state.data.house:
        draw.text((left, top + 86), t("asia.house", lang).upper(), font=font(18, Face.BOLD),
                  fill=(150, 60, 0))


def render_map(state: AsiaState, lang: str = "en",
               highlight: frozenset[str] = frozenset()) -> bytes:
    return to_png(map_image(state, lang, highlight))


def changed_squares(before: AsiaState, after: AsiaState) -> frozenset[str]:
    """Squares whose units or markers differ."""
    def content(state: AsiaState, square: str) -> tuple[object, ...]:
        return (sorted((u.id, u.size) for u in units_at(state, square)),
                sorted(state.markers.get(square, {}).items()))
    squares = set(after.data.terrain) if after.turns else set()
    return frozenset(s for s in squares if not before.turns or content(before, s)
                     != content(after, s))


def label(square: str, lang: str) -> str:
    return square_label(square, lang)
