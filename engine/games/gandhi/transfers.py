"""1.5.2 Transferring Resources: Raj and Revolutionaries may give each other Resources at
any time that one of them is executing an Operation, Special Activity or Event.

Steps of an execution record the executing Faction in their data (``executing``); while
it is Raj or the Revolutionaries, both may give.  The giver decides, so the Faction that
is not on turn may act too: these are side actions outside the turn order.
"""

from __future__ import annotations

from engine.core.actions import Action, Amount
from engine.core.events import Event
from engine.games.gandhi.effects import resources
from engine.games.gandhi.pieces import RAJ, RESOURCES_MAX, REVOLUTIONARIES
from engine.games.gandhi.seating import tracks_resources
from engine.games.gandhi.state import GandhiState, executing
from engine.games.gandhi.vocabulary import verb

PARTNER = {RAJ: REVOLUTIONARIES, REVOLUTIONARIES: RAJ}
GIVE = verb("give")
def transfers_open(state: GandhiState) -> bool:
    """While Raj or the Revolutionaries execute; never with a Non-player among the two,
    which tracks no Resources (8.1)."""
    return (executing(state) in PARTNER and state.result is None
            and all(tracks_resources(state, f) for f in PARTNER))


def transfer_actions(state: GandhiState, seat: str) -> list[Action]:
    if seat not in PARTNER or not transfers_open(state):
        return []
    other = PARTNER[seat]
    most = min(state.resources.get(seat, 0), RESOURCES_MAX - state.resources.get(other, 0))
    return [GIVE(amount=Amount(1, most), faction=other)] if most > 0 else []


def give(state: GandhiState, seat: str, action: Action) -> list[Event]:
    amount: int = action["amount"]
    return [*resources(state, seat, -amount), *resources(state, PARTNER[seat], amount)]
