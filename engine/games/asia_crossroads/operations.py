"""3.1 steps 4-13: five operations phases a turn, first player then second (12.0), each
with its sub-phases in strict order (12.1): movement (13), negotiations (15),
belligerence check (5.4.1), combat (14) and, at its end, agent capture (16.3)."""

from __future__ import annotations

from collections import deque

from engine.core.actions import Action, Amount
from engine.core.seal import seal
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.common import (
    Run,
    change_control,
    eliminate,
    eliminate_agent,
    lose_brigade,
    nearest_friends,
    retreat_squares,
    take_losses,
)
from engine.games.asia_crossroads.pack import DIRECTIONS, Pack
from engine.games.asia_crossroads.state import (
    SEATS,
    AsiaState,
    Unit,
    balance_level,
    circled,
    combat_units,
    enemy_combat,
    force_ma,
    friendly,
    movement,
    neutral_units,
    other,
    owner,
    strength,
    units_at,
)
from engine.games.asia_crossroads.vocabulary import verb

DONE, MARCH, LEAVE, LEAVE_AGENT, GO, ENTER, LAND, SAIL, HALT = (verb(v) for v in (
    "done", "march", "leave", "leave_agent", "go", "enter", "land", "sail", "halt"))
SPLIT, MERGE = verb("split"), verb("merge")
NEGOTIATE, BID, RETREAT, STAND, FIGHT, EXECUTE, HOLD = (verb(v) for v in (
    "negotiate", "bid", "retreat", "stand", "fight", "execute", "hold"))
LOSE, LEAD, RAIL, RAZE = verb("lose"), verb("lead"), verb("rail"), verb("raze")


def begin_operations(run: Run, ops: int, phasing: str) -> None:
    run.emit(ev.PhaseBegan(phase="ops", ops=ops, phasing=phasing, sub="movement"))


def next_operations(run: Run) -> None:
    """3.1: first player, second player, then the next operations phase; after the
    fifth, the supply phase."""
    state = run.state
    if state.phasing == state.first:
        begin_operations(run, state.ops, other(state.first))
    elif state.ops < 5:
        begin_operations(run, state.ops + 1, state.first)
    else:
        from engine.games.asia_crossroads.economy import begin_supply
        begin_supply(run)


# --- 13. movement ------------------------------------------------------------------------
def movement_actions(state: AsiaState, seat: str) -> list[Action]:
    if state.force is not None:
        return force_actions(state, seat)
    pack = state.data
    paying = state.ops >= 2                           # 12.2: phases 2-5 cost 1 SP a force
    out: list[Action] = []
    places = sorted({u.where for u in state.units.values() if owner(state, u) == seat
                     and u.id not in state.moved and (u.where in pack.terrain
                                                      or u.where in pack.bases)})
    if not paying or state.supply.get(seat, 0) >= 1:
        out += [MARCH(place=p) for p in places]
    out += reorganise_actions(state, seat, places)
    out.append(DONE())
    return out


def reorganise_actions(state: AsiaState, seat: str, places: list[str]) -> list[Action]:
    """18.0: divisions and hordes break into brigades or combine, same type and
    nation, up to XXX."""
    out: list[Action] = []
    for square in places:
        groups: dict[tuple[str, str], list[Unit]] = {}
        for unit in combat_units(friendly(state, square, seat)):
            if unit.id not in state.moved:
                groups.setdefault((unit.nation, unit.kind), []).append(unit)
        for (nation, kind), units in sorted(groups.items()):
            if any(u.size > 1 for u in units):
                out.append(SPLIT(nation=nation, troop=kind, place=square))
            sizes = sorted(u.size for u in units)
            if len(sizes) > 1 and sizes[0] + sizes[1] <= 3:
                out.append(MERGE(nation=nation, troop=kind, place=square))
    return out


def reorganise(run: Run, seat: str, action: Action) -> None:
    """18.0, sealed to the owner (14.4: the stack is concealed)."""
    square = str(action["place"])
    units = sorted((u for u in friendly(run.state, square, seat)
                    if u.nation == action["nation"] and u.kind == action["troop"]
                    and u.id not in run.state.moved), key=lambda u: (u.size, u.id))
    if action.verb == "split":
        big = max(units, key=lambda u: (u.size, u.id))
        change = [[big.id, big.nation, big.kind, big.size - 1],
                  [run.new_id(), big.nation, big.kind, 1]]
    else:
        small, other_unit = units[0], units[1]
        change = [[small.id, small.nation, small.kind, 0],
                  [other_unit.id, other_unit.nation, other_unit.kind,
                   other_unit.size + small.size]]
    run.emit(ev.UnitsReorganised(square=square,
                                 change=seal(change, [seat], run.chance.salt())))


