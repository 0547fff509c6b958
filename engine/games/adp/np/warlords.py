"""8.5 The Non-player Warlords: which Operation (Rally, else March, else Terror, else
Rally, else Pass), and each choice of the Operation (8.5.1-8.5.3) and of its Special
Activity (8.5.4), always among the choices the rules offer now.

Every chooser reads the state and the execution step's data only, so a decision is the
same when it is taken again from the log (its dice come from ``Dice``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.actions import Action
from engine.games.adp.derived import available, bases, board, control, non_players, pop
from engine.games.adp.mapdata import MAX_BASES
from engine.games.adp.np.common import (
    action_for,
    by_text,
    go_on,
    is_province,
    spaces_of,
    special_activity,
    tiers,
)
from engine.games.adp.np.dice import Dice, random_loc, random_space
from engine.games.adp.ops import insurgent_ops as ins
from engine.games.adp.ops.warlords import (
    Suborn,
    Traffic,
    WarlordsExecution,
    WarlordsTerror,
)
from engine.games.adp.spec import (
    COALITION_TROOPS,
    GOVERNMENT_BASES,
    GOVERNMENT_CUBES,
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

WARLORDS = "warlords"
RALLY_TRIGGER = 6          # 8.5.1 "6 o más Guerrillas ... Disponibles"
MARCH_LIMIT = 50           # 8.5.2 Bases on the map + Resources <= 50
RALLY_SPACES = 3           # 8.5.1 "hasta 3 Provincias"
TRAFFIC_LIMIT = 75         # 8.5.4 Traffic unless the Resources would reach 75
COUNTER_NARC = "58"        # 8.5.4 "Counter-Narc" in effect (a Momentum or Capability card)


# --- helpers ----------------------------------------------------------------------------









def wl_guerrillas(state: AdpState, sid: str) -> int:
    return ins.guerrillas(state, sid, WARLORDS)




def cultivate_possible(state: AdpState, sid: str, extra: int = 0) -> bool:
    """4.5.1 Whether Cultivate could place a Base in ``sid`` with ``extra`` more Warlords
    Guerrillas there."""
    space = board().spaces.get(sid)
    return (space is not None and space.kind == "province" and not space.is_pakistan
            and pop(state, sid) > 0 and available(state)[WARLORDS_BASES] > 0
            and wl_guerrillas(state, sid) + extra > state.space(sid).count(POLICE)
            and bases(state.space(sid)) < MAX_BASES)




# --- 8.5 which Operation ----------------------------------------------------------------

def terror_targets(state: AdpState, offered: Sequence[str] | None = None) -> list[str]:
    """8.5.3 A space with an Underground Warlords Guerrilla where Terror may go: with
    Opposition if the Coalition is NP, with Support if the Taliban are NP, else one with
    Support or Opposition."""
    spaces = list(offered) if offered is not None else WarlordsTerror().spaces(state, [])
    spaces = [s for s in spaces if s in board().spaces]
    npf = set(non_players(state.options))
    tests = []
    if "coalition" in npf:
        tests.append(lambda s: state.space(s).support < 0)
    if "taliban" in npf:
        tests.append(lambda s: state.space(s).support > 0)
    tests.append(lambda s: state.space(s).support != 0)
    return tiers(spaces, tests)


def choose_op(state: AdpState, actions: Sequence[Action]) -> tuple[Action, str]:
    """8.5 Rally, else March, else Terror, else Rally, else Pass (8.1: the Event is not
    chosen -- docs/rules-choices.md; 8.1 low Resources: with none, Pass)."""
    offered = by_text(actions)
    res = ins.resources(state, WARLORDS)

    def op(name: str) -> Action | None:
        return offered.get(name) or offered.get(f"limited {name}")

    passing = offered.get("pass")
    if res <= 0 and passing is not None:
        return passing, "8.1 no Resources: Pass"
    wl_bases = sum(sp.count(WARLORDS_BASES) for sp in state.spaces.values())
    rally, march, terror = op("rally"), op("march"), op("terror")
    if rally and available(state)[ins.BOX_OF[WARLORDS]] >= RALLY_TRIGGER:
        return rally, "8.5.1 Rally: 6+ Guerrillas Available"
    if march and wl_bases + res <= MARCH_LIMIT:
        return march, "8.5.2 March: Bases + Resources <= 50"
    if terror and terror_targets(state):
        return terror, "8.5.3 Terror"
    if rally:
        return rally, "8.5.3 Terror impossible: Rally"
    if passing is not None:
        return passing, "8.5.3 nothing possible: Pass"
    return actions[0], "only choice"


# --- 8.5.1 Rally ------------------------------------------------------------------------

def rally_space(state: AdpState, dice: Dice, offered: list[str]) -> str | None:
    """8.5.1 The next Province to Rally in, by the priorities; None: stop."""
    provinces = [s for s in offered if is_province(s)]
    if not provinces:
        return None
    left = available(state)

    def flip(s: str) -> bool:
        sp = state.space(s)
        return (not ins.is_pashtun(s) and sp.count(WARLORDS_ACTIVE) > 0
                and sp.count(WARLORDS_UNDERGROUND) == 0 and sp.count(WARLORDS_BASES) > 0
                and any(sp.count(k) for k in (COALITION_TROOPS, *GOVERNMENT_CUBES)))

    def build(s: str) -> bool:
        return (wl_guerrillas(state, s) >= 2 and left[WARLORDS_BASES] > 0
                and bases(state.space(s)) < MAX_BASES)

    def base_no_guerrilla(s: str) -> bool:
        return state.space(s).count(WARLORDS_BASES) > 0 and wl_guerrillas(state, s) == 0

    def guerrilla_no_base(s: str) -> bool:
        return state.space(s).count(WARLORDS_BASES) == 0 and wl_guerrillas(state, s) > 0

    any_cultivate = any(cultivate_possible(state, s) for s in board().spaces)

    def enables_cultivate(s: str) -> bool:
        return not any_cultivate and not cultivate_possible(state, s) and \
            cultivate_possible(state, s, 1)

    found = tiers(provinces, [flip, build, base_no_guerrilla, guerrilla_no_base,
                              enables_cultivate]) or provinces
    return random_space(dice, found)


def rally_option(state: AdpState, sid: str, actions: Sequence[Action]) -> Action:
    """8.5.1 flip Underground (1), a Base (2, 8.1.2 #5), else as many Guerrillas as may
    be placed (3)."""
    sp = state.space(sid)
    under = action_for(actions, "underground")
    if under and not ins.is_pashtun(sid) and sp.count(WARLORDS_UNDERGROUND) == 0:
        return under
    base = action_for(actions, "base")
    if base:
        return base
    places = [a for a in actions if a.verb == "place_guerrillas"]
    if places:
        return max(places, key=lambda a: a["count"])
    return under or actions[0]


def rally(state: AdpState, data: WarlordsExecution, dice: Dice,
          actions: Sequence[Action]) -> Action | None:
    if data.rally.space:
        return rally_option(state, data.rally.space, actions)
    if len(data.rally.spaces) >= RALLY_SPACES:
        return None
    sid = rally_space(state, dice, spaces_of(actions))
    if sid is None and not data.rally.spaces:   # no Province: the Operation needs one
        offered = spaces_of(actions)
        sid = random_space(dice, offered) if offered else None
    return action_for(actions, "in", space=sid) if sid else None


# --- 8.5.2 March ------------------------------------------------------------------------

def spare(state: AdpState, data: WarlordsExecution, origin: str, kind: str) -> int:
    """How many ``kind`` Guerrillas may leave ``origin``: never the last Warlords
    Guerrilla of a space with a Warlords Base (8.5.2), never so many that Control there
    changes (8.1.2 #9), and not those that arrived (they move once)."""
    sp = state.space(origin)
    movable = max(0, sp.count(kind) - data.march.arrived.get(origin, {}).get(kind, 0))
    keep = 1 if sp.count(WARLORDS_BASES) else 0
    total = wl_guerrillas(state, origin)
    movable = min(movable, max(0, total - keep))
    if origin in board().spaces:
        before = control(state)[origin]
        while movable:
            pieces = dict(sp.pieces)
            pieces[kind] = pieces.get(kind, 0) - movable
            if _control(pieces) == before:
                break
            movable -= 1
    return movable


def _control(pieces: dict[str, int]) -> str | None:
    total = sum(pieces.values())
    coin = sum(n for k, n in pieces.items() if SPEC.owner(k) in ("coalition", "government"))
    if coin > total - coin:
        return "coin"
    tal = sum(n for k, n in pieces.items() if SPEC.owner(k) == "taliban")
    return "taliban" if tal > total - tal else None


def removes_control(state: AdpState, dest: str, arriving: int) -> bool:
    """8.5.2 Whether ``arriving`` Warlords Guerrillas would end Control of ``dest``."""
    if dest not in board().spaces or control(state)[dest] is None:
        return False
    pieces = dict(state.space(dest).pieces)
    pieces[WARLORDS_UNDERGROUND] = pieces.get(WARLORDS_UNDERGROUND, 0) + arriving
    return _control(pieces) is None


def empty(state: AdpState, sid: str) -> bool:
    return not any(state.space(sid).pieces.values())


def march_moves(state: AdpState, data: WarlordsExecution, actions: Sequence[Action]
                ) -> dict[str, list[Action]]:
    """The offered moves each origin may still make (``spare``), largest groups first."""
    out: dict[str, list[Action]] = {}
    for a in actions:
        if a.verb != "move_from":
            continue
        if a["count"] <= spare(state, data, a["space"], a["piece"]):
            out.setdefault(a["space"], []).append(a)
    return out


def march_target(state: AdpState, data: WarlordsExecution, dice: Dice,
                 moves: dict[str, list[Action]]) -> tuple[str, int] | None:
    """8.5.2 The next destination and how many Guerrillas it wants (0: all)."""
    adj = board().adjacency
    origins = list(moves)
    reach: dict[str, int] = {}
    for o in origins:
        most = max(spare(state, data, o, k) for k in (WARLORDS_UNDERGROUND, WARLORDS_ACTIVE))
        n = sum(spare(state, data, o, k) for k in (WARLORDS_UNDERGROUND, WARLORDS_ACTIVE))
        if most:
            for d in adj[o]:
                if not ins.is_pakistan(d) and d not in data.march.closed:
                    reach[d] = reach.get(d, 0) + n
    dests = data.march.dests
    locs = [d for d in reach if d in board().locs]
    # 1. one empty LoC, highest Econ first (8.3), with 1 Guerrilla
    if not any(d in board().locs for d in dests):
        empty_locs = [d for d in locs if empty(state, d)]
        if empty_locs:
            return random_loc(dice, empty_locs), 1
    # 2. every space where their arrival would remove Control, highest Pop first
    breaking = [d for d in reach if d in board().spaces and removes_control(state, d, reach[d])]
    if breaking:
        top = max(pop(state, d) for d in breaking)
        return random_space(dice, [d for d in breaking if pop(state, d) == top]), 0
    # 3. one random Province, where Cultivate would allow a Base first
    if not any(is_province(d) for d in dests):
        provinces = [d for d in reach if is_province(d)]
        if provinces:
            found = tiers(provinces, [lambda d: cultivate_possible(state, d, reach[d])])
            return random_space(dice, found or provinces), 0
    return None


def march(state: AdpState, data: WarlordsExecution, dice: Dice,
          actions: Sequence[Action]) -> Action | None:
    m = data.march
    if m.origin:   # the destination of the group chosen: the best offered by 8.5.2
        offered = spaces_of(actions, "to")
        loc_first = [d for d in offered if d in board().locs and empty(state, d)]
        if m.count == 1 and loc_first and not any(d in board().locs for d in m.dests):
            return action_for(actions, "to", space=random_loc(dice, loc_first))
        breaking = [d for d in offered if removes_control(state, d, m.count)]
        if breaking:
            top = max(pop(state, d) for d in breaking)
            pick = [d for d in breaking if pop(state, d) == top]
        else:
            provinces = [d for d in offered if is_province(d)]
            entered = [d for d in provinces if d in m.dests]
            pick = entered or tiers(provinces, [
                lambda d: cultivate_possible(state, d, m.count)]) or provinces or offered
        return action_for(actions, "to", space=random_space(dice, pick))
    moves = march_moves(state, data, actions)
    if not moves:
        return None
    target = march_target(state, data, dice, moves)
    if target is None:
        return None
    dest, count = target
    adj = board().adjacency
    near = sorted(o for o in moves if dest in adj[o])
    if not near:
        return None
    origin = near[0]
    group = moves[origin]
    if count == 1:   # 8.1.2 #8: the Active first
        one = [a for a in group if a["count"] == 1]
        act = [a for a in one if a["piece"] == WARLORDS_ACTIVE]
        return (act or one or group)[0]
    # all they may: the Active first (8.1.2 #8), then the Underground -- no more of them
    # than arrive Underground where a larger group would be Activated (3.3.2)
    for kind in (WARLORDS_ACTIVE, WARLORDS_UNDERGROUND):
        of_kind = [a for a in group if a["piece"] == kind]
        if kind == WARLORDS_UNDERGROUND:
            cap = underground_cap(state, data, origin, dest)
            if cap is not None:
                of_kind = [a for a in of_kind if a["count"] <= cap]
        if of_kind:
            return max(of_kind, key=lambda a: a["count"])
    return None


def underground_cap(state: AdpState, data: WarlordsExecution, origin: str, dest: str
                    ) -> int | None:
    """8.1.2 #8 How many more Underground Guerrillas of the group from ``origin`` may
    march into ``dest`` without being Activated (a LoC or a Pashtun space: the group and
    the Taliban Guerrillas there more than 3, 3.3.2); None: no bound."""
    if not (ins.is_loc(dest) or ins.is_pashtun(dest)):
        return None
    group = data.march.groups.get(f"{origin}>{dest}", {})
    if group.get("active"):
        return 0
    return max(0, ins.MARCH_ACTIVATION - ins.guerrillas(state, dest, "taliban")
               - group.get("count", 0))


# --- 8.5.3 Terror -----------------------------------------------------------------------

def terror(state: AdpState, data: WarlordsExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    if data.terror.spaces:   # 8.5.3 "en 1 casilla"
        return None
    offered = spaces_of(actions)
    targets = terror_targets(state, offered) or offered
    if not targets:
        return None
    return action_for(actions, "in", space=random_space(dice, targets))


# --- 8.5.4 Special Activities -----------------------------------------------------------

def choose_sa(state: AdpState, data: WarlordsExecution, actions: Sequence[Action]
              ) -> Action | None:
    """8.5.4 After Rally or March: Cultivate, else Traffic, else Suborn; after Terror:
    Suborn."""
    offered = {a["activity"]: a for a in actions if a.verb == "activity"}
    if not offered:
        return None
    if data.op in ("rally", "march"):
        if "cultivate" in offered:
            return offered["cultivate"]
        if "traffic" in offered and traffic_ok(state, data):
            return offered["traffic"]
    if "suborn" in offered and suborn_spaces(state, []):
        return offered["suborn"]
    return None


def traffic_ok(state: AdpState, data: WarlordsExecution) -> bool:
    spaces = Traffic().spaces(state, data)
    gain = sum(state.space(s).count(WARLORDS_BASES) for s in spaces)
    if ins.resources(state, WARLORDS) + gain >= TRAFFIC_LIMIT:
        return False
    narc = COUNTER_NARC in state.momentum or COUNTER_NARC in state.capabilities
    return not (len(spaces) <= 1 and narc)


def cultivate(state: AdpState, data: WarlordsExecution, dice: Dice,
              actions: Sequence[Action]) -> Action | None:
    offered = spaces_of(actions)
    if not offered:
        return None
    found = [s for s in offered if state.space(s).count(WARLORDS_BASES)] or offered
    return action_for(actions, "in", space=random_space(dice, found))


def traffic(state: AdpState, data: WarlordsExecution, dice: Dice,
            actions: Sequence[Action]) -> Action | None:
    offered = spaces_of(actions)   # every one (8.5.4 "en todas")
    return action_for(actions, "in", space=offered[0]) if offered else None


def suborn_spaces(state: AdpState, chosen: list[str]) -> list[str]:
    return Suborn().spaces(state, chosen)


def breaks_control(state: AdpState, sid: str) -> bool:
    """8.5.4 Suborn 1: removing 1 Government Base, up to 3 Government cubes or 1 Taliban
    Guerrilla ends Government (COIN) or Taliban Control in Afghanistan."""
    if sid not in board().spaces or ins.is_pakistan(sid) or control(state)[sid] is None:
        return False
    sp = state.space(sid)
    tries: list[dict[str, int]] = []
    if sp.count(GOVERNMENT_BASES):
        tries.append({GOVERNMENT_BASES: 1})
    cubes = {k: sp.count(k) for k in GOVERNMENT_CUBES}
    if sum(cubes.values()):
        left, take = 3, {}
        for k in (POLICE, GOVERNMENT_TROOPS):
            n = min(left, cubes[k])
            take[k], left = n, left - n
        tries.append(take)
    for k in (TALIBAN_UNDERGROUND, TALIBAN_ACTIVE):
        if sp.count(k):
            tries.append({k: 1})
            break
    for removal in tries:
        pieces = dict(sp.pieces)
        for k, n in removal.items():
            pieces[k] = pieces.get(k, 0) - n
        if _control(pieces) is None:
            return True
    return False


def suborn_where(state: AdpState, dice: Dice, offered: list[str]) -> str | None:
    if not offered:
        return None
    breaking = [s for s in offered if breaks_control(state, s)]
    if breaking:
        return random_space(dice, breaking)
    npf = set(non_players(state.options))
    owner = "taliban" if "coalition" in npf else "government"
    kinds = ((TALIBAN_UNDERGROUND, TALIBAN_ACTIVE) if owner == "taliban"
             else (GOVERNMENT_BASES, *GOVERNMENT_CUBES))
    found = [s for s in offered if any(state.space(s).count(k) for k in kinds)]
    if not found:
        return None
    locs = [s for s in found if s in board().locs]
    if locs:
        return random_loc(dice, locs)
    afghan = [s for s in found if not ins.is_pakistan(s)]
    return random_space(dice, afghan or found)


def suborn_removal(state: AdpState, sid: str, actions: Sequence[Action]) -> Action:
    """8.1.2 #2: Bases first; Police, then Troops, evenly; up to 3 cubes; a Taliban
    Guerrilla, the Underground first; where Control is at stake, what ends it."""
    sp = state.space(sid)
    npf = set(non_players(state.options))
    removes = {a["piece"]: a for a in actions if a.verb == "remove"}
    order: list[str] = [GOVERNMENT_BASES]
    if breaks_control(state, sid) and control(state)[sid] == "taliban":
        order = [TALIBAN_UNDERGROUND, TALIBAN_ACTIVE]
    elif "coalition" in npf and not (sp.count(GOVERNMENT_BASES) or breaks_control(state, sid)):
        order = [TALIBAN_UNDERGROUND, TALIBAN_ACTIVE, GOVERNMENT_BASES]
    cubes = (POLICE, GOVERNMENT_TROOPS) if sp.count(POLICE) >= sp.count(GOVERNMENT_TROOPS) \
        else (GOVERNMENT_TROOPS, POLICE)
    for kind in (*order, *cubes, TALIBAN_UNDERGROUND, TALIBAN_ACTIVE, GOVERNMENT_BASES,
                 TALIBAN_BASES):
        if kind in removes:
            return removes[kind]
    return action_for(actions, "underground") or action_for(actions, "stop") or actions[0]


def suborn(state: AdpState, data: WarlordsExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    d = data.suborn
    if d.space is not None:
        return suborn_removal(state, d.space, actions)
    sid = suborn_where(state, dice, spaces_of(actions))
    return action_for(actions, "in", space=sid) if sid else None


SA_CHOOSERS = {"cultivate": cultivate, "traffic": traffic, "suborn": suborn}
OP_CHOOSERS = {"rally": rally, "march": march, "terror": terror}


def execution(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """One choice of the Warlords' Operation or Special Activity (8.1.1: each step to the
    full; then the Special Activity, 8.5.4; then done)."""
    data = state.step.of(WarlordsExecution)
    special = special_activity(state, data, dice, actions, SA_CHOOSERS,
                               lambda sa: f"8.5.4 {sa}")
    if special is not None:
        return special
    op_chooser = OP_CHOOSERS.get(data.op)
    busy = data.rally.space or data.march.origin
    found = op_chooser(state, data, dice, actions) if op_chooser else None
    if found is not None:
        return found, f"8.5 {data.op}"
    if not busy and not data.sa_done:
        sa = choose_sa(state, data, actions)
        if sa is not None:
            return sa, "8.5.4 Special Activity"
    return go_on(actions)
