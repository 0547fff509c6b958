"""What the two Insurgent Factions' Operations share (3.3): Rally, March, Attack and Terror
as classes a Faction's module registers with its own ``faction`` (``taliban.py``,
``warlords.py``), and the helpers their Special Activities use.

Every choice is a short text: a space is selected with ``in <Space>``, and what happens
there is asked next (``place 1 guerrillas``, ``base``, ``underground``, ``remove police``,
``stop``); a March moves ``move 2 taliban_underground from Kandahar`` then ``to Helmand``.
Each activity's working data is a part of the Faction's ``InsurgentExecution``.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import Field

from engine.coin.effects import note
from engine.coin.events import (
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
    SupportShifted,
)
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.games.adp.derived import (
    available,
    bases,
    board,
    faction_pieces,
    pop,
    terror_sabotage_left,
)
from engine.games.adp.flow import EFFECTS
from engine.games.adp.in_effect import SANDSTORMS, momentum
from engine.games.adp.mapdata import MAX_BASES
from engine.games.adp.ops.framework import ExecutionData, free, fresh
from engine.games.adp.physical import support_problem
from engine.games.adp.spec import (
    BACKING,
    COALITION_BASES,
    COALITION_TROOPS,
    FACTIONS,
    GOVERNMENT_BASES,
    GOVERNMENT_CUBES,
    GUERRILLAS,
    SPEC,
)
from engine.games.adp.state import AdpState
from engine.games.adp.turn import final_event_card
from engine.games.adp.vocabulary import verb

TALIBAN, WARLORDS = "taliban", "warlords"
BASE_OF = {TALIBAN: "taliban_bases", WARLORDS: "warlords_bases"}
BOX_OF = {TALIBAN: "taliban_guerrillas", WARLORDS: "warlords_guerrillas"}
HOSTILITY, PRESSURE, SPONSORSHIP = 0, 1, 4      # 6.6.1 boxes (spec.ISLAMABAD_BOXES)
MARCH_ACTIVATION = 3                            # 3.3.2 "excede de 3"
ATTACK_REMOVALS = 2                             # 3.3.3 "hasta 2 fichas enemigas"
IN, TO, MOVE, REMOVE, STOP = (verb(v) for v in ("in", "to", "move_from", "remove", "stop"))
PLACE_GUERRILLAS, BASE, UNDERGROUND, REPLACE, WITHDRAW = (
    verb(v) for v in ("place_guerrillas", "base", "underground", "replace", "withdraw"))

# What a Special Activity done first could bring an Operation (4.1: Extort may fund a
# Terror): faction -> (state, operation) -> Resources; the Factions' modules fill it.
SA_FUNDS: dict[str, Callable[[AdpState, str], int]] = {}


# --- small shared helpers ---------------------------------------------------------------


def places() -> list[str]:
    b = board()
    return [*b.spaces, *b.locs]


def is_loc(sid: str) -> bool:
    return sid in board().locs


def is_pakistan(sid: str) -> bool:
    b = board()
    return sid in b.spaces and b.spaces[sid].is_pakistan


def is_pashtun(sid: str) -> bool:
    b = board()
    return sid in b.spaces and b.spaces[sid].pashtun


def under_of(faction: str) -> str:
    return GUERRILLAS[faction][0]


def active_of(faction: str) -> str:
    return GUERRILLAS[faction][1]


def guerrillas(state: AdpState, sid: str, faction: str) -> int:
    space = state.space(sid)
    return sum(space.count(k) for k in GUERRILLAS[faction])


def underground(state: AdpState, sid: str, faction: str) -> int:
    """The Faction's Underground Guerrillas that may act as such: 6.6.1 at Hostility the
    Taliban's in Pakistan are always Active (none counts)."""
    if faction == TALIBAN and is_pakistan(sid) and state.islamabad == HOSTILITY:
        return 0
    return state.space(sid).count(under_of(faction))


def resources(state: AdpState, faction: str) -> int:
    return state.resources.get(faction, 0)