def force_actions(state: AsiaState, seat: str) -> list[Action]:
    force = state.force
    assert force is not None
    pack = state.data
    units = [state.units[i] for i in force.units]
    out: list[Action] = []
    if not force.stepped:                                          # 16.2.1
        leaders = military_agents(state, force.units)
        if len(leaders) > 1 and any(not u.agent for u in units):
            chosen = bonus_agent(state, force.units)
            out += [LEAD(agent=a) for a in leaders if a != chosen]
    if len(units) > 1:
        for unit in units:
            if unit.agent:
                if not (force.stepped and bonus_agent(state, force.units) == unit.id):
                    out.append(LEAVE_AGENT(agent=unit.id))
            else:
                action = LEAVE(nation=unit.nation, troop=unit.kind)
                if action not in out:
                    out.append(action)
    for direction in DIRECTIONS:
        to = pack.step(force.square, direction) if force.square in pack.terrain else None
        if to is not None and step_cost(state, force.square, to) is not None:
            out.append(GO(direction=direction))
    if enter_cost(state, seat) is not None:
        out.append(ENTER())
    out += [LAND(place=s) for s in land_squares(state, seat)]
    out += [SAIL(place=s) for s in sail_squares(state, seat)]
    out += [RAIL(place=s) for s in sorted(rail_squares(state, seat))]
    out.append(HALT())
    return out


def military_agents(state: AsiaState, ids: list[str]) -> list[str]:
    """The agents among ``ids`` with a military value to give (16.2)."""
    return sorted(i for i in ids if state.units[i].agent and state.data.agents[i].military > 0)


def bonus_agent(state: AsiaState, ids: list[str]) -> str | None:
    """16.2.1: the agent whose military value speeds the force (it must stay with it):
    the one the player chose (``lead with``), else the best."""
    agents = [state.units[i] for i in ids if state.units[i].agent]
    if not agents or all(state.units[i].agent for i in ids):
        return None
    force = state.force
    if force is not None and force.leader in ids:
        return force.leader
    best = max(agents, key=lambda a: (state.data.agents[a.id].military, a.id))
    return best.id if state.data.agents[best.id].military > 0 else None


# --- 13.6 railways ---------------------------------------------------------------------------
def base_railways(state: AsiaState) -> bool:
    """19.1.4, 20.2.2: from the turn 1860-64 the bases hold railways, free."""
    label = state.turns[state.turn - 1] if 0 < state.turn <= len(state.turns) else ""
    return label[:4].isdigit() and int(label[:4]) >= 1860


def railway(state: AsiaState, square: str, seat: str) -> bool:
    """13.6.5: only the own railways."""
    return state.markers.get(square, {}).get("railway") == seat


def rail_links(state: AsiaState, square: str, seat: str) -> list[str]:
    """13.6.4: railways join across square sides only, never corners; 19.1.4: the own
    base joins the railways on its edge squares from 1860-64."""
    pack = state.data
    base = own_base(pack, seat)
    with_base = base_railways(state)
    if square == base:
        return [e for e in pack.edge_squares(base) if railway(state, e, seat)] \
            if with_base else []
    out = [n for n in pack.neighbours(square, False) if railway(state, n, seat)]
    if with_base and square in pack.edge_squares(base):
        out.append(base)
    return out


def rail_squares(state: AsiaState, seat: str) -> dict[str, int]:
    """13.6.1: from a square with an own railway, any number of squares joined by own
    railways for 1 MP (13.6.3: each rail leg 1 MP); 13.6.2: it may start among enemy
    units but stops on entering enemy combat units; 19.1.3, 19.2.3: +1 MP into or out of
    the base, never both in one phase.  Destination -> cost in half MP."""
    force = state.force
    assert force is not None
    pack = state.data
    here = force.square
    base = own_base(pack, seat)
    if here in pack.bases:
        if here != base or not base_railways(state) or force.base_used:
            return {}
    elif not railway(state, here, seat):
        return {}
    out: dict[str, int] = {}
    seen, queue = {here}, deque([here])
    while queue:
        node = queue.popleft()
        for n in rail_links(state, node, seat):
            if n in seen:
                continue
            seen.add(n)
            if n == base and (force.base_used or not imperial_only(state, seat)):
                continue
            cost = 2 + (2 if base in (here, n) else 0)
            if cost <= force.left_half:
                out[n] = cost
            if n != base and not enemy_combat(state, n, seat):
                queue.append(n)
    return out


def step_cost(state: AsiaState, here: str, to: str) -> int | None:
    """13.1-13.5: the cost in half MP of one step, or None if it may not be taken."""
    force = state.force
    assert force is not None
    pack = state.data
    if not pack.land(to) or force.left_half <= 0:                  # 13.7
        return None
    (x, y), (tx, ty) = pack.xy(here), pack.xy(to)
    diagonal = x != tx and y != ty
    if diagonal and not all(circled(state, state.units[i]) for i in force.units):
        return None                                                # 13.2
    terrain = pack.terrain[to]
    if frozenset((here, to)) in pack.routes:                       # 13.5
        cost = 2 if terrain in ("desert", "mountain") else 1
    else:
        cost = 2 * pack.tec[terrain].mp
    return cost if cost <= force.left_half else None


