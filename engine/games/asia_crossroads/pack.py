"""The game pack (DESIGN.md §1): the map, charts, tables, counters, agents and scenarios
that the rule copy lacks (facts §8), read from TOML files in one folder.  The built-in
pack is ``packs/house``: invented, every file marked ``house``.  A group that owns the
magazine edition writes its own folder in the same format (docs/asia-crossroads.md) and
names it with the ``pack`` option.  Pure: reading files is the only effect, at import."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

HOUSE = Path(__file__).parent / "packs" / "house"
IMPERIAL = ("british", "russian")
ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL = ((1, -1), (1, 1), (-1, 1), (-1, -1))
DIRECTIONS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1),
              "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)}


@dataclass(frozen=True)
class Terrain:
    mp: int
    defence: int
    forage: int


@dataclass(frozen=True)
class UnitType:
    nation: str
    kind: str
    strength: int      # per brigade/group
    crt: str           # B, R or C (2.3.2)
    ma: int
    circled: bool      # 13.2: moves diagonally
    brigades: int      # in the counter mix


@dataclass(frozen=True)
class Agent:
    id: str
    side: str          # british, russian or a native region
    political: int
    military: int
    ma: int
    periods: tuple[int, ...] = ()
    generic: bool = False
    khan: bool = False


@dataclass(frozen=True)
class City:
    id: str
    square: str
    value: int
    capital: bool
    port: bool


@dataclass(frozen=True)
class Base:
    id: str
    side: str
    edge: str
    region: str
    sea: str


# The rules the copy lost (facts §8.2), each a pack option with its house default
# (tables.toml ``[rules]``; docs/asia-crossroads.md lists the values).
RULES: dict[str, tuple[str, ...]] = {
    "retreat": ("adjacent", "toward_base"),          # 14.5: the Player Aid's procedure
    "railway_placement": ("connected", "anywhere"),  # 20.3.4
    "jihad": ("ghazis", "none"),                     # 21.0
    "massacres": ("storm", "none"),                  # 20.5
    "capitulation": ("bop_limit", "none"),           # 3.1(16)
    "victory": ("regions_and_cities", "balance"),    # the victory rules
}


@dataclass(frozen=True)
class Scenario:
    id: str
    turns: tuple[str, ...]
    period: int
    balance: int
    treasury: dict[str, int]
    supply: dict[str, int]
    control: dict[str, str]
    units: tuple[tuple[str, str, int, str], ...]
    agents: dict[str, str]
    periods: tuple[int, ...] = ()      # 16.6: the period of each turn (default: ``period``)
    markers: tuple[tuple[str, str, str], ...] = ()   # [square, marker, owner] at the start


@dataclass(frozen=True)
class Pack:
    name: str
    house: bool
    columns: str
    rows: int
    terrain: dict[str, str]                  # square -> terrain
    region: dict[str, str]                   # land square -> region
    regions: tuple[str, ...]
    water: dict[str, str]                    # sea square -> caspian / persian_gulf / sea
    rivers: frozenset[str]
    bases: dict[str, Base]
    cities: dict[str, City]
    routes: frozenset[frozenset[str]]        # trade-route steps (pairs of squares)
    route_squares: frozenset[str]
    tec: dict[str, Terrain]
    tables: dict[str, Any]
    units: dict[tuple[str, str], UnitType]
    agents: dict[str, Agent]
    scenarios: dict[str, Scenario]
    city_at: dict[str, City] = field(default_factory=dict)
    rules: dict[str, str] = field(default_factory=dict)

    # --- the grid --------------------------------------------------------------------
    def xy(self, square: str) -> tuple[int, int]:
        return self.columns.index(square[0]), int(square[1:]) - 1

    def name_of(self, x: int, y: int) -> str | None:
        if 0 <= x < len(self.columns) and 0 <= y < self.rows:
            return f"{self.columns[x]}{y + 1}"
        return None

    @property
    def squares(self) -> tuple[str, ...]:
        return tuple(self.terrain)

    def step(self, square: str, direction: str) -> str | None:
        x, y = self.xy(square)
        dx, dy = DIRECTIONS[direction]
        return self.name_of(x + dx, y + dy)

    def neighbours(self, square: str, diagonal: bool) -> list[str]:
        x, y = self.xy(square)
        steps = ORTHOGONAL + (DIAGONAL if diagonal else ())
        return [n for dx, dy in steps if (n := self.name_of(x + dx, y + dy)) is not None]

    def land(self, square: str) -> bool:
        return self.terrain[square] != "sea"

    def coastal(self, square: str) -> bool:
        return self.land(square) and any(not self.land(n)
                                         for n in self.neighbours(square, False))

    def edge_squares(self, base: str) -> list[str]:
        """19.1: the map-edge squares that lead to ``base``."""
        info = self.bases[base]
        out = []
        for square, region in self.region.items():
            if region != info.region:
                continue
            x, y = self.xy(square)
            on_edge = (info.edge == "south" and y == self.rows - 1) or (
                info.edge == "west_north" and (x == 0 or y == 0))
            if on_edge:
                out.append(square)
        return out

    def capital(self, region: str) -> City | None:
        return next((c for c in self.cities.values()
                     if c.capital and self.region.get(c.square) == region), None)

    def unit_type(self, nation: str, kind: str) -> UnitType:
        return self.units[(nation, kind)]


def _grid(data: dict[str, Any]) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    letters = {".": "clear", "d": "desert", "h": "hills", "m": "mountain", "~": "sea"}
    codes = data["region_codes"]
    terrain, region, water = {}, {}, {}
    waters = {s: "caspian" for s in data.get("caspian", [])} | {
        s: "persian_gulf" for s in data.get("persian_gulf", [])}
    for y, (row, regs) in enumerate(zip(data["terrain"], data["regions"], strict=True)):
        for x, (t, r) in enumerate(zip(row, regs, strict=True)):
            square = f"{data['columns'][x]}{y + 1}"
            terrain[square] = letters[t]
            if t == "~":
                water[square] = waters.get(square, "sea")
            else:
                region[square] = codes[r]
    return terrain, region, water


def load_pack(folder: Path = HOUSE) -> Pack:
    def read(name: str) -> dict[str, Any]:
        with (folder / name).open("rb") as fh:
            return tomllib.load(fh)
    board, tables, counters, scen = (read(f"{n}.toml") for n in
                                     ("map", "tables", "counters", "scenarios"))
    terrain, region, water = _grid(board)
    routes: set[frozenset[str]] = set()
    for path in board["trade_routes"].values():
        routes |= {frozenset(pair) for pair in zip(path, path[1:], strict=False)}
    cities = {k: City(k, v["square"], v["value"], v.get("capital", False),
                      v.get("port", False)) for k, v in board["cities"].items()}
    units = {(nation, kind): UnitType(nation, kind, **spec)
             for nation, kinds in counters["units"].items() for kind, spec in kinds.items()}
    agents = {k: Agent(k, v["side"], v["political"], v["military"], v["ma"],
                       tuple(v.get("periods", ())), v.get("generic", False),
                       v.get("khan", False)) for k, v in counters["agents"].items()}
    scenarios = {k: Scenario(k, tuple(v["turns"]), v["period"], v["balance"],
                             dict(v["treasury"]), dict(v["supply"]), dict(v["control"]),
                             tuple((u[0], u[1], int(u[2]), u[3]) for u in v["units"]),
                             dict(v["agents"]), tuple(v.get("periods", ())),
                             tuple((m[0], m[1], m[2]) for m in v.get("markers", ())))
                 for k, v in scen["scenarios"].items()}
    pack = Pack(
        name=folder.name, house=bool(board.get("house") or tables.get("house")),
        columns=board["columns"], rows=board["rows"], terrain=terrain, region=region,
        regions=tuple(dict.fromkeys(board["region_codes"].values())), water=water,
        rivers=frozenset(s for path in board.get("rivers", []) for s in path),
        bases={k: Base(k, v["side"], v["edge"], v["region"], v["sea"])
               for k, v in board["bases"].items()},
        cities=cities, routes=frozenset(routes),
        route_squares=frozenset(s for pair in routes for s in pair),
        tec={k: Terrain(**v) for k, v in tables["terrain"].items()}, tables=tables,
        units=units, agents=agents, scenarios=scenarios,
        city_at={c.square: c for c in cities.values()},
        rules={k: str(tables.get("rules", {}).get(k, v[0])) for k, v in RULES.items()})
    return pack


def pack_problems(pack: Pack) -> list[str]:
    """What is inconsistent in a pack (a group's own pack is checked at game creation)."""
    out = []
    for pair in pack.routes:
        a, b = sorted(pair)
        (ax, ay), (bx, by) = pack.xy(a), pack.xy(b)
        if abs(ax - bx) + abs(ay - by) != 1:
            out.append(f"trade route step {a}-{b} is not between neighbouring squares")
        if not (pack.land(a) and pack.land(b)):
            out.append(f"trade route step {a}-{b} crosses water")
    for city in pack.cities.values():
        if not pack.land(city.square):
            out.append(f"city {city.id} is at sea")
    for region in pack.regions:
        if region not in pack.tables["regions"]:
            out.append(f"region {region} has no row on the Region Control Chart")
    for key, value in pack.rules.items():
        if value not in RULES[key]:
            out.append(f"rules.{key} = {value!r}: one of {', '.join(RULES[key])}")
    for scenario in pack.scenarios.values():
        if scenario.periods and len(scenario.periods) != len(scenario.turns):
            out.append(f"scenario {scenario.id}: one period per turn")
        for square, _, _ in scenario.markers:
            if square not in pack.terrain or not pack.land(square):
                out.append(f"scenario {scenario.id}: a marker at {square}, not land")
        for nation, kind, _, _ in scenario.units:
            if (nation, kind) not in pack.units:
                out.append(f"scenario {scenario.id}: no {nation} {kind} in the counter mix")
    return out


@cache
def house_pack() -> Pack:
    return load_pack(HOUSE)


@cache
def pack_named(name: str) -> Pack:
    """The pack the ``pack`` option names: ``house`` or a folder."""
    return house_pack() if name in ("", "house") else load_pack(Path(name))
