"""What is derived from an A Distant Plain position, never stored (DESIGN.md §3): Available
pieces, Population, Control (1.7), the victory markers (1.9, 7.2), margins (7.3) and the
ranking (7.1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from engine.coin.ranking import ranking as coin_ranking
from engine.games.adp.mapdata import Map, default_map
from engine.games.adp.spec import (
    BASES,
    COALITION_BASES,
    COALITION_TROOPS,
    FACTIONS,
    SPEC,
    TALIBAN_BASES,
    TERROR_SABOTAGE_MARKERS,
)
from engine.games.adp.state import AdpSpace, AdpState, cached

Control = Literal["coin", "taliban"] | None
THRESHOLDS = {"coalition": 30, "government": 35, "taliban": 20, "warlords": 15}   # 7.2
WARLORDS_RESOURCES = 40                                                            # 7.2
TIE_ORDER = ("warlords", "government", "taliban", "coalition")                     # 7.1


def board() -> Map:
    return default_map()


def available(state: AdpState) -> dict[str, int]:
    """1.4.1 Every box kind's Available count: the inventory less the map and the boxes."""
    return cached(state, "available", lambda: SPEC.available(
        {s: sp.pieces for s, sp in state.spaces.items()}, state.boxes))


def faction_pieces(space: AdpSpace, faction: str) -> int:
    owner = SPEC.owner
    return sum(n for kind, n in space.pieces.items() if owner(kind) == faction)


def bases(space: AdpSpace) -> int:
    return sum(space.count(k) for k in BASES)


def space_control(space: AdpSpace) -> Control:
    """1.7 The COIN Factions together, or the Taliban alone, Control a Province or Kabul if
    their pieces there exceed all other pieces combined."""
    total = sum(space.pieces.values())
    coin = faction_pieces(space, "coalition") + faction_pieces(space, "government")
    if coin > total - coin:
        return "coin"
    taliban = faction_pieces(space, "taliban")
    if taliban > total - taliban:
        return "taliban"
    return None


def control(state: AdpState) -> dict[str, Control]:
    """1.7 Control of every Province and Kabul (LoCs have none)."""
    return cached(state, "control", lambda: {
        sid: space_control(state.space(sid)) for sid in board().spaces})


def pop(state: AdpState, space_id: str) -> int:
    """1.3.3 Population, with a +1 Pop marker (4.3.1: a Pop-0 Province becomes Pop 1)."""
    return board().spaces[space_id].pop + (1 if state.space(space_id).returnees else 0)


def totals(state: AdpState) -> dict[str, int]:
    """1.9, 7.2 The four victory markers by Faction, and the Warlords' Resources (their
    second condition): Coalition Support + Coalition Available; Government COIN-Controlled
    Pop + Patronage; Taliban Opposition + Taliban Bases on the map (Pakistan included);
    Warlords Uncontrolled Afghan Pop."""
    return cached(state, "totals", lambda: _totals(state))


def _totals(state: AdpState) -> dict[str, int]:
    b, ctl = board(), control(state)
    support = opposition = coin_pop = uncontrolled = 0
    for sid, space in b.spaces.items():
        p, level = pop(state, sid), state.space(sid).support
        support += p if level > 0 else 0
        opposition += p if level < 0 else 0
        if ctl[sid] == "coin":
            coin_pop += p
        elif ctl[sid] is None and not space.is_pakistan:
            uncontrolled += p
    left = available(state)
    taliban_bases = sum(sp.count(TALIBAN_BASES) for sp in state.spaces.values())
    return {"coalition": support + left[COALITION_TROOPS] + left[COALITION_BASES],
            "government": coin_pop + state.patronage,
            "taliban": opposition + taliban_bases,
            "warlords": uncontrolled}


def meets(state: AdpState, faction: str) -> bool:
    """7.2 The victory condition (strictly exceeds)."""
    total = totals(state)[faction]
    if faction == "warlords":
        return (total > THRESHOLDS["warlords"]
                and state.resources.get("warlords", 0) > WARLORDS_RESOURCES)
    return total > THRESHOLDS[faction]


def margins(state: AdpState) -> dict[str, int]:
    """7.3 Victory margins: positive only if the goal is reached; the Warlords' is the lower
    of their two; the Deception option's Hidden Agendas add theirs."""
    got = totals(state)
    out = {f: got[f] - THRESHOLDS[f] for f in FACTIONS}
    out["warlords"] = min(out["warlords"],
                          state.resources.get("warlords", 0) - WARLORDS_RESOURCES)
    return {f: m + hidden_agendas(state, f) for f, m in out.items()}


def hidden_agendas(state: AdpState, faction: str) -> int:
    """7.3 Deception option: +1 to the margin for each Hidden Agenda of the Faction's
    player, revealed or still face down (a player may reveal it at any moment, so always
    before the end: docs/rules-choices.md); a marker this copy cannot see counts nothing."""
    held = [*state.deception_held.items(), *state.deception_revealed.items()]
    return sum(markers.count("hidden_agenda") for player, markers in held
               if faction in player.split("+"))


def ranking(state: AdpState, non_players: Sequence[str] = ()) -> list[str]:
    """7.1 Highest margin first; ties go to Non-player Factions, then the Warlords, the
    Government, the Taliban (the Coalition last)."""
    tie = [*(f for f in TIE_ORDER if f in non_players),
           *(f for f in TIE_ORDER if f not in non_players)]
    return coin_ranking(margins(state), tie)


def terror_sabotage_left(state: AdpState) -> int:
    """1.7 The 30 Terror/Sabotage markers not on the map."""
    used = sum(sp.terror + sp.sabotage for sp in state.spaces.values())
    return TERROR_SABOTAGE_MARKERS - used


def non_players(options: Mapping[str, object]) -> list[str]:
    """1.5 The Factions no player runs (the ``players`` option)."""
    groups = options.get("players")
    if not isinstance(groups, list):
        return []
    seated = {f for g in groups for f in g}
    return [f for f in FACTIONS if f not in seated]