def own_base(pack: Pack, seat: str) -> str:
    return next(b.id for b in pack.bases.values() if b.side == seat)


def imperial_only(state: AsiaState, seat: str) -> bool:
    """19.6: only red units use Central India, only blue units the Urals."""
    force = state.force
    return force is not None and all(state.units[i].nation == seat for i in force.units)


def enter_cost(state: AsiaState, seat: str) -> int | None:
    """19.1: from an edge square of the own region into the base: 1 MP (1/2 along a
    trade route, 19.1 example: Agra) plus 1 MP to enter (19.1.3); never a base left
    this phase."""
    force = state.force
    assert force is not None
    pack = state.data
    base = own_base(pack, seat)
    if force.square not in pack.edge_squares(base) or not imperial_only(state, seat) \
            or force.base_used == base:
        return None
    cost = (1 if force.square in pack.route_squares else 2) + 2
    return cost if cost <= force.left_half else None


def land_squares(state: AsiaState, seat: str) -> list[str]:
    force = state.force
    assert force is not None
    pack = state.data
    if force.square not in pack.bases:
        return []
    out = []
    for square in pack.edge_squares(force.square):
        route = square in pack.route_squares
        cost = (2 if pack.terrain[square] in ("desert", "mountain") else 1) if route else \
            2 * pack.tec[pack.terrain[square]].mp
        if cost + 2 <= force.left_half:
            out.append(square)
    return out


def water_reach(pack: Pack, start: str) -> set[str]:
    """13.8: the land squares a force may reach by water from ``start``: any distance
    along connected sea, coast and river squares, never to or from a mountain."""
    def shore(square: str) -> bool:
        return pack.land(square) and (pack.coastal(square) or square in pack.rivers) \
            and pack.terrain[square] != "mountain"
    starts: list[str] = []
    if start in pack.bases:
        starts = [s for s, body in pack.water.items() if body == pack.bases[start].sea]
    elif shore(start):
        starts = [start]
    def linked(here: str, n: str) -> bool:
        if not pack.land(n):
            return not pack.land(here) or shore(here)
        if not shore(n):
            return False
        if not pack.land(here):
            return True
        return (here in pack.rivers and n in pack.rivers) or (
            pack.coastal(here) and pack.coastal(n))
    seen, queue = set(starts), deque(starts)
    while queue:
        here = queue.popleft()
        for n in pack.neighbours(here, False):
            if n not in seen and linked(here, n):
                seen.add(n)
                queue.append(n)
    return {s for s in seen if pack.land(s) and s != start}


def sail_cost(state: AsiaState, seat: str) -> int:
    """13.8.1: +1 SP from a port, +2 otherwise; +1 more in phases 2-5 when it is the
    force's first move (12.2)."""
    force = state.force
    assert force is not None
    pack = state.data
    city = pack.city_at.get(force.square)
    cost = 1 if (city is not None and city.port) or force.square in pack.bases else 2
    return cost + (1 if state.ops >= 2 and not force.stepped else 0)


def sail_squares(state: AsiaState, seat: str) -> list[str]:
    force = state.force
    assert force is not None
    pack = state.data
    if force.left_half < 2 or state.supply.get(seat, 0) < sail_cost(state, seat):
        return []
    if force.square in pack.bases and (force.base_used or not imperial_only(state, seat)):
        return []
    return sorted(water_reach(pack, force.square))


def decide_movement(run: Run, seat: str, action: Action) -> None:
    state = run.state
    if action.verb == "done":
        begin_negotiations(run)
    elif action.verb == "march":
        origin = str(action["place"])
        units = [u.id for u in units_at(state, origin)
                 if owner(state, u) == seat and u.id not in state.moved]
        started_with_enemy = any(owner(state, u) == other(seat) for u in
                                 units_at(state, origin)) or any(
            who == other(seat) for who in state.markers.get(origin, {}).values())
        run.emit(ev.ForceFormed(origin=origin, hidden=seal(units, [seat], run.chance.salt()),
                                left_half=2 * force_ma(state, units),
                                from_enemy=started_with_enemy))
    elif action.verb in ("split", "merge"):
        reorganise(run, seat, action)
    elif action.verb in ("leave", "leave_agent"):
        force = state.force
        assert force is not None
        if action.verb == "leave_agent":
            unit_id = str(action["agent"])
        else:
            unit_id = min((state.units[i] for i in force.units
                           if state.units[i].nation == action["nation"]
                           and state.units[i].kind == action["troop"]),
                          key=lambda u: (u.size, u.id)).id
        run.emit(ev.UnitLeft(hidden=seal(unit_id, [seat], run.chance.salt()),
                             dropped=force.stepped))
    elif action.verb == "halt":
        run.emit(ev.ForceHalted())
    elif action.verb == "lead":                                         # 16.2.1
        run.emit(ev.LeaderChosen(seat=seat, role="move", hidden=seal(
            str(action["agent"]), [seat], run.chance.salt())))
    else:
        move_force(run, seat, action)


