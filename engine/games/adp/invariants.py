"""Physical invariants of an A Distant Plain position, checked by the fuzzer after every
event: pieces conserved (1.4.1), tracks in bounds (1.8), stacking (1.4.2), only Taliban in
Pakistan (1.4.2), markers where they may stand."""

from __future__ import annotations

from engine.games.adp.derived import available, bases, board, pop, terror_sabotage_left
from engine.games.adp.spec import (
    BASES,
    FACTIONS,
    RETURNEES_MARKERS,
    SPEC,
)
from engine.games.adp.state import AdpState

MAX_BASES = 2     # 1.4.2


def problems(state: AdpState) -> list[str]:
    """Every broken physical rule; empty when the position is sound."""
    if not state.spaces:
        return []
    found = [f"{kind}: {left} Available" for kind, left in available(state).items()
             if left < 0]
    found += [f"{box}: {kind} {n}" for box, pieces in state.boxes.items()
              for kind, n in pieces.items() if n < 0]
    found += _tracks(state)
    found += _spaces(state)
    if terror_sabotage_left(state) < 0:
        found.append("more than 30 Terror/Sabotage markers (1.7)")
    if sum(sp.returnees for sp in state.spaces.values()) > RETURNEES_MARKERS:
        found.append("more than 6 +1 Pop markers (4.3.1)")
    return found


def _tracks(state: AdpState) -> list[str]:
    found = [f"{name} {getattr(state, name)} outside {b.low}-{b.high}"
             for name, b in SPEC.tracks.items() if not b.holds(getattr(state, name))]
    found += [f"{f} Resources {n} outside 0-75" for f, n in state.resources.items()
              if not SPEC.resources.holds(n)]
    found += [f"unknown Faction {f} has Resources" for f in state.resources
              if f not in FACTIONS or f == "coalition"]
    return found


def _spaces(state: AdpState) -> list[str]:
    b = board()
    found = []
    for sid, sp in state.spaces.items():
        if any(n < 0 for n in sp.pieces.values()) or sp.terror < 0:
            found.append(f"{sid}: negative count")
        if sid in b.locs:
            if any(sp.count(k) for k in BASES):
                found.append(f"{sid}: a Base on a LoC (1.4.2)")
            if sp.support or sp.terror or sp.returnees:
                found.append(f"{sid}: a LoC with Support, Terror or +1 Pop (1.3.4)")
            continue
        space = b.spaces[sid]
        if bases(sp) > MAX_BASES:
            found.append(f"{sid}: more than 2 Bases (1.4.2)")
        if space.is_pakistan and any(SPEC.owner(k) != "taliban" for k in sp.pieces):
            found.append(f"{sid}: non-Taliban pieces in Pakistan (1.4.2)")
        if sp.sabotage:
            found.append(f"{sid}: Sabotage off the LoCs (3.3.4)")
        if sp.support and (space.is_pakistan or pop(state, sid) == 0):
            found.append(f"{sid}: Support/Opposition where there is none (1.6.1)")
        if not -1 <= sp.support <= 1:
            found.append(f"{sid}: support level {sp.support}")
    return found
