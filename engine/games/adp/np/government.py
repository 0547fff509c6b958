"""8.6 The Non-player Government: which Operation (Train, else Patrol, else Sweep, else
Assault, else Pass), each choice of the Operation (8.6.2-8.6.5) and of its Special
Activity (Govern / Transport / Eradicate), and its Propaganda Round decisions: Civic
Action (8.6.6), Desertion (6.5.1 by 8.1.2) and Redeploy (8.6.7).

Every chooser reads the state and the step's data only, so a decision is the same when it
is taken again from the log (its dice come from ``Dice``).  A chooser returning None means
"this part is over": the Operation goes on to its Special Activity, then ``done``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.actions import Action
from engine.games.adp.derived import available, bases, board, control, pop, space_control
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
from engine.games.adp.ops.coin_ops import (
    COST,
    GOV_CUBES,
    KABUL,
    assault_removals,
    assault_useful,
    coin_controlled,
    count,
    gov_resources,
    is_loc,
    is_pakistan,
    patrol_reach,
    sweep_paths,
)
from engine.games.adp.ops.framework import fresh
from engine.games.adp.ops.government import Eradicate, GovernmentExecution, transport_reach
from engine.games.adp.propaganda import Redeploy, final_round
from engine.games.adp.spec import (
    COALITION_BASES,
    COALITION_TROOPS,
    GOVERNMENT_BASES,
    GOVERNMENT_TROOPS,
    POLICE,
    RETURNEES_MARKERS,
    SPEC,
    TALIBAN_ACTIVE,
    TALIBAN_BASES,
    TALIBAN_UNDERGROUND,
    WARLORDS_ACTIVE,
    WARLORDS_BASES,
    WARLORDS_UNDERGROUND,
)
from engine.games.adp.state import AdpSpace, AdpState

GOVERNMENT = "government"
TRAIN_TRIGGER = 15          # 8.6.2 "al menos 15 fichas del Gobierno disponibles"
BASE_CUBES = 3              # 8.6.2 a Province with at least 3 Government cubes
CUBES_PER_SPACE = 6         # 8.6.2 "hasta 6 cubos en cada"
NIGHT_LETTERS = "29"        # 8.6.2 shaded "Night Letters" (5.3): 4 cubes
NIGHT_LETTERS_CUBES = 4
EXCESS_LIMIT = 6            # 8.6.2 "como mucho 6 cubos en exceso"
BASE_SPACES = 3             # 8.6.2 "hasta en 3 casillas con Bases COIN" (besides Kabul)
SWEEP_SPACES = 3            # 8.6.4
ASSAULT_SPACES = 3          # 8.6.5
ERADICATE_SPACES = 2        # 8.6.5 "en 1 o 2 casillas"
STRONG_GUERRILLAS = 2       # 8.6.4/8.6.5 "una Base o al menos 2 Guerrillas"
LOC_POLICE = 2              # 8.6.7 "2 Policías en cada LdC de Econ 3 y 4"
LOC_ECON = 3


# --- reading the position ---------------------------------------------------------------



def afghan(sid: str) -> bool:
    return sid in board().spaces and not is_pakistan(sid)


def coin_pieces(sp: AdpSpace) -> int:
    return sum(n for k, n in sp.pieces.items() if SPEC.owner(k) in ("coalition", "government"))


def excess(state: AdpState, sid: str) -> int:
    """1.7 How many COIN pieces could leave ``sid`` with COIN Control kept (negative or 0:
    no COIN Control)."""
    sp = state.space(sid)
    coin = coin_pieces(sp)
    return coin - (sum(sp.pieces.values()) - coin) - 1


def needed_for_control(state: AdpState, sid: str) -> int:
    """1.7 How many more COIN pieces would give COIN Control of ``sid`` (0: it has it)."""
    return max(0, -excess(state, sid))


def spare(state: AdpState, sid: str, kind: str, arrived: int = 0) -> int:
    """8.1.2 How many ``kind`` may leave ``sid`` without placing or removing Control there
    (LoCs have none), less those that arrived this step (they move once)."""
    sp = state.space(sid)
    n = max(0, sp.count(kind) - arrived)
    if sid not in board().spaces:
        return n
    before = space_control(sp)
    while n > 0:
        after = sp.copy()
        after.pieces[kind] = sp.count(kind) - n
        if space_control(after) == before:
            break
        n -= 1
    return n


def taliban_guerrillas(state: AdpState, sid: str) -> int:
    return count(state, sid, (TALIBAN_UNDERGROUND, TALIBAN_ACTIVE))


def non_taliban(state: AdpState, sid: str) -> int:
    sp = state.space(sid)
    return sum(n for k, n in sp.pieces.items() if SPEC.owner(k) != "taliban")


def evenly(state: AdpState, sid: str, kinds: Sequence[str]) -> list[str]:
    """8.1.2 Police and Troops evenly, Police first: the kind the space has fewer of
    first (Police on a tie)."""
    sp = state.space(sid)
    return sorted(kinds, key=lambda k: (sp.count(k), k != POLICE))


def flip_taliban_first(actions: Sequence[Action]) -> Action | None:
    """8.6.3/8.6.4 Activate the most Taliban: a Taliban Guerrilla first (1.4.3 choice)."""
    flips = [a for a in actions if a.verb == "flip"]
    flips.sort(key=lambda a: (a["piece"] != TALIBAN_UNDERGROUND, a["space"]))
    return flips[0] if flips else None


# --- 8.6.2 Govern -----------------------------------------------------------------------

def returnees_on_map(state: AdpState) -> int:
    return sum(sp.returnees for sp in state.spaces.values())


def patronage_moves(state: AdpState, sid: str) -> bool:
    return min(pop(state, sid), state.aid, 40 - state.patronage) > 0


def govern_gain(state: AdpState, sid: str) -> bool:
    """8.6.2 Whether Governing ``sid`` by the bot's rule adds Patronage or a +1 Pop
    marker."""
    sp = state.space(sid)
    markers = returnees_on_map(state) < RETURNEES_MARKERS
    coalition_base = sp.count(COALITION_BASES) > 0
    if sp.support > 0 and not coalition_base:
        if sp.returnees:
            return patronage_moves(state, sid)
        return patronage_moves(state, sid) or markers
    if (sp.support > 0 and coalition_base and not sp.returnees) or pop(state, sid) == 0:
        return markers and not sp.returnees
    return False


def govern_spaces(state: AdpState) -> list[str]:
    """4.3.1 COIN-Controlled Afghan spaces with Support or Pop 0 where Govern adds."""
    return [s for s in board().spaces if afghan(s) and coin_controlled(state, s)
            and (state.space(s).support > 0 or pop(state, s) == 0) and govern_gain(state, s)]


def govern(state: AdpState, data: GovernmentExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    """8.6.2 GOBERNAR in up to 2 random COIN-Controlled spaces: with Support and no
    Coalition Base, a space with a +1 Pop marker transfers Patronage; without one a die
    above the +1 Pop markers on the map transfers Patronage, else +1 Pop; with Support, a
    Coalition Base and no marker, or Pop 0: +1 Pop."""
    offered = sorted({a["space"] for a in actions if a.verb in ("govern_pop", "govern_aid")})
    candidates = [s for s in offered if govern_gain(state, s)]
    if not candidates:
        return None
    sid = random_space(dice, candidates)
    sp = state.space(sid)
    add_pop = action_for(actions, "govern_pop", space=sid)
    patronage = action_for(actions, "govern_aid", space=sid)
    if sp.support > 0 and not sp.count(COALITION_BASES):
        if not sp.returnees:
            die = dice.roll("8.6.2 Govern")
            if die <= returnees_on_map(state) or not patronage_moves(state, sid):
                return add_pop or patronage
        return patronage or add_pop
    return add_pop or patronage


# --- 8.6.2 Transport --------------------------------------------------------------------

def troops_anywhere(sp: AdpSpace) -> int:
    return sp.count(GOVERNMENT_TROOPS) + sp.count(COALITION_TROOPS)


def transport_destinations(state: AdpState, origin: str, n: int) -> list[str]:
    """8.6.2 TRANSPORTAR: a Province with Police but no Troops and no COIN Base; else the
    spaces where ``n`` Troops add the most COIN-Controlled Pop (more than 0), those
    replacing Taliban Control first."""
    reach = sorted(transport_reach(state, origin))
    first = [d for d in reach if is_province(d) and state.space(d).count(POLICE)
             and not troops_anywhere(state.space(d))
             and not count(state, d, (COALITION_BASES, GOVERNMENT_BASES))]
    if first:
        return first
    gains: dict[str, int] = {}
    for d in reach:
        if not afghan(d) or coin_controlled(state, d) or pop(state, d) <= 0:
            continue
        after = state.space(d).copy()
        after.pieces[GOVERNMENT_TROOPS] = after.count(GOVERNMENT_TROOPS) + n
        if space_control(after) == "coin":
            gains[d] = pop(state, d)
    if not gains:
        return []
    ctl = control(state)
    pool = [d for d in gains if ctl[d] == "taliban"] or list(gains)
    top = max(gains[d] for d in pool)
    return [d for d in pool if gains[d] == top]


def transport_origins(state: AdpState) -> dict[str, int]:
    """8.6.2 COIN-Controlled spaces whose excess Troops (leaving at least 1 Government
    Troop) have a destination -> how many go; only those of the most excess pieces."""
    found: dict[str, tuple[int, int]] = {}
    for sid in board().spaces:
        if not afghan(sid) or not coin_controlled(state, sid):
            continue
        n = min(excess(state, sid), state.space(sid).count(GOVERNMENT_TROOPS) - 1)
        if n >= 1 and transport_destinations(state, sid, n):
            found[sid] = (excess(state, sid), n)
    if not found:
        return {}
    top = max(e for e, _ in found.values())
    return {s: n for s, (e, n) in found.items() if e == top}


def transport(state: AdpState, data: GovernmentExecution, dice: Dice,
              actions: Sequence[Action]) -> Action | None:
    mine = data.transport
    if mine.moved:
        return None
    if mine.moving:
        origin, n = mine.moving
        dests = [d for d in transport_destinations(state, origin, n)
                 if action_for(actions, "to", space=d)]
        offered = spaces_of(actions, "to")
        pick = random_space(dice, dests or offered)
        return action_for(actions, "to", space=pick)
    origins = transport_origins(state)
    if not origins:
        return None
    origin = random_space(dice, sorted(origins))
    return action_for(actions, "move_from", space=origin, count=origins[origin],
                      piece=GOVERNMENT_TROOPS)


# --- 8.6.5 Assault and Eradicate --------------------------------------------------------

Yield = tuple[int, int, int, int]


def assault_yield(state: AdpState, sid: str) -> Yield:
    """3.2.4 What a Government Assault in ``sid`` removes, targeting the Taliban, then the
    Warlords (8.6.5): (Taliban Bases, Taliban Guerrillas, Warlords Guerrillas, Warlords
    Bases).  Underground Guerrillas are not removed and protect their Bases."""
    sp = state.space(sid)
    left = assault_removals(state, GOVERNMENT, sid, False)
    out: list[int] = []
    for active, under, base in ((TALIBAN_ACTIVE, TALIBAN_UNDERGROUND, TALIBAN_BASES),
                                (WARLORDS_ACTIVE, WARLORDS_UNDERGROUND, WARLORDS_BASES)):
        guerrillas = min(left, sp.count(active))
        left -= guerrillas
        gone = 0
        if not sp.count(under) and guerrillas == sp.count(active):
            gone = min(left, sp.count(base))
            left -= gone
        out += [guerrillas, gone]
    tal_g, tal_b, wl_g, wl_b = out
    return tal_b, tal_g, wl_g, wl_b


def assault_rank(state: AdpState, sid: str) -> tuple[int, int, int, int, int]:
    """8.6.5 The most Taliban Bases, then Taliban Guerrillas, then Warlords Guerrillas;
    LoCs last."""
    y = assault_yield(state, sid)
    return (*y[:3], y[3], int(not is_loc(sid)))


def assault_candidates(state: AdpState, offered: Sequence[str] | None = None) -> list[str]:
    spaces = offered if offered is not None else [
        s for s in (*board().spaces, *board().locs)
        if assault_useful(state, GOVERNMENT, s, False)]
    return sorted(s for s in spaces if sum(assault_yield(state, s)))


def assault_strong(state: AdpState) -> bool:
    """8.6.4/8.6.5 Whether an Assault in 3 spaces (as Resources allow) with Eradicate
    could remove a Base or at least 2 Guerrillas."""
    if Eradicate().choices(state, fresh(GovernmentExecution)):
        return True
    most = min(ASSAULT_SPACES, gov_resources(state) // COST)
    best = sorted((assault_rank(state, s) for s in assault_candidates(state)),
                  reverse=True)[:most]
    taken = [sum(r[:4]) for r in best]
    base = any(r[0] or r[3] for r in best)
    guerrillas = sum(r[1] + r[2] for r in best)
    return bool(taken) and (base or guerrillas >= STRONG_GUERRILLAS)


REMOVAL_ORDER = (TALIBAN_ACTIVE, TALIBAN_BASES, WARLORDS_ACTIVE, WARLORDS_BASES)


def removal(actions: Sequence[Action]) -> Action | None:
    """8.6.5 "elige como objetivo Talibanes, después Señores de la Guerra"."""
    removes = [a for a in actions if a.verb == "remove_from"]
    removes.sort(key=lambda a: REMOVAL_ORDER.index(a["piece"])
                 if a["piece"] in REMOVAL_ORDER else len(REMOVAL_ORDER))
    return removes[0] if removes else None


def best_assault_space(state: AdpState, dice: Dice, offered: Sequence[str]) -> str | None:
    cands = assault_candidates(state, offered)
    if not cands:
        return None
    top = max(assault_rank(state, s) for s in cands)
    return random_space(dice, [s for s in cands if assault_rank(state, s) == top])


def assault(state: AdpState, data: GovernmentExecution, dice: Dice,
            actions: Sequence[Action]) -> Action | None:
    if data.assault.space and (found := removal(actions)):
        return found
    if len(data.assault.selected) >= ASSAULT_SPACES:
        return None
    sid = best_assault_space(state, dice, spaces_of(actions))
    return action_for(actions, "in", space=sid) if sid else None


def eradicate(state: AdpState, data: GovernmentExecution, dice: Dice,
              actions: Sequence[Action]) -> Action | None:
    """8.6.5 ERRADICAR in 1 or 2 spaces: Opposition first, then non-Pashtun Provinces,
    then random."""
    if len(data.eradicate.spaces) >= ERADICATE_SPACES:
        return None
    offered = spaces_of(actions)
    if not offered:
        return None
    found = tiers(offered, [lambda s: state.space(s).support < 0,
                            lambda s: not board().spaces[s].pashtun]) or offered
    return action_for(actions, "in", space=random_space(dice, found))


# --- 8.6.4 Sweep ------------------------------------------------------------------------

def sweep_sources(state: AdpState, data: GovernmentExecution, dest: str) -> dict[str, int]:
    """3.2.3 The spaces whose Troops may Sweep into ``dest`` -> how many may leave
    (8.1.2: never changing Control there)."""
    arrived = data.sweep.arrived
    out = {}
    for origin in sorted(sweep_paths(state, dest)):
        n = spare(state, origin, GOVERNMENT_TROOPS,
                  arrived.get(origin, {}).get(GOVERNMENT_TROOPS, 0))
        if n:
            out[origin] = n
    return out


def control_targets(state: AdpState, data: GovernmentExecution) -> list[str]:
    """8.6.4 First: Afghan spaces without COIN Control where enough Troops could come to
    add it, the highest Pop."""
    found = [d for d in board().spaces if afghan(d) and d not in data.sweep.selected
             and not coin_controlled(state, d)
             and sum(sweep_sources(state, data, d).values()) >= needed_for_control(state, d)]
    if not found:
        return []
    top = max(pop(state, d) for d in found)
    return [d for d in found if pop(state, d) == top]


def activation_rank(state: AdpState, sid: str) -> tuple[int, int, int]:
    """8.6.4 Then: the most Underground Taliban, then Warlords, Guerrillas the
    Government cubes there would Activate (Kabul first on a tie)."""
    cubes = count(state, sid, GOV_CUBES)
    taliban = min(cubes, state.space(sid).count(TALIBAN_UNDERGROUND))
    warlords = min(cubes - taliban, state.space(sid).count(WARLORDS_UNDERGROUND))
    return taliban, warlords, int(sid == KABUL)


def activation_targets(state: AdpState, offered: Sequence[str]) -> list[str]:
    found = [s for s in offered if sum(activation_rank(state, s)[:2])]
    if not found:
        return []
    top = max(activation_rank(state, s) for s in found)
    return [s for s in found if activation_rank(state, s) == top]


def sweep_possible(state: AdpState) -> bool:
    data = fresh(GovernmentExecution)
    return bool(control_targets(state, data) or activation_targets(
        state, [s for s in board().spaces if afghan(s)]))


def sweep(state: AdpState, data: GovernmentExecution, dice: Dice,
          actions: Sequence[Action]) -> Action | None:
    if (flip := flip_taliban_first(actions)) is not None:
        return flip
    mine = data.sweep
    dest = mine.dest
    if dest is not None and mine.selected == [dest] and not coin_controlled(state, dest) \
            and moving_in(state, data, dest):
        sources = sweep_sources(state, data, dest)
        origin = max(sorted(sources), key=lambda o: sources[o])
        n = min(sources[origin], needed_for_control(state, dest))
        found = action_for(actions, "move_from", space=origin, count=n,
                           piece=GOVERNMENT_TROOPS)
        if found is not None:
            return found
    if len(mine.selected) >= SWEEP_SPACES:
        return None
    offered = spaces_of(actions)
    if not mine.selected:
        targets = [d for d in control_targets(state, data) if d in offered]
        if targets:
            return action_for(actions, "in", space=random_space(dice, targets))
    targets = activation_targets(state, offered)
    if not targets:
        return None
    kabul_first = [KABUL] if KABUL in targets else targets
    return action_for(actions, "in", space=random_space(dice, kabul_first))


def moving_in(state: AdpState, data: GovernmentExecution, dest: str) -> bool:
    """8.6.4 The first space is the one Troops move into to add COIN Control: only if
    enough can come."""
    return sum(sweep_sources(state, data, dest).values()) >= needed_for_control(state, dest)


# --- 8.6.3 Patrol -----------------------------------------------------------------------

def patrol_targets(state: AdpState) -> list[str]:
    """8.6.3 LoCs and Kabul where the Taliban Guerrillas outnumber the non-Taliban pieces
    (Kabul, then the LoCs of the highest Econ)."""
    locs = sorted(board().locs, key=lambda loc: -board().locs[loc].econ)
    return [p for p in (KABUL, *locs) if taliban_guerrillas(state, p) > non_taliban(state, p)]


def patrol_move(state: AdpState, data: GovernmentExecution
                ) -> tuple[str, str, str, int] | None:
    """8.6.3 The next cubes to move: (destination, kind, origin, count) so that the
    Government cubes there equal the Taliban Guerrillas, 1 Police per LoC or Kabul if
    possible, the rest Troops; each from the City or Province from which most can reach
    it."""
    targets = patrol_targets(state)
    arrived = data.patrol.arrived
    for dest in [*targets, *(p for p in arrived if p not in targets)]:
        need = taliban_guerrillas(state, dest) - count(state, dest, GOV_CUBES)
        if need <= 0:
            continue
        kinds = [GOVERNMENT_TROOPS, POLICE]
        if not state.space(dest).count(POLICE):
            kinds = [POLICE, GOVERNMENT_TROOPS]
        for kind in kinds:
            sources = {o: n for o in board().spaces if o not in targets and afghan(o)
                       and dest in patrol_reach(state, o)
                       and (n := spare(state, o, kind, arrived.get(o, {}).get(kind, 0)))}
            if sources:
                origin = max(sorted(sources), key=lambda o: sources[o])
                n = 1 if kind == POLICE and kinds[0] == POLICE else min(need, sources[origin])
                return dest, kind, origin, n
    return None


def patrol_assault_yield(state: AdpState, loc: str) -> int:
    y = assault_yield(state, loc)
    return y[0] + y[1]


def patrol(state: AdpState, data: GovernmentExecution, dice: Dice,
           actions: Sequence[Action]) -> Action | None:
    mine = data.patrol
    if (flip := flip_taliban_first(actions)) is not None:
        return flip
    if mine.loc:
        return removal(actions)
    if not mine.ended:
        move = patrol_move(state, data)
        if mine.moving:
            dest = move[0] if move and move[2] == mine.moving[1] else None
            return action_for(actions, "to", space=dest) or next(
                a for a in actions if a.verb == "to")
        if move is not None:
            dest, kind, origin, n = move
            found = action_for(actions, "move_from", space=origin, piece=kind, count=n)
            if found is not None:
                return found
        return action_for(actions, "end_moves")
    locs = [a["space"] for a in actions if a.verb == "assault_loc"
            and patrol_assault_yield(state, a["space"])]
    if not locs:
        return None
    top = max(patrol_assault_yield(state, loc) for loc in locs)
    return action_for(actions, "assault_loc", space=random_loc(
        dice, [loc for loc in locs if patrol_assault_yield(state, loc) == top]))


# --- 8.6.2 Train ------------------------------------------------------------------------

def cube_cap(state: AdpState) -> int:
    """8.6.2 6 cubes a space, 4 with shaded "Night Letters" in effect (5.3)."""
    return NIGHT_LETTERS_CUBES if state.capabilities.get(NIGHT_LETTERS) == "shaded" \
        else CUBES_PER_SPACE


def base_provinces(state: AdpState) -> list[str]:
    """8.6.2 First: a Province with 3+ Government cubes, no COIN Base and room for one
    (an Available Government Base replaces 3 cubes)."""
    if not available(state)[GOVERNMENT_BASES]:
        return []
    return [s for s in board().spaces if is_province(s) and afghan(s)
            and count(state, s, GOV_CUBES) >= BASE_CUBES
            and not count(state, s, (COALITION_BASES, GOVERNMENT_BASES))
            and bases(state.space(s)) < MAX_BASES]


def cube_spaces(state: AdpState) -> list[str]:
    """8.6.2 Kabul and the spaces with COIN Bases (where Train places cubes)."""
    return [s for s in board().spaces if afghan(s) and (
        s == KABUL or count(state, s, (COALITION_BASES, GOVERNMENT_BASES)))]


def cubes_to_be_had(state: AdpState, selected: Sequence[str]) -> bool:
    left = available(state)
    return bool(left[POLICE] + left[GOVERNMENT_TROOPS]) or bool(map_sources(state, selected))


def map_sources(state: AdpState, selected: Sequence[str]) -> dict[str, dict[str, int]]:
    """8.6.2 Once no cube is Available: spaces with Coalition Bases where no Training
    took place -> the cubes each may give (8.1.2)."""
    out: dict[str, dict[str, int]] = {}
    for s in (*board().spaces, *board().locs):
        if s in selected or not state.space(s).count(COALITION_BASES):
            continue
        kinds = {k: n for k in GOV_CUBES if (n := spare(state, s, k))}
        if kinds:
            out[s] = kinds
    return out


def civic_possible(state: AdpState, sid: str) -> bool:
    """3.2.1 Civic Action could shift ``sid`` (COIN Control, Terror or short of
    Support)."""
    sp = state.space(sid)
    return coin_controlled(state, sid) and afghan(sid) and (
        bool(sp.terror) or (pop(state, sid) > 0 and sp.support < 1))


def civic_after_cubes(state: AdpState, sid: str, cubes: int) -> bool:
    after = state.space(sid).copy()
    after.pieces[POLICE] = after.count(POLICE) + cubes
    sp = state.space(sid)
    return (space_control(after) == "coin" and not sp.count(COALITION_BASES) and (
        bool(sp.terror) or (pop(state, sid) > 0 and sp.support < 1)))


def next_train_space(state: AdpState, data: GovernmentExecution, dice: Dice,
                     offered: Sequence[str]) -> str | None:
    """8.6.2 The next space to Train in: the base Province first (it needs Resources
    before the cubes), then Kabul and up to 3 spaces with COIN Bases where there are at
    most 6 cubes in excess of COIN Control, then 1 space to allow a Civic Action."""
    mine = data.train
    if not mine.selected:
        found = [s for s in base_provinces(state) if s in offered]
        if found:
            return random_space(dice, found)
    if not cubes_to_be_had(state, mine.selected):
        return None
    cubed = [s for s in mine.selected if s in cube_spaces(state)]
    if len([s for s in cubed if s != KABUL]) >= BASE_SPACES:
        return None
    cands = [s for s in cube_spaces(state) if s in offered]
    if KABUL in cubed:
        pass
    elif KABUL in cands and excess(state, KABUL) <= EXCESS_LIMIT:
        return KABUL
    first = [s for s in cands if s != KABUL and excess(state, s) <= EXCESS_LIMIT]
    if first:
        return random_space(dice, first)
    base_placed = any(s in base_provinces(state) for s in mine.selected)
    if base_placed or any(civic_possible(state, s) for s in mine.selected):
        return None
    enabling = [s for s in cands if civic_after_cubes(state, s, cube_cap(state))]
    return random_space(dice, enabling) if enabling else None


def placement(state: AdpState, data: GovernmentExecution, dice: Dice,
              actions: Sequence[Action]) -> Action | None:
    """8.6.2 Cubes from Available, Police and Troops evenly, Police first (8.1.2): half
    the room (rounded up) in Police, then the rest in Troops (the other kind when one
    runs out); once none is Available, from random spaces with Coalition Bases where no
    Training took place."""
    mine = data.train
    sid = mine.space
    if sid is None or mine.placed >= cube_cap(state):
        return None
    room = cube_cap(state) - mine.placed
    left = available(state)
    first, then = (POLICE, GOVERNMENT_TROOPS) if mine.placed == 0 else (
        GOVERNMENT_TROOPS, POLICE)
    for kind, other in ((first, then), (then, first)):
        want = (room + 1) // 2 if mine.placed == 0 and left[other] else room
        n = min(want, left[kind])
        found = action_for(actions, "place_pieces", count=n, piece=kind) if n else None
        if found is not None:
            return found
    sources = map_sources(state, mine.selected)
    for kind in evenly(state, sid, GOV_CUBES):
        origins = [o for o, kinds in sources.items() if kind in kinds
                   and action_for(actions, "take_from", count=1, piece=kind, space=o)]
        if origins:
            origin = random_space(dice, origins)
            return action_for(actions, "take_from", count=1, piece=kind, space=origin)
    return None


def base_replacement(state: AdpState, sid: str, actions: Sequence[Action]) -> Action | None:
    """8.1.2 The 3 cubes replaced: Police and Troops evenly, Police first."""
    sp = state.space(sid)
    take = {POLICE: 0, GOVERNMENT_TROOPS: 0}
    for _ in range(BASE_CUBES):
        kinds = sorted(GOV_CUBES, key=lambda k: (-(sp.count(k) - take[k]), k != POLICE))
        kind = next(k for k in kinds if sp.count(k) > take[k])
        take[kind] += 1
    return action_for(actions, "replace_base", space=sid, troops=take[GOVERNMENT_TROOPS],
                      police=take[POLICE])


def train(state: AdpState, data: GovernmentExecution, dice: Dice,
          actions: Sequence[Action]) -> Action | None:
    mine = data.train
    if mine.extra is not None:
        if mine.extra_kind == "civic":       # as far as possible toward Support
            return action_for(actions, "civic", space=mine.extra)
        return None
    if (found := placement(state, data, dice, actions)) is not None:
        return found
    sid = next_train_space(state, data, dice, spaces_of(actions))
    if sid is not None and (found := action_for(actions, "in", space=sid)):
        return found
    base = [s for s in mine.selected if s in base_provinces(state)]
    if base and (found := base_replacement(state, base[0], actions)) is not None:
        return found
    civic = [s for s in mine.selected if action_for(actions, "civic", space=s)
             and not state.space(s).count(COALITION_BASES)
             and (state.space(s).terror or state.space(s).support < 1)]
    if civic:
        return action_for(actions, "civic", space=random_space(dice, civic))
    return None


# --- 8.6 which Operation ----------------------------------------------------------------

def government_available(state: AdpState) -> int:
    left = available(state)
    return left[GOVERNMENT_TROOPS] + left[POLICE] + left[GOVERNMENT_BASES]


def train_trigger(state: AdpState) -> bool:
    """8.6.2 15+ Government pieces Available, or Govern could add Patronage or a +1 Pop
    marker (4.3.1)."""
    return government_available(state) >= TRAIN_TRIGGER or bool(govern_spaces(state))


def patrol_trigger(state: AdpState) -> bool:
    """8.6.3 On some LoC or in Kabul the Taliban Guerrillas outnumber the non-Taliban
    pieces -- and Patrol is possible: some cube can move there."""
    return bool(patrol_targets(state)) and patrol_move(
        state, fresh(GovernmentExecution)) is not None


def choose_op(state: AdpState, actions: Sequence[Action]) -> tuple[Action, str]:
    """8.6 Train, else Patrol, else Sweep, else Assault, else Pass (8.1: the Event is not
    chosen -- docs/rules-choices.md); an Operation not offered goes to the next."""
    offered = by_text(actions)

    def op(name: str) -> Action | None:
        return offered.get(name) or offered.get(f"limited {name}")

    train_op, patrol_op, sweep_op, assault_op = (
        op(n) for n in ("train", "patrol", "sweep", "assault"))
    if train_op and train_trigger(state):
        return train_op, "8.6.2 Train"
    if patrol_op and patrol_trigger(state):
        return patrol_op, "8.6.3 Patrol"
    strong = assault_strong(state)
    if sweep_op and not strong and sweep_possible(state):
        return sweep_op, "8.6.4 Sweep: an Assault would remove little"
    if assault_op and assault_candidates(state):
        return assault_op, "8.6.5 Assault"
    passing = offered.get("pass")
    if passing is not None:
        return passing, "8.6.5 nothing possible: Pass"
    return actions[0], "only choice"


# --- the execution ----------------------------------------------------------------------

Chooser = Callable[[AdpState, GovernmentExecution, Dice, Sequence[Action]], Action | None]
OP_CHOOSERS: dict[str, Chooser] = {"train": train, "patrol": patrol, "sweep": sweep,
                                   "assault": assault}
SA_CHOOSERS: dict[str, Chooser] = {"govern": govern, "transport": transport,
                                   "eradicate": eradicate}
# 8.6.2-8.6.5 the Special Activities tried after each Operation, in order
SA_ORDER = {"train": ("govern", "transport"), "patrol": ("govern", "transport"),
            "sweep": ("transport",), "assault": ("eradicate", "transport")}


def sa_possible(state: AdpState, name: str) -> bool:
    if name == "govern":
        return bool(govern_spaces(state))
    if name == "transport":
        return bool(transport_origins(state))
    return bool(Eradicate().choices(state, fresh(GovernmentExecution)))


def choose_sa(state: AdpState, data: GovernmentExecution, actions: Sequence[Action]
              ) -> Action | None:
    """8.6.2-8.6.5 The Special Activity after the Operation: Govern, else Transport (Train,
    Patrol); Transport (Sweep); Eradicate, else Transport (Assault); none if not
    possible."""
    offered = {a["activity"]: a for a in actions if a.verb == "activity"}
    for name in SA_ORDER.get(data.op, ()):
        if name in offered and sa_possible(state, name):
            return offered[name]
    return None


def execution(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """One choice of the Government's Operation or Special Activity (8.1.1: each step to
    the full; the Special Activity once the Operation's spaces are done; then done)."""
    data = state.step.of(GovernmentExecution)
    special = special_activity(state, data, dice, actions, SA_CHOOSERS,
                               lambda sa: f"8.6 {sa}")
    if special is not None:
        return special
    if not data.sa_done:
        op_chooser = OP_CHOOSERS.get(data.op)
        found = op_chooser(state, data, dice, actions) if op_chooser else None
        if found is not None:
            return found, f"8.6 {data.op}"
        if (flip := flip_taliban_first(actions)) is not None:
            return flip, "1.4.3 Activation"
        sa = choose_sa(state, data, actions)
        if sa is not None:
            return sa, "8.6 Special Activity"
    return go_on(actions)


