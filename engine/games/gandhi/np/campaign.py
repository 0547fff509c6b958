"""8.9 NP Campaign Rounds (and the other steps outside a card turn where a non-player
decides): Strikes (8.9.1), Imperialism, Jail and Gandhi releases, Constructive Programme,
Pakistan Movement and Secret Societies (8.9.2), Redeploy (8.9.3), the Reset Protest of NP
Congress (8.9.4), the Crisis placement and Troops leaving a Muslim State (8.1.4), the
Protests after Gandhi's arrest, and the Main setup's Gandhi (8.1.2)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.actions import Action
from engine.games.gandhi.derived import board, is_state, raj_control
from engine.games.gandhi.np.context import Ctx, Plan, turn_token
from engine.games.gandhi.np.execute import find, of_verb, spaces_of
from engine.games.gandhi.np.spaces import active, cubes, pop, random_pick, select
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    RAJ,
    REV_BASES,
    REVOLUTIONARIES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState

Chooser = Callable[[Ctx, Sequence[Action]], Action]


def campaign_plan(ctx: Ctx) -> Plan:
    """A plan for the steps of a Campaign Round (it lives until the Round ends)."""
    plan = ctx.plan
    if plan is None or plan.kind != "campaign":
        plan = Plan(faction=ctx.seat, turn=turn_token(ctx.state), kind="campaign")
        ctx.set_plan(plan)
    return plan


def strikes(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.9.1 NP Congress Strikes every eligible Railway; short of markers, the highest
    Econ first."""
    b = board(ctx.state)
    rails = spaces_of(actions, "strike")
    best = max(b.space(r).econ for r in rails)
    top = [r for r in rails if b.space(r).econ == best]
    chosen = top[0] if len(top) == 1 else random_pick(ctx, top).space
    ctx.say("rule", rule="8.9.1", text="strike_econ", space=chosen)
    found = find(actions, "strike", space=chosen)
    assert found is not None
    return found


