"""What must hold after every event (the fuzzer checks it)."""

from __future__ import annotations

from engine.games.asia_crossroads.state import SEATS, AsiaState, owner


def problems(state: AsiaState) -> list[str]:
    out: list[str] = []
    if not state.turns:
        return out
    pack = state.data
    limit = pack.tables["balance"]["limit"]
    if not -limit <= state.balance <= limit:
        out.append(f"BoP {state.balance} out of range (4.3)")
    for seat in SEATS:
        if (state.treasury.get(seat) or 0) < 0:
            out.append(f"{seat} treasury below 0")
        if state.supply.get(seat, 0) < 0:
            out.append(f"{seat} SP below 0")
    brigades: dict[tuple[str, str], int] = {}
    for unit in state.units.values():
        if unit.agent:
            if unit.where not in ("box", "gone", "prisoner", *pack.bases, *pack.terrain):
                out.append(f"agent {unit.id} at {unit.where}")
            continue
        if not 1 <= unit.size <= 3:
            out.append(f"{unit.id} of size {unit.size}")
        if unit.where in pack.bases:
            if owner(state, unit) != pack.bases[unit.where].side or unit.nation not in SEATS:
                out.append(f"{unit.id} in the wrong base (19.6)")
        elif unit.where not in pack.terrain or not pack.land(unit.where):
            out.append(f"{unit.id} at {unit.where}, not land (13.7)")
        key = (unit.nation, unit.kind)
        brigades[key] = brigades.get(key, 0) + unit.size
    for (nation, kind), count in brigades.items():
        if count > pack.unit_type(nation, kind).brigades:
            out.append(f"{count} {nation} {kind} brigades: more than the counter mix")
    return out
