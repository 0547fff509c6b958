"""1.4.1 Voluntary removal: Congress, the Muslim League and the Revolutionaries, while
executing an Operation, Special Activity or Event, may remove their own pieces from the
map to Available (never Gandhi).  A side action, like the 1.5.2 transfers."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board
from engine.games.gandhi.events import PiecesRemoved
from engine.games.gandhi.names import space_text
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    REV_BASES,
    REVOLUTIONARIES,
)
from engine.games.gandhi.state import GandhiState

OWN = {CONGRESS: ((CONGRESS_ACTIVISTS, "activist"),),
       MUSLIM_LEAGUE: ((ML_ACTIVISTS, "activist"), (ML_BASES, "base")),
       REVOLUTIONARIES: ((GUERRILLAS_UNDERGROUND, "underground guerrilla"),
                         (GUERRILLAS_ACTIVE, "active guerrilla"), (REV_BASES, "base"))}


def withdraw_actions(state: GandhiState, seat: str) -> list[Action]:
    if seat not in OWN or state.step.data.get("executing") != seat or state.result:
        return []
    b = board(state)
    return [Action(f"withdraw {word} from {space_text(b, sid)}",
                   Msg("gandhi.label.withdraw"), args=(kind, sid))
            for kind, word in OWN[seat]
            for sid, sp in state.spaces.items() if sp.count(kind)]


def withdraw(action: Action) -> list[Event]:
    kind, sid = action.args
    return [PiecesRemoved(space=sid, kind=kind, count=1, to="available")]
