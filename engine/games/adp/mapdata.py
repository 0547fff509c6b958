"""A Distant Plain's printed data, read and checked: the map, the forces, the scenarios,
the deck and the Random Spaces table (``engine/games/adp/data/*.toml``).

Pure: no Pillow, no database, no clock, no randomness, and nothing from another game.
Every loader raises :class:`AdpDataError`, naming the file and the entry, when the data
breaks a rule of the book (adjacency not symmetric, an LoC ending nowhere, a scenario
placing more pieces than the inventory holds...).  :func:`victory_totals` computes the
four victory markers of a setup (1.9, 7.2) from the pieces, as the tests compare them with
the totals the scenarios print.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from engine.coin.datafile import check_connected, check_symmetric, read_toml

DATA_DIR = Path(__file__).parent / "data"

Source = Literal["stated", "derived", "inferred"]
SOURCES: tuple[Source, ...] = ("stated", "derived", "inferred")
FACTIONS: tuple[str, ...] = ("coalition", "government", "taliban", "warlords")
COIN: frozenset[str] = frozenset({"coalition", "government"})

# Piece types (forces.toml [pieces]) and whose they are.
COALITION_TROOPS, COALITION_BASES = "coalition_troops", "coalition_bases"
GOVERNMENT_TROOPS, POLICE, GOVERNMENT_BASES = "government_troops", "police", "government_bases"
TALIBAN_GUERRILLAS, TALIBAN_BASES = "taliban_guerrillas", "taliban_bases"
WARLORDS_GUERRILLAS, WARLORDS_BASES = "warlords_guerrillas", "warlords_bases"
PIECE_FACTION: Mapping[str, str] = MappingProxyType({
    COALITION_TROOPS: "coalition", COALITION_BASES: "coalition",
    GOVERNMENT_TROOPS: "government", POLICE: "government", GOVERNMENT_BASES: "government",
    TALIBAN_GUERRILLAS: "taliban", TALIBAN_BASES: "taliban",
    WARLORDS_GUERRILLAS: "warlords", WARLORDS_BASES: "warlords"})
PIECE_TYPES: tuple[str, ...] = tuple(PIECE_FACTION)
BASES: frozenset[str] = frozenset({COALITION_BASES, GOVERNMENT_BASES, TALIBAN_BASES,
                                   WARLORDS_BASES})

AFGHAN_POP = 25      # 1.9 play note: "la Población Afgana de 25"
TOTAL_ECON = 12      # 6.3.1: "12 menos el Econ de las LdCs saboteadas"
MAX_BASES = 2        # 1.4.2: at most 2 Bases per Province or Kabul
SUPPORT, NEUTRAL, OPPOSITION = 1, 0, -1


class AdpDataError(ValueError):
    """The data files break a rule of the book; the message names the file and entry."""


K = TypeVar("K")
V = TypeVar("V")


def _frozen(d: Mapping[K, V]) -> Mapping[K, V]:
    return MappingProxyType(dict(d))


# ---------------------------------------------------------------------------------------
# The map (1.3)
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Space:
    """Kabul or a Province (1.3.2-1.3.5)."""

    id: str
    name: str
    kind: Literal["city", "province"]
    country: Literal["afghanistan", "pakistan"]
    pop: int
    pashtun: bool
    terrain: Literal["mountain", "plain", "pakistan", "city"]
    terrain_source: Source
    source: Source
    note: str

    @property
    def is_pakistan(self) -> bool:
        return self.country == "pakistan"

    @property
    def is_mountain(self) -> bool:
        return self.terrain == "mountain"


@dataclass(frozen=True)
class LoC:
    """A Line of Communication (1.3.4): Econ 1-4, never Pashtun, no Bases or Control."""

    id: str
    name: str
    econ: int
    ends: tuple[str, str]           # Kabul or Towns
    touches: tuple[str, ...]        # the spaces it is adjacent to (1.3.6)
    source: Source
    econ_source: Source
    note: str


@dataclass(frozen=True)
class Town:
    """Not a space (1.3.6): it bounds LoCs."""

    id: str
    name: str
    source: Source
    note: str


class Neighbours(frozenset[str]):
    """A place's neighbours, met in the order of their ids: a plain frozenset of strings is
    iterated in an order that changes from one process to the next (hash randomisation),
    so rules walking the map would choose, and log, differently on a replay."""

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(frozenset.__iter__(self)))


@dataclass(frozen=True)
class Map:
    spaces: Mapping[str, Space]
    locs: Mapping[str, LoC]
    towns: Mapping[str, Town]
    adjacency: Mapping[str, Neighbours]   # every space and LoC -> its neighbours

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency[a]

    def kind(self, place: str) -> str:
        return "loc" if place in self.locs else self.spaces[place].kind

    def name(self, place: str) -> str:
        return self.locs[place].name if place in self.locs else self.spaces[place].name

    @property
    def afghan(self) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces.values() if not s.is_pakistan)

    @property
    def pakistan(self) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces.values() if s.is_pakistan)


def _source(value: Any, where: str) -> Source:
    for s in SOURCES:
        if value == s:
            return s
    raise AdpDataError(f"{where}: source {value!r} is not one of {SOURCES}")


def parse_map(data: Mapping[str, Any], what: str = "map.toml") -> Map:
    spaces: dict[str, Space] = {}
    adjacency: dict[str, set[str]] = {}
    for sid, raw in data.get("spaces", {}).items():
        where = f"{what}: space {sid!r}"
        kind, country, terrain = raw["kind"], raw["country"], raw["terrain"]
        if kind not in ("city", "province") or country not in ("afghanistan", "pakistan") \
                or terrain not in ("mountain", "plain", "pakistan", "city"):
            raise AdpDataError(f"{where}: kind/country/terrain {kind}/{country}/{terrain}")
        expected = "city" if kind == "city" else "pakistan" if country == "pakistan" else None
        if expected is not None and terrain != expected or \
                expected is None and terrain not in ("mountain", "plain"):
            raise AdpDataError(f"{where}: terrain {terrain!r} does not fit a {country} {kind}")
        pop = int(raw["pop"])
        if kind == "city" and pop != 3 or kind == "province" and pop not in (0, 1, 2):
            raise AdpDataError(f"{where}: Pop {pop} (1.3.2: Provinces 0-2; 1.3.3: Kabul 3)")
        spaces[sid] = Space(sid, str(raw["name"]), kind, country, pop, bool(raw["pashtun"]),
                            terrain, _source(raw["terrain_source"], where),
                            _source(raw["source"], where), str(raw.get("note", "")))
        adjacency[sid] = set(raw["adjacent"])
    towns = {tid: Town(tid, str(raw["name"]), _source(raw["source"], f"{what}: town {tid}"),
                       str(raw.get("note", "")))
             for tid, raw in data.get("towns", {}).items()}
    locs: dict[str, LoC] = {}
    for lid, raw in data.get("locs", {}).items():
        where = f"{what}: LoC {lid!r}"
        first, second = raw["ends"]
        for end in (first, second):
            if end not in towns and not (end in spaces and spaces[end].kind == "city"):
                raise AdpDataError(f"{where}: end {end!r} is neither Kabul nor a Town")
        econ = int(raw["econ"])
        if not 1 <= econ <= 4:
            raise AdpDataError(f"{where}: Econ {econ} (1.3.4: 1 to 4)")
        locs[lid] = LoC(lid, str(raw["name"]), econ, (first, second), tuple(raw["adjacent"]),
                        _source(raw["source"], where), _source(raw["econ_source"], where),
                        str(raw.get("note", "")))
    check_symmetric(adjacency, AdpDataError, what)
    for loc in locs.values():
        adjacency[loc.id] = set()
        for sid in loc.touches:
            if sid not in spaces:
                raise AdpDataError(f"{what}: LoC {loc.id!r} touches unknown space {sid!r}")
            adjacency[loc.id].add(sid)
            adjacency[sid].add(loc.id)
        for end in loc.ends:
            if end in spaces and end not in loc.touches:
                raise AdpDataError(f"{what}: LoC {loc.id!r} ends at {end!r} but does not touch it")
    for a in locs.values():   # 1.3.6: LoCs separated only by a Town are adjacent
        for b in locs.values():
            if a.id != b.id and set(a.ends) & set(b.ends) & set(towns):
                adjacency[a.id].add(b.id)
    if sum(loc.econ for loc in locs.values()) != TOTAL_ECON:
        raise AdpDataError(f"{what}: the LoCs' Econ adds up to "
                           f"{sum(loc.econ for loc in locs.values())}, not {TOTAL_ECON} (6.3.1)")
    check_connected(adjacency, AdpDataError, what)
    afghan = sum(s.pop for s in spaces.values() if not s.is_pakistan)
    if afghan != AFGHAN_POP:
        raise AdpDataError(f"{what}: Afghan Pop adds up to {afghan}, not {AFGHAN_POP} (1.9)")
    return Map(_frozen(spaces), _frozen(locs), _frozen(towns),
               _frozen({k: Neighbours(v) for k, v in adjacency.items()}))


# ---------------------------------------------------------------------------------------
# Forces, tracks and markers (1.4-1.9, 6.6.1)
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Track:
    id: str
    min: int
    max: int
    threshold: int | None      # victory markers: the value to exceed (7.2)
    faction: str | None


@dataclass(frozen=True)
class Forces:
    inventory: Mapping[str, int]             # piece type -> how many the game has
    factions: Mapping[str, Mapping[str, Any]]
    tracks: Mapping[str, Track]
    islamabad: tuple[str, ...]               # the boxes, left to right
    islamabad_reset_toward: str
    markers: Mapping[str, Mapping[str, Any]]
    total_pieces: int


def parse_forces(data: Mapping[str, Any], what: str = "forces.toml") -> Forces:
    pieces = data["pieces"]
    if set(pieces) != set(PIECE_TYPES):
        raise AdpDataError(f"{what}: piece types {sorted(pieces)} are not {sorted(PIECE_TYPES)}")
    for pid, raw in pieces.items():
        if raw["faction"] != PIECE_FACTION[pid]:
            raise AdpDataError(f"{what}: piece {pid!r} belongs to {raw['faction']!r}")
        _source(raw["source"], f"{what}: piece {pid!r}")
    inventory = {pid: int(pieces[pid]["count"]) for pid in PIECE_TYPES}
    total = int(data["totals"]["pieces"])
    if sum(inventory.values()) != total:
        raise AdpDataError(f"{what}: the pieces add up to {sum(inventory.values())}, "
                           f"not the {total} of the components list (1.1)")
    tracks = {tid: Track(tid, int(raw["min"]), int(raw["max"]),
                         int(raw["threshold"]) if "threshold" in raw else None,
                         raw.get("faction"))
              for tid, raw in data["tracks"].items()}
    isl = data["islamabad"]
    boxes = tuple(isl["boxes"])
    if isl["reset_toward"] not in boxes:
        raise AdpDataError(f"{what}: Islamabad resets toward an unknown box")
    return Forces(_frozen(inventory), _frozen({k: _frozen(v) for k, v in data["factions"].items()}),
                  _frozen(tracks), boxes, str(isl["reset_toward"]),
                  _frozen({k: _frozen(v) for k, v in data["markers"].items()}), total)


# ---------------------------------------------------------------------------------------
# Scenarios (2.1)
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SpaceSetup:
    control: Literal["coin", "taliban"] | None   # as printed
    support: int                                 # +1 Support, 0 Neutral, -1 Opposition
    returnees: bool                              # a +1 Pop marker (4.3.1)
    pieces: Mapping[str, int]

    def count(self, *types: str) -> int:
        return sum(self.pieces.get(t, 0) for t in types)

    def faction_count(self, faction: str) -> int:
        return sum(n for t, n in self.pieces.items() if PIECE_FACTION[t] == faction)


@dataclass(frozen=True)
class DeckSetup:
    events_removed: int
    propaganda_removed: int
    piles: int


@dataclass(frozen=True)
class Placement:
    """One line of Open Deployment (2.1): pieces a Faction places ``each`` times."""

    faction: str
    where: str
    each: int
    pieces: Mapping[str, int]


@dataclass(frozen=True)
class Scenario:
    id: str
    name: Mapping[str, str]
    start_year: int
    end_year: int
    aid: int
    patronage: int
    resources: Mapping[str, int]
    islamabad: str
    islamabad_hard: bool
    eligible: tuple[str, ...]
    printed_victory: Mapping[str, int]
    casualties: Mapping[str, int]
    deck: DeckSetup
    spaces: Mapping[str, SpaceSetup]
    open_deployment: tuple[Placement, ...]

    def on_map(self, piece: str) -> int:
        return sum(s.pieces.get(piece, 0) for s in self.spaces.values())

    def returnees(self) -> int:
        return sum(s.returnees for s in self.spaces.values())

    def available(self, piece: str, forces: Forces) -> int:
        """Pieces in the Available box at setup: the inventory less the map and the
        Casualties box (1.4.1)."""
        return forces.inventory[piece] - self.on_map(piece) - self.casualties.get(piece, 0)


def _pieces(raw: Mapping[str, Any], where: str) -> dict[str, int]:
    out = {}
    for key, value in raw.items():
        if key in PIECE_FACTION:
            if int(value) < 0:
                raise AdpDataError(f"{where}: {key} = {value}")
            out[key] = int(value)
    return out


def _space_setup(raw: Mapping[str, Any], where: str) -> SpaceSetup:
    known = {"control", "support", "returnees", *PIECE_TYPES}
    if set(raw) - known:
        raise AdpDataError(f"{where}: unknown keys {sorted(set(raw) - known)}")
    control = raw.get("control")
    if control not in (None, "coin", "taliban"):
        raise AdpDataError(f"{where}: control {control!r}")
    support = int(raw.get("support", 0))
    if support not in (SUPPORT, NEUTRAL, OPPOSITION):
        raise AdpDataError(f"{where}: support {support} (1.6: -1, 0 or +1)")
    return SpaceSetup(control, support, bool(raw.get("returnees", False)),
                      _frozen(_pieces(raw, where)))


def parse_scenarios(data: Mapping[str, Any], board: Map, forces: Forces,
                    what: str = "scenarios.toml") -> Mapping[str, Scenario]:
    out: dict[str, Scenario] = {}
    for sid, raw in data.items():
        where = f"{what}: [{sid}]"
        spaces = {}
        for space_id, setup in raw.get("spaces", {}).items():
            if space_id not in board.spaces and space_id not in board.locs:
                raise AdpDataError(f"{where}: unknown space {space_id!r}")
            spaces[space_id] = _space_setup(setup, f"{where} {space_id}")
        deck = raw["deck"]
        od = raw.get("open_deployment", {}).get("placements", [])
        scenario = Scenario(
            sid, _frozen(raw["name"]), int(raw["start_year"]), int(raw["end_year"]),
            int(raw["aid"]), int(raw["patronage"]), _frozen(raw["resources"]),
            str(raw["islamabad"]), bool(raw["islamabad_hard"]), tuple(raw["eligible"]),
            _frozen(raw["printed_victory"]), _frozen(_pieces(raw["casualties"], where)),
            DeckSetup(int(deck["events_removed"]), int(deck["propaganda_removed"]),
                      int(deck["piles"])),
            _frozen(spaces),
            tuple(Placement(p["faction"], p["where"], int(p.get("each", 1)),
                            _frozen(_pieces(p, where))) for p in od))
        check_scenario(scenario, board, forces, where)
        out[sid] = scenario
    return _frozen(out)


def check_scenario(scenario: Scenario, board: Map, forces: Forces, where: str) -> None:
    """Raise unless the setup fits the inventory, stacking (1.4.2) and the tracks."""
    for piece, have in forces.inventory.items():
        if scenario.available(piece, forces) < 0:
            raise AdpDataError(f"{where}: {scenario.on_map(piece)} {piece} on the map, "
                               f"the game has {have} (1.4.1)")
    if scenario.returnees() > int(forces.markers["returnees"]["count"]):
        raise AdpDataError(f"{where}: more +1 Pop markers than the game has (4.3.1)")
    for space_id, setup in scenario.spaces.items():
        bases = setup.count(*BASES)
        if space_id in board.locs and (bases or setup.control or setup.support):
            raise AdpDataError(f"{where}: LoC {space_id!r} with a Base, Control or Support")
        if bases > MAX_BASES:
            raise AdpDataError(f"{where}: {space_id!r} holds {bases} Bases (1.4.2)")
        space = board.spaces.get(space_id)
        if space is not None and space.is_pakistan and \
                setup.count(*PIECE_TYPES) != setup.faction_count("taliban"):
            raise AdpDataError(f"{where}: non-Taliban pieces in Pakistan ({space_id!r}, 1.4.2)")
        if space is not None and setup.support and (space.is_pakistan or
                                                     space.pop + setup.returnees == 0):
            raise AdpDataError(f"{where}: {space_id!r} cannot have Support/Opposition (1.6)")
    for track, value in (("aid", scenario.aid), ("patronage", scenario.patronage),
                         *((f"{f}_resources", v) for f, v in scenario.resources.items())):
        t = forces.tracks[track]
        if not t.min <= value <= t.max:
            raise AdpDataError(f"{where}: {track} {value} outside {t.min}-{t.max} (1.8)")
    if scenario.islamabad not in forces.islamabad:
        raise AdpDataError(f"{where}: Islamabad box {scenario.islamabad!r}")


# ---------------------------------------------------------------------------------------
# Control (1.7) and the victory markers (1.9, 7.2)
# ---------------------------------------------------------------------------------------

def control(setup: SpaceSetup) -> Literal["coin", "taliban"] | None:
    """1.7: the COIN Factions together, or the Taliban alone, Control a Province or Kabul
    if their pieces there exceed all other pieces combined (every piece counts, Bases and
    Underground Guerrillas too)."""
    total = setup.count(*PIECE_TYPES)
    coin = setup.faction_count("coalition") + setup.faction_count("government")
    if coin > total - coin:
        return "coin"
    taliban = setup.faction_count("taliban")
    if taliban > total - taliban:
        return "taliban"
    return None


@dataclass(frozen=True)
class VictoryTotals:
    """The four victory markers (1.9) and the Warlords' Resources (their second
    condition, 7.2)."""

    support_plus_available: int        # Coalition: Total Support + Coalition Available
    coin_control_plus_patronage: int   # Government: COIN-Controlled Pop + Patronage
    opposition_plus_bases: int         # Taliban: Total Opposition + Taliban Bases on map
    uncontrolled_pop: int              # Warlords: Uncontrolled Afghan Pop
    warlords_resources: int

    def markers(self) -> dict[str, int]:
        return {"support_plus_available": self.support_plus_available,
                "coin_control_plus_patronage": self.coin_control_plus_patronage,
                "opposition_plus_bases": self.opposition_plus_bases,
                "uncontrolled_pop": self.uncontrolled_pop}


def victory_totals(scenario: Scenario, board: Map | None = None,
                   forces: Forces | None = None) -> VictoryTotals:
    """The victory markers of a scenario's setup, computed from its pieces and markers.

    Pop includes +1 Pop markers (1.6.2 note, 4.3.1).  Support and Opposition count once
    per Pop (no Active levels, 1.6).  Taliban Bases count wherever they are on the map,
    Pakistan included (7.2).  Uncontrolled Pop is Afghan only: Kabul and the Afghan
    Provinces under neither COIN nor Taliban Control (1.9, 7.2).  Coalition Available is
    the inventory less the map and the Casualties box.
    """
    board = board or default_map()
    forces = forces or default_forces()
    support = opposition = coin_pop = uncontrolled = 0
    for space in board.spaces.values():
        setup = scenario.spaces.get(space.id, SpaceSetup(None, 0, False, _frozen({})))
        pop = space.pop + (1 if setup.returnees else 0)
        if setup.support == SUPPORT:
            support += pop
        elif setup.support == OPPOSITION:
            opposition += pop
        who = control(setup)
        if who == "coin":
            coin_pop += pop
        elif who is None and not space.is_pakistan:
            uncontrolled += pop
    available = sum(scenario.available(p, forces) for p in (COALITION_TROOPS, COALITION_BASES))
    return VictoryTotals(support + available, coin_pop + scenario.patronage,
                         opposition + scenario.on_map(TALIBAN_BASES), uncontrolled,
                         int(scenario.resources["warlords"]))


# ---------------------------------------------------------------------------------------
# The deck (5.0) and the Random Spaces table (8.2)
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    number: int
    title: Mapping[str, str]
    propaganda: bool = False
    order: tuple[str, ...] = ()
    stand_in: bool = False
    effect: str = "manual"
    capability: str | None = None         # "coalition" or "taliban" (5.3)
    momentum: tuple[str, ...] = ()        # the sides that are Momentum (5.4)
    islamabad: bool = False
    source: str = ""
    halo: tuple[str, ...] = ()            # grey halos (8.4.1): none known
    fragments: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # ^ side -> what a source tells of that side's effect: a hint, not the card text
    order_status: str = "stand-in"        # "stand-in" or "pack" (a group's deck pack)
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    # ^ side -> language -> the card's text of that side, where known (a deck pack's)
    instructions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # ^ Faction -> its 8.4.1 instruction for this card (a grey halo), where known
    pack_fields: tuple[str, ...] = ()     # what a deck pack changed on this card

    def text(self, side: str, lang: str) -> str:
        """The text of ``side`` in ``lang`` (English when not in ``lang``), or ""."""
        texts = self.texts.get(side, {})
        return texts.get(lang) or texts.get("en", "")


def parse_deck(data: Mapping[str, Any], what: str = "deck.toml") -> Mapping[int, Card]:
    cards: dict[int, Card] = {}
    orders = set(permutations(FACTIONS))
    for key, raw in data["cards"].items():
        where = f"{what}: card {key}"
        number = int(raw["number"])
        if str(number) != key:
            raise AdpDataError(f"{where}: number {number}")
        order = tuple(raw.get("order", ()))
        propaganda = bool(raw.get("propaganda", False))
        if not propaganda and order not in orders:
            raise AdpDataError(f"{where}: order {order} is not the four Factions once each")
        if raw.get("capability") not in (None, "coalition", "taliban"):
            raise AdpDataError(f"{where}: capability {raw['capability']!r}")
        fragments = {side: str(raw[f"text_{side}"]["fragment"])
                     for side in ("unshaded", "shaded")
                     if "fragment" in raw.get(f"text_{side}", {})}
        texts = {side: _frozen({lang: str(raw[f"text_{side}"][lang])
                                for lang in ("en", "es", "it")
                                if raw.get(f"text_{side}", {}).get(lang)})
                 for side in ("unshaded", "shaded")}
        texts = {side: found for side, found in texts.items() if found}
        cards[number] = Card(number, _frozen(raw["title"]), propaganda, order,
                             bool(raw.get("stand_in", False)), str(raw.get("effect", "manual")),
                             raw.get("capability"), tuple(raw.get("momentum", ())),
                             bool(raw.get("islamabad", False)), str(raw.get("source", "")),
                             tuple(raw.get("halo", ())), _frozen(fragments),
                             str(raw.get("order_status", "stand-in")), _frozen(texts))
    events = sorted(n for n, c in cards.items() if not c.propaganda)
    if events != list(range(1, 73)) or sum(c.propaganda for c in cards.values()) != 6:
        raise AdpDataError(f"{what}: not 72 Event cards numbered 1-72 and 6 Propaganda cards")
    return _frozen(cards)


@dataclass(frozen=True)
class RandomSpaces:
    """8.2: ``columns[tan][black][green]``, each die banded 1-2 / 3-4 / 5-6."""

    columns: tuple[tuple[tuple[str, str, str], ...], ...]

    @property
    def order(self) -> tuple[str, ...]:
        """The 27 cells down each column in turn; the walk wraps from the last to the first."""
        return tuple(s for column in self.columns for triplet in column for s in triplet)

    @staticmethod
    def _band(die: int) -> int:
        if not 1 <= die <= 6:
            raise ValueError(f"a die shows 1-6, not {die}")
        return (die - 1) // 2

    def cell(self, tan: int, black: int, green: int) -> int:
        """The index in :attr:`order` of the cell the three dice point to."""
        return self._band(tan) * 9 + self._band(black) * 3 + self._band(green)

    def pick(self, tan: int, black: int, green: int, candidates: frozenset[str]) -> str | None:
        """The first candidate from the rolled cell on, down the columns (8.2)."""
        order = self.order
        start = self.cell(tan, black, green)
        for step in range(len(order)):
            space = order[(start + step) % len(order)]
            if space in candidates:
                return space
        return None


def parse_random_spaces(data: Mapping[str, Any], board: Map,
                        what: str = "random_spaces.toml") -> RandomSpaces:
    columns = tuple(tuple((str(t[0]), str(t[1]), str(t[2])) for t in column)
                    for column in data["columns"])
    table = RandomSpaces(columns)
    cells = table.order
    if len(columns) != 3 or len(cells) != 27:
        raise AdpDataError(f"{what}: not 3 columns of 3 triplets")
    if sorted(set(cells)) != sorted(board.spaces) or cells.count("kabul") != 3 or \
            len(cells) - len(set(cells)) != 2:
        raise AdpDataError(f"{what}: every space once and Kabul in a whole triplet (8.2)")
    if cells[0] != "balochistan" or cells[-1] != "kandahar":
        raise AdpDataError(f"{what}: the walk runs from Balochistan to Kandahar (8.2)")
    return table


# ---------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AdpData:
    map: Map
    forces: Forces
    scenarios: Mapping[str, Scenario]
    deck: Mapping[int, Card]
    random_spaces: RandomSpaces


def _read(directory: Path, name: str) -> dict[str, Any]:
    return read_toml(directory / name, AdpDataError, name)


def load_data(directory: Path = DATA_DIR) -> AdpData:
    board = parse_map(_read(directory, "map.toml"))
    forces = parse_forces(_read(directory, "forces.toml"))
    return AdpData(board, forces,
                   parse_scenarios(_read(directory, "scenarios.toml"), board, forces),
                   parse_deck(_read(directory, "deck.toml")),
                   parse_random_spaces(_read(directory, "random_spaces.toml"), board))


@cache
def default_data() -> AdpData:
    return load_data()


def default_map() -> Map:
    return default_data().map


def default_forces() -> Forces:
    return default_data().forces
