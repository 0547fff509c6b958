"""3.1.2, 5.5 Free Operations and Special Activities granted by an Event.

Our cards are all manual (their texts are not in our sources), so an Event that grants a
free Operation or Special Activity is carried out with an edit like the others: ``free
<operation> for <faction>`` or ``free <activity> for <faction>``, any Faction the executing
Faction names (the card says who).  It interrupts the Event: the shared execution step runs
it for that Faction with the ``free`` flag, which the cost code reads (no Resources;
Civic Action in Train and Shariah in Rally are paid even then, 3.2.1, 3.3.1), and with
no Special Activity beside a free Operation (the card grants one or the other: a card
granting both is two edits).  Its ``done`` goes back to the Event, with no Eligibility
change for the Faction that executed it (2.3.1, 3.1.2).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.coin.edits import EditKind, EditsData, Values
from engine.coin.effects import begin
from engine.coin.eventstep import ManualData
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.ops.framework import OPS, ExecutionData
from engine.games.adp.state import AdpState
from engine.games.adp.vocabulary import ACTIVITIES, OPERATIONS


def granted(state: AdpState, faction: str, *, op: str = "", sa: str | None = None
            ) -> list[Event]:
    """The execution step of a free Operation (``op``) or Special Activity alone (``sa``),
    keeping the Event to come back to (the edit counted)."""
    event = state.step.of(ManualData)
    made = state.step.of(EditsData).edits + 1
    return [begin("execution", faction, ExecutionData(
        executing=faction, op=op, limited=False, sa_allowed=False, sa=sa, free=True,
        event_by=event.executing, event_card=event.card, event_side=event.side,
        event_edits=made))]


def back_to_event(state: AdpState) -> list[Event] | None:
    """5.5 The free Operation or Special Activity is done: the Event goes on, and nobody's
    Eligibility changes (None: an Operation on the card, ended as usual)."""
    data = state.step.of(ExecutionData)
    if not data.free:
        return None
    return [begin("event", data.event_by, ManualData(
        executing=data.event_by, card=data.event_card, side=data.event_side,
        edits=data.event_edits))]


OPS.own_end = back_to_event


class FreeOperation(EditKind):
    """``free sweep for government``: 5.5 the Event grants that Faction a free
    Operation."""

    verb, names = "free_operation", ("operation", "faction")
    exact = True
    leaves = True

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((op, f) for f, ops in OPERATIONS.items() for op in ops)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        op, faction = values
        return granted(state, faction, op=op)


class FreeActivity(EditKind):
    """``free suborn for warlords``: 5.5 the Event grants that Faction a free Special
    Activity (alone: one that may only accompany certain Operations has nowhere to act
    unless the card's text says so, 5.1.1)."""

    verb, names = "free_activity", ("activity", "faction")
    exact = True
    leaves = True

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((sa, f) for f, sas in ACTIVITIES.items() for sa in sas)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        sa, faction = values
        return granted(state, faction, sa=sa)
