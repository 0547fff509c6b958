"""What the steps of the rules share: the ``Run`` that emits events onto a working copy
of the state, and the procedures several rules use (the defence levy, losses, retreats,
eliminating agents, changing control)."""

from __future__ import annotations

import copy
from collections import deque

from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.fold import evolve
from engine.games.asia_crossroads.state import (
    SEATS,
    AsiaState,
    Unit,
    circled,
    combat_units,
    enemy_combat,
    home_region,
    neutral_units,
    other,
    owner,
    strength,
    units_at,
)


class Run:
    """Events emitted so far and the state they lead to (a copy: the caller's state is
    never changed)."""

    def __init__(self, state: AsiaState, chance: Chance) -> None:
        self.state = copy.deepcopy(state)
        self.chance = chance
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)

    def roll(self, purpose: str) -> int:
        value = self.chance.roll(6)
        self.emit(DieRolled(value=value, purpose=purpose))
        return value

    def new_id(self) -> str:
        return f"u{self.state.next_id}"


def brigades_in_play(state: AsiaState, nation: str, kind: str) -> int:
    return sum(u.size for u in state.units.values()
               if u.nation == nation and u.kind == kind)


def available(state: AsiaState, nation: str, kind: str) -> int:
    """10.6.3: brigades of the counter mix not on the map."""
    return state.data.unit_type(nation, kind).brigades - brigades_in_play(state, nation, kind)


def place(run: Run, nation: str, kind: str, brigades: int, where: str) -> None:
    """Counters of at most 3 brigades (XXX, 2.3)."""
    while brigades > 0:
        size = min(3, brigades)
        run.emit(ev.UnitPlaced(id=run.new_id(), nation=nation, kind=kind, size=size,
                               where=where))
        brigades -= size


def eliminate_agent(run: Run, agent: str) -> None:
    """16.3: historical agents are gone for good; pundits and khans may be recruited
    again (16.3.3)."""
    if run.state.data.agents[agent].generic:
        run.emit(ev.UnitMoved(id=agent, to="box"))
    else:
        run.emit(ev.UnitReduced(id=agent, size=0))


def eliminate(run: Run, unit: Unit) -> None:
    if unit.agent:
        eliminate_agent(run, unit.id)
    else:
        run.emit(ev.UnitReduced(id=unit.id, size=0))


