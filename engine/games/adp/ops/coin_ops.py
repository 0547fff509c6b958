"""What the two COIN Factions' Operations share (3.2): Train (3.2.1, with Civic Action),
Patrol (3.2.2), Sweep (3.2.3) and Assault (3.2.4) as classes each Faction's module
registers with its own ``faction``, their step data, the activation of Guerrillas (1.4.3)
and the removal of Insurgent pieces (Bases last, 1.4.1 targets).

Costs are Government Resources (1.8: the Coalition has none of its own); a space is
offered only if its cost can be paid (3.1).  Choices: ``in X`` selects a space, ``move N
kind from X`` then ``to Y`` moves cubes, ``place N kind`` places, ``remove 1 kind from X``
removes, ``flip 1 kind in X`` Activates a chosen Guerrilla when the cubes cannot Activate
every Underground Guerrilla there and both Insurgent Factions have some.
"""

from __future__ import annotations

from collections.abc import Iterable

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
from engine.coin.moves import Arrived as Arrived
from engine.coin.moves import arrive as arrive
from engine.coin.moves import unmoved as unmoved
from engine.coin.state import cached
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.derived import available, bases, board, control, pop
from engine.games.adp.flow import EFFECTS
from engine.games.adp.in_effect import (
    NIGHT_LETTERS,
    PRTS,
    SHADED,
    UNSHADED,
    VILLAGE_STABILITY_OPERATIONS,
    capability,
)
from engine.games.adp.ops.framework import ExecutionData, free, fresh
from engine.games.adp.physical import MAX_BASES
from engine.games.adp.spec import (
    COALITION_BASES,
    COALITION_TROOPS,
    GOVERNMENT_BASES,
    GOVERNMENT_TROOPS,
    POLICE,
    TALIBAN_BASES,
    WARLORDS_BASES,
)
from engine.games.adp.state import AdpState
from engine.games.adp.turn import final_event_card
from engine.games.adp.vocabulary import verb

COST = 3                       # 3.2.1-3.2.4 Government Resources per space (Patrol: total)
MOST_PER_SPACE = 6             # 3.2.1 up to 6 cubes placed per space
NIGHT_LETTERS_MOST = 4         # 5.3 shaded "Night Letters": the Government's Train 4 (ES 8.6.2)
PRTS_CIVIC_SPACES = 2          # 5.3 unshaded "PRTs": the Coalition's Civic Action (ES 8.8.2)
AID_PER_TALIBAN_BASE = 6       # 3.2.4 Government Assault
KABUL = "kabul"
INSURGENTS = ("taliban", "warlords")
UNDERGROUND = {"taliban": "taliban_underground", "warlords": "warlords_underground"}
ACTIVE = {"taliban": "taliban_active", "warlords": "warlords_active"}
INSURGENT_BASES = {"taliban": TALIBAN_BASES, "warlords": WARLORDS_BASES}
OWNER = {**{v: k for k, v in UNDERGROUND.items()}, **{v: k for k, v in ACTIVE.items()},
         **{v: k for k, v in INSURGENT_BASES.items()}}
CUBES = {"coalition": (COALITION_TROOPS,), "government": (GOVERNMENT_TROOPS, POLICE)}
TROOPS = {"coalition": COALITION_TROOPS, "government": GOVERNMENT_TROOPS}
GOV_CUBES = (GOVERNMENT_TROOPS, POLICE)

IN, TO, MOVE_FROM, PLACE, REMOVE_FROM, FLIP, CIVIC = (
    verb(v) for v in ("in", "to", "move_from", "place_pieces", "remove_from", "flip", "civic"))
TAKE_FROM, REPLACE_BASE, TRANSFER_PATRONAGE = (
    verb(v) for v in ("take_from", "replace_base", "transfer_patronage"))
END_MOVES, ASSAULT_LOC, IN_PAID = verb("end_moves"), verb("assault_loc"), verb("in_paid")
VSO_POLICE, VSO_POLICE_FROM = verb("vso_police"), verb("vso_police_from")


# --- reading the position ---------------------------------------------------------------


def gov_resources(state: AdpState) -> int:
    return state.resources.get("government", 0)


def afford(state: AdpState) -> bool:
    """3.1 The Government can pay 3 for an Operation's space; 3.1.2, 5.5 a free Operation
    granted by an Event costs nothing."""
    return free(state) or gov_resources(state) >= COST


