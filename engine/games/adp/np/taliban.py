"""8.7 The Non-player Taliban: which Operation (Rally, else March, else Attack or Terror by
Support + Coalition Available, else Pass), each choice of the Operation (8.7.2-8.7.5) and
of its Special Activity (Extort, Infiltrate, Ambush), the Shariah ending its Rally and the
Propaganda Round's (8.7.7), and Redeploy (8.7.8), always among the choices the rules offer
now.

Every chooser reads the state and the execution step's data only, so a decision is the
same when it is taken again from the log (its dice come from ``Dice``).  8.7.1 Momentum
and 8.7.6 Islamabad cannot apply yet (docs/rules-choices.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.actions import Action
from engine.games.adp.derived import available, bases, board, control, pop, totals
from engine.games.adp.derived import terror_sabotage_left as markers_left
from engine.games.adp.mapdata import MAX_BASES
from engine.games.adp.np.common import (
    action_for,
    go_on,
    is_province,
    spaces_of,
    special_activity,
    tiers,
)
from engine.games.adp.np.dice import Dice, random_loc, random_space
from engine.games.adp.ops import insurgent_ops as ins
from engine.games.adp.ops.framework import fresh
from engine.games.adp.ops.taliban import (
    Extort,
    TalibanAttack,
    TalibanExecution,
    TalibanRally,
    TalibanTerror,
)
from engine.games.adp.propaganda import shariah_spaces
from engine.games.adp.spec import (
    COALITION_BASES,
    COALITION_TROOPS,
    GOVERNMENT_BASES,
    GOVERNMENT_TROOPS,
    POLICE,
    SPEC,
    TALIBAN_ACTIVE,
    TALIBAN_BASES,
    TALIBAN_UNDERGROUND,
    WARLORDS_ACTIVE,
    WARLORDS_BASES,
    WARLORDS_UNDERGROUND,
)
from engine.games.adp.state import AdpState

TALIBAN = "taliban"
RALLY_TRIGGER = 15         # 8.7.2 "al menos 15 fichas disponibles o ... 15 Guerrillas Activas"
FLIP_SPACES = 3            # 8.7.2 "en hasta 3"
BUILD_GUERRILLAS = 3       # 8.7.2 "al menos 3 Guerrillas Talibanes y sitio"
EXTORT_ECON = 3            # 8.7.2 "LdC Sin Sabotear de Econ 3 y 4"
MARCH_THREAT = 4           # 8.7.3 "al menos 4 Guerrillas Talibanes en total"
LOC_GUERRILLAS = 2         # 8.7.3 "como mucho 2 Guerrillas Talibanes por casilla"
MARCH_PROVINCES = 2        # 8.7.3 "2 Provincias", then "otras 2"
SUPPORT_LIMIT = 20         # 8.7.4 / 8.7.5 Support + Coalition Available: <= 20 or > 20
AMBUSHES = 3               # 8.7.4 "en 3 casillas"
ATTACK_ACTIVE = 4          # 8.7.4 "al menos 4 Guerrillas Talibanes ya Activas"
OPPOSITION = -1            # 1.6 Support +1, Neutral 0, Opposition -1: the last level
TAL_KINDS = (TALIBAN_UNDERGROUND, TALIBAN_ACTIVE)
# 8.7.4 removals in each space: the Coalition, then the Government, then the Warlords;
# 8.1.2 #2 Bases first, Police before Troops, Underground before Active
COALITION_FIRST = (COALITION_BASES, COALITION_TROOPS, GOVERNMENT_BASES, POLICE,
                   GOVERNMENT_TROOPS, WARLORDS_BASES, WARLORDS_UNDERGROUND, WARLORDS_ACTIVE)
# 8.7.2 Infiltrate targets the Government first
GOVERNMENT_FIRST = (GOVERNMENT_BASES, POLICE, GOVERNMENT_TROOPS, WARLORDS_BASES,
                    WARLORDS_UNDERGROUND, WARLORDS_ACTIVE)
Pick = tuple[Action, str]


# --- helpers ----------------------------------------------------------------------------







def pick(dice: Dice, candidates: Sequence[str], locs_last: bool = True) -> str:
    """8.2 a random space among equals; 8.3 among LoCs only (LoCs last unless told)."""
    spaces = sorted(c for c in candidates if not ins.is_loc(c))
    locs = sorted(c for c in candidates if ins.is_loc(c))
    first, then = (spaces, locs) if locs_last else (locs, spaces)
    group = first or then
    return random_space(dice, group) if group and not ins.is_loc(group[0]) \
        else random_loc(dice, group)




def tal(state: AdpState, sid: str) -> int:
    return ins.guerrillas(state, sid, TALIBAN)


def owner_count(state: AdpState, sid: str, faction: str) -> int:
    return sum(n for k, n in state.space(sid).pieces.items() if SPEC.owner(k) == faction)


def coalition_pieces(state: AdpState, sid: str) -> int:
    return owner_count(state, sid, "coalition")


def control_of(pieces: dict[str, int]) -> str | None:
    total = sum(pieces.values())
    coin = sum(n for k, n in pieces.items() if SPEC.owner(k) in ("coalition", "government"))
    if coin > total - coin:
        return "coin"
    taliban = sum(n for k, n in pieces.items() if SPEC.owner(k) == TALIBAN)
    return TALIBAN if taliban > total - taliban else None


def needed_for_control(state: AdpState, sid: str) -> int:
    """1.7 How many more Taliban pieces would give the Taliban Control of ``sid``."""
    ours = owner_count(state, sid, TALIBAN)
    others = sum(state.space(sid).pieces.values()) - ours
    return max(0, others + 1 - ours)


def support_plus_available(state: AdpState) -> int:
    """8.7.4/8.7.5 Total Support plus the Coalition's Available pieces (its victory
    marker, 7.2)."""
    return totals(state)["coalition"]


# --- 8.7 which Operation ----------------------------------------------------------------

def rally_trigger(state: AdpState) -> bool:
    """8.7.2 15+ Taliban pieces Available, or 15+ Active Taliban Guerrillas."""
    left = available(state)
    pieces = left[ins.BOX_OF[TALIBAN]] + left[ins.BASE_OF[TALIBAN]]
    active = sum(sp.count(TALIBAN_ACTIVE) for sp in state.spaces.values())
    return pieces >= RALLY_TRIGGER or active >= RALLY_TRIGGER


def march_trigger(state: AdpState) -> bool:
    """8.7.3 No space with Support and no LoC has an Underground Taliban Guerrilla or 4+
    Taliban Guerrillas (docs/rules-choices.md)."""
    b = board()
    watched = [*(s for s in b.spaces if state.space(s).support > 0), *b.locs]
    return not any(state.space(s).count(TALIBAN_UNDERGROUND) or tal(state, s) >= MARCH_THREAT
                   for s in watched)


def choose_op(state: AdpState, actions: Sequence[Action]) -> Pick:
    """8.7 Rally, else March, else Attack (Support + Coalition Available <= 20) or Terror
    (> 20, else Attack), else Pass.  8.1: no Event is chosen (docs/rules-choices.md), so
    8.7.6 never applies; a Limited Operation offered is taken as the Operation."""
    offered = {a.text: a for a in actions}

    def op(name: str) -> Action | None:
        return offered.get(name) or offered.get(f"limited {name}")

    passing = offered.get("pass")
    rally, march, attack, terror = op("rally"), op("march"), op("attack"), op("terror")
    data = fresh(TalibanExecution)

    def attack_step(why: str) -> Pick:
        if attack and attack_possible(state):
            return attack, f"{why}: Attack (8.7.4)"
        if passing is not None:
            return passing, f"{why}: no Attack possible, Pass"
        others = [a for a in actions if a.verb != "event"]   # 8.1 never the Event
        return (others or list(actions))[0], "only choice"

    def march_step(why: str) -> Pick:
        if march and march_plan(state, data, None) is not None:
            return march, f"{why}: March (8.7.3)"
        return attack_step(f"{why}, no March possible")

    if rally_trigger(state):
        if rally and rally_candidates(state, data, TalibanRally().spaces(state, [])):
            return rally, "8.7.2 Rally: 15+ pieces Available or 15+ Active Guerrillas"
        return march_step("8.7.2 no Rally possible")
    if march_trigger(state):
        return march_step("8.7.3 no Taliban threat in Support spaces or on LoCs")
    if support_plus_available(state) <= SUPPORT_LIMIT:
        return attack_step("8.7.4 Support + Coalition Available <= 20")
    if terror and terror_targets(state, TalibanTerror().spaces(state, [])):
        return terror, "8.7.5 Terror: Support + Coalition Available > 20"
    return attack_step("8.7.5 no Terror possible")


# --- 8.7.2 Rally ------------------------------------------------------------------------

def flip_here(state: AdpState, sid: str) -> bool:
    """8.7.2 All its Guerrillas Active and a Taliban Base (cubes or not)."""
    sp = state.space(sid)
    return (sp.count(TALIBAN_BASES) > 0 and sp.count(TALIBAN_ACTIVE) > 0
            and sp.count(TALIBAN_UNDERGROUND) == 0)


def build_here(state: AdpState, sid: str) -> bool:
    """8.7.2 3+ Taliban Guerrillas and room for a Base (one Available)."""
    return (tal(state, sid) >= BUILD_GUERRILLAS and bases(state.space(sid)) < MAX_BASES
            and available(state)[TALIBAN_BASES] > 0)


def placed_elsewhere(state: AdpState, data: TalibanExecution) -> tuple[bool, bool]:
    """Whether this Rally already placed in the 1 space adding Taliban Control and in the
    1 space of 1-2 Guerrillas (8.7.2): the chosen spaces without a Taliban Base other than
    Kabul are those two; the one adding Control has Taliban Control now, and a space of
    1-2 Guerrillas chosen when no placement could add Control did not gain it."""
    extra = [s for s in data.rally.spaces if s != "kabul"
             and not state.space(s).count(TALIBAN_BASES)]
    ctl = control(state)
    did_control = any(ctl.get(s) == TALIBAN for s in extra)
    return did_control, len(extra) - int(did_control) >= 1


def rally_candidates(state: AdpState, data: TalibanExecution, offered: Sequence[str]
                     ) -> list[str]:
    """8.7.2 The spaces of the first priority still to Rally in; none: the Rally is over."""
    chosen = data.rally.spaces
    spaces = [s for s in offered if s not in chosen]
    ctl = control(state)
    left = available(state)[ins.BOX_OF[TALIBAN]]
    did_control, did_few = placed_elsewhere(state, data)

    def no_base(s: str) -> bool:
        return s != "kabul" and not state.space(s).count(TALIBAN_BASES)

    tests: list[Callable[[str], bool]] = []
    if len(chosen) < FLIP_SPACES:
        tests.append(lambda s: flip_here(state, s))
    tests.append(lambda s: build_here(state, s))
    if left:
        tests.append(lambda s: s == "kabul" and not state.space(s).count(TALIBAN_UNDERGROUND))
        if not did_control:
            tests.append(lambda s: no_base(s) and ctl[s] != TALIBAN
                         and needed_for_control(state, s) == 1)
        if not did_few:
            tests.append(lambda s: no_base(s) and 1 <= tal(state, s) <= 2)
        tests.append(lambda s: bool(state.space(s).count(TALIBAN_BASES)))
    return tiers(spaces, tests)


def rally_option(state: AdpState, data: TalibanExecution, sid: str,
                 actions: Sequence[Action]) -> Action:
    """8.7.2 flip Underground, or replace 2 Guerrillas with a Base, or place as many
    Guerrillas as may be."""
    under, base = action_for(actions, "underground"), action_for(actions, "base")
    if under and len(data.rally.spaces) < FLIP_SPACES and flip_here(state, sid):
        return under
    if base and build_here(state, sid):
        return base
    places = [a for a in actions if a.verb == "place_guerrillas"]
    if places:
        return max(places, key=lambda a: a["count"])
    return under or base or actions[0]


def rally_shariah(state: AdpState, data: TalibanExecution, dice: Dice,
                  actions: Sequence[Action]) -> Action | None:
    """8.7.2 "Finalmente, compra Sharía (8.7.7) para conseguir la mayor modificación
    posible de 1 de las casillas de Reagrupamiento": the space 8.7.7 ranks first, then
    there only, while a shift may still follow."""
    offered = spaces_of(actions, "shariah")
    if data.rally.shariah:
        offered = [s for s in offered if s in data.rally.shariah]
    sid = shariah_pick(state, dice, offered)
    return action_for(actions, "shariah", space=sid) if sid else None


def rally(state: AdpState, data: TalibanExecution, dice: Dice,
          actions: Sequence[Action]) -> Action | None:
    if data.rally.space:
        return rally_option(state, data, data.rally.space, actions)
    found = rally_candidates(state, data, spaces_of(actions))
    if found:
        return action_for(actions, "in", space=pick(dice, found))
    return rally_shariah(state, data, dice, actions)


# --- 8.7.3 March ------------------------------------------------------------------------

def first_origins(state: AdpState, data: TalibanExecution) -> list[str]:
    """8.7.3 Taliban-Controlled spaces with 2+ Taliban Guerrillas (not destinations)."""
    ctl = control(state)
    return [s for s in board().spaces if ctl[s] == TALIBAN and tal(state, s) >= 2
            and s not in data.march.dests]


def spare(state: AdpState, data: TalibanExecution, origin: str) -> dict[str, int]:
    """How many of each kind may leave ``origin``: 1 Guerrilla stays, Underground if
    possible (8.7.3); Control there does not change (8.1.2 #9); those that arrived on a
    non-Pashtun space move no more (3.3.2)."""
    sp, came = state.space(origin), data.march.arrived.get(origin, {})
    movable = {k: max(0, sp.count(k) - came.get(k, 0)) for k in TAL_KINDS}
    kept = TALIBAN_UNDERGROUND if sp.count(TALIBAN_UNDERGROUND) else TALIBAN_ACTIVE
    movable[kept] = max(0, min(movable[kept], sp.count(kept) - 1))
    if origin in board().spaces:
        before = control_of(dict(sp.pieces))
        while sum(movable.values()):
            pieces = dict(sp.pieces)
            for k, n in movable.items():
                pieces[k] = pieces.get(k, 0) - n
            if control_of(pieces) == before:
                break
            kind = TALIBAN_UNDERGROUND if movable[TALIBAN_UNDERGROUND] else TALIBAN_ACTIVE
            movable[kind] -= 1
    return movable


def spare_total(state: AdpState, data: TalibanExecution, origin: str) -> int:
    return sum(spare(state, data, origin).values())


def loc_need(state: AdpState, sid: str) -> int:
    """8.7.3 Guerrillas to send until the Taliban outnumber the others by 1, at most 2
    Taliban Guerrillas there."""
    return min(needed_for_control(state, sid), max(0, LOC_GUERRILLAS - tal(state, sid)))


def open_province(state: AdpState, data: TalibanExecution, sid: str) -> bool:
    """8.7.3 A Province with neither Opposition nor Taliban Control."""
    return (is_province(sid) and state.space(sid).support >= 0
            and control(state)[sid] != TALIBAN and sid not in data.march.closed)


def provinces_entered(data: TalibanExecution) -> int:
    """The Provinces this March entered and did not march on from."""
    m = data.march
    return len([d for d in m.dests if is_province(d) and d not in m.closed])


def routes(state: AdpState, data: TalibanExecution, origins: Sequence[str]
           ) -> dict[str, tuple[int, str, str]]:
    """8.7.3 The open Provinces reachable through Pashtun spaces: target -> (distance,
    origin, first step), nearest to the origins first (breadth first, sorted)."""
    adj, m = board().adjacency, data.march
    found: dict[str, tuple[int, str, str]] = {}
    frontier = [(o, o, "") for o in sorted(origins)]
    seen = set(origins)
    dist = 0
    while frontier:
        dist += 1
        nxt: list[tuple[str, str, str]] = []
        for here, origin, first in frontier:
            for d in sorted(adj[here]):
                if d in seen or ins.is_loc(d) or d in m.closed:
                    continue
                seen.add(d)
                step = first or d
                if open_province(state, data, d):
                    found.setdefault(d, (dist, origin, step))
                if ins.is_pashtun(d):
                    nxt.append((d, origin, step))
        frontier = nxt
    return found


def march_plan(state: AdpState, data: TalibanExecution, dice: Dice | None,
               only: str | None = None) -> tuple[str, str, int, list[str]] | None:
    """8.7.3 The next group: (origin, first destination, how many, the destinations of
    equal priority); None: the March is over.  ``dice`` None: only whether any (the
    first of equals); ``only``: the group's origin is that one."""
    origins = [o for o in first_origins(state, data) if spare_total(state, data, o)]
    onward = [d for d in data.march.dests if ins.is_pashtun(d) and d in board().spaces
              and spare_total(state, data, d)]
    if only is not None:
        origins, onward = [o for o in origins if o == only], [d for d in onward if d == only]
    adj = board().adjacency
    # 1. LoCs, then Kabul, next to the origins: until the Taliban outnumber the rest by 1
    for group in (sorted(board().locs), ["kabul"]):
        wanted = [d for d in group if d not in data.march.closed and loc_need(state, d)
                  and any(d in adj[o] for o in origins)]
        if wanted:
            dest = wanted[0] if dice is None else pick(dice, wanted, locs_last=False)
            return (*best_origin(state, data, origins, dest), wanted)
    # 2. 2 open Provinces next to the origins, enough to add Taliban Control
    if provinces_entered(data) < MARCH_PROVINCES:
        near = [d for d in board().spaces if open_province(state, data, d)
                and any(d in adj[o] for o in origins)]
        going = [d for d in near if d in data.march.dests]
        wanted = going or tiers(near, [
            lambda d: needed_for_control(state, d) <= sum(
                spare_total(state, data, o) for o in origins if d in adj[o]),
            lambda d: True])
        if wanted:
            dest = wanted[0] if dice is None else pick(dice, wanted)
            return (*best_origin(state, data, origins, dest), wanted)
    # 3. 2 more through Pashtun spaces (the Pashtun destinations become origins too)
    if provinces_entered(data) < 2 * MARCH_PROVINCES:
        found = routes(state, data, [*origins, *onward])
        if found:
            nearest = min(dist for dist, _, _ in found.values())
            wanted = sorted(d for d, (dist, _, _) in found.items() if dist == nearest)
            dest = wanted[0] if dice is None else pick(dice, wanted)
            dist, origin, step = found[dest]
            need = needed_for_control(state, dest) + dist - 1
            return origin, step, max(1, need), [step]
    return None


def best_origin(state: AdpState, data: TalibanExecution, origins: Sequence[str], dest: str
                ) -> tuple[str, str, int]:
    """The adjacent origin with the most spare Guerrillas (the first in order on a tie)
    and how many ``dest`` wants."""
    adj = board().adjacency
    near = sorted((o for o in origins if dest in adj[o]),
                  key=lambda o: (-spare_total(state, data, o), o))
    origin = near[0]
    need = loc_need(state, dest) if ins.is_loc(dest) or dest == "kabul" else \
        needed_for_control(state, dest)
    return origin, dest, max(1, need)


def march_move(state: AdpState, data: TalibanExecution, origin: str, count: int,
               actions: Sequence[Action]) -> Action | None:
    """8.1.2 #8: the Active first, then the Underground."""
    free = spare(state, data, origin)
    for kind in (TALIBAN_ACTIVE, TALIBAN_UNDERGROUND):
        n = min(count, free[kind])
        if n:
            return action_for(actions, "move_from", space=origin, piece=kind, count=n)
    return None


def march(state: AdpState, data: TalibanExecution, dice: Dice,
          actions: Sequence[Action]) -> Action | None:
    m = data.march
    if m.origin:   # the group's destination: the first priority from its origin (8.7.3)
        offered = spaces_of(actions, "to")
        before = data.model_copy(update={"march": m.model_copy(update={"origin": None})})
        plan = march_plan(state, before, dice, only=m.origin)
        if plan and plan[1] in offered:
            return action_for(actions, "to", space=plan[1])
        return action_for(actions, "to", space=pick(dice, offered)) if offered else None
    plan = march_plan(state, data, dice)
    if plan is None:
        return None
    origin, _dest, count, _ = plan
    return march_move(state, data, origin, count, actions)


# --- 8.7.4 Attack (and Ambush) ----------------------------------------------------------

def ambush_spaces(state: AdpState, chosen: Sequence[str] = ()) -> list[str]:
    """4.4.3 Where an Ambush may go: an Underground Taliban Guerrilla and an enemy."""
    return [s for s in TalibanAttack().spaces(state, list(chosen))
            if ins.underground(state, s, TALIBAN)]


def removes_coalition(state: AdpState, sid: str) -> bool:
    """8.7.4 Whether the 2 removals of a successful Attack could take a Coalition piece
    (3.3.3: the Government's cubes go before the Coalition's)."""
    sp = state.space(sid)
    if not coalition_pieces(state, sid):
        return False
    cubes = sp.count(POLICE) + sp.count(GOVERNMENT_TROOPS)
    if sp.count(COALITION_TROOPS):
        return cubes < ins.ATTACK_REMOVALS
    return cubes == 0            # a Coalition Base once no cube is left


def big_attack_spaces(state: AdpState, chosen: Sequence[str] = ()) -> list[str]:
    """8.7.4 Spaces with 4+ Taliban Guerrillas already Active and a Coalition piece."""
    return [s for s in TalibanAttack().spaces(state, list(chosen))
            if state.space(s).count(TALIBAN_ACTIVE) >= ATTACK_ACTIVE
            and coalition_pieces(state, s)]


def attack_possible(state: AdpState) -> bool:
    return bool(ambush_spaces(state) or big_attack_spaces(state))


def removal(state: AdpState, sid: str, actions: Sequence[Action],
            order: Sequence[str] = COALITION_FIRST) -> Action:
    """8.7.4 each removal: the Coalition first if possible, then the Government, then the
    Warlords; Police and Troops evenly, Police first (8.1.2 #2); never stop early."""
    removes = {a["piece"]: a for a in actions if a.verb in ("remove", "replace")}
    sp = state.space(sid)
    kinds = list(order)
    if sp.count(GOVERNMENT_TROOPS) > sp.count(POLICE):
        i, j = kinds.index(POLICE), kinds.index(GOVERNMENT_TROOPS)
        kinds[i], kinds[j] = kinds[j], kinds[i]
    for kind in kinds:
        if kind in removes:
            return removes[kind]
    return action_for(actions, "stop") or actions[0]


def ambush(state: AdpState, data: TalibanExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    d = data.ambush
    if d.space:
        return removal(state, d.space, actions)
    if len(d.spaces) >= AMBUSHES:
        return None
    offered = spaces_of(actions)
    found = tiers(offered, [lambda s: removes_coalition(state, s), lambda s: True])
    return action_for(actions, "in", space=pick(dice, found)) if found else None


def attack(state: AdpState, data: TalibanExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    if data.attack.space:
        return removal(state, data.attack.space, actions)
    ambushing = action_for(actions, "activity", activity="ambush")
    if not data.sa_done and ambushing and ambush_spaces(state, data.attack.spaces):
        return ambushing
    offered = spaces_of(actions)
    found = [s for s in big_attack_spaces(state, data.attack.spaces) if s in offered]
    if not found and not data.sa_done and len(data.attack.spaces) < AMBUSHES:
        # no Ambush may come (a Limited Attack, 2.3.5): Attack where it would have gone
        near = [s for s in ambush_spaces(state, data.attack.spaces) if s in offered]
        found = tiers(near, [lambda s: removes_coalition(state, s), lambda s: True])
    return action_for(actions, "in", space=pick(dice, found)) if found else None


# --- 8.7.5 Terror -----------------------------------------------------------------------

def terror_targets(state: AdpState, offered: Sequence[str]) -> list[str]:
    """8.7.5 Where Terror Sabotages a LoC or shifts Support/Opposition."""
    left = markers_left(state) > 0

    def useful(s: str) -> bool:
        sp = state.space(s)
        if ins.is_loc(s):
            return left and not sp.sabotage
        return (not ins.is_pakistan(s) and pop(state, s) > 0
                and sp.support > OPPOSITION)
    return [s for s in offered if useful(s)]


def terror(state: AdpState, data: TalibanExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    """8.7.5 every LoC to Sabotage first (free), then the spaces of the highest Pop (the
    largest shift of Support/Opposition), 8.2 among equals."""
    found = terror_targets(state, spaces_of(actions))
    if not found:
        return None
    locs = [s for s in found if ins.is_loc(s)]
    if locs:
        return action_for(actions, "in", space=random_loc(dice, locs))
    top = max(pop(state, s) for s in found)
    return action_for(actions, "in",
                      space=random_space(dice, [s for s in found if pop(state, s) == top]))


# --- Special Activities: Extort, Infiltrate (8.7.2) -------------------------------------

def econ_locs(state: AdpState, spaces: Sequence[str]) -> list[str]:
    """8.7.2 un-Sabotaged LoCs of Econ 3 and 4."""
    locs = board().locs
    return [s for s in spaces if s in locs and locs[s].econ >= EXTORT_ECON
            and not state.space(s).sabotage]


def choose_sa(state: AdpState, data: TalibanExecution, actions: Sequence[Action]
              ) -> Action | None:
    """8.7.2 after Rally or March: Extort the Econ 3-4 LoCs, else Infiltrate, else Extort
    anywhere; 8.7.5 after Terror: Extort everywhere; else none."""
    offered = {a["activity"]: a for a in actions if a.verb == "activity"}
    if data.op == "terror":
        return offered.get("extort")
    if data.op not in ("rally", "march"):
        return None
    if "extort" in offered and econ_locs(state, Extort().spaces(state, [])):
        return offered["extort"]
    return offered.get("infiltrate") or offered.get("extort")


def extort(state: AdpState, data: TalibanExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    offered = spaces_of(actions)
    locs = econ_locs(state, offered)
    if locs:
        return action_for(actions, "in", space=locs[0])
    if data.op != "terror" and econ_locs(state, data.extort.spaces):
        return None             # 8.7.2 the Econ 3-4 LoCs only
    return action_for(actions, "in", space=offered[0]) if offered else None


def infiltrate_space(state: AdpState, dice: Dice, offered: Sequence[str]) -> str | None:
    """8.7.2 a LoC if possible, else to remove a Government Base, else the last Police
    of a space, else random; the Government targeted first."""
    replacing = available(state)[ins.BOX_OF[TALIBAN]] > 0

    def gov_base(s: str) -> bool:
        sp = state.space(s)
        cubes = sp.count(POLICE) + sp.count(GOVERNMENT_TROOPS)
        return bool(sp.count(GOVERNMENT_BASES)) and cubes <= (0 if replacing else 1)

    def last_police(s: str) -> bool:
        return 1 <= state.space(s).count(POLICE) <= (1 if replacing else 2)

    def government(s: str) -> bool:
        return owner_count(state, s, "government") > 0

    found = tiers(offered, [ins.is_loc, gov_base, last_police, lambda s: True])
    if not found:
        return None
    found = [s for s in found if government(s)] or found
    return pick(dice, found, locs_last=False)


def infiltrate(state: AdpState, data: TalibanExecution, dice: Dice,
               actions: Sequence[Action]) -> Action | None:
    d = data.infiltrate
    if d.done:
        return None
    if d.space is None:
        sid = infiltrate_space(state, dice, spaces_of(actions))
        return action_for(actions, "in", space=sid) if sid else None
    replaces = [a for a in actions if a.verb == "replace"]
    return removal(state, d.space, replaces or actions, GOVERNMENT_FIRST)


# --- the execution ----------------------------------------------------------------------

Chooser = Callable[[AdpState, TalibanExecution, Dice, Sequence[Action]], Action | None]
SA_CHOOSERS: dict[str, Chooser] = {"extort": extort, "infiltrate": infiltrate,
                                   "ambush": ambush}
OP_CHOOSERS: dict[str, Chooser] = {"rally": rally, "march": march, "attack": attack,
                                   "terror": terror}
SA_RULES = {"extort": "8.7.2/8.7.5 Extort", "infiltrate": "8.7.2 Infiltrate",
            "ambush": "8.7.4 Ambush"}
OP_RULES = {"rally": "8.7.2 Rally", "march": "8.7.3 March", "attack": "8.7.4 Attack",
            "terror": "8.7.5 Terror"}


def execution(state: AdpState, dice: Dice, actions: Sequence[Action]) -> Pick:
    """One choice of the Taliban's Operation or Special Activity (8.1.1: each step to
    the full; the Special Activity after the Operation -- Ambush before the other
    Attacks, 8.7.4; then done)."""
    data = state.step.of(TalibanExecution)
    special = special_activity(state, data, dice, actions, SA_CHOOSERS,
                               lambda sa: SA_RULES.get(sa, sa))
    if special is not None:
        return special
    busy = data.rally.space or data.march.origin or data.attack.space
    op_chooser = OP_CHOOSERS.get(data.op)
    found = None
    if op_chooser and not (data.sa_done and data.op != "attack"):
        found = op_chooser(state, data, dice, actions)
    if found is not None and found.verb == "shariah":
        return found, "8.7.2 Rally: Shariah (8.7.7) in 1 Rally space"
    if found is not None:
        return found, OP_RULES.get(data.op, data.op)
    if not busy and not data.sa_done:
        sa = choose_sa(state, data, actions)
        if sa is not None:
            return sa, "8.7.2/8.7.5 Special Activity"
    return go_on(actions)


# --- 8.7.7 Shariah, 8.7.8 Redeploy -------------------------------------------------------

def shariah_shift(state: AdpState, sid: str) -> int:
    """8.7.7 The levels a Shariah bought with all the Resources could shift in ``sid``
    (its Terror removed first, 6.4.2)."""
    sp = state.space(sid)
    room = sp.support - OPPOSITION if (
        not ins.is_pakistan(sid) and pop(state, sid) > 0) else 0
    return max(0, min(room, state.resources.get(TALIBAN, 0) - sp.terror))


def shariah_pick(state: AdpState, dice: Dice, offered: Sequence[str]) -> str | None:
    """8.7.7 The largest shift first, then the fewest Terror markers, then at random;
    Terror removed only where a shift follows (None: no shift possible)."""
    useful = [s for s in offered if shariah_shift(state, s) > 0]
    if not useful:
        return None
    top = max(shariah_shift(state, s) for s in useful)
    best = [s for s in useful if shariah_shift(state, s) == top]
    fewest = min(state.space(s).terror for s in best)
    return random_space(dice, [s for s in best if state.space(s).terror == fewest])


def shariah(state: AdpState, dice: Dice, actions: Sequence[Action]) -> Pick:
    """8.7.7 All the Shariah possible in the Support Phase (6.4.2)."""
    offered = [s for s in spaces_of(actions, "shariah") if s in shariah_spaces(state)]
    sid = shariah_pick(state, dice, offered)
    found = action_for(actions, "shariah", space=sid) if sid else None
    if found is None:
        return (action_for(actions, "done") or actions[0]), "8.7.7 no shift possible: done"
    return found, "8.7.7 Shariah"


def redeploy(state: AdpState, dice: Dice, actions: Sequence[Action]) -> Pick:
    """8.7.8 Each Guerrilla to the destination with the fewest Taliban Guerrillas, an
    Afghan one on a tie (the odd Guerrillas stay in Afghanistan), then 8.2."""
    moves = [a for a in actions if a.verb == "redeploy"]
    origin = sorted((a["origin"], a["piece"]) for a in moves)[0]
    mine = [a for a in moves if (a["origin"], a["piece"]) == origin]
    dests = sorted({a["destination"] for a in mine})
    fewest = min(tal(state, d) for d in dests)
    low = [d for d in dests if tal(state, d) == fewest]
    low = [d for d in low if not ins.is_pakistan(d)] or low
    dest = random_space(dice, low)
    found = next(a for a in mine if a["destination"] == dest)
    return found, "8.7.8 Redeploy: evenly, odd ones in Afghanistan"


def answer(state: AdpState, dice: Dice, actions: Sequence[Action]) -> Pick:
    """The Propaganda Round's questions (8.7.7, 8.7.8); any other is ended (rule 8 says
    nothing of it)."""
    step = state.step.name
    if step == "shariah":
        return shariah(state, dice, actions)
    if step == "redeploy_taliban" and any(a.verb == "redeploy" for a in actions):
        return redeploy(state, dice, actions)
    done = [a for a in actions if a.verb in ("done", "stop", "cancel")]
    return (done or list(actions))[0], "no rule: ended"
