"""Victory margins and ranking shared by COIN games (Gandhi 7.1/7.3, 1.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def ranking(margins: Mapping[str, int], tie_order: Sequence[str]) -> list[str]:
    """Highest margin first; ties go to the Faction earlier in ``tie_order``."""
    def key(faction: str) -> tuple[int, int]:
        tie = tie_order.index(faction) if faction in tie_order else len(tie_order)
        return (-margins[faction], tie)
    return sorted(margins, key=key)


def player_margins(margins: Mapping[str, int], players: Sequence[Sequence[str]]
                   ) -> list[tuple[tuple[str, ...], int]]:
    """1.5: a player running two Factions uses the lower margin of the two."""
    return [(tuple(group), min(margins[f] for f in group)) for group in players]


def player_wins_check(meeting: set[str], players: Sequence[Sequence[str]]) -> bool:
    """1.5: a player ends the game on a victory check only if all its Factions meet their
    condition."""
    return any(group and all(f in meeting for f in group) for group in players)
