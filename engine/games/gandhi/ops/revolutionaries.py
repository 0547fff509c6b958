"""Revolutionaries Operations (3.4) and Special Activities (4.5).

Every choice is a short text: a space is selected with ``in <Space>`` (``from <Space>``
for a March origin), and what happens there is asked next (``place 2 guerrillas``,
``base 2 underground``, ``to Bihar`` then ``move 1 active 2 underground``,
``remove sepoy``, ``gain resources``, ``replace protest``...).  Each activity's working
data is a part of ``RevExecution`` (framework.py), logged with the activity's name.
"""

from __future__ import annotations

from pydantic import Field

from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.games.gandhi.derived import (
    activists_active,
    available,
    board,
    in_crisis,
    is_state,
    raj_control,
)
from engine.games.gandhi.effects import add_unrest, after, note, resources, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.ops.framework import (
    ExecutionData,
    execution_data,
    fresh,
    operation,
    special,
)
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    CUBES,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    NV_FACTIONS,
    OWNER,
    RESOURCES_MAX,
    REV_BASES,
    REVOLUTIONARIES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.seating import is_non_player
from engine.games.gandhi.state import GandhiState, SpaceState
from engine.games.gandhi.vocabulary import verbs

REV = REVOLUTIONARIES
UNDER, ACTIVE = GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE
ACTIVISTS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)
MARCH_ACTIVATION = 3            # 3.4.2 moving Guerrillas plus cubes exceeding three
ATTACK_REMOVALS = 2             # 3.4.3 up to two Active pieces
ATTACK_UNREST_OPTION = "attack_unrest"   # facts §8: EN "or" (default) / IT "and"
IN, FROM, TO, RECALL, REMOVE, STOP = verbs("in", "from", "to", "recall", "remove", "stop")
PLACE_GUERRILLAS, GAIN_RESOURCES = verbs("place_guerrillas", "gain_resources")
FLIP_UNDERGROUND, REPLACE = verbs("flip_underground", "replace")
REPLACE_MARKER, PLACE_BASE = verbs("replace_marker", "place_base")


# --- small shared helpers ---------------------------------------------------------------


def rev_resources(state: GandhiState) -> int:
    """What the Revolutionaries may spend; 8.6.2 a Non-player pays nothing."""
    if is_non_player(state, REV):
        return RESOURCES_MAX
    return state.resources.get(REV, 0)


def funds(state: GandhiState, limited: bool) -> int:
    """What an Operation may count on when chosen: the Resources, plus what Aid could
    bring first (4.1: a Special Activity may come immediately before the Operation)."""
    if limited:
        return rev_resources(state)
    b = board(state)
    return rev_resources(state) + sum(b.space(s).pop for s, sp in state.spaces.items()
                                      if sp.count(UNDER))


def pay(state: GandhiState, cost: int) -> list[Event]:
    """3.1 Operations cost Resources (never below 0, 1.8)."""
    return resources(state, REV, -cost) if cost else []


def guerrillas(space: SpaceState) -> int:
    return space.count(UNDER) + space.count(ACTIVE)


def bases(space: SpaceState) -> int:
    return space.count(ML_BASES) + space.count(REV_BASES)


def base_room(state: GandhiState, space_id: str) -> bool:
    """1.4.2 At most as many Bases (of both Factions) as the space's Population."""
    return bases(state.space(space_id)) < board(state).space(space_id).pop


def texts(state: GandhiState, space_ids: list[str], word: str = "in") -> list[Action]:
    """``in``, ``from`` or ``to`` each space."""
    pick = {"in": IN, "from": FROM, "to": TO}[word]
    return [pick(space=s) for s in space_ids]


def activate_all(state: GandhiState, space_id: str) -> list[Event]:
    """1.4.3 Activate Guerrillas: flip the Underground ones."""
    n = state.space(space_id).count(UNDER)
    return [PiecesFlipped(space=space_id, kind=UNDER, to_kind=ACTIVE, count=n)] if n else []


def activate_one(state: GandhiState, space_id: str) -> list[Event]:
    if not state.space(space_id).count(UNDER):
        return []
    return [PiecesFlipped(space=space_id, kind=UNDER, to_kind=ACTIVE, count=1)]


