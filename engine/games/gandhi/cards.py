"""Gandhi cards: the 72 Event cards and 7 Campaign (Viceroy) cards, and deck packs.

Pure loader (rules 2.3-2.5, 5.0, 8.8): reads ``data/cards.toml`` (or another file) with
stdlib ``tomllib`` and returns a frozen :class:`Deck`. Nothing is computed at load time: the
Faction orders are data, completed where the books are silent by the rule documented in
``docs/card-orders.md``. Every card says how much of its face is attested:

- ``order_status``: ``printed`` (the whole strip is known), ``partial`` (some relations are
  known, the rest is completed by the rule), ``stand-in`` (rule only) or ``pack``.
- ``critical_status`` / ``halo_status``: ``known`` (the mark of all four Factions is attested),
  ``partial``, ``stand-in`` (nothing attested) or ``pack``. An unattested mark stands in as
  "no mark".

A *deck pack* (DESIGN.md section 1) is a TOML text that overrides, per card id, any of
title, order, critical, halo, texts and ``effect = "manual"``; :func:`apply_pack` checks it the
same way and records its SHA-256 in the returned deck.
"""

from __future__ import annotations

import functools
import hashlib
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DEFAULT_CARDS_PATH = Path(__file__).parent / "data" / "cards.toml"

Faction = Literal["raj", "congress", "muslim_league", "revolutionaries"]
Viceroy = Literal[
    "chelmsford", "reading", "irwin", "willingdon", "linlithgow", "wavell", "mountbatten"
]
OrderStatus = Literal["printed", "partial", "stand-in", "pack"]
MarkStatus = Literal["known", "partial", "stand-in", "pack"]
TextSource = Literal["official", "translation", "pack"]
Effect = Literal["scripted", "manual"]

# 1.5: the four Factions, in the order used for ids and for the completion rule.
FACTIONS: tuple[Faction, ...] = ("raj", "congress", "muslim_league", "revolutionaries")
VICEROYS: tuple[Viceroy, ...] = (
    "chelmsford", "reading", "irwin", "willingdon", "linlithgow", "wavell", "mountbatten"
)
EVENT_NUMBERS = range(1, 73)  # 1.2: 72 Event cards
CAMPAIGN_NUMBERS = range(73, 80)  # 1.2, 2.5: 7 Campaign cards, one per Viceroy
LANGUAGES = ("en", "es", "it")

PERMUTATION_MESSAGE = "order must be a permutation of " + ", ".join(FACTIONS)
EVENT_PACK_FIELDS = frozenset(
    {"title", "order", "critical", "halo", "text_unshaded", "text_shaded", "effect"}
)
CAMPAIGN_PACK_FIELDS = frozenset({"title", "heading", "epithet", "text", "capability"})


