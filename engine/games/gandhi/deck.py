"""The cards as the rules see them: which are Campaign cards, each card's Faction order
(2.3.2) and effect, with the game's deck pack applied (DESIGN.md §1).  Card faces live in
``data/cards.toml`` (``engine.games.gandhi.cards``); a game's pack is logged at setup
(``DeckPackLoaded``) and kept on the state as ``state.pack``."""

from __future__ import annotations

from engine.coin.deck import Decks, checked_order
from engine.games.gandhi.cards import CardError, Deck, EventCard, apply_pack, load_cards
from engine.games.gandhi.pieces import FACTIONS

# the default deck with a pack (TOML text) applied, shared machinery (``engine.coin.deck``)
DECKS: Decks[Deck] = Decks(lambda: load_cards(), apply_pack, CardError)


def deck_for(pack: str | None = None) -> Deck:
    """The default deck with ``pack`` (TOML text) applied; raises ``CardError``."""
    return DECKS.deck_for(pack)


def pack_problem(pack: object) -> str | None:
    """Why ``pack`` cannot be a game's deck pack (the message names the card), or None."""
    problem = DECKS.pack_problem(pack)
    if problem is not None or not isinstance(pack, str):
        return problem
    from engine.games.gandhi.np.data import np_problem  # the pack's [np] table (8.0)

    return np_problem(pack)


def is_campaign(card: str) -> bool:
    """1.2 Cards #73-79 are the Campaign cards."""
    return int(card) >= 73


def event_card(card: str, pack: str | None = None) -> EventCard:
    return deck_for(pack).events[card]


def faction_order(card: str, pack: str | None = None) -> tuple[str, ...]:
    """2.3.2 The left-to-right Faction icons of an Event card, as the game's pack has it."""
    return checked_order(event_card(card, pack).order, FACTIONS)