def active_targets(state: GandhiState, space_id: str) -> list[str]:
    """Active adversary pieces (1.4.3; never Gandhi): cubes, ML Bases, Active Activists."""
    space = state.space(space_id)
    active = activists_active(board(state), space_id, space)
    return [k for k in (SEPOYS, TROOPS, *ACTIVISTS, ML_BASES)
            if space.count(k) and (k not in ACTIVISTS or active)]


SPLITS = {"base": verbs("base_active", "base_underground", "base_both"),
          "move": verbs("move_active", "move_underground", "move_both")}


def split_texts(word: str, most_active: int, most_under: int, total: int | None = None
                ) -> list[Action]:
    """``base 1 active 2 underground`` (a count left out when 0) for every split of Active
    and Underground Guerrillas (``total`` fixes the sum)."""
    only_active, only_under, both = SPLITS[word]
    out = []
    for a in range(most_active + 1):
        for u in range(most_under + 1):
            if (a + u == total) if total is not None else a + u > 0:
                out.append(both(active=a, underground=u) if a and u else
                           only_active(active=a) if a else only_under(underground=u))
    return out


def split_of(action: Action) -> tuple[int, int]:
    """(Active, Underground) of a ``split_texts`` choice."""
    return action.get("active", 0), action.get("underground", 0)


# --- 3.4.1 Rally --------------------------------------------------------------------------


class RallyData(StepData):
    """3.4.1 The space being rallied in, those done, and whether a Guerrilla was
    recalled from Out of Play (which ends the selection)."""

    prefix = "rally"
    space: str | None = None
    spaces: list[str] = []
    recalled: bool = False


