"""3.1 steps 1-3 and 14-16: initiative (7.0), random events (8.0), income (9.1), the
purchase phase (10, 16.5, 17.2, 20.1) with both seats' orders sealed and revealed
together, the supply phase (17.3-17.6), the Balance of Power phase (4.1) and the end of
the turn and of the game (house victory)."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action, Amount
from engine.core.seal import seal
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.common import (
    Run,
    available,
    change_control,
    due_levy,
    eliminate,
    expeditionary,
    place,
    take_losses,
)
from engine.games.asia_crossroads.state import (
    SEATS,
    AsiaState,
    Unit,
    balance_level,
    combat_units,
    enemy_combat,
    friendly,
    neutral_units,
    other,
    owner,
    units_at,
)
from engine.games.asia_crossroads.vocabulary import MARKERS, TROOPS, verb

FIRST, RECRUIT, HIRE, BUY, BUILD, DISBAND, DONE = (
    verb(v) for v in ("first", "recruit", "hire", "buy", "build", "disband", "done"))
SUPPLY, STARVE, FEED, SUSTAIN, RETURN = (
    verb(v) for v in ("supply", "starve", "feed", "sustain", "return"))


# --- 7.0 initiative, 8.0 random events, 9.1 income --------------------------------------
def roller(turn: int) -> str:
    """8.0: the British roll on odd turns, the Russians on even ones."""
    return "british" if turn % 2 else "russian"


def chooser(state: AsiaState, turn: int) -> str:
    """7.0: the side the BoP favours picks the first player.  House (facts §8.5): at 0,
    the side that rolls the random events this turn."""
    if state.balance > 0:
        return "british"
    if state.balance < 0:
        return "russian"
    return roller(turn)


def begin_turn(run: Run, turn: int) -> None:
    """3.1(1); 16.6: the scenario's period for the turn (agents in play stay, 16.6.2);
    16.3.2(1): the owners of agents held prisoner may return them first."""
    run.emit(ev.TurnBegan(turn=turn, chooser=chooser(run.state, turn)))
    periods = run.state.periods
    if len(periods) >= turn and periods[turn - 1] != run.state.period:
        run.emit(ev.PeriodBegan(period=periods[turn - 1]))
    if turn > 1 and any(prisoners(run.state, seat) for seat in SEATS):
        run.emit(ev.PhaseBegan(phase="release"))


# --- 16.3.2(1) prisoners return ----------------------------------------------------------------
def prisoners(state: AsiaState, seat: str) -> list[str]:
    """The agents of ``seat`` held prisoner by the enemy (native ones: of a region it
    controls, 16.7)."""
    return sorted(u.id for u in state.units.values()
                  if u.agent and u.where == "prisoner" and u.id not in state.captives
                  and owner(state, u) == seat)


def release_seats(state: AsiaState) -> list[str]:
    return [s for s in SEATS if s not in state.done and prisoners(state, s)]


def release_actions(state: AsiaState, seat: str) -> list[Action]:
    """16.3.2(1): "the owner may return it at the start of any later turn, on any square
    of the map" (the captor's price is agreed between the players, outside the game)."""
    if seat not in release_seats(state):
        return []
    pack = state.data
    squares = [sq for sq in pack.squares if pack.land(sq)]
    return [*(RETURN(agent=a, place=sq) for a in prisoners(state, seat) for sq in squares),
            DONE()]


def decide_release(run: Run, seat: str, action: Action) -> None:
    if action.verb == "return":
        run.emit(ev.UnitMoved(id=str(action["agent"]), to=str(action["place"])))
        if prisoners(run.state, seat):
            return
    run.emit(ev.SeatDone(seat=seat))
    if not release_seats(run.state):
        run.emit(ev.PhaseBegan(phase="initiative"))


def initiative_actions(state: AsiaState, seat: str) -> list[Action]:
    return [FIRST(seat=s) for s in SEATS] if seat == state.chooser else []