def take_losses(run: Run, units: list[Unit], brigades: int) -> None:
    """14.9: losses in brigades.  House (the loss procedure is on the missing CRT):
    natives before red and blue units, then the weakest brigade first; a division
    loses one brigade at a time (18.0)."""
    pool = sorted(combat_units(units), key=lambda u: (
        u.nation not in SEATS, -strength(run.state, u) // max(u.size, 1), u.size, u.id),
        reverse=True)
    sizes = {u.id: u.size for u in pool}
    for _ in range(brigades):
        alive = [u for u in pool if sizes[u.id] > 0]
        if not alive:
            return
        target = alive[0]
        sizes[target.id] -= 1
        run.emit(ev.UnitReduced(id=target.id, size=sizes[target.id]))


def distance_to_base(state: AsiaState, square: str, seat: str) -> int:
    pack = state.data
    base = next(b for b in pack.bases.values() if b.side == seat)
    edges = pack.edge_squares(base.id)
    x, y = pack.xy(square)
    return min(abs(x - ex) + abs(y - ey) for ex, ey in (pack.xy(e) for e in edges))


def retreat_square(state: AsiaState, square: str, seat: str, units: list[Unit]) -> str | None:
    """The square a force of ``seat`` retreats to.  House (the procedure is in the missing
    Player Aid, 14.5): one square, orthogonal (diagonal too if every unit moves in a
    circle), onto land with no enemy combat units; a square with friendly units first,
    then the nearest to the own base; None: the force cannot retreat."""
    if square in state.data.bases:
        return None
    diagonal = all(circled(state, u) for u in units)
    options = [n for n in state.data.neighbours(square, diagonal)
               if state.data.land(n) and not enemy_combat(state, n, seat)]
    if not options:
        return None
    return min(options, key=lambda n: (not any(owner(state, u) == seat
                                               for u in units_at(state, n)),
                                       distance_to_base(state, n, seat), n))


def nearest_friends(state: AsiaState, square: str, side: str) -> str | None:
    """16.3.1: the nearest square with units of the agent's own side (or its base)."""
    pack = state.data
    if square in pack.bases:
        return None
    seen, queue = {square}, deque([square])
    while queue:
        here = queue.popleft()
        if here != square and any(owner(state, u) == side and not u.agent
                                  for u in units_at(state, here)) \
                and not enemy_combat(state, here, side):
            return here
        for n in pack.neighbours(here, True):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    base = next((b.id for b in pack.bases.values() if b.side == side), None)
    return base


def levy(run: Run, region: str, side: str) -> None:
    """5.4.2(3) Defence levy: d6 irregulars of the region, free, to the new controller; the
    region's Khan in place of one of them if he is not on the map.  House placement (the
    controller may choose any square of the region without enemy or neutral units): the
    capital if it qualifies, else the qualifying square nearest to it."""
    state = run.state
    pack = state.data
    roll = run.roll("levy")
    squares = [s for s, r in pack.region.items() if r == region
               and not enemy_combat(state, s, side)
               and not any(owner(state, u) == other(side) for u in units_at(state, s))
               and not neutral_units(state, s)]
    if not squares:
        return
    capital = pack.capital(region)
    cx, cy = pack.xy(capital.square) if capital else (0, 0)
    where = min(squares, key=lambda s: (abs(pack.xy(s)[0] - cx) + abs(pack.xy(s)[1] - cy), s))
    khan = next((a for a in pack.agents.values() if a.khan and a.side == region
                 and state.units.get(a.id) is not None and state.units[a.id].where == "box"),
                None)
    count = roll
    if khan is not None and roll >= 2:
        run.emit(ev.UnitMoved(id=khan.id, to=where))
        count -= 1
    if (region, "irregulars") in pack.units:
        place(run, region, "irregulars", min(count, available(state, region, "irregulars")),
              where)


def change_control(run: Run, region: str, to: str, why: str) -> None:
    """5.4.2 belligerence, 5.5 return to neutrality, 5.6 defection."""
    state = run.state
    before = state.control.get(region, "neutral")
    if before == to:
        return
    run.emit(ev.ControlChanged(region=region, to=to, why=why))
    if to == "neutral":
        _home_again(run, region, before)
    elif before == "neutral":
        levy(run, region, to)                        # 5.4.2(3): formerly neutral
    else:
        for unit in [u for u in run.state.units.values() if u.nation == region]:
            here = units_at(run.state, unit.where)   # 5.6: stacked with the former side
            if any(u.nation != region and owner(run.state, u) == before for u in here):
                eliminate(run, unit)


def _home_again(run: Run, region: str, former: str) -> None:
    """5.5: the region's units outside it go to a city of the region free of British,
    Russian and other regions' units (the former controller's choice; house: the capital
    first); none: eliminated."""
    state = run.state
    pack = state.data
    cities = sorted((c for c in pack.cities.values() if pack.region[c.square] == region),
                    key=lambda c: (not c.capital, c.square))
    free = [c.square for c in cities
            if all(u.nation == region for u in units_at(state, c.square))]
    for unit in [u for u in state.units.values() if u.nation == region]:
        if unit.where in ("box", "gone", "prisoner") or pack.region.get(unit.where) == region:
            continue
        if free:
            run.emit(ev.UnitMoved(id=unit.id, to=free[0]))
        else:
            eliminate(run, unit)


def expeditionary(state: AsiaState, unit: Unit, square: str) -> bool:
    """17.6: a combat unit outside its home region (ghazis have none, 5.7)."""
    if unit.agent or unit.kind == "ghazi":
        return False
    return state.data.region.get(square) != home_region(unit)
