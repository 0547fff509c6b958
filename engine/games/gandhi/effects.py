"""Small builders of Gandhi events that respect the physical bounds of tracks and markers."""

from __future__ import annotations

from engine.coin import stepdata
from engine.coin.stepdata import StepData
from engine.coin.tracks import shifted
from engine.core.chance import Chance
from engine.core.events import CardRevealed, Event
from engine.games.gandhi.derived import board
from engine.games.gandhi.events import (
    CardAdvanced,
    MarkerSet,
    ResourcesSet,
    StepBegan,
    StepNoted,
    SupportShifted,
    Track,
    TrackSet,
)
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.physical import marker_problem, placed_marker
from engine.games.gandhi.pieces import RESOURCES_MAX, TRACK_MAX, TRACK_MIN
from engine.games.gandhi.seating import is_non_player
from engine.games.gandhi.state import GandhiState, clone


def begin(step: str, seat: str | None = None, data: StepData | None = None) -> StepBegan:
    """Play reaches ``step``; ``data``: the fields its model starts with (the others keep
    their defaults)."""
    return StepBegan(step=step, seat=seat, data=dict(data.logged()) if data else {})


def note(*changes: StepData) -> list[Event]:
    """Changes of the current step's working data: each model given names the fields it
    changes (``note(Deploy(city=None))``), logged in the order named."""
    return [StepNoted(key=k, value=v) for k, v in stepdata.note(*changes)]


def after(state: GandhiState, events: list[Event]) -> GandhiState:
    """The position once ``events`` are applied (``state`` is left alone)."""
    copy = clone(state)
    for event in events:
        evolve(copy, event)
    return copy


def add_unrest(state: GandhiState, sid: str) -> list[Event]:
    """One Unrest marker -- a Strike on a Railway (1.12, 5.1.4) -- if the physical rules
    allow it (1.11 twelve markers, 1.12 one Strike per Railway); otherwise nothing."""
    if marker_problem(state, "unrest", sid, True) is not None:
        return []
    placed = placed_marker(state, "unrest", sid)
    value = state.space(sid).unrest + 1 if placed == "unrest" else 1
    return [MarkerSet(space=sid, marker=placed, value=value)]


def resources(state: GandhiState, faction: str, delta: int) -> list[Event]:
    """1.8 Resources stay between 0 and 50; 8.1 NP Raj and NP Revolutionaries track
    none (8.8.3 an Event's Resources are ignored for them)."""
    if is_non_player(state, faction):
        return []
    before = state.resources.get(faction, 0)
    after = shifted(before, delta, 0, RESOURCES_MAX)
    return [ResourcesSet(faction=faction, value=after, before=before)] if after != before else []


def track(state: GandhiState, name: Track, delta: int) -> list[Event]:
    """5.1.4/6.6/6.7 Restraint and Unity stay within 1-5; shifts beyond are ignored."""
    before = getattr(state, name)
    after = shifted(before, delta, TRACK_MIN, TRACK_MAX)
    return [TrackSet(track=name, value=after, before=before)] if after != before else []


def track_to(state: GandhiState, name: Track, value: int) -> list[Event]:
    return track(state, name, value - getattr(state, name))


def support(state: GandhiState, space: str, delta: int) -> list[Event]:
    """1.6.1 Five levels, -2 (Active Opposition) to +2 (Active Support); a Railway has no
    Support level (1.3.6), so a shift there does nothing (e.g. Negotiate releasing Gandhi
    onto a Railway, 4.3.1)."""
    if board(state).space(space).is_railway:
        return []
    before = state.space(space).support
    after = shifted(before, delta, -2, 2)
    return [SupportShifted(space=space, level=after, before=before)] if after != before else []


def reveal(state: GandhiState, chance: Chance) -> list[Event]:
    """Turn the draw deck's top card face up as the upcoming card (2.2, 2.3.7)."""
    if state.revealed >= state.deck_size:
        return []
    return [CardRevealed(index=state.revealed, card=chance.card(state.revealed))]


def advance(state: GandhiState) -> list[Event]:
    """2.3.7 The upcoming card becomes current."""
    return [CardAdvanced(card=state.upcoming)] if state.upcoming is not None else []
