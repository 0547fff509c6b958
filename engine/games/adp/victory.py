"""7.0 Victory: the check at each Propaganda Round (6.1, 7.2), the ranking (7.1) and the
margins after the final Propaganda Round (7.3), with the no-Non-player option's rule that a
player running several Factions wins a check only if all of them meet their conditions
and ranks by the lowest of their margins (1.5), and the 1-player game's own victory (the
second 8.8, "Victoria con 1 Jugador"): the game ends only when the lone player's margin falls
below a Non-player's, and a player who outlasts the final Round wins by a graded margin."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.coin.events import GameEnded
from engine.coin.ranking import player_margins, player_wins_check
from engine.core.messages import Msg
from engine.games.adp.derived import margins, meets, non_players, ranking, totals
from engine.games.adp.spec import FACTIONS
from engine.games.adp.state import AdpState
from engine.i18n import t

SOLO_FACTIONS = ("coalition", "taliban")   # 8.8 (1 player): the lone player's Faction
STALEMATE_UP_TO = 5                        # 8.8 (1 player): a win by 1 to 5 is a Stalemate


def players(options: Mapping[str, Any]) -> list[list[str]]:
    """1.5 The Factions each player runs (default: one each; ``[]``: no player, 8.0)."""
    groups = options.get("players")
    return [list(g) for g in groups] if groups is not None else [[f] for f in FACTIONS]


def check_players(value: Any) -> Msg | None:
    """Why a ``players`` option is refused (None: it is sound): every Faction run by
    at most one player (1.5); a Faction no player runs is a Non-player Faction (8.0), and
    every Faction has a bot (8.5-8.8); a lone player runs the Coalition or the Taliban
    (8.8, 1 player)."""
    if not isinstance(value, list) or not all(isinstance(g, list) and g for g in value):
        return Msg("adp.seating.not_a_list")
    seated = [f for g in value for f in g]
    if len(seated) != len(set(seated)) or set(seated) - set(FACTIONS):
        return Msg("adp.seating.once_each", factions=", ".join(FACTIONS))
    if len(value) == 1 and value[0] not in ([f] for f in SOLO_FACTIONS):
        return Msg("adp.seating.lone_player")
    return None


def solo_player(options: Mapping[str, Any]) -> str | None:
    """8.8 (1 player): the lone player's Faction (the Coalition or the Taliban) when the
    ``players`` option seats one player only; None in any other game."""
    groups = options.get("players")
    if isinstance(groups, list) and len(groups) == 1 and len(groups[0]) == 1 \
            and groups[0][0] in SOLO_FACTIONS:
        return str(groups[0][0])
    return None


def solo_behind(state: AdpState, player: str) -> bool:
    """8.8 (1 player): the player's margin (7.3) is lower than at least one Non-player
    Faction's."""
    got = margins(state)
    return any(got[f] > got[player] for f in FACTIONS if f != player)


def victory_check(state: AdpState) -> str | None:
    """6.1, 7.2 Why the game ends at this Propaganda Round's Victory Phase (None: it goes
    on).  In a 1-player game (8.8) only the player falling behind a Non-player ends it
    ("solo"): no Faction's victory condition does."""
    player = solo_player(state.options)
    if player is not None:
        return "solo" if solo_behind(state, player) else None
    meeting = {f for f in FACTIONS if meets(state, f)}
    groups = players(state.options)
    seated = {f for g in groups for f in g}
    # 7.2 a Non-player Faction meeting its condition ends the game too (8.0)
    ends = player_wins_check(meeting, [*groups, *([f] for f in FACTIONS if f not in seated)])
    return "victory" if ends else None


def game_over(state: AdpState, reason: str) -> GameEnded:
    """7.1 The game ends: the totals, margins, ranking (ties: Warlords, Government,
    Taliban, then the Coalition) and each player's margin (1.5: the lowest of theirs)."""
    groups: Sequence[Sequence[str]] = players(state.options)
    got = margins(state)
    # 7.1 ties go to the Non-player Factions first (8.8, 1 player: the Warlords, then the
    # Government, among them)
    return GameEnded(reason=reason, totals=dict(totals(state)), margins=got,
                     ranking=ranking(state, non_players(state.options)),
                     players=[{"factions": list(g), "margin": m}
                              for g, m in player_margins(got, groups)])


def solo_verdict(result: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> str:
    """8.8 (1 player): who wins a finished 1-player game, and how ("" in other games).  The
    winner is first in the ranking (7.1: ties go to the Non-players, the Warlords first, then
    the Government), so the player wins only with a margin higher than every Non-player's,
    graded by the difference: 1 to 5 a Stalemate, 6 or more Surge vindicated (Coalition) or
    Glory to Jihad (Taliban).  Any Non-player first wins Afghanistan, with its outcome."""
    player = solo_player(options)
    if player is None:
        return ""
    winner = str(result["ranking"][0])
    if winner != player:
        return t(f"adp.solo.{winner}_wins", lang)
    got: Mapping[str, int] = result["margins"]
    by = got[player] - max(got[f] for f in FACTIONS if f != player)
    grade = "stalemate" if by <= STALEMATE_UP_TO else f"{player}_triumph"
    return t(f"adp.solo.{grade}", lang, margin=by)
