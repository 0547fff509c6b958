"""8.6.4-8.6.5 and 8.7.2-8.7.3 NP Congress and NP Muslim League: Rally, Demonstrate (with
the Move Priorities, 8.4.2), Civil Disobedience, Non-Cooperation; Negotiate, Satyagraha,
Persuade and Infiltrate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.games.gandhi.derived import available, board, in_crisis, raj_control
from engine.games.gandhi.np import adversary
from engine.games.gandhi.np.context import Ctx
from engine.games.gandhi.np.execute import (
    ACTIVITY_CHOOSERS,
    ACTIVITY_FEASIBLE,
    OPERATION_CHOOSERS,
    OPERATION_FEASIBLE,
    data,
    find,
    of_verb,
    option,
    spaces_of,
)
from engine.games.gandhi.np.spaces import active, cubes, select
from engine.games.gandhi.ops.framework import OPERATIONS, fresh
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    RAJ,
    activists_of,
)
from engine.games.gandhi.seating import is_player
from engine.games.gandhi.state import STEP_MODELS, GandhiState

JAIL_RELEASE = 3      # 8.6.4/8.6.5 release prisoners if 3 or more own Activists are in Jail


def own(faction: str) -> str:
    return activists_of(faction)


def nv_count(state: GandhiState, sid: str) -> int:
    """NV pieces: Activists of both Factions and Gandhi (8.4.2 'NV pieces')."""
    sp = state.space(sid)
    return sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS) + sp.count(GANDHI)


# --- Rally (3.3.1, 8.6.4, 8.6.5) ------------------------------------------------------------


def rally(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, faction = ctx.state, ctx.seat
    mine = data(ctx).rally
    if mine.space:
        base = find(actions, "build_base")
        if base is not None and ctx.plan and ctx.plan.memo.get("rally_base") == mine.space:
            ctx.say("rule", rule="8.6.5", text="rally_base")
            return base
        places = of_verb(actions, "place_count")
        if places:
            return max(places, key=lambda a: a["count"])
        return base
    offered = spaces_of(actions, "in")
    if offered and not mine.then:
        if faction == MUSLIM_LEAGUE and (ctx.plan and ctx.plan.op_box.get("bases", True)):
            # 8.6.5 first Bases where League Activists exceed Unity
            bases = [s for s in offered if state.space(s).count(ML_ACTIVISTS) > state.unity
                     and _can_build(state, s)]
            if bases:
                column = "place_bases" if len(bases) > available(state, ML_BASES) else None
                chosen = select(ctx, column, bases) if column else bases[0]
                if column is None:
                    ctx.say("rule", rule="8.6.5", text="rally_bases_all", space=chosen)
                assert chosen is not None
                _remember_base(ctx, chosen)
                return find(actions, "in", space=chosen)
        if available(state, own(faction)):
            column = (ctx.plan.op_box.get("column") if ctx.plan else None) or "place_activists"
            chosen = select(ctx, column, offered)
            return find(actions, "in", space=chosen)
    # then: release prisoners with 3+ own Activists in Jail, else 1 from Out of Play
    if state.jail.get(own(faction), 0) >= JAIL_RELEASE:
        release = find(actions, "release")
        if release is not None:
            ctx.say("rule", rule="8.6.4", text="rally_release")
            return release
    recall = find(actions, "recall", piece=own(faction))
    if recall is not None and mine.spaces:
        ctx.say("rule", rule="8.6.4", text="rally_recall")
        return recall
    return None


def _can_build(state: GandhiState, sid: str) -> bool:
    sp = state.space(sid)
    return (available(state, ML_BASES) > 0 and sp.count(ML_ACTIVISTS) >= state.unity
            and sp.count(ML_BASES) + sp.count("rev_bases") < board(state).space(sid).pop)


def _remember_base(ctx: Ctx, sid: str) -> None:
    assert ctx.plan is not None
    ctx.update(memo={**ctx.plan.memo, "rally_base": sid})


# --- Demonstrate (3.3.2, 8.6.4, 8.6.5, 8.4.2) ----------------------------------------------


def _keep(ctx: Ctx, sid: str, faction: str) -> int:
    """8.4.2 Activists an NV origin keeps: 2 in a Protest space; enough not to add Raj
    Control; 1 on a Railway without a Strike if Raj is a player; the League also keeps
    enough to exceed Congress in Provinces and equal it in Muslim States if Congress is a
    player, and 1 where it has a Base."""
    state = ctx.state
    sp, space = state.space(sid), board(state).space(sid)
    mine = sp.count(own(faction))
    keep = 2 if sp.protest else 0
    if not raj_control(state, sid) and space.controllable and not sp.muslim_state:
        # losing Active pieces may let the cubes exceed what stays
        active_mine = mine if (sp.protest or space.is_railway) else 0
        other_active = active(state, sid) - active_mine
        keep = max(keep, min(mine, max(0, cubes(state, sid) - other_active))
                   if active_mine else keep)
    if space.is_railway and not sp.strike and is_player(state, RAJ):
        keep = max(keep, 1)
    if faction == MUSLIM_LEAGUE:
        if sp.count(ML_BASES):
            keep = max(keep, 1)
        if is_player(state, CONGRESS):
            congress = sp.count(CONGRESS_ACTIVISTS) + sp.count(GANDHI)
            if space.kind == "province" and not sp.muslim_state:
                keep = max(keep, congress + 1)
            elif sp.muslim_state:
                keep = max(keep, congress)
    return min(keep, mine)


def demonstrate(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, faction = ctx.state, ctx.seat
    mine = data(ctx).demonstrate
    dest = mine.space
    if mine.origin:
        moves = of_verb(actions, "move_count", "move_with_league")
        if not moves:
            return None
        movable = state.space(mine.origin).count(own(faction)) - \
            mine.arrived(own(faction)).get(mine.origin, 0) - _keep(ctx, mine.origin, faction)
        need = cubes(state, dest or "") - nv_count(state, dest or "")
        n = max(1, min(need, movable))   # 1 Activist, then until NV pieces equal the cubes
        league = 0
        if faction == CONGRESS:    # bring League Activists along up to Unity
            left = state.space(mine.origin).count(ML_ACTIVISTS) - \
                mine.arrived(ML_ACTIVISTS).get(mine.origin, 0)
            league = max(0, min(n, left, state.unity - mine.league))
        found = find(actions, "move_with_league", count=n, league=league) if league else \
            find(actions, "move_count", count=n)
        ctx.say("move", rule="8.4.2", instruction="activists", origin=mine.origin, dest=dest)
        return found or moves[0]
    if dest:
        satisfied = dest in mine.entered and nv_count(state, dest) >= cubes(state, dest)
        origins = [o for o in spaces_of(actions, "from")
                   if state.space(o).count(own(faction)) - mine.arrived(own(faction)).get(o, 0)
                   - _keep(ctx, o, faction) > 0]
        if origins and not satisfied:
            most = max(state.space(o).count(own(faction)) for o in origins)
            best = [o for o in origins if state.space(o).count(own(faction)) == most]
            origin = best[ctx.roll("origin", len(best)) - 1] if len(best) > 1 else best[0]
            return find(actions, "from", space=origin)
        protest = find(actions, "place_protest")
        if protest is not None:
            ctx.say("rule", rule="8.6.4", text="demonstrate_protest")
            return protest
    chosen_dests = [s for s in spaces_of(actions, "in") if _origins_for(ctx, s, faction)]
    if chosen_dests and not (data(ctx).limited and mine.spaces):
        return find(actions, "in", space=select(ctx, "demonstrate", chosen_dests))
    return None


def _origins_for(ctx: Ctx, dest: str, faction: str) -> bool:
    state = ctx.state
    arrived = data(ctx).demonstrate.arrived(own(faction))
    return any(state.space(o).count(own(faction)) - arrived.get(o, 0)
               - _keep(ctx, o, faction) > 0 for o in board(state).adjacent(dest))


# --- Civil Disobedience (3.3.3, 8.6.4, 8.6.5) -----------------------------------------------


def civil_disobedience(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    from engine.games.gandhi.derived import protests_for_operations  # noqa: PLC0415
    state = ctx.state
    mine = data(ctx).civil_disobedience
    rail_move = _railway_move(ctx, actions, mine)
    if rail_move is not None:
        return rail_move
    offered = [s for s in spaces_of(actions, "in") if not state.space(s).protest]
    if protests_for_operations(state) > 0 and offered:
        column = (ctx.plan.op_box.get("column") if ctx.plan else None) or "place_protests"
        chosen = select(ctx, column, offered)
        return find(actions, "in", space=chosen)
    return None


def _railway_move(ctx: Ctx, actions: Sequence[Action], mine: Any) -> Action | None:
    """8.6.4 If Raj is a player: from a space with 3+ own Activists, get 1 onto the Railway
    with the highest Econ and no Activist (the space just selected: the engine moves
    Activists only from it)."""
    state, faction = ctx.state, ctx.seat
    if not is_player(state, RAJ) or not (ctx.plan and ctx.plan.op_box.get("railway")):
        return None
    here = mine.space
    if here is None or state.space(here).count(own(faction)) < 3 or mine.arrived:
        return None
    b = board(state)
    rails = [r for r in spaces_of(actions, "move_onto")
             if not state.space(r).count(CONGRESS_ACTIVISTS)
             and not state.space(r).count(ML_ACTIVISTS)]
    if not rails:
        return None
    best = max(b.space(r).econ for r in rails)
    rail = next(r for r in rails if b.space(r).econ == best)
    ctx.say("rule", rule="8.6.4", text="cd_railway", space=rail)
    return find(actions, "move_onto", count=1, space=rail)


def cd_after(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    """Cards H, J: after Satyagraha, Civil Disobedience also places a Protest in Gandhi's
    space."""
    d = data(ctx)
    if not (ctx.plan and ctx.plan.op_box.get("satyagraha_protest")):
        return None
    if d.sa != "satyagraha" or not d.sa_done or (ctx.plan.memo or {}).get("cd_gandhi"):
        return None
    gandhi = next((s for s, sp in ctx.state.spaces.items() if sp.count(GANDHI)), None)
    found = find(actions, "in", space=gandhi) if gandhi else None
    if found is not None and not ctx.state.space(gandhi or "").protest:
        ctx.update(memo={**ctx.plan.memo, "cd_gandhi": True})
        ctx.say("rule", rule="8.3", text="cd_gandhi", space=gandhi)
        return found
    return None


# --- Non-Cooperation (3.3.4, 8.6.4, 8.6.5) --------------------------------------------------


def non_cooperation(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, faction = ctx.state, ctx.seat
    offered = spaces_of(actions, "in")
    if faction == MUSLIM_LEAGUE:
        offered = [s for s in offered if board(state).space(s).muslim]
    if offered:
        return find(actions, "in", space=select(ctx, "shift_to_opposition", offered))
    return None


def nc_feasible(ctx: Ctx, box: dict[str, Any]) -> bool:
    state, faction = ctx.state, box.get("faction", ctx.seat)
    op = OPERATIONS[f"{faction}:non_cooperation"]
    spaces = op.spaces(state, fresh(_execution(faction)))  # type: ignore[attr-defined]
    if faction == MUSLIM_LEAGUE:
        spaces = [s for s in spaces if board(state).space(s).muslim]
    return bool(spaces)


def _execution(faction: str) -> Any:
    return STEP_MODELS.model("execution", {"executing": faction})


def cd_feasible(ctx: Ctx, box: dict[str, Any]) -> bool:
    from engine.games.gandhi.derived import protests_for_operations  # noqa: PLC0415
    faction = box.get("faction", ctx.seat)
    op = OPERATIONS[f"{faction}:civil_disobedience"]
    return protests_for_operations(ctx.state) > 0 and op.can_start(ctx.state, False)


def engine_feasible(name: str) -> Any:
    def feasible(ctx: Ctx, box: dict[str, Any]) -> bool:
        faction = box.get("faction", ctx.seat)
        return OPERATIONS[f"{faction}:{name}"].can_start(ctx.state, False)
    return feasible


# --- Negotiate (4.3.1, 4.4.1, 8.7.2, 8.7.3) -------------------------------------------------


def _negotiable(state: GandhiState, faction: str, taken: Sequence[str] = ()) -> list[str]:
    return [s for s in board(state).spaces if state.space(s).count(own(faction))
            and not raj_control(state, s) and s not in taken]


def _negotiate_targets(state: GandhiState, faction: str, step: str,
                       spaces: Sequence[str]) -> list[str]:
    from engine.games.gandhi.ops.nv import nv_pieces  # noqa: PLC0415
    b = board(state)
    if step == "release_gandhi":
        return list(spaces) if state.jail.get(GANDHI, 0) else []
    if step == "remove_muslim_state":
        return [s for s in spaces if state.space(s).muslim_state
                and nv_pieces(state, s, CONGRESS) > nv_pieces(state, s, MUSLIM_LEAGUE)]
    if step == "muslim_state":
        return [s for s in spaces if b.space(s).kind == "province" and b.space(s).muslim
                and not state.space(s).muslim_state and state.space(s).support < 0
                and nv_pieces(state, s, MUSLIM_LEAGUE) > nv_pieces(state, s, CONGRESS)]
    if step == "remove_unrest":
        return [s for s in spaces if state.space(s).unrest]
    return []


COLUMNS = {"release_gandhi": "move_or_release_gandhi", "remove_muslim_state": "remove_or_replace",
           "muslim_state": "place_muslim_state", "remove_unrest": "remove_or_replace"}
OPTION_VERBS = {"release_gandhi": ("roll", {}), "remove_muslim_state": ("remove_muslim_state", {}),
                "muslim_state": ("muslim_state", {}),
                "remove_unrest": ("remove_marker", {"marker": "unrest"})}


def negotiate(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, faction = ctx.state, ctx.seat
    mine = data(ctx).negotiate
    steps = option(ctx).get("steps", [])
    if getattr(mine, "troops", None):
        return None   # the Raj is moving Troops out of the new Muslim State
    if mine.space and not mine.done:
        step = (ctx.plan.memo or {}).get("negotiate_step") if ctx.plan else None
        for name in [step, *steps]:
            if name in OPTION_VERBS:
                verb_name, slots = OPTION_VERBS[name]
                found = find(actions, verb_name, **slots)
                if found is not None:
                    return found
        return None
    if mine.space:
        return None
    offered = spaces_of(actions, "in")
    for name in steps:
        targets = _negotiate_targets(state, faction, name, offered)
        if targets:
            chosen = select(ctx, COLUMNS[name], targets)
            assert ctx.plan is not None
            ctx.update(memo={**ctx.plan.memo, "negotiate_step": name})
            return find(actions, "in", space=chosen)
    return None


def negotiate_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    from engine.games.gandhi.ops.congress import negotiable  # noqa: PLC0415
    state, faction = ctx.state, ctx.state.step.seat or ctx.seat
    spaces = negotiable(state, faction)
    return any(_negotiate_targets(state, faction, step, spaces)
               for step in choice.get("steps", ()))


# --- Satyagraha (4.3.2, 8.7.2) --------------------------------------------------------------


def satyagraha(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    d = data(ctx)
    mine = d.satyagraha
    if mine.refused:
        ctx.update(sa_refused=True, sa_option=None)
        return None
    if mine.space and not mine.done:
        steps = option(ctx).get("steps", ["remove_unrest", "add_activist"])
        for step in steps:
            if step == "remove_unrest" and state.space(mine.space).unrest:
                found = find(actions, "satyagraha_remove")
            elif step == "add_activist":
                found = find(actions, "satyagraha_place")
            else:
                found = None
            if found is not None:
                return found
        return None
    if mine.space:
        return None
    offered = spaces_of(actions, "in")
    if offered:
        chosen = select(ctx, "move_or_release_gandhi", offered)
        ctx.say("rule", rule="8.7.2", text="satyagraha_move")
        return find(actions, "in", space=chosen)
    return None


def satyagraha_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    return not (ctx.plan and ctx.plan.sa_refused)


# --- Persuade (4.3.3, 4.4.3, 8.7.2, 8.7.3) --------------------------------------------------


def persuade(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state, faction = ctx.state, ctx.seat
    mine = data(ctx).persuade
    steps = option(ctx).get("steps", ["remove_adversaries"])
    if mine.space:
        if memo_step(ctx) == "activate":
            found = find(actions, "activate")
            if found is not None:
                return found
        removals = [(a, a["piece"]) for a in of_verb(actions, "remove")]
        if removals:
            return adversary.choose(ctx, faction, mine.space, removals)
        return find(actions, "activate")
    offered = spaces_of(actions, "in")
    limit = option(ctx).get("spaces", 2)
    if len(mine.spaces) >= limit:
        return None
    for step in steps:
        if step == "activate":
            targets = [s for s in offered if _activation_possible(state, s, faction)]
        else:
            targets = [s for s in offered if _removal_possible(state, s, faction)]
        if targets:
            chosen = select(ctx, "remove_or_replace", targets)
            assert ctx.plan is not None
            ctx.update(memo={**ctx.plan.memo, "persuade_step": step})
            return find(actions, "in", space=chosen)
    return None


def memo_step(ctx: Ctx) -> str | None:
    return (ctx.plan.memo or {}).get("persuade_step") if ctx.plan else None


def _activation_possible(state: GandhiState, sid: str, faction: str) -> bool:
    op = _persuade(faction)
    return bool(op.activations(state, sid)) and state.space(sid).protest   # Active own


def _removal_possible(state: GandhiState, sid: str, faction: str) -> bool:
    return bool(_persuade(faction).removable(state, sid))


def _persuade(faction: str) -> Any:
    from engine.games.gandhi.ops.framework import SPECIALS  # noqa: PLC0415
    return SPECIALS[f"{faction}:persuade"]


def persuade_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    state, faction = ctx.state, ctx.state.step.seat or ctx.seat
    spaces = _persuade(faction).spaces(state, data(ctx)) if state.step.name == "execution" \
        else []
    for step in choice.get("steps", ["remove_adversaries"]):
        if step == "activate" and any(_activation_possible(state, s, faction) for s in spaces):
            return True
        if step != "activate" and any(_removal_possible(state, s, faction) for s in spaces):
            return True
    return False


# --- Infiltrate (4.4.2, 8.7.3) --------------------------------------------------------------


def infiltrate(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    mine = data(ctx).infiltrate
    steps = option(ctx).get("steps", ["replace"])
    if mine.troops:
        return None
    if mine.space and not mine.done:
        if "muslim_state" in steps:
            found = find(actions, "muslim_state")
            if found is not None:
                return found
        options = [(a, a["piece"]) for a in of_verb(actions, "replace")]
        options += [(a, a["marker"]) for a in of_verb(actions, "replace_marker")]
        if options:
            return adversary.choose(ctx, MUSLIM_LEAGUE, mine.space, options, "replace")
        return None
    if mine.space or mine.done:
        return None
    offered = spaces_of(actions, "in")
    if "muslim_state" in steps:
        targets = [s for s in offered if _infiltrate_can(state, s, "muslim_state")]
        column = "place_muslim_state"
    else:
        targets = [s for s in offered if _infiltrate_can(state, s, "replace")]
        column = "remove_or_replace"
    if targets:
        return find(actions, "in", space=select(ctx, column, targets))
    return None


def _infiltrate_can(state: GandhiState, sid: str, step: str) -> bool:
    from engine.games.gandhi.ops.framework import SPECIALS  # noqa: PLC0415
    options = SPECIALS[f"{MUSLIM_LEAGUE}:infiltrate"].options(state, sid)  # type: ignore[attr-defined]
    verbs = {a.verb for a in options}
    if step == "muslim_state":
        return "muslim_state" in verbs
    # 8.5.3 never a Protest when there is a choice
    return bool(verbs & {"replace"}) or "replace_marker" in verbs


def infiltrate_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    state = ctx.state
    steps = choice.get("steps", ["replace"])
    if choice.get("crisis") and not in_crisis(state):
        return False
    step = "muslim_state" if "muslim_state" in steps else "replace"
    return any(state.space(s).count(ML_ACTIVISTS) and _infiltrate_can(state, s, step)
               for s in state.spaces)


for _faction in (CONGRESS, MUSLIM_LEAGUE):
    OPERATION_CHOOSERS.update({
        f"{_faction}:rally": rally, f"{_faction}:demonstrate": demonstrate,
        f"{_faction}:civil_disobedience": civil_disobedience,
        f"{_faction}:civil_disobedience:after": cd_after,
        f"{_faction}:non_cooperation": non_cooperation})
    OPERATION_FEASIBLE.update({
        f"{_faction}:rally": engine_feasible("rally"),
        f"{_faction}:demonstrate": engine_feasible("demonstrate"),
        f"{_faction}:civil_disobedience": cd_feasible,
        f"{_faction}:non_cooperation": nc_feasible})
    ACTIVITY_CHOOSERS.update({f"{_faction}:negotiate": negotiate,
                              f"{_faction}:persuade": persuade})
    ACTIVITY_FEASIBLE.update({f"{_faction}:negotiate": negotiate_feasible,
                              f"{_faction}:persuade": persuade_feasible})
ACTIVITY_CHOOSERS.update({"congress:satyagraha": satyagraha,
                          "muslim_league:infiltrate": infiltrate})
ACTIVITY_FEASIBLE.update({"congress:satyagraha": satyagraha_feasible,
                          "muslim_league:infiltrate": infiltrate_feasible})
