"""Warlords Operations (3.3) and Special Activities (4.5): Cultivate, Traffic, Suborn.

The Operations are the shared Insurgent ones (``insurgent_ops``) with the Warlords'
differences (Rally never in Pakistan, a Base's Rally not in Pashtun spaces; March once,
Activated entering Pashtun spaces; Terror sets Neutral).
"""

from __future__ import annotations

from pydantic import Field

from engine.coin.effects import note
from engine.coin.events import PiecesFlipped, PiecesPlaced
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.derived import available, bases, board, control, faction_pieces, pop
from engine.games.adp.flow import EFFECTS
from engine.games.adp.mapdata import MAX_BASES
from engine.games.adp.ops import insurgent_ops as ins
from engine.games.adp.ops.framework import alone, execution_data, operation, special
from engine.games.adp.ops.insurgent_ops import InsurgentExecution, remove_piece, texts
from engine.games.adp.spec import (
    GOVERNMENT_BASES,
    GOVERNMENT_CUBES,
    POLICE,
    TALIBAN_ACTIVE,
    TALIBAN_UNDERGROUND,
    WARLORDS_ACTIVE,
    WARLORDS_BASES,
    WARLORDS_UNDERGROUND,
)
from engine.games.adp.state import AdpState

WARLORDS = ins.WARLORDS
SUBORN_SPACES = 3       # 4.5.3 "hasta 3 casillas"
SUBORN_COST = 2         # 4.5.3
SUBORN_CUBES = 3        # 4.5.3 "hasta 3 cubos del Gobierno"


@operation
class WarlordsRally(ins.Rally):
    faction = WARLORDS


@operation
class WarlordsMarch(ins.March):
    faction = WARLORDS


@operation
class WarlordsAttack(ins.Attack):
    faction = WARLORDS


@operation
class WarlordsTerror(ins.Terror):
    faction = WARLORDS


def rally_or_march_spaces(data: WarlordsExecution) -> list[str]:
    """The spaces selected for Rally or entered by March (4.5.1); a free Cultivate
    granted alone (5.5) is not limited by them: every space."""
    if alone(data):
        return list(board().spaces)
    if data.op == "rally":
        return list(data.rally.spaces)
    if data.op == "march":
        return list(data.march.dests)
    return []


# --- 4.5.1 Cultivate --------------------------------------------------------------------


class CultivateData(StepData):
    """4.5.1 Done once its Base is placed."""

    prefix = "cultivate"
    done: bool = False


@special
class Cultivate:
    """4.5.1 With Rally or March, in a Province selected as Rally space or March
    destination, Pop 1+, with more Warlords Guerrillas than Police: place a Warlords Base
    (stacking permitting)."""

    name, faction = "cultivate", WARLORDS

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return bool(self.spaces(state, state.step.of(WarlordsExecution)))

    def spaces(self, state: AdpState, data: WarlordsExecution) -> list[str]:
        if not available(state)[WARLORDS_BASES]:
            return []
        b = board()
        return [s for s in rally_or_march_spaces(data)
                if s in b.spaces and b.spaces[s].kind == "province"
                and not b.spaces[s].is_pakistan and pop(state, s) > 0
                and ins.guerrillas(state, s, WARLORDS) > state.space(s).count(POLICE)
                and bases(state.space(s)) < MAX_BASES]

    def choices(self, state: AdpState, data: WarlordsExecution) -> list[Action]:
        return [] if data.cultivate.done else texts(self.spaces(state, data))

    def act(self, state: AdpState, data: WarlordsExecution, action: Action,
            chance: Chance) -> list[Event]:
        return [PiecesPlaced(space=action["space"], kind=WARLORDS_BASES, count=1),
                *note(CultivateData(done=True))]

    def can_finish(self, state: AdpState, data: WarlordsExecution) -> bool:
        return data.cultivate.done

    def finish(self, state: AdpState, data: WarlordsExecution) -> list[Event]:
        return []


# --- 4.5.2 Traffic ----------------------------------------------------------------------


class TrafficData(StepData):
    """4.5.2 The spaces trafficked in."""

    prefix = "traffic"
    spaces: list[str] = []


