"""Small builders of the shared COIN events, respecting the physical bounds the game's
spec declares (tracks, Resources).  ``begin``/``note``/``reveal``/``advance`` need no game;
a game's ``Effects`` adds what needs its spec and fold (``after``, ``resources``,
``track``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from engine.coin import stepdata
from engine.coin.events import CardAdvanced, ResourcesSet, StepBegan, StepNoted, TrackSet
from engine.coin.spec import CoinSpec
from engine.coin.state import CoinState
from engine.coin.stepdata import StepData
from engine.coin.tracks import shifted
from engine.core.chance import Chance
from engine.core.events import CardRevealed, Event

S = TypeVar("S", bound=CoinState[Any])


def begin(step: str, seat: str | None = None, data: StepData | None = None) -> StepBegan:
    """Play reaches ``step``; ``data``: the fields its model starts with (the others keep
    their defaults)."""
    return StepBegan(step=step, seat=seat, data=dict(data.logged()) if data else {})


def note(*changes: StepData) -> list[Event]:
    """Changes of the current step's working data: each model given names the fields it
    changes (``note(Deploy(city=None))``), logged in the order named."""
    return [StepNoted(key=k, value=v) for k, v in stepdata.note(*changes)]


def reveal(state: CoinState[Any], chance: Chance) -> list[Event]:
    """Turn the draw deck's top card face up as the upcoming card (2.2, 2.3.7)."""
    if state.revealed >= state.deck_size:
        return []
    return [CardRevealed(index=state.revealed, card=chance.card(state.revealed))]


def advance(state: CoinState[Any]) -> list[Event]:
    """2.3.7 The upcoming card becomes current."""
    return [CardAdvanced(card=state.upcoming)] if state.upcoming is not None else []


class Effects(Generic[S]):
    """The builders that need the game: its spec, its fold and clone, and which Factions
    track Resources now (``keeps_resources``; e.g. a non-player may track none)."""

    def __init__(self, spec: CoinSpec, evolve: Callable[[S, Event], S],
                 clone: Callable[[S], S],
                 keeps_resources: Callable[[S, str], bool] | None = None) -> None:
        self.spec, self.evolve, self.clone = spec, evolve, clone
        self.keeps_resources = keeps_resources

    def after(self, state: S, events: list[Event]) -> S:
        """The position once ``events`` are applied (``state`` is left alone)."""
        copy = self.clone(state)
        for event in events:
            self.evolve(copy, event)
        return copy

    def resources(self, state: S, faction: str, delta: int) -> list[Event]:
        """1.8 Resources stay within the spec's bounds (e.g. 0-50); a shift beyond is
        ignored.  A Faction that tracks none changes nothing."""
        if self.keeps_resources is not None and not self.keeps_resources(state, faction):
            return []
        bounds = self.spec.resources
        before = state.resources.get(faction, 0)
        after = shifted(before, delta, bounds.low, bounds.high)
        return ([ResourcesSet(faction=faction, value=after, before=before)]
                if after != before else [])

    def track(self, state: S, name: str, delta: int) -> list[Event]:
        """A track stays within its bounds; shifts beyond are ignored (e.g. Gandhi 5.1.4).
        A track is a field of the game's state named as in the spec."""
        bounds = self.spec.tracks[name]   # a KeyError: a track the game does not have
        before: int = getattr(state, name)
        after = shifted(before, delta, bounds.low, bounds.high)
        return [TrackSet(track=name, value=after, before=before)] if after != before else []

    def track_to(self, state: S, name: str, value: int) -> list[Event]:
        return self.track(state, name, value - getattr(state, name))