# --- 8.6.6 Civic Action -----------------------------------------------------------------

def civic_action(state: AdpState, dice: Dice, actions: Sequence[Action]
                 ) -> tuple[Action, str]:
    """8.6.6 Civic Action to remove all the Opposition possible (the highest Pop first,
    then the fewest Terror markers);
    then, unless this is the final Propaganda Round, Support where no Coalition Base is."""
    offered = spaces_of(actions, "civic")
    done = action_for(actions, "done")

    def best(spaces: list[str]) -> str:
        """The highest Pop, then the fewest Terror markers (the cheapest), then 8.2."""
        top = max((pop(state, s), -state.space(s).terror) for s in spaces)
        return random_space(dice, [s for s in spaces
                                   if (pop(state, s), -state.space(s).terror) == top])

    opposed = [s for s in offered if state.space(s).support < 0]
    if opposed:
        return action_for(actions, "civic", space=best(opposed)) or actions[0], \
            "8.6.6 remove Opposition"
    if not final_round(state):
        neutral = [s for s in offered if state.space(s).support < 1 and pop(state, s) > 0
                   and not state.space(s).count(COALITION_BASES)]
        if neutral:
            return action_for(actions, "civic", space=best(neutral)) or actions[0], \
                "8.6.6 add Support"
    return (done or actions[0]), "8.6.6 done"