def choose_first(run: Run, seat: str) -> None:
    run.emit(ev.FirstPlayerChosen(seat=seat))
    random_events(run)
    if not run.state.levies:          # else: once the levies of the events are placed
        after_events(run)


def after_events(run: Run) -> None:
    """3.1(3): income, then the purchase phase."""
    for each in SEATS:
        collect_income(run, each)
    run.emit(ev.PhaseBegan(phase="purchases"))


def event_column(state: AsiaState, who: str, roll: int) -> list[str]:
    """8.1: the modified first roll picks the column; 6 or more: D, then C.  House
    modifier (the table is missing): +1 if the BoP favours the roller at least
    moderately, -1 if it favours the other side so."""
    modified = roll + (1 if balance_level(state, who) >= 2 else 0) - (
        1 if balance_level(state, other(who)) >= 2 else 0)
    if modified >= 6:
        return ["D", "C"]
    table = state.data.tables["events"]["column_of_roll"]
    return [table[max(1, modified) - 1]]


def random_events(run: Run) -> None:
    """8.0-8.2: the roller's table rolls; a second occurrence in a turn is No Event."""
    who = roller(run.state.turn)
    first = run.roll("events column")
    for column in event_column(run.state, who, first):
        roll = run.roll(f"events {column}")
        name = run.state.data.tables["events"][column][roll - 1]
        if name in run.state.events_this_turn:
            name = "none"                                     # 8.2
        run.emit(ev.RandomEvent(roller=who, column=column, roll=roll, event=name))
        apply_event(run, who, name)


def apply_event(run: Run, who: str, name: str) -> None:
    """The house Random Events Table's effects (docs/asia-crossroads.md)."""
    table = run.state.data.tables["events"]
    if name == "windfall":                                    # 9.1.4 extra income
        run.emit(ev.TreasuryChanged(seat=who, by=table["windfall"], why=name))
    elif name == "famine":                                    # 8.2: hits both players
        for seat in SEATS:
            run.emit(ev.TreasuryChanged(seat=seat, by=-table["famine"], why=name))
    elif name == "nihilist_revolt":
        run.emit(ev.TreasuryChanged(seat="russian", by=-table["nihilist"], why=name))
    elif name == "anglo_russian_agreement":
        shift = min(abs(run.state.balance), table["agreement"])
        if shift:
            run.emit(ev.BalanceShifted(by=-shift if run.state.balance > 0 else shift,
                                       why=name))
    elif name in ("pro_british_uprising", "pro_russian_uprising"):   # 5.4(1)
        neutral = [r for r in run.state.data.regions
                   if run.state.control.get(r, "neutral") == "neutral"]
        if neutral:
            pick = run.roll("uprising region")
            side = "british" if name == "pro_british_uprising" else "russian"
            change_control(run, neutral[(pick - 1) % len(neutral)], side, "uprising",
                           "income")
    elif name == "jihad":
        jihad(run, who)


def jihad(run: Run, roller_seat: str) -> None:
    """Rule 21.0 is lost; 5.7, 10.4.3, 16.8 say the Jihad gives a player ghazis and the
    Mad Mullah, free.  The pack's ``jihad`` rule: ``ghazis`` (house): the holy war rises
    against the side the BoP favours, so the other side (at 0: the side that did not
    roll) takes control of all ghazis and receives d6 ghazi groups (within the counter
    mix) and the Mad Mullah if he is not on the map, placed in one square of the pack's
    Jihad region (``[jihad] region``) without enemy or neutral units; ``none``: no
    effect."""
    state = run.state
    if state.rule("jihad") != "ghazis" or ("ghazi", "ghazi") not in state.data.units:
        return
    side = "russian" if state.balance > 0 else "british" if state.balance < 0 else \
        other(roller_seat)
    if state.control.get("ghazi") != side:
        run.emit(ev.ControlChanged(region="ghazi", to=side, why="jihad"))
    count = run.roll("jihad")
    mullah = run.state.units.get("mad_mullah")
    agent = "mad_mullah" if mullah is not None and mullah.where == "box" else None
    region = str(state.data.tables.get("jihad", {}).get("region", "afghanistan"))
    due_levy(run, side, region, "ghazi", "ghazi", count, agent, "income")