def charge(state: AdpState) -> list[Event]:
    """3.1 3 Government Resources for an Operation's space (nothing if free: 3.1.2, 5.5;
    Civic Action in Train is paid even then, 3.2.1)."""
    return [] if free(state) else EFFECTS.resources(state, "government", -COST)


def is_loc(sid: str) -> bool:
    return sid in board().locs


def is_pakistan(sid: str) -> bool:
    return sid in board().spaces and board().spaces[sid].is_pakistan


def afghan_spaces() -> list[str]:
    """Kabul and the Afghan Provinces (3.2: COIN Factions never enter Pakistan, 1.4.2)."""
    return [s.id for s in board().afghan]


def places() -> list[str]:
    """Every Province, Kabul and LoC, in map order."""
    return [*board().spaces, *board().locs]


def neighbours(sid: str) -> frozenset[str]:
    return board().adjacency[sid]


def count(state: AdpState, sid: str, kinds: Iterable[str]) -> int:
    sp = state.space(sid)
    return sum(sp.count(k) for k in kinds)


def coin_controlled(state: AdpState, sid: str) -> bool:
    return sid in board().spaces and control(state)[sid] == "coin"


def has_coin_base(state: AdpState, sid: str) -> bool:
    return count(state, sid, (COALITION_BASES, GOVERNMENT_BASES)) > 0


def coalition_present(state: AdpState, sid: str) -> bool:
    return count(state, sid, (COALITION_TROOPS, COALITION_BASES)) > 0


def guerrillas(state: AdpState, sid: str, faction: str) -> int:
    return count(state, sid, (UNDERGROUND[faction], ACTIVE[faction]))


def any_guerrillas(state: AdpState, sid: str) -> bool:
    return sid in guerrilla_places(state)


def guerrilla_places(state: AdpState) -> frozenset[str]:
    """The places holding an Insurgent Guerrilla, once per position."""
    kinds = [k for f in INSURGENTS for k in (UNDERGROUND[f], ACTIVE[f])]
    return cached(state, "guerrilla_places", lambda: frozenset(
        sid for sid, sp in state.spaces.items() if any(sp.count(k) for k in kinds)))


def can_shift(state: AdpState, sid: str, toward: int) -> bool:
    """1.6.1 Only Kabul and Afghan Provinces of Pop 1+ show Support or Opposition."""
    return (sid in board().spaces and not is_pakistan(sid) and pop(state, sid) > 0
            and state.space(sid).support != toward)


def move_texts(state: AdpState, origins: Iterable[str], kinds: Iterable[str],
               arrived: Arrived, most: int | None = None) -> list[Action]:
    kinds = tuple(kinds)
    return [MOVE_FROM(count=n, piece=k, space=o) for o in origins for k in kinds
            for n in range(1, min(unmoved(state, arrived, o, k),
                                  most if most is not None else 99) + 1)]


# --- 1.4.3 Activation ---------------------------------------------------------------------


class Activation(StepData):
    """Guerrillas still to Activate where the executor chooses whose (1.4.3, 3.1): per
    space, how many more."""

    prefix = "activation"
    owed: dict[str, int] = {}


def settle(state: AdpState, owed: dict[str, int]) -> tuple[list[Event], dict[str, int]]:
    """Activate what needs no choice: all Underground Guerrillas if enough cubes, or only
    one Insurgent Faction's are there; leave the rest owed."""
    events: list[Event] = []
    left: dict[str, int] = {}
    for sid, n in owed.items():
        under = {f: state.space(sid).count(UNDERGROUND[f]) for f in INSURGENTS}
        total = sum(under.values())
        if n >= total or min(under.values()) == 0:
            for f in INSURGENTS:
                flips = min(under[f], n)
                if flips:
                    events.append(PiecesFlipped(space=sid, kind=UNDERGROUND[f],
                                                to_kind=ACTIVE[f], count=flips))
                    n -= flips
        elif n > 0:
            left[sid] = n
    return events, left


def activate(state: AdpState, owed_before: dict[str, int], sid: str,
             n: int) -> list[Event]:
    """Owe ``n`` more Activations in ``sid`` and Activate what needs no choice."""
    owed = dict(owed_before)
    if n > 0:
        owed[sid] = owed.get(sid, 0) + n
    events, left = settle(state, owed)
    return [*events, *note(Activation(owed=left))] if left != owed_before or events else []


def activation_choices(state: AdpState, owed: dict[str, int]) -> list[Action]:
    return [FLIP(count=1, piece=UNDERGROUND[f], space=sid) for sid in owed
            for f in INSURGENTS if state.space(sid).count(UNDERGROUND[f])]


