"""``evolve`` for Gandhi: one small function per event type; never validates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.coin.sequence import CardTurn, Did
from engine.core.events import CardRevealed, Event
from engine.games.gandhi import events as ev
from engine.games.gandhi.pieces import FACTIONS, box_kind
from engine.games.gandhi.state import STEP_MODELS, GandhiState, SpaceState, Step


def _box(state: GandhiState, box: str) -> dict[str, int] | None:
    return {"jail": state.jail, "out_of_play": state.out_of_play}.get(box)


def _box_add(state: GandhiState, box: str, kind: str, n: int) -> None:
    target = _box(state, box)
    if target is not None:  # Available is derived, never stored
        target[kind] = target.get(kind, 0) + n
        if not target[kind]:
            del target[kind]


def _setup(s: GandhiState, e: ev.ScenarioSetUp) -> None:
    s.scenario, s.options = e.scenario, dict(e.options)
    s.spaces = {sid: SpaceState(pieces=dict(d.get("pieces", {})),
                                support=d.get("support", 0), protest=d.get("protest", False),
                                unrest=d.get("unrest", 0), strike=d.get("strike", False),
                                muslim_state=d.get("muslim_state", False))
                for sid, d in e.spaces.items()}
    s.jail, s.out_of_play = dict(e.jail), dict(e.out_of_play)
    s.restraint, s.unity, s.resources = e.restraint, e.unity, dict(e.resources)
    s.deck_size, s.campaigns_in_deck, s.viceroy = e.deck_size, e.campaigns_in_deck, e.viceroy
    s.eligible = {f: f in e.eligible for f in FACTIONS}


def _placed(s: GandhiState, e: ev.PiecesPlaced) -> None:
    s.writable(e.space).add(e.kind, e.count)
    _box_add(s, e.source, box_kind(e.kind), -e.count)


def _removed(s: GandhiState, e: ev.PiecesRemoved) -> None:
    s.writable(e.space).add(e.kind, -e.count)
    _box_add(s, e.to, box_kind(e.kind), e.count)


def _moved(s: GandhiState, e: ev.PiecesMoved) -> None:
    s.writable(e.origin).add(e.kind, -e.count)
    s.writable(e.destination).add(e.kind, e.count)


def _flipped(s: GandhiState, e: ev.PiecesFlipped) -> None:
    s.writable(e.space).add(e.kind, -e.count)
    s.writable(e.space).add(e.to_kind, e.count)


def _transfer(s: GandhiState, e: ev.BoxTransfer) -> None:
    _box_add(s, e.origin, e.kind, -e.count)
    _box_add(s, e.destination, e.kind, e.count)


def _marker(s: GandhiState, e: ev.MarkerSet) -> None:
    space = s.writable(e.space)
    if e.marker == "unrest":
        space.unrest = e.value
    else:
        setattr(space, e.marker, bool(e.value))


def _revealed(s: GandhiState, e: CardRevealed) -> None:
    s.revealed = e.index + 1
    s.upcoming = e.card


def _advanced(s: GandhiState, e: ev.CardAdvanced) -> None:
    if s.current is not None:
        s.played.append(s.current)
    s.current, s.upcoming = e.card, None


def _swapped(s: GandhiState, e: ev.CampaignSwapped) -> None:
    if s.current is not None and s.current != e.card:
        s.played.append(s.current)
    s.current, s.upcoming = e.campaign, e.card
    s.campaigns_in_deck -= 1


def _track(s: GandhiState, e: ev.TrackSet) -> None:
    setattr(s, e.track, e.value)
    if s.restraint == 1 and s.unity == 1:  # 6.8 a Crisis is triggered each time
        s.crisis_placement_due = True


def _step(s: GandhiState, e: ev.StepBegan) -> None:
    s.step = Step(e.step, e.seat, STEP_MODELS.model(e.step, e.data).shared_from_log(e.data))


def _noted(s: GandhiState, e: ev.StepNoted) -> None:
    # a new model, never a change in place: step data is shared (``StepData.noted``); a
    # key the step's model lacks is a bug: it raises
    s.step.data = s.step.data.noted(e.key, e.value)


def _arjuna(s: GandhiState, e: ev.ArjunaDrawn) -> None:
    """8.3/8.9.4 A card shown; the stacks were shuffled at each Reset since the last."""
    if e.epoch != s.arjuna_epoch:
        s.arjuna_epoch, s.arjuna, s.arjuna_top = e.epoch, {}, {}
    seen = s.arjuna.setdefault(e.faction, [])
    if e.card not in seen:
        seen.append(e.card)
    s.arjuna_top[e.faction] = e.card


def _acted(s: GandhiState, e: ev.FactionActed) -> None:
    s.turn.acted.append((e.faction, Did(e.did)))


HANDLERS: dict[str, Callable[[GandhiState, Any], None]] = {
    "ScenarioSetUp": _setup,
    "DeckPackLoaded": lambda s, e: setattr(s, "pack", e.text),
    "PiecesPlaced": _placed,
    "PiecesRemoved": _removed,
    "PiecesMoved": _moved,
    "PiecesFlipped": _flipped,
    "BoxTransfer": _transfer,
    "SupportShifted": lambda s, e: setattr(s.writable(e.space), "support", e.level),
    "MarkerSet": _marker,
    "TrackSet": _track,
    "ResourcesSet": lambda s, e: s.resources.__setitem__(e.faction, e.value),
    "CardRevealed": _revealed,
    "CardAdvanced": _advanced,
    "CampaignSwapped": _swapped,
    "FactionPassed": lambda s, e: s.turn.passed.append(e.faction),
    "FactionActed": _acted,
    "EligibilitySet": lambda s, e: setattr(s, "eligible", dict(e.eligible)),
    "EligibilityMarked": lambda s, e: s.turn.mark(e.faction, e.eligible),
    "CardTurnBegan": lambda s, e: setattr(s, "turn", CardTurn(tuple(e.order))),
    "StepBegan": _step,
    "StepNoted": _noted,
    "CampaignBegan": lambda s, e: setattr(s, "campaign", e.number),
    "ViceroyChanged": lambda s, e: setattr(s, "viceroy", e.card),
    "CrisisPlacementDue": lambda s, e: setattr(s, "crisis_placement_due", e.due),
    "GameEnded": lambda s, e: setattr(s, "result", e.model_dump()),
    "DieRolled": lambda s, e: None,
    "ArjunaDrawn": _arjuna,
    "NonPlayerPlanned": lambda s, e: setattr(s, "np_plan", e.plan),
    "NonPlayerReason": lambda s, e: None,
}


def evolve(state: GandhiState, event: Event) -> GandhiState:
    HANDLERS[event.type](state, event)
    state.version += 1
    return state
