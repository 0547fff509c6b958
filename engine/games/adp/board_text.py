"""The board as text, space by space (the command line, e-mail, screen readers), and the
status fields of the pinned status message."""

from __future__ import annotations

from engine.games.adp.derived import available, board, control, margins, pop, totals
from engine.games.adp.names import faction_name, islamabad_name, piece_name, place_name
from engine.games.adp.setup import card, is_propaganda
from engine.games.adp.spec import FACTIONS, MAP_KINDS
from engine.games.adp.state import AdpState
from engine.games.adp.turn import card_label, no_reveal
from engine.i18n import t


def _card(state: AdpState, card: str | None, lang: str) -> str:
    if card is None:
        return "-"
    label = card_label(card, state.pack)
    return f"{label} ({t('adp.board.propaganda', lang)})" if is_propaganda(card) else label


def upcoming(state: AdpState, lang: str) -> str:
    """2.2 The upcoming card, unless the no-reveal option hides it."""
    return t("adp.board.hidden", lang) if no_reveal(state) else _card(state, state.upcoming,
                                                                       lang)


def card_texts(state: AdpState, card_id: str | None, lang: str) -> list[str]:
    """5.2 The card's two texts, where the game's deck pack gives them (none by default)."""
    if card_id is None or is_propaganda(card_id):
        return []
    found = card(card_id, state.pack)
    return [t("adp.board.card_text", lang, side=t(f"adp.value.side.{side}", lang),
              text=found.text(side, lang))
            for side in ("unshaded", "shaded") if found.text(side, lang)]


def _factions(names: list[str], lang: str) -> str:
    return ", ".join(faction_name(f, lang) for f in names) or "-"


def header(state: AdpState, lang: str) -> list[str]:
    got, margin = totals(state), margins(state)
    res = ", ".join(f"{faction_name(f, lang)} {state.resources.get(f, 0)}"
                    for f in FACTIONS if f != "coalition")
    lines = [
        t("adp.board.heading", lang, scenario=t(f"adp.scenario.{state.scenario}", lang),
          rounds=state.propaganda_rounds),
        t("adp.board.current", lang, card=_card(state, state.current, lang)),
        *card_texts(state, state.current, lang),
        t("adp.board.upcoming", lang, card=upcoming(state, lang)),
        t("adp.board.deck", lang, cards=state.deck_size - state.revealed,
          propaganda=_propaganda_left(state)),
        t("adp.board.eligible", lang, factions=_factions(
            [f for f in FACTIONS if state.eligible.get(f)], lang)),
        t("adp.board.ineligible", lang, factions=_factions(
            [f for f in FACTIONS if not state.eligible.get(f)], lang)),
        t("adp.board.resources", lang, resources=res),
        t("adp.board.tracks", lang, aid=state.aid, patronage=state.patronage,
          islamabad=islamabad_name(state.islamabad, state.islamabad_hard, lang)),
        t("adp.board.victory", lang, totals=", ".join(
            f"{faction_name(f, lang)} {got[f]} ({margin[f]:+d})" for f in FACTIONS)),
    ]
    casualties = state.box("casualties")
    if casualties:
        lines.append(t("adp.board.casualties", lang, pieces=", ".join(
            f"{n} {piece_name(k, lang, n)}" for k, n in casualties.items() if n)))
    if state.capabilities:
        lines.append(t("adp.board.capabilities", lang, cards=", ".join(
            f"{card_label(c, state.pack)} ({t(f'adp.value.side.{s}', lang)})"
            for c, s in sorted(state.capabilities.items(), key=lambda i: int(i[0])))))
    if state.result is not None:
        lines.append(t("adp.board.result", lang,
                       reason=t(f"adp.reason.{state.result['reason']}", lang),
                       ranking=", ".join(faction_name(f, lang)
                                         for f in state.result["ranking"])))
    return lines


def _propaganda_left(state: AdpState) -> int:
    """Propaganda cards still face down in the draw deck (2.2: the played cards and the
    size of the draw deck are public)."""
    seen = sum(is_propaganda(c) for c in (*state.played, state.current, state.upcoming))
    return max(0, state.propaganda_in_deck - seen)


def space_line(state: AdpState, place: str, lang: str) -> str:
    b = board()
    sp = state.space(place)
    bits = [place_name(place, lang)]
    if place in b.locs:
        bits.append(t("adp.board.econ", lang, econ=b.locs[place].econ))
        if sp.sabotage:
            bits.append(t("adp.board.sabotage", lang))
    else:
        bits.append(t("adp.board.pop", lang, pop=pop(state, place)))
        if sp.support:
            bits.append(t("adp.board.support" if sp.support > 0 else "adp.board.opposition",
                          lang))
        who = control(state)[place]
        if who is not None:
            bits.append(t(f"adp.board.{who}_control", lang))
        if sp.terror:
            bits.append(t("adp.board.terror", lang, count=sp.terror))
        if sp.returnees:
            bits.append(t("adp.board.returnees", lang))
    pieces = ", ".join(f"{sp.count(k)} {piece_name(k, lang, sp.count(k))}"
                       for k in MAP_KINDS if sp.count(k))
    return f"{' · '.join(bits)}: {pieces or t('adp.board.empty', lang)}"


def board_text(state: AdpState, lang: str) -> str:
    if not state.spaces:
        return t("adp.board.not_set_up", lang)
    b = board()
    lines = header(state, lang)
    lines += ["", *(space_line(state, p, lang) for p in (*b.spaces, *b.locs))]
    left = available(state)
    lines += ["", ", ".join(f"{n} {k}" for k, n in left.items())]
    return "\n".join(lines)


def status_fields(state: AdpState, lang: str) -> list[tuple[str, str]]:
    lines = header(state, lang)
    return [("", line) for line in lines]
