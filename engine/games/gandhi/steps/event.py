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

from collections.abc import Callable, Mapping

from engine.coin.sequence import Did
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi import edits
from engine.games.gandhi.cards import EventCard
from engine.games.gandhi.deck import event_card
from engine.games.gandhi.effects import begin, note
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.names import SpaceName
from engine.games.gandhi.physical import piece
from engine.games.gandhi.state import EventData, GandhiState
from engine.games.gandhi.steps.cards import CARD_CHOICES, CARD_HANDLERS
from engine.games.gandhi.vocabulary import verb
from engine.i18n import normalise_language

# A scripted Event: (state, executing Faction, "unshaded"|"shaded", chance) -> events.  It
# must end the Event itself, with ``finish(faction)`` or a step of its own that does.
Script = Callable[[GandhiState, str, str, Chance], list[Event]]
SCRIPTED: dict[str, Script] = {}

SIDES = ("unshaded", "shaded")  # 5.2 Dual Use
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


def is_manual(state: GandhiState, card: str) -> bool:
    """An Event is manual unless a script is registered for it and the game's pack does
    not mark it ``manual``."""
    return card not in SCRIPTED or event_card(card, state.pack).effect == "manual"


def finish(faction: str) -> list[Event]:
    """The executing Faction has carried out the Event (2.3.6 it becomes Ineligible)."""
    return [FactionActed(faction=faction, did=Did.EVENT.value), begin("card")]


# --- the card's offer (2.3.4) ----------------------------------------------------------------


def event_choices(state: GandhiState, faction: str, allowed: frozenset[Did]) -> list[Action]:
    if Did.EVENT not in allowed or state.current is None:
        return []
    return [EVENT(side=side) for side in SIDES]


def start_event(state: GandhiState, faction: str, action: Action, chance: Chance
                ) -> list[Event]:
    side, card = action["side"], state.current
    assert card is not None
    if not is_manual(state, card):
        return SCRIPTED[card](state, faction, side, chance)
    return [begin("event", faction, ManualData(executing=faction, card=card, side=side,
                                              edits=0))]


CARD_CHOICES.append(event_choices)
CARD_HANDLERS["event"] = start_event


# --- the manual execution ----------------------------------------------------------------------


class ManualData(edits.EditsData, EventData):
    """A manual Event: its card and side, and the edits made (``edits.EditsData``)."""


def menu_prompt(state: GandhiState) -> Msg:
    data = state.step.of(ManualData)
    card = event_card(data.card, state.pack)
    return Msg("gandhi.event.prompt", card=data.card, title=title(card),
               side=Msg(f"gandhi.event.side_{data.side}"), text=face(card, data.side))


def second_prompt(state: GandhiState, first: edits.Pending) -> Msg:
    verb, kind, count, where = first
    place = Msg(f"gandhi.box.{where}") if verb == "place" else SpaceName(where)
    return Msg(f"gandhi.event.prompt_{verb}", count=count, piece=piece(kind), where=place)


@step("event", ManualData)
class ManualEvent:
    """5.1 The executing Faction carries out the text with edits, then says done."""

    def ask(self, state: GandhiState) -> Ask:
        faction = state.step.seat or ""
        first = edits.pending(state)
        if first is not None:
            return Ask(faction, second_prompt(state, first), (*edits.menu(state), CANCEL))
        made = state.step.of(ManualData).edits
        if made >= edits.MAX_EDITS:
            return Ask(faction, Msg("gandhi.event.prompt_limit", edits=made), (DONE,))
        return Ask(faction, menu_prompt(state), (*edits.menu(state), DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return finish(state.step.seat or "")
        if action.verb == "cancel":
            return note(edits.EditsData(pending=None))
        kind, values = edits.read(state, action)
        events = kind.events(state, values, chance)
        if kind.first_of_two:
            return events
        done = note(edits.EditsData(edits=state.step.of(ManualData).edits + 1))
        closed = note(edits.EditsData(pending=None)) if edits.pending(state) is not None else []
        return [*events, *closed, *done]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")  # never reached: ``done`` is always offered
