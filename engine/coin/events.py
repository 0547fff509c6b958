"""The board events every COIN game shares: pieces, boxes, markers, tracks, Resources,
eligibility, the card turn and the steps of play (DESIGN.md §3 "Events are facts").

Their ``type`` literals and fields are those Gandhi's logs have always carried, so every
exported log folds unchanged.  Boxes, markers and tracks are plain names here: the game's
``CoinSpec`` says which exist, checked when deciding (``CoinSpec.check``), never by the
fold.  A game's own events (its setup, its Campaign or Propaganda rounds...) live with it.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.core.events import Event


class DeckPackLoaded(Event):
    """The game's deck pack (DESIGN.md §1), logged whole right after the setup so a replay
    or ``verify`` uses the same cards without any outside file."""

    type: Literal["DeckPackLoaded"] = "DeckPackLoaded"
    name: str | None = None
    hash: str        # SHA-256 of ``text``
    text: str        # the pack's TOML text


class PiecesPlaced(Event):
    """Pieces enter a space from a box (Available, or a stored box such as Out of Play)."""

    type: Literal["PiecesPlaced"] = "PiecesPlaced"
    space: str
    kind: str
    count: int
    source: str = "available"


class PiecesRemoved(Event):
    """Pieces leave a space to a box."""

    type: Literal["PiecesRemoved"] = "PiecesRemoved"
    space: str
    kind: str
    count: int
    to: str = "available"


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
    """Pieces move between boxes off the map (e.g. Out of Play -> Available)."""

    type: Literal["BoxTransfer"] = "BoxTransfer"
    kind: str
    count: int
    origin: str
    destination: str


class SupportShifted(Event):
    """A space's Support/Opposition level (1.6)."""

    type: Literal["SupportShifted"] = "SupportShifted"
    space: str
    level: int          # the new level, -2..+2
    before: int


class MarkerSet(Event):
    """A marker's count in a space (flag markers: 0 or 1)."""

    type: Literal["MarkerSet"] = "MarkerSet"
    space: str
    marker: str
    value: int


class TrackSet(Event):
    type: Literal["TrackSet"] = "TrackSet"
    track: str
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


class GameEnded(Event):
    """The game is over: the totals, margins, ranking and why (7.0)."""

    type: Literal["GameEnded"] = "GameEnded"
    reason: str
    totals: dict[str, int]
    margins: dict[str, int]
    ranking: list[str]
    players: list[dict[str, Any]] = []


COIN_EVENTS: tuple[type[Event], ...] = (
    DeckPackLoaded, PiecesPlaced, PiecesRemoved, PiecesMoved, PiecesFlipped, BoxTransfer,
    SupportShifted, MarkerSet, TrackSet, ResourcesSet, CardAdvanced, FactionPassed,
    FactionActed, EligibilitySet, EligibilityMarked, CardTurnBegan, StepBegan, StepNoted,
    GameEnded)
