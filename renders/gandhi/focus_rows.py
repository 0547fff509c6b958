"""What the focus picture says (``renders.gandhi.focus``), before any layout: its title,
and a card per changed space, each a list of rows (a piece kind, Support or Opposition,
Raj Control, a marker) with its count before and after the turn; the most changed space
first.  A card for what changed off the map (Resources, Restraint, Unity, Jail, Out of
Play) follows when something did."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.events import Event, Recorded
from engine.games.gandhi import events as ev
from engine.games.gandhi.board import Map
from engine.games.gandhi.derived import activists_active, board, raj_control
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState, SpaceState
from engine.i18n import t
from renders.gandhi.cards import deck
from renders.gandhi.digest import changed_spaces
from renders.gandhi.names import faction_name, piece_name, place_name, support_name
from renders.gandhi.status import step_name
from renders.gandhi.widgets import FACTION_SPRITE

YES, NO = "✓", "—"     # a marker there or not, before → after
OFF_MAP = "off_map"    # the key of the card of what changed off the map
FLAG_MARKERS = ("muslim_state", "protest", "strike")   # there or not (Unrest is counted)

# Each map piece kind and its sprite (an Activist's depends on where it stands, 1.4.3).
PIECE_SPRITES = (("troops", "troops"), ("sepoys", "sepoys"),
                 ("congress_activists", "congress"), ("gandhi", "gandhi"),
                 ("ml_activists", "ml"), ("guerrillas_underground", "guerrillas_underground"),
                 ("guerrillas_active", "guerrillas_active"), ("ml_bases", "ml_bases"),
                 ("rev_bases", "rev_bases"))
BOX_SPRITES = {"troops": "troops", "sepoys": "sepoys", "congress_activists": "congress_inactive",
               "gandhi": "gandhi", "ml_activists": "ml_inactive",
               "guerrillas": "guerrillas_underground", "ml_bases": "ml_bases",
               "rev_bases": "rev_bases"}


@dataclass(frozen=True)
class Row:
    """One line of a card.  ``icon``: a sprite's name, ``support:<level>`` or
    ``marker:<name>`` (``None``: no icon); ``was``: the value before the turn, or "" when
    unchanged; ``now``: the value after it ("" for a marker that is simply there)."""

    icon: str | None
    label: str
    was: str
    now: str
    changed: bool


@dataclass(frozen=True)
class Card:
    key: str                 # the space's id, or OFF_MAP
    name: str
    kind: str                # city, province, princely_state, railway, or OFF_MAP
    muslim: bool
    badge: str               # "Pop 2", "Econ 4"; "" for none
    rows: tuple[Row, ...]
    score: int               # how much changed: pieces, levels and markers


def turn_title(after: GandhiState, events: Iterable[Event | Recorded], lang: str) -> str:
    """The card(s) and Campaign Round(s) the records played, as the replay names them
    (``Card 44: Hindustan Socialist Republican Association``, ``Campaign Round 2``); a
    stretch inside one card is named by the card and its step."""
    parts: list[str] = []
    for item in events:
        event = item.event if isinstance(item, Recorded) else item
        part = _section(event, lang)
        if part and (not parts or parts[-1] != part):
            parts.append(part)
    return " · ".join(parts) if parts else step_name(after, lang)


def _section(event: Event, lang: str) -> str:
    if isinstance(event, ev.CardTurnBegan):
        return t("gandhi.digest.card", lang, number=event.card,
                 title=deck().title(event.card, lang))
    if isinstance(event, ev.CampaignBegan):
        return t("renders.gandhi.campaign_round", lang, number=event.number)
    if isinstance(event, ev.GameEnded):
        return t("renders.gandhi.game_over", lang)
    return ""


def short_title(title: str, events: Iterable[Event | Recorded], lang: str) -> str:
    """The title with card numbers only (``Card 44 · Card 49``), for a stretch of many."""
    parts = []
    for item in events:
        event = item.event if isinstance(item, Recorded) else item
        if isinstance(event, ev.CardTurnBegan):
            parts.append(t("renders.gandhi.card", lang, number=event.card))
        elif part := _section(event, lang):
            parts.append(part)
    return " · ".join(dict.fromkeys(parts)) or title


# --- the space cards ------------------------------------------------------------------------


def space_cards(before: GandhiState, after: GandhiState, lang: str) -> list[Card]:
    """A card for each changed space (Railways too), the most changed first, then in map
    order."""
    b = board(after)
    changed = changed_spaces(before, after)
    cards = [space_card(before, after, b, space_id, lang) for space_id in b.spaces
             if space_id in changed]
    return sorted(cards, key=lambda card: -card.score)   # stable: map order in a tie


def space_card(before: GandhiState, after: GandhiState, b: Map, space_id: str,
               lang: str) -> Card:
    space = b.space(space_id)
    rows = (*marker_rows(before, after, space_id, lang),
            *piece_rows(b, space_id, before.space(space_id), after.space(space_id), lang))
    badge = t("renders.gandhi.econ", lang) + f" {space.econ}" if space.is_railway else \
        t("renders.gandhi.pop", lang) + f" {space.pop}"
    return Card(space_id, place_name(b, space_id, lang), space.kind, space.muslim, badge,
                rows, _score(rows, before, after, space_id))


def _score(rows: tuple[Row, ...], before: GandhiState, after: GandhiState,
           space_id: str) -> int:
    """Pieces added or removed, levels shifted, markers set or cleared."""
    old, new = before.space(space_id), after.space(space_id)
    pieces = sum(abs(new.count(kind) - old.count(kind)) for kind, _ in PIECE_SPRITES)
    flags = sum(row.changed and row.was in (YES, NO) for row in rows)
    return pieces + abs(new.support - old.support) + abs(new.unrest - old.unrest) + flags


def marker_rows(before: GandhiState, after: GandhiState, space_id: str,
                lang: str) -> list[Row]:
    """Support or Opposition, Raj Control, then the markers: a row for each that stands
    in the space before or after the turn."""
    old, new = before.space(space_id), after.space(space_id)
    rows: list[Row] = []
    if old.support or new.support:
        label = support_name(new.support, lang) if old.support == new.support else \
            f"{support_name(old.support, lang)} → {support_name(new.support, lang)}"
        level = new.support or old.support
        rows.append(Row(f"support:{level}", label, "", "", old.support != new.support))
    flags = [("control", "raj_control", raj_control(before, space_id),
              raj_control(after, space_id)),
             *((m, m, getattr(old, m), getattr(new, m)) for m in FLAG_MARKERS)]
    rows += [_flag_row(f"marker:{icon}", t(f"gandhi.marker.{key}", lang), was, now)
             for icon, key, was, now in flags if was or now]
    if old.unrest or new.unrest:
        rows.append(_count_row("marker:unrest", t("gandhi.marker.unrest", lang), old.unrest,
                               new.unrest))
    return rows


def piece_rows(b: Map, space_id: str, old: SpaceState, new: SpaceState,
               lang: str) -> list[Row]:
    """Each kind of piece there before or after, in the order of the Force Pool."""
    rows = []
    for kind, name in PIECE_SPRITES:
        if old.count(kind) or new.count(kind):
            where = new if new.count(kind) else old
            if name in ("congress", "ml"):   # 1.4.3 Active in Protest spaces, on Railways
                name += "_active" if activists_active(b, space_id, where) else "_inactive"
            rows.append(_count_row(name, piece_name(kind, lang), old.count(kind),
                                   new.count(kind)))
    return rows


def _count_row(icon: str | None, label: str, was: int, now: int) -> Row:
    return Row(icon, label, str(was) if was != now else "", str(now), was != now)


def _flag_row(icon: str, label: str, was: bool, now: bool) -> Row:
    if was == now:
        return Row(icon, label, "", "", False)
    return Row(icon, label, YES if was else NO, YES if now else NO, True)


# --- off the map ----------------------------------------------------------------------------


def off_map_card(before: GandhiState, after: GandhiState, lang: str) -> Card | None:
    """Resources, Restraint, Unity and the Jail and Out of Play boxes, where they changed."""
    rows = []
    for faction in FACTIONS:
        was, now = before.resources.get(faction), after.resources.get(faction)
        if was != now:
            rows.append(_count_row(FACTION_SPRITE[faction], t(
                "renders.gandhi.focus.resources", lang, faction=faction_name(faction, lang)),
                was or 0, now or 0))
    for track in ("restraint", "unity"):
        was_level, now_level = getattr(before, track), getattr(after, track)
        if was_level != now_level:
            rows.append(_count_row(None, t(f"gandhi.track.{track}", lang), was_level,
                                   now_level))
    for box in ("jail", "out_of_play"):
        old, new = getattr(before, box), getattr(after, box)
        for kind in BOX_SPRITES:
            if old.get(kind, 0) != new.get(kind, 0):
                label = t("renders.gandhi.focus.box_piece", lang,
                          box=t(f"gandhi.box.{box}", lang), piece=piece_name(kind, lang))
                rows.append(_count_row(BOX_SPRITES[kind], label, old.get(kind, 0),
                                       new.get(kind, 0)))
    if not rows:
        return None
    return Card(OFF_MAP, t("renders.gandhi.focus.off_map", lang), OFF_MAP, False, "",
                tuple(rows), 0)
