"""Raj Operations (3.2) and Special Activities (4.2), with the Viceroy capabilities
(2.5.1) and the consequences of Gandhi's arrest at the end of the Raj turn (3.2.4, 6.6)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.coin.moves import Arrived as Arrived
from engine.coin.moves import arrive as arrive
from engine.coin.moves import unmoved as unmoved
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import (
    active_adversaries,
    activists_active,
    available,
    board,
    in_crisis,
    is_state,
    protests_for_operations,
    raj_control,
    unrest_markers_left,
)
from engine.games.gandhi.effects import begin, note, resources, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.ops.framework import (
    AFTER_TURN,
    DONE,
    AfterTurnData,
    ExecutionData,
    TurnNotes,
    after_turn_data,
    execution_data,
    fresh,
    operation,
    special,
)
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    RAJ,
    RESOURCES_MAX,
    REV_BASES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.seating import is_non_player
from engine.games.gandhi.state import GandhiState, cached
from engine.games.gandhi.vocabulary import verb, verbs

# 2.5.1 Viceroy capabilities (facts §5.2)
CHELMSFORD, READING, IRWIN, WILLINGDON, LINLITHGOW, WAVELL, MOUNTBATTEN = (
    "73", "74", "75", "76", "77", "78", "79")
MOST_PER_CITY = 6
GOVERN_SPACES = 2          # 4.2.2 up to two spaces
IMPERIALISM_LEVELS = 2     # 4.2.2 one or two levels per space
PROTESTS_ON_ARREST = 2     # 3.2.4 Congress places up to two Protests
NV, REV = "nv", "rev"      # 1.4.4 Raj targets NV forces as one Faction
IN, TO, INTO, RECALL = verbs("in", "to", "into", "recall")
MOVE_FROM, ARREST, REMOVE = verbs("move_from", "arrest", "remove")
PLACE_CUBES, USE_SEPOYS = verbs("place_cubes", "use_sepoys")
WAVELL_SWEEP, ASSAULT_WITH, REMOVE_MARKER = verbs("wavell_sweep", "assault_with", "remove_marker")
BUY_IMPERIALISM, REMOVE_ACTIVISTS = verbs("buy_imperialism", "remove_activists")
PROTEST = verb("protest")
SIDE = {CONGRESS_ACTIVISTS: NV, ML_ACTIVISTS: NV, GANDHI: NV, ML_BASES: NV,
        GUERRILLAS_ACTIVE: REV, REV_BASES: REV}
TO_JAIL = (CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI)   # NV to Jail (3.2.4, 4.2.1, 4.2.2)


# --- costs (3.2, 2.5.1) -------------------------------------------------------------------


def op_cost(state: GandhiState, op: str, selected_before: int) -> int:
    """3.2 Restraint per space where Sepoys are used, as modified by the Viceroy: Reading
    makes the first space free and Garrison entirely free; Willingdon (Deploy), Irwin
    (Sweep) and Chelmsford (Assault) make it 1."""
    if state.viceroy == READING and (op == "garrison" or selected_before == 0):
        return 0
    if (op, state.viceroy) in {("deploy", WILLINGDON), ("sweep", IRWIN),
                               ("assault", CHELMSFORD)}:
        return 1
    return state.restraint


def sepoy_cost(state: GandhiState, selected_before: int) -> int:
    """3.2.1 Deploy's price to place Sepoys in the next City."""
    return op_cost(state, "deploy", selected_before)


def raj_resources(state: GandhiState) -> int:
    """What the Raj may spend; 8.6.2 a Non-player Raj pays nothing (its Activation Number
    limits it instead), so it can always afford."""
    if is_non_player(state, RAJ):
        return RESOURCES_MAX
    return state.resources.get(RAJ, 0)


def imperialism_price(state: GandhiState) -> int:
    """4.2.2 Every 3 Resources (Mountbatten: 2) buys one level of Imperialism."""
    return 2 if state.viceroy == MOUNTBATTEN else 3


# --- moving cubes once (3.1.2) ------------------------------------------------------------

def in_map_order(state: GandhiState, ids: set[str]) -> list[str]:
    return [s for s in board(state).spaces if s in ids]


def activate(state: GandhiState, sid: str, n: int) -> list[Event]:
    """Activate (flip Active) up to n Underground Guerrillas (1.4.3)."""
    flips = min(n, state.space(sid).count(GUERRILLAS_UNDERGROUND))
    return [PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND, to_kind=GUERRILLAS_ACTIVE,
                          count=flips)] if flips > 0 else []


def move_texts(state: GandhiState, origins: list[str], kinds: tuple[str, ...],
               arrived: Arrived) -> list[Action]:
    """``move N troops from X``: each count of each kind of unmoved cube per origin."""
    return [MOVE_FROM(count=n, piece=k, space=o) for o in origins for k in kinds
            for n in range(1, unmoved(state, arrived, o, k) + 1)]


# --- targeting adversaries (1.4.4, Bases last, NV to Jail) --------------------------------


