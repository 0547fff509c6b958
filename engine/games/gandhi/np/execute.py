"""8.6-8.7 A non-player executing its Operation and Special Activity, one engine decision
at a time.

The plan (``Plan``) holds the Arjuna card's Operation box and Special Activity options.
At each decision of the execution step, the Faction's Operation (``OPERATION_CHOOSERS``) or
running Special Activity (``ACTIVITY_CHOOSERS``) picks among the engine's choices; a chooser
returns None when it has nothing more to do.  The Special Activity is started before the
Operation when the card lists it first, otherwise when the Operation is over; the first
option that can be carried out is taken (8.7), none with a Limited Operation or an
Operation only.  Activation rolls (8.6.2) are made at the decision after a space is done."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.actions import Action
from engine.games.gandhi.np.context import Ctx, Plan, turn_token
from engine.games.gandhi.ops.framework import ExecutionData
from engine.games.gandhi.pieces import RAJ
from engine.games.gandhi.vocabulary import verb

ACTIVITY = verb("activity")
Chooser = Callable[[Ctx, Sequence[Action]], Action | None]
Feasible = Callable[[Ctx, dict[str, Any]], bool]

# "<faction>:<name>" -> the chooser of an Operation or Special Activity
OPERATION_CHOOSERS: dict[str, Chooser] = {}
ACTIVITY_CHOOSERS: dict[str, Chooser] = {}
# "<faction>:<name>" -> whether the Operation (its box) has an eligible space (8.3)
OPERATION_FEASIBLE: dict[str, Feasible] = {}
# "<faction>:<name>" -> whether a Special Activity option can be carried out (8.7)
ACTIVITY_FEASIBLE: dict[str, Feasible] = {}


def find(actions: Sequence[Action], verb_name: str, **slots: Any) -> Action | None:
    for action in actions:
        if action.verb == verb_name and all(action.get(k) == v for k, v in slots.items()):
            return action
    return None


def of_verb(actions: Sequence[Action], *names: str) -> list[Action]:
    return [a for a in actions if a.verb in names]


def spaces_of(actions: Sequence[Action], *names: str) -> list[str]:
    return [a["space"] for a in actions if a.verb in names and a.get("space")]


def data(ctx: Ctx) -> Any:
    return ctx.state.step.of(ExecutionData)


def option(ctx: Ctx) -> dict[str, Any]:
    """The Special Activity option being carried out."""
    plan = ctx.plan
    if plan is None or plan.sa_option is None or plan.sa_option >= len(plan.sas):
        return {}
    return dict(plan.sas[plan.sa_option])


def ensure_plan(ctx: Ctx) -> Plan:
    """The seat's plan for this execution; one made on the spot when the execution began
    without it (a bot that took over a seat mid-turn): the Operation as chosen, the
    Special Activities of its default shape."""
    if ctx.plan is not None and ctx.plan.kind == "execution":
        return ctx.plan
    d = data(ctx)
    from engine.games.gandhi.np.arjuna import VICEROY_AN  # noqa: PLC0415
    from engine.games.gandhi.np.defaults import default_box, default_sas  # noqa: PLC0415
    viceroy = (d.op, ctx.state.viceroy) in VICEROY_AN and ctx.seat == RAJ
    plan = Plan(faction=ctx.seat, turn=turn_token(ctx.state), op=d.op,
                op_box=default_box(ctx.seat, d.op), sas=default_sas(ctx.seat),
                sa_allowed=d.sa_allowed, an=1 if viceroy else ctx.state.restraint)
    ctx.set_plan(plan)
    ctx.say("no_plan", op=d.op)
    return plan


def choose(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """The execution step's decision for the seat."""
    d = data(ctx)
    seat = ctx.seat
    if d.asking == seat and ctx.state.step.seat != seat:
        return answer_other(ctx, actions)
    plan = ensure_plan(ctx)
    faction = ctx.state.step.seat or seat
    if d.sa and not d.sa_done:
        chooser = ACTIVITY_CHOOSERS.get(f"{faction}:{d.sa}")
        picked = chooser(ctx, actions) if chooser else None
        if picked is not None:
            return picked
        return finish(ctx, actions)
    if d.sa_done and not plan.sa_done:
        plan = ctx.update(sa_done=True)
    if plan.sa_first and not plan.sa_done and d.sa is None:
        started = start_activity(ctx, actions)
        if started is not None:
            return started
    if not plan.op_over:
        chooser = OPERATION_CHOOSERS.get(f"{faction}:{d.op}")
        picked = chooser(ctx, actions) if chooser else None
        if picked is not None:
            return picked
        plan = ctx.update(op_over=True)
    if not plan.sa_done and d.sa is None:
        started = start_activity(ctx, actions)
        if started is not None:
            return started
        ctx.update(sa_done=True)
    after = OPERATION_CHOOSERS.get(f"{faction}:{d.op}:after")   # after the SA (cards H, J)
    picked = after(ctx, actions) if after else None
    if picked is not None:
        return picked
    return finish(ctx, actions)


