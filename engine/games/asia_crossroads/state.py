"""The state of a game of Asia Crossroads: one plain dataclass the fold builds.

Units are counters of the counter mix: a nation (``british``, ``russian``, or a native
region), a kind and a size in brigades/groups (2.3: X, XX, XXX), or an agent (size 1).
Where a unit is: a square (``J7``), a base box (``central_india``, ``urals``), or
``box`` (agents not yet in play), ``prisoner`` (held by the enemy, 16.3.2) or ``gone``.
The treasuries, the income, the orders of the purchase phase and the bids are secret
(9.0, 15.1): the fold knows them, ``view`` blanks another seat's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.games.asia_crossroads.pack import IMPERIAL, Pack, pack_named

SEATS = IMPERIAL
OFF_MAP = frozenset({"box", "prisoner", "gone"})
HIDDEN = "hidden"     # a concealed counter in another seat's view (14.1, 14.4)


@dataclass
class Unit:
    id: str
    nation: str           # british, russian, or a native region
    kind: str             # field_force, flying_column, ... or agent
    size: int
    where: str

    @property
    def agent(self) -> bool:
        return self.kind == "agent"


@dataclass
class Force:
    """The force on the move (11.3): where it started, where it is, who is in it."""

    origin: str
    square: str
    units: list[str]
    left_half: int              # movement points left, in halves (13.5: 1/2 MP)
    stepped: bool = False       # it has moved: leaving a unit now drops it
    from_enemy: bool = False    # 13.3.4: it began in a square with enemy units
    seen_enemy: bool = False    # 13.3.4: it has left an enemy square once
    base_used: str = ""         # 19.1.3: a base entered or left this phase
    amphibious: int = 0         # 13.8: amphibious legs taken
    leader: str | None = None   # 16.2.1: the agent the player chose for the bonus


@dataclass
class Negotiation:
    """An attempt in progress (15.1): bids are secret until both are in."""

    region: str
    seat: str
    agent: str
    opponent_agent: str | None
    bids: dict[str, int | None] = field(default_factory=dict)     # secret until revealed
    salts: dict[str, str] = field(default_factory=dict)           # open the sealed bids
    waiting: list[str] = field(default_factory=list)


@dataclass
class AsiaState:
    pack: str = "house"
    scenario: str = ""
    turns: list[str] = field(default_factory=list)
    turn: int = 0
    period: int = 1
    balance: int = 0
    control: dict[str, str] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    markers: dict[str, dict[str, str]] = field(default_factory=dict)  # square -> kind -> owner
    treasury: dict[str, int | None] = field(default_factory=dict)     # secret (9.0)
    income: dict[str, int | None] = field(default_factory=dict)       # secret (9.1)
    supply: dict[str, int] = field(default_factory=dict)              # SP (17.0)
    bought_sp: dict[str, int] = field(default_factory=dict)           # 17.2 this turn
    # secret orders of the purchase phase: {"text", "order", "cost", "salt"} each
    pending: dict[str, list[dict[str, Any]] | None] = field(default_factory=dict)
    phase: str = "setup"        # initiative, purchases, ops, supply, over
    chooser: str = ""           # who picks the first player (7.0)
    first: str = ""
    ops: int = 0                # operations phase 1..5
    phasing: str = ""
    sub: str = ""               # movement, negotiations, combat, capture
    done: list[str] = field(default_factory=list)   # seats done with a shared phase
    moved: list[str] = field(default_factory=list)  # units that may not move again (11.3)
    force: Force | None = None
    negotiated: list[str] = field(default_factory=list)   # 15.3
    negotiation: Negotiation | None = None
    combats: list[str] = field(default_factory=list)      # squares still to fight
    combat_step: str = ""       # retreat (14.5), table (14.6), lead (14.8)
    leaders: dict[str, str] = field(default_factory=dict)  # 14.8: each side's DRM agent
    fought: list[str] = field(default_factory=list)        # squares fought over (20.5)
    # 14.9: the result being applied: {"square", "result", "stage"}
    aftermath: dict[str, Any] | None = None
    # a loss its owner distributes (14.9, 17.4): {"seat", "square", "brigades", "then"}
    loss: dict[str, Any] | None = None
    # a retreat its owner directs (14.5): {"seat", "square", "then"}
    retreating: dict[str, Any] | None = None
    # units its receiver places (5.4.2(3) levy, 21 Jihad): [{"side", "region", "nation",
    # "kind", "count", "agent", "then"}]
    levies: list[dict[str, Any]] = field(default_factory=list)
    rules: dict[str, str] = field(default_factory=dict)   # the pack's house rules, overridden
    periods: list[int] = field(default_factory=list)      # 16.6: the period of each turn
    captives: list[str] = field(default_factory=list)     # agents awaiting 16.3.2
    dues: dict[str, int] = field(default_factory=dict)    # square -> SP due (17.3, 17.6)
    events_this_turn: list[str] = field(default_factory=list)   # 8.2
    next_id: int = 1
    scores: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    over: bool = False

    @property
    def data(self) -> Pack:
        return pack_named(self.pack)

    def rule(self, key: str) -> str:
        """A rule the copy lost, as the pack (or a game option) sets it
        (docs/asia-crossroads.md, *House rules*)."""
        return self.rules.get(key) or self.data.rules[key]


def other(seat: str) -> str:
    return "russian" if seat == "british" else "british"


def owner(state: AsiaState, unit: Unit) -> str | None:
    """The seat that controls ``unit`` (None: neutral natives, 5.3)."""
    if unit.nation in SEATS:
        return unit.nation
    side = state.control.get(unit.nation, "neutral")
    return side if side in SEATS else None


def on_map(unit: Unit) -> bool:
    return unit.where not in OFF_MAP


def units_at(state: AsiaState, where: str) -> list[Unit]:
    return [u for u in state.units.values() if u.where == where]


def combat_units(units: list[Unit]) -> list[Unit]:
    return [u for u in units if not u.agent]


def friendly(state: AsiaState, where: str, seat: str) -> list[Unit]:
    return [u for u in units_at(state, where) if owner(state, u) == seat]


def enemy_combat(state: AsiaState, where: str, seat: str) -> list[Unit]:
    return [u for u in units_at(state, where)
            if not u.agent and owner(state, u) == other(seat)]


def neutral_units(state: AsiaState, where: str) -> list[Unit]:
    return [u for u in units_at(state, where) if owner(state, u) is None]


def strength(state: AsiaState, unit: Unit) -> int:
    if unit.agent or unit.kind == HIDDEN:
        return 0
    return state.data.unit_type(unit.nation, unit.kind).strength * unit.size


def movement(state: AsiaState, unit: Unit) -> int:
    if unit.kind == HIDDEN:
        return 0
    if unit.agent:
        return state.data.agents[unit.id].ma
    return state.data.unit_type(unit.nation, unit.kind).ma


def circled(state: AsiaState, unit: Unit) -> bool:
    """13.2: agents, irregulars and ghazis move diagonally (movement in a circle)."""
    return unit.agent or state.data.unit_type(unit.nation, unit.kind).circled


def home_region(unit: Unit) -> str | None:
    """17.6: the region whose units are not expeditionary there.  House: red units are
    at home in North India, blue in Western Siberia (facts §2.7 GAP)."""
    return {"british": "north_india", "russian": "western_siberia"}.get(unit.nation,
                                                                         unit.nation)


def balance_level(state: AsiaState, seat: str) -> int:
    """4.0: how much the BoP favours ``seat``: 0, 1 mildly, 2 moderately, 3 highly
    (house thresholds).  Positive BoP favours the British (facts §3.8)."""
    value = state.balance if seat == "british" else -state.balance
    table = state.data.tables["balance"]
    if value >= table["high"]:
        return 3
    if value >= table["moderate"]:
        return 2
    return 1 if value >= table["mild"] else 0


def force_ma(state: AsiaState, ids: list[str], leader: str | None = None) -> int:
    """11.3: a force moves at its slowest unit's rate; 16.2.1: one agent, the player's
    choice (``leader``; none chosen: the best), adds its military value to every
    non-agent unit (never to agents)."""
    units = [state.units[i] for i in ids]
    if leader is not None and leader in ids:
        bonus = state.data.agents[leader].military
    else:
        bonus = max((state.data.agents[u.id].military for u in units if u.agent), default=0)
    rates = [movement(state, u) + (0 if u.agent else bonus) for u in units]
    return min(rates, default=0)


def open_square(state: AsiaState, where: str) -> bool:
    """14.1(1): where units of both sides meet, every unit is revealed."""
    sides = {owner(state, u) for u in units_at(state, where)}
    return all(seat in sides for seat in SEATS)


def conceal(state: AsiaState, seat: str | None) -> dict[str, Unit]:
    """14.1, 14.4: a side's stacks on the map and in its base are concealed from the
    other (and from onlookers): each of its counters shows as a ``hidden`` counter of its
    side, except where both sides meet.  Neutral units, and agents off the map, are open."""
    out: dict[str, Unit] = {}
    opened: dict[str, bool] = {}
    hidden = 0
    for unit in state.units.values():
        side = owner(state, unit)
        if side is None or side == seat or unit.where in OFF_MAP:
            out[unit.id] = unit
            continue
        if unit.where not in opened:
            opened[unit.where] = open_square(state, unit.where)
        if opened[unit.where]:
            out[unit.id] = unit
            continue
        hidden += 1
        out[f"hidden{hidden}"] = Unit(f"hidden{hidden}", side, HIDDEN, 1, unit.where)
    return out
