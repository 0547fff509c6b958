"""Who plays which Faction (1.5) and which Factions are Non-players (8.0).

The game option ``players`` (a list of players, each a list of Factions) says who the
players are; a Faction no player runs is a Non-player Faction, governed by rule 8 for the
whole game: NP Raj and NP Revolutionaries track no Resources (8.1), NP Congress places a
Protest at each Reset (8.9.4), and a Non-player passing a victory check makes every player
lose (7.1, 8.10).  With no ``players`` option all four Factions have a player; ``[]`` is a
game without players (every Faction a Non-player).

Who *decides* for a seat is the service's business: a bot may also stand in for an absent
player (the Faction stays a player Faction for the rules; docs/rules-choices.md).
"""

from __future__ import annotations

from engine.games.gandhi.pieces import FACTIONS, RAJ, REVOLUTIONARIES
from engine.games.gandhi.state import GandhiState, cached


def players(state: GandhiState) -> list[list[str]]:
    """The Factions each player runs (default: four players, one Faction each)."""
    groups = state.options.get("players")
    if groups is None:
        return [[f] for f in FACTIONS]
    return [list(g) for g in groups]


def non_players(state: GandhiState) -> frozenset[str]:
    """8.0 The Factions no player runs."""
    return cached(state, "non_players", lambda: frozenset(
        set(FACTIONS) - {f for g in players(state) for f in g}))


def is_non_player(state: GandhiState, faction: str) -> bool:
    return faction in non_players(state)


def is_player(state: GandhiState, faction: str) -> bool:
    return faction not in non_players(state)


def tracks_resources(state: GandhiState, faction: str) -> bool:
    """8.1 NP Raj and NP Revolutionaries do not track or use Resources."""
    return faction in (RAJ, REVOLUTIONARIES) and is_player(state, faction)


def solitaire(state: GandhiState) -> bool:
    """8.10 A 1-player game (a lone player; 1.5 gives one player one Faction, and a
    seating that gives the lone player two is read the same way)."""
    return len(players(state)) == 1