def finish(ctx: Ctx, actions: Sequence[Action]) -> Action:
    done = find(actions, "done")
    if done is not None:
        return done
    # the plan has nothing more to do, but the activity cannot end before one space is
    # selected (an earlier Special Activity took its spaces away): the column's space
    ctx.say("forced")
    spaces = spaces_of(actions, "in", "into", "from", "to")
    if spaces and ctx.plan is not None:
        from engine.games.gandhi.np.spaces import select  # noqa: PLC0415
        column = ctx.plan.op_box.get("column") or "remove_or_replace"
        faction = ctx.state.step.seat or ctx.seat
        chosen = select(ctx, column, spaces, faction=faction)
        for verb_name in ("in", "into", "from", "to"):
            found = find(actions, verb_name, space=chosen)
            if found is not None:
                return found
    return actions[0]


def start_activity(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    """8.7 The first Special Activity option of the card that can be carried out."""
    plan = ctx.plan
    assert plan is not None
    if not plan.sa_allowed or plan.sa_done:
        return None
    faction = ctx.state.step.seat or ctx.seat
    for index, choice in enumerate(plan.sas):
        if plan.sa_refused and choice.get("activity") == "satyagraha":
            continue
        offered = find(actions, "activity", activity=choice.get("activity"))
        if offered is None:
            continue
        feasible = ACTIVITY_FEASIBLE.get(f"{faction}:{choice['activity']}")
        if feasible is not None and not feasible(ctx, choice):
            continue
        ctx.update(sa_option=index, negotiated=choice["activity"] == "negotiate")
        ctx.say("activity", activity=choice["activity"], option=index,
                steps=list(choice.get("steps", ())))
        return offered
    return None


def answer_other(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """The seat answers a question another Faction's activity puts to it: 8.1.4 NP Raj
    always refuses to release Gandhi for Satyagraha; Troops leaving a new Muslim State go
    to the City the Place Cubes column selects."""
    refuse = find(actions, "refuse")
    if refuse is not None:
        ctx.say("rule", rule="8.1.4", text="refuse_release")
        return refuse
    cities = spaces_of(actions, "to")
    if cities:
        from engine.games.gandhi.np.spaces import select  # noqa: PLC0415
        chosen = select(ctx, "place_cubes", cities, faction=RAJ)
        found = find(actions, "to", space=chosen)
        if found is not None:
            ctx.say("rule", rule="8.1.4", text="troops_to_cities")
            return found
    return actions[0]


def activation(ctx: Ctx, spaces: Sequence[str], label: str = "spaces") -> bool:
    """8.6.2 Roll for each space done since the last roll (``spaces``: those that count,
    in order); True once a roll has failed (at or under the Activation Number)."""
    plan = ctx.plan
    assert plan is not None
    if data(ctx).limited:   # 2.3.5 one space: nothing to roll for
        return False
    while not plan.failed and plan.rolled < len(spaces):
        roll = ctx.roll("activation")
        failed = roll <= (plan.an or 0)
        ctx.say("activation", roll=roll, number=plan.an, failed=failed,
                space=spaces[plan.rolled])
        plan = ctx.update(rolled=plan.rolled + 1, failed=failed)
    return plan.failed


def memo(ctx: Ctx, key: str, default: Any = None) -> Any:
    return (ctx.plan.memo if ctx.plan else {}).get(key, default)


def remember(ctx: Ctx, **values: Any) -> None:
    assert ctx.plan is not None
    ctx.update(memo={**ctx.plan.memo, **values})
