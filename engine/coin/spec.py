"""What a COIN game declares about itself for the shared machinery (DESIGN.md §2).

A ``CoinSpec`` names the game's Factions (which of them are COIN and which insurgent is
the game's data), its piece kinds (owner, and the kind a piece has off the map: an Active
Guerrilla goes back to a box as a plain Guerrilla, 1.4.1), the inventory, the boxes off the
map that are stored (Available is derived: the inventory less everything placed or boxed),
the per-space markers and the tracks with their bounds, the space kinds and the Pass
rewards (2.3.3).  A game reads it from its data (``load_spec``) and hands it to the shared
fold, effects and checks; nothing in ``engine.coin`` knows a game by name.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

AVAILABLE = "available"   # the derived box every game has (1.4.1)


@dataclass(frozen=True)
class PieceKind:
    """A kind of piece as it stands in a space; ``box``: its kind in the boxes off the map
    (the same kind unless it flips, e.g. Underground/Active Guerrillas share one)."""

    name: str
    owner: str
    box: str


@dataclass(frozen=True)
class Bounds:
    """A marker or track: ``flag`` markers are on/off (0 or 1), others count from ``low``
    to ``high``; ``supply`` is how many markers the game has (None: no limit)."""

    name: str
    low: int = 0
    high: int = 1
    flag: bool = False
    supply: int | None = None

    def holds(self, value: int) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class CoinSpec:
    name: str
    factions: tuple[str, ...]
    sides: Mapping[str, str]              # Faction -> "coin", "insurgent" or the game's own
    pieces: Mapping[str, PieceKind]
    inventory: Mapping[str, int]          # by box kind
    boxes: tuple[str, ...] = ()           # the stored boxes (Available is derived)
    markers: Mapping[str, Bounds] = field(default_factory=dict)
    tracks: Mapping[str, Bounds] = field(default_factory=dict)
    space_kinds: tuple[str, ...] = ()
    pass_rewards: Mapping[str, int] = field(default_factory=dict)   # 2.3.3
    resources: Bounds = Bounds("resources", 0, 50)                   # 1.8
    support: Bounds | None = None         # a Support/Opposition level per space, if any

    @property
    def coin(self) -> frozenset[str]:
        """The COIN (government side) Factions."""
        return self.of_side("coin")

    @property
    def insurgents(self) -> frozenset[str]:
        return self.of_side("insurgent")

    def of_side(self, side: str) -> frozenset[str]:
        return frozenset(f for f, s in self.sides.items() if s == side)

    def box_kind(self, kind: str) -> str:
        """The kind a map piece has in the boxes off the map."""
        piece = self.pieces.get(kind)
        return piece.box if piece is not None else kind

    def owner(self, kind: str) -> str | None:
        piece = self.pieces.get(kind)
        return piece.owner if piece is not None else None

    def is_box(self, name: str) -> bool:
        return name == AVAILABLE or name in self.boxes

    def available(self, spaces: Mapping[str, Mapping[str, int]],
                  boxes: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
        """Every box kind's Available count: the inventory less the pieces in ``spaces``
        (pieces by kind per space) and in the stored ``boxes`` (1.4.1)."""
        left = dict(self.inventory)
        box_kind = self.box_kind
        for pieces in spaces.values():
            for kind, n in pieces.items():
                left[box_kind(kind)] -= n
        for box in boxes.values():
            for kind, n in box.items():
                left[kind] -= n
        return left

    def check(self, events: Any) -> None:
        """Raise ValueError for an event naming a box, marker or track the game lacks:
        called when deciding, never by the fold (which never validates)."""
        for event in events:
            for attr, ok in (("source", self.is_box), ("to", self.is_box),
                             ("origin", self.is_box), ("destination", self.is_box),
                             ("marker", self.markers.__contains__),
                             ("track", self.tracks.__contains__)):
                if event.type == "PiecesMoved" and attr in ("origin", "destination"):
                    continue   # spaces, not boxes
                value = getattr(event, attr, None)
                if isinstance(value, str) and not ok(value):
                    raise ValueError(f"{self.name}: {event.type}.{attr} {value!r} unknown")


def _bounds(name: str, data: Mapping[str, Any]) -> Bounds:
    flag = bool(data.get("flag", False))
    return Bounds(name, int(data.get("low", 0)), int(data.get("high", 1 if flag else 0)),
                  flag, data.get("supply"))


def load_spec(text: str) -> CoinSpec:
    """A spec from its TOML text (a game's ``data/spec.toml``)::

        name = "gandhi"
        [factions]            # Faction = "coin" | "insurgent" | the game's own side
        raj = "coin"
        [pieces.troops]       # owner, and box = the kind off the map (default: itself)
        owner = "raj"
        [inventory]
        troops = 15
        [markers.unrest]      # flag = true for on/off markers
        high = 12
        [tracks.restraint]
        low = 1
        high = 5
        [pass_rewards]
        raj = 3
    """
    data = tomllib.loads(text)
    sides: Mapping[str, str] = data["factions"]
    pieces = {kind: PieceKind(kind, p["owner"], p.get("box", kind))
              for kind, p in data.get("pieces", {}).items()}
    res = data.get("resources", {})
    support = data.get("support")
    return CoinSpec(
        name=data["name"], factions=tuple(sides), sides=dict(sides),
        pieces=pieces, inventory=dict(data.get("inventory", {})),
        boxes=tuple(data.get("boxes", ())),
        markers={m: _bounds(m, d) for m, d in data.get("markers", {}).items()},
        tracks={t: _bounds(t, d) for t, d in data.get("tracks", {}).items()},
        space_kinds=tuple(data.get("space_kinds", ())),
        pass_rewards=dict(data.get("pass_rewards", {})),
        resources=Bounds("resources", int(res.get("low", 0)), int(res.get("high", 50))),
        support=None if support is None else _bounds("support", support))