# --- 6.5.1 Desertion, 8.6.7 Redeploy ----------------------------------------------------

def desertion(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """6.5.1 by 8.1.2: friendly Police and Troops removed evenly, Police first."""
    spaces = sorted({a["space"] for a in actions if a.verb == "desert"})
    sid = spaces[0]
    sp = state.space(sid)
    for kind in sorted(GOV_CUBES, key=lambda k: (-sp.count(k), k != POLICE)):
        found = action_for(actions, "desert", space=sid, piece=kind)
        if found is not None:
            return found, "8.1.2 Police and Troops evenly"
    return actions[0], "6.5.1"


def troop_redeploy(state: AdpState, dice: Dice, actions: Sequence[Action]
                   ) -> tuple[Action, str]:
    """8.6.7 COIN Control of Kabul first, then the Government Troops spread evenly."""
    moves = [a for a in actions if a.verb == "redeploy"]
    origin = sorted(a["origin"] for a in moves)[0]
    mine = [a for a in moves if a["origin"] == origin]
    dests = sorted({a["destination"] for a in mine})
    if KABUL in dests and not coin_controlled(state, KABUL):
        dest = KABUL
        why = "8.6.7 COIN Control of Kabul"
    else:
        fewest = min(state.space(d).count(GOVERNMENT_TROOPS) for d in dests)
        dest = random_space(dice, [d for d in dests
                                   if state.space(d).count(GOVERNMENT_TROOPS) == fewest])
        why = "8.6.7 Troops evenly"
    found = action_for(mine, "redeploy", destination=dest)
    return (found or mine[0]), why


def police_sources(state: AdpState, data: Redeploy, actions: Sequence[Action], dest: str,
                   keep_locs: bool = True) -> dict[str, int]:
    """The spaces a Police may leave for ``dest`` -> how many (8.1.2: no Control placed
    or removed there; the 2 Police of an Econ 3-4 LoC stay)."""
    out = {}
    for o in sorted({a["origin"] for a in actions if a.verb == "redeploy"
                     and a["destination"] == dest}):
        n = spare(state, o, POLICE, data.arrived.get(o, 0))
        if keep_locs and o in board().locs and board().locs[o].econ >= LOC_ECON:
            n = max(0, n - LOC_POLICE)
        if n:
            out[o] = n
    return out


def police_redeploy(state: AdpState, dice: Dice, actions: Sequence[Action]
                    ) -> tuple[Action, str]:
    """8.6.7 Police to keep Control (Kabul first, then the highest Pop), then 2 Police on
    each Econ 3 and 4 LoC, taken from the Provinces and Kabul as evenly as possible (the
    one with the most to spare first)."""
    data = state.step.of(Redeploy)
    done = action_for(actions, "done")
    lost = [s for s in board().spaces if data.frozen.get(s) == "coin"
            and not coin_controlled(state, s)]
    lost.sort(key=lambda s: (s != KABUL, -pop(state, s), s))
    for dest in lost:
        sources = police_sources(state, data, actions, dest)
        if sum(sources.values()) >= needed_for_control(state, dest):
            origin = max(sources, key=lambda o: (o in board().locs, sources[o]))
            found = action_for(actions, "redeploy", origin=origin, destination=dest)
            if found is not None:
                return found, "8.6.7 keep Control"
    econ = sorted((loc for loc, d in board().locs.items() if d.econ >= LOC_ECON),
                  key=lambda loc: -board().locs[loc].econ)
    for loc in econ:
        if state.space(loc).count(POLICE) >= LOC_POLICE:
            continue
        sources = {o: n for o, n in police_sources(state, data, actions, loc).items()
                   if o in board().spaces}
        if sources:
            top = max(sources.values())
            origin = random_space(dice, [o for o, n in sources.items() if n == top])
            found = action_for(actions, "redeploy", origin=origin, destination=loc)
            if found is not None:
                return found, "8.6.7 2 Police on each Econ 3-4 LoC"
    return (done or actions[0]), "8.6.7 done"


ANSWERS = {"civic": civic_action, "desertion": desertion, "redeploy_troops": troop_redeploy,
           "redeploy_police": police_redeploy}


def answer(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """The Government's other questions: Civic Action (8.6.6), Desertion (6.5.1, 8.1.2),
    Redeploy (8.6.7); any other is ended as soon as it may be (rule 8 says nothing; as
    ``policy.end_it``)."""
    found = ANSWERS.get(state.step.name)
    if found is not None:
        return found(state, dice, actions)
    ending = [a for a in actions if a.verb in ("done", "stop", "cancel")]
    return (ending or list(actions))[0], "no rule: ended"
