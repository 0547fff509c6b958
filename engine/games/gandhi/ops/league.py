"""Muslim League Operations (3.3) and Special Activities (4.4)."""

from __future__ import annotations

from pydantic import Field

from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.gandhi.derived import available, board, in_crisis, raj_control
from engine.games.gandhi.effects import note, support
from engine.games.gandhi.events import MarkerSet, PiecesPlaced, PiecesRemoved
from engine.games.gandhi.ops import nv
from engine.games.gandhi.ops.congress import negotiable, negotiate_start
from engine.games.gandhi.ops.framework import ExecutionData, execution_data, special
from engine.games.gandhi.ops.nv import NegotiateData, NvExecution
from engine.games.gandhi.pieces import (
    CONGRESS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    SEPOYS,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import verbs

REMOVE_MARKER, MUSLIM_STATE = verbs("remove_marker", "muslim_state")
REPLACE, REPLACE_MARKER = verbs("replace", "replace_marker")
nv.register_shared(MUSLIM_LEAGUE)  # 3.3 Operations and 4.3.3/4.4.3 Persuade


def new_state_ok(state: GandhiState, sid: str) -> bool:
    """A Province (not yet a Muslim State) may become one (1.3.5)."""
    return board(state).space(sid).kind == "province" and not state.space(sid).muslim_state


class Relocation(StepData):
    """A League activity that made a Muslim State: the Province whose Troops the Raj is
    moving out (``<activity>_troops``, 4.4.1-4.4.2)."""

    troops: str | None = None


class LeagueNegotiateData(NegotiateData, Relocation):
    """4.4.1 Negotiate's space, its option done, and the Troops leaving a new State."""


class InfiltrateData(Relocation):
    """4.4.2 Infiltrate's space, whether done, and the Troops leaving a new State."""

    prefix = "infiltrate"
    space: str | None = None
    done: bool = False


class Relocating:
    """The Raj moves every Troop out of a new Muslim State, one at a time (4.4.1-4.4.2)."""

    def part(self, data: LeagueExecution) -> Relocation:
        raise NotImplementedError

    def changed(self, troops: str | None) -> Relocation:
        raise NotImplementedError

    def leaving(self, troops: str | None) -> list[Event]:
        """Note the Province and ask the Raj meanwhile (None: every Troop has left)."""
        return note(self.changed(troops), ExecutionData(asking="raj" if troops else None))

    def relocating(self, data: LeagueExecution) -> bool:
        return bool(self.part(data).troops)

    def relocate(self, state: GandhiState, data: LeagueExecution, city: str) -> list[Event]:
        troops = self.part(data).troops
        assert troops is not None
        return nv.move_troop(state, troops, city, self.leaving)


@special
class Negotiate(Relocating):
    """4.4.1 Remove Protest, Restraint +1, then may shift towards Active Support and
    remove one Unrest, or turn a Muslim Province at Opposition into a Muslim State."""

    name, faction = "negotiate", MUSLIM_LEAGUE

    def part(self, data: LeagueExecution) -> Relocation:
        return data.negotiate

    def changed(self, troops: str | None) -> Relocation:
        return LeagueNegotiateData(troops=troops)

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(negotiable(state, self.faction))

    def options(self, state: GandhiState, sid: str) -> list[Action]:
        sp = state.space(sid)
        out = [REMOVE_MARKER(marker="unrest")] if sp.unrest else []
        if (new_state_ok(state, sid) and board(state).space(sid).muslim and sp.support < 0
                and nv.nv_pieces(state, sid, MUSLIM_LEAGUE) > nv.nv_pieces(state, sid, CONGRESS)):
            out.append(MUSLIM_STATE())
        return out

    def choices(self, state: GandhiState, data: LeagueExecution) -> list[Action]:
        if data.negotiate.troops:
            return nv.troop_moves(state, data.negotiate.troops)
        sid = data.negotiate.space
        if not sid:
            return nv.in_actions(state, negotiable(state, self.faction))
        return [] if data.negotiate.done else self.options(state, sid)

    def act(self, state: GandhiState, data: LeagueExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return negotiate_start(state, action["space"])
        if action.verb == "to":
            return self.relocate(state, data, action["space"])
        sid = data.negotiate.space
        assert sid is not None
        done = note(NegotiateData(done=True))
        if action.verb == "remove_marker":
            return [*done, *support(state, sid, 1),
                    MarkerSet(space=sid, marker="unrest", value=state.space(sid).unrest - 1)]
        # to Passive Support, then the Muslim State marker
        return [*done, *support(state, sid, 1 - state.space(sid).support),
                *nv.muslim_state(state, sid, self.leaving)]

    def can_finish(self, state: GandhiState, data: LeagueExecution) -> bool:
        return bool(data.negotiate.space) and not self.relocating(data)

    def finish(self, state: GandhiState, data: LeagueExecution) -> list[Event]:
        return []


# 4.4.2 what Infiltrate may replace with a League Activist
REPLACEABLE = (SEPOYS, GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND)


@special
class Infiltrate(Relocating):
    """4.4.2 In one space with a League Activist replace a Sepoy, a Guerrilla or a Protest
    with a League Activist, or in Crisis (6.8) place a Muslim State in a Province with a
    League Base and no Raj Control."""

    name, faction = "infiltrate", MUSLIM_LEAGUE

    def part(self, data: LeagueExecution) -> Relocation:
        return data.infiltrate

    def changed(self, troops: str | None) -> Relocation:
        return InfiltrateData(troops=troops)

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(self.spaces(state))

    def spaces(self, state: GandhiState) -> list[str]:
        return [s for s in board(state).spaces
                if state.space(s).count(ML_ACTIVISTS) and self.options(state, s)]

    def options(self, state: GandhiState, sid: str) -> list[Action]:
        sp = state.space(sid)
        out: list[Action] = []
        if available(state, ML_ACTIVISTS):   # 1.4.1 replace only with Available pieces
            out += [REPLACE(piece=kind) for kind in REPLACEABLE if sp.count(kind)]
            if sp.protest:
                out.append(REPLACE_MARKER(marker="protest"))
        if (in_crisis(state) and new_state_ok(state, sid) and sp.count(ML_BASES)
                and not raj_control(state, sid)):
            out.append(MUSLIM_STATE())
        return out

    def choices(self, state: GandhiState, data: LeagueExecution) -> list[Action]:
        if data.infiltrate.troops:
            return nv.troop_moves(state, data.infiltrate.troops)
        sid = data.infiltrate.space
        if not sid:
            return nv.in_actions(state, self.spaces(state))
        return [] if data.infiltrate.done else self.options(state, sid)

    def act(self, state: GandhiState, data: LeagueExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(InfiltrateData(space=action["space"]))
        if action.verb == "to":
            return self.relocate(state, data, action["space"])
        sid = data.infiltrate.space
        assert sid is not None
        done = note(InfiltrateData(done=True))
        if action.verb == "muslim_state":
            return [*done, *nv.muslim_state(state, sid, self.leaving)]
        gone: Event = (MarkerSet(space=sid, marker="protest", value=0)
                       if action.verb == "replace_marker"
                       else PiecesRemoved(space=sid, kind=action["piece"], count=1))
        return [*done, gone, PiecesPlaced(space=sid, kind=ML_ACTIVISTS, count=1)]

    def can_finish(self, state: GandhiState, data: LeagueExecution) -> bool:
        return data.infiltrate.done and not self.relocating(data)

    def finish(self, state: GandhiState, data: LeagueExecution) -> list[Event]:
        return []


@execution_data(MUSLIM_LEAGUE)
class LeagueExecution(NvExecution):
    """An Operation of the Muslim League: the NV parts (Negotiate with its Troops leaving
    a new Muslim State) and Infiltrate's."""

    negotiate: LeagueNegotiateData = Field(default_factory=LeagueNegotiateData)
    infiltrate: InfiltrateData = Field(default_factory=InfiltrateData)
