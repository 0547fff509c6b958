"""Victory (7.0) and who plays which Factions (1.5)."""

from __future__ import annotations

from typing import Any

from engine.coin.ranking import player_margins, player_wins_check, ranking
from engine.core.messages import Msg
from engine.games.gandhi.derived import margins, totals
from engine.games.gandhi.events import GameEnded
from engine.games.gandhi.pieces import (
    CONGRESS,
    FACTIONS,
    MUSLIM_LEAGUE,
    RAJ,
    REVOLUTIONARIES,
    TIE_ORDER,
)
from engine.games.gandhi.seating import non_players, players, solitaire
from engine.games.gandhi.state import GandhiState

# 1.5 Who may run two Factions: with three players one runs Congress and the Muslim
# League, or Raj and Revolutionaries; with two players both pairs are taken.
PAIRS = (frozenset({CONGRESS, MUSLIM_LEAGUE}), frozenset({RAJ, REVOLUTIONARIES}))


PLAYERS_EXAMPLE = '[["congress","muslim_league"],["raj","revolutionaries"]]'


def check_players(groups: object) -> Msg | None:
    """1.5: why a seating is not allowed, or None.  ``groups`` comes from a user (JSON):
    anything but a list of lists of Faction names is refused, never a crash."""
    if not isinstance(groups, list) or not all(
            isinstance(g, list) and all(isinstance(f, str) for f in g) for g in groups):
        return Msg("gandhi.seating.not_a_list", example=PLAYERS_EXAMPLE)
    seen = [f for g in groups for f in g]
    if len(seen) != len(set(seen)) or not set(seen) <= set(FACTIONS):
        return Msg("gandhi.seating.once_each")
    if any(not g for g in groups):
        return Msg("gandhi.seating.one_or_two")
    for group in groups:
        if len(group) > 2 or (len(group) == 2 and frozenset(group) not in PAIRS):
            return Msg("gandhi.seating.pairs")
    return None


def meeting(state: GandhiState) -> set[str]:
    """7.2 Factions whose total exceeds their threshold."""
    return {f for f, m in margins(state).items() if m > 0}


def victory_check(state: GandhiState) -> str | None:
    """6.1/7.1/1.5: the reason the game ends at a victory check, or None."""
    met = meeting(state)
    if met & non_players(state):
        return "non_player_victory"   # 7.1 all players lose equally
    if solitaire(state) and state.campaigns_in_deck > 0:
        return None    # 8.10 a lone player never wins before the final Campaign Round
    if player_wins_check(met, players(state)):
        return "victory_check"
    return None


def game_ended(state: GandhiState, reason: str) -> GameEnded:
    m = margins(state)
    groups: list[dict[str, Any]] = [
        {"factions": list(g), "margin": margin}
        for g, margin in player_margins(m, players(state))]
    groups.sort(key=lambda p: (-p["margin"], min(_tie(f) for f in p["factions"])))
    return GameEnded(reason=reason, totals=totals(state), margins=m,
                     ranking=ranking(m, TIE_ORDER), players=groups)


def _tie(faction: str) -> int:
    return TIE_ORDER.index(faction) if faction in TIE_ORDER else len(TIE_ORDER)