def move_force(run: Run, seat: str, action: Action) -> None:
    state = run.state
    force = state.force
    assert force is not None
    pack = state.data
    if not force.stepped and state.ops >= 2 and action.verb != "sail":
        run.emit(ev.SupplyChanged(seat=seat, by=-1, why="movement"))     # 12.2
    if action.verb == "go":
        to = pack.step(force.square, str(action["direction"]))
        assert to is not None
        cost = step_cost(state, force.square, to)
        assert cost is not None
        how = "route" if frozenset((force.square, to)) in pack.routes else "land"
    elif action.verb == "enter":
        to, how = own_base(pack, seat), "base"
        cost = enter_cost(state, seat) or 0
    elif action.verb == "land":
        to, how = str(action["place"]), "base"
        cost = (1 if to in pack.route_squares else 2 * pack.tec[pack.terrain[to]].mp) + 2
    elif action.verb == "rail":                                        # 13.6
        to, how = str(action["place"]), "rail"
        cost = rail_squares(state, seat)[to]
    else:
        to, how, cost = str(action["place"]), "sea", 2
        run.emit(ev.SupplyChanged(seat=seat, by=-sail_cost(state, seat), why="amphibious"))
    stop = bool(enemy_combat(run.state, to, seat)) and to not in pack.bases     # 13.3.2
    if force.from_enemy and force.seen_enemy and enemy_combat(run.state, force.square, seat):
        stop = True
    run.emit(ev.ForceStepped(to=to, cost_half=min(cost, force.left_half), how=how,
                             stop=stop))


# --- 15. negotiations ----------------------------------------------------------------------
def begin_negotiations(run: Run) -> None:
    run.emit(ev.PhaseBegan(phase="ops", ops=run.state.ops, phasing=run.state.phasing,
                           sub="negotiations"))
    if not negotiation_actions(run.state, run.state.phasing)[:-1]:
        belligerence_check(run)


def negotiation_actions(state: AsiaState, seat: str) -> list[Action]:
    """15.1, 15.3, 15.5, 19.5: an agent in the capital of a neutral or enemy region with
    no enemy combat units there; one attempt per region per sub-phase."""
    talk = state.negotiation
    if talk is not None:
        if seat not in talk.waiting:
            return []
        agent = talk.agent if seat == talk.seat else talk.opponent_agent
        assert agent is not None
        most = min(state.data.agents[agent].political, state.treasury.get(seat) or 0)
        return [BID(amount=Amount(0, most))]            # 15.4: political value 0: bids 0
    out: list[Action] = []
    for region in state.data.regions:
        capital = state.data.capital(region)
        if capital is None or state.control.get(region) == seat or region in state.negotiated:
            continue
        if enemy_combat(state, capital.square, seat):
            continue
        for unit in friendly(state, capital.square, seat):
            if unit.agent:
                out.append(NEGOTIATE(region=region, agent=unit.id))
    out.append(DONE())
    return out


def decide_negotiation(run: Run, seat: str, action: Action) -> None:
    state = run.state
    if action.verb == "done":
        belligerence_check(run)
        return
    if action.verb == "negotiate":
        region = str(action["region"])
        capital = state.data.capital(region)
        assert capital is not None
        rivals = [u for u in units_at(state, capital.square)
                  if u.agent and owner(state, u) == other(seat)]
        opponent = max(rivals, key=lambda a: (state.data.agents[a.id].political, a.id),
                       default=None)                                     # 15.1(4)
        waiting = [seat] + ([other(seat)] if opponent is not None else [])
        run.emit(ev.NegotiationOpened(region=region, seat=seat, agent=str(action["agent"]),
                                      opponent_agent=opponent.id if opponent else None,
                                      waiting=waiting))
        return
    amount = int(action["amount"])                                      # 15.2: secret
    run.emit(ev.BidSealed(seat=seat, bid=seal(amount, [seat], run.chance.salt())))
    talk = run.state.negotiation
    if talk is not None and not talk.waiting:
        resolve_negotiation(run)


def negotiation_strength(state: AsiaState, seat: str, agent: str | None, region: str,
                         bid: int) -> int:
    """15.1(3), 15.1(5): political value + pounds + the table's modifiers (house: +1 a
    colony of the side in the region, 20.3.1(2); + the side's BoP level, 4.2)."""
    if agent is None:
        return 0
    table = state.data.tables["negotiations"]
    colony = any(m.get("colony") == seat for s, m in state.markers.items()
                 if state.data.region.get(s) == region)
    return (state.data.agents[agent].political + bid + (table["colony"] if colony else 0)
            + (balance_level(state, seat) if table["balance"] else 0))


