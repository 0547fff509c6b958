"""A short text status of a Gandhi game, for the command line and e-mail."""

from __future__ import annotations

from engine.games.gandhi.board_text import card_lines
from engine.games.gandhi.deck import deck_for
from engine.games.gandhi.derived import in_crisis, margins, totals
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.seating import non_players, players, solitaire
from engine.games.gandhi.state import GandhiState
from engine.i18n import t


def faction(f: str, lang: str) -> str:
    return t(f"gandhi.faction.{f}", lang)


def viceroy_name(state: GandhiState, lang: str) -> str:
    """2.5 The Viceroy by name, as the picture shows him (the state keeps his card)."""
    if state.viceroy is None:
        return "-"
    return t(f"gandhi.viceroy.{deck_for(state.pack).campaigns[state.viceroy].viceroy}", lang)


def summary(state: GandhiState, lang: str) -> str:
    if not state.spaces:
        return ""
    tot, mar = totals(state), margins(state)
    victory = ", ".join(f"{faction(f, lang)} {tot[f]} ({mar[f]:+d})" for f in FACTIONS)
    eligible = ", ".join(faction(f, lang) for f in FACTIONS if state.eligible.get(f, True))
    lines = [
        t("gandhi.summary.cards", lang, current=state.current or "-",
          upcoming=state.upcoming or "-", campaign=state.campaign,
          left=state.campaigns_in_deck, viceroy=viceroy_name(state, lang)),
        t("gandhi.summary.tracks", lang, restraint=state.restraint, unity=state.unity,
          raj=state.resources.get("raj", 0), rev=state.resources.get("revolutionaries", 0),
          crisis=t("gandhi.summary.crisis", lang) if in_crisis(state) else ""),
        t("gandhi.summary.victory", lang, totals=victory),
        t("gandhi.summary.eligible", lang, factions=eligible),
    ]
    if state.result is not None:
        ranking = ", ".join(faction(f, lang) for f in state.result["ranking"])
        lines.append(t("gandhi.summary.result", lang, ranking=ranking))
    return "\n".join(lines)


def outcome_line(state: GandhiState, lang: str) -> str:
    """7.0 The ranking of a finished game, ``Ranking: …`` ("" while it goes on)."""
    if state.result is None:
        return ""
    ranking = ", ".join(faction(f, lang) for f in state.result["ranking"])
    line = t("gandhi.board.ranking", lang, ranking=ranking)
    verdict = non_player_verdict(state, lang)
    return f"{verdict} {line}" if verdict else line


def non_player_verdict(state: GandhiState, lang: str) -> str:
    """7.1/8.10 Who wins a game with Non-players: a Non-player passing a victory check
    makes every player lose; a lone player wins only with the highest margin at the end
    (by the difference to the best Non-player); a game without players has a winner only."""
    result = state.result
    if result is None or not non_players(state):
        return ""
    ranking: list[str] = result["ranking"]
    margins: dict[str, int] = result["margins"]
    npcs = [f for f in ranking if f in non_players(state)]
    best_np = npcs[0]
    if result["reason"] == "non_player_victory":
        return t("gandhi.np.verdict.np_victory", lang, faction=faction(best_np, lang))
    if not players(state):
        return t("gandhi.np.verdict.no_players", lang, faction=faction(ranking[0], lang))
    if solitaire(state):
        mine = [f for f in ranking if f not in non_players(state)]
        if ranking[0] in mine:
            margin = min(margins[f] for f in mine) - margins[best_np]
            return t("gandhi.np.verdict.solo_win", lang, margin=margin)
        return t("gandhi.np.verdict.solo_loss", lang, faction=faction(ranking[0], lang))
    return ""


def status_fields(state: GandhiState, lang: str) -> list[tuple[str, str]]:
    """What a pinned status shows: the cards, the Viceroy, eligibility, Resources, the
    tracks and every Faction's victory total and margin (7.3)."""
    if not state.spaces:
        return []
    deck = deck_for(state.pack)

    def card(card_id: str | None) -> str:
        if card_id is None:
            return "—"
        face = deck.card(card_id)
        title = f"#{face.number} {face.title.get(lang)}"
        order = getattr(face, "order", None)
        if not order:
            return title
        stand_in = "" if face.order_status == "printed" else " *"  # type: ignore[union-attr]
        texts = [line.strip() for line in card_lines(state.pack, "current", card_id, lang)[2:]]
        return "\n".join([f"{title} · " + ", ".join(faction(f, lang) for f in order)
                          + stand_in, *texts])

    tot, mar = totals(state), margins(state)
    crisis = f" · {t('gandhi.summary.crisis', lang).strip()}" if in_crisis(state) else ""
    return [
        (t("gandhi.status.current", lang), card(state.current)),
        (t("gandhi.status.upcoming", lang), card(state.upcoming)),
        (t("gandhi.sequence.viceroy", lang), viceroy_name(state, lang)),
        (t("gandhi.sequence.eligible", lang),
         ", ".join(faction(f, lang) for f in FACTIONS if state.eligible.get(f, True)) or "—"),
        (t("gandhi.track.resources", lang),
         f"{faction('raj', lang)} {state.resources.get('raj', 0)} · "
         f"{faction('revolutionaries', lang)} {state.resources.get('revolutionaries', 0)}"),
        (t("gandhi.status.tracks", lang),
         f"{t('gandhi.track.restraint', lang)} {state.restraint} · "
         f"{t('gandhi.track.unity', lang)} {state.unity}{crisis}"),
        (t("gandhi.track.victory", lang),
         " · ".join(f"{faction(f, lang)} {tot[f]} ({mar[f]:+d})" for f in FACTIONS)),
        (t("gandhi.sequence.campaign", lang),
         t("gandhi.status.campaigns", lang, played=state.campaign, left=state.campaigns_in_deck)),
    ]