def removable(state: GandhiState, sid: str) -> list[str]:
    """Active pieces that may be removed now: Active Activists, Gandhi, Active
    Guerrillas, League Bases once no Activists remain, Revolutionary Bases once no
    Guerrillas remain (Bases last)."""
    sp, b = state.space(sid), board(state)
    activists = sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS)
    guerrillas = sp.count(GUERRILLAS_ACTIVE) + sp.count(GUERRILLAS_UNDERGROUND)
    out = [k for k in (CONGRESS_ACTIVISTS, ML_ACTIVISTS)
           if sp.count(k) and activists_active(b, sid, sp)]
    out += [k for k in (GANDHI, GUERRILLAS_ACTIVE) if sp.count(k)]
    if sp.count(ML_BASES) and not activists:
        out.append(ML_BASES)
    if sp.count(REV_BASES) and not guerrillas:
        out.append(REV_BASES)
    return out


def active_activists(state: GandhiState, sid: str) -> int:
    sp = state.space(sid)
    if not activists_active(board(state), sid, sp):
        return 0
    return sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS)


def gandhi_forced(state: GandhiState, sid: str, targets: list[str], left: int) -> bool:
    """3.2.4 Gandhi must be arrested only if the removals equal or exceed the Active
    Activists plus Gandhi (NV targeted)."""
    return (NV in targets and state.space(sid).count(GANDHI) > 0
            and left >= active_activists(state, sid) + 1)


def target_choices(state: GandhiState, sid: str, targets: list[str], left: int) -> list[Action]:
    if left <= 0:
        return []
    kinds = removable(state, sid)
    if gandhi_forced(state, sid, targeted(targets, GANDHI), left):
        kinds = [k for k in kinds if k != ML_BASES]   # Gandhi before the League's Bases
    if targets and must_continue(state, sid, targets, left):   # 1.4.4 the targeted side
        kinds = [k for k in kinds if SIDE[k] in targets]
    return [(ARREST if k in TO_JAIL else REMOVE)(piece=k) for k in kinds]


def must_continue(state: GandhiState, sid: str, targets: list[str], left: int) -> bool:
    """1.4.4 Once targeted, a Faction's pieces are removed to the full extent.  3.2.4 the
    pieces removed are "per the number of Raj cubes involved" and 3.1.4 lets the Raj choose
    which side to target, not none: while no side is targeted, either side may be the one."""
    if left <= 0:
        return False
    sides = targets or [NV, REV]
    return any(SIDE[k] in sides and (k != GANDHI or gandhi_forced(state, sid, sides, left))
               for k in removable(state, sid))


class RajTurn(TurnNotes):
    """3.2.4 Gandhi was arrested this turn: Restraint -1 and Congress's Protests follow at
    the end of the Raj turn (``gandhi_arrested``)."""

    gandhi_arrested: bool = False


def remove_piece(sid: str, kind: str) -> list[Event]:
    """Guerrillas and Bases to Available; Gandhi and Activists to Jail (1.3.9)."""
    to: Literal["jail", "available"] = "jail" if kind in TO_JAIL else "available"
    events: list[Event] = [PiecesRemoved(space=sid, kind=kind, count=1, to=to)]
    if kind == GANDHI:
        events += note(RajTurn(gandhi_arrested=True))
    return events


def targeted(targets: list[str], kind: str) -> list[str]:
    return targets if SIDE[kind] in targets else [*targets, SIDE[kind]]


# --- 3.2.1 Deploy -------------------------------------------------------------------------


class DeployData(StepData):
    """3.2.1 The City being filled, the Cities done, the cubes recalled from Out of Play."""

    prefix = "deploy"
    city: str | None = None
    cities: list[str] = []
    recalled: int = 0


