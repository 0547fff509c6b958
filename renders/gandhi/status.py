"""Where play stands, in words: the phase, or the card and its step (the Operation and
Special Activity under way, the Event and its side), who must decide, or the result."""

from __future__ import annotations

from engine.games.gandhi.ops.framework import ExecutionData
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.state import EventData, GandhiState
from engine.i18n import t
from renders.gandhi.cards import card_face

PHASE_OF_STEP = {
    "victory": "gandhi.phase.victory", "strikes": "gandhi.phase.railway_strikes",
    "earnings": "gandhi.phase.resources", "imperialism": "gandhi.phase.imperialism",
    "jail_release": "gandhi.phase.jail_release", "gandhi_release": "gandhi.phase.jail_release",
    "constructive": "gandhi.phase.constructive_programme",
    "pakistan": "gandhi.phase.pakistan_movement",
    "secret_societies": "gandhi.phase.secret_societies", "game_end": "gandhi.phase.game_end",
    "viceroy": "gandhi.phase.new_colonial_administration",
    "redeploy": "gandhi.phase.redeploy", "reset": "gandhi.phase.reset",
    "campaign": "renders.gandhi.step.campaign",
    "congress_setup": "renders.gandhi.step.setup", "start": "renders.gandhi.step.setup",
}
SETUP = "renders.gandhi.step.setup"


def step_name(state: GandhiState, lang: str, titled: bool = True) -> str:
    """The phase of a Campaign Round or the setup; on a card, the card (with its title
    unless not ``titled``) and its step."""
    phase = PHASE_OF_STEP.get(state.step.name)
    if phase is not None or state.current is None:
        return t(phase or SETUP, lang)
    data = state.step.data
    card = data.card if isinstance(data, EventData) else state.current
    name = t("gandhi.digest.card", lang, number=card, title=card_face(card, lang).title) \
        if titled else t("renders.gandhi.card", lang, number=card)
    doing = card_step(state, lang)
    return f"{name} · {doing}" if doing else name


def card_step(state: GandhiState, lang: str) -> str:
    """What is under way on the card: ``Rally + Boycott``, ``Limited Operation: March``,
    ``Event (Shaded)``, ``Crisis``; "" while a Faction is still to choose."""
    data, name = state.step.data, state.step.name
    if isinstance(data, ExecutionData):
        operation = t(f"gandhi.operation.{data.op}", lang)
        if data.limited:
            return f"{t('gandhi.sequence.limited_operation', lang)}: {operation}"
        if data.sa:
            special = t(f"gandhi.special_activity.{data.sa}", lang)
            return f"{operation} + {special}"
        return operation
    if isinstance(data, EventData):
        side = t(f"gandhi.sequence.{data.side}", lang)
        return f"{t('gandhi.sequence.event', lang)} ({side})"
    if name == "crisis_placement":
        return t("renders.gandhi.step.crisis", lang)
    if name == "gandhi_protests":
        return t("renders.gandhi.step.gandhi_protests", lang)
    return ""


def deciding(state: GandhiState) -> str | None:
    """The Faction play waits for: the one the engine asks (on a card the next Eligible,
    2.3.2; in a Faction's Operation, sometimes another Faction, as Satyagraha asks the
    Raj)."""
    if state.result is not None:
        return None
    return next(iter(Gandhi().active_seats(state)), None)


def status_line(state: GandhiState, lang: str, titled: bool = True) -> str:
    if state.result is not None:
        ranking = ", ".join(t(f"gandhi.faction.{f}", lang) for f in state.result["ranking"])
        return f"{t('renders.gandhi.game_over', lang)} · " \
               f"{t('renders.gandhi.winner', lang, ranking=ranking)}"
    step = step_name(state, lang, titled)
    who = deciding(state)
    if who is None:
        return step
    return f"{step} · {t('renders.gandhi.waiting', lang, who=t(f'gandhi.faction.{who}', lang))}"
