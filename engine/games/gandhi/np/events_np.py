"""8.8.4 The choices inside an Event a non-player executes (or is asked about): each
choice is played out to the end of the Event on a copy (``effective.finish_event``); the
one whose outcome is most effective for the Faction (8.8.3) is taken, ties going to what
stops where the text allows ("up to": only the effective part, 8.8.4), then to the space
the Event's column (8.8.5) selects first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.games.gandhi.np.context import Ctx
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.np.effective import (
    SIDE_ACTIONS,
    LookedTooFar,
    concrete,
    finish_event,
    outcomes,
    score,
    step_after,
)
from engine.games.gandhi.np.execute import find, spaces_of
from engine.games.gandhi.np.spaces import by_column, select
from engine.games.gandhi.pieces import RAJ
from engine.games.gandhi.state import GandhiState

STOPS = ("done", "stop", "decline", "skip")


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
    candidates = representatives(state, seat, column, offered)
    scored: list[tuple[int, Action, dict[str, int]]] = []
    for action in candidates:
        try:
            after = finish_event(step_after(state, action), column)
        except LookedTooFar:
            continue
        result = outcomes(state, after, seat)
        scored.append((score(result), action, result))
    if not scored:
        return offered[0]
    best = max(s for s, _, _ in scored)
    tied = [(a, f) for s, a, f in scored if s == best]
    stop = next((a for a, _ in tied if a.verb in STOPS), None)
    if stop is not None:
        ctx.say("event_choice", outcomes=sorted(tied[0][1]), stop=True)
        return stop
    action, result = tied[0]
    ctx.say("event_choice", outcomes=sorted(result), column=column, space=action.get("space"))
    return action


def representatives(state: GandhiState, seat: str, column: str,
                    offered: Sequence[Action]) -> list[Action]:
    """One choice of each kind (its verb and slots but the space): the space the column
    selects first (8.8.5); the kinds are then weighed by what they achieve (8.8.4)."""
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for action in offered:
        key = (action.verb, *((k, v) for k, v in action.values if k != "space"))
        groups.setdefault(key, []).append(action)
    out = []
    for members in groups.values():
        spaces = [a.get("space") for a in members if a.get("space")]
        if len(spaces) > 1:
            first = by_column(state, seat, column, spaces)[0]
            out.append(next(a for a in members if a.get("space") == first))
        else:
            out.append(members[0])
    return out


def manual(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """A non-player never executes an Event played by hand (it is never effective): it is
    only here if a bot took the seat over in the middle of one, and ends it."""
    ctx.say("rule", rule="8.8.3", text="manual")
    found = find(actions, "done") or find(actions, "cancel")
    return found if found is not None else actions[0]
