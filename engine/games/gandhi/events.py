"""Gandhi's events: its own facts (setup, Campaigns, Viceroys, Crisis, non-players) beside
the board events every COIN game shares (``engine.coin.events``, re-exported here)."""

from __future__ import annotations

from typing import Any, Literal

from engine.coin.events import (
    BoxTransfer,
    CardAdvanced,
    CardTurnBegan,
    DeckPackLoaded,
    EligibilityMarked,
    EligibilitySet,
    FactionActed,
    FactionPassed,
    GameEnded,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
    ResourcesSet,
    StepBegan,
    StepNoted,
    SupportShifted,
    TrackSet,
)
from engine.core.events import CardRevealed, DieRolled, Event

# the names Gandhi's rules use (its spec, data/spec.toml, declares the same)
Box = Literal["available", "out_of_play", "jail"]
Marker = Literal["protest", "unrest", "strike", "muslim_state"]
Track = Literal["restraint", "unity"]


class ScenarioSetUp(Event):
    """The printed setup (2.1): every piece, marker and track, and the deck's shape."""

    type: Literal["ScenarioSetUp"] = "ScenarioSetUp"
    scenario: str
    options: dict[str, Any]
    spaces: dict[str, dict[str, Any]]
    jail: dict[str, int]
    out_of_play: dict[str, int]
    restraint: int
    unity: int
    resources: dict[str, int]
    eligible: list[str]          # 2.3.1 all Factions start the game Eligible
    deck_size: int
    campaigns_in_deck: int
    viceroy: str













class CampaignSwapped(Event):
    """2.4 A revealed Campaign card is swapped with the current card."""

    type: Literal["CampaignSwapped"] = "CampaignSwapped"
    campaign: str
    card: str









class CampaignBegan(Event):
    type: Literal["CampaignBegan"] = "CampaignBegan"
    number: int
    card: str


class ViceroyChanged(Event):
    """6.4.1 New Colonial Administration."""

    type: Literal["ViceroyChanged"] = "ViceroyChanged"
    card: str
    before: str | None


class CrisisPlacementDue(Event):
    """6.8 A Crisis was triggered: Raj may bring cubes in at the end of the turn."""

    type: Literal["CrisisPlacementDue"] = "CrisisPlacementDue"
    due: bool



# --- Non-player Factions (8.0): what a non-player's decision adds before its choice ------


class ArjunaDrawn(Event):
    """8.3 A Non-player's Arjuna card is shown (its front; ``epoch``: the Campaign Round
    since whose Reset the stacks were shuffled, 8.9.4).  Which card it is came from a die
    (``DieRolled``) while some of the Faction's cards were unseen since the shuffle."""

    type: Literal["ArjunaDrawn"] = "ArjunaDrawn"
    faction: str
    card: str
    epoch: int


class NonPlayerPlanned(Event):
    """What a Non-player has worked out for its turn (its Arjuna card, Operation, Special
    Activities...), read by its next decisions; None clears it."""

    type: Literal["NonPlayerPlanned"] = "NonPlayerPlanned"
    plan: dict[str, Any] | None = None


class NonPlayerReason(Event):
    """Why a Non-player took the choice it took: the table rows, Arjuna boxes and
    priorities that decided it, for the history and digests."""

    type: Literal["NonPlayerReason"] = "NonPlayerReason"
    seat: str
    why: list[dict[str, Any]] = []


__all__ = [
    "ArjunaDrawn", "BoxTransfer", "CampaignBegan", "CampaignSwapped", "CardAdvanced",
    "CardRevealed", "CardTurnBegan", "CrisisPlacementDue", "DeckPackLoaded", "DieRolled",
    "EligibilityMarked", "EligibilitySet", "FactionActed", "FactionPassed", "GameEnded",
    "MarkerSet", "NonPlayerPlanned", "NonPlayerReason", "PiecesFlipped", "PiecesMoved",
    "PiecesPlaced", "PiecesRemoved", "ResourcesSet", "ScenarioSetUp", "StepBegan",
    "StepNoted", "SupportShifted", "TrackSet", "ViceroyChanged", "GANDHI_EVENTS",
]

GANDHI_EVENTS: tuple[type[Event], ...] = (
    ScenarioSetUp, DeckPackLoaded, PiecesPlaced, PiecesRemoved, PiecesMoved, PiecesFlipped,
    BoxTransfer, SupportShifted, MarkerSet, TrackSet, ResourcesSet, CardAdvanced,
    CampaignSwapped, FactionPassed, FactionActed, EligibilitySet, EligibilityMarked,
    CardTurnBegan, StepBegan, StepNoted, CampaignBegan, ViceroyChanged, CrisisPlacementDue,
    GameEnded, DieRolled, CardRevealed, ArjunaDrawn, NonPlayerPlanned, NonPlayerReason)