def imperialism(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.9.2 NP Raj: up to four spaces by Shift to Support; in all, Unrest removed and
    levels shifted up to twice a die roll; in each, Unrest first, then two levels."""
    plan = campaign_plan(ctx)
    if plan.budget is None:
        roll = ctx.roll("imperialism")
        plan = ctx.update(budget=2 * roll, used=0)
        ctx.say("die", roll=roll, what="twice for imperialism")
    left = (plan.budget or 0) - plan.used
    buys = of_verb(actions, "imperialism")
    if left <= 0 or not buys:
        ctx.say("rule", rule="8.9.2", text="imperialism_done")
        return _done(actions)
    chosen = select(ctx, "shift_to_support", [a["space"] for a in buys])
    here = [a for a in buys if a["space"] == chosen]
    action = max((a for a in here if a["levels"] <= left), key=lambda a: a["levels"],
                 default=here[0])
    ctx.update(used=plan.used + action["levels"])
    return action


def jail_release(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.9.2 Two Activists per space: one of each NV Faction if possible."""
    splits = of_verb(actions, "release_activists")
    ctx.say("rule", rule="8.9.2", text="release_mix")
    return min(splits, key=lambda a: abs(a["congress"] - a["league"]))


def gandhi_release(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.9.2 Gandhi to a random space with no Raj Control (8.1.2)."""
    spaces = spaces_of(actions, "release_gandhi")
    pick = random_pick(ctx, spaces)
    ctx.say("random", rule="8.9.2", space=pick.space, dice=list(pick.dice))
    found = find(actions, "release_gandhi", space=pick.space)
    assert found is not None
    return found


def constructive(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.9.2 Constructive Programme in as many spaces as possible (Shift to Opposition),
    two levels each where it can."""
    programmes = of_verb(actions, "programme")
    if not programmes:
        return _done(actions)
    chosen = select(ctx, "shift_to_opposition", [a["space"] for a in programmes])
    return max((a for a in programmes if a["space"] == chosen), key=lambda a: a["levels"])


def base(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.9.2 NP League and NP Revolutionaries place a Base (Place Bases column)."""
    spaces = spaces_of(actions, "base_in")
    if not spaces:
        found = find(actions, "skip")
        assert found is not None
        return found
    found = find(actions, "base_in", space=select(ctx, "place_bases", spaces))
    assert found is not None
    return found


def crisis_placement(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.1.4 NP Raj places Troops first, by the Place Cubes column."""
    for kind in (TROOPS, SEPOYS):
        spaces = [a["space"] for a in of_verb(actions, "place_piece") if a["piece"] == kind]
        if spaces:
            chosen = select(ctx, "place_cubes", spaces, faction=RAJ, placing=True)
            if chosen is not None:
                found = find(actions, "place_piece", piece=kind, space=chosen)
                assert found is not None
                return found
    return _done(actions)


def place_protests(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """Protests placed by NP Congress (after Gandhi's arrest; 8.9.4 at the Reset): the
    Place Protests column."""
    spaces = spaces_of(actions, "protest")
    chosen = select(ctx, "place_protests", spaces, faction=CONGRESS, placing=True)
    if chosen is None:
        return _done(actions)
    found = find(actions, "protest", space=chosen)
    assert found is not None
    return found


def congress_setup(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """Main/Quick Start setup: NP Congress places Gandhi, an Activist and a Protest in a
    random 2-Pop space (8.1.2)."""
    spaces = [s for s in spaces_of(actions, "place_in") if pop(ctx.state, s) == 2]
    pick = random_pick(ctx, spaces or spaces_of(actions, "place_in"))
    ctx.say("random", rule="8.1.2", space=pick.space, dice=list(pick.dice))
    found = find(actions, "place_in", space=pick.space)
    assert found is not None
    return found


def _done(actions: Sequence[Action]) -> Action:
    for name in ("done", "skip"):
        found = find(actions, name)
        if found is not None:
            return found
    return actions[0]


# --- Redeploy (8.9.3) -------------------------------------------------------------------------

KINDS = {RAJ: (TROOPS, SEPOYS), CONGRESS: (CONGRESS_ACTIVISTS, GANDHI),
         MUSLIM_LEAGUE: (ML_ACTIVISTS,),
         REVOLUTIONARIES: (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE)}
Target = tuple[str, tuple[str, ...], int, str]   # destination, kinds, how many there, why


def redeploy(ctx: Ctx, actions: Sequence[Action]) -> Action:
    """8.9.3 One piece at a time: the first instruction not yet met for which a piece may
    move (from where the procedure says), remembered between the two halves of a move."""
    plan = campaign_plan(ctx)
    memo = dict(plan.memo)
    dests = spaces_of(actions, "to")
    if dests:   # the second half: where the chosen piece goes
        wanted = memo.get("redeploy_to")
        chosen = wanted if wanted in dests else dests[0]
        arrived = dict(memo.get("arrived", {}))
        kind = memo.get("redeploy_kind", "")
        arrived[chosen] = {**arrived.get(chosen, {}),
                           kind: arrived.get(chosen, {}).get(kind, 0) + 1}
        ctx.update(memo={**memo, "arrived": arrived})
        found = find(actions, "to", space=chosen)
        assert found is not None
        return found
    move = next_move(ctx, actions, memo.get("arrived", {}))
    if move is None:
        ctx.say("rule", rule="8.9.3", text="redeploy_done")
        return _done(actions)
    kind, origin, dest, why = move
    ctx.update(memo={**memo, "redeploy_to": dest, "redeploy_kind": kind})
    ctx.say("redeploy", instruction=why, origin=origin, dest=dest, piece=kind)
    found = find(actions, "move_piece", piece=kind, space=origin)
    assert found is not None
    return found


def next_move(ctx: Ctx, actions: Sequence[Action], arrived: dict[str, dict[str, int]]
              ) -> tuple[str, str, str, str] | None:
    state, faction = ctx.state, ctx.seat
    pieces = list(dict.fromkeys((a["piece"], a["space"]) for a in of_verb(actions, "move_piece")))
    if not pieces:
        return None
    legal = _legal_destinations(state, faction)
    forced = any(board(state).space(o).is_railway for _, o in pieces) and faction != RAJ
    for dest, kinds, wanted, why in TARGETS[faction](state):
        have = sum(state.space(dest).count(k) for k in kinds)
        if have >= wanted:
            continue
        for kind in kinds:
            if dest not in legal.get(kind, ()):
                continue
            origin = _source(ctx, faction, kind, dest, pieces, arrived, forced, why)
            if origin is not None:
                return kind, origin, dest, why
    if forced:   # 6.4.3-6.4.5 pieces must leave the Railways: to a legal space
        for kind, origin in sorted(pieces):
            if board(state).space(origin).is_railway:
                dests = [d for d in legal.get(kind, ()) if d != origin]
                if dests:
                    return kind, origin, dests[0], "leave_railway"
    return None


def _legal_destinations(state: GandhiState, faction: str) -> dict[str, list[str]]:
    from engine.games.gandhi.steps.redeploy import destination  # noqa: PLC0415
    return {k: [t for t in board(state).spaces if destination(state, faction, k, t)]
            for k in KINDS[faction]}


def _source(ctx: Ctx, faction: str, kind: str, dest: str, pieces: list[tuple[str, str]],
            arrived: dict[str, dict[str, int]], forced: bool, why: str = "") -> str | None:
    """Where the next piece of ``kind`` comes from: a piece not moved yet this Round, from
    the spaces the procedure names first, never below what the space keeps."""
    state = ctx.state
    b = board(state)
    origins = []
    for k, origin in pieces:
        if k != kind or origin == dest:
            continue
        unmoved = state.space(origin).count(kind) - arrived.get(origin, {}).get(kind, 0)
        if unmoved <= 0 or state.space(origin).count(kind) <= _keeps(state, faction, kind,
                                                                      origin):
            continue
        origins.append(origin)
    if why == "spread" and faction == RAJ:   # 5: the cubes left in uncontrolled Provinces
        origins = [o for o in origins if b.space(o).kind == "province"
                   and not raj_control(state, o)]
    if not origins:
        return None
    if forced:
        rails = [o for o in origins if b.space(o).is_railway]
        origins = rails or origins
    if faction == RAJ:   # Provinces with no Raj Control first, then the most Sepoys
        def key(o: str) -> tuple[int, int, int]:
            uncontrolled = b.space(o).kind == "province" and not raj_control(state, o)
            return (0 if uncontrolled else 1, -state.space(o).count(SEPOYS), 0)
    else:
        def key(o: str) -> tuple[int, int, int]:
            mine = sum(state.space(o).count(k) for k in KINDS[faction])
            return (0 if b.space(o).is_railway else 1, -mine, 0)
    best_key = min(key(o) for o in origins)
    best = [o for o in origins if key(o) == best_key]
    return best[ctx.roll("redeploy origin", len(best)) - 1] if len(best) > 1 else best[0]


def _keeps(state: GandhiState, faction: str, kind: str, sid: str) -> int:
    """What an origin keeps of ``kind`` (8.9.3): the Raj loses no Control and keeps a Troop
    and a Sepoy in each City; NV Factions keep Activists equal to the Population (Congress:
    where not at Active Opposition; the League: in Muslim spaces); the Revolutionaries one
    Guerrilla where there is Unrest or their Base."""
    sp, space = state.space(sid), board(state).space(sid)
    if space.is_railway and faction != RAJ:
        return 0
    if faction == RAJ:
        if space.kind == "province" and not raj_control(state, sid) and not sp.muslim_state:
            return 0
        keep = 1 if space.kind == "city" else 0
        if raj_control(state, sid):
            keep = max(keep, sp.count(kind) - (cubes(state, sid) - active(state, sid) - 1))
        return keep
    if faction == CONGRESS:
        if kind == GANDHI:
            return 0
        return space.pop if sp.support > -2 else 0
    if faction == MUSLIM_LEAGUE:
        return space.pop if space.muslim else 0
    if sp.unrest or sp.count(REV_BASES):
        return 1 if kind == GUERRILLAS_UNDERGROUND or not sp.count(GUERRILLAS_UNDERGROUND) \
            else 0
    return 0


def _raj_targets(state: GandhiState) -> list[Target]:
    b = board(state)
    out: list[Target] = []
    for sid in b.provinces:   # 1 a Sepoy for each Troop in a Province
        t = state.space(sid).count(TROOPS)
        if t and raj_control(state, sid):
            out.append((sid, (SEPOYS,), t, "sepoy_per_troop"))
    out += [(c, (TROOPS,), 1, "troop_per_city") for c in b.cities]          # 2
    out += [(c, (SEPOYS,), 1, "sepoy_per_city") for c in b.cities]          # 3
    out += [(c, (SEPOYS,), active(state, c) + 1 - state.space(c).count(TROOPS),
             "control_cities") for c in b.cities if not raj_control(state, c)]
    states = [s for s in b.non_railway if is_state(state, s) and state.space(s).support <= 0]
    out += [(s, (SEPOYS,), 1, "sepoy_to_states") for s in states[:3]]      # 4
    controlled = sorted((s for s in b.non_railway if raj_control(state, s)),
                        key=lambda s: -b.space(s).pop)
    spare = sum(cubes(state, s) for s in b.provinces if not raj_control(state, s))
    if controlled and spare:                                                # 5
        each = 1 + spare // len(controlled)
        out += [(s, (TROOPS, SEPOYS), cubes(state, s) + each, "spread") for s in controlled]
    return out


def _congress_targets(state: GandhiState) -> list[Target]:
    b = board(state)
    spaces = [s for s in b.non_railway if not raj_control(state, s)]
    out: list[Target] = []
    support = sorted(spaces, key=lambda s: (-state.space(s).support, -b.space(s).pop))
    if support:
        out.append((support[0], (GANDHI,), 1, "gandhi_most_support"))      # 1
    two = sorted((s for s in spaces if b.space(s).pop == 2),
                 key=lambda s: b.space(s).muslim)
    out += [(s, (CONGRESS_ACTIVISTS,), 2, "two_per_two_pop") for s in two]  # 2
    one = sorted((s for s in spaces if b.space(s).pop == 1),
                 key=lambda s: -state.space(s).support)
    out += [(s, (CONGRESS_ACTIVISTS,), 1, "one_per_one_pop") for s in one]  # 3
    out += _spread(state, two, (CONGRESS_ACTIVISTS,))                       # 4
    return out


def _league_targets(state: GandhiState) -> list[Target]:
    b = board(state)
    spaces = [s for s in b.non_railway if b.space(s).muslim
              and (not raj_control(state, s) or state.space(s).count(ML_BASES))]
    two = sorted((s for s in spaces if b.space(s).pop == 2),
                 key=lambda s: -state.space(s).support)
    out: list[Target] = []
    for s in two:                                                           # 1
        sp = state.space(s)
        congress = sp.count(CONGRESS_ACTIVISTS) + sp.count(GANDHI)
        out.append((s, (ML_ACTIVISTS,), congress + 1 - sp.count(ML_BASES), "exceed_congress"))
    out += [(s, (ML_ACTIVISTS,), 2, "two_per_two_pop") for s in two]        # 2
    one = sorted((s for s in spaces if b.space(s).pop == 1),
                 key=lambda s: -state.space(s).support)
    out += [(s, (ML_ACTIVISTS,), 1, "one_per_one_pop") for s in one]        # 3
    out += _spread(state, two, (ML_ACTIVISTS,))                             # 4
    return out


def _rev_targets(state: GandhiState) -> list[Target]:
    b = board(state)
    kinds = (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE)
    out: list[Target] = [(s, kinds, 1, "unrest_no_control") for s in b.non_railway
                         if state.space(s).unrest and not raj_control(state, s)]
    out += [(s, kinds, 1, "base") for s in b.spaces if state.space(s).count(REV_BASES)]
    two = sorted((s for s in b.non_railway if b.space(s).pop == 2
                  and not state.space(s).unrest and not raj_control(state, s)),
                 key=lambda s: -state.space(s).support)
    out += [(s, kinds, 3, "three_to_two_pop") for s in two]
    return out


def _spread(state: GandhiState, spaces: list[str], kinds: tuple[str, ...]) -> list[Target]:
    """"Distribute the rest evenly": one more in each, round after round."""
    out: list[Target] = []
    for extra in range(3, 8):
        out += [(s, kinds, extra, "spread") for s in spaces]
    return out


TARGETS: dict[str, Callable[[GandhiState], list[Target]]] = {
    RAJ: _raj_targets, CONGRESS: _congress_targets, MUSLIM_LEAGUE: _league_targets,
    REVOLUTIONARIES: _rev_targets}

CHOOSERS: dict[str, Chooser] = {
    "strikes": strikes, "imperialism": imperialism, "jail_release": jail_release,
    "gandhi_release": gandhi_release, "constructive": constructive, "pakistan": base,
    "secret_societies": base, "redeploy": redeploy, "crisis_placement": crisis_placement,
    "gandhi_protests": place_protests, "np_protest": place_protests,
    "congress_setup": congress_setup,
}
