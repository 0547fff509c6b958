"""The Government's Operations (3.2: Train, Patrol, Sweep, Assault, shared with the
Coalition in ``coin_ops``) and Special Activities (4.3: Govern, Transport, Eradicate)."""

from __future__ import annotations

from pydantic import Field

from engine.coin.effects import note
from engine.coin.events import MarkerSet, PiecesMoved, PiecesPlaced, PiecesRemoved, SupportShifted
from engine.coin.state import cached
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.derived import available, board, pop
from engine.games.adp.flow import EFFECTS
from engine.games.adp.ops import coin_ops
from engine.games.adp.ops.coin_ops import (
    COST,
    GOV_CUBES,
    IN,
    KABUL,
    MOVE_FROM,
    TO,
    CoinExecution,
    any_guerrillas,
    can_shift,
    coin_controlled,
    count,
    gov_resources,
    is_loc,
    is_pakistan,
    neighbours,
    places,
)
from engine.games.adp.ops.framework import alone, execution_data, fresh, operation, special
from engine.games.adp.spec import (
    COALITION_BASES,
    GOVERNMENT_TROOPS,
    RETURNEES_MARKERS,
    TALIBAN_UNDERGROUND,
    WARLORDS_BASES,
)
from engine.games.adp.state import AdpState
from engine.games.adp.vocabulary import verb

GOVERNMENT = "government"
GOVERN_POP, GOVERN_AID = verb("govern_pop"), verb("govern_aid")
MOST_SPACES = 2          # 4.3.1, 4.3.3 one or two spaces


@operation
class Train(coin_ops.Train):
    faction = GOVERNMENT


@operation
class Patrol(coin_ops.Patrol):
    faction = GOVERNMENT


@operation
class Sweep(coin_ops.Sweep):
    faction = GOVERNMENT


@operation
class Assault(coin_ops.Assault):
    faction = GOVERNMENT


def accompanies(state: AdpState, *ops: str) -> bool:
    """4.1.1 The Operations a Special Activity may accompany (any, granted alone: 5.5)."""
    data = state.step.of(CoinExecution)
    return data.op in ops or alone(data)


# --- 4.3.1 Govern ---------------------------------------------------------------------------


class GovernData(StepData):
    """4.3.1 The spaces governed."""

    prefix = "govern"
    spaces: list[str] = []


@special
class Govern:
    """4.3.1 With Train or Patrol, in 1 or 2 COIN-Controlled Provinces or Kabul with Support
    or Pop 0: ``returnees in X`` (a +1 Pop marker) or ``patronage from X`` (Aid equal to
    the Pop to Patronage, the space to Neutral; not where a Coalition Base is)."""

    name, faction = "govern", GOVERNMENT

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return accompanies(state, "train", "patrol") and bool(
            self.choices(state, fresh(GovernmentExecution)))

    def choices(self, state: AdpState, data: GovernmentExecution) -> list[Action]:
        done = data.govern.spaces
        if len(done) >= MOST_SPACES:
            return []
        markers = sum(sp.returnees for sp in state.spaces.values()) < RETURNEES_MARKERS
        out: list[Action] = []
        for sid in board().spaces:
            sp = state.space(sid)
            if sid in done or not coin_controlled(state, sid) or is_pakistan(sid) or not (
                    sp.support > 0 or pop(state, sid) == 0):
                continue
            if markers and not sp.returnees:
                out.append(GOVERN_POP(space=sid))
            if not sp.count(COALITION_BASES):
                out.append(GOVERN_AID(space=sid))
        return out

    def act(self, state: AdpState, data: GovernmentExecution, action: Action,
            chance: Chance) -> list[Event]:
        sid = action["space"]
        events: list[Event]
        if action.verb == "govern_pop":
            events = [MarkerSet(space=sid, marker="returnees", value=1)]
        else:
            # Aid equal to the Pop, as much as there is (1.8: Patronage at most 40)
            n = min(pop(state, sid), state.aid, 40 - state.patronage)
            events = [*EFFECTS.track(state, "aid", -n), *EFFECTS.track(state, "patronage", n)]
            level = state.space(sid).support
            if level:
                events.append(SupportShifted(space=sid, level=0, before=level))
        return [*events, *note(GovernData(spaces=[*data.govern.spaces, sid]))]

    def can_finish(self, state: AdpState, data: GovernmentExecution) -> bool:
        return bool(data.govern.spaces)

    def finish(self, state: AdpState, data: GovernmentExecution) -> list[Event]:
        return []


# --- 4.3.2 Transport ------------------------------------------------------------------------


def transport_reach(state: AdpState, origin: str) -> dict[str, int]:
    """4.3.2 From ``origin`` into an adjacent LoC, on along LoCs or through Kabul (stopping
    at a Sabotaged LoC), then if desired into 1 adjacent space (not Pakistan) ->
    destination: the fewest spaces with Guerrillas entered on the way (a choice: the
    executor takes the cheapest path).  Computed once per position and origin."""
    return cached(state, f"transport_reach:{origin}", lambda: _reach(state, origin))


def transport_origins(state: AdpState) -> list[str]:
    """4.3.2 The places with Government Troops that can reach a destination."""
    return cached(state, "transport_origins", lambda: [
        o for o in places() if state.space(o).count(GOVERNMENT_TROOPS)
        and transport_reach(state, o)])


