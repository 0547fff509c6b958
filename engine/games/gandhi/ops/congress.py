"""Congress Operations (3.3) and Special Activities (4.3)."""

from __future__ import annotations

from pydantic import Field

from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.games.gandhi.derived import available, board, protests_on_map, raj_control
from engine.games.gandhi.effects import note, support, track
from engine.games.gandhi.events import Box, MarkerSet, PiecesMoved, PiecesPlaced
from engine.games.gandhi.ops import nv
from engine.games.gandhi.ops.framework import ExecutionData, execution_data, special
from engine.games.gandhi.ops.nv import NegotiateData, NvExecution
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    MUSLIM_LEAGUE,
    activists_of,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import verbs

ROLL, REMOVE_MUSLIM_STATE = verbs("roll", "remove_muslim_state")
SATYAGRAHA_REMOVE, SATYAGRAHA_PLACE = verbs("satyagraha_remove", "satyagraha_place")
AGREE, REFUSE = verbs("agree", "refuse")
NEGOTIABLE = ("rally", "demonstrate", "civil_disobedience")   # 4.3.1, 4.4.1


nv.register_shared(CONGRESS)  # 3.3 Operations and 4.3.3/4.4.3 Persuade


def negotiable(state: GandhiState, faction: str) -> list[str]:
    """4.3.1/4.4.1 One space with own Activists, no Raj Control, not selected for the
    Operation, which must be Rally, Demonstrate or Civil Disobedience."""
    data = state.step.of(NvExecution)
    if data.op not in NEGOTIABLE:
        return []
    kind = activists_of(faction)
    taken = nv.operation_spaces(data)
    return [s for s in board(state).spaces
            if state.space(s).count(kind) and not raj_control(state, s) and s not in taken]


def negotiate_start(state: GandhiState, sid: str) -> list[Event]:
    """Remove any Protest (Activists turn Inactive off Railways, 1.4.3); Restraint +1."""
    protest: list[Event] = ([MarkerSet(space=sid, marker="protest", value=0)]
                            if state.space(sid).protest else [])
    return [*note(NegotiateData(space=sid)), *protest, *track(state, "restraint", 1)]


