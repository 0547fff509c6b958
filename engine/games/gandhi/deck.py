"""The cards as the rules see them: which are Campaign cards, and each card's Faction
order (2.3.2).  Card faces live in ``data/cards.toml`` (``engine.games.gandhi.cards``)."""

from __future__ import annotations

from engine.games.gandhi.pieces import FACTIONS


def is_campaign(card: str) -> bool:
    """1.2 Cards #73-79 are the Campaign cards."""
    return int(card) >= 73


def faction_order(card: str) -> tuple[str, ...]:
    """The left-to-right Faction icons of an Event card."""
    from engine.games.gandhi.cards import load_cards

    order = tuple(load_cards().events[card].order)
    assert sorted(order) == sorted(FACTIONS)
    return order
