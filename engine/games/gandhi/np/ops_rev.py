"""8.6.6 and 8.7.4 NP Revolutionaries: Rally, March (with the Move Priorities, 8.4.2),
Attack, Unrest; Aid (only to go Underground), Infiltrate, Assassinate.  After each space
of an Operation the Activation roll (8.6.2) may end it."""

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
    activation,
    data,
    find,
    of_verb,
    option,
    spaces_of,
)
from engine.games.gandhi.np.spaces import active, cubes, guerrillas, select
from engine.games.gandhi.ops.framework import OPERATIONS, SPECIALS
from engine.games.gandhi.ops.revolutionaries import active_targets, movable
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    RAJ,
    REV_BASES,
    REVOLUTIONARIES,
)
from engine.games.gandhi.seating import is_player
from engine.games.gandhi.state import GandhiState

REV = REVOLUTIONARIES


def over(ctx: Ctx, spaces: Sequence[str]) -> bool:
    """8.6.2 a roll at or under the Activation Number ends the Operation."""
    return activation(ctx, spaces)


# --- Rally (3.4.1, 8.6.6) -------------------------------------------------------------------


def rally(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    mine = data(ctx).rally
    if mine.space:
        if ctx.plan and ctx.plan.memo.get("rally_base") == mine.space:
            splits = of_verb(actions, "base_active", "base_underground", "base_both")
            if splits:   # Active Guerrillas make the Base first
                return max(splits, key=lambda a: (a.get("active", 0), -a.get("underground", 0)))
        places = of_verb(actions, "place_guerrillas")
        if places:
            return places[0]
        return next(iter(of_verb(actions, "base_active", "base_underground", "base_both")),
                    None)
    done = over(ctx, mine.spaces)
    offered = spaces_of(actions, "in")
    if offered and not done and not mine.recalled:
        bases = [s for s in offered if guerrillas(state, s) > state.unity and _room(state, s)
                 and available(state, REV_BASES)]
        if bases:
            column = "place_bases" if len(bases) > available(state, REV_BASES) else None
            chosen = select(ctx, column, bases) if column else bases[0]
            if column is None:
                ctx.say("rule", rule="8.6.6", text="rally_bases_all", space=chosen)
            assert ctx.plan is not None
            ctx.update(memo={**ctx.plan.memo, "rally_base": chosen})
            return find(actions, "in", space=chosen)
        if available(state, GUERRILLAS):
            return find(actions, "in", space=select(ctx, "place_guerrillas", offered))
    recall = find(actions, "recall", piece=GUERRILLAS)
    if recall is not None and mine.spaces:   # ★ 1 Guerrilla from Out of Play
        ctx.say("rule", rule="8.6.6", text="rally_recall")
        return recall
    return None


def _room(state: GandhiState, sid: str) -> bool:
    from engine.games.gandhi.ops.revolutionaries import base_room  # noqa: PLC0415
    return base_room(state, sid)


# --- March (3.4.2, 8.6.6, 8.4.2) ------------------------------------------------------------


def _keep(state: GandhiState, sid: str) -> int:
    """8.4.2 Guerrillas an origin keeps: 3 where there is no Unrest, 1 where there is
    Unrest or a Revolutionaries Base, 1 on a Railway without a Strike if Raj is a player,
    and enough not to add Raj Control (moving Active Guerrillas out may give it)."""
    sp, space = state.space(sid), board(state).space(sid)
    keep = 1 if sp.unrest else 3
    if sp.count(REV_BASES):
        keep = max(keep, 1)
    if space.is_railway:
        keep = 1 if (not sp.strike and is_player(state, RAJ)) else 0
    if space.controllable and not sp.muslim_state and not raj_control(state, sid):
        others = active(state, sid) - sp.count(GUERRILLAS_ACTIVE)
        keep = max(keep, min(sp.count(GUERRILLAS_ACTIVE), cubes(state, sid) - others))
    return keep


def _free(ctx: Ctx, sid: str) -> tuple[int, int]:
    """(Active, Underground) Guerrillas that may still move out of ``sid``."""
    state = ctx.state
    n_active, n_under = movable(state, data(ctx), sid)
    spare = n_active + n_under - _keep(state, sid)
    if spare <= 0:
        return 0, 0
    under = min(n_under, spare)
    return min(n_active, spare - under), under


def march(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    mine = data(ctx).march
    origin, dest = mine.origin, mine.dest
    if dest and origin:
        n_active, n_under = _free(ctx, origin)
        moves = of_verb(actions, "move_active", "move_underground", "move_both")
        if n_under and (found := find(actions, "move_underground", underground=1)):
            return found
        if n_active and (found := find(actions, "move_active", active=1)):
            return found
        return moves[0] if moves else None
    if origin and any(_free(ctx, origin)):
        dests = [s for s in spaces_of(actions, "to") if s not in mine.origins]
        if not is_player(state, RAJ):   # 8.1.3 Important
            dests = [s for s in dests if not board(state).space(s).is_railway]
        if dests:
            chosen = select(ctx, "march", dests)
            ctx.say("move", rule="8.4.2", instruction="guerrilla", origin=origin, dest=chosen)
            return find(actions, "to", space=chosen)
    if over(ctx, mine.origins):
        return None
    if data(ctx).limited and mine.origins:
        return None
    came = set(mine.arrived)
    origins = [o for o in spaces_of(actions, "from") if o not in came and any(_free(ctx, o))]
    if origins:
        most = max(guerrillas(state, o) for o in origins)
        best = [o for o in origins if guerrillas(state, o) == most]
        chosen = best[ctx.roll("origin", len(best)) - 1] if len(best) > 1 else best[0]
        ctx.say("move", rule="8.4.2", instruction="origin", origin=chosen, dest=None)
        return find(actions, "from", space=chosen)
    return None


# --- Attack (3.4.3, 8.6.6) -------------------------------------------------------------------


def attack(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    mine = data(ctx).attack
    removals = [(a, a["piece"]) for a in of_verb(actions, "remove")]
    if mine.space and removals:
        return adversary.choose(ctx, REV, mine.space, removals)
    if mine.space:
        return find(actions, "stop")
    if over(ctx, mine.spaces):
        return None
    spaces = [s for s in spaces_of(actions, "in") if active_targets(state, s)]
    if spaces:
        return find(actions, "in", space=select(ctx, "attack_or_underground", spaces))
    return None


def attack_feasible(ctx: Ctx, box: dict[str, Any]) -> bool:
    state = ctx.state
    return any(guerrillas(state, s) and active_targets(state, s)
               for s in board(state).non_railway)


# --- Unrest (3.4.4, 8.6.6) ------------------------------------------------------------------


def unrest(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    mine = data(ctx).unrest
    if over(ctx, mine.spaces):
        return None
    spaces = spaces_of(actions, "in")
    if in_crisis(state):   # ✓ Crisis: spaces with Congress and League Activists
        both = [s for s in spaces if state.space(s).count(CONGRESS_ACTIVISTS)
                and state.space(s).count(ML_ACTIVISTS)]
        spaces = both or spaces
    if spaces:
        chosen = select(ctx, "place_unrest", spaces, placing=True)
        if chosen is not None:
            return find(actions, "in", space=chosen)
    return None


# --- Aid (4.5.1, 8.7.4) ---------------------------------------------------------------------


def aid(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    mine = data(ctx).aid
    if mine.space:
        return find(actions, "flip_underground")
    if len(mine.spaces) >= option(ctx).get("spaces", 2):
        return None
    spaces = [s for s in spaces_of(actions, "in") if state.space(s).count(GUERRILLAS_ACTIVE)]
    if spaces:
        return find(actions, "in", space=select(ctx, "attack_or_underground", spaces))
    return None


def aid_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    return any(sp.count(GUERRILLAS_ACTIVE) for sp in ctx.state.spaces.values())


# --- Infiltrate (4.5.2, 8.7.4) --------------------------------------------------------------


def infiltrate(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    state = ctx.state
    mine = data(ctx).infiltrate
    steps = option(ctx).get("steps", ["replace"])
    if mine.space:
        if "base" in steps:
            found = find(actions, "place_base")
            if found is not None:
                return found
        options = [(a, a["piece"]) for a in of_verb(actions, "replace")]
        options += [(a, a["marker"]) for a in of_verb(actions, "replace_marker")]
        return adversary.choose(ctx, REV, mine.space, options, "replace") if options else None
    if mine.done:
        return None
    offered = spaces_of(actions, "in")
    if "base" in steps:
        targets = [s for s in offered if _sa().base_allowed(state, s)]
        column = "place_bases"
    else:
        targets = [s for s in offered
                   if any(a.verb in ("replace", "replace_marker") for a in _sa().options(state, s))]
        column = "remove_or_replace"
    if targets:
        return find(actions, "in", space=select(ctx, column, targets))
    return None


def _sa() -> Any:
    return SPECIALS[f"{REV}:infiltrate"]


def infiltrate_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    state = ctx.state
    steps = choice.get("steps", ["replace"])
    if choice.get("crisis") and not in_crisis(state):
        return False
    spaces = [s for s in state.spaces if state.space(s).count(GUERRILLAS_UNDERGROUND)]
    if "base" in steps:
        return any(_sa().base_allowed(state, s) for s in spaces)
    return any(a.verb in ("replace", "replace_marker") for s in spaces
               for a in _sa().options(state, s))


# --- Assassinate (4.5.3, 8.7.4) --------------------------------------------------------------


def assassinate(ctx: Ctx, actions: Sequence[Action]) -> Action | None:
    mine = data(ctx).assassinate
    if mine.space:
        removals = [(a, a["piece"]) for a in of_verb(actions, "remove")]
        return adversary.choose(ctx, REV, mine.space, removals) if removals else None
    if mine.done:
        return None
    spaces = spaces_of(actions, "in")
    if spaces:
        return find(actions, "in", space=select(ctx, "remove_or_replace", spaces))
    return None


def assassinate_feasible(ctx: Ctx, choice: dict[str, Any]) -> bool:
    d = data(ctx)
    return d.op == "unrest" and bool(
        [s for s in d.unrest.spaces if active_targets(ctx.state, s)])


def engine_feasible(name: str) -> Any:
    def feasible(ctx: Ctx, box: dict[str, Any]) -> bool:
        return OPERATIONS[f"{REV}:{name}"].can_start(ctx.state, False)
    return feasible


OPERATION_CHOOSERS.update({"revolutionaries:rally": rally, "revolutionaries:march": march,
                           "revolutionaries:attack": attack,
                           "revolutionaries:unrest": unrest})
OPERATION_FEASIBLE.update({"revolutionaries:rally": engine_feasible("rally"),
                           "revolutionaries:march": engine_feasible("march"),
                           "revolutionaries:attack": attack_feasible,
                           "revolutionaries:unrest": engine_feasible("unrest")})
ACTIVITY_CHOOSERS.update({"revolutionaries:aid": aid, "revolutionaries:infiltrate": infiltrate,
                          "revolutionaries:assassinate": assassinate})
ACTIVITY_FEASIBLE.update({"revolutionaries:aid": aid_feasible,
                          "revolutionaries:infiltrate": infiltrate_feasible,
                          "revolutionaries:assassinate": assassinate_feasible})