def negotiation_result(state: AsiaState, differential: int, roll: int) -> str:
    table = state.data.tables["negotiations"]
    columns = table["columns"]
    column = min(max(differential, columns[0]), columns[-1])
    return str(table[str(roll)][columns.index(column)])


def resolve_negotiation(run: Run) -> None:
    state = run.state
    talk = state.negotiation
    assert talk is not None
    bids = {s: int(b or 0) for s, b in talk.bids.items()}
    run.emit(ev.BidsRevealed(bids=bids, salts=dict(talk.salts)))
    seat, region = talk.seat, talk.region
    offence = negotiation_strength(state, seat, talk.agent, region, bids.get(seat, 0))
    defence = negotiation_strength(state, other(seat), talk.opponent_agent, region,
                                   bids.get(other(seat), 0)) if talk.opponent_agent else 0
    roll = run.roll("negotiation")
    result = negotiation_result(state, offence - defence, roll)
    before = state.control.get(region, "neutral")
    if result == "neutral" and before == "neutral":
        result = "none"
    run.emit(ev.NegotiationResolved(region=region, offence=offence, defence=defence,
                                    roll=roll, result=result))
    if result == "control":
        change_control(run, region, seat, "negotiation")
        shift = state.data.tables["balance"]["diplomacy"]        # 2.8.1 "Diplomacy"
        run.emit(ev.BalanceShifted(by=shift if seat == "british" else -shift,
                                   why="diplomacy"))
    elif result == "neutral":
        change_control(run, region, "neutral", "negotiation")
    elif result == "agent":
        eliminate_agent(run, talk.agent)


def bid_secret(state: AsiaState, action: Action) -> bool:
    return action.verb == "bid"


# --- 5.4.1 belligerence check ------------------------------------------------------------
def belligerence_check(run: Run) -> None:
    """5.4.1(1)-(2): the phasing side's combat units sharing a square with neutral units,
    or in a city of a neutral region, invade it: the region goes to the other side."""
    state = run.state
    seat = state.phasing
    pack = state.data
    invaded: dict[str, str] = {}
    for square in sorted({u.where for u in state.units.values() if u.where in pack.terrain}):
        if not combat_units(friendly(state, square, seat)):
            continue
        regions = {u.nation for u in neutral_units(state, square)}
        city = pack.city_at.get(square)
        if city is not None and state.control.get(pack.region[square]) == "neutral":
            regions.add(pack.region[square])
        for region in sorted(regions):
            invaded.setdefault(region, square)
    for region, square in invaded.items():
        if run.state.control.get(region) == "neutral":
            run.emit(ev.Invasion(region=region, square=square, by=seat))
            change_control(run, region, other(seat), "invasion", "combat")   # 5.4.2
    if not run.state.levies:                  # else: combat once the levies are placed
        begin_combat(run)


# --- 14. combat ----------------------------------------------------------------------------
def begin_combat(run: Run) -> None:
    """14.1: combat is mandatory wherever the phasing side shares a square with
    belligerent enemy combat units."""
    state = run.state
    seat = state.phasing
    squares = sorted({u.where for u in state.units.values() if u.where in state.data.terrain
                      and combat_units(friendly(state, u.where, seat))
                      and enemy_combat(state, u.where, seat)})
    run.emit(ev.PhaseBegan(phase="ops", ops=state.ops, phasing=seat, sub="combat"))
    run.emit(ev.CombatsListed(squares=squares, step=""))
    next_combat(run)


def can_retreat_first(state: AsiaState, square: str, seat: str) -> bool:
    """14.5: every defending unit is faster than the fastest attacking combat unit."""
    attackers = combat_units(friendly(state, square, seat))
    defenders = combat_units(friendly(state, square, other(seat)))
    fastest = max(movement(state, u) for u in attackers)
    return all(movement(state, u) > fastest for u in defenders) and bool(retreat_squares(
        state, square, other(seat), friendly(state, square, other(seat))))


def tables_allowed(state: AsiaState, square: str, seat: str) -> list[str]:
    """14.6: Battle when at least half the attacking factors are B or C; Raid (inferred)
    when at least half are R or C."""
    units = combat_units(friendly(state, square, seat))
    total = sum(strength(state, u) for u in units)
    def share(letters: str) -> int:
        return sum(strength(state, u) for u in units
                   if state.data.unit_type(u.nation, u.kind).crt in letters)
    out = []
    if 2 * share("BC") >= total:
        out.append("battle")
    if 2 * share("RC") >= total:
        out.append("raid")
    return out


