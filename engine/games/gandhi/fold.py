"""``evolve`` for Gandhi: the shared COIN fold (``engine.coin.fold``) and a small function
per event type of Gandhi's own; never validates."""

from __future__ import annotations

from engine.coin.fold import Fold, shared_handlers
from engine.core.events import Event
from engine.games.gandhi import events as ev
from engine.games.gandhi.pieces import FACTIONS, SPEC
from engine.games.gandhi.state import STEP_MODELS, GandhiState, SpaceState


def _setup(s: GandhiState, e: ev.ScenarioSetUp) -> None:
    s.scenario, s.options = e.scenario, dict(e.options)
    s.spaces = {sid: SpaceState(pieces=dict(d.get("pieces", {})),
                                support=d.get("support", 0), protest=d.get("protest", False),
                                unrest=d.get("unrest", 0), strike=d.get("strike", False),
                                muslim_state=d.get("muslim_state", False))
                for sid, d in e.spaces.items()}
    s.boxes = {"jail": dict(e.jail), "out_of_play": dict(e.out_of_play)}
    s.restraint, s.unity, s.resources = e.restraint, e.unity, dict(e.resources)
    s.deck_size, s.campaigns_in_deck, s.viceroy = e.deck_size, e.campaigns_in_deck, e.viceroy
    s.eligible = {f: f in e.eligible for f in FACTIONS}


def _swapped(s: GandhiState, e: ev.CampaignSwapped) -> None:
    if s.current is not None and s.current != e.card:
        s.played.append(s.current)
    s.current, s.upcoming = e.campaign, e.card
    s.campaigns_in_deck -= 1


_set_track = shared_handlers(SPEC, STEP_MODELS)["TrackSet"]


def _track(s: GandhiState, e: ev.TrackSet) -> None:
    _set_track(s, e)
    if s.restraint == 1 and s.unity == 1:  # 6.8 a Crisis is triggered each time
        s.crisis_placement_due = True


def _arjuna(s: GandhiState, e: ev.ArjunaDrawn) -> None:
    """8.3/8.9.4 A card shown; the stacks were shuffled at each Reset since the last."""
    if e.epoch != s.arjuna_epoch:
        s.arjuna_epoch, s.arjuna, s.arjuna_top = e.epoch, {}, {}
    seen = s.arjuna.setdefault(e.faction, [])
    if e.card not in seen:
        seen.append(e.card)
    s.arjuna_top[e.faction] = e.card


FOLD: Fold[GandhiState] = Fold(SPEC, STEP_MODELS, {
    "ScenarioSetUp": _setup,
    "TrackSet": _track,
    "CampaignSwapped": _swapped,
    "CampaignBegan": lambda s, e: setattr(s, "campaign", e.number),
    "ViceroyChanged": lambda s, e: setattr(s, "viceroy", e.card),
    "CrisisPlacementDue": lambda s, e: setattr(s, "crisis_placement_due", e.due),
    "ArjunaDrawn": _arjuna,
    "NonPlayerPlanned": lambda s, e: setattr(s, "np_plan", e.plan),
    "NonPlayerReason": lambda s, e: None,
})
HANDLERS = FOLD.handlers


def evolve(state: GandhiState, event: Event) -> GandhiState:
    HANDLERS[event.type](state, event)
    state.version += 1
    return state