def activate_chosen(state: AdpState, owed: dict[str, int], action: Action) -> list[Event]:
    sid, kind = action["space"], action["piece"]
    flip = PiecesFlipped(space=sid, kind=kind, to_kind=ACTIVE[OWNER[kind]], count=1)
    rest = {s: n - (s == sid) for s, n in owed.items() if n - (s == sid) > 0}
    after = EFFECTS.after(state, [flip])
    events, left = settle(after, rest)
    return [flip, *events, *note(Activation(owed=left))]


# --- 3.2.4 removing Insurgent pieces (Bases last) -----------------------------------------


def removable(state: AdpState, sid: str, targets: list[str], left: int,
              strike: bool = False) -> list[str]:
    """Active Guerrillas; a Faction's Bases once it has no Guerrillas there (Bases last).
    1.4.1 a targeted Faction is affected to the full extent before another."""
    if left <= 0:
        return []
    out: dict[str, list[str]] = {}
    sp = state.space(sid)
    for f in INSURGENTS:
        kinds = [ACTIVE[f]] if sp.count(ACTIVE[f]) else []
        if not guerrillas(state, sid, f) and sp.count(INSURGENT_BASES[f]):
            kinds.append(INSURGENT_BASES[f])
        if kinds:
            out[f] = kinds
    if not strike and any(f in out for f in targets):
        return [k for f in targets if f in out for k in out[f]]
    return [k for kinds in out.values() for k in kinds]


def removal_choices(state: AdpState, sid: str, targets: list[str], left: int) -> list[Action]:
    return [REMOVE_FROM(count=1, piece=k, space=sid)
            for k in removable(state, sid, targets, left)]


def remove(state: AdpState, sid: str, kind: str, aid_for_bases: bool) -> list[Event]:
    """Insurgent pieces go to Available; 3.2.4 Government Assault: +6 Aid per Taliban Base."""
    events: list[Event] = [PiecesRemoved(space=sid, kind=kind, count=1, to="available")]
    if aid_for_bases and kind == TALIBAN_BASES:
        events += EFFECTS.track(state, "aid", AID_PER_TALIBAN_BASE)
    return events


def assault_removals(state: AdpState, faction: str, sid: str, with_government: bool) -> int:
    """3.2.4 Kabul and LoCs count Troops and Police, Provinces Troops only; the Government
    removes 1 per 2 cubes (per 3 in Mountain), the Coalition 1 per cube counted (Government
    cubes only if paid for)."""
    counted = (TROOPS[faction],) if sid != KABUL and not is_loc(sid) else CUBES[faction]
    own = count(state, sid, counted)
    if faction == "government":
        mountain = sid in board().spaces and board().spaces[sid].is_mountain
        return own // (3 if mountain else 2)
    if with_government:
        gov = (GOVERNMENT_TROOPS,) if sid != KABUL and not is_loc(sid) else GOV_CUBES
        own += count(state, sid, gov)
    return own


def assault_useful(state: AdpState, faction: str, sid: str, with_government: bool) -> bool:
    return bool(assault_removals(state, faction, sid, with_government)
                and removable(state, sid, [], 1))


# --- 3.2.1 Train --------------------------------------------------------------------------


class TrainData(StepData):
    """3.2.1 The spaces selected, the one placing cubes and how many it got, the spaces
    the Coalition paid for (it pays only where it places), and the one space of the
    optional Civic Action / Government Base / Patronage transfer (``extra``)."""

    prefix = "train"
    selected: list[str] = []
    space: str | None = None
    placed: int = 0
    paid: list[str] = []
    extra: str | None = None
    extra_kind: str | None = None
    civic: list[str] = []          # the spaces where Civic Action was bought
    vso: bool = False              # the Village Stability Operations Police was placed
    # the Non-player Coalition's Civic Action spaces, chosen with its first space (8.8.2
    # via 8.8.5, engine.games.adp.np.coalition): noted so that its later choices follow them
    civic_planned: list[str] = []


class CoinOperation:
    """Shared by the four COIN Operations: their Faction, 2.3.8 and the owed Activations."""

    name = ""
    faction = ""

    def allowed(self, state: AdpState, limited: bool) -> bool:
        """2.3.8 On the final Event card a player's Operation is Limited."""
        return limited or not final_event_card(state, self.faction)

    def busy(self, state: AdpState, data: CoinExecution) -> bool:
        return bool(data.activation.owed)

    def can_finish(self, state: AdpState, data: CoinExecution) -> bool:
        return not data.activation.owed and self.complete(state, data)

    def complete(self, state: AdpState, data: CoinExecution) -> bool:
        return True

    def finish(self, state: AdpState, data: CoinExecution) -> list[Event]:
        return []


