"""The Coalition's Operations (3.2: Train, Patrol, Sweep, Assault, shared with the
Government in ``coin_ops``) and Special Activities (4.2: Surge, Air Lift, Air Strike).
The Coalition spends Government Resources (1.8)."""

from __future__ import annotations

from pydantic import Field

from engine.coin.effects import note
from engine.coin.events import PiecesMoved, PiecesPlaced, PiecesRemoved
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.derived import available, bases, board
from engine.games.adp.flow import EFFECTS
from engine.games.adp.in_effect import SANDSTORMS, momentum
from engine.games.adp.ops import coin_ops
from engine.games.adp.ops.coin_ops import (
    KABUL,
    MOVE_FROM,
    REMOVE_FROM,
    TO,
    Arrived,
    CoinExecution,
    arrive,
    coin_controlled,
    is_pakistan,
    places,
    removable,
    unmoved,
)
from engine.games.adp.ops.framework import alone, execution_data, fresh, operation, special
from engine.games.adp.physical import MAX_BASES
from engine.games.adp.spec import COALITION_BASES, COALITION_TROOPS, GOVERNMENT_TROOPS
from engine.games.adp.state import AdpState
from engine.games.adp.vocabulary import verb

COALITION = "coalition"
MOST_SPACES = 3            # 4.2.1-4.2.3 up to 3 spaces
AIR_LIFT_GOVERNMENT = 3    # 4.2.2 up to 3 Government Troops
FUNDING = 4                # 6.6.1 the last box of the Islamabad track
BRING, ROLL, SPLIT = verb("bring"), verb("roll"), verb("split")


@operation
class Train(coin_ops.Train):
    faction = COALITION


@operation
class Patrol(coin_ops.Patrol):
    faction = COALITION


@operation
class Sweep(coin_ops.Sweep):
    faction = COALITION


@operation
class Assault(coin_ops.Assault):
    faction = COALITION


def accompanies(state: AdpState, *ops: str) -> bool:
    """4.1.1 The Operations a Special Activity may accompany (any, granted alone: 5.5)."""
    data = state.step.of(CoinExecution)
    return data.op in ops or alone(data)


# --- 4.2.1 Surge ----------------------------------------------------------------------------


class SurgeData(StepData):
    """4.2.1 The spaces used, the die rolled and not yet split (0: none), and whether the
    die was rolled (then nothing more moves); ``planned``: what a Non-player Coalition's
    Surge still has to do (8.8.2: its own die decides its pieces, so the choices after the
    first follow the plan it logged then -- ``engine.games.adp.np.coalition``)."""

    prefix = "surge"
    spaces: list[str] = []
    die: int = 0
    rolled: bool = False
    planned: list[str] = []


