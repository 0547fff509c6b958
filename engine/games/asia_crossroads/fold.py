"""The fold: one small function per event type.  Pure, total, never validates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.games.asia_crossroads import events as ev
from engine.games.asia_crossroads.state import (
    SEATS,
    AsiaState,
    Force,
    Negotiation,
    Unit,
    force_ma,
)

Handler = Callable[[AsiaState, Any], None]
HANDLERS: dict[str, Handler] = {}


def on(cls: type[Event]) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[cls.model_fields["type"].default] = fn
        return fn
    return register


def evolve(state: AsiaState, event: Event) -> AsiaState:
    handler = HANDLERS.get(event.type)
    if handler is not None:
        handler(state, event)
    return state


@on(ev.ScenarioSetUp)
def _setup(s: AsiaState, e: ev.ScenarioSetUp) -> None:
    s.pack, s.scenario, s.turns, s.period = e.pack, e.scenario, list(e.turns), e.period
    s.balance, s.control = e.balance, dict(e.control)
    s.treasury = {k: v for k, v in e.treasury.items()}
    s.supply = dict(e.supply)
    s.income = {seat: 0 for seat in SEATS}
    s.pending = {seat: [] for seat in SEATS}
    s.dues = {}
    s.bought_sp = {seat: 0 for seat in SEATS}
    s.rules, s.periods = dict(e.rules), list(e.periods)


@on(ev.UnitPlaced)
def _placed(s: AsiaState, e: ev.UnitPlaced) -> None:
    s.units[e.id] = Unit(e.id, e.nation, e.kind, e.size, e.where)
    if e.id.startswith("u"):
        s.next_id = max(s.next_id, int(e.id[1:]) + 1)


@on(ev.UnitMoved)
def _moved(s: AsiaState, e: ev.UnitMoved) -> None:
    s.units[e.id].where = e.to


@on(ev.UnitReduced)
def _reduced(s: AsiaState, e: ev.UnitReduced) -> None:
    unit = s.units[e.id]
    unit.size = e.size
    if e.size <= 0:
        if unit.agent:
            unit.where = "gone"
            if e.id in s.captives:
                s.captives.remove(e.id)
        else:
            del s.units[e.id]


@on(ev.ControlChanged)
def _control(s: AsiaState, e: ev.ControlChanged) -> None:
    s.control[e.region] = e.to


@on(ev.BalanceShifted)
def _balance(s: AsiaState, e: ev.BalanceShifted) -> None:
    limit = s.data.tables["balance"]["limit"]
    s.balance = max(-limit, min(limit, s.balance + e.by))     # 4.3


@on(ev.TreasuryChanged)
def _treasury(s: AsiaState, e: ev.TreasuryChanged) -> None:
    s.treasury[e.seat] = max(0, (s.treasury.get(e.seat) or 0) + e.by)


@on(ev.SupplyChanged)
def _supply(s: AsiaState, e: ev.SupplyChanged) -> None:
    s.supply[e.seat] = max(0, s.supply.get(e.seat, 0) + e.by)
    if e.why == "bought":
        s.bought_sp[e.seat] = s.bought_sp.get(e.seat, 0) + e.by


@on(ev.TurnBegan)
def _turn(s: AsiaState, e: ev.TurnBegan) -> None:
    s.turn, s.chooser, s.phase = e.turn, e.chooser, "initiative"
    s.events_this_turn = []
    s.bought_sp = {seat: 0 for seat in SEATS}


@on(ev.FirstPlayerChosen)
def _first(s: AsiaState, e: ev.FirstPlayerChosen) -> None:
    s.first = e.seat


@on(ev.RandomEvent)
def _random(s: AsiaState, e: ev.RandomEvent) -> None:
    s.events_this_turn.append(e.event)


@on(ev.IncomeCollected)
def _income(s: AsiaState, e: ev.IncomeCollected) -> None:
    total = int(e.income.value["total"]) if e.income.known else 0
    s.income[e.seat] = total
    s.treasury[e.seat] = (s.treasury.get(e.seat) or 0) + total


@on(ev.PhaseBegan)
def _phase(s: AsiaState, e: ev.PhaseBegan) -> None:
    s.phase, s.ops, s.phasing, s.sub = e.phase, e.ops, e.phasing, e.sub
    s.done, s.moved, s.negotiated, s.combats = [], [], [], []
    s.force, s.negotiation, s.combat_step = None, None, ""
    s.leaders, s.aftermath, s.loss, s.retreating, s.fought = {}, None, None, None, []
    if e.phase == "over":
        s.over = True


@on(ev.OrderSealed)
def _order(s: AsiaState, e: ev.OrderSealed) -> None:
    if not e.order.known:
        return
    s.treasury[e.seat] = (s.treasury.get(e.seat) or 0) - int(e.order.value["cost"])
    pending = s.pending.setdefault(e.seat, [])
    if pending is not None:
        pending.append({**e.order.value, "salt": e.order.salt})


@on(ev.SeatDone)
def _done(s: AsiaState, e: ev.SeatDone) -> None:
    s.done.append(e.seat)


@on(ev.OrdersRevealed)
def _revealed(s: AsiaState, e: ev.OrdersRevealed) -> None:
    s.pending = {seat: [] for seat in SEATS}


@on(ev.MarkerBuilt)
def _built(s: AsiaState, e: ev.MarkerBuilt) -> None:
    square = s.markers.setdefault(e.square, {})
    if e.marker == "colony":
        square.pop("trading_post", None)     # 20.3.1: a colony replaces a trading post
    square[e.marker] = e.owner


@on(ev.MarkerDestroyed)
def _destroyed(s: AsiaState, e: ev.MarkerDestroyed) -> None:
    s.markers.get(e.square, {}).pop(e.marker, None)
    if not s.markers.get(e.square, True):
        del s.markers[e.square]


@on(ev.ForceFormed)
def _formed(s: AsiaState, e: ev.ForceFormed) -> None:
    units = list(e.units) or (list(e.hidden.value) if e.hidden and e.hidden.known else [])
    s.force = Force(e.origin, e.origin, units, e.left_half, from_enemy=e.from_enemy)


@on(ev.UnitsReorganised)
def _reorganised(s: AsiaState, e: ev.UnitsReorganised) -> None:
    if not e.change.known:
        return
    for uid, nation, kind, size in e.change.value:
        if size <= 0:
            s.units.pop(uid, None)
        elif uid in s.units:
            s.units[uid].size = size
        else:
            s.units[uid] = Unit(uid, nation, kind, size, e.square)
            if uid.startswith("u"):
                s.next_id = max(s.next_id, int(uid[1:]) + 1)


@on(ev.UnitLeft)
def _left(s: AsiaState, e: ev.UnitLeft) -> None:
    unit = e.id or (str(e.hidden.value) if e.hidden and e.hidden.known else "")
    if unit:
        _left_force(s, unit, e.dropped)


def _left_force(s: AsiaState, unit: str, dropped: bool) -> None:
    force = s.force
    if force is not None and unit in force.units:
        force.units.remove(unit)
        if force.leader == unit:
            force.leader = None
        if not force.stepped:      # 11.3: left out before moving: the force is faster
            force.left_half = 2 * force_ma(s, force.units, force.leader)
    if dropped:
        s.moved.append(unit)


@on(ev.ForceStepped)
def _stepped(s: AsiaState, e: ev.ForceStepped) -> None:
    force = s.force
    if force is None:
        return
    if force.from_enemy and not force.stepped:
        force.seen_enemy = True
    if e.to in s.data.bases or force.square in s.data.bases:
        force.base_used = e.to if e.to in s.data.bases else force.square
    if e.how == "sea":
        force.amphibious += 1
    force.square, force.left_half, force.stepped = e.to, force.left_half - e.cost_half, True
    if e.stop:
        force.left_half = 0
    for unit in force.units:
        s.units[unit].where = e.to


@on(ev.ForceHalted)
def _halted(s: AsiaState, e: ev.ForceHalted) -> None:
    if s.force is not None:
        s.moved.extend(s.force.units)
    s.force = None


@on(ev.NegotiationOpened)
def _opened(s: AsiaState, e: ev.NegotiationOpened) -> None:
    s.negotiated.append(e.region)
    s.negotiation = Negotiation(e.region, e.seat, e.agent, e.opponent_agent,
                                bids={seat: None for seat in e.waiting},
                                waiting=list(e.waiting))


@on(ev.BidSealed)
def _bid(s: AsiaState, e: ev.BidSealed) -> None:
    talk = s.negotiation
    if talk is None:
        return
    if e.seat in talk.waiting:
        talk.waiting.remove(e.seat)
    if e.bid.known:
        talk.bids[e.seat] = int(e.bid.value)
        talk.salts[e.seat] = e.bid.salt or ""
        s.treasury[e.seat] = (s.treasury.get(e.seat) or 0) - int(e.bid.value)


@on(ev.BidsRevealed)
def _bids(s: AsiaState, e: ev.BidsRevealed) -> None:
    if s.negotiation is not None:
        s.negotiation.bids = {k: v for k, v in e.bids.items()}


@on(ev.NegotiationResolved)
def _resolved(s: AsiaState, e: ev.NegotiationResolved) -> None:
    s.negotiation = None


@on(ev.CombatsListed)
def _combats(s: AsiaState, e: ev.CombatsListed) -> None:
    s.combats, s.combat_step = list(e.squares), e.step


@on(ev.CombatStep)
def _combat_step(s: AsiaState, e: ev.CombatStep) -> None:
    s.combat_step = e.step


@on(ev.CombatResolved)
def _combat(s: AsiaState, e: ev.CombatResolved) -> None:
    if s.combats and s.combats[0] == e.square:
        s.combats.pop(0)
    s.leaders, s.combat_step = {}, ""
    if e.table:
        s.aftermath = {"square": e.square, "result": e.result, "stage": 0}
        s.fought.append(e.square)


@on(ev.ResultStage)
def _result_stage(s: AsiaState, e: ev.ResultStage) -> None:
    if s.aftermath is not None:
        s.aftermath = None if e.stage < 0 else {**s.aftermath, "stage": e.stage}


@on(ev.LossesDue)
def _losses(s: AsiaState, e: ev.LossesDue) -> None:
    s.loss = {"seat": e.seat, "square": e.square, "brigades": e.brigades,
              "then": e.then} if e.brigades > 0 else None


@on(ev.RetreatDue)
def _retreat_due(s: AsiaState, e: ev.RetreatDue) -> None:
    s.retreating = {"seat": e.seat, "square": e.square, "then": e.then}


@on(ev.Retreated)
def _retreated(s: AsiaState, e: ev.Retreated) -> None:
    s.retreating = None


@on(ev.LevyDue)
def _levy_due(s: AsiaState, e: ev.LevyDue) -> None:
    s.levies.append({"side": e.side, "region": e.region, "nation": e.nation,
                     "kind": e.kind, "count": e.count, "agent": e.agent, "then": e.then,
                     "instead": e.instead})


@on(ev.LevyPlaced)
def _levy_placed(s: AsiaState, e: ev.LevyPlaced) -> None:
    if s.levies:
        s.levies.pop(0)


@on(ev.LeaderChosen)
def _leader(s: AsiaState, e: ev.LeaderChosen) -> None:
    agent = e.agent or (str(e.hidden.value) if e.hidden and e.hidden.known else "")
    if e.role == "move" and s.force is not None and agent:
        s.force.leader = agent
        if not s.force.stepped:
            s.force.left_half = 2 * force_ma(s, s.force.units, agent)
    elif e.role == "combat":
        s.leaders[e.seat] = agent


@on(ev.PeriodBegan)
def _period(s: AsiaState, e: ev.PeriodBegan) -> None:
    s.period = e.period


@on(ev.AgentCaptured)
def _captured(s: AsiaState, e: ev.AgentCaptured) -> None:
    agent = s.units[e.agent]
    if s.data.agents[e.agent].generic:
        agent.where = "box"       # 16.3.3: pundits and khans may be recruited again
    else:
        agent.where = "prisoner"
        s.captives.append(e.agent)


@on(ev.AgentHeld)
def _held(s: AsiaState, e: ev.AgentHeld) -> None:
    if e.agent in s.captives:
        s.captives.remove(e.agent)


@on(ev.DuesListed)
def _dues(s: AsiaState, e: ev.DuesListed) -> None:
    s.dues = dict(e.dues)


@on(ev.DuePaid)
def _due_paid(s: AsiaState, e: ev.DuePaid) -> None:
    s.dues.pop(e.square, None)


@on(ev.GameEnded)
def _ended(s: AsiaState, e: ev.GameEnded) -> None:
    s.scores, s.winner, s.over = dict(e.scores), e.winner, True
