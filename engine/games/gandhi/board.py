"""The Gandhi map: loader, validation and adjacency (rules 1.3.1-1.3.8, 6.2.2).

Pure: reads one TOML file (``data/map.toml`` by default, or a group's own file) and
returns a frozen :class:`Map`. Adjacency is computed, never typed twice (1.3.8):

- spaces listed in ``borders`` touch;
- a Railway is adjacent to the Cities that end it and to the spaces on either side;
  Provinces/States on opposite sides of one Railway are adjacent to each other;
- Railways, Provinces and States meeting at a Town are all adjacent to each other.

Railways sharing a City end are not adjacent to each other: the City is between them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from pathlib import Path
from types import MappingProxyType
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.coin.datafile import check_connected, read_toml, validation_text

Kind = Literal["city", "province", "princely_state", "railway"]
Source = Literal["stated", "derived", "inferred"]
GujaratKind = Literal["princely_state", "province"]

DEFAULT_MAP_PATH = Path(__file__).parent / "data" / "map.toml"
RAILWAY_ECON_TOTAL = 40  # 6.2.2: Raj earns 40 minus the Econ of Struck Railways
PRINTED_KINDS: tuple[str, ...] = ("city", "province", "princely_state")
CONTROLLABLE_KINDS: frozenset[str] = frozenset({"city", "province"})  # 1.7.2
LINKED_KINDS: frozenset[str] = frozenset({"province", "princely_state"})  # 1.3.8
GUJARAT = "gujarat"


class MapError(ValueError):
    """A map file is missing, malformed or breaks a rule; the message names the problem."""


# --------------------------------------------------------------------------------------
# The loaded map
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """One map space (1.3.1). Railways have pop 0 and an Econ value (1.3.6)."""

    id: str
    name: str
    kind: Kind
    pop: int
    muslim: bool
    econ: int
    source: Source
    econ_source: Source | None = None
    note: str = ""
    ends: tuple[str, ...] = ()  # Railways only: the City or Town ids ending the line
    sides: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # Railways only

    @property
    def is_railway(self) -> bool:
        return self.kind == "railway"

    @property
    def is_state(self) -> bool:
        """A printed Princely State (Muslim States are markers, 1.3.5)."""
        return self.kind == "princely_state"

    @property
    def controllable(self) -> bool:
        """Only Cities and Provinces can ever be Raj-Controlled (1.7.2)."""
        return self.kind in CONTROLLABLE_KINDS


@dataclass(frozen=True)
class Town:
    """A Town: not a space, it terminates Railways (1.3.6, 1.3.8)."""

    id: str
    name: str
    touches: tuple[str, ...]
    railways: tuple[str, ...]
    source: Source
    note: str = ""


@dataclass(frozen=True)
class Border:
    a: str
    b: str
    source: Source
    note: str = ""


@dataclass(frozen=True)
class Map:
    """The frozen map. ``spaces`` holds every space, Railways included."""

    title: str
    spaces: Mapping[str, Space]
    towns: Mapping[str, Town]
    borders: tuple[Border, ...]
    gujarat: GujaratKind
    _adjacency: Mapping[str, frozenset[str]] = field(repr=False, compare=False)
    _reasons: Mapping[frozenset[str], tuple[str, ...]] = field(repr=False, compare=False)

    def _ids(self, *kinds: str) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.kind in kinds)

    @property
    def railways(self) -> tuple[str, ...]:
        return self._ids("railway")

    @property
    def cities(self) -> tuple[str, ...]:
        return self._ids("city")

    @property
    def provinces(self) -> tuple[str, ...]:
        return self._ids("province")

    @property
    def states(self) -> tuple[str, ...]:
        """Printed Princely States; Muslim States are game-state markers (1.3.5)."""
        return self._ids("princely_state")

    @property
    def non_railway(self) -> tuple[str, ...]:
        return self._ids(*PRINTED_KINDS)

    @property
    def muslim_spaces(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.muslim)

    @property
    def total_pop(self) -> int:
        return sum(s.pop for s in self.spaces.values())

    @property
    def total_econ(self) -> int:
        return sum(s.econ for s in self.spaces.values())

    def space(self, space_id: str) -> Space:
        try:
            return self.spaces[space_id]
        except KeyError:
            raise MapError(f"unknown space {space_id!r}") from None

    def adjacent(self, space_id: str) -> frozenset[str]:
        """Every space adjacent to ``space_id`` (1.3.8)."""
        self.space(space_id)
        return self._adjacency[space_id]

    def are_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacent(a)

    def adjacency_reasons(self, a: str, b: str) -> tuple[str, ...]:
        """Why two spaces are adjacent, e.g. ``("border",)`` or ``("town:town_south",)``."""
        self.space(a)
        self.space(b)
        return self._reasons.get(frozenset((a, b)), ())


# --------------------------------------------------------------------------------------
# The file format (parsed with pydantic, then checked rule by rule)
# --------------------------------------------------------------------------------------


class _Raw(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _RawSpace(_Raw):
    name: str
    kind: str
    pop: int
    muslim: bool
    source: Source
    note: str = ""


class _RawRailway(_Raw):
    name: str
    econ: int
    ends: list[str]
    side_a: list[str] = Field(default_factory=list)
    side_b: list[str] = Field(default_factory=list)
    pop: int = 0
    source: Source
    econ_source: Source
    note: str = ""


class _RawTown(_Raw):
    name: str
    touches: list[str]
    source: Source
    note: str = ""


class _RawBorder(_Raw):
    between: list[str]
    source: Source
    note: str = ""


class _RawMap(_Raw):
    title: str = ""
    spaces: dict[str, _RawSpace]
    railways: dict[str, _RawRailway]
    towns: dict[str, _RawTown] = Field(default_factory=dict)
    borders: list[_RawBorder] = Field(default_factory=list)


def _parse(data: Mapping[str, object], origin: str) -> _RawMap:
    try:
        return _RawMap.model_validate(data)
    except ValidationError as exc:
        raise MapError(f"map file {origin}: {validation_text(exc)}") from None


# --------------------------------------------------------------------------------------
# Building spaces
# --------------------------------------------------------------------------------------


def _check_printed_space(space: Space) -> None:
    """Unknown type and bad Pop (1.3.1-1.3.5)."""
    if space.kind not in PRINTED_KINDS:
        raise MapError(
            f"space {space.id!r} has unknown type {space.kind!r} "
            f"(expected one of {', '.join(PRINTED_KINDS)}; Railways go under [railways])"
        )
    if space.kind == "city" and space.pop != 1:
        raise MapError(f"city {space.id!r} has Pop {space.pop}; every City has Pop 1 (1.3.2)")
    if space.kind == "province" and space.pop not in (1, 2):
        raise MapError(f"province {space.id!r} has Pop {space.pop}; Provinces have 1 or 2 (1.3.3)")
    if space.kind == "princely_state" and space.pop < 1:
        raise MapError(f"state {space.id!r} has Pop {space.pop}; States have Pop 1 or more")


def _printed_space(space_id: str, raw: _RawSpace, gujarat: GujaratKind) -> Space:
    kind = gujarat if space_id == GUJARAT else raw.kind
    space = Space(
        id=space_id,
        name=raw.name,
        kind=kind,  # type: ignore[arg-type]  # checked just below
        pop=raw.pop,
        muslim=raw.muslim,
        econ=0,
        source=raw.source,
        note=raw.note,
    )
    _check_printed_space(space)
    return space


def _railway_space(space_id: str, raw: _RawRailway) -> Space:
    """Railways: Pop 0, positive Econ, exactly two ends (1.3.6)."""
    if raw.pop != 0:
        raise MapError(
            f"railway {space_id!r} has Pop {raw.pop}; Railways have no Population (1.3.6)"
        )
    if raw.econ < 1:
        raise MapError(f"railway {space_id!r} has Econ {raw.econ}; Econ must be 1 or more (1.3.6)")
    if len(raw.ends) != 2 or raw.ends[0] == raw.ends[1]:
        raise MapError(f"railway {space_id!r} must list two different ends, got {raw.ends}")
    return Space(
        id=space_id,
        name=raw.name,
        kind="railway",
        pop=0,
        muslim=False,
        econ=raw.econ,
        source=raw.source,
        econ_source=raw.econ_source,
        note=raw.note,
        ends=tuple(raw.ends),
        sides=(tuple(raw.side_a), tuple(raw.side_b)),
    )


def _build_spaces(raw: _RawMap, gujarat: GujaratKind) -> dict[str, Space]:
    spaces = {sid: _printed_space(sid, rs, gujarat) for sid, rs in raw.spaces.items()}
    for rid, rr in raw.railways.items():
        if rid in spaces:
            raise MapError(f"id {rid!r} is used for both a space and a railway")
        spaces[rid] = _railway_space(rid, rr)
    for tid in raw.towns:
        if tid in spaces:
            raise MapError(f"id {tid!r} is used for both a town and a space")
    return spaces


# --------------------------------------------------------------------------------------
# Reference checks
# --------------------------------------------------------------------------------------


def _require_space(spaces: Mapping[str, Space], ref: str, where: str) -> Space:
    if ref not in spaces:
        raise MapError(f"unknown space {ref!r} referenced by {where}")
    return spaces[ref]


def _check_railway_refs(rail: Space, spaces: Mapping[str, Space], towns: Iterable[str]) -> None:
    """Each Railway ends at a City or a Town (1.3.6); its sides are non-Railway spaces."""
    town_ids = set(towns)
    for end in rail.ends:
        if end in town_ids:
            continue
        target = _require_space(spaces, end, f"railway {rail.id!r} (ends)")
        if target.kind != "city":
            raise MapError(
                f"railway {rail.id!r} ends at {end!r}, a {target.kind}; "
                "a Railway must end at a City or a Town (1.3.6)"
            )
    for side in rail.sides:
        for ref in side:
            target = _require_space(spaces, ref, f"railway {rail.id!r} (sides)")
            if target.is_railway:
                raise MapError(f"railway {rail.id!r} lists railway {ref!r} as a side")


def _check_town(tid: str, raw: _RawTown, spaces: Mapping[str, Space], ended: set[str]) -> None:
    """Towns link Railways, Provinces and States only (1.3.8); each ends a Railway."""
    for ref in raw.touches:
        target = _require_space(spaces, ref, f"town {tid!r}")
        if target.kind not in LINKED_KINDS:
            raise MapError(
                f"town {tid!r} touches {ref!r}, a {target.kind}; only Provinces and States "
                "are linked by Towns (1.3.8)"
            )
    if tid not in ended:
        raise MapError(f"town {tid!r} does not end any railway (1.3.6)")


def _check_econ_total(spaces: Mapping[str, Space]) -> None:
    total = sum(s.econ for s in spaces.values())
    if total != RAILWAY_ECON_TOTAL:
        raise MapError(
            f"total Railway Econ is {total}, expected {RAILWAY_ECON_TOTAL} (6.2.2)"
        )


def _border_pairs(raw: _RawMap, spaces: Mapping[str, Space]) -> tuple[Border, ...]:
    seen: set[frozenset[str]] = set()
    borders = []
    for rb in raw.borders:
        if len(rb.between) != 2 or rb.between[0] == rb.between[1]:
            raise MapError(f"border {rb.between} must name two different spaces")
        a, b = rb.between
        for ref in (a, b):
            if _require_space(spaces, ref, f"border {a!r}-{b!r}").is_railway:
                raise MapError(
                    f"border {a!r}-{b!r} names railway {ref!r}; "
                    "give Railway contacts as its ends and sides"
                )
        pair = frozenset((a, b))
        if pair in seen:
            raise MapError(f"border {a!r}-{b!r} is listed twice (list each border once)")
        seen.add(pair)
        borders.append(Border(a, b, rb.source, rb.note))
    return tuple(borders)


# --------------------------------------------------------------------------------------
# Adjacency (1.3.8)
# --------------------------------------------------------------------------------------

_Edge = tuple[str, str, str]  # (a, b, reason)


def _railway_edges(rail: Space, spaces: Mapping[str, Space]) -> Iterator[_Edge]:
    for end in rail.ends:
        if end in spaces:
            yield rail.id, end, f"end:{rail.id}"
    side_a, side_b = rail.sides
    for ref in (*side_a, *side_b):
        yield rail.id, ref, f"side:{rail.id}"
    # "Provinces and States that would touch but for separation by a Railway"
    for a, b in product(side_a, side_b):
        if spaces[a].kind in LINKED_KINDS and spaces[b].kind in LINKED_KINDS:
            yield a, b, f"across:{rail.id}"


def _town_edges(town: Town) -> Iterator[_Edge]:
    # "Railways, Provinces, or States separated by Towns"
    for a, b in combinations((*town.railways, *town.touches), 2):
        yield a, b, f"town:{town.id}"


def _collect_edges(
    spaces: Mapping[str, Space], towns: Mapping[str, Town], borders: Iterable[Border]
) -> Iterator[_Edge]:
    for border in borders:
        yield border.a, border.b, "border"
    for rail in spaces.values():
        if rail.is_railway:
            yield from _railway_edges(rail, spaces)
    for town in towns.values():
        yield from _town_edges(town)


def _adjacency(
    spaces: Mapping[str, Space], edges: Iterable[_Edge]
) -> tuple[dict[str, frozenset[str]], dict[frozenset[str], tuple[str, ...]]]:
    neighbours: dict[str, set[str]] = {sid: set() for sid in spaces}
    reasons: dict[frozenset[str], list[str]] = {}
    for a, b, why in edges:
        if a == b:
            continue
        neighbours[a].add(b)
        neighbours[b].add(a)  # symmetric by construction
        reasons.setdefault(frozenset((a, b)), []).append(why)
    return (
        {sid: frozenset(ns) for sid, ns in neighbours.items()},
        {pair: tuple(dict.fromkeys(why)) for pair, why in reasons.items()},
    )


# --------------------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------------------


def _build_towns(raw: _RawMap, spaces: Mapping[str, Space]) -> dict[str, Town]:
    ended = {end for s in spaces.values() for end in s.ends}
    towns = {}
    for tid, rt in raw.towns.items():
        _check_town(tid, rt, spaces, ended)
        rails = tuple(s.id for s in spaces.values() if tid in s.ends)
        towns[tid] = Town(tid, rt.name, tuple(rt.touches), rails, rt.source, rt.note)
    return towns


def build_map(data: Mapping[str, object], *, gujarat: GujaratKind = "princely_state",
              origin: str = "<data>") -> Map:
    """Validate parsed TOML data and build the :class:`Map`."""
    if gujarat not in get_args(GujaratKind):
        raise MapError(f"gujarat must be 'princely_state' or 'province', got {gujarat!r}")
    raw = _parse(data, origin)
    spaces = _build_spaces(raw, gujarat)
    for rail in spaces.values():
        if rail.is_railway:
            _check_railway_refs(rail, spaces, raw.towns)
    towns = _build_towns(raw, spaces)
    borders = _border_pairs(raw, spaces)
    _check_econ_total(spaces)
    adjacency, reasons = _adjacency(spaces, _collect_edges(spaces, towns, borders))
    check_connected(adjacency, MapError)
    return Map(
        title=raw.title,
        spaces=MappingProxyType(spaces),
        towns=MappingProxyType(towns),
        borders=borders,
        gujarat=gujarat,
        _adjacency=MappingProxyType(adjacency),
        _reasons=MappingProxyType(reasons),
    )


def load_map(path: str | Path | None = None, *, gujarat: GujaratKind = "princely_state") -> Map:
    """Load and validate a map file (the default reconstruction when ``path`` is None).

    ``gujarat`` sets Gujarat's kind, which the rule books never state (facts §1.2 note B).
    """
    source = DEFAULT_MAP_PATH if path is None else Path(path)
    return build_map(read_toml(source, MapError, "map file"), gujarat=gujarat,
                     origin=str(source))


@cache
def default_map(gujarat: GujaratKind = "princely_state") -> Map:
    """The default map, loaded once per Gujarat option."""
    return load_map(gujarat=gujarat)
