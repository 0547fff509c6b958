"""The Gandhi board as text, space by space (the command line, e-mail, screen readers).

Pure: from a state (as a seat may see it) to lines in the reader's language.  It says
what the map picture shows: the current and upcoming card (title, Faction order, marked
when the order is a stand-in, and both Event texts), the Viceroy, the deck, eligibility,
the tracks and victory totals; then every space (Support/Opposition, Raj Control, pieces
with Active/Underground, markers) and the boxes (Available, Jail, Out of Play).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.messages import Msg
from engine.games.gandhi.board import Map
from engine.games.gandhi.cards import CampaignCard, EventCard
from engine.games.gandhi.deck import deck_for
from engine.games.gandhi.derived import (
    activists_active,
    available_all,
    board,
    in_crisis,
    margins,
    protests_for_operations,
    raj_control,
    totals,
    unrest_markers_left,
)
from engine.games.gandhi.names import faction_name, place_name, support_name
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    FACTIONS,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    REV_BASES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState, SpaceState
from engine.i18n import t

INDENT = "  "
# the order pieces are listed in, in a space and in the boxes
PIECE_ORDER = (TROOPS, SEPOYS, CONGRESS_ACTIVISTS, GANDHI, ML_ACTIVISTS, ML_BASES,
               GUERRILLAS, REV_BASES)
PIECE_KEYS = {ML_BASES: "ml_base", REV_BASES: "rev_base"}
SECTIONS = (("city", "cities"), ("province", "provinces"), ("princely_state", "states"),
            ("railway", "railways"))


def _t(key: str, lang: str, **params: object) -> str:
    return t(f"gandhi.board.{key}", lang, **params)


def _piece(kind: str, lang: str) -> str:
    return t(f"gandhi.piece.{PIECE_KEYS.get(kind, kind)}", lang)


def board_text(state: GandhiState, lang: str) -> str:
    """Every line of the board, in ``lang``."""
    if not state.spaces and not state.current:
        return _t("not_set_up", lang)
    b = board(state)
    lines = [*_cards(state, lang), *_tracks(state, lang), ""]
    for kind, heading in SECTIONS:
        ids = [sid for sid, space in b.spaces.items() if space.kind == kind]
        lines.append(_t(f"section.{heading}", lang))
        lines += [INDENT + _space(state, b, sid, lang) for sid in ids]
    lines += ["", *_boxes(state, lang)]
    return "\n".join(lines)


# --- cards -----------------------------------------------------------------------------


def _cards(state: GandhiState, lang: str) -> list[str]:
    lines = [_t("heading", lang, scenario=t(f"gandhi.scenario.{state.scenario}", lang),
                campaign=state.campaign)]
    if state.result is not None:
        ranking = ", ".join(faction_name(f, lang) for f in state.result["ranking"])
        lines.append(_t("result", lang, ranking=ranking))
    for label, card in (("current", state.current), ("upcoming", state.upcoming)):
        if card is not None:
            lines += _card(state, label, card, lang)
    if state.viceroy is not None:
        lines.append(_viceroy(state, state.viceroy, lang))
    left = max(0, state.deck_size - state.revealed)
    lines.append(_t("deck", lang, cards=_count("cards", left, lang),
                    campaigns=_count("campaign_cards", state.campaigns_in_deck, lang)))
    return lines


def _count(key: str, n: int, lang: str) -> str:
    """``1 card`` / ``2 cards``: the catalogue has a ``.one`` and an ``.other`` form."""
    return _t(f"count.{key}.{'one' if n == 1 else 'other'}", lang, n=n)


class CardText(Msg):
    """A card as the board shows it (title, Faction order, both Event texts), in the
    reader's language: the card step's prompt shows it before the Faction chooses."""

    def __init__(self, pack: str | None, card_id: str) -> None:
        super().__init__("gandhi.board.card_text", pack=pack, card=card_id)

    def render(self, lang: str | None = None) -> str:
        return "\n".join(card_lines(self.params["pack"], "current", self.params["card"],
                                     lang or "en"))


def _card(state: GandhiState, label: str, card_id: str, lang: str) -> list[str]:
    return card_lines(state.pack, label, card_id, lang)


def card_lines(pack: str | None, label: str, card_id: str, lang: str) -> list[str]:
    card = deck_for(pack).card(card_id)
    head = _t(f"card.{label}", lang, number=card.number, title=card.title.get(lang))
    if isinstance(card, CampaignCard):
        return [head + " " + _t("card.campaign", lang)]
    assert isinstance(card, EventCard)
    order = ", ".join(faction_name(f, lang) for f in card.order)
    note = "" if card.order_status == "printed" else \
        _t(f"order_note.{card.order_status.replace('-', '_')}", lang)
    return [head,
            INDENT + _t("card.order", lang, order=order) + (f" ({note})" if note else ""),
            INDENT + _t("card.unshaded", lang, text=card.text_unshaded.get(lang)),
            INDENT + _t("card.shaded", lang, text=card.text_shaded.get(lang))]


def _viceroy(state: GandhiState, card_id: str, lang: str) -> str:
    card = deck_for(state.pack).campaigns[card_id]
    return _t("viceroy", lang, name=t(f"gandhi.viceroy.{card.viceroy}", lang),
              capability=player_capability(card.capability.get(lang)))


def player_capability(text: str) -> str:
    """2.5.1 The capability for a Raj player: the card's note for a non-player Raj
    (8.1.6) is left off until non-player Factions exist; one full stop at the end."""
    for mark in ("NP Raj", "Raj NP", "Raj NJ"):
        text = text.split(mark)[0]
    return text.strip().rstrip(".").strip() + "."


# --- tracks ----------------------------------------------------------------------------


def _tracks(state: GandhiState, lang: str) -> list[str]:
    eligible = [f for f in FACTIONS if state.eligible.get(f, True)]
    ineligible = [f for f in FACTIONS if f not in eligible]
    names = ", ".join(faction_name(f, lang) for f in eligible) or "–"
    line = _t("eligible", lang, factions=names)
    if ineligible:
        line += "; " + _t("ineligible", lang,
                          factions=", ".join(faction_name(f, lang) for f in ineligible))
    resources = ", ".join(f"{faction_name(f, lang)} {state.resources[f]}"
                          for f in FACTIONS if f in state.resources)
    tot, mar = totals(state), margins(state)
    victory = ", ".join(f"{faction_name(f, lang)} {tot[f]} ({mar[f]:+d})" for f in FACTIONS)
    lines = [line,
             _t("tracks", lang, restraint=state.restraint, unity=state.unity,
                resources=resources),
             _t("victory", lang, totals=victory),
             _t("markers", lang, protests=protests_for_operations(state),
                unrest=unrest_markers_left(state))]
    if in_crisis(state):
        lines.append(_t("crisis", lang))
    return lines


# --- spaces ----------------------------------------------------------------------------


def _space(state: GandhiState, b: Map, space_id: str, lang: str) -> str:
    printed = b.space(space_id)
    sp = state.space(space_id)
    facts = [_t("pop", lang, pop=printed.pop) if not printed.is_railway
             else _t("econ", lang, econ=printed.econ)]
    if printed.muslim:
        facts.append(_t("muslim", lang))
    name = f"{place_name(b, space_id, lang)} ({', '.join(facts)})"
    status: list[str] = []
    if sp.muslim_state:
        status.append(t("gandhi.marker.muslim_state", lang))
    if sp.support or not (printed.is_railway or printed.is_state or sp.muslim_state):
        status.append(support_name(sp.support, lang))
    if raj_control(state, space_id):
        status.append(t("gandhi.marker.raj_control", lang))
    status += _markers(sp, lang)
    pieces = _pieces(b, space_id, sp, lang)
    body = "; ".join([", ".join(status)] if status else [])
    return f"{name}: " + " — ".join(x for x in (body, pieces or _t("empty", lang)) if x)


def _markers(sp: SpaceState, lang: str) -> list[str]:
    out = []
    if sp.protest:
        out.append(t("gandhi.marker.protest", lang))
    if sp.unrest:
        out.append(f"{t('gandhi.marker.unrest', lang)} {sp.unrest}")
    if sp.strike:
        out.append(t("gandhi.marker.strike", lang))
    return out


def _pieces(b: Map, space_id: str, sp: SpaceState, lang: str) -> str:
    parts = []
    active = activists_active(b, space_id, sp)
    for kind in PIECE_ORDER:
        if kind == GUERRILLAS:
            parts += _guerrillas(sp, lang)
            continue
        n = sp.count(kind)
        if not n:
            continue
        text = _piece(kind, lang) if kind == GANDHI else f"{_piece(kind, lang)} {n}"
        if kind in (CONGRESS_ACTIVISTS, ML_ACTIVISTS):
            side = "active" if active else "inactive"
            text += f" ({t(f'gandhi.piece.{side}', lang)})"
        parts.append(text)
    return ", ".join(parts)


def _guerrillas(sp: SpaceState, lang: str) -> list[str]:
    sides = [(sp.count(GUERRILLAS_UNDERGROUND), "underground"),
             (sp.count(GUERRILLAS_ACTIVE), "active")]
    shown = [f"{n} {t(f'gandhi.piece.{side}', lang)}" for n, side in sides if n]
    return [f"{_piece(GUERRILLAS, lang)} " + ", ".join(shown)] if shown else []


# --- boxes -----------------------------------------------------------------------------


def _boxes(state: GandhiState, lang: str) -> list[str]:
    lines = []
    for box, counts in (("available", available_all(state)), ("jail", state.jail),
                        ("out_of_play", state.out_of_play)):
        lines.append(t(f"gandhi.box.{box}", lang) + ": " + _box(counts, lang))
    return lines


def _box(counts: Mapping[str, int], lang: str) -> str:
    parts = [f"{_piece(kind, lang)} {counts[kind]}" for kind in PIECE_ORDER
             if counts.get(kind, 0) > 0]
    return ", ".join(parts) or _t("empty", lang)
