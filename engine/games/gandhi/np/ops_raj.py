"""8.6.3 and 8.7.1 NP Raj: Deploy, Sweep (with the Move Priorities, 8.4.2), Assault
(with Wavell's Sweep), Govern, Martial Law and Treaty.  NP Raj never Garrisons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.games.gandhi.derived import (
    active_adversaries,
    available,
    board,
    is_state,
    raj_control,
)
from engine.games.gandhi.np import adversary
from engine.games.gandhi.np.context import Ctx
from engine.games.gandhi.np.execute import (
    ACTIVITY_CHOOSERS,
    ACTIVITY_FEASIBLE,
    OPERATION_CHOOSERS,
    OPERATION_FEASIBLE,
    activation,
    data,
    find,
    memo,
    of_verb,
    option,
    remember,
    spaces_of,
)
from engine.games.gandhi.np.spaces import active, cubes, select
from engine.games.gandhi.ops.framework import OPERATIONS
from engine.games.gandhi.ops.raj import LINLITHGOW, WAVELL, removable, unmoved
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    RAJ,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState

GET_TROOPS, MOST_PLACED = 3, 6     # 8.6.3 Deploy: 3 Troops, then up to 6 cubes placed


def troops(state: GandhiState, sid: str) -> int:
    return state.space(sid).count(TROOPS)


def sepoys(state: GandhiState, sid: str) -> int:
    return state.space(sid).count(SEPOYS)


# --- Deploy (3.2.1, 8.6.3) ----------------------------------------------------------------


def deploy(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, mine = ctx.state, data(ctx).deploy
    failed = activation(ctx, memo(ctx, "sepoy_spaces", []))
    city = mine.city
    if city:
        t = min(max(0, GET_TROOPS - troops(state, city)), available(state, TROOPS))
        s = 0 if failed else min(available(state, SEPOYS), MOST_PLACED - t)
        if t + s == 0:
            t, s = (1, 0) if available(state, TROOPS) else (0, 1)
        action = find(actions, "place_cubes", troops=t, sepoys=s)
        if action is None:
            action = max(of_verb(actions, "place_cubes"),
                         key=lambda a: (a["troops"], a["sepoys"]))
        if action["sepoys"]:
            remember(ctx, sepoy_spaces=[*memo(ctx, "sepoy_spaces", []), city])
        ctx.say("rule", rule="8.6.3", text="deploy_get_3" if not failed else "deploy_troops")
        return action
    cities = spaces_of(actions, "in")
    troops_left = available(state, TROOPS)
    if failed:   # 8.6.3 after the failed roll: Troops to get three in each City
        cities = [c for c in cities if troops(state, c) < GET_TROOPS and troops_left]
    else:
        cities = [c for c in cities if (troops(state, c) < GET_TROOPS and troops_left)
                  or available(state, SEPOYS)]
    if cities:
        chosen = select(ctx, "place_cubes", cities, when={"deploy"})
        return find(actions, "in", space=chosen)
    if mine.cities and mine.recalled < 2:   # ★ 2 cubes from Out of Play, Troops first
        for kind in (TROOPS, SEPOYS):
            recall = find(actions, "recall", piece=kind)
            if recall is not None:
                ctx.say("rule", rule="8.6.3", text="deploy_recall")
                return recall
    return None


# --- moving cubes in (8.4.2 Raj column: Sweep, Wavell's Sweep) ------------------------------


def keep(state: GandhiState, sid: str, kind: str) -> int:
    """8.4.2 Keep 1 Troop and 1 Sepoy in each 2-Pop space not at Active Support."""
    sp = state.space(sid)
    if board(state).space(sid).pop == 2 and sp.support < 2:
        return 1
    return 0


def movable(state: GandhiState, sid: str, kind: str, arrived: dict[str, dict[str, int]]
            ) -> int:
    """Cubes of ``kind`` that may leave ``sid``: unmoved, less those kept, never losing
    Raj Control (8.6.3)."""
    n = unmoved(state, arrived, sid, kind) - keep(state, sid, kind)
    if raj_control(state, sid):
        n = min(n, cubes(state, sid) - active(state, sid) - 1)
    return max(0, n)


def move_in(ctx: Ctx, actions: Sequence[Action], dest: str, failed: bool,
            arrived: dict[str, dict[str, int]]) -> Action | None:
    """8.4.2/8.6.3 The next cube into ``dest``: a Troop (City or Province), a Sepoy, then
    Sepoys and Troops until cubes exceed the Active adversaries there (Sepoys first)."""
    state = ctx.state
    kinds: list[tuple[str, int, str]] = []
    if not is_state(state, dest) and not troops(state, dest):
        kinds.append((TROOPS, 1, "troop"))
    if not failed and not sepoys(state, dest):
        kinds.append((SEPOYS, 1, "sepoy"))
    need = active(state, dest) + 1 - cubes(state, dest)
    if need > 0:
        if not failed:
            kinds.append((SEPOYS, need, "exceed"))
        if not is_state(state, dest):
            kinds.append((TROOPS, need, "exceed"))
    for kind, count, why in kinds:
        moves = [a for a in of_verb(actions, "move_from") if a["piece"] == kind]
        origins = [o for o in dict.fromkeys(a["space"] for a in moves)
                   if movable(state, o, kind, arrived) > 0]
        if not origins:
            continue
        most = max(cubes(state, o) for o in origins)
        best = [o for o in origins if cubes(state, o) == most]
        origin = best[ctx.roll("origin", len(best)) - 1] if len(best) > 1 else best[0]
        n = min(count, movable(state, origin, kind, arrived))
        action = find(actions, "move_from", piece=kind, space=origin, count=n) or \
            next(a for a in moves if a["space"] == origin)
        ctx.say("move", rule="8.4.2", instruction=why, origin=origin, dest=dest)
        return action
    return None


# --- Sweep (3.2.3, 8.6.3) -------------------------------------------------------------------


def sweep(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, d = ctx.state, data(ctx)
    mine = d.sweep
    failed = activation(ctx, memo(ctx, "sepoy_dests", []))
    dest = mine.dest
    if dest and memo(ctx, "current") == dest:
        use = find(actions, "use_sepoys")
        if use is not None and not failed and dest not in memo(ctx, "sepoy_dests", []):
            remember(ctx, sepoy_dests=[*memo(ctx, "sepoy_dests", []), dest])
            ctx.say("rule", rule="8.6.3", text="sweep_activate")
            return use
        if memo(ctx, "phase", "move") == "move":
            move = move_in(ctx, actions, dest, failed, mine.arrived)
            if move is not None:
                if move["piece"] == SEPOYS and dest not in memo(ctx, "sepoy_dests", []):
                    remember(ctx, sepoy_dests=[*memo(ctx, "sepoy_dests", []), dest])
                return move
    if d.limited and mine.selected:
        return None
    offered = [s for s in spaces_of(actions, "into") if s not in mine.selected]
    if memo(ctx, "phase", "move") == "move":
        kinds = (TROOPS,) if failed else (TROOPS, SEPOYS)
        dests = [s for s in offered if _reachable(state, s, kinds, mine.arrived)]
        if dests:
            chosen = select(ctx, "sweep", dests)
            remember(ctx, current=chosen)
            return find(actions, "into", space=chosen)
        remember(ctx, phase="in_place")
    # lastly Sweep in place where cubes may Activate Guerrillas, most Support first
    here = [s for s in offered if state.space(s).count(GUERRILLAS_UNDERGROUND)
            and (troops(state, s) or (not failed and sepoys(state, s)))]
    if here:
        chosen = max(here, key=lambda s: state.space(s).support)
        remember(ctx, current=chosen)
        ctx.say("rule", rule="8.6.3", text="sweep_in_place", space=chosen)
        return find(actions, "into", space=chosen)
    return None


def _reachable(state: GandhiState, dest: str, kinds: tuple[str, ...],
               arrived: dict[str, dict[str, int]]) -> bool:
    from engine.games.gandhi.ops.raj import sweep_origins  # noqa: PLC0415
    return any(movable(state, o, k, arrived) > 0 for o in sweep_origins(state, dest)
               for k in kinds if k != TROOPS or not is_state(state, dest))


# --- Assault (3.2.4, 8.6.3) -----------------------------------------------------------------


def assault(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, d = ctx.state, data(ctx)
    mine = d.assault
    failed = activation(ctx, memo(ctx, "sepoy_spaces", []))
    removals = [(a, a["piece"]) for a in of_verb(actions, "arrest", "remove")]
    if removals and mine.cubes:
        return adversary.choose(ctx, RAJ, mine.space, removals)
    sid = mine.space
    if sid and not mine.cubes:
        wavell = find(actions, "wavell_sweep")
        if wavell is not None and memo(ctx, "wavell") == sid:
            return wavell
        if mine.wavell == sid:
            move = move_in(ctx, actions, sid, failed, mine.arrived)
            if move is not None:
                return move
        usage = _usage(state, sid, failed)
        found = find(actions, "assault_with", cubes=usage) if usage else None
        if found is not None:
            if usage != "troops":
                remember(ctx, sepoy_spaces=[*memo(ctx, "sepoy_spaces", []), sid])
            return found
    spaces = [s for s in spaces_of(actions, "in")
              if removable(state, s) and (troops(state, s) or (not failed and sepoys(state, s)))]
    wavell_due = state.viceroy == WAVELL and not mine.wavell and \
        (ctx.plan and ctx.plan.op_box.get("wavell"))
    if wavell_due and not mine.selected:
        # 8.6.3 Wavell: first Sweep into one space eligible for Assault
        targets = [s for s in spaces_of(actions, "in") if removable(state, s)
                   and not board(state).space(s).is_railway]
        if targets:
            chosen = select(ctx, "remove_or_replace", targets, when={"assault"})
            remember(ctx, wavell=chosen)
            ctx.say("rule", rule="8.1.6", text="wavell")
            return find(actions, "in", space=chosen)
    if spaces:
        chosen = select(ctx, "remove_or_replace", spaces, when={"assault"})
        return find(actions, "in", space=chosen)
    return None


def _usage(state: GandhiState, sid: str, failed: bool) -> str | None:
    t, s = troops(state, sid), sepoys(state, sid)
    if t and s and not failed:
        return "troops_and_sepoys"
    if t:
        return "troops"
    return "sepoys" if s and not failed else None


# --- Govern (4.2.2, 8.7.1) ------------------------------------------------------------------


def govern(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    mine = data(ctx).govern
    steps = option(ctx).get("steps", ["remove_protests", "imperialism", "remove_adversaries"])
    sid = mine.space
    if sid and mine.mode in (None, "imperialism"):
        step = memo(ctx, "govern_step")
        if step == "remove_protests":
            found = find(actions, "remove_marker", marker="protest")
            if found is not None and mine.mode is None:
                return found
        elif step == "imperialism":
            left = (ctx.plan.budget or 0) - (ctx.plan.used or 0) if ctx.plan else 0
            buy = find(actions, "buy_imperialism")
            if buy is not None and left > 0:
                ctx.update(used=(ctx.plan.used if ctx.plan else 0) + 1)
                ctx.say("rule", rule="8.7.1", text="imperialism", left=left - 1)
                return buy
        elif step == "remove_adversaries" and mine.mode is None:
            removals = [(a, a["piece"]) for a in of_verb(actions, "arrest", "remove")]
            if removals:
                return adversary.choose(ctx, RAJ, sid, removals)
    offered = spaces_of(actions, "in")
    if len(mine.selected) >= option(ctx).get("spaces", 2) or not offered:
        return None
    stage = memo(ctx, "govern_stage", 0)
    while stage < len(steps):
        step = steps[stage]
        candidates = [s for s in offered if _govern_can(ctx, s, step)]
        if step == "imperialism" and candidates and ctx.plan and ctx.plan.budget is None:
            roll = ctx.roll("imperialism")
            ctx.update(budget=roll, used=0)
            ctx.say("die", roll=roll, what="imperialism")
        if step == "imperialism" and ctx.plan and (ctx.plan.budget or 0) <= ctx.plan.used:
            candidates = []
        if candidates:
            column = "shift_to_support" if step == "imperialism" else "remove_or_replace"
            chosen = select(ctx, column, candidates)
            remember(ctx, govern_step=step, govern_stage=stage)
            return find(actions, "in", space=chosen)
        stage += 1
        remember(ctx, govern_stage=stage)
    return None


def _govern_can(ctx: Ctx, sid: str, step: str) -> bool:
    state = ctx.state
    sp = state.space(sid)
    nv = sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS)
    if step == "remove_protests":
        return sp.protest and not nv
    if step == "imperialism":
        from engine.games.gandhi.ops.raj import imperialism_effect  # noqa: PLC0415
        return not active_adversaries(board(state), sid, sp) and bool(
            imperialism_effect(state, sid))
    return bool(removable(state, sid))


def govern_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    spaces = [s for s in ctx.state.spaces if cubes(ctx.state, s)]
    return any(_govern_can(ctx, s, step) for s in spaces
               for step in choice.get("steps", ()))


# --- Martial Law (4.2.3, 8.7.1) -------------------------------------------------------------


def martial_law_spaces(state: GandhiState, offered: Sequence[str]) -> list[str]:
    """8.7.1 Spaces with Unrest (any space under Linlithgow) and no Support."""
    return [s for s in offered if state.space(s).support <= 0
            and (state.space(s).unrest or state.viceroy == LINLITHGOW)]


def martial_law(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, mine = ctx.state, data(ctx).martial_law
    splits = of_verb(actions, "remove_activists")
    if splits and mine.space:
        sp = state.space(mine.space)
        first = adversary.choose(ctx, RAJ, mine.space,
                                 [(k, k) for k in (CONGRESS_ACTIVISTS, ML_ACTIVISTS)
                                  if sp.count(k)])
        key = "congress" if first == CONGRESS_ACTIVISTS else "league"
        return max(splits, key=lambda a: a[key])
    spaces = martial_law_spaces(state, spaces_of(actions, "in"))
    if spaces:
        return find(actions, "in", space=select(ctx, "remove_or_replace", spaces))
    return None


def martial_law_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    state = ctx.state
    return bool(martial_law_spaces(state, [
        s for s in state.spaces if cubes(state, s)
        and (state.space(s).count(CONGRESS_ACTIVISTS) or state.space(s).count(ML_ACTIVISTS))]))


# --- Treaty (4.2.1, 8.7.1) ------------------------------------------------------------------


def treaty(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, mine = ctx.state, data(ctx).treaty
    removals = [(a, a["piece"]) for a in of_verb(actions, "arrest", "remove")]
    if removals and mine.space:
        return adversary.choose(ctx, RAJ, mine.space, removals)
    states = [s for s in spaces_of(actions, "in") if sepoys(state, s) and removable(state, s)]
    if states and not (mine.space and mine.mode is None):
        return find(actions, "in", space=select(ctx, "remove_or_replace", states))
    return None


def treaty_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    state = ctx.state
    return any(is_state(state, s) and sepoys(state, s) and removable(state, s)
               for s in state.spaces)


def assault_feasible(ctx: Ctx, box: dict[str, Any]) -> bool:
    state = ctx.state
    return any(cubes(state, s) and removable(state, s) for s in state.spaces)


def engine_feasible(name: str) -> Any:
    def feasible(ctx: Ctx, box: dict[str, Any]) -> bool:
        return OPERATIONS[f"{RAJ}:{name}"].can_start(ctx.state, False)
    return feasible


OPERATION_CHOOSERS.update({"raj:deploy": deploy, "raj:sweep": sweep, "raj:assault": assault})
OPERATION_FEASIBLE.update({"raj:deploy": engine_feasible("deploy"),
                           "raj:sweep": engine_feasible("sweep"),
                           "raj:assault": assault_feasible})
ACTIVITY_CHOOSERS.update({"raj:govern": govern, "raj:martial_law": martial_law,
                          "raj:treaty": treaty})
ACTIVITY_FEASIBLE.update({"raj:govern": govern_feasible,
                          "raj:martial_law": martial_law_feasible,
                          "raj:treaty": treaty_feasible})
