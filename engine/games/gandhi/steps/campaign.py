"""Campaign Round (6.0): the start, the Victory Phase (6.1) and the Resources Phase (6.2)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board, raj_control, unrest_markers_left
from engine.games.gandhi.effects import begin, resources
from engine.games.gandhi.events import CampaignBegan, MarkerSet
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.outcome import game_ended, victory_check
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    CUBES,
    GANDHI,
    ML_ACTIVISTS,
    RAJ,
    RESOURCES_MAX,
    REV_BASES,
    REVOLUTIONARIES,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.vocabulary import verb

STRIKE = verb("strike")

RAILWAY_ECON = 40     # 6.2.2
JAIL_COST = 2         # 6.2.2 per NV piece in Jail


class Automatic:
    """A step nobody decides."""

    def ask(self, state: GandhiState) -> None:
        return None

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return []


@step("campaign")
class CampaignStart(Automatic):
    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        assert state.current is not None
        return [CampaignBegan(number=state.campaign + 1, card=state.current), begin("victory")]


@step("victory")
class VictoryPhase(Automatic):
    """6.1 If any Faction has met its Victory condition, the game ends (7.2, 7.1, 1.5)."""

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        reason = victory_check(state)
        if reason is not None:
            return [game_ended(state, reason)]
        return [begin("strikes", CONGRESS)]


def strike_candidates(state: GandhiState) -> list[str]:
    """6.2.1 Railways with a Protest, more Activists than cubes, or next to a City with
    no Raj Control (and no Strike yet)."""
    b = board(state)
    out = []
    for rail in b.railways:
        sp = state.space(rail)
        if sp.strike:
            continue
        activists = sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS)
        cubes = sum(sp.count(k) for k in CUBES)
        uncontrolled_city = any(b.space(n).kind == "city" and not raj_control(state, n)
                                for n in b.adjacent(rail))
        if sp.protest or activists > cubes or uncontrolled_city:
            out.append(rail)
    return out


def strike(state: GandhiState, rail: str) -> list[Event]:
    """A Protest on a Railway becomes the Strike (1.10); otherwise a marker is placed."""
    events: list[Event] = []
    if state.space(rail).protest:
        events.append(MarkerSet(space=rail, marker="protest", value=0))
    return [*events, MarkerSet(space=rail, marker="strike", value=1)]


@step("strikes")
class RailwayStrikes:
    """6.2.1 Congress places the Strikes; it chooses only when markers run short."""

    def ask(self, state: GandhiState) -> Ask | None:
        candidates = strike_candidates(state)
        left = unrest_markers_left(state)
        if left <= 0 or len(candidates) <= left:  # 1.12 no marker left: nothing to choose
            return None
        return Ask(CONGRESS, Msg("gandhi.prompt.strikes", left=unrest_markers_left(state)),
                   tuple(STRIKE(space=r) for r in candidates))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        events = strike(state, action["space"])
        if unrest_markers_left(state) <= 1:
            events.append(begin("earnings"))
        return events

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        events: list[Event] = []
        left = unrest_markers_left(state)
        for rail in strike_candidates(state)[:left]:
            events += strike(state, rail)
        return [*events, begin("earnings")]


@step("earnings")
class Earnings(Automatic):
    """6.2.2 Raj earns the Econ of Strike-free Railways less 2 per NV piece in Jail;
    6.2.3 Revolutionaries earn twice their Bases on the map."""

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        b = board(state)
        struck = sum(b.space(r).econ for r in b.railways if state.space(r).strike)
        jailed = sum(state.jail.get(k, 0) for k in (CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI))
        before = state.resources.get(RAJ, 0)
        # earnings first (capped at 50, 1.8), "Then" the Jail cost (6.2.2)
        earned = min(RESOURCES_MAX, before + RAILWAY_ECON - struck)
        raj = resources(state, RAJ, earned - JAIL_COST * jailed - before)
        bases = sum(state.space(s).count(REV_BASES) for s in b.spaces)
        rev = resources(state, REVOLUTIONARIES, 2 * bases)
        return [*raj, *rev, begin("imperialism", RAJ)]