def income_of(state: AsiaState, seat: str, roll: int) -> dict[str, int]:
    """9.1: home government (d6 + the favoured side's BoP level), occupied cities, and
    colonies and trading posts."""
    pack = state.data
    table = pack.tables["income"]["government"]
    government = table[min(len(table), roll + balance_level(state, seat)) - 1]
    cities = sum(c.value for c in pack.cities.values()
                 if combat_units(friendly(state, c.square, seat)))     # 9.1(2)
    markers = 0
    for square, kinds in state.markers.items():
        city = pack.city_at.get(square)
        if city is None:
            continue
        for kind, who in kinds.items():
            if who != seat or kind not in ("colony", "trading_post"):
                continue
            if any(owner(state, u) == other(seat) for u in units_at(state, square)):
                continue                                          # 9.1(3): enemy there
            markers += city.value * (2 if friendly(state, square, seat) else 1)
    return {"roll": roll, "government": government, "cities": cities, "markers": markers,
            "total": government + cities + markers}


def collect_income(run: Run, seat: str) -> None:
    roll = run.chance.roll(6)        # the home-government roll is the seat's secret
    value = income_of(run.state, seat, roll)
    run.emit(ev.IncomeCollected(seat=seat, income=seal(value, [seat], run.chance.salt())))


# --- 10.0 the purchase phase -------------------------------------------------------------
def _pending(state: AsiaState, seat: str) -> list[dict[str, Any]]:
    return list(state.pending.get(seat) or [])


def _ordered(state: AsiaState, seat: str, prefix: str) -> list[str]:
    return [o["order"] for o in _pending(state, seat) if o["order"].startswith(prefix)]


def price(state: AsiaState, key: str) -> int:
    return int(state.data.tables["prices"][key])


def sp_cost(state: AsiaState, seat: str, count: int) -> int:
    """17.2: the first 10 SP of a turn cost £1 each, the 11th and later £2 (stated)."""
    prices = state.data.tables["prices"]
    bought = state.bought_sp.get(seat, 0) + sum(
        int(o["order"].split(":")[1]) for o in _pending(state, seat)
        if o["order"].startswith("buy:"))
    cheap = max(0, min(count, prices["supply_cheap_count"] - bought))
    return int(cheap * prices["supply_cheap"] + (count - cheap) * prices["supply_dear"])


def recruit_places(state: AsiaState, seat: str, nation: str, kind: str) -> list[str]:
    """10.3: red/blue units at the own base or a colony of theirs; native irregulars in
    any square of their region without enemy or neutral units; other natives in a city
    of their region occupied by friendly combat units.  10.6: at most the forage value
    in new brigades per square (house: at least one), one red/blue unit in a colony
    square; bases unlimited."""
    pack = state.data
    if nation in SEATS:
        base = next(b.id for b in pack.bases.values() if b.side == seat)
        taken = {o.rsplit(":", 1)[1] for o in _ordered(state, seat, f"recruit:{seat}:")}
        squares = [base] + [s for s, m in sorted(state.markers.items())
                            if m.get("colony") == seat and s not in taken]
        return squares
    if kind == "irregulars":
        squares = [s for s, r in pack.region.items() if r == nation
                   and not any(owner(state, u) == other(seat) for u in units_at(state, s))
                   and not neutral_units(state, s)]
    else:
        squares = [c.square for c in pack.cities.values() if pack.region[c.square] == nation
                   and combat_units(friendly(state, c.square, seat))]
    out = []
    for square in squares:
        already = sum(1 for o in _pending(state, seat) if o["order"].startswith("recruit:")
                      and o["order"].endswith(f":{square}"))
        if already < max(1, pack.tec[pack.terrain[square]].forage):
            out.append(square)
    return out


