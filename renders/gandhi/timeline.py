"""A game's history cut into frames: the setup, then one frame at the end of each card
and of each Campaign Round, each with its caption.  Pure: folds the log's records."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.events import Recorded
from engine.core.fold import Folder
from engine.core.ruleset import Ruleset
from engine.games.gandhi import events as ev
from engine.games.gandhi.state import GandhiState
from engine.i18n import t
from renders.gandhi.cards import deck, viceroy_face

# A frame ends where the next card is put in play (2.3.7) or a Campaign card is swapped
# in (2.4): the card just played is still the current card in the frame.
BOUNDARIES = (ev.CardAdvanced, ev.CampaignSwapped)


@dataclass(frozen=True)
class Frame:
    state: GandhiState
    seq: int            # the last event folded into this frame
    card: str | None    # the card played in this frame (None: the setup)
    campaign: int       # 0, or the number of the Campaign Round this frame shows


@dataclass
class _Segment:
    card: str | None = None
    campaign: int = 0
    played: bool = False  # the card's turn (or the Campaign Round) began


def frames_of(ruleset: Ruleset[GandhiState], records: Sequence[Recorded]) -> list[Frame]:
    """Frames of the effective history (undone events are left out, as the fold does).
    A card put in play but not yet played (a Campaign card swapped in before it) makes
    no frame."""
    folder = Folder(ruleset)
    frames: list[Frame] = []
    segment = _Segment()
    for record in _effective(ruleset, records):
        event = record.event
        if isinstance(event, BOUNDARIES) and folder.state.seq:
            if segment.played or not frames:
                frames.append(_frame(ruleset, folder, segment))
            card = event.card if isinstance(event, ev.CardAdvanced) else event.campaign
            segment = _Segment(card=card)
        elif isinstance(event, ev.CardTurnBegan):
            segment.played = True
        elif isinstance(event, ev.CampaignBegan):
            segment.played, segment.campaign = True, event.number
        folder.apply(record)
    if folder.state.seq and (segment.played or not frames):
        frames.append(_frame(ruleset, folder, segment))
    return frames


def _frame(ruleset: Ruleset[GandhiState], folder: Folder, segment: _Segment) -> Frame:
    return Frame(ruleset.clone(folder.state.game), folder.state.seq, segment.card,
                 segment.campaign)


def _effective(ruleset: Ruleset[GandhiState], records: Sequence[Recorded]) -> list[Recorded]:
    folder = Folder(ruleset, keep_all=True)
    folder.apply_all(list(records))
    return list(folder.effective)


def caption(frame: Frame, index: int, total: int, lang: str) -> str:
    """``Turn 5 of 40 · Card 46: title · Campaign 1 · Lord Irwin 1926–1931``."""
    parts = [t("renders.gandhi.turn_of", lang, n=index, total=total - 1)]
    state = frame.state
    if frame.card is None:
        parts.append(t("renders.gandhi.setup", lang))
    elif frame.campaign:
        parts.append(t("renders.gandhi.campaign_round", lang, number=frame.campaign))
    else:
        parts.append(t("gandhi.digest.card", lang, number=frame.card,
                       title=deck().title(frame.card, lang)))
    if state.campaign and not frame.campaign:
        parts.append(t("renders.gandhi.campaign", lang, number=state.campaign))
    if state.viceroy is not None:
        face = viceroy_face(state.viceroy, lang)
        parts.append(f"{face.name} {face.years}")
    return " · ".join(parts)