class CardError(ValueError):
    """A card file or deck pack is missing, malformed or inconsistent; the message names
    the card (``card 17: ...``)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Title(_Frozen):
    """A card title in the three target languages; an empty one falls back to English."""

    en: str = Field(min_length=1)
    es: str = ""
    it: str = ""
    en_official: bool = False  # True when an English source prints this title
    es_official: bool = False  # True when a Spanish source prints it (none does yet)

    def get(self, lang: str) -> str:
        value: str = getattr(self, lang, "") if lang in LANGUAGES else ""
        return value or self.en


class CardText(_Frozen):
    """One text of a card: Italian verbatim from the rule book; English and Spanish
    official (quoted from a rule book) or our translation, see ``en_source`` and
    ``es_source``."""

    it: str = ""
    en: str = Field(min_length=1)
    es: str = ""
    flavor_it: str = ""  # 5.0: italic flavor text, no effect on play
    flavor_en: str = ""
    en_source: TextSource = "translation"
    es_source: TextSource = "translation"

    def get(self, lang: str) -> str:
        value: str = getattr(self, lang, "") if lang in LANGUAGES else ""
        return value or self.en

    def flavor(self, lang: str) -> str:
        if lang == "it" and self.flavor_it:
            return self.flavor_it
        return self.flavor_en


def _duplicates(values: tuple[str, ...]) -> list[str]:
    return sorted({v for v in values if values.count(v) > 1})


def _mark_status(known: tuple[Faction, ...]) -> MarkStatus:
    if len(known) == len(FACTIONS):
        return "known"
    return "partial" if known else "stand-in"


def _closure(relations: tuple[tuple[Faction, Faction], ...]) -> set[tuple[str, str]]:
    before: set[tuple[str, str]] = set(relations)
    changed = True
    while changed:
        extra = {(a, d) for a, b in before for c, d in before if b == c and a != d}
        changed = not extra <= before
        before |= extra
    return before


class EventCard(_Frozen):
    """An Event card (2.3, 5.0): Faction order, non-player marks (8.8.1, 8.8.2), dual texts."""

    id: str
    number: int
    campaign: Literal[False] = False
    title: Title
    order: tuple[Faction, ...]  # 2.3.2: printed left to right
    order_status: OrderStatus
    relations: tuple[tuple[Faction, Faction], ...] = ()  # (a, b): a's icon left of b's
    critical: tuple[Faction, ...] = ()  # 8.8.1: rifle / arrow under the icon
    critical_known: tuple[Faction, ...] = ()
    critical_status: MarkStatus = "stand-in"
    halo: tuple[Faction, ...] = ()  # 8.8.2: square halo, NP uses the unshaded text
    halo_known: tuple[Faction, ...] = ()
    halo_status: MarkStatus = "stand-in"
    text_unshaded: CardText
    text_shaded: CardText
    effect: Effect = "scripted"
    source: str = ""
    pack_fields: tuple[str, ...] = ()  # fields a deck pack overrode

    @model_validator(mode="before")
    @classmethod
    def _order_is_permutation(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            order = data.get("order")
            if not isinstance(order, list | tuple) or sorted(map(str, order)) != sorted(FACTIONS):
                raise ValueError(PERMUTATION_MESSAGE)
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.number not in EVENT_NUMBERS:
            raise ValueError(f"an Event card number must be 1-72, not {self.number}")
        if self.id != str(self.number):
            raise ValueError(f"the card id must equal its number {self.number}")
        for a, b in self.relations:
            if a == b:
                raise ValueError(f"relation [{a}, {b}] names one Faction twice")
        if self.order_status != "pack":
            for a, b in self.relations:
                if self.order.index(a) > self.order.index(b):
                    raise ValueError(
                        f"order puts {b} before {a}, against the known relation {a} before {b}"
                    )
        if self.order_status == "printed":
            pairs = _closure(self.relations)
            if any((a, b) not in pairs and (b, a) not in pairs
                   for i, a in enumerate(FACTIONS) for b in FACTIONS[i + 1:]):
                raise ValueError("order_status 'printed' needs relations that fix the whole order")
        elif self.order_status == "partial" and not self.relations:
            raise ValueError("order_status 'partial' needs at least one known relation")
        elif self.order_status == "stand-in" and self.relations:
            raise ValueError("order_status 'stand-in' cannot have known relations; use 'partial'")
        for name in ("critical", "critical_known", "halo", "halo_known"):
            dup = _duplicates(getattr(self, name))
            if dup:
                raise ValueError(f"{name} names {', '.join(dup)} twice")
        for mark in ("critical", "halo"):
            status = getattr(self, f"{mark}_status")
            known: tuple[Faction, ...] = getattr(self, f"{mark}_known")
            if status != "pack" and status != _mark_status(known):
                raise ValueError(
                    f"{mark}_status must be '{_mark_status(known)}' when {mark}_known lists "
                    f"{len(known)} Faction(s)"
                )
        return self

    @property
    def order_is_stand_in(self) -> bool:
        """True when the printed strip is not fully known: show the order as a stand-in."""
        return self.order_status in ("partial", "stand-in")

    def stand_in_fields(self) -> tuple[str, ...]:
        """Which parts of the face are (partly) stand-ins: "order", "critical", "halo"."""
        out: list[str] = []
        if self.order_is_stand_in:
            out.append("order")
        if self.critical_status in ("partial", "stand-in"):
            out.append("critical")
        if self.halo_status in ("partial", "stand-in"):
            out.append("halo")
        return tuple(out)

    def relation_conflicts(self) -> tuple[tuple[Faction, Faction], ...]:
        """Known relations the order breaks (only possible for an order from a pack)."""
        return tuple((a, b) for a, b in self.relations if self.order.index(a) > self.order.index(b))

    def is_critical(self, faction: str) -> bool:
        return faction in self.critical

    def has_halo(self, faction: str) -> bool:
        return faction in self.halo


class CampaignCard(_Frozen):
    """A Campaign card (2.4) showing a British Viceroy whose capability helps the Raj (2.5.1)."""

    id: str
    number: int
    campaign: Literal[True] = True
    viceroy: Viceroy
    years: str = ""
    title: Title
    heading: Title
    epithet: Title
    text: CardText
    capability: CardText
    source: str = ""
    pack_fields: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.number not in CAMPAIGN_NUMBERS:
            raise ValueError(f"a Campaign card number must be 73-79, not {self.number}")
        if self.id != str(self.number):
            raise ValueError(f"the card id must equal its number {self.number}")
        return self


Card = EventCard | CampaignCard


class Deck(_Frozen):
    """All cards by id ("1".."72" Events, "73".."79" Campaigns)."""

    events: dict[str, EventCard]
    campaigns: dict[str, CampaignCard]
    pack_hash: str | None = None  # sha256 of the deck pack text applied, if any
    pack_name: str | None = None

    def card(self, card_id: str | int) -> Card:
        key = str(card_id)
        if key in self.events:
            return self.events[key]
        if key in self.campaigns:
            return self.campaigns[key]
        raise CardError(f"card {key}: no such card in the deck")

    def is_campaign(self, card_id: str | int) -> bool:
        return isinstance(self.card(card_id), CampaignCard)

    def title(self, card_id: str | int, lang: str = "en") -> str:
        """The card's title in ``lang`` ("en", "es", "it"), falling back to English."""
        return self.card(card_id).title.get(lang)