def purchase_actions(state: AsiaState, seat: str) -> list[Action]:
    if seat in state.done:
        return []
    pack, treasury = state.data, state.treasury.get(seat) or 0
    actions: list[Action] = []
    nations = [seat, *(r for r in pack.regions if state.control.get(r) == seat)]  # 5.2.2
    for nation in nations:
        for kind in TROOPS:
            if (nation, kind) not in pack.units or price(state, kind) > treasury:
                continue
            pending = len(_ordered(state, seat, f"recruit:{nation}:{kind}:"))
            if available(state, nation, kind) - pending <= 0:
                continue
            actions += [RECRUIT(nation=nation, troop=kind, place=p)
                        for p in recruit_places(state, seat, nation, kind)]
    actions += hire_actions(state, seat, treasury)
    most = 0
    while sp_cost(state, seat, most + 1) <= treasury and most < 30:
        most += 1
    if most:
        actions.append(BUY(count=Amount(1, most)))
    actions += build_actions(state, seat, treasury)
    for unit in state.units.values():
        if not unit.agent and owner(state, unit) == seat and unit.where in pack.terrain:
            action = DISBAND(nation=unit.nation, troop=unit.kind, place=unit.where)
            if action not in actions and not _ordered(
                    state, seat, f"disband:{unit.nation}:{unit.kind}:{unit.where}"):
                actions.append(action)
    actions.append(DONE())
    return actions


def hire_actions(state: AsiaState, seat: str, treasury: int) -> list[Action]:
    """16.5: agents of the current period (pundits and khans in any, 16.8); European
    agents at the own base or with friendly combat units, native ones in their region
    (16.7, 10.3).  The Mad Mullah comes only with the Jihad (missing rule 21)."""
    pack = state.data
    if price(state, "agent") > treasury:
        return []
    out: list[Action] = []
    hired = {o["order"].split(":")[1] for o in _pending(state, seat)
             if o["order"].startswith("hire:")}
    for agent in pack.agents.values():
        unit = state.units.get(agent.id)
        if unit is None or unit.where != "box" or agent.id in hired:
            continue
        if not (agent.generic or state.period in agent.periods):
            continue
        if agent.side == seat:
            base = next(b.id for b in pack.bases.values() if b.side == seat)
            places = [base] + sorted({u.where for u in state.units.values()
                                      if not u.agent and u.nation == seat
                                      and u.where in pack.terrain})
        elif state.control.get(agent.side) == seat:
            places = [s for s, r in pack.region.items() if r == agent.side
                      and not enemy_combat(state, s, seat) and not neutral_units(state, s)]
            places = places[:10]
        else:
            continue
        out += [HIRE(agent=agent.id, place=p) for p in places]
    return out


def build_actions(state: AsiaState, seat: str, treasury: int) -> list[Action]:
    """20.2-20.3: one marker of each type per player per square, never in a base or a
    square with an enemy marker; colony: a city with a red/blue combat unit and a
    red/blue agent; fort: any land square with a friendly combat unit; trading post: a
    city with a friendly combat unit or agent; railway: 20.3.4 is lost, see
    ``railway_site``."""
    pack = state.data
    out: list[Action] = []
    planned = {o["order"] for o in _pending(state, seat)}
    for square in sorted({u.where for u in state.units.values() if u.where in pack.terrain}):
        here = friendly(state, square, seat)
        markers = state.markers.get(square, {})
        if not here or any(who == other(seat) for who in markers.values()):
            continue
        city = square in pack.city_at
        imperial = [u for u in here if u.nation == seat]
        can = {"colony": city and any(not u.agent for u in imperial)
               and any(u.agent for u in imperial),
               "fort": bool(combat_units(here)),
               "trading_post": city,
               "railway": railway_site(state, square, seat)}
        for marker in MARKERS:
            if can[marker] and markers.get(marker) != seat \
                    and f"build:{marker}:{square}" not in planned \
                    and price(state, marker) <= treasury:
                out.append(BUILD(marker=marker, place=square))
    return out