@operation
class Rally:
    """3.4.1 In Cities, Provinces and States without Support or with a Revolutionaries
    Base (1 Resource each): place 1 + Bases Guerrillas, or replace Unity Guerrillas with a
    Base; then one Guerrilla may go from Out of Play to Available."""

    name, faction = "rally", REV

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, [], funds(state, limited)))

    def spaces(self, state: GandhiState, chosen: list[str], money: int | None = None
               ) -> list[str]:
        if (rev_resources(state) if money is None else money) < 1:
            return []
        b = board(state)
        return [s for s in b.non_railway if s not in chosen and self.allowed(state, s)
                and (self.can_place(state) or self.can_build(state, s))]

    def allowed(self, state: GandhiState, space_id: str) -> bool:
        space = state.space(space_id)
        return space.support <= 0 or space.count(REV_BASES) > 0

    def can_place(self, state: GandhiState) -> bool:
        return available(state, GUERRILLAS) > 0

    def can_build(self, state: GandhiState, space_id: str) -> bool:
        """Unity Guerrillas there (6.7), a Base Available and room for it (1.4.2)."""
        return (guerrillas(state.space(space_id)) >= state.unity
                and available(state, REV_BASES) > 0 and base_room(state, space_id))

    def choices(self, state: GandhiState, data: RevExecution) -> list[Action]:
        if data.rally.space:
            return self.options(state, data.rally.space)
        chosen = data.rally.spaces
        actions: list[Action] = []
        if not data.rally.recalled and not (data.limited and chosen):
            actions += texts(state, self.spaces(state, chosen))
        if chosen and not data.rally.recalled and state.out_of_play.get(GUERRILLAS):
            actions.append(RECALL(piece=GUERRILLAS))
        return actions

    def options(self, state: GandhiState, space_id: str) -> list[Action]:
        space = state.space(space_id)
        actions = []
        if self.can_place(state):
            n = self.placed(state, space_id)
            actions.append(PLACE_GUERRILLAS(count=n))
        if self.can_build(state, space_id):
            actions += split_texts("base", space.count(ACTIVE), space.count(UNDER), state.unity)
        return actions

    def placed(self, state: GandhiState, space_id: str) -> int:
        """1 + Bases there, as many as are Available (1.4.1)."""
        wanted = 1 + state.space(space_id).count(REV_BASES)
        return min(wanted, available(state, GUERRILLAS))

    def act(self, state: GandhiState, data: RevExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(RallyData(space=action["space"]))
        if action.verb == "recall":
            return [BoxTransfer(kind=GUERRILLAS, count=1, origin="out_of_play",
                                destination="available"), *note(RallyData(recalled=True))]
        space_id = data.rally.space
        assert space_id is not None
        events = pay(state, 1)
        if action.verb == "place_guerrillas":
            events.append(PiecesPlaced(space=space_id, kind=UNDER, count=action["count"]))
        else:
            events += self.build(space_id, *split_of(action))
        chosen = [*data.rally.spaces, space_id]
        return [*events, *note(RallyData(space=None, spaces=chosen))]

    def build(self, space_id: str, n_active: int, n_under: int) -> list[Event]:
        events: list[Event] = [PiecesRemoved(space=space_id, kind=kind, count=n)
                               for kind, n in ((ACTIVE, n_active), (UNDER, n_under)) if n]
        return [*events, PiecesPlaced(space=space_id, kind=REV_BASES, count=1)]

    def can_finish(self, state: GandhiState, data: RevExecution) -> bool:
        return bool(data.rally.spaces) and not data.rally.space

    def finish(self, state: GandhiState, data: RevExecution) -> list[Event]:
        return []


# --- 3.4.2 March --------------------------------------------------------------------------


class MarchData(StepData):
    """3.4.2 The origin moving from and the destination chosen, the origins selected, and
    the Guerrillas that arrived where, by side (they move once, 3.1.2)."""

    prefix = "march"
    origin: str | None = None
    dest: str | None = None
    origins: list[str] = []
    arrived: dict[str, dict[str, int]] = {}


def arrived(data: RevExecution, space_id: str) -> dict[str, int]:
    return data.march.arrived.get(space_id, {})


def movable(state: GandhiState, data: RevExecution, space_id: str) -> tuple[int, int]:
    """3.1.2 Guerrillas that have not moved yet: (Active, Underground)."""
    space, came = state.space(space_id), arrived(data, space_id)
    left = guerrillas(space) - sum(came.values())
    n_active = max(0, space.count(ACTIVE) - came.get(ACTIVE, 0))
    n_under = max(0, space.count(UNDER) - came.get(UNDER, 0))
    return min(n_active, left), min(n_under, max(0, left - min(n_active, left)))


def chain_destinations(state: GandhiState, origin: str) -> set[str]:
    """3.4.2 Underground Guerrillas may go along a chain of adjacent Railways and Cities,
    then into an adjacent space."""
    b = board(state)

    def link(s: str) -> bool:
        return b.space(s).is_railway or b.space(s).kind == "city"

    chain: set[str] = set()
    todo = [s for s in b.adjacent(origin) if link(s)]
    while todo:
        s = todo.pop()
        if s not in chain:
            chain.add(s)
            todo += [n for n in b.adjacent(s) if link(n) and n != origin]
    reach = set(chain).union(*(b.adjacent(s) for s in chain))
    return (reach | b.adjacent(origin)) - {origin}


@operation
class March:
    """3.4.2 From origins (1 Resource each, Railways free), Guerrillas move into adjacent
    spaces; Underground ones also along Railways and Cities.  A Limited March has one
    origin and any destinations (2.3.5)."""

    name, faction = "march", REV

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.origins(state, fresh(RevExecution), funds(state, limited)))

    def cost(self, state: GandhiState, space_id: str) -> int:
        return 0 if board(state).space(space_id).is_railway else 1

    def origins(self, state: GandhiState, data: RevExecution, money: int | None = None
                ) -> list[str]:
        chosen = data.march.origins
        if data.limited and chosen:
            return []
        money = rev_resources(state) if money is None else money
        return [s for s in board(state).spaces if s not in chosen
                and sum(movable(state, data, s)) > 0 and money >= self.cost(state, s)]

    def destinations(self, state: GandhiState, data: RevExecution, origin: str) -> list[str]:
        n_active, n_under = movable(state, data, origin)
        b = board(state)
        near = set(b.adjacent(origin)) if n_active + n_under else set()
        far = chain_destinations(state, origin) if n_under else set()
        return [s for s in b.spaces if s in near | far]

    def choices(self, state: GandhiState, data: RevExecution) -> list[Action]:
        origin = data.march.origin or ""
        dest = data.march.dest or ""
        if dest:
            n_active, n_under = movable(state, data, origin)
            near = dest in board(state).adjacent(origin)
            return split_texts("move", n_active if near else 0, n_under)
        actions = texts(state, self.origins(state, data), "from")
        if origin:
            actions += texts(state, self.destinations(state, data, origin), "to")
        return actions

    def act(self, state: GandhiState, data: RevExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "from":
            origin = action["space"]
            return [*pay(state, self.cost(state, origin)),
                    *note(MarchData(origin=origin, dest=None,
                                    origins=[*data.march.origins, origin]))]
        if action.verb == "to":
            return note(MarchData(dest=action["space"]))
        return self.move(state, data, *split_of(action))

    def move(self, state: GandhiState, data: RevExecution, n_active: int,
             n_under: int) -> list[Event]:
        origin, dest = data.march.origin, data.march.dest
        assert origin is not None and dest is not None
        events: list[Event] = [PiecesMoved(kind=kind, count=n, origin=origin, destination=dest)
                               for kind, n in ((ACTIVE, n_active), (UNDER, n_under)) if n]
        came = dict(arrived(data, dest))
        came[ACTIVE] = came.get(ACTIVE, 0) + n_active
        came[UNDER] = came.get(UNDER, 0) + n_under
        # never more than are there: an arrival may have been withdrawn since (1.4.1)
        present = state.space(dest).count(UNDER) + n_under
        flip = min(came[UNDER], present)
        if self.activates(state, dest, sum(came.values())) and flip:
            events.append(PiecesFlipped(space=dest, kind=UNDER, to_kind=ACTIVE, count=flip))
            came = {ACTIVE: came[ACTIVE] + flip, UNDER: 0}
        everywhere = {**data.march.arrived, dest: came}
        return [*events, *note(MarchData(dest=None, arrived=everywhere))]

    def activates(self, state: GandhiState, dest: str, moving: int) -> bool:
        """3.4.2 At Support or on a Railway, moving Guerrillas plus cubes exceeding 3
        Activate the moving Guerrillas (all that moved in during this March)."""
        space = state.space(dest)
        exposed = space.support > 0 or board(state).space(dest).is_railway
        cubes = sum(space.count(k) for k in CUBES)
        return exposed and moving + cubes > MARCH_ACTIVATION

    def can_finish(self, state: GandhiState, data: RevExecution) -> bool:
        return bool(data.march.origins) and not data.march.dest

    def finish(self, state: GandhiState, data: RevExecution) -> list[Event]:
        return []


# --- 3.4.3 Attack -------------------------------------------------------------------------


def attack_order(state: GandhiState, space_id: str) -> list[str]:
    """3.4.3/1.4.4 Sepoys before Troops; Troops and Bases last; Muslim League Bases only
    once no Activists remain."""
    space = state.space(space_id)
    targets = active_targets(state, space_id)
    first = [k for k in targets if k in (SEPOYS, *ACTIVISTS)]
    out = list(first)
    if TROOPS in targets and not first:
        out.append(TROOPS)
    if ML_BASES in targets and not first and not any(space.count(k) for k in ACTIVISTS):
        out.append(ML_BASES)
    return out


def attack_unrest_due(state: GandhiState, space_id: str) -> bool:
    """3.4.3 after a success: Protest or no Raj Control (EN), or both (IT, facts §8)."""
    protest, free = state.space(space_id).protest, not raj_control(state, space_id)
    if state.options.get(ATTACK_UNREST_OPTION) == "protest_and_no_control":
        return protest and free
    return protest or free


def attack_removals(state: GandhiState, space_id: str, removed: list[str]) -> list[Action]:
    """3.4.3 A successful Attack's next removal (``remove <piece>``), and ``stop`` unless
    1.4.4 requires more of a Faction already targeted; ``removed`` are the kinds removed
    so far in the space.  Also used by Events that Attack (card #23)."""
    order = attack_order(state, space_id)
    actions = [REMOVE(piece=k) for k in order]
    targeted = {OWNER[k] for k in removed}
    if not any(OWNER[k] in targeted for k in order):   # 1.4.4 the full extent
        actions.append(STOP())
    return actions


class AttackData(StepData):
    """3.4.3 The space whose removals are being chosen after a success, the kinds removed
    there, and the spaces attacked."""

    prefix = "attack"
    space: str | None = None
    removed: list[str] = []
    spaces: list[str] = []


@operation
class Attack:
    """3.4.3 In Cities, Provinces and States with Guerrillas (1 Resource each): Activate
    them all, roll; at most their number: remove up to two Active pieces, then add Unrest."""

    name, faction = "attack", REV

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, [], funds(state, limited)))

    def spaces(self, state: GandhiState, chosen: list[str], money: int | None = None
               ) -> list[str]:
        if (rev_resources(state) if money is None else money) < 1:
            return []
        return [s for s in board(state).non_railway
                if s not in chosen and guerrillas(state.space(s))]

    def choices(self, state: GandhiState, data: RevExecution) -> list[Action]:
        if data.attack.space:
            return self.removals(state, data)
        chosen = data.attack.spaces
        if data.limited and chosen:
            return []
        return texts(state, self.spaces(state, chosen))

    def removals(self, state: GandhiState, data: RevExecution) -> list[Action]:
        assert data.attack.space is not None
        return attack_removals(state, data.attack.space, data.attack.removed)

    def act(self, state: GandhiState, data: RevExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return self.attack(state, data, action["space"], chance)
        space_id, removed = data.attack.space, data.attack.removed
        assert space_id is not None
        if action.verb == "stop":
            return self.conclude(state, space_id, [])
        events: list[Event] = [PiecesRemoved(space=space_id, kind=action["piece"], count=1)]
        removed = [*removed, action["piece"]]
        now = after(state, events)
        if len(removed) >= ATTACK_REMOVALS or not attack_order(now, space_id):
            return [*events, *self.conclude(now, space_id, [])]
        return [*events, *note(AttackData(removed=removed))]

    def attack(self, state: GandhiState, data: RevExecution, space_id: str,
               chance: Chance) -> list[Event]:
        events = [*pay(state, 1), *activate_all(state, space_id)]
        roll = chance.roll(6)
        events.append(DieRolled(value=roll, purpose="attack"))
        events += note(AttackData(spaces=[*data.attack.spaces, space_id]))
        if roll > guerrillas(state.space(space_id)):
            return events
        now = after(state, events)
        if attack_order(now, space_id):
            return [*events, *note(AttackData(space=space_id, removed=[]))]
        return [*events, *self.conclude(now, space_id, [])]

    def conclude(self, state: GandhiState, space_id: str, events: list[Event]) -> list[Event]:
        """The Attack succeeded: Unrest by 3.4.3 (read once the removals are done)."""
        unrest = add_unrest(state, space_id) if attack_unrest_due(state, space_id) else []
        return [*events, *unrest, *note(AttackData(space=None, removed=[]))]

    def can_finish(self, state: GandhiState, data: RevExecution) -> bool:
        return bool(data.attack.spaces) and not data.attack.space

    def finish(self, state: GandhiState, data: RevExecution) -> list[Event]:
        return []


# --- 3.4.4 Unrest -------------------------------------------------------------------------


class UnrestData(StepData):
    """3.4.4 The spaces selected for Unrest."""

    prefix = "unrest"
    spaces: list[str] = []


@operation
class Unrest:
    """3.4.4 In spaces with an Underground Guerrilla (in Crisis also with both Congress and
    Muslim League Activists), paying Restraint each: Activate one Underground Guerrilla;
    add Unrest and shift toward Neutral (a Railway: a Strike); then Restraint -1 (6.6)."""

    name, faction = "unrest", REV

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, [], funds(state, limited)))

    def spaces(self, state: GandhiState, chosen: list[str], money: int | None = None
               ) -> list[str]:
        money = rev_resources(state) if money is None else money
        if money < state.restraint:   # 3.1.5 the cost when selected
            return []
        crisis = in_crisis(state)
        return [s for s in board(state).spaces if s not in chosen and self.allowed(
            state.space(s), crisis)]

    def allowed(self, space: SpaceState, crisis: bool) -> bool:
        both = all(space.count(k) for k in ACTIVISTS)   # 6.8 Crisis
        return space.count(UNDER) > 0 or (crisis and both)

    def choices(self, state: GandhiState, data: RevExecution) -> list[Action]:
        chosen = data.unrest.spaces
        if data.limited and chosen:
            return []
        return texts(state, self.spaces(state, chosen))

    def act(self, state: GandhiState, data: RevExecution, action: Action,
            chance: Chance) -> list[Event]:
        space_id = action["space"]
        events = [*pay(state, state.restraint), *activate_one(state, space_id)]
        # 1.12 on a Railway the marker is a Strike, and a Railway has no level to shift
        level = state.space(space_id).support
        events += add_unrest(state, space_id)
        events += support(state, space_id, -1 if level > 0 else 1 if level < 0 else 0)
        return [*events, *note(UnrestData(spaces=[*data.unrest.spaces, space_id]))]

    def can_finish(self, state: GandhiState, data: RevExecution) -> bool:
        return bool(data.unrest.spaces)

    def finish(self, state: GandhiState, data: RevExecution) -> list[Event]:
        """6.6 Restraint -1 once per Operation, after all selected spaces."""
        return track(state, "restraint", -1) if data.unrest.spaces else []