def _messages(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        msg = str(err["msg"]).removeprefix("Value error, ")
        loc = ".".join(str(x) for x in err["loc"])
        parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts)


def _build(
    model: type[EventCard] | type[CampaignCard], card_id: str, raw: Mapping[str, Any]
) -> Card:
    try:
        return model.model_validate({**raw, "id": card_id})
    except ValidationError as exc:
        raise CardError(f"card {card_id}: {_messages(exc)}") from None


def _toml(text: str, what: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardError(f"{what}: not valid TOML: {exc}") from None


def _card_tables(data: Mapping[str, Any], what: str, meta: str) -> dict[str, Mapping[str, Any]]:
    extra = sorted(set(data) - {"cards", meta})
    if extra:
        raise CardError(f"{what}: unknown top-level key(s) {', '.join(extra)}")
    cards = data.get("cards")
    if not isinstance(cards, Mapping):
        raise CardError(f"{what}: a [cards] table is required")
    out: dict[str, Mapping[str, Any]] = {}
    for card_id, raw in cards.items():
        if not isinstance(raw, Mapping):
            raise CardError(f"card {card_id}: must be a table")
        out[str(card_id)] = raw
    return out


def parse_cards(text: str, what: str = "card file") -> Deck:
    """Parse and check the text of a card file (see :func:`load_cards`).

    Results are memoised by text: the deck is frozen and shared, so callers must not mutate
    its dicts (build a new deck with :func:`apply_pack` instead)."""
    return _parse_cards(text, what)


@functools.lru_cache(maxsize=8)
def _parse_cards(text: str, what: str) -> Deck:
    tables = _card_tables(_toml(text, what), what, "deck")
    events: dict[str, EventCard] = {}
    campaigns: dict[str, CampaignCard] = {}
    viceroys: dict[str, str] = {}
    for card_id, raw in tables.items():
        if raw.get("campaign") is True:
            camp = _build(CampaignCard, card_id, raw)
            assert isinstance(camp, CampaignCard)
            if camp.viceroy in viceroys:
                raise CardError(
                    f"card {card_id}: Viceroy {camp.viceroy} is already on card "
                    f"{viceroys[camp.viceroy]}"
                )
            viceroys[camp.viceroy] = card_id
            campaigns[card_id] = camp
        else:
            event = _build(EventCard, card_id, raw)
            assert isinstance(event, EventCard)
            events[card_id] = event
    for n in (*EVENT_NUMBERS, *CAMPAIGN_NUMBERS):
        if str(n) not in events and str(n) not in campaigns:
            raise CardError(f"card {n}: missing from {what}")
    ordered_events = {str(n): events[str(n)] for n in EVENT_NUMBERS}
    ordered_campaigns = {str(n): campaigns[str(n)] for n in CAMPAIGN_NUMBERS}
    return Deck(events=ordered_events, campaigns=ordered_campaigns)


def load_cards(path: str | Path | None = None) -> Deck:
    """Load and check the deck (default: ``data/cards.toml``); raise :class:`CardError`."""
    file = Path(path) if path is not None else DEFAULT_CARDS_PATH
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardError(f"cannot read card file {file}: {exc}") from None
    return parse_cards(text, what=str(file))


def _merge_text(current: Mapping[str, Any], override: Any, card_id: str, name: str) -> Any:
    if not isinstance(override, Mapping):
        raise CardError(f"card {card_id}: {name} must be a table")
    merged = {**current, **override}
    for lang in ("en", "es"):
        source = f"{lang}_source"
        if lang in override and source not in override and source in current:
            merged[source] = "pack"
    return merged


def apply_pack(deck: Deck, pack_toml_text: str) -> Deck:
    """Return ``deck`` with a deck pack applied (DESIGN.md section 1).

    The pack is TOML: an optional ``[pack]`` table (``name``) and ``[cards.<id>]`` tables
    that may set ``title``, ``order``, ``critical``, ``halo``, ``text_unshaded``,
    ``text_shaded`` and ``effect`` ("scripted" or "manual") of an Event card, or ``title``,
    ``heading``, ``epithet``, ``text`` and ``capability`` of a Campaign card. Tables (titles,
    texts) are merged key by key; lists replace. An overridden order gets
    ``order_status = "pack"`` (the group's own card outranks our deductions, so known
    relations are not enforced on it; see :meth:`EventCard.relation_conflicts`); overridden
    marks get ``"pack"`` status. Every card is re-checked as on load.
    """
    data = dict(_toml(pack_toml_text, "deck pack"))
    # ``[np]``: the non-player data a pack may replace (engine/games/gandhi/np/data.py)
    if "np" in data:
        data.pop("np")
        data.setdefault("cards", {})
    tables = _card_tables(data, "deck pack", "pack")
    meta = data.get("pack", {})
    if not isinstance(meta, Mapping):
        raise CardError("deck pack: [pack] must be a table")
    name = meta.get("name")
    events = dict(deck.events)
    campaigns = dict(deck.campaigns)
    for card_id, override in tables.items():
        current: Card
        if card_id in events:
            allowed, current = EVENT_PACK_FIELDS, events[card_id]
        elif card_id in campaigns:
            allowed, current = CAMPAIGN_PACK_FIELDS, campaigns[card_id]
        else:
            raise CardError(f"card {card_id}: no such card in the deck")
        extra = sorted(set(override) - allowed)
        if extra:
            raise CardError(f"card {card_id}: a deck pack cannot set {', '.join(extra)}")
        raw: dict[str, Any] = current.model_dump()
        raw.pop("id")
        for key, value in override.items():
            if isinstance(raw.get(key), dict):
                raw[key] = _merge_text(raw[key], value, card_id, key)
            else:
                raw[key] = value
        if "order" in override:
            raw["order_status"] = "pack"
        for mark in ("critical", "halo"):
            if mark in override:
                raw[f"{mark}_status"] = "pack"
        raw["pack_fields"] = tuple(sorted({*current.pack_fields, *override}))
        if isinstance(current, EventCard):
            event = _build(EventCard, card_id, raw)
            assert isinstance(event, EventCard)
            events[card_id] = event
        else:
            camp = _build(CampaignCard, card_id, raw)
            assert isinstance(camp, CampaignCard)
            campaigns[card_id] = camp
    return Deck(
        events=events,
        campaigns=campaigns,
        pack_hash=hashlib.sha256(pack_toml_text.encode("utf-8")).hexdigest(),
        pack_name=str(name) if name is not None else deck.pack_name,
    )
