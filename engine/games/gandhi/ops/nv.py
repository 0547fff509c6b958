"""What the two nonviolent Factions share (3.3, 4.3-4.4): free space selection limited by
Restraint (Congress) or Unity (Muslim League), the four NV Operations, Persuade, and the
pieces the Raj must move out of a new Muslim State.

Working data: each NV Operation keeps a ``Selection`` (spaces selected, 3.1.1, those that
used up the Restraint/Unity allowance, the space being worked on), logged as
``<name>_spaces``, ``<name>_counted``, ``<name>_space``; Negotiate's space (4.3.1, 4.4.1)
is shared by both Factions' execution data (``NvExecution``).
"""

from __future__ import annotations

from collections.abc import Callable

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
    protests_for_operations,
    raj_control,
)
from engine.games.gandhi.effects import note, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.ops.framework import ExecutionData, fresh, operation, special
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    REV_BASES,
    SEPOYS,
    TROOPS,
    activists_of,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import verbs

IN, FROM, TO, RECALL, RELEASE = verbs("in", "from", "to", "recall", "release")
PLACE_COUNT, BUILD_BASE = verbs("place_count", "build_base")
PLACE_PROTEST, MOVE_COUNT = verbs("place_protest", "move_count")
MOVE_WITH_LEAGUE, MOVE_ONTO = verbs("move_with_league", "move_onto")
END_OPERATION, REMOVE, ACTIVATE = verbs("end_operation", "remove", "activate")
OTHER = {CONGRESS_ACTIVISTS: ML_ACTIVISTS, ML_ACTIVISTS: CONGRESS_ACTIVISTS}
OWN = {CONGRESS: (CONGRESS_ACTIVISTS, GANDHI), MUSLIM_LEAGUE: (ML_ACTIVISTS, ML_BASES)}
HURTS = {CONGRESS: (ML_ACTIVISTS, ML_BASES), MUSLIM_LEAGUE: (CONGRESS_ACTIVISTS,)}


# --- space selection (3.1.1, 3.1.5, 3.3) ------------------------------------------------


class Selection(StepData):
    """An NV Operation's spaces: those selected (3.1.1), how many of them used up the
    Restraint/Unity allowance (3.3), and the one being worked on."""

    spaces: list[str] = []
    counted: int = 0
    space: str | None = None


class NegotiateData(StepData):
    """4.3.1/4.4.1 Negotiate's space, and whether its option there is done."""

    prefix = "negotiate"
    space: str | None = None
    done: bool = False


def limit(state: GandhiState, faction: str) -> int:
    """3.3 Congress selects up to Restraint spaces, the Muslim League up to Unity."""
    return state.restraint if faction == CONGRESS else state.unity


def free(state: GandhiState, faction: str, sid: str) -> bool:
    """3.3 Spaces beyond the limit: Protest or Gandhi (Congress), an ML Base (League)."""
    sp = state.space(sid)
    if faction == CONGRESS:
        return sp.protest or sp.count(GANDHI) > 0
    return sp.count(ML_BASES) > 0


def open_to(state: GandhiState, data: NvExecution, mine: Selection, faction: str, sid: str,
            counted_ok: bool = True) -> bool:
    """May ``sid`` be selected now?  Once per Operation (3.1.1), never the Negotiate space
    (4.3.1), one space if Limited (2.3.5); the allowance is read at selection (3.1.5).
    ``counted_ok`` says whether the space qualifies as one of the counted ones."""
    picked = mine.spaces
    if sid in picked or sid == data.negotiate.space:
        return False
    if data.limited and picked:
        return False
    if free(state, faction, sid):
        return True
    return counted_ok and mine.counted < limit(state, faction)


def select(state: GandhiState, mine: Selection, faction: str, sid: str) -> list[Event]:
    counted = mine.counted + (0 if free(state, faction, sid) else 1)
    return note(type(mine)(spaces=[*mine.spaces, sid], counted=counted, space=sid))


def in_actions(state: GandhiState, spaces: list[str]) -> list[Action]:
    return [IN(space=s) for s in spaces]


def operation_spaces(data: NvExecution) -> list[str]:
    """Spaces the running Operation selected (Negotiate may not share them, 4.3.1)."""
    selection = data.selection(data.op)
    return selection.spaces if selection is not None else []


