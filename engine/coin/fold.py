"""The fold of the shared COIN events (``engine.coin.events``): one small function per
event type, on a ``CoinState``, driven by the game's ``CoinSpec``; a game's ``Fold``
adds (or replaces) handlers for its own events.  Never validates, never rolls dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from engine.coin import events as ev
from engine.coin.sequence import CardTurn, Did
from engine.coin.spec import CoinSpec
from engine.coin.state import CoinState, Step
from engine.coin.stepdata import StepModels
from engine.core.events import CardRevealed, Event

S = TypeVar("S", bound=CoinState[Any])
Handler = Callable[[Any, Any], None]


def box_add(state: CoinState[Any], box: str, kind: str, n: int) -> None:
    """``n`` pieces of box kind ``kind`` into (or, negative, out of) a stored box;
    Available is derived, never stored, so a change to it changes nothing here."""
    target = state.boxes.get(box)
    if target is None:
        if box == "available":
            return
        target = state.boxes[box] = {}
    target[kind] = target.get(kind, 0) + n
    if not target[kind]:
        del target[kind]


def shared_handlers(spec: CoinSpec, models: StepModels) -> dict[str, Handler]:
    """The handlers of the shared events, for a game of ``spec`` whose steps' data models
    are ``models``."""
    box_kind = spec.box_kind
    flags = {name for name, marker in spec.markers.items() if marker.flag}

    def placed(s: CoinState[Any], e: ev.PiecesPlaced) -> None:
        s.writable(e.space).add(e.kind, e.count)
        box_add(s, e.source, box_kind(e.kind), -e.count)

    def removed(s: CoinState[Any], e: ev.PiecesRemoved) -> None:
        s.writable(e.space).add(e.kind, -e.count)
        box_add(s, e.to, box_kind(e.kind), e.count)

    def moved(s: CoinState[Any], e: ev.PiecesMoved) -> None:
        s.writable(e.origin).add(e.kind, -e.count)
        s.writable(e.destination).add(e.kind, e.count)

    def flipped(s: CoinState[Any], e: ev.PiecesFlipped) -> None:
        s.writable(e.space).add(e.kind, -e.count)
        s.writable(e.space).add(e.to_kind, e.count)

    def transfer(s: CoinState[Any], e: ev.BoxTransfer) -> None:
        box_add(s, e.origin, e.kind, -e.count)
        box_add(s, e.destination, e.kind, e.count)

    def marker(s: CoinState[Any], e: ev.MarkerSet) -> None:
        setattr(s.writable(e.space), e.marker, bool(e.value) if e.marker in flags else e.value)

    def revealed(s: CoinState[Any], e: CardRevealed) -> None:
        s.revealed = e.index + 1
        s.upcoming = e.card

    def advanced(s: CoinState[Any], e: ev.CardAdvanced) -> None:
        if s.current is not None:
            s.played.append(s.current)
        s.current, s.upcoming = e.card, None

    def step(s: CoinState[Any], e: ev.StepBegan) -> None:
        s.step = Step(e.step, e.seat, models.model(e.step, e.data).shared_from_log(e.data))

    def noted(s: CoinState[Any], e: ev.StepNoted) -> None:
        # a new model, never a change in place: step data is shared (``StepData.noted``); a
        # key the step's model lacks is a bug: it raises
        s.step.data = s.step.data.noted(e.key, e.value)

    def acted(s: CoinState[Any], e: ev.FactionActed) -> None:
        s.turn.acted.append((e.faction, Did(e.did)))

    return {
        "DeckPackLoaded": lambda s, e: setattr(s, "pack", e.text),
        "PiecesPlaced": placed,
        "PiecesRemoved": removed,
        "PiecesMoved": moved,
        "PiecesFlipped": flipped,
        "BoxTransfer": transfer,
        "SupportShifted": lambda s, e: setattr(s.writable(e.space), "support", e.level),
        "MarkerSet": marker,
        "TrackSet": lambda s, e: setattr(s, e.track, e.value),
        "ResourcesSet": lambda s, e: s.resources.__setitem__(e.faction, e.value),
        "CardRevealed": revealed,
        "CardAdvanced": advanced,
        "FactionPassed": lambda s, e: s.turn.passed.append(e.faction),
        "FactionActed": acted,
        "EligibilitySet": lambda s, e: setattr(s, "eligible", dict(e.eligible)),
        "EligibilityMarked": lambda s, e: s.turn.mark(e.faction, e.eligible),
        "CardTurnBegan": lambda s, e: setattr(s, "turn", CardTurn(tuple(e.order))),
        "StepBegan": step,
        "StepNoted": noted,
        "GameEnded": lambda s, e: setattr(s, "result", e.model_dump()),
        "DieRolled": lambda s, e: None,
    }


class Fold(Generic[S]):
    """A game's fold: the shared handlers and the game's own (which win)."""

    def __init__(self, spec: CoinSpec, models: StepModels,
                 own: Mapping[str, Handler] | None = None) -> None:
        self.spec = spec
        self.handlers: dict[str, Handler] = {**shared_handlers(spec, models), **(own or {})}

    def evolve(self, state: S, event: Event) -> S:
        self.handlers[event.type](state, event)
        state.version += 1
        return state