def railway_site(state: AsiaState, square: str, seat: str) -> bool:
    """20.3.4 (lost): where a railway may be built.  The pack's ``railway_placement``
    rule: ``connected`` (house): a land square with a friendly combat unit, in a region
    the builder controls, on an edge square of its own base or beside (across a square
    side, 13.6.4) one of its railways already on the map, so lines grow from the base;
    ``anywhere``: any land square with a friendly combat unit.  Never in a base (20.2.2)
    nor beside an enemy marker in the square (20.2.3, checked by the caller)."""
    pack = state.data
    if not combat_units(friendly(state, square, seat)):
        return False
    if state.rule("railway_placement") == "anywhere":
        return True
    if state.control.get(pack.region[square]) != seat:
        return False
    base = next(b.id for b in pack.bases.values() if b.side == seat)
    return square in pack.edge_squares(base) or any(
        state.markers.get(n, {}).get("railway") == seat for n in pack.neighbours(square, False))


def order_of(state: AsiaState, seat: str, action: Action) -> tuple[str, int]:
    """The compact form of an order and its cost."""
    if action.verb == "recruit":
        return (f"recruit:{action['nation']}:{action['troop']}:{action['place']}",
                price(state, action["troop"]))
    if action.verb == "hire":
        return f"hire:{action['agent']}:{action['place']}", price(state, "agent")
    if action.verb == "buy":
        return f"buy:{action['count']}", sp_cost(state, seat, int(action["count"]))
    if action.verb == "build":
        return f"build:{action['marker']}:{action['place']}", price(state, action["marker"])
    return f"disband:{action['nation']}:{action['troop']}:{action['place']}", 0


def decide_purchase(run: Run, seat: str, action: Action) -> None:
    if action.verb == "done":
        run.emit(ev.SeatDone(seat=seat))
        if all(s in run.state.done for s in SEATS):
            reveal_orders(run)
        return
    order, cost = order_of(run.state, seat, action)
    value = {"text": action.text, "order": order, "cost": cost}
    run.emit(ev.OrderSealed(seat=seat, order=seal(value, [seat], run.chance.salt())))


def reveal_orders(run: Run) -> None:
    """3.1(3): the orders of both seats are revealed together and carried out."""
    orders = {seat: list(run.state.pending.get(seat) or []) for seat in SEATS}
    run.emit(ev.OrdersRevealed(orders=orders))
    for seat in SEATS:
        for order in orders[seat]:
            carry_out(run, seat, order["order"].split(":"))
    from engine.games.asia_crossroads.operations import begin_operations
    begin_operations(run, 1, run.state.first)


def carry_out(run: Run, seat: str, parts: list[str]) -> None:
    state = run.state
    if parts[0] == "recruit":
        place(run, parts[1], parts[2], 1, parts[3])
    elif parts[0] == "hire":
        run.emit(ev.UnitMoved(id=parts[1], to=parts[2]))
    elif parts[0] == "buy":
        run.emit(ev.SupplyChanged(seat=seat, by=int(parts[1]), why="bought"))
    elif parts[0] == "build":
        run.emit(ev.MarkerBuilt(square=parts[2], marker=parts[1], owner=seat))
    elif parts[0] == "disband":                           # 10.5: one brigade, free
        found = sorted((u for u in units_at(state, parts[3]) if u.nation == parts[1]
                        and u.kind == parts[2]), key=lambda u: (u.size, u.id))
        if found:
            run.emit(ev.UnitReduced(id=found[0].id, size=found[0].size - 1))


