"""Playing an Event card (2.2-2.4) on the shared COIN card turn (``engine.coin.cardturn``):
Gandhi's hooks -- the Campaign card check (2.4), Passing to bring an Activist back (2.3.3)
-- and its own Crisis placement at the end of a turn (6.8)."""

from __future__ import annotations

from engine.coin.cardturn import CardTurn
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.board_text import CardText
from engine.games.gandhi.deck import faction_order, is_campaign
from engine.games.gandhi.derived import board, troops_may_enter
from engine.games.gandhi.effects import EFFECTS, begin, note, track
from engine.games.gandhi.events import (
    BoxTransfer,
    CampaignSwapped,
    CrisisPlacementDue,
    PiecesPlaced,
    StepBegan,
)
from engine.games.gandhi.flow import FLOW, Ask, step
from engine.games.gandhi.pieces import (
    NV_FACTIONS,
    RAJ,
    SEPOYS,
    TROOPS,
    activists_of,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import VOCABULARY, verb, verbs

PASS, PASS_FREE, DONE = verbs("pass", "pass_free", "done")
PLACE_PIECE = verb("place_piece")  # 6.8 a cube from Out of Play


class CrisisData(StepData):
    """The Crisis placement: the step play returns to, and the cubes still to place (None
    until the die is rolled)."""

    after: str = "card"
    cubes: int | None = None


def crisis_due(state: GandhiState) -> list[Event]:
    """6.8 A turn that triggered a Crisis ends with the Raj placement (and so does a
    Crisis due before a card's turn begins)."""
    if not state.crisis_placement_due:
        return []
    return [begin("crisis_placement", RAJ, CrisisData(after=state.step.name))]


def campaign_card(state: GandhiState) -> list[Event]:
    """2.4 A revealed Campaign card is swapped with the current card at once."""
    if state.upcoming is None or not is_campaign(state.upcoming):
        return []
    assert state.current is not None
    swapped: list[Event] = [CampaignSwapped(campaign=state.upcoming, card=state.current)]
    return [*swapped, begin("campaign")]


def pass_free(state: GandhiState, faction: str) -> list[Action]:
    """2.3.3 An NV Faction Passing may also bring one Activist back from Out of Play."""
    if faction not in NV_FACTIONS:
        return []
    return [PASS_FREE(faction=owner) for owner in NV_FACTIONS
            if state.out_of_play.get(activists_of(owner), 0)]


def pass_free_effects(state: GandhiState, faction: str, action: Action) -> list[Event]:
    if action.verb != "pass_free":
        return []
    kind = activists_of(action["faction"])
    events: list[Event] = [BoxTransfer(kind=kind, count=1, origin="out_of_play",
                                       destination="available")]
    if kind != activists_of(faction):
        events += track(state, "unity", +1)  # 2.3.3 Important
    return events


def card_prompt(state: GandhiState, position: str) -> Msg:
    card = CardText(state.pack, state.current) if state.current else ""
    return Msg(f"gandhi.prompt.card_{position}", card=card)


CARD_TURN: CardTurn[GandhiState] = CardTurn(
    FLOW, EFFECTS, VOCABULARY,
    order=lambda state: faction_order(state.current or "", state.pack),  # 2.3.2, the pack's
    prompt=card_prompt, interrupts=(crisis_due, campaign_card),
    pending=lambda state: state.crisis_placement_due,
    pass_extras=pass_free, pass_effects=pass_free_effects)
CARD_TURN.pass_verbs.add("pass_free")
# What else a Faction may do on a card besides Passing: the Operations and Events issues
# register their choices and handlers here.
CARD_CHOICES = CARD_TURN.choices
CARD_HANDLERS = CARD_TURN.handlers
PASS_REWARD = CARD_TURN.spec.pass_rewards  # 2.3.3
pass_actions = CARD_TURN.pass_actions
do_pass = CARD_TURN.do_pass


@step("crisis_placement", CrisisData)
class CrisisPlacement:
    """6.8 Raj may move up to a die roll of cubes from Out of Play to any spaces (no
    Troops into States)."""

    def ask(self, state: GandhiState) -> Ask | None:
        left = state.step.of(CrisisData).cubes
        if not left:
            return None  # the die is not rolled yet, or every cube is placed
        b = board(state)
        actions = [PLACE_PIECE(piece=kind, space=sid) for kind in (TROOPS, SEPOYS)
                   if state.out_of_play.get(kind, 0)
                   for sid in b.spaces if kind != TROOPS or troops_may_enter(state, sid)]
        if not actions:
            return None
        return Ask(RAJ, Msg("gandhi.prompt.crisis_placement", cubes=left), (*actions, DONE()))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.finish(state)
        kind, where = action["piece"], action["space"]
        left = state.step.of(CrisisData).cubes or 0
        return [PiecesPlaced(space=where, kind=kind, count=1, source="out_of_play"),
                *note(CrisisData(cubes=left - 1))]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        if state.step.of(CrisisData).cubes is None:
            roll = chance.roll(6)
            return [DieRolled(value=roll, purpose="crisis"), *note(CrisisData(cubes=roll))]
        return self.finish(state)  # nothing left that could be placed

    def finish(self, state: GandhiState) -> list[Event]:
        back: StepBegan = begin(state.step.of(CrisisData).after)
        return [CrisisPlacementDue(due=False), back]
