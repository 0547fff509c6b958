"""Steps of the setup: the Congress placement of Main and Quick Start, and the first
cards (2.1, 2.2)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import CardRevealed, Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board
from engine.games.gandhi.effects import begin
from engine.games.gandhi.events import CardAdvanced, MarkerSet, PiecesPlaced
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.pieces import CONGRESS, CONGRESS_ACTIVISTS, GANDHI
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import verb

PLACE_IN = verb("place_in")


@step("congress_setup")
class CongressSetup:
    """Main/Quick Start: "Lastly, Congress places Gandhi, 1 Congress Activist (Active),
    and 1 Protest marker in any 1 space." (Set Up p.42; the Active state follows from the
    Protest, 1.4.3)."""

    def ask(self, state: GandhiState) -> Ask:
        b = board(state)
        actions = tuple(PLACE_IN(space=sid) for sid in b.spaces)
        return Ask(CONGRESS, Msg("gandhi.prompt.congress_setup"), actions)

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        where = action["space"]
        return [PiecesPlaced(space=where, kind=GANDHI, count=1),
                PiecesPlaced(space=where, kind=CONGRESS_ACTIVISTS, count=1),
                MarkerSet(space=where, marker="protest", value=1), begin("start")]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return []


@step("start")
class Start:
    """2.2 Reveal the top card into the Current Card box, then the next card."""

    def ask(self, state: GandhiState) -> None:
        return None

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        top, following = chance.card(0), chance.card(1)
        return [CardRevealed(index=0, card=top), CardAdvanced(card=top),
                CardRevealed(index=1, card=following), begin("card_check")]
