"""8.8 The Non-player Coalition: which Operation (Train, else Sweep, else Assault, else
Pass), each choice of the Operation (8.8.2-8.8.4) and of its Special Activity (Surge or
Air Lift after Train; Air Lift or Air Strike with Sweep and Assault), and its Propaganda
Round answers (8.8.5 Civic Action, 8.8.6 Redeploy), always among the choices offered.

Every chooser reads the state and the execution step's data, so a decision is the same
when it is taken again from the log (its dice come from ``Dice``).  The plans that must
outlive a choice are logged in the step's data (a ``StepNoted`` before the bot's action):
the Surge's, which its own die decides (8.8.2), as the Surge's ``planned`` choices; the
Train's Civic Action spaces (8.8.2 via 8.8.5, 2 with unshaded "PRTs"), chosen with its
first space, as the Train's ``civic_planned``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.coin.effects import note
from engine.core.actions import Action
from engine.games.adp.derived import available, bases, board, pop, space_control
from engine.games.adp.in_effect import PRTS
from engine.games.adp.np.common import action_for, by_text, go_on, special_activity, tiers
from engine.games.adp.np.dice import Dice, random_space
from engine.games.adp.ops.coalition import FUNDING, CoalitionExecution, SurgeData
from engine.games.adp.ops.coin_ops import (
    COST,
    KABUL,
    PRTS_CIVIC_SPACES,
    TrainData,
    assault_removals,
    coin_controlled,
    gov_resources,
    is_pakistan,
    places,
)
from engine.games.adp.spec import (
    COALITION_BASES,
    COALITION_TROOPS,
    GOVERNMENT_BASES,
    GOVERNMENT_TROOPS,
    POLICE,
    TALIBAN_ACTIVE,
    TALIBAN_BASES,
    TALIBAN_UNDERGROUND,
    WARLORDS_ACTIVE,
    WARLORDS_BASES,
    WARLORDS_UNDERGROUND,
)
from engine.games.adp.state import AdpSpace, AdpState
from engine.games.adp.vocabulary import verb

COALITION = "coalition"
TALIBAN_WITH_COIN = 4      # 8.8.2 Train if fewer; 8.8.3 Sweep if 4 or more
STRONG_ASSAULT = 4         # 8.8.3-8.8.4 an Assault removing a Base or 4+ Taliban pieces
PATRONAGE_HIGH = 20        # 8.8.2 "si el Patrocinio pasa de 20"
GOVERNMENT_LOW = 3         # 8.8.2 "o el Gobierno tiene menos de 3 Recursos"
PATRONAGE_MOVED = 3        # 8.8.2 "exactamente 3 de Patrocinio"
TRAIN_SPACES = 3           # 8.8.2 "hasta 3 casillas"
MOST_PER_SPACE = 6         # 3.2.1 up to 6 cubes per space
GOVERNMENT_EXCESS = 6      # 8.8.2 "sin más de 6 fichas del Gobierno por encima"
POLICE_FROM_MAP = 3        # 8.8.2 "hasta 3 por casilla Entrenada"
SA_SPACES = 3              # 4.2.1-4.2.3 up to 3 spaces
AIR_LIFT_ORIGINS = 2       # 8.8.2 "desde las 2 casillas"
AIR_LIFT_GOVERNMENT = 3    # 4.2.2 up to 3 Government Troops
# Capabilities (5.3) the rules name, by card number (data/deck.toml)
ISR, PREDATORS, ACCIDENTAL_GUERRILLAS = "1", "2", "34"

BRING, ROLL, REMOVE_FROM = (verb(v) for v in ("bring", "roll", "remove_from"))
TALIBAN = (TALIBAN_UNDERGROUND, TALIBAN_ACTIVE, TALIBAN_BASES)
COIN = (COALITION_TROOPS, COALITION_BASES, GOVERNMENT_TROOPS, POLICE, GOVERNMENT_BASES)
Pieces = Mapping[str, int]


# --- reading the position ---------------------------------------------------------------

def count(pieces: Pieces, kinds: Sequence[str]) -> int:
    return sum(pieces.get(k, 0) for k in kinds)


def taliban_with_coin(state: AdpState) -> int:
    """8.8.2/8.8.3 The Taliban pieces in all spaces with COIN pieces (a total: the Sweep's
    "4 o más Talibanes están con fichas COIN" -- docs/rules-choices.md)."""
    return sum(count(state.space(p).pieces, TALIBAN) for p in places()
               if count(state.space(p).pieces, COIN))


def capability(state: AdpState, card: str, side: str) -> bool:
    return state.capabilities.get(card) == side


def excess(pieces: Pieces) -> int:
    """How many COIN pieces may leave without ending COIN Control (1.7, 8.1.2 #9)."""
    coin = count(pieces, COIN)
    return max(0, coin - (sum(pieces.values()) - coin) - 1)


def government_excess(pieces: Pieces) -> int:
    """8.8.2 The Government pieces beyond those COIN Control needs."""
    coin = count(pieces, COIN)
    others = sum(pieces.values()) - coin
    gov = count(pieces, (GOVERNMENT_TROOPS, POLICE, GOVERNMENT_BASES))
    needed = max(0, others + 1 - (coin - gov))
    return gov - needed


def next_propaganda_final(state: AdpState) -> bool:
    """8.8.2, 2.4.1 The next Propaganda Round is the final one."""
    return state.propaganda_played + 1 >= state.propaganda_in_deck


def offered_spaces(actions: Sequence[Action], verb_name: str) -> list[str]:
    return list(dict.fromkeys(a["space"] for a in actions if a.verb == verb_name))


# --- 3.2.4 what an Assault would remove --------------------------------------------------

@dataclass(frozen=True)
class Removal:
    """What ``n`` removals take in a space (Taliban first, then Warlords; Bases last)."""

    guerrillas: int = 0
    bases: int = 0
    warlords: int = 0

    @property
    def taliban(self) -> int:
        return self.guerrillas + self.bases

    @property
    def total(self) -> int:
        return self.taliban + self.warlords


def removal(pieces: Pieces, n: int) -> Removal:
    """3.2.4 Active Guerrillas, then a Faction's Bases once it has no Guerrilla there."""
    taken: list[int] = []
    for active, under, base in ((TALIBAN_ACTIVE, TALIBAN_UNDERGROUND, TALIBAN_BASES),
                                (WARLORDS_ACTIVE, WARLORDS_UNDERGROUND, WARLORDS_BASES)):
        g = min(max(n, 0), pieces.get(active, 0))
        n -= g
        b = 0
        if g == pieces.get(active, 0) and not pieces.get(under, 0):
            b = min(max(n, 0), pieces.get(base, 0))
            n -= b
        taken += [g, b]
    return Removal(taken[0], taken[1], taken[2] + taken[3])


Lifted = Mapping[str, tuple[int, int]]   # space -> Coalition, Government Troops in (or out)


def assault_count(state: AdpState, sid: str, paid: bool,
                  extra: tuple[int, int] = (0, 0)) -> int:
    """3.2.4 The Coalition's removals in ``sid``, with ``extra`` Troops Air Lifted in (the
    Government's count only if paid for)."""
    more = extra[0] + (extra[1] if paid else 0)
    return max(0, assault_removals(state, COALITION, sid, paid) + more)


def lifted(moves: Sequence[tuple[str, int, int]], dest: str) -> dict[str, tuple[int, int]]:
    """The Troops an Air Lift takes out of its origins and into ``dest``."""
    out = {dest: (sum(c for _, c, _ in moves), sum(g for _, _, g in moves))}
    for origin, c, g in moves:
        out[origin] = (-c, -g)
    return out


def assault_spaces(state: AdpState, extra: Lifted) -> dict[str, Removal]:
    """8.8.4 What all Coalition Troops (and those Air Lifted, ``extra``) remove in each
    space; Government cubes paid for in the first space where they add, and wherever
    they remove a Base (within the Government's Resources)."""
    out: dict[str, Removal] = {}
    budget = gov_resources(state) // COST
    plain = {sid: removal(state.space(sid).pieces,
                          assault_count(state, sid, False, extra.get(sid, (0, 0))))
             for sid in places() if assault_count(state, sid, False, extra.get(sid, (0, 0)))}
    first = True
    for sid in sorted(plain, key=lambda s: order_key(state, s, plain[s])):
        paid = removal(state.space(sid).pieces, assault_count(state, sid, True,
                                                               extra.get(sid, (0, 0))))
        use = budget > 0 and (paid.bases > plain[sid].bases or (
            first and paid.total > plain[sid].total))
        if paid.total > plain[sid].total:
            first = False
        if use:
            budget -= 1
        out[sid] = paid if use else plain[sid]
    return {s: r for s, r in out.items() if r.total}


def order_key(state: AdpState, sid: str, r: Removal) -> tuple[int, int, int, int]:
    """8.8.4 The most Taliban Bases, then Guerrillas, then the highest Pop (LoCs: 0)."""
    p = pop(state, sid) if sid in board().spaces else 0
    return (-r.bases, -r.guerrillas, -p, -r.warlords)


def strike_targets(state: AdpState, after: Mapping[str, Pieces]) -> list[tuple[str, bool]]:
    """4.2.3 The spaces (not Kabul) where an Air Strike could remove a Taliban piece once
    the Assault is over, and whether it would be a Base."""
    out = []
    for sid in places():
        if sid == KABUL:
            continue
        pieces = after.get(sid, state.space(sid).pieces)
        if pieces.get(TALIBAN_ACTIVE, 0):
            out.append((sid, False))
        elif pieces.get(TALIBAN_BASES, 0) and not pieces.get(TALIBAN_UNDERGROUND, 0):
            out.append((sid, True))
    return out


def after_assault(state: AdpState, plan: Mapping[str, Removal]) -> dict[str, dict[str, int]]:
    out = {}
    for sid, r in plan.items():
        pieces = dict(state.space(sid).pieces)
        pieces[TALIBAN_ACTIVE] = pieces.get(TALIBAN_ACTIVE, 0) - r.guerrillas
        pieces[TALIBAN_BASES] = pieces.get(TALIBAN_BASES, 0) - r.bases
        out[sid] = pieces
    return out


@dataclass(frozen=True)
class Outcome:
    """What an Assault with a Special Activity removes: Taliban pieces, Taliban Bases,
    Guerrillas (Taliban and Warlords)."""

    taliban: int
    bases: int
    guerrillas: int

    @property
    def strong(self) -> bool:
        return self.bases > 0 or self.taliban >= STRONG_ASSAULT


def with_air_strike(state: AdpState) -> Outcome:
    plan = assault_spaces(state, {})
    if not plan:      # no Assault at all: nothing for the Air Strike to go with
        return Outcome(0, 0, 0)
    strikes = strike_targets(state, after_assault(state, plan))
    struck = sorted(strikes, key=lambda t: not t[1])[:SA_SPACES]
    base_hits = sum(1 for _, b in struck if b)
    return Outcome(sum(r.taliban for r in plan.values()) + len(struck),
                   sum(r.bases for r in plan.values()) + base_hits,
                   sum(r.guerrillas + r.warlords for r in plan.values()) + len(struck)
                   - base_hits)


def with_air_lift(state: AdpState, dest: str) -> Outcome:
    plan = assault_spaces(state, lifted(lift_moves(state, dest), dest))
    return Outcome(sum(r.taliban for r in plan.values()),
                   sum(r.bases for r in plan.values()),
                   sum(r.guerrillas + r.warlords for r in plan.values()))


def air_lift_target(state: AdpState, dice: Dice | None) -> str | None:
    """8.8.4 The space where an Air Lift before the Assault removes 4+ Taliban pieces, or
    a Taliban Base the Assault with an Air Strike would not: the one removing the most."""
    strike = with_air_strike(state)
    without = assault_spaces(state, {})
    found: dict[str, int] = {}
    for dest in (s.id for s in board().afghan):
        moves = lift_moves(state, dest)
        if not moves:
            continue
        plan = assault_spaces(state, lifted(moves, dest))
        there = plan.get(dest, Removal())
        if there.taliban <= without.get(dest, Removal()).taliban:
            continue
        bases_lifted = sum(r.bases for r in plan.values())
        if there.taliban >= STRONG_ASSAULT or bases_lifted > strike.bases:
            found[dest] = sum(r.taliban for r in plan.values())
    if not found:
        return None
    top = max(found.values())
    best = [s for s, n in found.items() if n == top]
    return random_space(dice, best) if dice is not None else sorted(best)[0]


def assault_outcome(state: AdpState) -> Outcome:
    """8.8.3-8.8.4 The best an Assault with Air Lift or Air Strike removes."""
    best = with_air_strike(state)
    for dest in (s.id for s in board().afghan):
        if lift_moves(state, dest):
            lifted = with_air_lift(state, dest)
            if (lifted.bases, lifted.taliban) > (best.bases, best.taliban):
                best = lifted
    return best


# --- 8.8.2 Air Lift: 2 origins, the most Troops beyond Control ------------------------------

def lift_moves(state: AdpState, dest: str, used: Sequence[str] = (),
               government_moved: int = 0) -> list[tuple[str, int, int]]:
    """8.8.2 The 2 COIN-Controlled spaces with the most Troops in excess of Control and
    the Coalition and Government Troops each may send (never the last of either, never
    losing Control, at most 3 Government Troops in all); origins already used come
    first.  Ties: map order (so the plan stays the same from one choice to the next)."""
    found = []
    for space in board().afghan:
        sid = space.id
        if sid == dest or not coin_controlled(state, sid):
            continue
        sp = state.space(sid).pieces
        slack = excess(sp)
        c = min(max(0, sp.get(COALITION_TROOPS, 0) - 1), slack)
        g = min(max(0, sp.get(GOVERNMENT_TROOPS, 0) - 1), slack - c)
        if c + g:
            found.append((sid in used, c + g, sid, c, g))
    found.sort(key=lambda t: (not t[0], -t[1]))
    out = []
    gov_left = AIR_LIFT_GOVERNMENT - government_moved
    for _, _, sid, c, g in found[:AIR_LIFT_ORIGINS]:
        g = min(g, gov_left)
        gov_left -= g
        if c + g:
            out.append((sid, c, g))
    return out


def control_target(state: AdpState, dice: Dice | None) -> str | None:
    """8.8.2 Air Lift after Train: the 1 space the Troops would bring under COIN Control,
    first where the Taliban are, then the highest Pop."""
    cands = []
    for space in board().afghan:
        sid = space.id
        if coin_controlled(state, sid):
            continue
        sp = state.space(sid).pieces
        coin = count(sp, COIN)
        needed = sum(sp.values()) - 2 * coin + 1
        moving = sum(c + g for _, c, g in lift_moves(state, sid))
        if moving and moving >= needed:
            cands.append(sid)
    found = tiers(cands, [lambda s: count(state.space(s).pieces, TALIBAN) > 0]) or cands
    if not found:
        return None
    top = max(pop(state, s) for s in found)
    best = [s for s in found if pop(state, s) == top]
    return random_space(dice, best) if dice is not None else sorted(best)[0]


def sweep_lift_target(state: AdpState, dice: Dice | None) -> str | None:
    """8.8.3 The Sweep space where an Air Lift would Activate the last Taliban Guerrilla
    (not Activated otherwise): the one where it Activates the most."""
    found: dict[str, int] = {}
    for space in board().afghan:
        sid = space.id
        sp = state.space(sid).pieces
        if not count(sp, (COALITION_TROOPS, COALITION_BASES)):
            continue
        cubes = count(sp, (COALITION_TROOPS, GOVERNMENT_TROOPS, POLICE))
        under = sp.get(TALIBAN_UNDERGROUND, 0)
        moving = sum(c + g for _, c, g in lift_moves(state, sid))
        if cubes < under <= cubes + moving:
            found[sid] = under - cubes
    if not found:
        return None
    top = max(found.values())
    best = [s for s, n in found.items() if n == top]
    return random_space(dice, best) if dice is not None else sorted(best)[0]


def sweep_activates(state: AdpState) -> bool:
    """8.8.3 A Sweep where the Coalition is would Activate a Guerrilla."""
    for space in board().afghan:
        sp = state.space(space.id).pieces
        if count(sp, (COALITION_TROOPS, COALITION_BASES)) and count(
                sp, (COALITION_TROOPS, GOVERNMENT_TROOPS, POLICE)) and count(
                sp, (TALIBAN_UNDERGROUND, WARLORDS_UNDERGROUND)):
            return True
    return False


# --- 8.8.2 Train: which spaces --------------------------------------------------------------

def patronage_first(state: AdpState, paid: int = 0) -> bool:
    """8.8.2 Train in Kabul to move 3 Patronage: Patronage over 20 or the Government
    under 3 Resources (``paid``: what this Train has cost it so far), and 3 to move."""
    before = gov_resources(state) + paid
    return state.patronage >= PATRONAGE_MOVED and (
        state.patronage > PATRONAGE_HIGH or before < GOVERNMENT_LOW)


def civic_shift(state: AdpState, sid: str, resources: int) -> int:
    """8.8.5 The levels Civic Action could shift ``sid`` toward Support (Terror first)."""
    if not coin_controlled(state, sid) or is_pakistan(sid) or pop(state, sid) <= 0:
        return 0
    sp = state.space(sid)
    return max(0, min(1 - sp.support, resources // COST - sp.terror))


def civic_cost(state: AdpState, sid: str, resources: int) -> int:
    """8.8.5 What that Civic Action costs: each Terror marker removed and each level."""
    shift = civic_shift(state, sid, resources)
    return (state.space(sid).terror + shift) * COST if shift else 0


def civic_shifts(state: AdpState, spaces: Sequence[str], resources: int) -> list[int]:
    """8.8.2 The shift of each Civic Action space, bought in turn from ``resources``."""
    out = []
    for sid in spaces:
        out.append(civic_shift(state, sid, resources))
        resources -= civic_cost(state, sid, resources)
    return out


def civic_kept(state: AdpState, spaces: Sequence[str], spent: int = COST) -> bool:
    """8.8.2 Spending ``spent`` more Resources (a space's cubes) leaves every Civic Action
    space its whole shift (the Civic Action is bought last, 3.2.1)."""
    res = gov_resources(state)
    return civic_shifts(state, spaces, res - spent) == civic_shifts(state, spaces, res)


def civic_pick(state: AdpState, dice: Dice, spaces: Sequence[str], resources: int
               ) -> str | None:
    """8.8.5 The largest shift, then the fewest Terror markers, then random."""
    shifts = {s: civic_shift(state, s, resources) for s in spaces}
    found = [s for s in spaces if shifts[s]]
    if not found:
        return None
    top = max(shifts[s] for s in found)
    found = [s for s in found if shifts[s] == top]
    least = min(state.space(s).terror for s in found)
    return random_space(dice, [s for s in found if state.space(s).terror == least])


def base_spaces(state: AdpState) -> list[str]:
    """8.8.2 "Finalmente": Coalition Bases with no more than 6 Government pieces beyond
    what COIN Control needs."""
    return [s.id for s in board().afghan if state.space(s.id).count(COALITION_BASES)
            and government_excess(state.space(s.id).pieces) <= GOVERNMENT_EXCESS]


def cubes_to_place(state: AdpState) -> bool:
    left = available(state)
    return bool(left[GOVERNMENT_TROOPS] + left[POLICE]) or any(
        state.space(p).count(POLICE) for p in places())


def train_selectable(state: AdpState, sid: str) -> bool:
    """3.2.1 The Coalition Trains in Kabul or where it has pieces."""
    return sid == KABUL or bool(count(state.space(sid).pieces,
                                      (COALITION_TROOPS, COALITION_BASES)))


def train_possible(state: AdpState) -> bool:
    """8.8.2 Some Train the Non-player does: the Patronage in Kabul, a Civic Action that
    shifts, or cubes at Coalition Bases."""
    if patronage_first(state):
        return True
    afghan = [s.id for s in board().afghan if train_selectable(state, s.id)]
    if any(civic_shift(state, s, gov_resources(state)) for s in afghan):
        return True
    return gov_resources(state) >= COST and cubes_to_place(state) and bool(base_spaces(state))


# --- 8.8 which Operation --------------------------------------------------------------------

def accidental_pass(state: AdpState, outcome: Outcome) -> bool:
    """8.8.4 Shaded "Accidental Guerrillas": an Assault removing only 1 Guerrilla: Pass."""
    return capability(state, ACCIDENTAL_GUERRILLAS, "shaded") and outcome.guerrillas == 1


def choose_op(state: AdpState, actions: Sequence[Action]) -> tuple[Action, str]:
    """8.8 Train, else Sweep, else Assault, else Pass (8.1: no Event, docs/rules-choices.md;
    the Coalition may Operate whatever the Government's Resources)."""
    offered = by_text(actions)

    def op(name: str) -> Action | None:
        return offered.get(name) or offered.get(f"limited {name}")

    train, sweep, assault = op("train"), op("sweep"), op("assault")
    with_coin = taliban_with_coin(state)
    if train and with_coin < TALIBAN_WITH_COIN and train_possible(state):
        return train, "8.8.2 Train: fewer than 4 Taliban pieces with COIN pieces"
    outcome = assault_outcome(state)
    if sweep and with_coin >= TALIBAN_WITH_COIN and not outcome.strong \
            and sweep_activates(state):
        return sweep, "8.8.3 Sweep: 4+ Taliban with COIN pieces, no strong Assault"
    if assault and assault_spaces(state, {}) and not accidental_pass(state, outcome):
        return assault, "8.8.4 Assault"
    passing = offered.get("pass")
    if passing is not None:
        return passing, "8.8.4 no such Assault: Pass"
    return actions[0], "only choice"


# --- 8.8.2 Train ------------------------------------------------------------------------------

Found = Action | None


def civic_count(state: AdpState, data: CoalitionExecution) -> int:
    """8.8.2 "en 1 casillas -2 si la parte sin sombrear de 'PRTs' está vigente (5.3)" (a
    Limited Operation has 1 space, 2.3.5)."""
    if not data.limited and capability(state, PRTS, "unshaded"):
        return PRTS_CIVIC_SPACES
    return 1


def civic_plan(state: AdpState, data: CoalitionExecution, dice: Dice) -> list[str]:
    """8.8.2 The Civic Action spaces: those noted once the Train has a space; before its
    first (unless Kabul's Patronage comes first) by 8.8.5 -- the largest shift, then the
    fewest Terror, then 8.2 -- the 2nd (unshaded "PRTs") for the Resources the 1st
    space's Civic Action leaves."""
    mine = data.train
    if mine.selected or patronage_first(state):
        return mine.civic_planned
    spaces = [s.id for s in board().afghan if train_selectable(state, s.id)]
    res = gov_resources(state)
    plan: list[str] = []
    for _ in range(civic_count(state, data)):
        sid = civic_pick(state, dice, [s for s in spaces if s not in plan], res)
        if sid is None:
            break
        plan.append(sid)
        res -= civic_cost(state, sid, res)
    return plan


def train_plan(state: AdpState, data: CoalitionExecution, plan: Sequence[str],
               dice: Dice) -> str | None:
    """8.8.2 The next space to Train in: Kabul for the Patronage, else the Civic Action
    spaces (``plan``); then Coalition Bases (up to 3 spaces in all), each while the Civic
    Actions keep their whole shifts."""
    mine = data.train
    if len(mine.selected) >= TRAIN_SPACES:
        return None
    if not mine.selected and patronage_first(state):
        return KABUL
    civic = [s for s in plan if s not in mine.selected]
    if civic:
        return civic[0]
    if gov_resources(state) < COST or not cubes_to_place(state):
        return None
    if not civic_kept(state, plan):
        return None   # the Civic Action (bought last, 3.2.1) keeps its Resources
    cands = [s for s in base_spaces(state) if s not in mine.selected]
    return random_space(dice, cands) if cands else None


def keeps_control(state: AdpState, sid: str, kind: str) -> bool:
    """8.1.2 #9 Taking 1 ``kind`` out of ``sid`` leaves its Control as it is."""
    if sid not in board().spaces:
        return True
    pieces = dict(state.space(sid).pieces)
    before = space_control(state.space(sid))
    pieces[kind] = pieces.get(kind, 0) - 1
    return space_control(AdpSpace(pieces)) == before


def available_cubes_only(data: CoalitionExecution, sid: str) -> bool:
    """8.8.2 Kabul's Patronage space and the Civic Action spaces get Available cubes;
    Police from the map go to the Coalition Bases of "Finalmente" only."""
    mine = data.train
    return sid in mine.civic_planned or sid == mine.selected[0] == KABUL


def placement(state: AdpState, data: CoalitionExecution, dice: Dice,
              actions: Sequence[Action]) -> Found:
    """8.8.2 Available cubes, as many as may be, Police and Troops evenly, Police first
    (8.1.2) -- in a Civic Action space only if every Civic Action keeps its whole shift;
    at the Coalition Bases of "Finalmente", once none is Available, Police from the spaces
    with the most, up to 3 in the space (never changing Control where it leaves, 8.1.2)."""
    mine = data.train
    sid = mine.space
    if sid is None:
        return None
    sp = state.space(sid)
    planned = mine.civic_planned
    if sid in planned and sid not in mine.paid and not civic_kept(state, planned):
        return None
    places_ = [a for a in actions if a.verb == "place_pieces" and a["count"] == 1]
    if places_:
        want = POLICE if sp.count(POLICE) <= sp.count(GOVERNMENT_TROOPS) else GOVERNMENT_TROOPS
        return next((a for a in places_ if a["piece"] == want), places_[0])
    takes = [a for a in actions if a.verb == "take_from" and a["piece"] == POLICE]
    if available_cubes_only(data, sid) or not takes or mine.placed >= POLICE_FROM_MAP:
        return None
    origins = [a["space"] for a in takes if keeps_control(state, a["space"], POLICE)]
    if not origins:
        return None
    most = max(state.space(o).count(POLICE) for o in origins)
    origin = random_space(dice, [o for o in origins if state.space(o).count(POLICE) == most])
    return action_for(actions, "take_from", space=origin, piece=POLICE)


def train_extra(state: AdpState, data: CoalitionExecution, actions: Sequence[Action]
                ) -> Found:
    """8.8.2 Kabul: transfer 3 Patronage; else Civic Action per 8.8.5 in the Civic Action
    spaces, all of the 1st's, then the 2nd's (Terror removed only toward a shift)."""
    mine = data.train
    if not mine.selected:
        return None
    first = mine.selected[0]
    if mine.extra_kind == "patronage":
        return None
    transfer = action_for(actions, "transfer_patronage")
    if transfer is not None and first == KABUL and mine.extra is None and patronage_first(
            state, COST * len(mine.paid)):
        return transfer
    res = gov_resources(state)
    for sid in mine.civic_planned:
        civic = action_for(actions, "civic", space=sid)
        if civic is not None and civic_shift(state, sid, res):
            return civic
    return None


def village_police(state: AdpState, dice: Dice, actions: Sequence[Action]) -> Found:
    """8.8.2 "Si hubo Entrenamiento y está vigente la parte sin sombrear de 'Village
    Stability Operations', coloca 1 Policía donde haya Tropas de la Coalición y menos
    Policía, si es necesario de la casilla con más Policía": the destination by 8.2 among
    those the Capability allows; an origin that keeps its Control (8.1.2)."""
    placed = [a for a in actions if a.verb == "vso_police"]
    if placed:
        sid = random_space(dice, [a["space"] for a in placed])
        return action_for(placed, "vso_police", space=sid)
    moved = [a for a in actions if a.verb == "vso_police_from"
             and keeps_control(state, a["origin"], POLICE)]
    if not moved:
        return None
    dest = random_space(dice, sorted({a["destination"] for a in moved}))
    origins = sorted({a["origin"] for a in moved if a["destination"] == dest})
    return action_for(moved, "vso_police_from", origin=random_space(dice, origins),
                      destination=dest)


def remember_civic(dice: Dice, before: list[str], after: list[str]) -> None:
    """Log the Train's Civic Action spaces (a ``StepNoted`` before the action, like the
    Surge's plan: ``remember``)."""
    if after != before:
        dice.rolled.extend(note(TrainData(civic_planned=after)))


def train(state: AdpState, data: CoalitionExecution, dice: Dice,
          actions: Sequence[Action]) -> Found:
    found = placement(state, data, dice, actions)
    if found is not None:
        return found
    if data.train.extra is None:
        plan = civic_plan(state, data, dice)
        sid = train_plan(state, data, plan, dice)
        if sid is not None:
            pick = action_for(actions, "in", space=sid)
            if pick is not None:
                remember_civic(dice, data.train.civic_planned, plan)
                return pick
    return train_extra(state, data, actions) or village_police(state, dice, actions)


# --- 8.8.2 Surge ------------------------------------------------------------------------------

def surge_spaces(state: AdpState, actions: Sequence[Action]) -> list[str]:
    """8.8.2 The Surge's spaces: COIN-Controlled (Kabul too only then)."""
    return [s for s in offered_spaces(actions, "bring") + offered_spaces(actions, "remove_from")
            if coin_controlled(state, s)]


def surge_possible(state: AdpState) -> bool:
    """8.8.2 Pieces the Surge could place (or, before the final Round, remove)."""
    spaces = [s.id for s in board().afghan if coin_controlled(state, s.id)]
    if next_propaganda_final(state):
        return any(state.space(s).count(COALITION_TROOPS) for s in spaces)
    left = available(state)
    return bool(spaces) and bool(left[COALITION_TROOPS] or left[COALITION_BASES] and any(
        not state.space(s).count(COALITION_BASES) and bases(state.space(s)) < 2
        for s in spaces))


def surge_plan(state: AdpState, dice: Dice, actions: Sequence[Action]) -> list[str]:
    """8.8.2 The whole Surge: a die; 1 Base in each of up to half of it (rounded down)
    spaces without Coalition Bases of the highest Pop (without Government Bases on a tie);
    that many Troops as evenly as possible among those and others, 3 spaces in all,
    where the Taliban are first.  Before the final Round instead: every Coalition Troop
    of 1 space back to Available (the most Troops; on a tie the least Pop)."""
    spaces = surge_spaces(state, actions)
    if next_propaganda_final(state):
        held = [s for s in spaces if state.space(s).count(COALITION_TROOPS)]
        if not held:
            return [ROLL().text]
        most = max(state.space(s).count(COALITION_TROOPS) for s in held)
        held = [s for s in held if state.space(s).count(COALITION_TROOPS) == most]
        least = min(pop(state, s) for s in held)
        sid = random_space(dice, [s for s in held if pop(state, s) == least])
        n = state.space(sid).count(COALITION_TROOPS)
        return [REMOVE_FROM(count=n, piece=COALITION_TROOPS, space=sid).text, ROLL().text]
    die = dice.roll("8.8.2 Surge")
    left = available(state)
    chosen: list[str] = []
    open_ = [s for s in spaces if not state.space(s).count(COALITION_BASES)
             and bases(state.space(s)) < 2]
    for _ in range(min(die // 2, left[COALITION_BASES])):
        rest = [s for s in open_ if s not in chosen]
        if not rest:
            break
        top = max(pop(state, s) for s in rest)
        rest = [s for s in rest if pop(state, s) == top]
        rest = [s for s in rest if not state.space(s).count(GOVERNMENT_BASES)] or rest
        chosen.append(random_space(dice, rest))
    troops = chosen[:]
    while len(troops) < SA_SPACES:
        rest = [s for s in spaces if s not in troops]
        if not rest or not left[COALITION_TROOPS]:
            break
        rest = tiers(rest, [lambda s: count(state.space(s).pieces, TALIBAN) > 0]) or rest
        troops.append(random_space(dice, rest))
    plan = [BRING(count=1, piece=COALITION_BASES, space=s).text for s in chosen]
    troops.sort(key=lambda s: count(state.space(s).pieces, TALIBAN) == 0)   # odd ones
    n = min(die, left[COALITION_TROOPS])
    for i, sid in enumerate(troops):
        share = n // len(troops) + (1 if i < n % len(troops) else 0)
        if share:
            plan.append(BRING(count=share, piece=COALITION_TROOPS, space=sid).text)
    return [*plan, ROLL().text]


def surge(state: AdpState, data: CoalitionExecution, dice: Dice,
          actions: Sequence[Action]) -> Found:
    mine = data.surge
    if mine.die:   # 8.8.2 "añade la tirada a Ayuda" (8.1.2: nothing to the Warlords)
        return action_for(actions, "split", count=mine.die)
    if mine.rolled:
        return None
    planned = mine.planned
    if not mine.spaces and not planned:
        planned = surge_plan(state, dice, actions)
    offered = by_text(actions)
    while planned:
        text, planned = planned[0], planned[1:]
        if text in offered:
            remember(dice, mine.planned, planned)
            return offered[text]
    remember(dice, mine.planned, [])
    return offered.get(ROLL().text)


def remember(dice: Dice, before: list[str], after: list[str]) -> None:
    """Log the Surge's plan (a ``StepNoted`` before the action: the fold keeps it in the
    step's data for the next choice, and a re-decision logs the same)."""
    if after != before:
        dice.rolled.extend(note(SurgeData(planned=after)))


# --- 8.8.2-8.8.4 Air Lift ----------------------------------------------------------------------

def lift_destination(state: AdpState, data: CoalitionExecution, dice: Dice) -> str | None:
    """Where this Air Lift goes: where Troops arrived already; else for Train the space
    it brings under COIN Control, for Sweep and Assault the space of 8.8.3 / 8.8.4."""
    if data.air_lift.arrived:
        return sorted(data.air_lift.arrived)[0]
    if data.op == "train":
        return control_target(state, dice)
    if data.op == "sweep":
        return sweep_lift_target(state, dice)
    return air_lift_target(state, dice)


def air_lift(state: AdpState, data: CoalitionExecution, dice: Dice,
             actions: Sequence[Action]) -> Found:
    mine = data.air_lift
    dest = lift_destination(state, data, dice)
    if dest is None:
        return None
    if mine.moving:
        return action_for(actions, "to", space=dest)
    for origin, c, g in lift_moves(state, dest, mine.spaces, mine.government):
        for kind, n in ((COALITION_TROOPS, c), (GOVERNMENT_TROOPS, g)):
            found = action_for(actions, "move_from", space=origin, piece=kind, count=n)
            if n and found is not None:
                return found
    return None


# --- 8.8.3 Sweep, 8.8.4 Assault, Air Strike -----------------------------------------------------

def sweep(state: AdpState, data: CoalitionExecution, dice: Dice,
          actions: Sequence[Action]) -> Found:
    """8.8.3 Sweep (in place) in every space with Coalition pieces."""
    for sid in offered_spaces(actions, "in"):
        if count(state.space(sid).pieces, (COALITION_TROOPS, COALITION_BASES)):
            return action_for(actions, "in", space=sid)
    return None


TALIBAN_FIRST = (TALIBAN_ACTIVE, TALIBAN_BASES, WARLORDS_ACTIVE, WARLORDS_BASES)


def assault_pay(state: AdpState, data: CoalitionExecution, sid: str) -> bool:
    """8.8.4 Government cubes paid for only in the first space where they remove more, and
    wherever they are needed to remove a Base."""
    pieces = state.space(sid).pieces
    plain = removal(pieces, assault_count(state, sid, False))
    paid = removal(pieces, assault_count(state, sid, True))
    if paid.bases > plain.bases:
        return True
    if paid.total <= plain.total:
        return False
    # an earlier space where they would have removed more still has what they would take
    return not any(removal(state.space(s).pieces, assault_count(state, s, True)).total
                   and assault_count(state, s, True) > assault_count(state, s, False)
                   for s in data.assault.selected)


def assault(state: AdpState, data: CoalitionExecution, dice: Dice,
            actions: Sequence[Action]) -> Found:
    """8.8.4 All Coalition Troops Assault: the most Taliban Bases, then Guerrillas, then
    the highest Pop; in each space the Taliban, then the Warlords."""
    removes = {a["piece"]: a for a in actions if a.verb == "remove_from"}
    if removes:
        return next((removes[k] for k in TALIBAN_FIRST if k in removes), None)
    cands: dict[str, Action] = {}
    keys: dict[str, tuple[int, int, int, int]] = {}
    for sid in offered_spaces(actions, "in") + offered_spaces(actions, "in_paid"):
        paid = assault_pay(state, data, sid) and action_for(
            actions, "in_paid", space=sid) is not None
        pick = action_for(actions, "in_paid" if paid else "in", space=sid)
        r = removal(state.space(sid).pieces, assault_count(state, sid, paid))
        if pick is not None and r.total:
            cands[sid], keys[sid] = pick, order_key(state, sid, r)
    if not cands:
        return None
    top = min(keys.values())
    return cands[random_space(dice, [s for s in cands if keys[s] == top])]


def air_strike(state: AdpState, data: CoalitionExecution, dice: Dice,
               actions: Sequence[Action]) -> Found:
    """8.8.3 The Taliban: Bases first, then the last Taliban piece of a space, then the
    most Guerrillas; Pakistan first at Funding and Hard; unshaded "Predators": first the
    Pakistan space with the fewest Guerrillas."""
    strikes = [a for a in actions if a.verb == "remove_from" and a["piece"] in TALIBAN]
    if not strikes:
        return None
    spaces = list(dict.fromkeys(a["space"] for a in strikes))

    def tal(s: str) -> int:
        return count(state.space(s).pieces, TALIBAN)

    def guer(s: str) -> int:
        return count(state.space(s).pieces, (TALIBAN_UNDERGROUND, TALIBAN_ACTIVE))

    tests: list[Callable[[str], bool]] = []
    pakistan = [s for s in spaces if is_pakistan(s)]
    if capability(state, PREDATORS, "unshaded") and pakistan:
        few = min(guer(s) for s in pakistan)
        tests.append(lambda s: s in pakistan and guer(s) == few)
    tests += [lambda s: any(a["space"] == s and a["piece"] == TALIBAN_BASES for a in strikes),
              lambda s: tal(s) == 1]
    found = tiers(spaces, tests)
    if not found:
        most = max(guer(s) for s in spaces)
        found = [s for s in spaces if guer(s) == most]
    if state.islamabad >= FUNDING and state.islamabad_hard:
        found = [s for s in found if is_pakistan(s)] or found
    sid = random_space(dice, found)
    here = {a["piece"]: a for a in strikes if a["space"] == sid}
    return here.get(TALIBAN_BASES) or here.get(TALIBAN_ACTIVE) or next(iter(here.values()))


# --- which Special Activity ------------------------------------------------------------------

def activity(actions: Sequence[Action], name: str) -> Found:
    return action_for(actions, "activity", activity=name)


def sa_before(state: AdpState, data: CoalitionExecution, dice: Dice,
              actions: Sequence[Action]) -> Found:
    """8.8.3/8.8.4 An Air Lift comes before the Sweep or Assault."""
    if data.sa or data.sa_done or data.op not in ("sweep", "assault"):
        return None
    if data.sweep.selected or data.assault.selected:
        return None
    if data.op == "sweep" and capability(state, ISR, "shaded"):
        return None
    target = sweep_lift_target(state, None) if data.op == "sweep" else air_lift_target(
        state, None)
    return activity(actions, "air_lift") if target is not None else None


def sa_after(state: AdpState, data: CoalitionExecution, actions: Sequence[Action]
             ) -> tuple[Found, str]:
    """8.8.2 after Train: Surge, else Air Lift, else none; 8.8.3-8.8.4 an Air Strike
    after the Sweep or Assault (unless Air Lifted), else none."""
    if data.sa or data.sa_done:
        return None, ""
    if data.op == "train":
        surge_ = activity(actions, "surge")
        if surge_ is not None and surge_possible(state):
            return surge_, "8.8.2 Surge"
        lift = activity(actions, "air_lift")
        if lift is not None and control_target(state, None) is not None:
            return lift, "8.8.2 no Surge: Air Lift"
        return None, ""
    strike = activity(actions, "air_strike")
    if strike is not None and strike_targets(state, {}):
        return strike, f"8.8.{3 if data.op == 'sweep' else 4} Air Strike"
    return None, ""


def flip(state: AdpState, actions: Sequence[Action]) -> Found:
    """8.8.3 Activate the Taliban, then the Warlords."""
    flips = [a for a in actions if a.verb == "flip"]
    return next((a for a in flips if a["piece"] == TALIBAN_UNDERGROUND), None) or (
        flips[0] if flips else None)


Chooser = Callable[[AdpState, CoalitionExecution, Dice, Sequence[Action]], Found]
OP_CHOOSERS: dict[str, Chooser] = {"train": train, "sweep": sweep, "assault": assault}
SA_CHOOSERS: dict[str, Chooser] = {"surge": surge, "air_lift": air_lift,
                                   "air_strike": air_strike}


def execution(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """One choice of the Coalition's Operation or Special Activity (8.1.1: each step to
    the full), then ``done``."""
    data = state.step.of(CoalitionExecution)
    special = special_activity(state, data, dice, actions, SA_CHOOSERS,
                               lambda sa: f"8.8 {sa}")
    if special is not None:
        return special
    found = flip(state, actions)
    if found is not None:
        return found, "8.8.3 Activate the Taliban first"
    found = sa_before(state, data, dice, actions)
    if found is not None:
        return found, "8.8.3-8.8.4 Air Lift first"
    op_chooser = OP_CHOOSERS.get(data.op)
    found = op_chooser(state, data, dice, actions) if op_chooser else None
    if found is not None:
        return found, f"8.8 {data.op}"
    sa, why = sa_after(state, data, actions)
    if sa is not None:
        return sa, why
    return go_on(actions)


# --- 8.8.5 Civic Action, 8.8.6 Redeploy ----------------------------------------------------------

def civic_action(state: AdpState, dice: Dice, actions: Sequence[Action]
                 ) -> tuple[Action, str]:
    """8.8.5 All the Civic Action it can: the largest shift first, then the fewest Terror
    markers, then random; Terror removed only toward a shift."""
    spaces = offered_spaces(actions, "civic")
    sid = civic_pick(state, dice, spaces, gov_resources(state))
    found = action_for(actions, "civic", space=sid) if sid else None
    if found is not None:
        return found, "8.8.5 Civic Action"
    done = action_for(actions, "done")
    return (done or actions[0]), "8.8.5 no shift left"


def redeploy(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """8.8.6 Troops from spaces without Police (6.5.2 moves every one: those of spaces
    with Police last), to the eligible spaces with the fewest Coalition Troops."""
    moves = [a for a in actions if a.verb == "redeploy"]
    if not moves:
        return actions[0], "no rule: ended"
    origins = sorted({a["origin"] for a in moves})
    origin = next((o for o in origins if not state.space(o).count(POLICE)), origins[0])
    dests = sorted({a["destination"] for a in moves if a["origin"] == origin})
    least = min(state.space(d).count(COALITION_TROOPS) for d in dests)
    dest = random_space(dice, [d for d in dests if state.space(d).count(COALITION_TROOPS)
                               == least])
    found = next(a for a in moves if a["origin"] == origin and a["destination"] == dest)
    return found, "8.8.6 Redeploy"


def answer(state: AdpState, dice: Dice, actions: Sequence[Action]) -> tuple[Action, str]:
    """The Propaganda Round: 8.8.5 Civic Action, 8.8.6 Redeploy; any other question
    (none of rule 8.8's) is ended as soon as it may be."""
    step = state.step.name
    if step == "civic":
        return civic_action(state, dice, actions)
    if step == "redeploy_troops":
        return redeploy(state, dice, actions)
    done = [a for a in actions if a.verb in ("done", "stop", "cancel")]
    return (done or list(actions))[0], "no rule: ended"


__all__ = ["answer", "choose_op", "execution"]
