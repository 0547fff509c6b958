"""1.4.1 Voluntary removal: Congress, the Muslim League and the Revolutionaries, while
executing an Operation, Special Activity or Event, may remove their own pieces from the
map to Available (never Gandhi).  A side action, like the 1.5.2 transfers."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.events import Event
from engine.games.gandhi.derived import board
from engine.games.gandhi.events import PiecesRemoved
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
from engine.games.gandhi.state import GandhiState, cached, executing
from engine.games.gandhi.vocabulary import verb

# each Faction's own pieces, by the word that names them in its choices
OWN = {CONGRESS: ((CONGRESS_ACTIVISTS, "activists"),),
       MUSLIM_LEAGUE: ((ML_ACTIVISTS, "activists"), (ML_BASES, "bases")),
       REVOLUTIONARIES: ((GUERRILLAS_UNDERGROUND, GUERRILLAS_UNDERGROUND),
                         (GUERRILLAS_ACTIVE, GUERRILLAS_ACTIVE), (REV_BASES, "bases"))}
WITHDRAW = verb("withdraw")
def withdraw_actions(state: GandhiState, seat: str) -> list[Action]:
    if seat not in OWN or executing(state) != seat or state.result:
        return []
    return list(cached(state, f"withdraw:{seat}", lambda: tuple(   # asked 3 times a command
        WITHDRAW(piece=word, space=sid) for kind, word in OWN[seat]
        for sid in board(state).spaces if state.space(sid).count(kind))))


def withdraw(seat: str, action: Action) -> list[Event]:
    kind = dict((w, k) for k, w in OWN[seat])[action["piece"]]
    return [PiecesRemoved(space=action["space"], kind=kind, count=1, to="available")]