def next_combat(run: Run) -> None:
    state = run.state
    seat = state.phasing
    while state.combats:
        square = state.combats[0]
        if not (combat_units(friendly(state, square, seat))
                and enemy_combat(state, square, seat)):
            run.emit(ev.CombatResolved(square=square, table="", attack=0, defence=0,
                                       column="", roll=0, drm=0, result="none"))
            state = run.state
            continue
        if can_retreat_first(state, square, seat):
            run.emit(ev.CombatStep(step="retreat"))
            return
        choose_table(run)
        return
    end_of_combat(run)


def choose_table(run: Run) -> None:
    allowed = tables_allowed(run.state, run.state.combats[0], run.state.phasing)
    if len(allowed) == 1:
        choose_leaders(run, allowed[0])
    else:
        run.emit(ev.CombatStep(step="table"))


def leader_options(state: AsiaState, square: str, side: str) -> list[str]:
    """14.8: the agents of ``side`` in the combat whose military value could count, when
    the player has a choice to make (two or more, none chosen yet)."""
    if side in state.leaders:
        return []
    agents = military_agents(state, [u.id for u in friendly(state, square, side)])
    return agents if len(agents) > 1 else []


def choose_leaders(run: Run, table: str) -> None:
    """14.8: the attacker, then the defender, names the one agent whose military value
    modifies the roll; then the combat is fought."""
    state = run.state
    square = state.combats[0]
    for side in (state.phasing, other(state.phasing)):
        if leader_options(state, square, side):
            run.emit(ev.CombatStep(step=f"lead:{table}"))
            return
    fight(run, table)


def combat_chooser(state: AsiaState) -> str | None:
    """The seat whose decision the combat sub-phase waits for."""
    if state.captives:
        return state.phasing
    if state.loss is not None:
        return str(state.loss["seat"])
    if state.aftermath is not None and state.aftermath["stage"] == 4:
        return state.phasing
    if state.retreating is not None:
        return str(state.retreating["seat"])
    if not state.combats:
        return None
    if state.combat_step == "retreat":
        return other(state.phasing)
    if state.combat_step.startswith("lead:"):
        square = state.combats[0]
        return next((s for s in (state.phasing, other(state.phasing))
                     if leader_options(state, square, s)), None)
    return state.phasing if state.combat_step == "table" else None


def combat_actions(state: AsiaState, seat: str) -> list[Action]:
    if seat != combat_chooser(state):
        return []
    if state.captives:
        return [a for agent in state.captives for a in (EXECUTE(agent=agent),
                                                        HOLD(agent=agent))]
    if state.loss is not None:
        return loss_actions(state, seat)
    if state.aftermath is not None and state.aftermath["stage"] == 4:
        return [RAZE(marker=m) for m in raid_targets(state)]
    if state.retreating is not None:
        square = str(state.retreating["square"])
        units = friendly(state, square, seat)
        return [RETREAT(place=p) for p in retreat_squares(state, square, seat, units)]
    square = state.combats[0]
    if state.combat_step == "retreat":
        units = friendly(state, square, seat)
        return [*(RETREAT(place=p) for p in retreat_squares(state, square, seat, units)),
                STAND()]
    if state.combat_step.startswith("lead:"):
        return [LEAD(agent=a) for a in leader_options(state, square, seat)]
    return [FIGHT(table=t) for t in tables_allowed(state, square, seat)]


def loss_actions(state: AsiaState, seat: str) -> list[Action]:
    """14.9, 17.4: one brigade of a type the player names."""
    from engine.games.asia_crossroads.common import loss_groups
    loss = state.loss
    if loss is None or loss["seat"] != seat:
        return []
    return [LOSE(nation=n, troop=k) for n, k in loss_groups(state, str(loss["square"]), seat)]


def decide_loss(run: Run, seat: str, action: Action) -> None:
    """A brigade lost; when all are, what the loss interrupted goes on."""
    loss = run.state.loss
    assert loss is not None
    square, then = str(loss["square"]), str(loss["then"])
    lose_brigade(run, square, seat, str(action["nation"]), str(action["troop"]))
    if take_losses(run, square, seat, int(loss["brigades"]) - 1, then):
        return
    if then == "combat":
        resume_result(run)
    else:
        from engine.games.asia_crossroads.economy import supply_resumed
        supply_resumed(run)


