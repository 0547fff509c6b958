"""The cards as the rules see them: which are Campaign cards, each card's Faction order
(2.3.2) and effect, with the game's deck pack applied (DESIGN.md §1).  Card faces live in
``data/cards.toml`` (``engine.games.gandhi.cards``); a game's pack is logged at setup
(``DeckPackLoaded``) and kept on the state as ``state.pack``."""

from __future__ import annotations

import functools

from engine.games.gandhi.cards import CardError, Deck, EventCard, apply_pack, load_cards
from engine.games.gandhi.pieces import FACTIONS


@functools.lru_cache(maxsize=16)
def deck_for(pack: str | None = None) -> Deck:
    """The default deck with ``pack`` (TOML text) applied; raises ``CardError``."""
    deck = load_cards()
    return deck if pack is None else apply_pack(deck, pack)


def pack_problem(pack: object) -> str | None:
    """Why ``pack`` cannot be a game's deck pack (the message names the card), or None."""
    if not isinstance(pack, str):
        return "a deck pack is the TOML text of the pack"
    try:
        deck_for(pack)
    except CardError as exc:
        return str(exc)
    from engine.games.gandhi.np.data import np_problem  # the pack's [np] table (8.0)

    return np_problem(pack)


def is_campaign(card: str) -> bool:
    """1.2 Cards #73-79 are the Campaign cards."""
    return int(card) >= 73


def event_card(card: str, pack: str | None = None) -> EventCard:
    return deck_for(pack).events[card]


def faction_order(card: str, pack: str | None = None) -> tuple[str, ...]:
    """2.3.2 The left-to-right Faction icons of an Event card, as the game's pack has it."""
    order = tuple(event_card(card, pack).order)
    assert sorted(order) == sorted(FACTIONS)
    return order