@special
class Traffic:
    """4.5.2 With Rally or March, in spaces with 1 or 2 Warlords Bases and no Coalition
    piece: Warlords +1 Resource per Base; +1 Taliban Resource if Taliban-Controlled,
    Patronage +1 if COIN-Controlled."""

    name, faction = "traffic", WARLORDS

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return bool(self.spaces(state, state.step.of(WarlordsExecution)))

    def spaces(self, state: AdpState, data: WarlordsExecution | None = None,
               op: str | None = None) -> list[str]:
        if (op if data is None else data.op) not in ("rally", "march") and not (
                data is not None and alone(data)):                     # 4.5.2, 5.5
            return []
        chosen = data.traffic.spaces if data else []
        return [s for s in board().spaces if s not in chosen
                and state.space(s).count(WARLORDS_BASES)
                and not faction_pieces(state.space(s), "coalition")]

    def choices(self, state: AdpState, data: WarlordsExecution) -> list[Action]:
        return texts(self.spaces(state, data))

    def act(self, state: AdpState, data: WarlordsExecution, action: Action,
            chance: Chance) -> list[Event]:
        sid = action["space"]
        events = EFFECTS.resources(state, WARLORDS, state.space(sid).count(WARLORDS_BASES))
        held = control(state)[sid]
        if held == "taliban":
            events += EFFECTS.resources(state, "taliban", 1)
        elif held == "coin":
            events += EFFECTS.track(state, "patronage", 1)
        return [*events, *note(TrafficData(spaces=[*data.traffic.spaces, sid]))]

    def can_finish(self, state: AdpState, data: WarlordsExecution) -> bool:
        return bool(data.traffic.spaces)

    def finish(self, state: AdpState, data: WarlordsExecution) -> list[Event]:
        return []


def traffic_funds(state: AdpState, op: str) -> int:
    """What Traffic first could bring a Rally or March (4.1): 1 per Base where it may."""
    return sum(state.space(s).count(WARLORDS_BASES) for s in Traffic().spaces(state, None, op))


ins.SA_FUNDS[WARLORDS] = traffic_funds


# --- 4.5.3 Suborn -----------------------------------------------------------------------


class SubornData(StepData):
    """4.5.3 The space being suborned, the Government cubes removed there, and the spaces
    done."""

    prefix = "suborn"
    space: str | None = None
    cubes: int = 0
    spaces: list[str] = []


@special
class Suborn:
    """4.5.3 With any Operation, in up to 3 spaces, Warlords Resources -2 each: remove up
    to 3 Government cubes, or 1 Government Base, or 1 Taliban Guerrilla, or flip the
    Warlords Guerrillas there Underground."""

    name, faction = "suborn", WARLORDS

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return bool(self.spaces(state, []))

    def spaces(self, state: AdpState, chosen: list[str]) -> list[str]:
        if len(chosen) >= SUBORN_SPACES or ins.spendable(state, WARLORDS) < SUBORN_COST:
            return []
        return [s for s in ins.places() if s not in chosen and self.options(state, s)]

    def options(self, state: AdpState, sid: str) -> list[Action]:
        space = state.space(sid)
        kinds = [k for k in (*GOVERNMENT_CUBES, GOVERNMENT_BASES, TALIBAN_UNDERGROUND,
                             TALIBAN_ACTIVE) if space.count(k)]
        out = [ins.REMOVE(piece=k) for k in kinds]
        if space.count(WARLORDS_ACTIVE):
            out.append(ins.UNDERGROUND())
        return out

    def choices(self, state: AdpState, data: WarlordsExecution) -> list[Action]:
        d = data.suborn
        if d.space is None:
            return texts(self.spaces(state, d.spaces))
        if d.cubes:      # more cubes, up to 3, or stop
            space = state.space(d.space)
            return [*(ins.REMOVE(piece=k) for k in GOVERNMENT_CUBES if space.count(k)),
                    ins.STOP()]
        return self.options(state, d.space)

    def act(self, state: AdpState, data: WarlordsExecution, action: Action,
            chance: Chance) -> list[Event]:
        d = data.suborn
        if action.verb == "in":
            sid = action["space"]
            return [*ins.pay(state, WARLORDS, SUBORN_COST),
                    *note(SubornData(space=sid, cubes=0, spaces=[*d.spaces, sid]))]
        sid = d.space
        assert sid is not None
        done = note(SubornData(space=None, cubes=0))
        if action.verb == "stop":
            return done
        if action.verb == "underground":
            n = state.space(sid).count(WARLORDS_ACTIVE)
            return [PiecesFlipped(space=sid, kind=WARLORDS_ACTIVE,
                                  to_kind=WARLORDS_UNDERGROUND, count=n), *done]
        kind = action["piece"]
        events = remove_piece(sid, kind)
        if kind in GOVERNMENT_CUBES:
            after = EFFECTS.after(state, events)
            more = any(after.space(sid).count(k) for k in GOVERNMENT_CUBES)
            if d.cubes + 1 < SUBORN_CUBES and more:
                return [*events, *note(SubornData(cubes=d.cubes + 1))]
        return [*events, *done]

    def can_finish(self, state: AdpState, data: WarlordsExecution) -> bool:
        return bool(data.suborn.spaces) and data.suborn.space is None

    def finish(self, state: AdpState, data: WarlordsExecution) -> list[Event]:
        return []


# --- the Warlords' execution data -------------------------------------------------------


@execution_data(WARLORDS)
class WarlordsExecution(InsurgentExecution):
    """A Warlords Operation: one part per Operation and Special Activity."""

    cultivate: CultivateData = Field(default_factory=CultivateData)
    traffic: TrafficData = Field(default_factory=TrafficData)
    suborn: SubornData = Field(default_factory=SubornData)