@special
class Surge:
    """4.2.1 With Train, in up to 3 spaces (Kabul or COIN-Controlled Provinces): ``bring N
    kind to X`` from Available, ``remove N kind from X`` to Available; then if desired
    ``roll`` and ``N to aid`` (the rest to the Warlords' Resources)."""

    name, faction = "surge", COALITION

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return accompanies(state, "train") and bool(
            self.choices(state, fresh(CoalitionExecution)))

    def spaces(self, state: AdpState, data: CoalitionExecution) -> list[str]:
        used = data.surge.spaces
        if len(used) >= MOST_SPACES:
            return used
        return [s for s in board().spaces if s in used or (
            not is_pakistan(s) and (s == KABUL or coin_controlled(state, s)))]

    def choices(self, state: AdpState, data: CoalitionExecution) -> list[Action]:
        mine = data.surge
        if mine.die:
            return [SPLIT(count=n) for n in range(mine.die + 1)]
        if mine.rolled:
            return []
        left = available(state)
        out: list[Action] = []
        for sid in self.spaces(state, data):
            sp = state.space(sid)
            out += [BRING(count=n, piece=COALITION_TROOPS, space=sid)
                    for n in range(1, left[COALITION_TROOPS] + 1)]
            room = min(left[COALITION_BASES], MAX_BASES - bases(sp))
            out += [BRING(count=n, piece=COALITION_BASES, space=sid) for n in range(1, room + 1)]
            out += [REMOVE_FROM(count=n, piece=k, space=sid)
                    for k in (COALITION_TROOPS, COALITION_BASES)
                    for n in range(1, sp.count(k) + 1)]
        return [*out, ROLL()]

    def act(self, state: AdpState, data: CoalitionExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.surge
        if action.verb == "roll":
            return note(SurgeData(die=chance.roll(6), rolled=True))
        if action.verb == "split":
            to_aid = action["count"]
            return [*EFFECTS.track(state, "aid", to_aid),
                    *EFFECTS.resources(state, "warlords", mine.die - to_aid),
                    *note(SurgeData(die=0))]
        sid, n, kind = action["space"], action["count"], action["piece"]
        event: Event = (PiecesPlaced(space=sid, kind=kind, count=n) if action.verb == "bring"
                        else PiecesRemoved(space=sid, kind=kind, count=n, to="available"))
        used = mine.spaces if sid in mine.spaces else [*mine.spaces, sid]
        return [event, *note(SurgeData(spaces=used))]

    def can_finish(self, state: AdpState, data: CoalitionExecution) -> bool:
        return not data.surge.die

    def busy(self, state: AdpState, data: CoalitionExecution) -> bool:
        return bool(data.surge.die)

    def finish(self, state: AdpState, data: CoalitionExecution) -> list[Event]:
        return []


# --- 4.2.2 Air Lift -------------------------------------------------------------------------


class AirLiftData(StepData):
    """4.2.2 The Troops chosen to move (kind, origin, count), the spaces used, the
    Government Troops moved, and the Troops that arrived where."""

    prefix = "air_lift"
    moving: tuple[str, str, int] | None = None
    spaces: list[str] = []
    government: int = 0
    arrived: Arrived = {}


@special
class AirLift:
    """4.2.2 ``move N coalition_troops|government_troops from X`` then ``to Y``: any
    Coalition Troops and up to 3 Government Troops among 3 spaces (not Pakistan)."""

    name, faction = "air_lift", COALITION

    def can_start(self, state: AdpState, limited: bool) -> bool:
        """No Air Lift while "Sandstorms" is in effect (5.4; the ES 5.1.2 example: only
        an Event played now may still give one)."""
        return not momentum(state, SANDSTORMS) and bool(
            self.choices(state, fresh(CoalitionExecution)))

    def open(self, data: CoalitionExecution, sid: str) -> bool:
        used = data.air_lift.spaces
        return sid in used or len(used) < MOST_SPACES

    def choices(self, state: AdpState, data: CoalitionExecution) -> list[Action]:
        mine = data.air_lift
        if mine.moving:
            _, origin, _ = mine.moving
            used = mine.spaces if origin in mine.spaces else [*mine.spaces, origin]
            return [TO(space=s) for s in places() if s != origin and not is_pakistan(s)
                    and (s in used or len(used) < MOST_SPACES)]
        out: list[Action] = []
        for sid in places():
            if is_pakistan(sid) or not self.open(data, sid):
                continue
            out += [MOVE_FROM(count=n, piece=COALITION_TROOPS, space=sid)
                    for n in range(1, unmoved(state, mine.arrived, sid, COALITION_TROOPS) + 1)]
            most = min(AIR_LIFT_GOVERNMENT - mine.government,
                       unmoved(state, mine.arrived, sid, GOVERNMENT_TROOPS))
            out += [MOVE_FROM(count=n, piece=GOVERNMENT_TROOPS, space=sid)
                    for n in range(1, most + 1)]
        return out

    def act(self, state: AdpState, data: CoalitionExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.air_lift
        if action.verb == "move_from":
            return note(AirLiftData(moving=(action["piece"], action["space"],
                                            action["count"])))
        assert mine.moving is not None
        kind, origin, n = mine.moving
        dest = action["space"]
        used = [*mine.spaces, *(s for s in (origin, dest) if s not in mine.spaces)]
        return [PiecesMoved(kind=kind, count=n, origin=origin, destination=dest),
                *note(AirLiftData(moving=None, spaces=sorted(set(used)),
                                  government=mine.government + (
                                      n if kind == GOVERNMENT_TROOPS else 0),
                                  arrived=arrive(mine.arrived, dest, kind, n)))]

    def can_finish(self, state: AdpState, data: CoalitionExecution) -> bool:
        return not data.air_lift.moving

    def busy(self, state: AdpState, data: CoalitionExecution) -> bool:
        return bool(data.air_lift.moving)

    def finish(self, state: AdpState, data: CoalitionExecution) -> list[Event]:
        return []


# --- 4.2.3 Air Strike -----------------------------------------------------------------------


class AirStrikeData(StepData):
    """4.2.3 The spaces struck."""

    prefix = "air_strike"
    spaces: list[str] = []


@special
class AirStrike:
    """4.2.3 With Patrol, Sweep or Assault, in up to 3 spaces other than Kabul: ``remove 1
    kind from X`` (an Active Guerrilla, or a Base of a Faction without Guerrillas there);
    striking Pakistan shifts Islamabad 1 box toward Funding (beyond it: Hard, 6.6.1)."""

    name, faction = "air_strike", COALITION

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return accompanies(state, "patrol", "sweep", "assault") and bool(
            self.choices(state, fresh(CoalitionExecution)))

    def choices(self, state: AdpState, data: CoalitionExecution) -> list[Action]:
        done = data.air_strike.spaces
        if len(done) >= MOST_SPACES:
            return []
        return [REMOVE_FROM(count=1, piece=k, space=sid) for sid in places()
                if sid != KABUL and sid not in done
                for k in removable(state, sid, [], 1, strike=True)]

    def act(self, state: AdpState, data: CoalitionExecution, action: Action,
            chance: Chance) -> list[Event]:
        sid = action["space"]
        done = data.air_strike.spaces
        events: list[Event] = [PiecesRemoved(space=sid, kind=action["piece"], count=1,
                                             to="available")]
        if is_pakistan(sid) and not any(is_pakistan(s) for s in done):
            events += islamabad_toward_funding(state)
        return [*events, *note(AirStrikeData(spaces=[*done, sid]))]

    def can_finish(self, state: AdpState, data: CoalitionExecution) -> bool:
        return bool(data.air_strike.spaces)

    def finish(self, state: AdpState, data: CoalitionExecution) -> list[Event]:
        return []


def islamabad_toward_funding(state: AdpState) -> list[Event]:
    """4.2.3, 6.6.1 One box toward Funding; already there, the marker turns Hard."""
    if state.islamabad >= FUNDING:
        return EFFECTS.track(state, "islamabad_hard", 1 - state.islamabad_hard)
    return EFFECTS.track(state, "islamabad", 1)


@execution_data(COALITION)
class CoalitionExecution(CoinExecution):
    """An Operation of the Coalition: its Operations' parts and its Special Activities'."""

    surge: SurgeData = Field(default_factory=SurgeData)
    air_lift: AirLiftData = Field(default_factory=AirLiftData)
    air_strike: AirStrikeData = Field(default_factory=AirStrikeData)


__all__ = ["AirLift", "AirStrike", "Assault", "CoalitionExecution", "Patrol", "Surge",
           "Sweep", "Train"]
