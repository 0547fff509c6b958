"""A Distant Plain's deck with the game's deck pack applied (DESIGN.md §1), on the shared
``engine.coin.deck.Decks``.

The default cards are ``data/deck.toml`` (``mapdata.parse_deck``): titles from public
sources, stand-in Faction orders, no texts, every Event ``manual``.  A *deck pack* is a TOML
text: an optional ``[pack]`` table (``name``) and ``[cards.<n>]`` tables that may set, on an
Event card (1-72):

- ``title``: ``{ en, es, it }``, merged key by key with the default title;
- ``order``: the Faction order (2.3.2), every Faction once (``order_status = "pack"``);
- ``text_unshaded`` / ``text_shaded``: ``{ en, es, it }``, the card's texts (5.0, 5.2);
- ``capability``: ``"coalition"``, ``"taliban"`` (5.3: whose Capability the card is) or
  ``"none"``; ``momentum``: the sides that are Momentum (5.4), e.g. ``["shaded"]``;
- ``halo``: the Factions with a grey halo (8.4.1); ``instructions``: ``{ <faction> = text }``,
  their 8.4.1 instructions for the card;
- ``effect = "manual"`` (A Distant Plain has no scripted Events: nothing else is accepted);

and on a Propaganda card (73-78) only ``title``.  A mistake is refused with a message
naming the card (``card 17: ...``).
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from engine.coin.deck import Decks
from engine.games.adp.mapdata import Card, default_data
from engine.games.adp.spec import FACTIONS
from engine.i18n import LANGUAGES

SIDES = ("unshaded", "shaded")
EVENT_FIELDS = frozenset({"title", "order", "text_unshaded", "text_shaded", "capability",
                          "momentum", "halo", "instructions", "effect"})
PROPAGANDA_FIELDS = frozenset({"title"})
CAPABILITY_OWNERS = {"coalition": "coalition", "taliban": "taliban", "none": None}


class CardError(ValueError):
    """A deck pack is malformed or names a card wrongly; the message names the card."""


@dataclass(frozen=True)
class AdpDeck:
    """The 78 cards by number, and the pack applied (its name and SHA-256), if any."""

    cards: Mapping[int, Card]
    pack_name: str | None = None
    pack_hash: str | None = None


def default_deck() -> AdpDeck:
    return AdpDeck(default_data().deck)


def _frozen(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(d))


def _languages(card_id: str, name: str, value: Any) -> dict[str, str]:
    """A ``{ en, es, it }`` table of non-empty strings."""
    if not isinstance(value, Mapping) or set(value) - set(LANGUAGES) or not all(
            isinstance(v, str) and v for v in value.values()):
        raise CardError(f"card {card_id}: {name} must be a table of texts by language "
                        f"({', '.join(LANGUAGES)})")
    return dict(value)


def _factions(card_id: str, name: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(f in FACTIONS for f in value) or len(
            set(value)) != len(value):
        raise CardError(f"card {card_id}: {name} must list Factions of {', '.join(FACTIONS)}, "
                        "each at most once")
    return tuple(value)


def _order(card_id: str, value: Any) -> tuple[str, ...]:
    """2.3.2 Every Faction once."""
    if not isinstance(value, list) or sorted(map(str, value)) != sorted(FACTIONS):
        raise CardError(f"card {card_id}: order must name every Faction once: "
                        f"{', '.join(FACTIONS)}")
    return tuple(value)


def _instructions(card_id: str, value: Any) -> dict[str, str]:
    if not isinstance(value, Mapping) or set(value) - set(FACTIONS) or not all(
            isinstance(v, str) and v for v in value.values()):
        raise CardError(f"card {card_id}: instructions must be a table of texts by Faction "
                        f"({', '.join(FACTIONS)})")
    return dict(value)


def _applied(card: Card, card_id: str, override: Mapping[str, Any]) -> Card:
    """``card`` with one ``[cards.<n>]`` table of a pack applied."""
    allowed = PROPAGANDA_FIELDS if card.propaganda else EVENT_FIELDS
    extra = sorted(set(override) - allowed)
    if extra:
        raise CardError(f"card {card_id}: a deck pack cannot set {', '.join(extra)}"
                        + (" on a Propaganda card" if card.propaganda else ""))
    changes: dict[str, Any] = {}
    if "title" in override:
        changes["title"] = _frozen({**card.title, **_languages(card_id, "title",
                                                               override["title"])})
    if "order" in override:
        changes["order"] = _order(card_id, override["order"])
        changes["order_status"] = "pack"
        changes["stand_in"] = False
    texts = {side: override[f"text_{side}"] for side in SIDES if f"text_{side}" in override}
    if texts:
        changes["texts"] = _frozen({**card.texts, **{
            side: _frozen({**card.texts.get(side, {}),
                           **_languages(card_id, f"text_{side}", value)})
            for side, value in texts.items()}})
    if "capability" in override:
        if override["capability"] not in CAPABILITY_OWNERS:
            raise CardError(f"card {card_id}: capability must be one of "
                            f"{', '.join(CAPABILITY_OWNERS)}")
        changes["capability"] = CAPABILITY_OWNERS[override["capability"]]
    if "momentum" in override:
        value = override["momentum"]
        if not isinstance(value, list) or set(value) - set(SIDES):
            raise CardError(f"card {card_id}: momentum must list sides of "
                            f"{', '.join(SIDES)}")
        changes["momentum"] = tuple(s for s in SIDES if s in value)
    if "halo" in override:
        changes["halo"] = _factions(card_id, "halo", override["halo"])
    if "instructions" in override:
        changes["instructions"] = _frozen(_instructions(card_id, override["instructions"]))
    if "effect" in override and override["effect"] != "manual":
        raise CardError(f"card {card_id}: effect {override['effect']!r}: A Distant Plain has "
                        "no scripted Events; a deck pack may only say effect = \"manual\"")
    changes["pack_fields"] = tuple(sorted({*card.pack_fields, *override}))
    return replace(card, **changes)


def _card_number(card_id: str, cards: Mapping[int, Card]) -> int:
    number = int(card_id) if card_id.isdigit() else -1
    if number not in cards or str(number) != card_id:
        raise CardError(f"card {card_id}: no such card in the deck")
    return number


def apply_pack(deck: AdpDeck, text: str) -> AdpDeck:
    """``deck`` with the deck pack ``text`` applied (see the module's docstring)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardError(f"deck pack: not valid TOML: {exc}") from None
    extra = sorted(set(data) - {"pack", "cards"})
    if extra:
        raise CardError(f"deck pack: unknown top-level key(s) {', '.join(extra)}")
    meta, tables = data.get("pack", {}), data.get("cards", {})
    if not isinstance(meta, Mapping) or not isinstance(tables, Mapping):
        raise CardError("deck pack: [pack] and [cards] must be tables")
    cards = dict(deck.cards)
    for card_id, override in tables.items():
        number = _card_number(str(card_id), cards)
        if not isinstance(override, Mapping):
            raise CardError(f"card {card_id}: must be a table")
        cards[number] = _applied(cards[number], str(card_id), override)
    name = meta.get("name")
    return AdpDeck(MappingProxyType(cards), str(name) if name is not None else deck.pack_name,
                   hashlib.sha256(text.encode("utf-8")).hexdigest())


# the default deck with a pack (TOML text) applied, shared machinery (``engine.coin.deck``)
DECKS: Decks[AdpDeck] = Decks(default_deck, apply_pack, CardError)


def deck_for(pack: str | None = None) -> AdpDeck:
    """The default deck with ``pack`` (TOML text) applied; raises ``CardError``."""
    return DECKS.deck_for(pack)


def pack_problem(pack: object) -> str | None:
    """Why ``pack`` cannot be a game's deck pack (the message names the card), or None."""
    return DECKS.pack_problem(pack)
