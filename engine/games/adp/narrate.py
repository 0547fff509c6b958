"""The plain-language story of a stretch of the log: a line per card or Propaganda card,
a bullet per action (``Taliban: pass``) and what each did under it, built from the events
alone (DESIGN.md §3 "Events are facts")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.coin import events as cev
from engine.core.events import ActionTaken, Event, Recorded
from engine.core.parse import reader
from engine.core.vocabulary import tokens
from engine.games.adp.names import faction_name, piece_name, place_name, support_name
from engine.games.adp.state import AdpState
from engine.games.adp.vocabulary import VOCABULARY
from engine.i18n import t

MAX_LINES_PER_ACTION = 8
SECTIONS = ("CardTurnBegan", "PropagandaPlayed", "GameEnded")   # each opens a paragraph


@dataclass
class _Group:
    seat: str | None
    text: str
    lines: list[str] = field(default_factory=list)


def digest_text(after: AdpState, events: Iterable[Event | Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
    groups: list[_Group] = [_Group(None, "")]
    for item in events:
        event = item.event if isinstance(item, Recorded) else item
        if isinstance(event, ActionTaken):
            said = choice_label(event.text, lang)
            note = (notes or {}).get(item.seq) if isinstance(item, Recorded) else None
            groups.append(_Group(event.seat, f"{said} ({note})" if note else said))
            continue
        line = describe(event, lang)
        if event.type in SECTIONS:
            groups.append(_Group(None, line))
        elif line:
            groups[-1].lines.append(line)
    out = [_format(g, lang) for g in groups if g.seat is not None or g.text or g.lines]
    return "\n".join(out) if out else t("adp.digest.nothing", lang)


def choice_label(text: str, lang: str) -> str:
    found = reader(VOCABULARY).read_any(tokens(text))
    return VOCABULARY.label(found, lang) if found is not None else text


def _format(group: _Group, lang: str) -> str:
    if group.seat is None:
        head = f"▶ {group.text}" if group.text else f"• {t('adp.digest.system', lang)}"
    else:
        head = "• " + t("adp.digest.action", lang, faction=faction_name(group.seat, lang),
                        text=group.text)
    lines = group.lines[:MAX_LINES_PER_ACTION]
    if len(group.lines) > MAX_LINES_PER_ACTION:
        lines.append(f"… (+{len(group.lines) - MAX_LINES_PER_ACTION})")
    return "\n".join([head, *(f"   – {line}" for line in lines)])


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
    "CardTurnBegan": lambda e, lang: t("adp.digest.card", lang, card=e.card),
    "PropagandaPlayed": lambda e, lang: (
        t("adp.digest.propaganda", lang, card=e.card)
        if e.round else t("adp.digest.propaganda_skipped", lang, card=e.card)),
    "GameEnded": _ended,
    "CapabilitySet": lambda e, lang: t("adp.digest.capability", lang, card=e.card,
                                       side=t(f"adp.value.side.{e.side}", lang))
    if e.side else t("adp.digest.capability_off", lang, card=e.card),
    "MomentumAdded": lambda e, lang: t("adp.digest.momentum", lang, card=e.card),
    "OrderCardRevealed": lambda e, lang: t("adp.digest.order_card", lang, card=e.card),
    "DeceptionDrawn": lambda e, lang: t("adp.digest.deception_drawn", lang,
                                        player=_player(e.player, lang)),
    "DeceptionRevealed": lambda e, lang: t(
        "adp.digest.deception_revealed", lang, player=_player(e.player, lang),
        marker=t(f"adp.value.deception.{e.kind}", lang)),
    "DeceptionUsed": lambda e, lang: t("adp.digest.deception_used", lang,
                                       player=_player(e.player, lang)),
    "DieRolled": lambda e, lang: t("adp.digest.roll", lang, value=e.value),
    "EligibilityMarked": lambda e, lang: t(
        "adp.digest.kept_eligible" if e.eligible else "adp.digest.made_ineligible", lang,
        faction=faction_name(e.faction, lang)),
}


def describe(event: Event, lang: str) -> str:
    found = DESCRIBE.get(event.type)
    return found(event, lang) if found is not None else ""