def placeable_protest(state: GandhiState, sid: str) -> bool:
    """1.10 An Available Protest marker (by Restraint) and none there already."""
    return not state.space(sid).protest and protests_for_operations(state) > 0


def active_count(state: GandhiState, sid: str, kind: str) -> int:
    """Pieces of ``kind`` that are Active (1.4.3): Activists only in Protest spaces and on
    Railways; cubes, Bases, Gandhi and Active Guerrillas always."""
    sp = state.space(sid)
    if kind not in (CONGRESS_ACTIVISTS, ML_ACTIVISTS):
        return sp.count(kind)
    return sp.count(kind) if activists_active(board(state), sid, sp) else 0


def nv_pieces(state: GandhiState, sid: str, faction: str) -> int:
    """4.3.1/4.4.1 Congress pieces are Activists plus Gandhi, League Activists plus Bases."""
    sp = state.space(sid)
    if faction == CONGRESS:
        return sp.count(CONGRESS_ACTIVISTS) + sp.count(GANDHI)
    return sp.count(ML_ACTIVISTS) + sp.count(ML_BASES)


# --- Rally (3.3.1) ----------------------------------------------------------------------


class RallyData(Selection):
    """3.3.1 Rally's spaces, and whether its "then" (a recall or a release) is done."""

    prefix = "rally"
    then: bool = False