def decide_combat(run: Run, seat: str, action: Action) -> None:
    state = run.state
    if action.verb in ("execute", "hold"):
        agent = str(action["agent"])
        if action.verb == "execute":                                  # 16.3.2
            native = state.data.agents[agent].side
            side = native if native in SEATS else state.control.get(native)
            run.emit(ev.UnitReduced(id=agent, size=0))
            shift = state.data.tables["balance"]["execute_agent"]
            if side in SEATS:
                run.emit(ev.BalanceShifted(by=shift if side == "british" else -shift,
                                           why="execution"))
        else:
            run.emit(ev.AgentHeld(agent=agent))
        if not run.state.captives:
            finish_combat_phase(run)
        return
    if action.verb == "lose":
        decide_loss(run, seat, action)
        return
    if action.verb == "raze":                                          # 14.9 "m"
        assert state.aftermath is not None
        destroy_marker(run, str(state.aftermath["square"]), str(action["marker"]),
                       other(seat))
        run.emit(ev.ResultStage(stage=-1))
        resume_result(run)
        return
    if action.verb == "retreat" and state.retreating is not None:      # 14.9 result
        square = str(state.retreating["square"])
        retreat(run, square, seat, str(action["place"]))
        resume_result(run)
        return
    square = state.combats[0]
    if action.verb == "retreat":                                        # 14.5
        retreat(run, square, seat, str(action["place"]))
        run.emit(ev.CombatResolved(square=square, table="", attack=0, defence=0, column="",
                                   roll=0, drm=0, result="retreat before combat"))
        next_combat(run)
    elif action.verb == "stand":
        choose_table(run)
    elif action.verb == "lead":                                         # 14.8
        run.emit(ev.LeaderChosen(seat=seat, agent=str(action["agent"]), role="combat"))
        choose_leaders(run, state.combat_step.split(":", 1)[1])
    else:
        choose_leaders(run, str(action["table"]))


def retreat(run: Run, square: str, seat: str, to: str) -> None:
    """14.5: the units of ``seat`` in ``square`` (agents go with them) retreat to ``to``
    ("": nowhere to go, its combat units are eliminated)."""
    for unit in friendly(run.state, square, seat):
        if unit.agent and not to:
            continue
        if to:
            run.emit(ev.UnitMoved(id=unit.id, to=to))
        else:
            eliminate(run, unit)
    run.emit(ev.Retreated(square=square, to=to))