FREE_FUNDS = 10 ** 6     # 3.1.2, 5.5 what a free Operation may count on: no limit


def spendable(state: AdpState, faction: str) -> int:
    """3.1 What an Operation or Special Activity under way may spend: the Resources, or no
    limit if an Event granted it free (3.1.2, 5.5)."""
    return FREE_FUNDS if free(state) else resources(state, faction)


def pay(state: AdpState, faction: str, cost: int) -> list[Event]:
    """3.1 Operations cost Resources (never below 0, 1.8); a free one nothing (3.1.2,
    5.5)."""
    return EFFECTS.resources(state, faction, -cost) if cost and not free(state) else []


def funds(state: AdpState, faction: str, op: str, limited: bool) -> int:
    """What an Operation may count on when chosen: the Resources, plus what a Special
    Activity done immediately before could bring (4.1; none with a Limited Operation)."""
    extra = 0 if limited or faction not in SA_FUNDS else SA_FUNDS[faction](state, op)
    return resources(state, faction) + extra


def one_space(state: AdpState, data: ExecutionData) -> bool:
    """2.3.5 A Limited Operation has one space (a March one destination); 6.6.1 with
    Islamabad at Sponsorship a Taliban Limited Operation may have several."""
    return data.limited and not (data.executing == TALIBAN and state.islamabad == SPONSORSHIP)


def barred(state: AdpState, limited: bool, faction: str) -> bool:
    """2.3.8 On the final Event card a player's Operation must be Limited."""
    return not limited and final_event_card(state, faction)


def texts(space_ids: list[str]) -> list[Action]:
    return [IN(space=s) for s in space_ids]


def placed_kind(state: AdpState, faction: str, sid: str) -> str:
    """1.4.3 placed Guerrillas are Underground; 6.6.1 at Hostility Taliban Guerrillas in
    Pakistan are always Active."""
    if faction == TALIBAN and is_pakistan(sid) and state.islamabad == HOSTILITY:
        return active_of(faction)
    return under_of(faction)


def place_guerrillas(state: AdpState, faction: str, sid: str, count: int) -> list[Event]:
    """1.4.1 only from Available: as many as there are."""
    n = min(count, available(state)[BOX_OF[faction]])
    return [PiecesPlaced(space=sid, kind=placed_kind(state, faction, sid), count=n)] if n else []


def activate(state: AdpState, faction: str, sid: str, count: int | None = None
             ) -> list[Event]:
    """1.4.3 Activate ``count`` (all if None) of the Faction's Underground Guerrillas."""
    have = state.space(sid).count(under_of(faction))
    n = have if count is None else min(count, have)
    return [PiecesFlipped(space=sid, kind=under_of(faction), to_kind=active_of(faction),
                          count=n)] if n else []


def enemies(faction: str) -> list[str]:
    """1.5 every other Faction is an Insurgent's enemy."""
    return [f for f in FACTIONS if f != faction]


def enemy_pieces(state: AdpState, sid: str, faction: str) -> int:
    space = state.space(sid)
    return sum(faction_pieces(space, f) for f in enemies(faction))


def attack_targets(state: AdpState, sid: str, faction: str) -> list[str]:
    """3.3.3 The enemy pieces an Attack may remove next: Guerrillas (even Underground)
    before their Faction's Bases; Government cubes before Coalition cubes; COIN Bases only
    once no cube of either COIN Faction is left."""
    space = state.space(sid)
    out: list[str] = []
    for f in (TALIBAN, WARLORDS):
        if f == faction:
            continue
        kinds = [k for k in GUERRILLAS[f] if space.count(k)]
        out += kinds or ([BASE_OF[f]] if space.count(BASE_OF[f]) else [])
    gov = [k for k in GOVERNMENT_CUBES if space.count(k)]
    cubes = gov or ([COALITION_TROOPS] if space.count(COALITION_TROOPS) else [])
    out += cubes
    if not cubes:
        out += [k for k in (GOVERNMENT_BASES, COALITION_BASES) if space.count(k)]
    return out