class Rally:
    """3.3.1 Place Activists (League: or build a Base with Unity Activists) in each selected
    space; then recall one Activist from Out of Play or release a die roll from Jail."""

    name, faction = "rally", CONGRESS

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, fresh(NvExecution, limited)))

    def spaces(self, state: GandhiState, data: NvExecution) -> list[str]:
        if data.rally.then:
            return []
        return [s for s in board(state).non_railway
                if self.placements(state, s) and open_to(
                    state, data, data.rally, self.faction, s, state.space(s).support <= 0)]

    def placements(self, state: GandhiState, sid: str) -> list[Action]:
        own = activists_of(self.faction)
        have = available(state, own)
        if self.faction == CONGRESS:   # up to the space's Population
            most = min(board(state).space(sid).pop, have)
            return [PLACE_COUNT(count=n) for n in range(1, most + 1)]
        sp = state.space(sid)
        n = min(1 + sp.count(ML_BASES), have)   # 1.4.1 only Available pieces
        out = [PLACE_COUNT(count=n)] if n else []
        room = sp.count(ML_BASES) + sp.count(REV_BASES) < board(state).space(sid).pop  # 1.4.2
        if room and available(state, ML_BASES) and sp.count(ML_ACTIVISTS) >= state.unity:
            out.append(BUILD_BASE())   # replace Unity Activists with a Base
        return out

    def choices(self, state: GandhiState, data: NvExecution) -> list[Action]:
        if data.rally.space:
            return self.placements(state, data.rally.space)
        actions = in_actions(state, self.spaces(state, data))
        if not data.rally.then:
            actions += self.then(state)
        return actions

    def then(self, state: GandhiState) -> list[Action]:
        """Then: one Activist from Out of Play, or a die roll of Activists from Jail."""
        out = [RECALL(piece=k) for k in (CONGRESS_ACTIVISTS, ML_ACTIVISTS)
               if state.out_of_play.get(k, 0)]
        if state.jail.get(CONGRESS_ACTIVISTS, 0) + state.jail.get(ML_ACTIVISTS, 0):
            out.append(RELEASE())
        return out

    def act(self, state: GandhiState, data: NvExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return select(state, data.rally, self.faction, action["space"])
        if action.verb == "recall":
            return [*recall(state, self.faction, action["piece"]), *note(RallyData(then=True))]
        if action.verb == "release":
            return [*release(state, self.faction, chance), *note(RallyData(then=True))]
        sid = data.rally.space
        assert sid is not None
        if action.verb == "build_base":
            return [PiecesRemoved(space=sid, kind=ML_ACTIVISTS, count=state.unity),
                    PiecesPlaced(space=sid, kind=ML_BASES, count=1),
                    *note(RallyData(space=None))]
        placed = PiecesPlaced(space=sid, kind=activists_of(self.faction), count=action["count"])
        return [placed, *note(RallyData(space=None))]

    def can_finish(self, state: GandhiState, data: NvExecution) -> bool:
        return bool(data.rally.spaces) and not data.rally.space

    def finish(self, state: GandhiState, data: NvExecution) -> list[Event]:
        return []


def recall(state: GandhiState, faction: str, kind: str) -> list[Event]:
    """3.3.1, 2.3.3 Important: Unity +1 for the other NV Faction's Activist."""
    events: list[Event] = [BoxTransfer(kind=kind, count=1, origin="out_of_play",
                                       destination="available")]
    if kind != activists_of(faction):
        events += track(state, "unity", 1)
    return events


def release(state: GandhiState, faction: str, chance: Chance) -> list[Event]:
    """3.3.1 Release a die roll of Activists from Jail, own first, then the other's."""
    roll = chance.roll(6)
    events: list[Event] = [DieRolled(value=roll, purpose="rally release")]
    left = roll
    own = activists_of(faction)
    for kind in (own, OTHER[own]):
        n = min(left, state.jail.get(kind, 0))
        if n:
            events.append(BoxTransfer(kind=kind, count=n, origin="jail",
                                      destination="available"))
            left -= n
    return events


# --- Demonstrate (3.3.2) ----------------------------------------------------------------


class DemonstrateData(Selection):
    """3.3.2 Demonstrate's destinations (``space``: the current one), the origin chosen
    (logged as ``demonstrate_from``), the League Activists brought along so far, the
    destinations entered, and the Activists of each Faction that arrived where (they move
    once, 3.1.2)."""

    prefix = "demonstrate"
    logged_as = {"origin": "from"}
    origin: str | None = None
    league: int = 0
    entered: list[str] = []
    arrived_congress: dict[str, int] = {}
    arrived_league: dict[str, int] = {}

    def arrived(self, kind: str) -> dict[str, int]:
        return self.arrived_congress if kind == CONGRESS_ACTIVISTS else self.arrived_league


class Demonstrate:
    """3.3.2 Move Activists into non-Railway destinations from adjacent spaces; without
    Raj Control place a Protest.  Congress may bring League Activists along, one for one,
    up to Unity in all."""

    name, faction = "demonstrate", CONGRESS

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.destinations(state, fresh(NvExecution, limited)))

    def unmoved(self, data: NvExecution, state: GandhiState, sid: str, kind: str) -> int:
        return state.space(sid).count(kind) - data.demonstrate.arrived(kind).get(sid, 0)

    def origins(self, state: GandhiState, data: NvExecution, dest: str) -> list[str]:
        own = activists_of(self.faction)
        return [s for s in sorted(board(state).adjacent(dest))
                if self.unmoved(data, state, s, own) > 0]

    def destinations(self, state: GandhiState, data: NvExecution) -> list[str]:
        return [s for s in board(state).non_railway
                if open_to(state, data, data.demonstrate, self.faction, s)
                and self.origins(state, data, s)]

    def choices(self, state: GandhiState, data: NvExecution) -> list[Action]:
        dest, origin = data.demonstrate.space, data.demonstrate.origin
        if origin:
            return self.moves(state, data, origin)
        actions = in_actions(state, self.destinations(state, data))
        if dest:
            actions += [FROM(space=s) for s in self.origins(state, data, dest)]
            if (dest in data.demonstrate.entered and placeable_protest(state, dest)
                    and not raj_control(state, dest)):
                actions.append(PLACE_PROTEST())
        return actions

    def moves(self, state: GandhiState, data: NvExecution, origin: str) -> list[Action]:
        own = activists_of(self.faction)
        most = self.unmoved(data, state, origin, own)
        league = 0
        if self.faction == CONGRESS:   # up to Unity League Activists in all, one for one
            league = min(self.unmoved(data, state, origin, ML_ACTIVISTS),
                         state.unity - data.demonstrate.league)
        return [MOVE_WITH_LEAGUE(count=n, league=m) if m else MOVE_COUNT(count=n)
                for n in range(1, most + 1) for m in range(min(n, max(league, 0)) + 1)]

    def act(self, state: GandhiState, data: NvExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.demonstrate
        if action.verb == "in":
            return select(state, mine, self.faction, action["space"])
        if action.verb == "from":
            return note(DemonstrateData(origin=action["space"]))
        dest = mine.space
        assert dest is not None
        if action.verb == "place_protest":
            return [MarkerSet(space=dest, marker="protest", value=1)]
        origin, own = mine.origin, activists_of(self.faction)
        assert origin is not None
        events: list[Event] = []
        league = action.get("league", 0)
        for kind, n in ((own, action["count"]), (ML_ACTIVISTS, league)):
            if n:
                events.append(PiecesMoved(kind=kind, count=n, origin=origin, destination=dest))
                arrived = dict(mine.arrived(kind))
                arrived[dest] = arrived.get(dest, 0) + n
                events += note(DemonstrateData(arrived_congress=arrived)
                               if kind == CONGRESS_ACTIVISTS
                               else DemonstrateData(arrived_league=arrived))
        return [*events, *note(DemonstrateData(origin=None, league=mine.league + league,
                                               entered=[*mine.entered, dest]))]

    def can_finish(self, state: GandhiState, data: NvExecution) -> bool:
        return bool(data.demonstrate.spaces) and not data.demonstrate.origin

    def finish(self, state: GandhiState, data: NvExecution) -> list[Event]:
        return []


# --- Civil Disobedience (3.3.3) ---------------------------------------------------------


class CivilDisobedienceData(Selection):
    """3.3.3 Civil Disobedience's spaces, and the Activists that arrived on each Railway
    (they move once, 3.1.2)."""

    prefix = "civil_disobedience"
    arrived: dict[str, int] = {}


class CivilDisobedience:
    """3.3.3 Place a Protest in each selected space, then move friendly Activists from it
    onto adjacent Railways.  Errata 2019: spaces with the Faction's own Activists."""

    name, faction = "civil_disobedience", CONGRESS

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, fresh(NvExecution, limited)))

    def spaces(self, state: GandhiState, data: NvExecution) -> list[str]:
        own = activists_of(self.faction)
        return [s for s in board(state).spaces
                if (state.space(s).count(own) or free(state, self.faction, s))
                and open_to(state, data, data.civil_disobedience, self.faction, s,
                            state.space(s).count(own) > 0)]

    def unmoved(self, data: NvExecution, state: GandhiState, sid: str) -> int:
        arrived = data.civil_disobedience.arrived
        return state.space(sid).count(activists_of(self.faction)) - arrived.get(sid, 0)

    def choices(self, state: GandhiState, data: NvExecution) -> list[Action]:
        actions = in_actions(state, self.spaces(state, data))
        here = data.civil_disobedience.space
        if here:
            b = board(state)
            rails = [r for r in sorted(b.adjacent(here)) if b.space(r).is_railway]
            actions += [MOVE_ONTO(count=n, space=r)
                        for r in rails for n in range(1, self.unmoved(data, state, here) + 1)]
        return actions

    def act(self, state: GandhiState, data: NvExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.civil_disobedience
        if action.verb == "in":
            sid = action["space"]
            protest: list[Event] = ([MarkerSet(space=sid, marker="protest", value=1)]
                                    if placeable_protest(state, sid) else [])
            return [*select(state, mine, self.faction, sid), *protest]
        here, n, rail = mine.space, action["count"], action["space"]
        assert here is not None
        arrived = dict(mine.arrived)
        arrived[rail] = arrived.get(rail, 0) + n
        return [PiecesMoved(kind=activists_of(self.faction), count=n, origin=here,
                            destination=rail),
                *note(CivilDisobedienceData(arrived=arrived))]

    def can_finish(self, state: GandhiState, data: NvExecution) -> bool:
        return bool(data.civil_disobedience.spaces)

    def finish(self, state: GandhiState, data: NvExecution) -> list[Event]:
        return []


# --- Non-Cooperation (3.3.4) ------------------------------------------------------------


class NonCooperationData(Selection):
    """3.3.4 Non-Cooperation's spaces, and whether it was ended before a Special Activity
    (its Restraint -1 already shifted)."""

    prefix = "non_cooperation"
    ended: bool = False


class NonCooperation:
    """3.3.4 Shift each selected space one level towards Active Opposition; lastly shift
    Restraint -1 once (6.6)."""

    name, faction = "non_cooperation", CONGRESS

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, fresh(NvExecution, limited)))

    def eligible(self, state: GandhiState, sid: str) -> bool:
        sp = state.space(sid)
        if not sp.protest or not sp.count(activists_of(self.faction)):
            return False
        if board(state).space(sid).is_railway:   # no Population to shift (1.6)
            return False
        # 6.8 in Crisis Congress may select Raj-Controlled spaces
        return not raj_control(state, sid) or (self.faction == CONGRESS and in_crisis(state))

    def spaces(self, state: GandhiState, data: NvExecution) -> list[str]:
        # Congress: any such spaces (all have Protest, so none counts against Restraint)
        return [s for s in board(state).non_railway
                if self.eligible(state, s) and open_to(state, data, data.non_cooperation,
                                                        self.faction, s)]

    def choices(self, state: GandhiState, data: NvExecution) -> list[Action]:
        if data.non_cooperation.ended:
            return []
        actions = in_actions(state, self.spaces(state, data))
        if data.non_cooperation.spaces and data.sa_allowed and not data.sa:
            # 3.1.5 example 2: end the Operation (Restraint -1) before a Special Activity
            actions.append(END_OPERATION())
        return actions

    def act(self, state: GandhiState, data: NvExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "end_operation":
            return [*self.finish(state, data), *note(NonCooperationData(ended=True))]
        sid = action["space"]
        return [*select(state, data.non_cooperation, self.faction, sid),
                *support(state, sid, -1)]

    def can_finish(self, state: GandhiState, data: NvExecution) -> bool:
        return bool(data.non_cooperation.spaces)

    def finish(self, state: GandhiState, data: NvExecution) -> list[Event]:
        if data.non_cooperation.ended:
            return []
        return track(state, "restraint", -1)   # 6.6 once per Operation, lastly


# --- Persuade (4.3.3, 4.4.3) -------------------------------------------------------------

# the Active adversary pieces Persuade may remove, in the order they are offered
TARGETS = (TROOPS, SEPOYS, GUERRILLAS_ACTIVE, REV_BASES, ML_ACTIVISTS, ML_BASES,
           CONGRESS_ACTIVISTS)


class PersuadeData(StepData):
    """4.3.3/4.4.3 Persuade's spaces (``space``: the one being worked on), and whether it
    removed a piece of the other NV Faction (Unity -1 at the end)."""

    prefix = "persuade"
    spaces: list[str] = []
    space: str | None = None
    hurt: bool = False


class Persuade:
    """4.3.3/4.4.3 Up to two spaces with friendly pieces: remove one Active adversary
    piece (Troops and Bases last; never Gandhi, errata 4.3.3), or Activate one Guerrilla
    per Active NV piece; lastly Unity -1 if the other NV Faction lost pieces."""

    name, faction = "persuade", CONGRESS
    MOST = 2

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state, state.step.of(NvExecution)))

    def spaces(self, state: GandhiState, data: NvExecution) -> list[str]:
        picked = data.persuade.spaces
        if len(picked) >= self.MOST:
            return []
        return [s for s in board(state).spaces if s not in picked
                and nv_pieces(state, s, self.faction) and self.options(state, s)]

    def removable(self, state: GandhiState, sid: str) -> list[str]:
        """Active adversary pieces; Troops and Bases last (4.3.3)."""
        sp = state.space(sid)
        own = OWN[self.faction]
        last = {TROOPS: sp.count(SEPOYS) > 0,
                REV_BASES: sp.count(GUERRILLAS_ACTIVE) + sp.count(GUERRILLAS_UNDERGROUND) > 0,
                ML_BASES: sp.count(ML_ACTIVISTS) > 0}
        return [kind for kind in TARGETS if kind not in own and active_count(state, sid, kind)
                and not last.get(kind, False)]

    def activations(self, state: GandhiState, sid: str) -> int:
        """One Guerrilla per Active NV piece: Active Activists, Gandhi and League Bases
        (always Active, 1.4.3)."""
        nv = sum(active_count(state, sid, k)
                 for k in (CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI, ML_BASES))
        return min(nv, state.space(sid).count(GUERRILLAS_UNDERGROUND))

    def options(self, state: GandhiState, sid: str) -> list[Action]:
        out = [REMOVE(piece=kind) for kind in self.removable(state, sid)]
        if self.activations(state, sid):
            out.append(ACTIVATE())
        return out

    def choices(self, state: GandhiState, data: NvExecution) -> list[Action]:
        if data.persuade.space:
            return self.options(state, data.persuade.space)
        return in_actions(state, self.spaces(state, data))

    def act(self, state: GandhiState, data: NvExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.persuade
        if action.verb == "in":
            return note(PersuadeData(spaces=[*mine.spaces, action["space"]],
                                     space=action["space"]))
        sid = mine.space
        assert sid is not None
        if action.verb == "activate":
            n = self.activations(state, sid)
            return [PiecesFlipped(space=sid, kind="guerrillas_underground",
                                  to_kind="guerrillas_active", count=n),
                    *note(PersuadeData(space=None))]
        kind = action["piece"]
        hurt = kind in HURTS[self.faction]   # 4.3.3 League pieces, 4.4.3 Congress Activists
        return [PiecesRemoved(space=sid, kind=kind, count=1),
                *note(PersuadeData(space=None, hurt=mine.hurt or hurt))]

    def can_finish(self, state: GandhiState, data: NvExecution) -> bool:
        return bool(data.persuade.spaces) and not data.persuade.space

    def finish(self, state: GandhiState, data: NvExecution) -> list[Event]:
        return track(state, "unity", -1) if data.persuade.hurt else []


# --- the NV Factions' execution data ----------------------------------------------------------


class NvExecution(ExecutionData):
    """An Operation of Congress or the Muslim League: the parts both share; each Faction's
    module adds its own (``CongressExecution``, ``LeagueExecution``)."""

    rally: RallyData = Field(default_factory=RallyData)
    demonstrate: DemonstrateData = Field(default_factory=DemonstrateData)
    civil_disobedience: CivilDisobedienceData = Field(default_factory=CivilDisobedienceData)
    non_cooperation: NonCooperationData = Field(default_factory=NonCooperationData)
    persuade: PersuadeData = Field(default_factory=PersuadeData)
    negotiate: NegotiateData = Field(default_factory=NegotiateData)

    def selection(self, op: str) -> Selection | None:
        """The data of the NV Operation ``op``."""
        selections: dict[str, Selection] = {
            "rally": self.rally, "demonstrate": self.demonstrate,
            "civil_disobedience": self.civil_disobedience,
            "non_cooperation": self.non_cooperation}
        return selections.get(op)


# --- Troops leave a new Muslim State (4.4.1, 4.4.2) -------------------------------------

# notes the Province whose Troops are leaving and asks the Raj (None: all have left)
Leaving = Callable[[str | None], list[Event]]


def muslim_state(state: GandhiState, sid: str, leaving: Leaving) -> list[Event]:
    """1.3.5 A Muslim State: the Raj first moves any Troops there to Cities (asked), and
    the marker goes down once the last has left (Troops are never in a State, 1.4.2)."""
    if state.space(sid).count(TROOPS):
        return leaving(sid)
    return [MarkerSet(space=sid, marker="muslim_state", value=1)]


def troop_moves(state: GandhiState, sid: str) -> list[Action]:
    return [TO(space=c) for c in board(state).cities]


def move_troop(state: GandhiState, sid: str, city: str, leaving: Leaving) -> list[Event]:
    events: list[Event] = [PiecesMoved(kind=TROOPS, count=1, origin=sid, destination=city)]
    if state.space(sid).count(TROOPS) == 1:   # the last Troop: now the marker (1.3.5)
        events += [MarkerSet(space=sid, marker="muslim_state", value=1), *leaving(None)]
    return events


def register_shared(faction: str) -> None:
    """Register the activities both NV Factions share (3.3, Persuade 4.3.3/4.4.3) for one
    of them, in the order they are offered."""
    for shared, register in ((Rally, operation), (Demonstrate, operation),
                             (CivilDisobedience, operation), (NonCooperation, operation),
                             (Persuade, special)):
        register(type(shared.__name__, (shared,), {"faction": faction}))