@operation
class Deploy:
    """3.2.1 Select any Cities; in each place up to six cubes (Sepoys cost Restraint per
    City, Troops nothing); then move up to two cubes from Out of Play to Available."""

    name, faction = "deploy", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return self.placeable(state, 0)

    def placeable(self, state: GandhiState, selected_before: int) -> bool:
        """Something can be placed in the next City: a Troop, or an affordable Sepoy."""
        affordable = raj_resources(state) >= sepoy_cost(state, selected_before)
        return available(state, TROOPS) > 0 or (affordable and available(state, SEPOYS) > 0)

    def choices(self, state: GandhiState, data: RajExecution) -> list[Action]:
        b = board(state)
        mine = data.deploy
        chosen = mine.cities
        if mine.city:
            return self.amounts(state, data)
        actions: list[Action] = []
        more = not mine.recalled and not (data.limited and chosen)
        if more and self.placeable(state, len(chosen)):
            actions += [IN(space=c) for c in b.cities if c not in chosen]
        if chosen and mine.recalled < 2:
            actions += [RECALL(piece=kind) for kind in (TROOPS, SEPOYS)
                        if state.out_of_play.get(kind, 0)]
        return actions

    def amounts(self, state: GandhiState, data: RajExecution) -> list[Action]:
        cost = sepoy_cost(state, len(data.deploy.cities))
        sepoys_ok = raj_resources(state) >= cost
        troops, sepoys = available(state, TROOPS), available(state, SEPOYS) if sepoys_ok else 0
        return [PLACE_CUBES(troops=t, sepoys=s)
                for t in range(min(troops, MOST_PER_CITY) + 1)
                for s in range(min(sepoys, MOST_PER_CITY - t) + 1) if t + s > 0]

    def act(self, state: GandhiState, data: RajExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.deploy
        if action.verb == "in":
            return note(DeployData(city=action["space"]))
        if action.verb == "recall":
            return [BoxTransfer(kind=action["piece"], count=1, origin="out_of_play",
                                destination="available"),
                    *note(DeployData(recalled=mine.recalled + 1))]
        city, chosen = mine.city, mine.cities
        assert city is not None
        troops, sepoys = action["troops"], action["sepoys"]
        events: list[Event] = []
        if sepoys:
            events += resources(state, RAJ, -sepoy_cost(state, len(chosen)))
        events += [PiecesPlaced(space=city, kind=kind, count=n)
                   for kind, n in ((TROOPS, troops), (SEPOYS, sepoys)) if n]
        return [*events, *note(DeployData(city=None, cities=[*chosen, city]))]

    def can_finish(self, state: GandhiState, data: RajExecution) -> bool:
        return bool(data.deploy.cities) and not data.deploy.city

    def finish(self, state: GandhiState, data: RajExecution) -> list[Event]:
        return []


# --- 3.2.2 Garrison -----------------------------------------------------------------------


_NETWORK: dict[int, frozenset[str]] = {}


def network(state: GandhiState) -> frozenset[str]:
    """Railways and Cities (computed once per map)."""
    b = board(state)
    if id(b) not in _NETWORK:
        _NETWORK[id(b)] = frozenset(s for s, sp in b.spaces.items()
                                    if sp.is_railway or sp.kind == "city")
    return _NETWORK[id(b)]


def on_network(state: GandhiState, sid: str) -> bool:
    return sid in network(state)


def garrison_reach(state: GandhiState, origin: str) -> list[str]:
    """3.2.2 Into an adjacent Railway or City, on along adjacent Railways and Cities,
    and finally, if desired, into an adjacent Raj-Controlled space.  Cubes stop at
    Active adversaries and at Protest spaces (they may not exit them)."""
    return cached(state, f"garrison_reach:{origin}", lambda: _reach(state, origin))


def _reach(state: GandhiState, origin: str) -> list[str]:
    b, net = board(state), network(state)
    seen: set[str] = set()
    dests: set[str] = set()
    finals: set[str] = set()      # spaces a cube may finally step into from the network
    frontier = [n for n in b.adjacent(origin) if n in net]
    if origin in net:             # from a City or Railway straight to a final space
        finals |= b.adjacent(origin) - net
    while frontier:
        here = frontier.pop()
        if here in seen or here == origin:
            continue
        seen.add(here)
        dests.add(here)
        sp = state.space(here)
        if sp.protest or active_adversaries(b, here, sp):
            continue
        frontier += [n for n in b.adjacent(here) if n in net]
        finals |= b.adjacent(here) - net
    dests |= {f for f in finals if raj_control(state, f)}
    dests.discard(origin)
    return in_map_order(state, dests)


class GarrisonData(StepData):
    """3.2.2 The cubes chosen to move (piece, origin and count, the count kept as text as
    logged since the first release), the last destination (a Limited Garrison has one),
    whether Sepoys were paid for, and the cubes that arrived where."""

    prefix = "garrison"
    moving: tuple[str, str, str] | None = None
    dest: str | None = None
    paid: bool = False
    arrived: Arrived = {}


@operation
class Garrison:
    """3.2.2 Move cubes along the Railway network (``move 2 troops from Delhi`` then
    ``to Calcutta``); Restraint once if any Sepoys move (Reading: free); then on every
    Railway Activate one Guerrilla per cube."""

    name, faction = "garrison", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        """Some cube outside Protest spaces has an adjacent Railway or City to enter."""
        b, net = board(state), network(state)
        sepoys = self.sepoys_ok(state, fresh(RajExecution))
        return any((sp.count(TROOPS) or (sepoys and sp.count(SEPOYS))) and not sp.protest
                   and b.adjacent(o) & net for o, sp in state.spaces.items())

    def sepoys_ok(self, state: GandhiState, data: RajExecution) -> bool:
        return data.garrison.paid or raj_resources(state) >= op_cost(state, self.name, 0)

    def moves(self, state: GandhiState, data: RajExecution) -> list[Action]:
        fixed = data.garrison.dest if data.limited else None
        kinds = (TROOPS, SEPOYS) if self.sepoys_ok(state, data) else (TROOPS,)
        origins = [o for o, sp in state.spaces.items()
                   if (sp.count(TROOPS) or sp.count(SEPOYS)) and not sp.protest]
        origins = [o for o in in_map_order(state, set(origins))
                   if (reach := garrison_reach(state, o)) and (fixed is None or fixed in reach)]
        return move_texts(state, origins, kinds, data.garrison.arrived)

    def choices(self, state: GandhiState, data: RajExecution) -> list[Action]:
        moving = self.pending(state, data)
        if not moving:
            return self.moves(state, data)
        fixed = data.garrison.dest if data.limited else None
        return [TO(space=d) for d in garrison_reach(state, moving[1]) if fixed in (None, d)]

    def act(self, state: GandhiState, data: RajExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.garrison
        if action.verb == "move_from":
            # kept as text, as logged since the first release
            return note(GarrisonData(
                moving=(action["piece"], action["space"], str(action["count"]))))
        assert mine.moving is not None
        kind, origin, n = mine.moving
        dest = action["space"]
        events: list[Event] = []
        if kind == SEPOYS and not mine.paid:
            events += [*resources(state, RAJ, -op_cost(state, self.name, 0)),
                       *note(GarrisonData(paid=True))]
        arrived = arrive(mine.arrived, dest, kind, int(n))
        return [*events, PiecesMoved(kind=kind, count=int(n), origin=origin, destination=dest),
                *note(GarrisonData(moving=None, dest=dest, arrived=arrived))]

    def can_finish(self, state: GandhiState, data: RajExecution) -> bool:
        return bool(data.garrison.arrived) and not self.pending(state, data)

    def pending(self, state: GandhiState, data: RajExecution) -> tuple[str, str, str] | None:
        """The cubes chosen to move, unless a Special Activity has taken them since."""
        moving = data.garrison.moving
        if moving and unmoved(state, data.garrison.arrived, moving[1],
                              moving[0]) >= int(moving[2]):
            return moving
        return None

    def finish(self, state: GandhiState, data: RajExecution) -> list[Event]:
        """3.2.2 After all cubes have moved, on every Railway Activate one Guerrilla for
        every cube."""
        return [e for r in board(state).railways
                for e in activate(state, r, state.space(r).count(TROOPS)
                                  + state.space(r).count(SEPOYS))]


# --- 3.2.3 Sweep --------------------------------------------------------------------------


def open_railway(state: GandhiState, sid: str) -> bool:
    """3.2.3 A Railway with no Strike, Activists or Active Guerrillas."""
    sp = state.space(sid)
    return board(state).space(sid).is_railway and not sp.strike and not (
        sp.count(CONGRESS_ACTIVISTS) or sp.count(ML_ACTIVISTS) or sp.count(GUERRILLAS_ACTIVE))


def sweep_origins(state: GandhiState, dest: str) -> list[str]:
    """3.2.3 Adjacent spaces (Railways too), or spaces adjacent to an open Railway that
    is adjacent to the destination; never Protest spaces."""
    b = board(state)
    near = set(b.adjacent(dest))
    near |= {o for r in b.adjacent(dest) if open_railway(state, r) for o in b.adjacent(r)}
    return in_map_order(state, {o for o in near if o != dest and not state.space(o).protest
                                and (state.space(o).count(TROOPS)
                                     or state.space(o).count(SEPOYS))})


def sweep_moves(state: GandhiState, dest: str, arrived: Arrived, sepoys: bool) -> list[Action]:
    kinds = tuple(k for k in (TROOPS, SEPOYS)
                  if (k == SEPOYS and sepoys) or (k == TROOPS and not is_state(state, dest)))
    return move_texts(state, sweep_origins(state, dest), kinds, arrived)


class Swept(StepData):
    """What Sweep (3.2.3) and Wavell's Sweep before an Assault (2.5.1) track: the cubes
    that arrived where, and the Guerrillas Activated so far per destination (one per cube
    used, credited as cubes come)."""

    arrived: Arrived = {}
    counted: dict[str, int] = {}


def sweep_activation(state: GandhiState, dest: str, used: int, mine: Swept) -> list[Event]:
    """3.2.3 Activate one Guerrilla for every cube used in the destination (credited as
    cubes come, so that the total is one per cube)."""
    before = mine.counted.get(dest, 0)
    if used <= before:
        return []
    return [*activate(state, dest, used - before),
            *note(type(mine)(counted={**mine.counted, dest: used}))]


class SweepData(Swept):
    """3.2.3 The destination being swept, those selected, the cost of Sepoys there (read
    when it was selected, 3.1.5), and the destinations paid for."""

    prefix = "sweep"
    dest: str | None = None
    selected: list[str] = []
    cost: int = 0
    paid: list[str] = []


@operation
class Sweep:
    """3.2.3 ``into X``; then ``move N troops from Y`` (directly or over an open Railway)
    and ``use sepoys`` to Sweep in place with the Sepoys already there."""

    name, faction = "sweep", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.destinations(state, fresh(RajExecution)))

    def destinations(self, state: GandhiState, data: RajExecution) -> list[Action]:
        chosen = data.sweep.selected
        if data.limited and chosen:
            return []
        b = board(state)
        afford = raj_resources(state) >= op_cost(state, self.name, len(chosen))
        return [INTO(space=d) for d in b.non_railway
                if d not in chosen and self.useful(state, d, data, afford)]

    def useful(self, state: GandhiState, dest: str, data: RajExecution, afford: bool) -> bool:
        sp = state.space(dest)
        if (sp.count(TROOPS) and not is_state(state, dest)) or (afford and sp.count(SEPOYS)):
            return True
        return bool(sweep_moves(state, dest, data.sweep.arrived, afford))

    def paid(self, data: RajExecution) -> bool:
        return data.sweep.dest in data.sweep.paid

    def sepoys_ok(self, state: GandhiState, data: RajExecution) -> bool:
        return self.paid(data) or raj_resources(state) >= data.sweep.cost

    def choices(self, state: GandhiState, data: RajExecution) -> list[Action]:
        dest = data.sweep.dest
        actions: list[Action] = []
        if dest:
            actions += sweep_moves(state, dest, data.sweep.arrived, self.sepoys_ok(state, data))
            if not self.paid(data) and self.sepoys_ok(state, data) and unmoved(
                    state, data.sweep.arrived, dest, SEPOYS):
                actions.append(USE_SEPOYS())
        return actions + self.destinations(state, data)

    def used(self, state: GandhiState, dest: str, paid: bool, extra: int = 0) -> int:
        sp = state.space(dest)
        return sp.count(TROOPS) + (sp.count(SEPOYS) if paid else 0) + extra

    def act(self, state: GandhiState, data: RajExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.sweep
        if action.verb == "into":
            dest, chosen = action["space"], mine.selected
            used = self.used(state, dest, False)
            return [*note(SweepData(dest=dest, selected=[*chosen, dest],
                                    cost=op_cost(state, self.name, len(chosen)))),
                    *sweep_activation(state, dest, used, mine)]
        dest = mine.dest
        assert dest is not None
        events = [] if self.paid(data) else self.pay(state, data, action)
        paid = self.paid(data) or bool(events)
        if action.verb == "use_sepoys":
            return [*events, *sweep_activation(state, dest, self.used(state, dest, True), mine)]
        kind, origin, n = action["piece"], action["space"], action["count"]
        arrived = arrive(mine.arrived, dest, kind, n)
        extra = n if kind == TROOPS or paid else 0
        return [*events, PiecesMoved(kind=kind, count=n, origin=origin, destination=dest),
                *note(SweepData(arrived=arrived)),
                *sweep_activation(state, dest, self.used(state, dest, paid, extra), mine)]

    def pay(self, state: GandhiState, data: RajExecution, action: Action) -> list[Event]:
        """Pay for the destination the first time Sepoys are used there."""
        if action.verb == "move_from" and action["piece"] != SEPOYS:
            return []
        dest = data.sweep.dest
        assert dest is not None
        return [*resources(state, RAJ, -data.sweep.cost),
                *note(SweepData(paid=[*data.sweep.paid, dest]))]

    def can_finish(self, state: GandhiState, data: RajExecution) -> bool:
        return bool(data.sweep.selected)

    def finish(self, state: GandhiState, data: RajExecution) -> list[Event]:
        return []


# --- 3.2.4 Assault ------------------------------------------------------------------------

USAGES = {"troops": (True, False), "sepoys": (False, True), "troops_and_sepoys": (True, True)}


def assault_removals(troops: int, sepoys: int) -> int:
    """3.2.4 One piece per cube if any Troops are used; else one per two Sepoys."""
    return troops + sepoys if troops else sepoys // 2


class AssaultData(Swept):
    """3.2.4 The space being assaulted, those selected and the cost of Sepoys there (read
    when selected, 3.1.5), the cubes used (``troops``, ``sepoys``, ``troops_and_sepoys``,
    logged as ``assault_with``), the removals left, the sides targeted (1.4.4), and the
    space of Wavell's free Sweep (2.5.1)."""

    prefix = "assault"
    logged_as = {"cubes": "with"}
    space: str | None = None
    selected: list[str] = []
    cost: int = 0
    cubes: str | None = None
    left: int = 0
    targets: list[str] = []
    wavell: str | None = None


@operation
class Assault:
    """3.2.4 ``in X``, ``with troops|sepoys|troops and sepoys``, then the pieces one by
    one (``arrest congress activist``, ``remove guerrilla``...).  Wavell: ``sweep`` and
    ``move N troops from Y`` into the open space before choosing the cubes."""

    name, faction = "assault", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, fresh(RajExecution)))

    def spaces(self, state: GandhiState, data: RajExecution) -> list[Action]:
        chosen = data.assault.selected
        if data.limited and chosen:
            return []
        cost = op_cost(state, self.name, len(chosen))
        wavell = self.wavell_free(state, data)
        return [IN(space=s) for s in in_map_order(state, set(state.spaces)) if s not in chosen
                and (state.space(s).count(TROOPS) or state.space(s).count(SEPOYS))
                and ((wavell and not board(state).space(s).is_railway)
                     or (removable(state, s) and self.usages(state, s, cost)))]

    def wavell_free(self, state: GandhiState, data: RajExecution) -> bool:
        return state.viceroy == WAVELL and not data.assault.wavell

    def usages(self, state: GandhiState, sid: str, cost: int) -> list[Action]:
        sp, afford = state.space(sid), raj_resources(state) >= cost
        out = []
        for usage, (troops, sepoys) in USAGES.items():
            t, s = sp.count(TROOPS) if troops else 0, sp.count(SEPOYS) if sepoys else 0
            if (troops and not t) or (sepoys and not (s and afford)):
                continue
            if assault_removals(t, s):
                out.append(ASSAULT_WITH(cubes=usage))
        return out

    def open_usages(self, state: GandhiState, data: RajExecution, sid: str) -> list[Action]:
        if not removable(state, sid):
            return []
        return self.usages(state, sid, data.assault.cost)

    def choices(self, state: GandhiState, data: RajExecution) -> list[Action]:
        mine = data.assault
        sid, left, targets = mine.space, mine.left, mine.targets
        if sid and not mine.cubes:
            usages = self.open_usages(state, data, sid)
            return self.wavell(state, data, sid) + (usages or self.spaces(state, data))
        if sid and must_continue(state, sid, targets, left):
            return target_choices(state, sid, targets, left)
        picks = target_choices(state, sid, targets, left) if sid else []
        return picks + self.spaces(state, data)

    def wavell(self, state: GandhiState, data: RajExecution, sid: str) -> list[Action]:
        """3.2.4 Wavell: a free Limited Sweep (Troops and Sepoys) into one Assault space."""
        if board(state).space(sid).is_railway:
            return []                  # 3.2.3 Sweep destinations are non-Railway spaces
        if self.wavell_free(state, data):
            return [WAVELL_SWEEP()]
        if data.assault.wavell != sid:
            return []
        return sweep_moves(state, sid, data.assault.arrived, True)

    def act(self, state: GandhiState, data: RajExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.assault
        sid = str(mine.space)
        if action.verb == "in":
            chosen = mine.selected
            return note(AssaultData(space=action["space"], selected=[*chosen, action["space"]],
                                    cost=op_cost(state, self.name, len(chosen)),
                                    cubes=None, left=0, targets=[]))
        if action.verb in ("wavell_sweep", "move_from"):
            return self.sweep(state, data, action)
        if action.verb == "assault_with":
            return self.use(state, data, action["cubes"])
        kind = action["piece"]
        return [*remove_piece(sid, kind),
                *note(AssaultData(left=mine.left - 1, targets=targeted(mine.targets, kind)))]

    def sweep(self, state: GandhiState, data: RajExecution, action: Action) -> list[Event]:
        mine = data.assault
        sid = mine.space
        assert sid is not None
        sp = state.space(sid)
        if action.verb == "wavell_sweep":
            used = sp.count(TROOPS) + sp.count(SEPOYS)
            return [*note(AssaultData(wavell=sid)), *sweep_activation(state, sid, used, mine)]
        kind, origin, n = action["piece"], action["space"], action["count"]
        used = sp.count(TROOPS) + sp.count(SEPOYS) + n
        return [PiecesMoved(kind=kind, count=n, origin=origin, destination=sid),
                *note(AssaultData(arrived=arrive(mine.arrived, sid, kind, n))),
                *sweep_activation(state, sid, used, mine)]

    def use(self, state: GandhiState, data: RajExecution, usage: str) -> list[Event]:
        troops, sepoys = USAGES[usage]
        assert data.assault.space is not None
        sp = state.space(data.assault.space)
        t, s = sp.count(TROOPS) if troops else 0, sp.count(SEPOYS) if sepoys else 0
        pay = resources(state, RAJ, -data.assault.cost) if sepoys else []
        return [*pay, *note(AssaultData(cubes=usage, left=assault_removals(t, s)))]

    def can_finish(self, state: GandhiState, data: RajExecution) -> bool:
        sid = data.assault.space
        if not sid:
            return False
        if not data.assault.cubes and self.open_usages(state, data, sid):
            return False
        return not must_continue(state, sid, data.assault.targets, data.assault.left)

    def finish(self, state: GandhiState, data: RajExecution) -> list[Event]:
        return []


# --- 4.2.1 Treaty -------------------------------------------------------------------------


class TreatyData(StepData):
    """4.2.1 The State being worked, what is done there (``remove`` or ``move``), the
    removals left and the sides targeted (1.4.4), and the States selected."""

    prefix = "treaty"
    space: str | None = None
    mode: str | None = None
    left: int = 0
    targets: list[str] = []
    selected: list[str] = []


@special
class Treaty:
    """4.2.1 ``in X`` (a State); then either remove one Active piece per Sepoy there
    (``arrest league activist``...) or ``move N sepoys from Y`` from adjacent spaces."""

    name, faction = "treaty", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.states(state, fresh(RajExecution)))

    def states(self, state: GandhiState, data: RajExecution) -> list[Action]:
        chosen = data.treaty.selected
        return [IN(space=s) for s in board(state).non_railway if is_state(state, s)
                and s not in chosen
                and (self.moves(state, s) or (state.space(s).count(SEPOYS)
                                              and removable(state, s)))]

    def moves(self, state: GandhiState, sid: str) -> list[Action]:
        """Sepoys not in Protest spaces, from adjacent spaces."""
        origins = [o for o in in_map_order(state, set(board(state).adjacent(sid)))
                   if not state.space(o).protest]
        return move_texts(state, origins, (SEPOYS,), {})

    def choices(self, state: GandhiState, data: RajExecution) -> list[Action]:
        mine = data.treaty
        sid, mode, targets, left = mine.space, mine.mode, mine.targets, mine.left
        if sid and mode == "remove" and must_continue(state, sid, targets, left):
            return target_choices(state, sid, targets, left)
        actions: list[Action] = []
        if sid and mode in (None, "remove"):
            budget = left if mode else state.space(sid).count(SEPOYS)
            actions += target_choices(state, sid, targets, budget)
        if sid and mode in (None, "move"):
            actions += self.moves(state, sid)
        return actions + self.states(state, data)

    def act(self, state: GandhiState, data: RajExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.treaty
        sid = str(mine.space)
        if action.verb == "in":
            return note(TreatyData(space=action["space"], mode=None, left=0, targets=[],
                                   selected=[*mine.selected, action["space"]]))
        if action.verb == "move_from":
            origin, n = action["space"], action["count"]
            return [PiecesMoved(kind=SEPOYS, count=n, origin=origin, destination=sid),
                    *note(TreatyData(mode="move"))]
        kind = action["piece"]
        left = mine.left if mine.mode else state.space(sid).count(SEPOYS)
        return [*remove_piece(sid, kind),
                *note(TreatyData(mode="remove", left=left - 1,
                                 targets=targeted(mine.targets, kind)))]

    def can_finish(self, state: GandhiState, data: RajExecution) -> bool:
        mine = data.treaty
        return mine.space is not None and not (mine.mode == "remove" and must_continue(
            state, mine.space, mine.targets, mine.left))

    def finish(self, state: GandhiState, data: RajExecution) -> list[Event]:
        return []


# --- 4.2.2 Govern -------------------------------------------------------------------------


def imperialism_effect(state: GandhiState, sid: str) -> list[Event]:
    """4.2.2 Remove an Unrest; once none, remove a Muslim State or shift one level
    towards Active Support."""
    sp = state.space(sid)
    if sp.unrest:
        return [MarkerSet(space=sid, marker="unrest", value=sp.unrest - 1)]
    if sp.muslim_state:
        return [MarkerSet(space=sid, marker="muslim_state", value=0)]
    if board(state).space(sid).is_railway:
        return []
    return support(state, sid, 1)


class GovernData(StepData):
    """4.2.2 The space being governed, what was done there (``imperialism``, or ``done``
    after a removal), the levels of Imperialism bought, and the spaces selected."""

    prefix = "govern"
    space: str | None = None
    mode: str | None = None
    bought: int = 0
    selected: list[str] = []


@special
class Govern:
    """4.2.2 ``in X`` (up to two spaces with cubes); then one of: remove one Active piece,
    ``remove strike``/``remove protest`` (no Activists), or ``buy imperialism`` once or
    twice (no Active adversaries)."""

    name, faction = "govern", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, fresh(RajExecution)))

    def spaces(self, state: GandhiState, data: RajExecution) -> list[Action]:
        chosen = data.govern.selected
        if len(chosen) >= GOVERN_SPACES:
            return []
        return [IN(space=s) for s in in_map_order(state, set(state.spaces)) if s not in chosen
                and (state.space(s).count(TROOPS) or state.space(s).count(SEPOYS))
                and self.options(state, s, None, 0)]

    def options(self, state: GandhiState, sid: str, mode: str | None, bought: int) -> list[Action]:
        sp, b = state.space(sid), board(state)
        out: list[Action] = []
        if mode is None:
            out += target_choices(state, sid, [], 1)
            if not (sp.count(CONGRESS_ACTIVISTS) or sp.count(ML_ACTIVISTS)):
                out += [REMOVE_MARKER(marker=m) for m in ("strike", "protest") if getattr(sp, m)]
        if (mode in (None, "imperialism") and bought < IMPERIALISM_LEVELS
                and not active_adversaries(b, sid, sp)
                and raj_resources(state) >= imperialism_price(state)
                and imperialism_effect(state, sid)):
            out.append(BUY_IMPERIALISM())
        return out

    def choices(self, state: GandhiState, data: RajExecution) -> list[Action]:
        mine = data.govern
        here = self.options(state, mine.space, mine.mode, mine.bought) if mine.space else []
        return here + self.spaces(state, data)

    def act(self, state: GandhiState, data: RajExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.govern
        sid = str(mine.space)
        if action.verb == "in":
            return note(GovernData(space=action["space"], mode=None, bought=0,
                                   selected=[*mine.selected, action["space"]]))
        if action.verb == "buy_imperialism":
            return [*resources(state, RAJ, -imperialism_price(state)),
                    *imperialism_effect(state, sid),
                    *note(GovernData(mode="imperialism", bought=mine.bought + 1))]
        if action.verb == "remove_marker":
            return [MarkerSet(space=sid, marker=action["marker"], value=0),
                    *note(GovernData(mode="done"))]
        return [*remove_piece(sid, action["piece"]), *note(GovernData(mode="done"))]

    def can_finish(self, state: GandhiState, data: RajExecution) -> bool:
        return bool(data.govern.space)

    def finish(self, state: GandhiState, data: RajExecution) -> list[Event]:
        return []


# --- 4.2.3 Martial Law --------------------------------------------------------------------


class MartialLawData(StepData):
    """4.2.3 The space chosen, until its Activists are removed, and the spaces selected."""

    prefix = "martial_law"
    space: str | None = None
    selected: list[str] = []


@special
class MartialLaw:
    """4.2.3 ``in X`` (cubes and Activists; two spaces in Crisis), then
    ``remove C congress M league``: one Activist (Active or not) per cube to Available;
    remove the Protest, add Unrest off the Railways (not under Linlithgow), shift one
    level towards Neutral."""

    name, faction = "martial_law", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, fresh(RajExecution)))

    def spaces(self, state: GandhiState, data: RajExecution) -> list[Action]:
        chosen = data.martial_law.selected
        if len(chosen) >= (2 if in_crisis(state) else 1) or data.martial_law.space:
            return []
        return [IN(space=s) for s in in_map_order(state, set(state.spaces)) if s not in chosen
                and (state.space(s).count(TROOPS) or state.space(s).count(SEPOYS))
                and (state.space(s).count(CONGRESS_ACTIVISTS)
                     or state.space(s).count(ML_ACTIVISTS))]

    def splits(self, state: GandhiState, sid: str) -> list[Action]:
        sp = state.space(sid)
        ca, ml = sp.count(CONGRESS_ACTIVISTS), sp.count(ML_ACTIVISTS)
        n = min(sp.count(TROOPS) + sp.count(SEPOYS), ca + ml)
        return [REMOVE_ACTIVISTS(congress=c, league=n - c)
                for c in range(max(0, n - ml), min(ca, n) + 1)]

    def choices(self, state: GandhiState, data: RajExecution) -> list[Action]:
        sid = data.martial_law.space
        return self.splits(state, sid) if sid else self.spaces(state, data)

    def act(self, state: GandhiState, data: RajExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(MartialLawData(space=action["space"], selected=[
                *data.martial_law.selected, action["space"]]))
        sid = data.martial_law.space
        assert sid is not None
        sp = state.space(sid)
        events: list[Event] = [PiecesRemoved(space=sid, kind=k, count=int(n))
                               for k, n in ((CONGRESS_ACTIVISTS, action["congress"]),
                                            (ML_ACTIVISTS, action["league"])) if n]
        if sp.protest:
            events.append(MarkerSet(space=sid, marker="protest", value=0))
        if (not board(state).space(sid).is_railway and state.viceroy != LINLITHGOW
                and unrest_markers_left(state) > 0):
            events.append(MarkerSet(space=sid, marker="unrest", value=sp.unrest + 1))
        toward_neutral = -1 if sp.support > 0 else (1 if sp.support < 0 else 0)
        return [*events, *support(state, sid, toward_neutral),
                *note(MartialLawData(space=None))]

    def can_finish(self, state: GandhiState, data: RajExecution) -> bool:
        return bool(data.martial_law.selected) and not data.martial_law.space

    def finish(self, state: GandhiState, data: RajExecution) -> list[Event]:
        return []


# --- the Raj's execution data ---------------------------------------------------------------


@execution_data(RAJ)
class RajExecution(ExecutionData):
    """An Operation of the Raj: one part per Operation and Special Activity."""

    turn: RajTurn = Field(default_factory=RajTurn)
    deploy: DeployData = Field(default_factory=DeployData)
    garrison: GarrisonData = Field(default_factory=GarrisonData)
    sweep: SweepData = Field(default_factory=SweepData)
    assault: AssaultData = Field(default_factory=AssaultData)
    treaty: TreatyData = Field(default_factory=TreatyData)
    govern: GovernData = Field(default_factory=GovernData)
    martial_law: MartialLawData = Field(default_factory=MartialLawData)


# --- Gandhi arrested (3.2.4, 4.2.1, 4.2.2, 6.6) ---------------------------------------------


@after_turn_data(RAJ)
class RajAfterTurn(AfterTurnData):
    """The end of the Raj turn, with what its activities left (``RajTurn``)."""

    turn: RajTurn = Field(default_factory=RajTurn)


class ProtestsData(StepData):
    """Congress's Protests after Gandhi's arrest: the Faction whose turn it was, and the
    Protests placed so far."""

    faction: str = ""
    protests_placed: int = 0


def gandhi_arrested(state: GandhiState) -> list[Event]:
    """At the end of the Raj turn: first Restraint -1, then Congress may place up to two
    Available Protests (facts §8, 1.10 errata: subject to Restraint)."""
    data = state.step.data
    if not isinstance(data, RajAfterTurn) or not data.turn.gandhi_arrested:
        return []
    return [*track(state, "restraint", -1),
            begin("gandhi_protests", CONGRESS, ProtestsData(faction=data.faction))]


AFTER_TURN.append(gandhi_arrested)


@step("gandhi_protests", ProtestsData)
class GandhiProtests:
    """Congress places up to two Available Protests in non-Railway spaces without one
    (``protest Bihar``), or says done."""

    def ask(self, state: GandhiState) -> Ask | None:
        if (state.step.of(ProtestsData).protests_placed >= PROTESTS_ON_ARREST
                or not protests_for_operations(state)):
            return None
        b = board(state)
        spaces = [PROTEST(space=s) for s in b.non_railway if not state.space(s).protest]
        if not spaces:
            return None
        return Ask(CONGRESS, Msg("gandhi.prompt.gandhi_protests"), (*spaces, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.auto(state, chance)
        placed = state.step.of(ProtestsData).protests_placed + 1
        return [MarkerSet(space=action["space"], marker="protest", value=1),
                *note(ProtestsData(protests_placed=placed))]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        faction = state.step.of(ProtestsData).faction
        return [begin("after_turn", None, AfterTurnData(faction=faction))]