# --- 14. supply phase (17.3-17.6) ----------------------------------------------------------
def due_parts(state: AsiaState, seat: str, square: str) -> tuple[int, int]:
    """17.3.3: 1 SP when the brigades exceed the forage (a desert feeds one irregular,
    2.8.1); 17.6: 1 SP more when any combat unit is out of its home region, unless a
    railway supply line serves the square (17.6.2).  Agents, neutral units and units in
    a base need nothing (17.3.1, 17.6.1).  (forage SP, expedition SP)."""
    pack = state.data
    if square in pack.bases:
        return 0, 0
    units = combat_units(friendly(state, square, seat))
    if not units:
        return 0, 0
    brigades = sum(u.size for u in units)
    forage = pack.tec[pack.terrain[square]].forage
    fed = forage if forage else (1 if brigades == 1 and units[0].kind == "irregulars" else 0)
    expedition = any(expeditionary(state, u, square) for u in units) \
        and not railway_supply_line(state, square, seat)
    return (1 if brigades > fed else 0), (1 if expedition else 0)


def due(state: AsiaState, seat: str, square: str) -> int:
    return sum(due_parts(state, seat, square))


def railway_supply_line(state: AsiaState, square: str, seat: str) -> bool:
    """17.6.2: a square with an own railway that traces an unbroken line of own railway
    squares (13.6.4: across square sides) to the own base, none holding an enemy unit.
    House reading: the line reaches the base from one of its edge squares (19.1)."""
    pack = state.data
    def open_rail(sq: str) -> bool:
        return state.markers.get(sq, {}).get("railway") == seat and not any(
            owner(state, u) == other(seat) for u in units_at(state, sq))
    if not open_rail(square):
        return False
    base = next(b.id for b in pack.bases.values() if b.side == seat)
    edges = set(pack.edge_squares(base))
    seen, todo = {square}, [square]
    while todo:
        here = todo.pop()
        if here in edges:
            return True
        for n in pack.neighbours(here, False):
            if n not in seen and open_rail(n):
                seen.add(n)
                todo.append(n)
    return False


def begin_supply(run: Run) -> None:
    run.emit(ev.PhaseBegan(phase="supply"))
    state = run.state
    dues = {}
    for seat in SEATS:
        for square in sorted({u.where for u in state.units.values()
                              if u.where in state.data.terrain}):
            cost = due(state, seat, square)
            if cost:
                dues[f"{seat}@{square}"] = cost
    run.emit(ev.DuesListed(dues=dues))
    if not dues:
        end_of_turn(run)


def supply_actions(state: AsiaState, seat: str) -> list[Action]:
    """17.3-17.6: pay a square's SP, or part of them when two are due (17.6 example: one
    for the forage, one for the expedition), or none (17.4: never obliged to pay)."""
    if state.loss is not None:
        from engine.games.asia_crossroads.operations import loss_actions
        return loss_actions(state, seat)
    out: list[Action] = []
    have = state.supply.get(seat, 0)
    for key, cost in sorted(state.dues.items()):
        who, square = key.split("@")
        if who != seat:
            continue
        if have >= cost:
            out.append(SUPPLY(place=square))
        if cost == 2 and have >= 1:
            out += [FEED(place=square), SUSTAIN(place=square)]
        out.append(STARVE(place=square))
    return out


def decide_supply(run: Run, seat: str, action: Action) -> None:
    if action.verb == "lose":
        from engine.games.asia_crossroads.operations import decide_loss
        decide_loss(run, seat, action)
        return
    square = str(action["place"])
    key = f"{seat}@{square}"
    cost = run.state.dues[key]
    paid = {"supply": cost, "feed": 1, "sustain": 1, "starve": 0}[action.verb]
    if paid:
        run.emit(ev.SupplyChanged(seat=seat, by=-paid, why="supply"))
    run.emit(ev.DuePaid(square=key, paid=paid == cost))
    if paid < cost and starve(run, seat, square, forage=action.verb != "feed",
                              expedition=action.verb != "sustain"):
        return
    supply_resumed(run)