def removal_choices(targets: list[str], removed: list[str]) -> list[Action]:
    """The next removal (``remove <piece>``), and ``stop`` unless 1.4.4 requires more of a
    Faction already targeted (the full extent)."""
    owner = SPEC.owner
    actions = [REMOVE(piece=k) for k in targets]
    targeted = {owner(k) for k in removed}
    if not removed or not any(owner(k) in targeted for k in targets):
        actions.append(STOP())
    return actions


def remove_piece(sid: str, kind: str) -> list[Event]:
    """3.3.3 Coalition pieces removed by Attack go to the Casualties box."""
    to = "casualties" if SPEC.owner(kind) == "coalition" else "available"
    return [PiecesRemoved(space=sid, kind=kind, count=1, to=to)]


# --- the Operations' data ---------------------------------------------------------------


class RallyData(StepData):
    """3.3.1 The space being rallied in, those done, and those where the Taliban bought
    Shariah."""

    prefix = "rally"
    space: str | None = None
    spaces: list[str] = []
    shariah: list[str] = []


class MarchData(StepData):
    """3.3.2 A move waiting for its destination (``origin``, ``kind``, ``count``); the
    destinations entered and those paid for; the spaces left after being entered (closed
    to further arrivals: each space is a destination once, 3.1); the Guerrillas that may
    not move again, by space and kind; and each group (``origin>dest``): how many moved and
    how many of them went Underground, and whether it was Activated."""

    prefix = "march"
    origin: str | None = None
    kind: str | None = None
    count: int = 0
    dests: list[str] = []
    paid: list[str] = []
    closed: list[str] = []
    arrived: dict[str, dict[str, int]] = {}
    groups: dict[str, dict[str, int]] = {}


class AttackData(StepData):
    """3.3.3 The space whose removals are being chosen after a success, the kinds removed
    there, and the spaces attacked (Ambush's included, 4.4.3)."""

    prefix = "attack"
    space: str | None = None
    removed: list[str] = []
    spaces: list[str] = []


class TerrorData(StepData):
    """3.3.4 The spaces selected."""

    prefix = "terror"
    spaces: list[str] = []


class InsurgentExecution(ExecutionData):
    """An Insurgent Operation: one part per Operation; each Faction adds its Special
    Activities'."""

    rally: RallyData = Field(default_factory=RallyData)
    march: MarchData = Field(default_factory=MarchData)
    attack: AttackData = Field(default_factory=AttackData)
    terror: TerrorData = Field(default_factory=TerrorData)


# --- 3.3.1 Rally ------------------------------------------------------------------------