class Train(CoinOperation):
    """3.2.1 ``in X`` (3 Government Resources; the Coalition pays only where it places
    cubes), ``place N government_troops|police`` (in a Province with a COIN Base or Kabul;
    the Coalition only where it has a Base; from the map, ``take 1 police from Y``, once
    none is Available), then in at most one selected space ``civic action in X``, the
    Government's ``base in X for T troops P police``, or in Kabul the Coalition's
    ``transfer patronage``."""

    name = "train"

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return self.allowed(state, limited) and bool(self.selectable(state, fresh(
            CoinExecution)))

    def selectable(self, state: AdpState, data: CoinExecution) -> list[str]:
        mine = data.train
        if mine.extra or (data.limited and mine.selected):
            return []
        if self.faction == "government" and not afford(state):
            return []
        return [s for s in afghan_spaces() if s not in mine.selected
                and (self.faction == "government" or s == KABUL
                     or count(state, s, (COALITION_TROOPS, COALITION_BASES)))]

    def can_place(self, state: AdpState, data: CoinExecution) -> bool:
        mine = data.train
        sid = mine.space
        if sid is None or mine.extra or mine.placed >= self.most_per_space(state):
            return False
        if self.faction == "coalition":
            if not state.space(sid).count(COALITION_BASES):
                return False
            if sid not in mine.paid and not afford(state):
                return False
        return sid == KABUL or has_coin_base(state, sid)

    def most_per_space(self, state: AdpState) -> int:
        """3.2.1 up to 6 cubes per space; 4 in a Government Train while the shaded side of
        "Night Letters" is in effect (5.3, ES 8.6.2)."""
        if self.faction == "government" and capability(state, NIGHT_LETTERS) == SHADED:
            return NIGHT_LETTERS_MOST
        return MOST_PER_SPACE

    def civic_spaces(self, state: AdpState) -> int:
        """3.2.1 Civic Action in up to 1 selected space; 2 in a Coalition Train while the
        unshaded side of "PRTs" is in effect (5.3, ES 8.8.2)."""
        if self.faction == "coalition" and capability(state, PRTS) == UNSHADED:
            return PRTS_CIVIC_SPACES
        return 1

    def placements(self, state: AdpState, data: CoinExecution) -> list[Action]:
        if not self.can_place(state, data):
            return []
        room = self.most_per_space(state) - data.train.placed
        left = available(state)
        if left[GOVERNMENT_TROOPS] + left[POLICE] == 0:      # 1.4.1 exception: the map
            return [TAKE_FROM(count=1, piece=k, space=s) for s in places()
                    for k in GOV_CUBES if s != data.train.space and state.space(s).count(k)]
        return [PLACE(count=n, piece=k) for k in GOV_CUBES
                for n in range(1, min(left[k], room) + 1)]

    def extras(self, state: AdpState, data: CoinExecution) -> list[Action]:
        mine = data.train
        out: list[Action] = []
        afford = gov_resources(state) >= COST
        for sid in mine.selected:
            if mine.extra_kind not in (None, "civic") or (
                    mine.civic and sid not in mine.civic
                    and len(mine.civic) >= self.civic_spaces(state)):
                continue
            if afford and coin_controlled(state, sid) and (
                    state.space(sid).terror or can_shift(state, sid, 1)):
                out.append(CIVIC(space=sid))
            if mine.extra is None and self.faction == "government":
                out += self.bases(state, sid)
        if (self.faction == "coalition" and KABUL in mine.selected and mine.extra is None
                and state.patronage > 0):
            out.append(TRANSFER_PATRONAGE())
        return out

    def bases(self, state: AdpState, sid: str) -> list[Action]:
        """3.2.1 Replace any 3 Government cubes with a Government Base (from the map if
        none is Available; stacking 1.4.2)."""
        sp = state.space(sid)
        if bases(sp) >= MAX_BASES:
            return []
        if not available(state)[GOVERNMENT_BASES] and not any(
                state.space(s).count(GOVERNMENT_BASES) for s in places() if s != sid):
            return []
        return [REPLACE_BASE(troops=t, police=3 - t, space=sid) for t in range(4)
                if sp.count(GOVERNMENT_TROOPS) >= t and sp.count(POLICE) >= 3 - t]

    def choices(self, state: AdpState, data: CoinExecution) -> list[Action]:
        if data.activation.owed:
            return activation_choices(state, data.activation.owed)
        return [*self.placements(state, data),
                *(IN(space=s) for s in self.selectable(state, data)),
                *self.extras(state, data), *self.village_police(state, data)]

    def village_police(self, state: AdpState, data: CoinExecution) -> list[Action]:
        """5.3 unshaded "Village Stability Operations" (ES 8.8.2): once a Coalition Train
        has a space, 1 Police to a space with Coalition Troops and fewer Police than
        Troops; from Available, else from the space with the most Police."""
        mine = data.train
        if (self.faction != "coalition" or not mine.selected or mine.vso
                or capability(state, VILLAGE_STABILITY_OPERATIONS) != UNSHADED):
            return []
        dests = [s for s in places() if not is_pakistan(s)
                 and count(state, s, (POLICE,)) < count(state, s, (COALITION_TROOPS,))]
        if available(state)[POLICE]:
            return [VSO_POLICE(space=d) for d in dests]
        out: list[Action] = []
        for d in dests:
            held = {s: n for s in places() if s != d and (n := count(state, s, (POLICE,)))}
            out += [VSO_POLICE_FROM(origin=s, destination=d) for s, n in held.items()
                    if n == max(held.values())]
        return out

    def act(self, state: AdpState, data: CoinExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.train
        v = action.verb
        if v == "in":
            sid = action["space"]
            pay = charge(state) if self.faction == "government" else []
            return [*pay, *note(TrainData(selected=[*mine.selected, sid], space=sid,
                                          placed=0))]
        if v in ("place_pieces", "take_from"):
            sid = mine.space
            assert sid is not None
            events: list[Event] = []
            paid = mine.paid
            if self.faction == "coalition" and sid not in paid:
                events += charge(state)
                paid = [*paid, sid]
            n, kind = action["count"], action["piece"]
            if v == "take_from":
                events.append(PiecesMoved(kind=kind, count=n, origin=action["space"],
                                          destination=sid))
            else:
                events.append(PiecesPlaced(space=sid, kind=kind, count=n))
            return [*events, *note(TrainData(placed=mine.placed + n, paid=paid))]
        if v == "civic":
            sid = action["space"]
            sp = state.space(sid)
            shift: Event = (MarkerSet(space=sid, marker="terror", value=sp.terror - 1)
                            if sp.terror else
                            SupportShifted(space=sid, level=sp.support + 1,
                                           before=sp.support))
            civic = mine.civic if sid in mine.civic else [*mine.civic, sid]
            return [*EFFECTS.resources(state, "government", -COST), shift,
                    *note(TrainData(extra=mine.extra or sid, extra_kind="civic",
                                    civic=civic))]
        if v == "vso_police":
            return [PiecesPlaced(space=action["space"], kind=POLICE, count=1),
                    *note(TrainData(vso=True))]
        if v == "vso_police_from":
            return [PiecesMoved(kind=POLICE, count=1, origin=action["origin"],
                                destination=action["destination"]),
                    *note(TrainData(vso=True))]
        if v == "replace_base":
            return [*self.replace(state, action),
                    *note(TrainData(extra=action["space"], extra_kind="base"))]
        # 3.2.1 the Coalition in Kabul: 3 Patronage to Government Resources
        n = min(3, state.patronage)
        return [*EFFECTS.track(state, "patronage", -n),
                *EFFECTS.resources(state, "government", n),
                *note(TrainData(extra=KABUL, extra_kind="patronage"))]

    def replace(self, state: AdpState, action: Action) -> list[Event]:
        sid = action["space"]
        events: list[Event] = [PiecesRemoved(space=sid, kind=k, count=n, to="available")
                               for k, n in ((GOVERNMENT_TROOPS, action["troops"]),
                                            (POLICE, action["police"])) if n]
        if available(state)[GOVERNMENT_BASES]:
            return [*events, PiecesPlaced(space=sid, kind=GOVERNMENT_BASES, count=1)]
        origin = next(s for s in places() if s != sid
                      and state.space(s).count(GOVERNMENT_BASES))
        return [*events, PiecesMoved(kind=GOVERNMENT_BASES, count=1, origin=origin,
                                     destination=sid)]

    def complete(self, state: AdpState, data: CoinExecution) -> bool:
        return bool(data.train.selected)



# --- 3.2.2 Patrol -------------------------------------------------------------------------


def patrol_reach(state: AdpState, origin: str) -> list[str]:
    """3.2.2 Into an adjacent LoC or Kabul, on through adjacent LoCs and Kabul; a cube
    stops on entering a Sabotaged LoC."""
    network = set(board().locs) | {KABUL}
    seen: set[str] = set()
    frontier = [n for n in neighbours(origin) if n in network]
    while frontier:
        here = frontier.pop()
        if here in seen:
            continue
        seen.add(here)
        if is_loc(here) and state.space(here).sabotage:
            continue
        frontier += [n for n in neighbours(here) if n in network and n not in seen]
    seen.discard(origin)
    return [p for p in places() if p in seen]


class PatrolData(StepData):
    """3.2.2 The cubes chosen to move (kind, origin, count), the cubes that arrived where,
    the destination (one for a Limited Patrol), whether the Government paid, whether the
    moves are over (then LoCs Activate), and the free Assault: its LoC, the removals left
    and the Factions targeted."""

    prefix = "patrol"
    moving: tuple[str, str, int] | None = None
    arrived: Arrived = {}
    dest: str | None = None
    paid: bool = False
    ended: bool = False
    loc: str | None = None
    left: int = 0
    targets: list[str] = []


class Patrol(CoinOperation):
    """3.2.2 ``move N kind from X`` then ``to Y`` (LoCs and Kabul), ``end moves`` (every
    LoC Activates 1 Guerrilla per cube of the Faction there), then if desired ``assault
    Y`` on 1 LoC at no added cost.  The Government pays 3 in all, the Coalition nothing."""

    name = "patrol"

    def can_start(self, state: AdpState, limited: bool) -> bool:
        """Some cube of the Faction on the map (it may move, or Activate on its LoC)."""
        if self.faction == "government" and not afford(state):
            return False
        return self.allowed(state, limited) and any(
            count(state, p, CUBES[self.faction]) for p in places())

    def pay(self, state: AdpState, data: CoinExecution) -> list[Event]:
        if data.patrol.paid or self.faction != "government":
            return []
        return [*charge(state), *note(PatrolData(paid=True))]

    def origins(self, state: AdpState, data: CoinExecution) -> list[str]:
        fixed = data.patrol.dest if data.limited else None
        return [o for o in places() if count(state, o, CUBES[self.faction])
                and (reach := patrol_reach(state, o)) and fixed in (None, *reach)]

    def choices(self, state: AdpState, data: CoinExecution) -> list[Action]:
        mine = data.patrol
        if data.activation.owed:
            return activation_choices(state, data.activation.owed)
        if mine.loc:
            picks = removal_choices(state, mine.loc, mine.targets, mine.left)
            if picks:
                return picks
        if not mine.ended:
            if mine.moving:
                fixed = mine.dest if data.limited else None
                return [TO(space=d) for d in patrol_reach(state, mine.moving[1])
                        if fixed in (None, d)]
            return [*move_texts(state, self.origins(state, data), CUBES[self.faction],
                                mine.arrived), END_MOVES()]
        if mine.loc:
            return []
        fixed = mine.dest if data.limited else None
        return [ASSAULT_LOC(space=loc) for loc in board().locs
                if fixed in (None, loc) and assault_useful(state, self.faction, loc, False)]

    def busy(self, state: AdpState, data: CoinExecution) -> bool:
        mine = data.patrol
        return bool(data.activation.owed or mine.moving or (
            mine.loc and removal_choices(state, mine.loc, mine.targets, mine.left)))

    def act(self, state: AdpState, data: CoinExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.patrol
        v = action.verb
        if v == "flip":
            return activate_chosen(state, data.activation.owed, action)
        if v == "move_from":
            return [*self.pay(state, data), *note(PatrolData(
                moving=(action["piece"], action["space"], action["count"])))]
        if v == "to":
            assert mine.moving is not None
            kind, origin, n = mine.moving
            dest = action["space"]
            return [PiecesMoved(kind=kind, count=n, origin=origin, destination=dest),
                    *note(PatrolData(moving=None, arrived=arrive(mine.arrived, dest, kind, n),
                                     dest=dest))]
        if v == "end_moves":
            events = self.pay(state, data)
            owed = {loc: n for loc in board().locs
                    if (n := count(state, loc, CUBES[self.faction]))}
            flips, left = settle(state, owed)
            return [*events, *flips, *note(PatrolData(ended=True), Activation(owed=left))]
        if v == "assault_loc":
            loc = action["space"]
            return note(PatrolData(loc=loc, left=assault_removals(
                state, self.faction, loc, False), targets=[]))
        kind = action["piece"]
        return [*remove(state, action["space"], kind, self.faction == "government"),
                *note(PatrolData(left=mine.left - 1,
                                 targets=sorted({*mine.targets, OWNER[kind]})))]

    def complete(self, state: AdpState, data: CoinExecution) -> bool:
        mine = data.patrol
        return mine.ended and not (
            mine.loc and removal_choices(state, mine.loc, mine.targets, mine.left))


# --- 3.2.3 Sweep --------------------------------------------------------------------------


def sweep_paths(state: AdpState, dest: str) -> dict[str, str | None]:
    """3.2.3 Origins of Troops moving into ``dest``: adjacent spaces (LoCs too), or spaces
    adjacent to a non-Sabotaged LoC adjacent to ``dest`` -> the LoC crossed (None: direct).
    A choice: of several LoCs, one without Guerrillas is crossed (no payment, 3.2.3)."""
    out: dict[str, str | None] = {}
    for loc in sorted(neighbours(dest) & set(board().locs),
                      key=lambda loc: any_guerrillas(state, loc), reverse=True):
        if state.space(loc).sabotage:
            continue
        for origin in neighbours(loc):
            out[origin] = loc
    for origin in neighbours(dest):
        out[origin] = None
    out.pop(dest, None)
    return {o: p for o, p in out.items() if not is_pakistan(o)}


class SweepData(StepData):
    """3.2.3 The destination being swept, those selected, those the Coalition paid for,
    the cubes that arrived where, the Activations credited per destination, how many
    Government cubes each origin's moving Coalition cubes may still carry into the
    destination, and the LoCs the Government paid the Warlords for."""

    prefix = "sweep"
    dest: str | None = None
    selected: list[str] = []
    paid: list[str] = []
    arrived: Arrived = {}
    counted: dict[str, int] = {}
    carry: dict[str, int] = {}
    tolled: list[str] = []


class Sweep(CoinOperation):
    """3.2.3 ``in X`` (3 Government Resources; the Coalition pays only where Government
    Troops move in), then ``move N troops from Y``; each moving Coalition Troop may carry a
    Government cube from its origin.  Guerrillas Activate as cubes come."""

    name = "sweep"

    def can_start(self, state: AdpState, limited: bool) -> bool:
        """2.3.8 Never on the final Event card."""
        return not final_event_card(state, self.faction) and bool(self.destinations(state, fresh(
            CoinExecution, limited)))

    def used(self, state: AdpState, dest: str) -> int:
        if self.faction == "government":
            return count(state, dest, GOV_CUBES)
        if not coalition_present(state, dest):
            return 0
        return count(state, dest, (COALITION_TROOPS, *GOV_CUBES))

    def destinations(self, state: AdpState, data: CoinExecution) -> list[Action]:
        mine = data.sweep
        if data.limited and mine.selected:
            return []
        if self.faction == "government" and not afford(state):
            return []
        return [IN(space=d) for d in afghan_spaces() if d not in mine.selected
                and (self.used(state, d) or self.moves(state, data, d))]

    def moves(self, state: AdpState, data: CoinExecution, dest: str) -> list[Action]:
        mine = data.sweep
        origins = list(sweep_paths(state, dest))
        out = move_texts(state, origins, (TROOPS[self.faction],), mine.arrived)
        if self.faction == "coalition" and dest == mine.dest:
            can_pay = dest in mine.paid or afford(state)
            for origin, room in mine.carry.items():
                kinds = GOV_CUBES if can_pay else (POLICE,)
                out += move_texts(state, [origin], kinds, mine.arrived, room)
        return out

    def choices(self, state: AdpState, data: CoinExecution) -> list[Action]:
        if data.activation.owed:
            return activation_choices(state, data.activation.owed)
        dest = data.sweep.dest
        return [*(self.moves(state, data, dest) if dest else []),
                *self.destinations(state, data)]

    def credit(self, state: AdpState, data: CoinExecution, dest: str) -> list[Event]:
        """Activate 1 Guerrilla per cube counted, credited as cubes come."""
        used, before = self.used(state, dest), data.sweep.counted.get(dest, 0)
        if used <= before:
            return []
        return [*note(SweepData(counted={**data.sweep.counted, dest: used})),
                *activate(state, data.activation.owed, dest, used - before)]

    def act(self, state: AdpState, data: CoinExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.sweep
        if action.verb == "flip":
            return activate_chosen(state, data.activation.owed, action)
        if action.verb == "in":
            dest = action["space"]
            pay = charge(state) if self.faction == "government" else []
            begun = [*pay, *note(SweepData(dest=dest, selected=[*mine.selected, dest],
                                           carry={}))]
            return [*begun, *self.credit(EFFECTS.after(state, begun), data, dest)]
        dest = mine.dest
        assert dest is not None
        kind, origin, n = action["piece"], action["space"], action["count"]
        events: list[Event] = []
        carry = dict(mine.carry)
        paid, tolled = mine.paid, mine.tolled
        if kind == COALITION_TROOPS:
            carry[origin] = carry.get(origin, 0) + n
        elif self.faction == "coalition":
            carry[origin] -= n
            if kind == GOVERNMENT_TROOPS and dest not in paid:
                events += charge(state)
                paid = [*paid, dest]
        loc = sweep_paths(state, dest)[origin]
        if self.faction == "government" and loc and loc not in tolled and any_guerrillas(
                state, loc):
            tolled = [*tolled, loc]
            if gov_resources(state) > 0:
                events += [*EFFECTS.resources(state, "government", -1),
                           *EFFECTS.resources(state, "warlords", 1)]
        events += [PiecesMoved(kind=kind, count=n, origin=origin, destination=dest),
                   *note(SweepData(paid=paid, arrived=arrive(mine.arrived, dest, kind, n),
                                   carry={o: r for o, r in carry.items() if r > 0},
                                   tolled=tolled))]
        return [*events, *self.credit(EFFECTS.after(state, events), data, dest)]

    def complete(self, state: AdpState, data: CoinExecution) -> bool:
        return bool(data.sweep.selected)


# --- 3.2.4 Assault ------------------------------------------------------------------------


class AssaultData(StepData):
    """3.2.4 The space being assaulted, those selected, the removals left there and the
    Factions targeted there (1.4.1)."""

    prefix = "assault"
    space: str | None = None
    selected: list[str] = []
    left: int = 0
    targets: list[str] = []


class Assault(CoinOperation):
    """3.2.4 ``in X`` (Government: 3 Resources; Coalition: free with its own cubes, or
    ``in X with government cubes`` for 3), then ``remove 1 kind from X`` per piece."""

    name = "assault"

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return self.allowed(state, limited) and bool(self.spaces(state, fresh(CoinExecution)))

    def spaces(self, state: AdpState, data: CoinExecution) -> list[Action]:
        mine = data.assault
        if data.limited and mine.selected:
            return []
        can_pay = afford(state)
        out: list[Action] = []
        for sid in places():
            if sid in mine.selected:
                continue
            if self.faction == "government":
                if can_pay and assault_useful(state, self.faction, sid, False):
                    out.append(IN(space=sid))
                continue
            if assault_useful(state, self.faction, sid, False):
                out.append(IN(space=sid))
            if can_pay and assault_removals(state, self.faction, sid, True) > (
                    assault_removals(state, self.faction, sid, False)) and assault_useful(
                    state, self.faction, sid, True):
                out.append(IN_PAID(space=sid))
        return out

    def pending(self, state: AdpState, data: CoinExecution) -> list[Action]:
        mine = data.assault
        return removal_choices(state, mine.space, mine.targets, mine.left) if mine.space else []

    def choices(self, state: AdpState, data: CoinExecution) -> list[Action]:
        return self.pending(state, data) or self.spaces(state, data)

    def busy(self, state: AdpState, data: CoinExecution) -> bool:
        return bool(self.pending(state, data))

    def act(self, state: AdpState, data: CoinExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.assault
        if action.verb in ("in", "in_paid"):
            sid, paid = action["space"], action.verb == "in_paid"
            pay = charge(state) if self.faction == "government" or paid else []
            return [*pay, *note(AssaultData(
                space=sid, selected=[*mine.selected, sid],
                left=assault_removals(state, self.faction, sid, paid), targets=[]))]
        kind = action["piece"]
        return [*remove(state, action["space"], kind, self.faction == "government"),
                *note(AssaultData(left=mine.left - 1,
                                  targets=sorted({*mine.targets, OWNER[kind]})))]

    def complete(self, state: AdpState, data: CoinExecution) -> bool:
        return bool(data.assault.selected) and not self.pending(state, data)


class CoinExecution(ExecutionData):
    """An Operation of a COIN Faction: one part per Operation (each Faction adds its SAs)."""

    activation: Activation = Field(default_factory=Activation)
    train: TrainData = Field(default_factory=TrainData)
    patrol: PatrolData = Field(default_factory=PatrolData)
    sweep: SweepData = Field(default_factory=SweepData)
    assault: AssaultData = Field(default_factory=AssaultData)


