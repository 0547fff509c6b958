"""8.8.4 The choices inside an Event a non-player executes (or is asked about): each
choice is played out to the end of the Event on a copy (``effective.finish_event``); the
one whose outcome is most effective for the Faction (8.8.3) is taken, ties going to what
stops where the text allows ("up to": only the effective part, 8.8.4), then to the
adversary the Adversary Priorities take first (8.5), then to the space the Event's column
(8.8.5) selects first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.games.gandhi.np import adversary
from engine.games.gandhi.np.context import Ctx
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.np.effective import (
    MAX_TRIALS,
    ROLLOUT_STEPS,
    SIDE_ACTIONS,
    Budget,
    LookedTooFar,
    concrete,
    finish_event,
    outcomes,
    score,
    step_after,
)
from engine.games.gandhi.np.execute import find, spaces_of
from engine.games.gandhi.np.spaces import by_column, select
from engine.games.gandhi.pieces import OWNER, RAJ
from engine.games.gandhi.state import GandhiState

STOPS = ("done", "stop", "decline", "skip")
MAX_CANDIDATES = 8   # choices weighed at one decision (each kind's first spaces first)


def choose(ctx: Ctx, actions: Sequence[Action]) -> Action:
    state, seat = ctx.state, ctx.seat
    data = state.step.data
    if getattr(data, "troops_leaving", None) and seat == RAJ:   # 8.1.4
        chosen = select(ctx, "place_cubes", spaces_of(actions, "to"), faction=RAJ)
        ctx.say("rule", rule="8.1.4", text="troops_to_cities")
        moved = find(actions, "to", space=chosen)
        if moved is not None:
            return moved
    offered = [concrete(a) for a in actions if a.verb not in SIDE_ACTIONS]
    if len(offered) == 1:
        return offered[0]
    plan = ctx.plan
    column = plan.column if plan is not None and plan.kind == "event" else None
    column = column or np_data(state.pack).columns[seat][0]
    candidates = representatives(state, seat, column, offered)[:MAX_CANDIDATES]
    share = ROLLOUT_STEPS // max(1, len(candidates))
    scored: list[tuple[int, Action, dict[str, int], GandhiState]] = []
    for action in candidates:
        try:
            after = finish_event(step_after(state, action), column, budget=Budget(share))
        except LookedTooFar:
            continue
        result = outcomes(state, after, seat)
        scored.append((score(result), action, result, after))
    if not scored:
        return offered[0]
    best = max(s for s, _, _, _ in scored)
    tied = [(a, f, after) for s, a, f, after in scored if s == best]
    stop = next((a for a, _, _ in tied if a.verb in STOPS), None)
    if stop is not None:
        ctx.say("event_choice", outcomes=sorted(tied[0][1]), stop=True)
        return stop
    if len(tied) > 1:   # 8.5/8.8.4 the Adversary Priorities pick the target among equals
        tied.sort(key=lambda t: first_target(state, t[2], seat))
    action, result, _ = tied[0]
    ctx.say("event_choice", outcomes=sorted(result), column=column, space=action.get("space"))
    return action


def first_target(before: GandhiState, after: GandhiState, seat: str) -> tuple[int, int, int]:
    """The Adversary Priorities key (8.5) of the first marker or piece of another Faction
    that an outcome removes (the highest priority among them); last if none."""
    keys = [(9, 0, 0)]
    for sid, was in before.spaces.items():
        now = after.space(sid)
        for marker in ("unrest", "muslim_state", "protest"):
            if int(getattr(was, marker)) > int(getattr(now, marker)):
                keys.append(adversary.priority(before, seat, sid, marker))
        for kind, n in was.pieces.items():
            if OWNER.get(kind) != seat and now.count(kind) < n:
                keys.append(adversary.priority(before, seat, sid, kind))
    return min(keys)


def representatives(state: GandhiState, seat: str, column: str,
                    offered: Sequence[Action]) -> list[Action]:
    """The choices to weigh: of each kind (its verb and slots but the space), the first
    few spaces in the column's order (8.8.5); they are weighed by what they achieve
    (8.8.4: spaces where as much of the text can be carried out), ties to that order."""
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for action in offered:
        key = (action.verb, *((k, v) for k, v in action.values if k != "space"))
        groups.setdefault(key, []).append(action)
    ranks: list[list[Action]] = []
    for members in groups.values():
        spaces = [a.get("space") for a in members if a.get("space")]
        if len(spaces) > 1:
            ordered = by_column(state, seat, column, spaces)[:MAX_TRIALS]
            ranks.append([next(a for a in members if a.get("space") == s) for s in ordered])
        else:
            ranks.append([members[0]])
    # every kind's first space, then every kind's second...
    return [r[i] for i in range(max(len(r) for r in ranks)) for r in ranks if i < len(r)]


def manual(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """A non-player never executes an Event played by hand (it is never effective): it is
    only here if a bot took the seat over in the middle of one, and ends it."""
    ctx.say("rule", rule="8.8.3", text="manual")
    found = find(actions, "done") or find(actions, "cancel")
    return found if found is not None else actions[0]