class Rally:
    """3.3.1 In Provinces or Kabul (1 Resource each): place 1 Guerrilla or replace 2 with a
    Base; with a Base of the Faction there (for the Warlords, not Pashtun) instead flip all
    its Guerrillas Underground or place Bases + Pop Guerrillas.  The Taliban only where
    Neutral, Opposition or Pashtun, and in Pakistan not at Hostility or Pressure and free
    at Backing or Sponsorship (6.6.1); the Warlords never in Pakistan."""

    name, faction = "rally", ""

    def can_start(self, state: AdpState, limited: bool) -> bool:
        if barred(state, limited, self.faction):
            return False
        return bool(self.spaces(state, [], funds(state, self.faction, self.name, limited)))

    def cost(self, state: AdpState, sid: str) -> int:
        free = self.faction == TALIBAN and is_pakistan(sid) and state.islamabad >= BACKING
        return 0 if free else 1

    def allowed(self, state: AdpState, sid: str) -> bool:
        space = board().spaces[sid]
        if self.faction == WARLORDS:
            return not space.is_pakistan
        if space.is_pakistan and state.islamabad <= PRESSURE:
            return False
        return state.space(sid).support <= 0 or space.pashtun

    def spaces(self, state: AdpState, chosen: list[str], money: int | None = None
               ) -> list[str]:
        money = spendable(state, self.faction) if money is None else money
        return [s for s in board().spaces if s not in chosen and self.allowed(state, s)
                and money >= self.cost(state, s) and self.options(state, s)]

    def options(self, state: AdpState, sid: str) -> list[Action]:
        f, space = self.faction, state.space(sid)
        left, out = available(state), []
        if left[BOX_OF[f]]:
            out.append(PLACE_GUERRILLAS(count=1))
        if (guerrillas(state, sid, f) >= 2 and left[BASE_OF[f]]
                and bases(space) < MAX_BASES):
            out.append(BASE())
        if space.count(BASE_OF[f]) and not (f == WARLORDS and is_pashtun(sid)):
            if space.count(active_of(f)):
                out.append(UNDERGROUND())
            n = min(space.count(BASE_OF[f]) + pop(state, sid), left[BOX_OF[f]])
            if n > 1:
                out.append(PLACE_GUERRILLAS(count=n))
        return out

    def busy(self, state: AdpState, data: InsurgentExecution) -> bool:
        return data.rally.space is not None

    def choices(self, state: AdpState, data: InsurgentExecution) -> list[Action]:
        if data.rally.space:
            return self.options(state, data.rally.space)
        chosen = data.rally.spaces
        if one_space(state, data) and chosen:
            return []
        return [*texts(self.spaces(state, chosen)), *self.withdrawals(state)]

    def withdrawals(self, state: AdpState) -> list[Action]:
        """1.4.1 an Insurgent may remove its own pieces to Available while executing an
        Operation (the book's example: Guerrillas to Rally them Underground elsewhere);
        offered during Rally only, and only of a kind none of which is Available."""
        f, left = self.faction, available(state)
        kinds = [*(GUERRILLAS[f] if not left[BOX_OF[f]] else ()),
                 *((BASE_OF[f],) if not left[BASE_OF[f]] else ())]
        return [WITHDRAW(piece=k, space=s) for s in places() for k in kinds
                if state.space(s).count(k)]

    def act(self, state: AdpState, data: InsurgentExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(RallyData(space=action["space"]))
        if action.verb == "withdraw":
            return [PiecesRemoved(space=action["space"], kind=action["piece"], count=1)]
        sid, f = data.rally.space, self.faction
        assert sid is not None
        events = pay(state, f, self.cost(state, sid))
        space = state.space(sid)
        if action.verb == "place_guerrillas":
            events += place_guerrillas(state, f, sid, action["count"])
        elif action.verb == "underground":
            events.append(PiecesFlipped(space=sid, kind=active_of(f), to_kind=under_of(f),
                                        count=space.count(active_of(f))))
        else:   # 3.3.1 replace 2 Guerrillas (the Active first) with 1 Base
            n_active = min(2, space.count(active_of(f)))
            events += [PiecesRemoved(space=sid, kind=k, count=n) for k, n in
                       ((active_of(f), n_active), (under_of(f), 2 - n_active)) if n]
            events.append(PiecesPlaced(space=sid, kind=BASE_OF[f], count=1))
        return [*events, *note(RallyData(space=None, spaces=[*data.rally.spaces, sid]))]

    def can_finish(self, state: AdpState, data: InsurgentExecution) -> bool:
        return bool(data.rally.spaces) and not data.rally.space

    def finish(self, state: AdpState, data: InsurgentExecution) -> list[Event]:
        return []


# --- 3.3.2 March ------------------------------------------------------------------------


class March:
    """3.3.2 Guerrillas move into adjacent spaces, 1 Resource per Province or Kabul entered
    (LoCs free; the Taliban into or out of Pakistan free at Backing or Sponsorship, 6.6.1).
    Warlords Guerrillas move once; Taliban ones may march on from a Pashtun destination
    (not under "Sandstorms", 5.4).
    A group is Activated entering a LoC, a non-Pashtun space (Taliban) or a Pashtun one
    (Warlords) if it and the enemy Guerrillas there (and the cubes, Taliban only) exceed
    3.  Limited (2.3.5): one destination.  Never on the final Event card (2.3.8)."""

    name, faction = "march", ""

    def can_start(self, state: AdpState, limited: bool) -> bool:
        if final_event_card(state, self.faction):
            return False
        money = funds(state, self.faction, self.name, limited)
        return bool(self.moves(state, fresh(InsurgentExecution, limited), money))

    def cost(self, state: AdpState, data: InsurgentExecution, origin: str, dest: str) -> int:
        if is_loc(dest) or dest in data.march.paid:
            return 0
        if (self.faction == TALIBAN and state.islamabad >= BACKING
                and (is_pakistan(dest) or is_pakistan(origin))):
            return 0
        return 1

    def movable(self, state: AdpState, data: InsurgentExecution, sid: str, kind: str) -> int:
        came = data.march.arrived.get(sid, {}).get(kind, 0)
        return max(0, state.space(sid).count(kind) - came)

    def destinations(self, state: AdpState, data: InsurgentExecution, origin: str,
                     money: int | None = None) -> list[str]:
        money = spendable(state, self.faction) if money is None else money
        m = data.march
        if one_space(state, data) and m.dests:
            near = [m.dests[0]] if m.dests[0] in board().adjacency[origin] else []
        else:
            near = sorted(board().adjacency[origin])
        return [d for d in near if d not in m.closed
                and not (self.faction == WARLORDS and is_pakistan(d))
                and money >= self.cost(state, data, origin, d)]

    def moves(self, state: AdpState, data: InsurgentExecution, money: int | None = None
              ) -> list[Action]:
        m = data.march
        out = []
        for sid in places():
            if one_space(state, data) and m.dests and sid == m.dests[0]:
                continue    # 2.3.5 they must end there
            kinds = [(k, self.movable(state, data, sid, k)) for k in GUERRILLAS[self.faction]]
            if not any(n for _, n in kinds) or not self.destinations(state, data, sid, money):
                continue
            out += [MOVE(count=c, piece=k, space=sid) for k, n in kinds for c in range(1, n + 1)]
        return out

    def busy(self, state: AdpState, data: InsurgentExecution) -> bool:
        return data.march.origin is not None

    def choices(self, state: AdpState, data: InsurgentExecution) -> list[Action]:
        if data.march.origin:
            return [TO(space=d) for d in self.destinations(state, data, data.march.origin)]
        return self.moves(state, data)

    def act(self, state: AdpState, data: InsurgentExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "move_from":
            return note(MarchData(origin=action["space"], kind=action["piece"],
                                  count=action["count"]))
        return self.move(state, data, action["space"])

    def activates(self, state: AdpState, dest: str, group: int) -> bool:
        """3.3.2 the two conditions of the group's Activation (6.6.1: at Hostility Taliban
        Guerrillas in Pakistan are always Active)."""
        f = self.faction
        if f == TALIBAN and is_pakistan(dest) and state.islamabad == HOSTILITY:
            return True
        where = is_loc(dest) or (is_pashtun(dest) == (f == WARLORDS))
        other = WARLORDS if f == TALIBAN else TALIBAN
        space = state.space(dest)
        count = group + guerrillas(state, dest, other)
        if f == TALIBAN:
            count += sum(space.count(k) for k in (COALITION_TROOPS, *GOVERNMENT_CUBES))
        return where and count > MARCH_ACTIVATION

    def move(self, state: AdpState, data: InsurgentExecution, dest: str) -> list[Event]:
        m, f = data.march, self.faction
        origin, kind, count = m.origin, m.kind, m.count
        assert origin is not None and kind is not None
        events: list[Event] = [*pay(state, f, self.cost(state, data, origin, dest)),
                               PiecesMoved(kind=kind, count=count, origin=origin,
                                           destination=dest)]
        paid = [*m.paid, dest] if self.cost(state, data, origin, dest) else list(m.paid)
        dests = m.dests if dest in m.dests else [*m.dests, dest]
        # a Taliban destination left again is not entered again (each space is a
        # destination once, 3.1; the Warlords move once, so need no such bound)
        leaves = f == TALIBAN and origin in m.dests and origin not in m.closed
        closed = [*m.closed, origin] if leaves else list(m.closed)
        arrived = {s: dict(k) for s, k in m.arrived.items()}
        key = f"{origin}>{dest}"
        group = dict(m.groups.get(key, {"count": 0, "under": 0, "active": 0}))
        group["count"] += count
        if kind == under_of(f):
            group["under"] += count
        earlier = group["under"] - (count if kind == under_of(f) else 0)
        flipped = 0
        if group["active"] or self.activates(EFFECTS.after(state, events), dest,
                                             group["count"]):
            flipped = group["under"]   # the group's Underground ones, those before too
            if flipped:
                events.append(PiecesFlipped(space=dest, kind=under_of(f),
                                            to_kind=active_of(f), count=flipped))
            group["active"], group["under"] = 1, 0
        if not self.marches_on(state, dest):                      # they move once
            came = arrived.setdefault(dest, {})
            if flipped and earlier:
                came[under_of(f)] = max(0, came.get(under_of(f), 0) - earlier)
                came[active_of(f)] = came.get(active_of(f), 0) + earlier
            now_kind = active_of(f) if flipped or kind == active_of(f) else under_of(f)
            came[now_kind] = came.get(now_kind, 0) + count
        groups = {**m.groups, key: group}
        return [*events, *note(MarchData(origin=None, kind=None, count=0, dests=dests,
                                         paid=paid, closed=closed, arrived=arrived,
                                         groups=groups))]

    def marches_on(self, state: AdpState, dest: str) -> bool:
        """3.3.2 Taliban Guerrillas may march on from a Pashtun destination (a LoC is not
        Pashtun); not while "Sandstorms" is in effect (5.4, the ES 8.7.3 note)."""
        return (self.faction == TALIBAN and not is_loc(dest) and is_pashtun(dest)
                and not momentum(state, SANDSTORMS))

    def can_finish(self, state: AdpState, data: InsurgentExecution) -> bool:
        return bool(data.march.dests) and not data.march.origin

    def finish(self, state: AdpState, data: InsurgentExecution) -> list[Event]:
        return []


# --- 3.3.3 Attack -----------------------------------------------------------------------


class Attack:
    """3.3.3 Where the Faction has a Guerrilla and there is an enemy piece (1 Resource
    each): Activate all its Guerrillas there and roll; at most their number: remove up to
    2 enemy pieces; a 1 also places 1 of its Guerrillas (captured goods)."""

    name, faction = "attack", ""

    def can_start(self, state: AdpState, limited: bool) -> bool:
        if barred(state, limited, self.faction):
            return False
        return bool(self.spaces(state, [], funds(state, self.faction, self.name, limited)))

    def spaces(self, state: AdpState, chosen: list[str], money: int | None = None
               ) -> list[str]:
        money = spendable(state, self.faction) if money is None else money
        if money < 1:
            return []
        return [s for s in places() if s not in chosen
                and guerrillas(state, s, self.faction) and enemy_pieces(state, s, self.faction)]

    def busy(self, state: AdpState, data: InsurgentExecution) -> bool:
        return data.attack.space is not None

    def choices(self, state: AdpState, data: InsurgentExecution) -> list[Action]:
        if data.attack.space:
            return removal_choices(attack_targets(state, data.attack.space, self.faction),
                                   data.attack.removed)
        chosen = data.attack.spaces
        if one_space(state, data) and chosen:
            return []
        return texts(self.spaces(state, chosen))

    def act(self, state: AdpState, data: InsurgentExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return self.attack(state, data, action["space"], chance)
        sid, removed = data.attack.space, data.attack.removed
        assert sid is not None
        events, over = removal_step(state, self.faction, sid, removed, action)
        if over:
            return [*events, *note(AttackData(space=None, removed=[]))]
        return [*events, *note(AttackData(removed=[*removed, action["piece"]]))]

    def attack(self, state: AdpState, data: InsurgentExecution, sid: str,
               chance: Chance) -> list[Event]:
        f = self.faction
        events = [*pay(state, f, 1), *activate(state, f, sid)]
        roll = chance.roll(6)
        events.append(DieRolled(value=roll, purpose="attack"))
        events += note(AttackData(spaces=[*data.attack.spaces, sid]))
        if roll > guerrillas(state, sid, f):
            return events
        if roll == 1:   # captured goods
            events += place_guerrillas(EFFECTS.after(state, events), f, sid, 1)
        return [*events, *removals_begin(EFFECTS.after(state, events), f, sid)]

    def can_finish(self, state: AdpState, data: InsurgentExecution) -> bool:
        return bool(data.attack.spaces) and not data.attack.space

    def finish(self, state: AdpState, data: InsurgentExecution) -> list[Event]:
        return []


def removals_begin(state: AdpState, faction: str, sid: str) -> list[Event]:
    """A successful Attack (or Ambush) asks for its removals, if any enemy piece is left."""
    if attack_targets(state, sid, faction):
        return note(AttackData(space=sid, removed=[]))
    return []


def removal_step(state: AdpState, faction: str, sid: str, removed: list[str],
                 action: Action) -> tuple[list[Event], bool]:
    """One ``remove <piece>`` or ``stop`` of a successful Attack (3.3.3, Ambush 4.4.3):
    the events, and whether the space's removals are over."""
    if action.verb == "stop":
        return [], True
    events = remove_piece(sid, action["piece"])
    now = EFFECTS.after(state, events)
    over = len(removed) + 1 >= ATTACK_REMOVALS or not attack_targets(now, sid, faction)
    return events, over


# --- 3.3.4 Terror -----------------------------------------------------------------------


class Terror:
    """3.3.4 Where the Faction has an Underground Guerrilla (1 Resource per Province or
    Kabul, LoCs free): Activate one; a Province or Kabul gets a Terror marker and shifts 1
    level toward Opposition (Taliban) or to Neutral (Warlords); a LoC without Sabotage
    gets a Sabotage marker; none once all 30 markers are on the map."""

    name, faction = "terror", ""

    def can_start(self, state: AdpState, limited: bool) -> bool:
        if barred(state, limited, self.faction):
            return False
        return bool(self.spaces(state, [], funds(state, self.faction, self.name, limited)))

    def cost(self, sid: str) -> int:
        return 0 if is_loc(sid) else 1

    def spaces(self, state: AdpState, chosen: list[str], money: int | None = None
               ) -> list[str]:
        money = spendable(state, self.faction) if money is None else money
        return [s for s in places() if s not in chosen and money >= self.cost(s)
                and underground(state, s, self.faction)]

    def choices(self, state: AdpState, data: InsurgentExecution) -> list[Action]:
        chosen = data.terror.spaces
        if one_space(state, data) and chosen:
            return []
        return texts(self.spaces(state, chosen))

    def act(self, state: AdpState, data: InsurgentExecution, action: Action,
            chance: Chance) -> list[Event]:
        sid, f = action["space"], self.faction
        events = [*pay(state, f, self.cost(sid)), *activate(state, f, sid, 1)]
        space, left = state.space(sid), terror_sabotage_left(state) > 0
        if is_loc(sid):
            if left and not space.sabotage:
                events.append(MarkerSet(space=sid, marker="sabotage", value=1))
        else:
            if left:
                events.append(MarkerSet(space=sid, marker="terror", value=space.terror + 1))
            level = space.support
            target = level - 1 if f == TALIBAN else 0
            if target != level and support_problem(state, sid, target - level) is None:
                events.append(SupportShifted(space=sid, level=target, before=level))
        return [*events, *note(TerrorData(spaces=[*data.terror.spaces, sid]))]

    def can_finish(self, state: AdpState, data: InsurgentExecution) -> bool:
        return bool(data.terror.spaces)

    def finish(self, state: AdpState, data: InsurgentExecution) -> list[Event]:
        return []