@special
class Negotiate:
    """4.3.1 Remove Protest, Restraint +1, then may roll to release Gandhi from Jail, or
    remove a Muslim State where Congress pieces exceed League pieces."""

    name, faction = "negotiate", CONGRESS

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return bool(negotiable(state, self.faction))

    def options(self, state: GandhiState, sid: str) -> list[Action]:
        out = [ROLL()] if state.jail.get(GANDHI, 0) else []
        sp = state.space(sid)
        if sp.muslim_state and (nv.nv_pieces(state, sid, CONGRESS)
                                > nv.nv_pieces(state, sid, MUSLIM_LEAGUE)):
            out.append(REMOVE_MUSLIM_STATE())
        return out

    def choices(self, state: GandhiState, data: NvExecution) -> list[Action]:
        sid = data.negotiate.space
        if not sid:
            return nv.in_actions(state, negotiable(state, self.faction))
        return [] if data.negotiate.done else self.options(state, sid)

    def act(self, state: GandhiState, data: NvExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return negotiate_start(state, action["space"])
        sid = data.negotiate.space
        assert sid is not None
        events: list[Event] = note(NegotiateData(done=True))
        if action.verb == "roll":
            roll = chance.roll(6)
            events.append(DieRolled(value=roll, purpose="negotiate"))
            if roll > protests_on_map(state):    # release Gandhi to the space
                events += [PiecesPlaced(space=sid, kind=GANDHI, count=1, source="jail"),
                           *support(state, sid, 1)]
            return events
        return [*events, MarkerSet(space=sid, marker="muslim_state", value=0),
                *support(state, sid, -state.space(sid).support)]   # to Neutral

    def can_finish(self, state: GandhiState, data: NvExecution) -> bool:
        return bool(data.negotiate.space)

    def finish(self, state: GandhiState, data: NvExecution) -> list[Event]:
        return []


def gandhi_box(state: GandhiState) -> Box | None:
    """Where Gandhi is off the map: "jail", "out_of_play", "available" (or None)."""
    if any(sp.count(GANDHI) for sp in state.spaces.values()):
        return None
    if state.jail.get(GANDHI, 0):
        return "jail"
    return "out_of_play" if state.out_of_play.get(GANDHI, 0) else "available"


class SatyagrahaData(StepData):
    """4.3.2 Gandhi's destination, whether its option there is done, and whether the Raj
    refused to release Gandhi from Jail (PLAY NOTE: then another Special Activity)."""

    prefix = "satyagraha"
    space: str | None = None
    done: bool = False
    refused: bool = False


@special
class Satyagraha:
    """4.3.2 Move Gandhi to any one space (from Jail only if the Raj agrees), then either
    remove a Protest plus one Unrest there, or place a Congress Activist."""

    name, faction = "satyagraha", CONGRESS

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        # PLAY NOTE 4.3.2: once the Raj refused, Congress picks another Special Activity
        return not state.step.of(CongressExecution).satyagraha.refused

    def options(self, state: GandhiState, sid: str) -> list[Action]:
        sp = state.space(sid)
        out = [SATYAGRAHA_REMOVE()] if sp.protest or sp.unrest else []
        if available(state, CONGRESS_ACTIVISTS):
            out.append(SATYAGRAHA_PLACE())
        return out

    def choices(self, state: GandhiState, data: CongressExecution) -> list[Action]:
        sid = data.satyagraha.space
        if data.asking == "raj":
            return [AGREE(), REFUSE()]
        if not sid:
            return nv.in_actions(state, list(board(state).spaces))
        return [] if data.satyagraha.done else self.options(state, sid)

    def act(self, state: GandhiState, data: CongressExecution, action: Action,
            chance: Chance) -> list[Event]:
        mine = data.satyagraha
        if action.verb == "in":
            sid = action["space"]
            if gandhi_box(state) == "jail":
                return note(SatyagrahaData(space=sid), ExecutionData(asking="raj"))
            return [*note(SatyagrahaData(space=sid)), *self.move(state, sid)]
        if action.verb == "agree":
            assert mine.space is not None
            return [*note(ExecutionData(asking=None)), *self.move(state, mine.space)]
        if action.verb == "refuse":
            return note(ExecutionData(asking=None), SatyagrahaData(space=None, refused=True),
                        ExecutionData(sa=None))
        sid = mine.space
        assert sid is not None
        done = note(SatyagrahaData(done=True))
        if action.verb == "satyagraha_place":
            return [PiecesPlaced(space=sid, kind=CONGRESS_ACTIVISTS, count=1), *done]
        sp = state.space(sid)
        return [*([MarkerSet(space=sid, marker="protest", value=0)] if sp.protest else []),
                *([MarkerSet(space=sid, marker="unrest", value=sp.unrest - 1)]
                  if sp.unrest else []), *done]

    def move(self, state: GandhiState, sid: str) -> list[Event]:
        box = gandhi_box(state)
        if box is not None:
            return [PiecesPlaced(space=sid, kind=GANDHI, count=1, source=box)]
        origin = next(s for s, sp in state.spaces.items() if sp.count(GANDHI))
        return [] if origin == sid else [
            PiecesMoved(kind=GANDHI, count=1, origin=origin, destination=sid)]

    def can_finish(self, state: GandhiState, data: CongressExecution) -> bool:
        return bool(data.satyagraha.space) and data.asking != "raj"

    def finish(self, state: GandhiState, data: CongressExecution) -> list[Event]:
        return []


@execution_data(CONGRESS)
class CongressExecution(NvExecution):
    """An Operation of Congress: the NV parts and Satyagraha's."""

    satyagraha: SatyagrahaData = Field(default_factory=SatyagrahaData)