def _reach(state: AdpState, origin: str) -> dict[str, int]:
    network = set(board().locs) | {KABUL}
    best: dict[str, int] = {}
    frontier = [(loc, int(any_guerrillas(state, loc))) for loc in neighbours(origin)
                if is_loc(loc)]
    while frontier:
        frontier.sort(key=lambda x: x[1])
        here, cost = frontier.pop(0)
        if here in best and best[here] <= cost:
            continue
        best[here] = cost
        if is_loc(here) and state.space(here).sabotage:
            continue
        for n in neighbours(here):
            if n in network:
                frontier.append((n, cost + int(any_guerrillas(state, n))))
    out = dict(best)
    for here, cost in best.items():
        if is_loc(here) and state.space(here).sabotage:
            continue
        for n in neighbours(here):
            if n not in network and not is_pakistan(n):
                step = cost + int(any_guerrillas(state, n))
                out[n] = min(out.get(n, step), step)
    out.pop(origin, None)
    return {p: out[p] for p in places() if p in out}


class TransportData(StepData):
    """4.3.2 The Troops chosen to move (origin, count), and whether they moved."""

    prefix = "transport"
    moving: tuple[str, int] | None = None
    moved: bool = False


@special
class Transport:
    """4.3.2 ``move N government_troops from X`` then ``to Y``; then 1 Resource to the
    Warlords per space entered with Guerrillas (if the Government has any)."""

    name, faction = "transport", GOVERNMENT

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return any(state.space(o).count(GOVERNMENT_TROOPS) and transport_reach(state, o)
                   for o in places())

    def choices(self, state: AdpState, data: GovernmentExecution) -> list[Action]:
        mine = data.transport
        if mine.moved:
            return []
        if mine.moving:
            return [TO(space=d) for d in transport_reach(state, mine.moving[0])]
        return [MOVE_FROM(count=n, piece=GOVERNMENT_TROOPS, space=o)
                for o in transport_origins(state)
                for n in range(1, state.space(o).count(GOVERNMENT_TROOPS) + 1)]

    def act(self, state: AdpState, data: GovernmentExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "move_from":
            return note(TransportData(moving=(action["space"], action["count"])))
        assert data.transport.moving is not None
        origin, n = data.transport.moving
        dest = action["space"]
        toll = min(transport_reach(state, origin)[dest], gov_resources(state))
        return [PiecesMoved(kind=GOVERNMENT_TROOPS, count=n, origin=origin, destination=dest),
                *EFFECTS.resources(state, "government", -toll),
                *EFFECTS.resources(state, "warlords", toll),
                *note(TransportData(moving=None, moved=True))]

    def can_finish(self, state: AdpState, data: GovernmentExecution) -> bool:
        return not data.transport.moving

    def busy(self, state: AdpState, data: GovernmentExecution) -> bool:
        return bool(data.transport.moving)

    def finish(self, state: AdpState, data: GovernmentExecution) -> list[Event]:
        return []


# --- 4.3.3 Eradicate ------------------------------------------------------------------------


class EradicateData(StepData):
    """4.3.3 The Provinces eradicated."""

    prefix = "eradicate"
    spaces: list[str] = []


@special
class Eradicate:
    """4.3.3 With Train, Patrol or Assault, ``in X`` in 1 or 2 COIN-Controlled Provinces
    (not Kabul) with Government cubes and a Warlords Base: Aid +3, Patronage +1, remove a
    Warlords Base, shift 1 toward Opposition, and if Pashtun place a Taliban Guerrilla."""

    name, faction = "eradicate", GOVERNMENT

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return accompanies(state, "train", "patrol", "assault") and bool(
            self.choices(state, fresh(GovernmentExecution)))

    def choices(self, state: AdpState, data: GovernmentExecution) -> list[Action]:
        done = data.eradicate.spaces
        if len(done) >= MOST_SPACES:
            return []
        return [IN(space=sid) for sid in board().spaces
                if sid != KABUL and sid not in done and coin_controlled(state, sid)
                and count(state, sid, GOV_CUBES) and state.space(sid).count(WARLORDS_BASES)]

    def act(self, state: AdpState, data: GovernmentExecution, action: Action,
            chance: Chance) -> list[Event]:
        sid = action["space"]
        sp = state.space(sid)
        events: list[Event] = [*EFFECTS.track(state, "aid", 3),
                               *EFFECTS.track(state, "patronage", 1),
                               PiecesRemoved(space=sid, kind=WARLORDS_BASES, count=1,
                                             to="available")]
        if can_shift(state, sid, -1):
            events.append(SupportShifted(space=sid, level=sp.support - 1, before=sp.support))
        if board().spaces[sid].pashtun and available(state)["taliban_guerrillas"]:
            events.append(PiecesPlaced(space=sid, kind=TALIBAN_UNDERGROUND, count=1))
        return [*events, *note(EradicateData(spaces=[*data.eradicate.spaces, sid]))]

    def can_finish(self, state: AdpState, data: GovernmentExecution) -> bool:
        return bool(data.eradicate.spaces)

    def finish(self, state: AdpState, data: GovernmentExecution) -> list[Event]:
        return []


@execution_data(GOVERNMENT)
class GovernmentExecution(CoinExecution):
    """An Operation of the Government: its Operations' parts and its Special Activities'."""

    govern: GovernData = Field(default_factory=GovernData)
    transport: TransportData = Field(default_factory=TransportData)
    eradicate: EradicateData = Field(default_factory=EradicateData)


__all__ = ["COST", "Assault", "Eradicate", "Govern", "GovernmentExecution", "Patrol",
           "Sweep", "Train", "Transport"]
