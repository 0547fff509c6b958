"""Executing an Event (5.0-5.2): the card's offer and the manual execution step.

On a card, a Faction for which the Event is an option (2.3.4) may choose either text
(5.2): ``event unshaded`` or ``event shaded``.  A card with a scripted effect runs its
script (``SCRIPTED``, filled by the Events issue); every other card, and every card a
deck pack marks ``effect = "manual"``, is carried out by the executing Faction with the
primitive edits of ``engine.games.gandhi.edits``, then ``done`` (DESIGN.md §1).  While it
executes, the step's data names it (``executing``), so 1.5.2 transfers are open; a Crisis
triggered by an edit is placed after the card (6.8).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.coin import eventstep as coin_eventstep
from engine.coin.edits import Pending
from engine.coin.eventstep import SIDES as SIDES  # 5.2 Dual Use
from engine.coin.eventstep import EventSteps
from engine.coin.eventstep import Script as Script  # the scripts' type, named here
from engine.coin.eventstep import finish as finish  # how a script ends its Event
from engine.core.messages import Msg
from engine.games.gandhi import edits
from engine.games.gandhi.cards import EventCard
from engine.games.gandhi.deck import event_card
from engine.games.gandhi.flow import FLOW
from engine.games.gandhi.names import SpaceName
from engine.games.gandhi.physical import piece
from engine.games.gandhi.state import STEP_MODELS, GandhiState
from engine.games.gandhi.steps.cards import CARD_TURN
from engine.games.gandhi.vocabulary import VOCABULARY, verb
from engine.i18n import normalise_language

DONE, CANCEL = verb("done")(), verb("cancel")()
EVENT = verb("event")


class CardFace(Msg):
    """A card's title or text in the reader's language: card faces are data (the deck
    and its pack), not catalogue keys."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        super().__init__("gandhi.event.card_face", texts=dict(texts))

    def render(self, lang: str | None = None) -> str:
        texts: dict[str, str] = self.params["texts"]
        return texts.get(normalise_language(lang)) or texts.get("en", "")


def face(card: EventCard, side: str) -> CardFace:
    text = card.text_unshaded if side == "unshaded" else card.text_shaded
    return CardFace({lang: text.get(lang) for lang in ("en", "es", "it")})


def title(card: EventCard) -> CardFace:
    return CardFace({lang: card.title.get(lang) for lang in ("en", "es", "it")})


class ManualData(coin_eventstep.ManualData):
    """A manual Event: its card and side, and the edits made (``edits.EditsData``)."""


def menu_prompt(state: GandhiState) -> Msg:
    data = state.step.of(ManualData)
    card = event_card(data.card, state.pack)
    return Msg("gandhi.event.prompt", card=data.card, title=title(card),
               side=Msg(f"gandhi.event.side_{data.side}"), text=face(card, data.side))


def second_prompt(state: GandhiState, first: Pending) -> Msg:
    verb, kind, count, where = first
    place = Msg(f"gandhi.box.{where}") if verb == "place" else SpaceName(where)
    return Msg(f"gandhi.event.prompt_{verb}", count=count, piece=piece(kind), where=place)


EVENTS: EventSteps[GandhiState] = EventSteps(
    FLOW, STEP_MODELS, CARD_TURN, VOCABULARY, edits.EDITS, model=ManualData,
    # a card the game's pack marks ``effect = "manual"`` is played by hand even if scripted
    forced_manual=lambda state, card: event_card(card, state.pack).effect == "manual",
    menu_prompt=menu_prompt, second_prompt=second_prompt,
    limit_prompt=lambda made: Msg("gandhi.event.prompt_limit", edits=made))
SCRIPTED = EVENTS.scripted   # filled by the scripts (``engine.games.gandhi.scripts``)
is_manual = EVENTS.is_manual
event_choices, start_event = EVENTS.choices, EVENTS.start
