"""The plain-language story of a stretch of the log: a line per card or Campaign, a
bullet per action (``Raj: pass``) and what each did under it, built from the events alone
(DESIGN.md section 3, "Events are facts").  Pure: front-ends, e-mails and the digest
picture all take their text from here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.coin.narrate import Narrator
from engine.core.events import Event, Recorded
from engine.games.gandhi import events as ev
from engine.games.gandhi.board import Map
from engine.games.gandhi.deck import deck_for
from engine.games.gandhi.derived import board
from engine.games.gandhi.names import faction_name, piece_name, place_name, support_name
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import VOCABULARY
from engine.i18n import t

SECTIONS = ("CardTurnBegan", "CampaignBegan", "GameEnded")  # each opens a new paragraph
NARRATOR = Narrator(VOCABULARY, "gandhi", SECTIONS, faction_name)
choice_label = NARRATOR.choice_label


def digest_text(after: GandhiState, events: Iterable[Event | Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
    """A line per card or Campaign, a bullet per action (``Raj: pass``), and what each
    did under it; ``notes`` adds a remark to the action logged at a seq."""
    b = board(after)
    return NARRATOR.digest(events, lang, lambda e, seat: describe(e, b, lang, seat), notes)


Describer = Callable[[Any, Map, str], str]


def describe(event: Event, b: Map, lang: str, seat: str | None = None) -> str:
    """One line for a board or flow event, or "" for bookkeeping events."""
    if isinstance(event, ev.FactionPassed) and event.faction == seat:
        return ""  # the action line already says "pass"
    describer = DESCRIBERS.get(event.type)
    return describer(event, b, lang) if describer else ""


def _key(name: str, lang: str, **params: object) -> str:
    return t(f"gandhi.digest.{name}", lang, **params)


def _placed(e: ev.PiecesPlaced, b: Map, lang: str) -> str:
    return _key("placed", lang, count=e.count, piece=piece_name(e.kind, lang),
                space=place_name(b, e.space, lang))


def _removed(e: ev.PiecesRemoved, b: Map, lang: str) -> str:
    return _key("removed", lang, count=e.count, piece=piece_name(e.kind, lang),
                space=place_name(b, e.space, lang), box=t(f"gandhi.box.{e.to}", lang))


def _moved(e: ev.PiecesMoved, b: Map, lang: str) -> str:
    return _key("moved", lang, count=e.count, piece=piece_name(e.kind, lang),
                origin=place_name(b, e.origin, lang),
                destination=place_name(b, e.destination, lang))


def _flipped(e: ev.PiecesFlipped, b: Map, lang: str) -> str:
    return _key("flipped", lang, count=e.count, piece=piece_name(e.kind, lang),
                space=place_name(b, e.space, lang), to=piece_name(e.to_kind, lang))


def _transfer(e: ev.BoxTransfer, b: Map, lang: str) -> str:
    return _key("transfer", lang, count=e.count, piece=piece_name(e.kind, lang),
                origin=t(f"gandhi.box.{e.origin}", lang),
                destination=t(f"gandhi.box.{e.destination}", lang))


def _support(e: ev.SupportShifted, b: Map, lang: str) -> str:
    return _key("support", lang, space=place_name(b, e.space, lang),
                before=support_name(e.before, lang), after=support_name(e.level, lang))


def _marker(e: ev.MarkerSet, b: Map, lang: str) -> str:
    marker, space = t(f"gandhi.marker.{e.marker}", lang), place_name(b, e.space, lang)
    if e.marker == "unrest":
        return _key("marker_count", lang, marker=marker, space=space, value=e.value)
    return _key("marker_on" if e.value else "marker_off", lang, marker=marker, space=space)


def _track(e: ev.TrackSet, b: Map, lang: str) -> str:
    return _key("track", lang, track=t(f"gandhi.track.{e.track}", lang), before=e.before,
                after=e.value)


def _resources(e: ev.ResourcesSet, b: Map, lang: str) -> str:
    return _key("resources", lang, faction=faction_name(e.faction, lang), before=e.before,
                after=e.value)


def _card(e: ev.CardTurnBegan, b: Map, lang: str) -> str:
    return _key("card", lang, number=e.card, title=deck_for(None).title(e.card, lang))


def _viceroy(e: ev.ViceroyChanged, b: Map, lang: str) -> str:
    name = t(f"gandhi.viceroy.{deck_for(None).campaigns[e.card].viceroy}", lang)
    return _key("viceroy", lang, viceroy=name)


def _ended(e: ev.GameEnded, b: Map, lang: str) -> str:
    ranking = ", ".join(faction_name(f, lang) for f in e.ranking)
    return _key("game_ended", lang, ranking=ranking)


def _why(e: ev.NonPlayerReason, b: Map, lang: str) -> str:
    from engine.games.gandhi.np.reasons import explain  # noqa: PLC0415
    return t("gandhi.np.why_line", lang, why=explain(e.why, b, lang)) if e.why else ""


def _die(e: Any, b: Map, lang: str) -> str:
    """A die the rules rolled; a non-player's own dice are told in its "why"."""
    return "" if e.purpose.startswith("np ") else _key("die", lang, value=e.value)


DESCRIBERS: dict[str, Describer] = {
    "PiecesPlaced": _placed, "PiecesRemoved": _removed, "PiecesMoved": _moved,
    "PiecesFlipped": _flipped, "BoxTransfer": _transfer, "SupportShifted": _support,
    "MarkerSet": _marker, "TrackSet": _track, "ResourcesSet": _resources,
    "CardTurnBegan": _card, "ViceroyChanged": _viceroy, "GameEnded": _ended,
    "FactionPassed": lambda e, b, lang: _key("passed", lang,
                                             faction=faction_name(e.faction, lang)),
    "CampaignBegan": lambda e, b, lang: _key("campaign", lang, number=e.number),
    "CrisisPlacementDue": lambda e, b, lang: _key("crisis", lang) if e.due else "",
    "DieRolled": _die,
    "NonPlayerReason": _why,
}
