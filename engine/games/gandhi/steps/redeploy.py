"""Redeploy Phase (6.4): the new Viceroy, then each Faction's redeployment.  Raj Control
is derived, so it adjusts continually as 6.4 asks."""

from __future__ import annotations

from collections.abc import Iterator

from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.parse import ValueLabel
from engine.games.gandhi.derived import board, is_state, raj_control
from engine.games.gandhi.effects import begin, note, resources
from engine.games.gandhi.events import PiecesMoved, PiecesRemoved, ViceroyChanged
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    RAJ,
    REV_BASES,
    REVOLUTIONARIES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.campaign import Automatic
from engine.games.gandhi.steps.support import DONE
from engine.games.gandhi.vocabulary import VOCABULARY, verb, verbs

CANCEL = verb("cancel")()
MOVE_PIECE, TO = verbs("move_piece", "to")
TROOP_UPKEEP = 2  # 6.4.2 per Troop remaining in a Province or on a Railway


@step("viceroy")
class NewColonialAdministration(Automatic):
    """6.4.1 The Campaign card that triggered this Round becomes the Viceroy."""

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        assert state.current is not None
        return [ViceroyChanged(card=state.current, before=state.viceroy),
                begin("redeploy", RAJ)]


def raj_destination(state: GandhiState, kind: str, sid: str) -> bool:
    """6.4.2 Troops: Provinces with Raj Control, any Cities and Railways; Sepoys also
    any States.  Troops never enter States."""
    space = board(state).space(sid)
    if space.kind == "province" and not is_state(state, sid):
        return raj_control(state, sid)
    if is_state(state, sid):
        return kind == SEPOYS
    return True


def nv_destination(state: GandhiState, faction: str, sid: str) -> bool:
    """6.4.3-6.4.5 Non-Railway spaces with no Raj Control, or a space with a own Base."""
    base = {MUSLIM_LEAGUE: ML_BASES, REVOLUTIONARIES: REV_BASES}.get(faction)
    if base and state.space(sid).count(base):
        return True
    return not board(state).space(sid).is_railway and not raj_control(state, sid)


KINDS = {RAJ: (TROOPS, SEPOYS), CONGRESS: (CONGRESS_ACTIVISTS, GANDHI),
         MUSLIM_LEAGUE: (ML_ACTIVISTS,),
         REVOLUTIONARIES: (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE)}
FORCED = {CONGRESS: CONGRESS_ACTIVISTS, MUSLIM_LEAGUE: ML_ACTIVISTS,
          REVOLUTIONARIES: None}
NEXT = {RAJ: CONGRESS, CONGRESS: MUSLIM_LEAGUE, MUSLIM_LEAGUE: REVOLUTIONARIES,
        REVOLUTIONARIES: None}


def destination(state: GandhiState, faction: str, kind: str, sid: str) -> bool:
    if faction == RAJ:
        return raj_destination(state, kind, sid)
    return nv_destination(state, faction, sid)


def on_railways(state: GandhiState, faction: str) -> int:
    """Pieces that must leave Railways (6.4.3-6.4.5: all but Raj's)."""
    if faction == RAJ:
        return 0
    return sum(state.space(r).count(k) for r in board(state).railways for k in KINDS[faction]
               if k != GANDHI)


def pieces_to_move(state: GandhiState, faction: str) -> Iterator[Action]:
    """First half of a move: which piece, from where."""
    for kind in KINDS[faction]:
        targets = _targets(state, faction, kind)
        for origin, sp in state.spaces.items():
            if sp.count(kind) and set(targets) - {origin}:
                yield MOVE_PIECE(piece=kind, space=origin)


def _targets(state: GandhiState, faction: str, kind: str) -> list[str]:
    return [t for t in board(state).spaces if destination(state, faction, kind, t)]


def destinations(state: GandhiState, faction: str, kind: str, origin: str) -> list[Action]:
    """Second half: where to."""
    return [TO(space=t) for t in _targets(state, faction, kind) if t != origin]


class Moving(StepData):
    """The piece being moved: (kind, origin), until its destination is chosen."""

    moving: tuple[str, str] | None = None


@step("redeploy", Moving)
class Redeploy:
    """6.4.2-6.4.5 Each Faction in turn moves pieces one at a time (the piece, then its
    destination), then says done."""

    def ask(self, state: GandhiState) -> Ask | None:
        faction = state.step.seat
        assert faction is not None
        moving = state.step.of(Moving).moving
        if moving:
            kind, origin = moving
            return Ask(faction, Msg("gandhi.prompt.redeploy_to",
                                    piece=ValueLabel(VOCABULARY, "piece", kind, plural=False),
                                    origin=ValueLabel(VOCABULARY, "space", origin)),
                       (*destinations(state, faction, kind, origin), CANCEL))
        actions = list(pieces_to_move(state, faction))
        if not on_railways(state, faction):
            actions.append(DONE)
        if actions == [DONE]:
            return None
        return Ask(faction, Msg(f"gandhi.prompt.redeploy_{faction}"), tuple(actions))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.auto(state, chance)
        if action.verb == "move_piece":
            return note(Moving(moving=(action["piece"], action["space"])))
        if action.verb == "cancel":
            return note(Moving(moving=None))
        moving = state.step.of(Moving).moving
        assert moving is not None
        kind, origin = moving
        return [PiecesMoved(kind=kind, count=1, origin=origin, destination=action["space"]),
                *note(Moving(moving=None))]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        faction = state.step.seat
        events = raj_upkeep_and_removals(state) if faction == RAJ else []
        following = NEXT[faction or RAJ]
        return [*events, begin("redeploy", following) if following else begin("reset")]


def raj_upkeep_and_removals(state: GandhiState) -> list[Event]:
    """6.4.2 Pay 2 per Troop in a Province or on a Railway (down to 0 Resources: the rule
    gives no penalty for an unpaid Troop), then remove all cubes from Provinces with no
    Raj Control and all but one Troop from each City."""
    b = board(state)
    upkept = sum(state.space(s).count(TROOPS) for s in b.provinces + b.railways)
    events = resources(state, RAJ, -TROOP_UPKEEP * upkept)
    for sid in b.provinces:
        sp = state.space(sid)
        if not raj_control(state, sid):
            events += [PiecesRemoved(space=sid, kind=k, count=sp.count(k))
                       for k in (TROOPS, SEPOYS) if sp.count(k)]
    for sid in b.cities:
        extra = state.space(sid).count(TROOPS) - 1
        if extra > 0:
            events.append(PiecesRemoved(space=sid, kind=TROOPS, count=extra))
    return events