def odds_column(attack: int, defence: int) -> str:
    """14.7: attacker larger: fractions dropped (14:5 = 2.8 -> 2:1), with a 1.5:1 column
    (7:4); defender larger: rounded up in its favour (6:10 -> 1:2); clamped to 1:3 and
    4:1."""
    if defence <= 0:
        return "4:1"
    if attack >= defence:
        ratio = attack / defence
        if ratio >= 4:
            return "4:1"
        if ratio >= 2:
            return f"{int(ratio)}:1"
        return "1.5:1" if 2 * attack >= 3 * defence else "1:1"
    if attack <= 0:
        return "1:3"
    against = -(-defence // attack)            # ceiling
    return f"1:{min(against, 3)}"


def defence_multiplier(state: AsiaState, square: str, defender: str) -> int:
    """14.7.4: one multiplier, the best, at most x3 (TEC, a city); 20.3.2: a fort of the
    defender triples; rivers give nothing."""
    pack = state.data
    if state.markers.get(square, {}).get("fort") == defender:
        return 3
    options = [pack.tec[pack.terrain[square]].defence]
    if square in pack.city_at:
        options.append(int(pack.tables["city"]["defence"]))
    return min(3, max(options))


def combat_drm(state: AsiaState, square: str, seat: str) -> int:
    """14.8, 16.2.2: + the military value of one attacking agent, - one defending: the one
    each player named (``lead with``), or the only one or none."""
    def value(side: str) -> int:
        chosen = state.leaders.get(side)
        if chosen is not None:
            return state.data.agents[chosen].military
        return max((state.data.agents[u.id].military for u in friendly(state, square, side)
                    if u.agent), default=0)
    return value(seat) - value(other(seat))


def fight(run: Run, table: str) -> None:
    state = run.state
    seat, square = state.phasing, state.combats[0]
    attackers = combat_units(friendly(state, square, seat))
    defenders = combat_units(friendly(state, square, other(seat)))
    attack = sum(strength(state, u) for u in attackers)
    defence = sum(strength(state, u) for u in defenders) * defence_multiplier(
        state, square, other(seat))
    column = odds_column(attack, defence)
    drm = combat_drm(state, square, seat)
    roll = run.roll("combat")
    row = max(0, min(8, roll + drm))
    crt = state.data.tables["crt"]
    result = str(crt[table][str(row)][crt["columns"].index(column)])
    run.emit(ev.CombatResolved(square=square, table=table, attack=attack, defence=defence,
                               column=column, roll=roll, drm=drm, result=result))
    resume_result(run)


def resume_result(run: Run) -> None:
    """14.9: the result applies in the order it lists: the attacker's losses, the
    defender's (``x``: all), the retreat (``r``), a raid's marker (``m``).  Each owner
    chooses which units take its losses and where its units retreat; the procedure
    suspends on those choices and resumes here."""
    while (aftermath := run.state.aftermath) is not None:
        square, result, stage = aftermath["square"], aftermath["result"], aftermath["stage"]
        seat = run.state.phasing
        lost_a, _, rest = str(result).partition("/")
        if stage == 3 and "m" in rest and len(raid_targets(run.state)) > 1:
            run.emit(ev.ResultStage(stage=4))          # the attacker names the marker
            return
        run.emit(ev.ResultStage(stage=stage + 1 if stage < 3 else -1))
        if stage == 0 and take_losses(run, square, seat, int(lost_a), "combat"):
            return
        if stage == 1:
            count = "".join(c for c in rest if c.isdigit())
            if "x" in rest:
                for unit in combat_units(friendly(run.state, square, other(seat))):
                    eliminate(run, unit)
            elif count and take_losses(run, square, other(seat), int(count), "combat"):
                return
        if stage == 2 and "r" in rest and retreat_after(run, square, other(seat)):
            return
        if stage == 3 and "m" in rest:
            for marker in raid_targets(run.state, square)[:1]:
                destroy_marker(run, square, marker, other(seat))
    next_combat(run)


def raid_targets(state: AsiaState, square: str | None = None) -> list[str]:
    """14.9 ``m``: the enemy civilization markers a raid may destroy in the square; the
    attacker names one when there are several (``destroy MARKER``)."""
    if square is None:
        assert state.aftermath is not None
        square = str(state.aftermath["square"])
    enemy = other(state.phasing)
    return sorted(m for m, who in state.markers.get(square, {}).items() if who == enemy)


def retreat_after(run: Run, square: str, side: str) -> bool:
    """14.9 ``r``: the defender's surviving combat units retreat one square, where their
    owner chooses; nowhere to go: eliminated.  True: suspended on the choice."""
    units = combat_units(friendly(run.state, square, side))
    if not units:
        return False
    options = retreat_squares(run.state, square, side, units)
    if len(options) > 1:
        run.emit(ev.RetreatDue(seat=side, square=square, then="result"))
        return True
    retreat(run, square, side, options[0] if options else "")
    return False


def destroy_marker(run: Run, square: str, marker: str, who: str) -> None:
    """2.8.1 errata: a colony lost moves the BoP 2, a trading post (or railway) 1, toward
    the side that lost it (Russian colony -2, British colony +2: facts §3.8).  Forts
    have no entry (house: none)."""
    run.emit(ev.MarkerDestroyed(square=square, marker=marker, owner=who))
    table = run.state.data.tables["balance"]
    shift = table["colony_lost"] if marker == "colony" else table["post_lost"] \
        if marker in ("trading_post", "railway") else 0
    if shift:
        run.emit(ev.BalanceShifted(by=shift if who == "british" else -shift,
                                   why=f"{marker} lost"))


def end_of_combat(run: Run) -> None:
    """3.1(4d): at the end of the combat sub-phase, agent capture (16.3); then the house
    sack of undefended enemy markers (rule 20.5 and marker destruction are missing)."""
    state = run.state
    seat = state.phasing
    for square in sorted({u.where for u in state.units.values()
                          if u.where in state.data.terrain}):
        if not combat_units(friendly(run.state, square, seat)) or \
                enemy_combat(run.state, square, seat):
            continue
        for agent in [u for u in friendly(run.state, square, other(seat)) if u.agent]:
            capture_check(run, agent, seat)
        for marker, who in sorted(run.state.markers.get(square, {}).items()):
            if who == other(seat):
                destroy_marker(run, square, marker, who)
    massacres(run)
    if not run.state.captives:
        finish_combat_phase(run)


def massacres(run: Run) -> None:
    """3.1(4d): massacres are checked at the end of the combat sub-phase (20.5, lost).
    The pack's ``massacres`` rule: ``storm`` (house): a city fought over in this
    sub-phase that the phasing side's red or blue combat units now hold alone was
    stormed; the BoP moves ``massacre`` toward the side that lost it.  ``none``: no
    massacres."""
    state = run.state
    if state.rule("massacres") != "storm":
        return
    seat = state.phasing
    for square in sorted(set(state.fought)):
        if square not in state.data.city_at:
            continue
        here = combat_units(units_at(state, square))
        if here and all(owner(state, u) == seat for u in here) \
                and any(u.nation == seat for u in here):
            shift = int(state.data.tables["balance"].get("massacre", 1))
            run.emit(ev.BalanceShifted(by=-shift if seat == "british" else shift,
                                       why="massacre"))


def capture_check(run: Run, agent: Unit, captor: str) -> None:
    """16.3.1: d6 at most political + military: the agent escapes to the nearest stack
    of its side; otherwise captured (pundits, khans: eliminated)."""
    data = run.state.data.agents[agent.id]
    side = owner(run.state, agent)
    roll = run.roll("capture")
    if roll <= data.political + data.military and side is not None:
        to = nearest_friends(run.state, agent.where, side)
        if to is not None and not (to in run.state.data.bases and agent.nation not in SEATS):
            run.emit(ev.UnitMoved(id=agent.id, to=to))
            return
    run.emit(ev.AgentCaptured(agent=agent.id, captor=captor, roll=roll))


def finish_combat_phase(run: Run) -> None:
    next_operations(run)
