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
    nearest_friends,
    place,
    retreat_square,
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
    units = sorted((u for u in friendly(run.state, str(action["place"]), seat)
                    if u.nation == action["nation"] and u.kind == action["troop"]
                    and u.id not in run.state.moved), key=lambda u: (u.size, u.id))
    if action.verb == "split":
        big = max(units, key=lambda u: (u.size, u.id))
        run.emit(ev.UnitReduced(id=big.id, size=big.size - 1))
        place(run, big.nation, big.kind, 1, big.where)
    else:
        small, other_unit = units[0], units[1]
        run.emit(ev.UnitReduced(id=small.id, size=0),
                 ev.UnitReduced(id=other_unit.id, size=other_unit.size + small.size))


def force_actions(state: AsiaState, seat: str) -> list[Action]:
    force = state.force
    assert force is not None
    pack = state.data
    units = [state.units[i] for i in force.units]
    out: list[Action] = []
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
    out.append(HALT())
    return out


def bonus_agent(state: AsiaState, ids: list[str]) -> str | None:
    """16.2.1: the agent whose military value speeds the force (it must stay with it)."""
    agents = [state.units[i] for i in ids if state.units[i].agent]
    if not agents or all(state.units[i].agent for i in ids):
        return None
    best = max(agents, key=lambda a: (state.data.agents[a.id].military, a.id))
    return best.id if state.data.agents[best.id].military > 0 else None


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
        run.emit(ev.ForceFormed(origin=origin, units=units,
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
        run.emit(ev.UnitLeft(id=unit_id, dropped=force.stepped))
    elif action.verb == "halt":
        run.emit(ev.ForceHalted())
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
            change_control(run, region, other(seat), "invasion")      # 5.4.2
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
    return all(movement(state, u) > fastest for u in defenders) and retreat_square(
        state, square, other(seat), friendly(state, square, other(seat))) is not None


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
        fight(run, allowed[0])
    else:
        run.emit(ev.CombatStep(step="table"))


def combat_actions(state: AsiaState, seat: str) -> list[Action]:
    if state.captives:
        return [a for agent in state.captives for a in (EXECUTE(agent=agent),
                                                        HOLD(agent=agent))] \
            if seat == state.phasing else []
    if not state.combats:
        return []
    if state.combat_step == "retreat":
        return [RETREAT(), STAND()] if seat == other(state.phasing) else []
    if state.combat_step == "table" and seat == state.phasing:
        return [FIGHT(table=t) for t in tables_allowed(state, state.combats[0], seat)]
    return []


def decide_combat(run: Run, seat: str, action: Action) -> None:
    state = run.state
    if action.verb in ("execute", "hold"):
        agent = str(action["agent"])
        if action.verb == "execute":                                  # 16.3.2
            side = owner(state, state.units[agent])
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
    square = state.combats[0]
    if action.verb == "retreat":
        defenders = friendly(state, square, other(state.phasing))
        to = retreat_square(state, square, other(state.phasing), defenders)
        assert to is not None
        for unit in defenders:
            run.emit(ev.UnitMoved(id=unit.id, to=to))
        run.emit(ev.CombatResolved(square=square, table="", attack=0, defence=0, column="",
                                   roll=0, drm=0, result="retreat before combat"))
        next_combat(run)
    elif action.verb == "stand":
        choose_table(run)
    else:
        fight(run, str(action["table"]))


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
    """14.8, 16.2.2: + the military value of one attacking agent, - one defending."""
    def best(side: str) -> int:
        return max((state.data.agents[u.id].military for u in friendly(state, square, side)
                    if u.agent), default=0)
    return best(seat) - best(other(seat))


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
    apply_result(run, square, seat, result)
    next_combat(run)


def apply_result(run: Run, square: str, seat: str, result: str) -> None:
    """14.9: in the order given: attacker losses, defender losses, retreat, marker."""
    lost_a, _, rest = result.partition("/")
    take_losses(run, combat_units(friendly(run.state, square, seat)), int(lost_a))
    defenders = combat_units(friendly(run.state, square, other(seat)))
    count = "".join(c for c in rest if c.isdigit())
    if "x" in rest:
        for unit in defenders:
            eliminate(run, unit)
    elif count:
        take_losses(run, defenders, int(count))
    if "r" in rest:
        survivors = friendly(run.state, square, other(seat))
        to = retreat_square(run.state, square, other(seat), survivors)
        for unit in combat_units(survivors):
            if to is None:
                eliminate(run, unit)
            else:
                run.emit(ev.UnitMoved(id=unit.id, to=to))
    if "m" in rest:
        for marker, who in sorted(run.state.markers.get(square, {}).items()):
            if who == other(seat):
                destroy_marker(run, square, marker, who)
                break


def destroy_marker(run: Run, square: str, marker: str, who: str) -> None:
    """2.8.1 errata: a colony lost moves the BoP 2, a trading post (or railway) 1, toward
    the side that lost it (Russian colony -2, British colony +2: facts §3.8).  Forts
    have no entry (house: none)."""
    run.emit(ev.MarkerDestroyed(square=square, marker=marker, owner=who))
    table = run.state.data.tables["balance"]
    shift = table["colony_lost"] if marker == "colony" else table["post_lost"] \
        if marker == "trading_post" else 0
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
    if not run.state.captives:
        finish_combat_phase(run)


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