# --- 4.5.1 Aid ----------------------------------------------------------------------------


class AidData(StepData):
    """4.5.1 The space being aided, and those done."""

    prefix = "aid"
    space: str | None = None
    spaces: list[str] = []


@special
class Aid:
    """4.5.1 In any spaces: Activate one Underground Guerrilla and gain the space's
    Population in Resources, or pay 1 to flip all Guerrillas there Underground."""

    name, faction = "aid", REV

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, []))

    def spaces(self, state: GandhiState, chosen: list[str]) -> list[str]:
        return [s for s in board(state).spaces if s not in chosen and self.options(state, s)]

    def options(self, state: GandhiState, space_id: str) -> list[Action]:
        space, out = state.space(space_id), []
        if space.count(UNDER):
            out.append(GAIN_RESOURCES())
        if space.count(ACTIVE) and rev_resources(state) >= 1:
            out.append(FLIP_UNDERGROUND())
        return out

    def choices(self, state: GandhiState, data: RevExecution) -> list[Action]:
        if data.aid.space:
            return self.options(state, data.aid.space)
        return texts(state, self.spaces(state, data.aid.spaces))

    def act(self, state: GandhiState, data: RevExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(AidData(space=action["space"]))
        space_id = data.aid.space
        assert space_id is not None
        if action.verb == "gain_resources":
            pop = board(state).space(space_id).pop
            events = [*activate_one(state, space_id), *resources(state, REV, pop)]
        else:
            n = state.space(space_id).count(ACTIVE)
            events = [*pay(state, 1),
                      PiecesFlipped(space=space_id, kind=ACTIVE, to_kind=UNDER, count=n)]
        return [*events, *note(AidData(space=None, spaces=[*data.aid.spaces, space_id]))]

    def can_finish(self, state: GandhiState, data: RevExecution) -> bool:
        return bool(data.aid.spaces) and not data.aid.space

    def finish(self, state: GandhiState, data: RevExecution) -> list[Event]:
        return []


# --- 4.5.2 Infiltrate ---------------------------------------------------------------------


class InfiltrateData(StepData):
    """4.5.2 The space chosen, until its replacement is done; then done."""

    prefix = "infiltrate"
    space: str | None = None
    done: bool = False


@special
class Infiltrate:
    """4.5.2 In one space with an Underground Guerrilla: replace a Sepoy, an Activist or a
    Protest with an Underground Guerrilla, or in Crisis place a Base in a State or Province
    with no Raj Control and room for it."""

    name, faction = "infiltrate", REV

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state))

    def spaces(self, state: GandhiState) -> list[str]:
        return [s for s in board(state).spaces
                if state.space(s).count(UNDER) and self.options(state, s)]

    def options(self, state: GandhiState, space_id: str) -> list[Action]:
        space = state.space(space_id)
        out = [REPLACE(piece=k) for k in (SEPOYS, *ACTIVISTS) if space.count(k)]
        if space.protest:
            out.append(REPLACE_MARKER(marker="protest"))
        if self.base_allowed(state, space_id):
            out.append(PLACE_BASE())
        return out

    def base_allowed(self, state: GandhiState, space_id: str) -> bool:
        """6.8 Crisis: a State or Province, no Raj Control, room (1.4.2), a Base Available."""
        kind = board(state).space(space_id).kind
        return (in_crisis(state) and (kind == "province" or is_state(state, space_id))
                and not raj_control(state, space_id) and base_room(state, space_id)
                and available(state, REV_BASES) > 0)

    def choices(self, state: GandhiState, data: RevExecution) -> list[Action]:
        if data.infiltrate.space:
            return self.options(state, data.infiltrate.space)
        if data.infiltrate.done:
            return []
        return texts(state, self.spaces(state))

    def act(self, state: GandhiState, data: RevExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(InfiltrateData(space=action["space"]))
        space_id = data.infiltrate.space
        assert space_id is not None
        if action.verb == "place_base":
            events: list[Event] = [PiecesPlaced(space=space_id, kind=REV_BASES, count=1)]
        else:
            taken = "protest" if action.verb == "replace_marker" else action["piece"]
            events = [*self.take(space_id, taken), *self.guerrilla(state, space_id)]
        return [*events, *note(InfiltrateData(space=None, done=True))]

    def take(self, space_id: str, what: str) -> list[Event]:
        if what == "protest":
            return [MarkerSet(space=space_id, marker="protest", value=0)]
        return [PiecesRemoved(space=space_id, kind=what, count=1)]

    def guerrilla(self, state: GandhiState, space_id: str) -> list[Event]:
        """1.4.1 Only from Available: with none, the piece is removed, not replaced."""
        if not available(state, GUERRILLAS):
            return []
        return [PiecesPlaced(space=space_id, kind=UNDER, count=1)]

    def can_finish(self, state: GandhiState, data: RevExecution) -> bool:
        return data.infiltrate.done

    def finish(self, state: GandhiState, data: RevExecution) -> list[Event]:
        return []


# --- 4.5.3 Assassinate --------------------------------------------------------------------


class AssassinateData(StepData):
    """4.5.3 The space chosen, until its piece is removed; then done."""

    prefix = "assassinate"
    space: str | None = None
    done: bool = False


@special
class Assassinate:
    """4.5.3 In one space selected for Unrest: remove any one Active piece (not Gandhi);
    Unity -1 if it was a Congress or Muslim League piece."""

    name, faction = "assassinate", REV

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, state.step.of(RevExecution)))

    def spaces(self, state: GandhiState, data: RevExecution) -> list[str]:
        """3.1.1/4.1.1 only spaces already selected for the Unrest Operation."""
        if data.op != "unrest":
            return []
        return [s for s in data.unrest.spaces if active_targets(state, s)]

    def choices(self, state: GandhiState, data: RevExecution) -> list[Action]:
        if data.assassinate.space:
            return [REMOVE(piece=k) for k in active_targets(state, data.assassinate.space)]
        if data.assassinate.done:
            return []
        return texts(state, self.spaces(state, data))

    def act(self, state: GandhiState, data: RevExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(AssassinateData(space=action["space"]))
        kind = action["piece"]
        assert data.assassinate.space is not None
        events: list[Event] = [PiecesRemoved(space=data.assassinate.space, kind=kind,
                                             count=1)]
        if OWNER[kind] in NV_FACTIONS:          # 4.5.3, 6.7 Unity -1
            events += track(state, "unity", -1)
        return [*events, *note(AssassinateData(space=None, done=True))]

    def can_finish(self, state: GandhiState, data: RevExecution) -> bool:
        return data.assassinate.done

    def finish(self, state: GandhiState, data: RevExecution) -> list[Event]:
        return []


# --- the Revolutionaries' execution data ----------------------------------------------------


@execution_data(REV)
class RevExecution(ExecutionData):
    """An Operation of the Revolutionaries: one part per Operation and Special Activity."""

    rally: RallyData = Field(default_factory=RallyData)
    march: MarchData = Field(default_factory=MarchData)
    attack: AttackData = Field(default_factory=AttackData)
    unrest: UnrestData = Field(default_factory=UnrestData)
    aid: AidData = Field(default_factory=AidData)
    infiltrate: InfiltrateData = Field(default_factory=InfiltrateData)
    assassinate: AssassinateData = Field(default_factory=AssassinateData)
