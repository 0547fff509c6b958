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
    AsiaState,
    Unit,
    circled,
    combat_units,
    enemy_combat,
    friendly,
    home_region,
    neutral_units,
    other,
    owner,
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


def loss_groups(state: AsiaState, square: str, seat: str) -> list[tuple[str, str]]:
    """The (nation, type) pairs among ``seat``'s combat units in ``square``."""
    return sorted({(u.nation, u.kind) for u in combat_units(friendly(state, square, seat))})


def lose_brigade(run: Run, square: str, seat: str, nation: str, kind: str) -> None:
    """One brigade off the smallest counter of that type (18.0: reorganisation is free)."""
    unit = min((u for u in combat_units(friendly(run.state, square, seat))
                if u.nation == nation and u.kind == kind), key=lambda u: (u.size, u.id))
    run.emit(ev.UnitReduced(id=unit.id, size=unit.size - 1))


def take_losses(run: Run, square: str, seat: str, brigades: int, then: str) -> bool:
    """14.9, 17.4 ("the player himself decides which"): ``seat`` loses ``brigades`` of its
    combat units in ``square``, one at a time, choosing the type whenever it has more
    than one (``lose``).  True: suspended on that choice (``LossesDue``)."""
    while brigades > 0:
        groups = loss_groups(run.state, square, seat)
        if not groups:
            break
        if len(groups) > 1:
            run.emit(ev.LossesDue(seat=seat, square=square, brigades=brigades, then=then))
            return True
        lose_brigade(run, square, seat, *groups[0])
        brigades -= 1
    if run.state.loss is not None:
        run.emit(ev.LossesDue(seat=seat, square=square, brigades=0, then=then))
    return False


def distance_to_base(state: AsiaState, square: str, seat: str) -> int:
    pack = state.data
    base = next(b for b in pack.bases.values() if b.side == seat)
    edges = pack.edge_squares(base.id)
    x, y = pack.xy(square)
    return min(abs(x - ex) + abs(y - ey) for ex, ey in (pack.xy(e) for e in edges))


def retreat_squares(state: AsiaState, square: str, seat: str, units: list[Unit]) -> list[str]:
    """Where a force of ``seat`` may retreat; the retreating player chooses (14.5).  The
    procedure is in the missing Player Aid; the pack's ``retreat`` rule: ``adjacent``
    (house) one square, orthogonal (diagonal too if every unit moves in a circle, 13.2),
    onto land with no enemy combat units; ``toward_base``: the same, but never farther
    from the own base.  None: the force cannot retreat and is eliminated."""
    if square in state.data.bases:
        return []
    diagonal = all(circled(state, u) for u in units)
    options = [n for n in state.data.neighbours(square, diagonal)
               if state.data.land(n) and not enemy_combat(state, n, seat)]
    if state.rule("retreat") == "toward_base":
        here = distance_to_base(state, square, seat)
        options = [n for n in options if distance_to_base(state, n, seat) <= here]
    return sorted(options)


def retreat_square(state: AsiaState, square: str, seat: str, units: list[Unit]) -> str | None:
    """The first square a retreat may go to (the tests' shortcut), None: none."""
    options = retreat_squares(state, square, seat, units)
    return options[0] if options else None


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


def levy_squares(state: AsiaState, region: str, side: str) -> list[str]:
    """5.4.2(3): any square of the region without enemy or neutral units."""
    return sorted(s for s, r in state.data.region.items() if r == region
                  and not any(owner(state, u) == other(side) for u in units_at(state, s))
                  and not neutral_units(state, s))


def levy(run: Run, region: str, side: str, then: str) -> None:
    """5.4.2(3) Defence levy: d6 irregulars of the region, free, to the new controller, who
    places them in a square of the region without enemy or neutral units (``levy at``);
    it may take the region's Khan, if he is not on the map, in place of one of them
    (``levy with KHAN at``)."""
    state = run.state
    pack = state.data
    roll = run.roll("levy")
    khan = next((a.id for a in pack.agents.values() if a.khan and a.side == region
                 and state.units.get(a.id) is not None and state.units[a.id].where == "box"),
                None)
    if (region, "irregulars") not in pack.units and khan is None:
        return
    due_levy(run, side, region, region, "irregulars", roll, khan, then, instead=True)


def due_levy(run: Run, side: str, region: str, nation: str, kind: str, count: int,
             agent: str | None, then: str, instead: bool = False) -> None:
    """Units ``side`` receives in ``region`` (``agent``: with them, or in place of one if
    ``instead``): placed at once if only one square qualifies and there is nothing else
    to choose, else queued for the receiver's choice (``LevyDue``)."""
    squares = levy_squares(run.state, region, side)
    if not squares or (count <= 0 and agent is None):
        return
    run.emit(ev.LevyDue(side=side, region=region, nation=nation, kind=kind, count=count,
                        agent=agent, then=then, instead=instead))
    if len(squares) == 1 and not (instead and agent):
        place_levy(run, squares[0], with_agent=True)


def place_levy(run: Run, square: str, with_agent: bool) -> str:
    """Places the first queued levy in ``square`` (its agent too if ``with_agent``);
    returns what follows (``then``) once the queue is empty, else ""."""
    item = run.state.levies[0]
    count = int(item["count"])
    if item["agent"] and with_agent:
        run.emit(ev.UnitMoved(id=item["agent"], to=square))
        count -= 1 if item.get("instead") else 0
    if (item["nation"], item["kind"]) in run.state.data.units:
        place(run, item["nation"], item["kind"],
              max(0, min(count, available(run.state, item["nation"], item["kind"]))), square)
    run.emit(ev.LevyPlaced(square=square))
    return "" if run.state.levies else str(item["then"])


def change_control(run: Run, region: str, to: str, why: str, then: str = "") -> None:
    """5.4.2 belligerence, 5.5 return to neutrality, 5.6 defection.  ``then``: what
    follows a levy the receiver must place (``income``, ``combat``)."""
    state = run.state
    before = state.control.get(region, "neutral")
    if before == to:
        return
    run.emit(ev.ControlChanged(region=region, to=to, why=why))
    if to == "neutral":
        _home_again(run, region, before)
    elif before == "neutral":
        levy(run, region, to, then)                  # 5.4.2(3): formerly neutral
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
    if region not in pack.regions:
        return
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
