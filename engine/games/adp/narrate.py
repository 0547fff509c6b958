"""The plain-language story of a stretch of the log: a line per card or Propaganda card,
a bullet per action (``Taliban: pass``) and what each did under it, built from the events
alone (DESIGN.md §3 "Events are facts")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.coin import events as cev
from engine.coin.narrate import Narrator
from engine.core.events import DieRolled, Event, Recorded
from engine.games.adp.names import faction_name, piece_name, place_name, support_name
from engine.games.adp.setup import card
from engine.games.adp.state import AdpState
from engine.games.adp.victory import solo_verdict
from engine.games.adp.vocabulary import VOCABULARY
from engine.i18n import t

SECTIONS = ("CardTurnBegan", "PropagandaPlayed", "GameEnded")   # each opens a paragraph
NARRATOR = Narrator(VOCABULARY, "adp", SECTIONS, faction_name)
choice_label = NARRATOR.choice_label


def digest_text(after: AdpState, events: Iterable[Event | Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
    def line(event: Event, seat: str | None) -> str:
        said = describe(event, lang, after.pack)
        if isinstance(event, cev.GameEnded):      # 8.8 (1 player): who wins, and how
            verdict = solo_verdict(event.model_dump(), after.options, lang)
            return f"{said} {verdict}" if verdict else said
        return said

    return NARRATOR.digest(events, lang, line, notes)


def card_name(card_id: str, lang: str, pack: str | None = None) -> str:
    """A card as its number and its title in the reader's language, as the game's deck
    pack has it (``3 Reapers``)."""
    title = card(card_id, pack).title
    return f"{card_id} {title.get(lang) or title.get('en', '')}".strip()


def _rolled(e: DieRolled, lang: str) -> str:
    """A die; a Non-player's die says the rule it was rolled for (8.2 Random Spaces...)."""
    rule = e.purpose.split()[0] if e.purpose and e.purpose[0].isdigit() else ""
    if rule:
        return t("adp.digest.roll_for", lang, value=e.value, rule=rule)
    return t("adp.digest.roll", lang, value=e.value)


def _box(name: str, lang: str) -> str:
    return t(f"adp.box.{name}", lang)


def _player(player: str, lang: str) -> str:
    """7.3 A player, named by their Factions."""
    return " + ".join(faction_name(f, lang) for f in player.split("+"))


def _ended(e: cev.GameEnded, lang: str) -> str:
    ranking = ", ".join(f"{faction_name(f, lang)} {e.margins.get(f, 0):+d}" for f in e.ranking)
    return t("adp.digest.ended", lang, reason=t(f"adp.reason.{e.reason}", lang),
             ranking=ranking)


DESCRIBE: dict[str, Callable[[Any, str], str]] = {
    "PiecesPlaced": lambda e, lang: t("adp.digest.placed", lang, count=e.count,
                                      piece=piece_name(e.kind, lang, e.count),
                                      space=place_name(e.space, lang)),
    "PiecesRemoved": lambda e, lang: t("adp.digest.removed", lang, count=e.count,
                                       piece=piece_name(e.kind, lang, e.count),
                                       space=place_name(e.space, lang), box=_box(e.to, lang)),
    "PiecesMoved": lambda e, lang: t("adp.digest.moved", lang, count=e.count,
                                     piece=piece_name(e.kind, lang, e.count),
                                     origin=place_name(e.origin, lang),
                                     destination=place_name(e.destination, lang)),
    "PiecesFlipped": lambda e, lang: t("adp.digest.flipped", lang, count=e.count,
                                       piece=piece_name(e.kind, lang, e.count),
                                       space=place_name(e.space, lang),
                                       to=piece_name(e.to_kind, lang, e.count)),
    "BoxTransfer": lambda e, lang: t("adp.digest.transfer", lang, count=e.count,
                                     piece=e.kind, origin=_box(e.origin, lang),
                                     destination=_box(e.destination, lang)),
    "SupportShifted": lambda e, lang: t("adp.digest.support", lang,
                                        space=place_name(e.space, lang),
                                        before=support_name(e.before, lang),
                                        after=support_name(e.level, lang)),
    "MarkerSet": lambda e, lang: t("adp.digest.marker", lang,
                                   marker=t(f"adp.marker.{e.marker}", lang),
                                   space=place_name(e.space, lang), value=e.value),
    "TrackSet": lambda e, lang: t("adp.digest.track", lang,
                                  track=t(f"adp.track.{e.track}", lang),
                                  before=e.before, after=e.value),
    "ResourcesSet": lambda e, lang: t("adp.digest.resources", lang,
                                      faction=faction_name(e.faction, lang),
                                      before=e.before, after=e.value),
    "PropagandaPlayed": lambda e, lang: (
        t("adp.digest.propaganda", lang, card=e.card)
        if e.round else t("adp.digest.propaganda_skipped", lang, card=e.card)),
    "GameEnded": _ended,
    "OrderCardRevealed": lambda e, lang: t("adp.digest.order_card", lang, card=e.card),
    "DeceptionDrawn": lambda e, lang: t("adp.digest.deception_drawn", lang,
                                        player=_player(e.player, lang)),
    "DeceptionRevealed": lambda e, lang: t(
        "adp.digest.deception_revealed", lang, player=_player(e.player, lang),
        marker=t(f"adp.value.deception.{e.kind}", lang)),
    "DeceptionUsed": lambda e, lang: t("adp.digest.deception_used", lang,
                                       player=_player(e.player, lang)),
    "DieRolled": _rolled,
    "EligibilityMarked": lambda e, lang: t(
        "adp.digest.kept_eligible" if e.eligible else "adp.digest.made_ineligible", lang,
        faction=faction_name(e.faction, lang)),
}


# the events that name a card by its title: the title is the game's deck pack's
NAMING: dict[str, Callable[[Any, str, str | None], str]] = {
    "CardTurnBegan": lambda e, lang, pack: t("adp.digest.card", lang,
                                             card=card_name(e.card, lang, pack)),
    "CapabilitySet": lambda e, lang, pack: t("adp.digest.capability", lang,
                                             card=card_name(e.card, lang, pack),
                                             side=t(f"adp.value.side.{e.side}", lang))
    if e.side else t("adp.digest.capability_off", lang, card=e.card),
    "MomentumAdded": lambda e, lang, pack: t("adp.digest.momentum", lang,
                                             card=card_name(e.card, lang, pack)),
}


def describe(event: Event, lang: str, pack: str | None = None) -> str:
    naming = NAMING.get(event.type)
    if naming is not None:
        return naming(event, lang, pack)
    found = DESCRIBE.get(event.type)
    return found(event, lang) if found is not None else ""
