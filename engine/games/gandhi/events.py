"""Gandhi's events: board facts (pieces, markers, tracks) and the flow of play."""

from __future__ import annotations

from typing import Any, Literal

from engine.core.events import CardRevealed, DieRolled, Event

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


class DeckPackLoaded(Event):
    """The game's deck pack (DESIGN.md §1), logged whole right after the setup so a replay
    or ``verify`` uses the same cards without any outside file."""

    type: Literal["DeckPackLoaded"] = "DeckPackLoaded"
    name: str | None = None
    hash: str        # SHA-256 of ``text``
    text: str        # the pack's TOML text


class PiecesPlaced(Event):
    """Pieces enter a space from a box (Available, Out of Play or Jail)."""

    type: Literal["PiecesPlaced"] = "PiecesPlaced"
    space: str
    kind: str
    count: int
    source: Box = "available"


class PiecesRemoved(Event):
    """Pieces leave a space to a box."""

    type: Literal["PiecesRemoved"] = "PiecesRemoved"
    space: str
    kind: str
    count: int
    to: Box = "available"


class PiecesMoved(Event):
    type: Literal["PiecesMoved"] = "PiecesMoved"
    kind: str
    count: int
    origin: str
    destination: str


class PiecesFlipped(Event):
    """Guerrillas turn Underground <-> Active (1.4.3)."""

    type: Literal["PiecesFlipped"] = "PiecesFlipped"
    space: str
    kind: str
    to_kind: str
    count: int


class BoxTransfer(Event):
    """Pieces move between boxes off the map (e.g. Out of Play -> Available, 2.3.3)."""

    type: Literal["BoxTransfer"] = "BoxTransfer"
    kind: str
    count: int
    origin: Box
    destination: Box


class SupportShifted(Event):
    type: Literal["SupportShifted"] = "SupportShifted"
    space: str
    level: int          # the new level, -2..+2
    before: int


class MarkerSet(Event):
    """A marker's count in a space (bool markers: 0 or 1)."""

    type: Literal["MarkerSet"] = "MarkerSet"
    space: str
    marker: Marker
    value: int


class TrackSet(Event):
    type: Literal["TrackSet"] = "TrackSet"
    track: Track
    value: int
    before: int


class ResourcesSet(Event):
    type: Literal["ResourcesSet"] = "ResourcesSet"
    faction: str
    value: int
    before: int


class CardAdvanced(Event):
    """2.3.7 The upcoming card becomes the current card."""

    type: Literal["CardAdvanced"] = "CardAdvanced"
    card: str


class CampaignSwapped(Event):
    """2.4 A revealed Campaign card is swapped with the current card."""

    type: Literal["CampaignSwapped"] = "CampaignSwapped"
    campaign: str
    card: str


class FactionPassed(Event):
    type: Literal["FactionPassed"] = "FactionPassed"
    faction: str


class FactionActed(Event):
    type: Literal["FactionActed"] = "FactionActed"
    faction: str
    did: str


class EligibilitySet(Event):
    """2.3.6 Cylinders after a card: True is the Eligible box."""

    type: Literal["EligibilitySet"] = "EligibilitySet"
    eligible: dict[str, bool]


class EligibilityMarked(Event):
    """5.0 An Event keeps a Faction Eligible, or makes it Ineligible, for the next card."""

    type: Literal["EligibilityMarked"] = "EligibilityMarked"
    faction: str
    eligible: bool


class CardTurnBegan(Event):
    type: Literal["CardTurnBegan"] = "CardTurnBegan"
    card: str
    order: list[str]


class StepBegan(Event):
    """Play reaches a step; ``seat`` is the Faction whose decision it waits for."""

    type: Literal["StepBegan"] = "StepBegan"
    step: str
    seat: str | None = None
    data: dict[str, Any] = {}


class StepNoted(Event):
    """A decision inside a step recorded in the step's working data."""

    type: Literal["StepNoted"] = "StepNoted"
    key: str
    value: Any


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


class GameEnded(Event):
    """7.0 The game is over: the totals, margins, ranking and why."""

    type: Literal["GameEnded"] = "GameEnded"
    reason: str
    totals: dict[str, int]
    margins: dict[str, int]
    ranking: list[str]
    players: list[dict[str, Any]] = []


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


GANDHI_EVENTS: tuple[type[Event], ...] = (
    ScenarioSetUp, DeckPackLoaded, PiecesPlaced, PiecesRemoved, PiecesMoved, PiecesFlipped,
    BoxTransfer, SupportShifted, MarkerSet, TrackSet, ResourcesSet, CardAdvanced,
    CampaignSwapped, FactionPassed, FactionActed, EligibilitySet, EligibilityMarked,
    CardTurnBegan, StepBegan, StepNoted, CampaignBegan, ViceroyChanged, CrisisPlacementDue,
    GameEnded, DieRolled, CardRevealed, ArjunaDrawn, NonPlayerPlanned, NonPlayerReason)