def supply_resumed(run: Run) -> None:
    if not run.state.dues and run.state.loss is None:
        end_of_turn(run)


def starve(run: Run, seat: str, square: str, forage: bool = True,
           expedition: bool = True) -> bool:
    """17.4, 17.6: unpaid, the out-of-region units die (``expedition``), and brigades
    beyond the forage (``forage``), which the owner chooses (17.4, ``lose``).  True:
    suspended on that choice."""
    state = run.state
    if expedition:
        for unit in combat_units(friendly(state, square, seat)):
            if expeditionary(state, unit, square):
                eliminate(run, unit)
    if not forage:
        return False
    units = combat_units(friendly(run.state, square, seat))
    food = run.state.data.tec[run.state.data.terrain[square]].forage
    excess = sum(u.size for u in units) - max(food, 1 if units and
                                              units[0].kind == "irregulars" else 0)
    return excess > 0 and take_losses(run, square, seat, excess, "supply")


# --- 15. Balance of Power phase, 16. end of turn ------------------------------------------
def balance_phase(run: Run) -> None:
    """4.1: occupying the cities of the BoP chart at the end of the turn, by combat units
    of one side alone (red, blue or controlled natives)."""
    state = run.state
    for city, value in state.data.tables["balance"]["cities"].items():
        square = state.data.cities[city].square
        sides = {owner(state, u) for u in combat_units(units_at(state, square))} - {None}
        if len(sides) == 1:
            side = sides.pop()
            run.emit(ev.BalanceShifted(by=value if side == "british" else -value,
                                       why=f"city:{city}"))


def end_of_turn(run: Run) -> None:
    balance_phase(run)
    state = run.state
    loser = capitulating(state)
    if loser is not None:                                     # 3.1(16)
        run.emit(ev.GameEnded(scores=victory_points(state), winner=other(loser),
                              capitulated=loser), ev.PhaseBegan(phase="over"))
        return
    if state.turn >= len(state.turns):
        scores = victory_points(state)
        a, b = scores["british"], scores["russian"]
        by_balance = "british" if state.balance > 0 else "russian" if state.balance < 0 \
            else None
        if state.rule("victory") == "balance":
            winner = by_balance
        else:
            winner = "british" if a > b else "russian" if b > a else by_balance
        run.emit(ev.GameEnded(scores=scores, winner=winner), ev.PhaseBegan(phase="over"))
        return
    begin_turn(run, state.turn + 1)


def capitulating(state: AsiaState) -> str | None:
    """3.1(16): the game ends early if a side capitulates (the rule is lost).  The pack's
    ``capitulation`` rule: ``bop_limit`` (house): at the end of a turn, a side with the
    BoP at the limit against it (4.3: -18 for the British, +18 for the Russians)
    capitulates; ``none``: no side ever does."""
    if state.rule("capitulation") != "bop_limit":
        return None
    limit = state.data.tables["balance"]["limit"]
    if state.balance <= -limit:
        return "british"
    if state.balance >= limit:
        return "russian"
    return None


def victory_points(state: AsiaState) -> dict[str, int]:
    """The victory rules are lost.  The pack's ``victory`` rule: ``regions_and_cities``
    (house): each region's RCC value to its controller (2.1.4), and 1 per city held by
    red or blue combat units (4.1), the most points win, a tie goes to the side the BoP
    favours; ``balance``: the side the BoP favours wins (the points still shown)."""
    scores = {seat: 0 for seat in SEATS}
    for region, vp in state.data.tables["regions"].items():
        side = state.control.get(region)
        if side in scores:
            scores[side] += int(vp)
    for city in state.data.cities.values():
        held = {u.nation for u in combat_units(units_at(state, city.square))
                if u.nation in SEATS}
        if len(held) == 1:
            scores[held.pop()] += 1
    return scores


def unit_label(unit: Unit) -> str:
    return f"{unit.nation} {unit.kind} x{unit.size}"
