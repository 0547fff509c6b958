"""Where play stands, in words: the phase, who must decide, or the result."""

from __future__ import annotations

from engine.coin.sequence import next_eligible
from engine.games.gandhi.state import GandhiState
from engine.i18n import t

PHASE_OF_STEP = {
    "victory": "gandhi.phase.victory", "strikes": "gandhi.phase.railway_strikes",
    "earnings": "gandhi.phase.resources", "imperialism": "gandhi.phase.imperialism",
    "jail_release": "gandhi.phase.jail_release", "gandhi_release": "gandhi.phase.jail_release",
    "constructive": "gandhi.phase.constructive_programme",
    "pakistan": "gandhi.phase.pakistan_movement",
    "secret_societies": "gandhi.phase.secret_societies", "game_end": "gandhi.phase.game_end",
    "viceroy": "gandhi.phase.new_colonial_administration",
    "redeploy": "gandhi.phase.redeploy", "reset": "gandhi.phase.reset",
    "card": "renders.gandhi.step.card", "card_check": "renders.gandhi.step.card",
    "crisis_placement": "renders.gandhi.step.crisis",
    "campaign": "renders.gandhi.step.campaign",
}


def step_name(state: GandhiState, lang: str) -> str:
    return t(PHASE_OF_STEP.get(state.step.name, "renders.gandhi.step.setup"), lang)


def deciding(state: GandhiState) -> str | None:
    """The Faction play waits for: the step's seat, or on a card the next Eligible (2.3.2)."""
    if state.result is not None:
        return None
    if state.step.seat is not None:
        return state.step.seat
    if state.step.name == "card":
        return next_eligible(state.turn, state.eligible)
    return None


def status_line(state: GandhiState, lang: str) -> str:
    if state.result is not None:
        ranking = ", ".join(t(f"gandhi.faction.{f}", lang) for f in state.result["ranking"])
        return f"{t('renders.gandhi.game_over', lang)} · " \
               f"{t('renders.gandhi.winner', lang, ranking=ranking)}"
    step = step_name(state, lang)
    who = deciding(state)
    if who is None:
        return step
    return f"{step} · {t('renders.gandhi.waiting', lang, who=t(f'gandhi.faction.{who}', lang))}"
