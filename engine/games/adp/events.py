"""A Distant Plain's own events; the board events are the shared COIN ones
(``engine.coin.events``)."""

from __future__ import annotations

from typing import Any, Literal

from engine.coin.events import COIN_EVENTS
from engine.core.events import CardRevealed, DieRolled, Event
from engine.core.seal import Sealed


class ScenarioSetUp(Event):
    """2.1 The scenario as printed, and the deck as built (its order stays secret)."""

    type: Literal["AdpScenarioSetUp"] = "AdpScenarioSetUp"
    scenario: str
    options: dict[str, Any] = {}
    spaces: dict[str, dict[str, Any]]       # pieces, support, returnees
    casualties: dict[str, int] = {}         # 3.3.3 the Casualties box (empty in print)
    resources: dict[str, int]
    aid: int
    patronage: int
    islamabad: int
    islamabad_hard: int = 0
    eligible: list[str]
    deck_size: int
    propaganda_in_deck: int
    removed: list[str] = []                 # 2.1 the Event cards removed face up
    capabilities: dict[str, str] = {}       # 5.3 card -> side in effect from setup


class PropagandaPlayed(Event):
    """2.4, 6.0 A Propaganda card is played, with a Propaganda Round (``round``) or,
    straight after another, without one."""

    type: Literal["PropagandaPlayed"] = "PropagandaPlayed"
    card: str
    round: bool
    final: bool


class OrderCardRevealed(CardRevealed):
    """2.3.1 Eligibility options A/B: a card below the upcoming Propaganda card turned face
    up to find the Event card whose symbols give the current card's Faction order.  A
    ``CardRevealed`` (the deck card at ``index``), so a replay finds the card; it leaves the
    upcoming card alone."""

    type: Literal["OrderCardRevealed"] = "OrderCardRevealed"  # type: ignore[assignment]


class DeceptionDrawn(Event):
    """7.3 Deception option: a player (``player``: their Factions joined by ``+``) draws 2
    markers, sealed to their Factions' seats."""

    type: Literal["DeceptionDrawn"] = "DeceptionDrawn"
    player: str
    hand: Sealed          # the list of the markers drawn


class DeceptionRevealed(Event):
    """7.3 A player reveals one of their Deception markers."""

    type: Literal["DeceptionRevealed"] = "DeceptionRevealed"
    player: str
    kind: str             # false_threat, hidden_agenda or hidden_assets


class DeceptionUsed(Event):
    """7.3 A revealed Hidden Assets marker turns a Limited Operation option into a full
    Operation with a Special Activity (used once)."""

    type: Literal["DeceptionUsed"] = "DeceptionUsed"
    player: str
    kind: str             # false_threat, hidden_agenda or hidden_assets


class CapabilitySet(Event):
    """5.3 A Capability comes into effect (``side``) or ends (``side`` empty)."""

    type: Literal["CapabilitySet"] = "CapabilitySet"
    card: str
    side: str


class MomentumAdded(Event):
    """5.4 A Momentum card goes to the Momentum boxes: its effect lasts until the Reset."""

    type: Literal["MomentumAdded"] = "MomentumAdded"
    card: str


class MomentumCleared(Event):
    """6.6 Reset: the cards in the Momentum boxes go to the played pile."""

    type: Literal["MomentumCleared"] = "MomentumCleared"


ADP_EVENTS: tuple[type[Event], ...] = (*COIN_EVENTS, ScenarioSetUp, PropagandaPlayed,
                                       CapabilitySet, MomentumAdded, MomentumCleared,
                                       OrderCardRevealed, DeceptionDrawn,
                                       DeceptionRevealed, DeceptionUsed,
                                       DieRolled,
                                       CardRevealed)
