"""What the renders show of a card: number, title, Faction order and how sure it is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from engine.games.gandhi.cards import CampaignCard, Deck, EventCard, load_cards
from engine.i18n import t


@cache
def deck() -> Deck:
    return load_cards()


@dataclass(frozen=True)
class CardFace:
    number: str
    title: str
    order: tuple[str, ...]       # empty for Campaign cards
    order_note: str              # "" when the printed order is known
    campaign: bool


def card_face(card_id: str, lang: str) -> CardFace:
    card = deck().card(card_id)
    title = card.title.get(lang)
    if isinstance(card, CampaignCard):
        return CardFace(card_id, title, (), "", True)
    assert isinstance(card, EventCard)
    note = t(f"renders.gandhi.order.{card.order_status}", lang)
    return CardFace(card_id, title, tuple(card.order), note, False)


@dataclass(frozen=True)
class ViceroyFace:
    name: str
    epithet: str
    years: str
    capability: str


NON_PLAYER_NOTE = re.compile(r"\.?\s*(NP Raj|Raj NP|Raj NJ|Raj Sin Jugador)\b.*$")


def player_capability(text: str) -> str:
    """2.5.1 The capability for a Raj player: the card's Non-player note (8.1.6) is left
    off until non-player Factions exist."""
    return NON_PLAYER_NOTE.sub("", text).rstrip().rstrip(".") + "."


def viceroy_face(card_id: str, lang: str) -> ViceroyFace:
    card = deck().campaigns[card_id]
    capability = player_capability(card.capability.get(lang))
    head, sep, rest = capability.partition(": ")
    return ViceroyFace(name=t(f"gandhi.viceroy.{card.viceroy}", lang),
                       epithet=t(f"gandhi.viceroy_title.{card.viceroy}", lang),
                       years=card.years.replace("-", "–"),
                       capability=rest[:1].upper() + rest[1:] if sep and len(head) < 40
                       else capability)
