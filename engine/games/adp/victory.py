"""7.0 Victory: the check at each Propaganda Round (6.1, 7.2), the ranking (7.1) and the
margins after the final Propaganda Round (7.3), with the no-Non-player option's rule that a
player running several Factions wins a check only if all of them meet their conditions
and ranks by the lowest of their margins (1.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.coin.events import GameEnded
from engine.coin.ranking import player_margins, player_wins_check
from engine.games.adp.derived import margins, meets, ranking, totals
from engine.games.adp.spec import FACTIONS
from engine.games.adp.state import AdpState

NP_BOTS = ("warlords", "taliban")   # 8.5, 8.7: the Non-player Factions with a bot


def players(options: Mapping[str, Any]) -> list[list[str]]:
    """1.5 The Factions each player runs (default: one each)."""
    groups = options.get("players")
    return [list(g) for g in groups] if groups else [[f] for f in FACTIONS]


def check_players(value: Any) -> str | None:
    """Why a ``players`` option is refused (None: it is sound): every Faction run by
    at most one player (1.5); a Faction no player runs is a Non-player Faction (8.0),
    and only the Warlords' and the Taliban's bots exist (8.5, 8.7)."""
    if not isinstance(value, list) or not all(isinstance(g, list) and g for g in value):
        return "a list of lists of Factions"
    seated = [f for g in value for f in g]
    if len(seated) != len(set(seated)) or set(seated) - set(FACTIONS):
        return "each Faction once: " + ", ".join(FACTIONS)
    if set(FACTIONS) - set(seated) - set(NP_BOTS):
        return ("every Faction but the Warlords and the Taliban needs a player (only their "
                "bots exist)")
    return None


def victory_check(state: AdpState) -> bool:
    """6.1, 7.2 Whether the game ends at this Propaganda Round's Victory Phase."""
    meeting = {f for f in FACTIONS if meets(state, f)}
    groups = players(state.options)
    seated = {f for g in groups for f in g}
    # 7.2 a Non-player Faction meeting its condition ends the game too (8.0)
    return player_wins_check(meeting, [*groups, *([f] for f in FACTIONS if f not in seated)])


def game_over(state: AdpState, reason: str) -> GameEnded:
    """7.1 The game ends: the totals, margins, ranking (ties: Warlords, Government,
    Taliban, then the Coalition) and each player's margin (1.5: the lowest of theirs)."""
    groups: Sequence[Sequence[str]] = players(state.options)
    got = margins(state)
    return GameEnded(reason=reason, totals=dict(totals(state)), margins=got,
                     ranking=ranking(state),
                     players=[{"factions": list(g), "margin": m}
                              for g, m in player_margins(got, groups)])
