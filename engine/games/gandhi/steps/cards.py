"""Playing an Event card (2.2-2.4): Faction order, Passing, eligibility, the next card,
Campaign cards, and the Crisis placement at the end of a turn (6.8)."""

from __future__ import annotations

from collections.abc import Callable

from engine.coin.sequence import Did, adjust_eligibility, next_eligible, options
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.board_text import CardText
from engine.games.gandhi.deck import faction_order, is_campaign
from engine.games.gandhi.derived import board, troops_may_enter
from engine.games.gandhi.effects import advance, begin, note, resources, reveal, track
from engine.games.gandhi.events import (
    BoxTransfer,
    CampaignSwapped,
    CardTurnBegan,
    CrisisPlacementDue,
    EligibilitySet,
    FactionPassed,
    PiecesPlaced,
)
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.pieces import (
    FACTIONS,
    NV_FACTIONS,
    RAJ,
    REVOLUTIONARIES,
    SEPOYS,
    TROOPS,
    activists_of,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import verb, verbs

PASS, PASS_FREE, DONE = verbs("pass", "pass_free", "done")
PLACE_PIECE = verb("place_piece")  # 6.8 a cube from Out of Play

# What else a Faction may do on a card besides Passing: the Operations and Events issues
# register their choices and handlers here.
Choices = Callable[[GandhiState, str, frozenset[Did]], list[Action]]
Handler = Callable[[GandhiState, str, Action, Chance], list[Event]]
CARD_CHOICES: list[Choices] = []
CARD_HANDLERS: dict[str, Handler] = {}

PASS_REWARD = {RAJ: 3, REVOLUTIONARIES: 1}  # 2.3.3


@step("card_check")
class CardCheck:
    """2.4 A revealed Campaign card is swapped with the current card at once."""

    def ask(self, state: GandhiState) -> None:
        return None

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        if state.crisis_placement_due:
            return [begin("crisis_placement", RAJ, CrisisData(after="card_check"))]
        if state.upcoming is not None and is_campaign(state.upcoming):
            assert state.current is not None
            return [CampaignSwapped(campaign=state.upcoming, card=state.current),
                    begin("campaign")]
        assert state.current is not None
        order = faction_order(state.current, state.pack)  # 2.3.2, as the game's pack has it
        return [CardTurnBegan(card=state.current, order=list(order)), begin("card")]


def pass_actions(state: GandhiState, faction: str) -> list[Action]:
    """2.3.3 Passing; an NV Faction may also bring one Activist back from Out of Play."""
    actions = [PASS()]
    if faction in NV_FACTIONS:
        actions += [PASS_FREE(faction=owner) for owner in NV_FACTIONS
                    if state.out_of_play.get(activists_of(owner), 0)]
    return actions


def do_pass(state: GandhiState, faction: str, action: Action) -> list[Event]:
    events: list[Event] = [FactionPassed(faction=faction)]
    events += resources(state, faction, PASS_REWARD.get(faction, 0))
    if action.verb == "pass_free":
        kind = activists_of(action["faction"])
        events.append(BoxTransfer(kind=kind, count=1, origin="out_of_play",
                                  destination="available"))
        if kind != activists_of(faction):
            events += track(state, "unity", +1)  # 2.3.3 Important
    return events


@step("card")
class CardPlay:
    """2.3 The Eligible Factions in the card's order execute or Pass."""

    def ask(self, state: GandhiState) -> Ask | None:
        faction = next_eligible(state.turn, state.eligible)
        if faction is None or state.crisis_placement_due:
            return None
        allowed = options(state.turn)
        actions = [a for choose in CARD_CHOICES for a in choose(state, faction, allowed)]
        actions += pass_actions(state, faction)
        position = "first" if not state.turn.acted else "second"
        card = CardText(state.pack, state.current) if state.current else ""
        return Ask(faction, Msg(f"gandhi.prompt.card_{position}", card=card), tuple(actions))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        faction = next_eligible(state.turn, state.eligible)
        assert faction is not None
        if action.verb in ("pass", "pass_free"):
            return do_pass(state, faction, action)
        return CARD_HANDLERS[action.verb](state, faction, action, chance)

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        """6.8 A turn that triggered a Crisis ends with the Raj placement; after the card,
        2.3.6-2.3.7 adjust eligibility and play the next card."""
        if state.crisis_placement_due:
            return [begin("crisis_placement", RAJ, CrisisData(after="card"))]
        turn = state.turn
        eligible = adjust_eligibility(FACTIONS, turn, turn.made_ineligible, turn.kept_eligible)
        return [EligibilitySet(eligible=eligible), *advance(state), *reveal(state, chance),
                begin("card_check")]


class CrisisData(StepData):
    """The Crisis placement: the step play returns to, and the cubes still to place (None
    until the die is rolled)."""

    after: str = "card"
    cubes: int | None = None


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
        return [CrisisPlacementDue(due=False), begin(state.step.of(CrisisData).after)]


