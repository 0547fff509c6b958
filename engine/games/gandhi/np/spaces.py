"""8.4.1 Space Selection Priorities, 8.1.2 random spaces and 8.1.3 random Railways.

``select`` reads a column of the acting Faction's table down over the eligible spaces
(``engine.coin.np_priorities.narrow``) and breaks what is left with the Random Spaces map,
saying which rows decided (the non-player's "why")."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from engine.coin.np_priorities import Mode, Row, narrow
from engine.coin.np_random import Pick, random_railway, random_space
from engine.games.gandhi.derived import active_adversaries, board, raj_control
from engine.games.gandhi.np.context import Ctx
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    CUBES,
    GANDHI,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    NV_FACTIONS,
    OWNER,
    RAJ,
    REV_BASES,
    TROOPS,
)
from engine.games.gandhi.seating import is_player
from engine.games.gandhi.state import GandhiState

Measure = Callable[[GandhiState, str], float]


def cubes(state: GandhiState, sid: str) -> int:
    sp = state.space(sid)
    return sum(sp.count(k) for k in CUBES)


def guerrillas(state: GandhiState, sid: str) -> int:
    sp = state.space(sid)
    return sp.count(GUERRILLAS_UNDERGROUND) + sp.count(GUERRILLAS_ACTIVE)


def active(state: GandhiState, sid: str) -> int:
    """1.7 The Active adversaries of the Raj there."""
    return active_adversaries(board(state), sid, state.space(sid))


def pop(state: GandhiState, sid: str) -> int:
    return board(state).space(sid).pop


def adjacent_adversaries(state: GandhiState, sid: str) -> int:
    """Non-Raj pieces in the adjacent spaces (Deploy: 'adjacent to most adversaries')."""
    return sum(n for a in board(state).adjacent(sid)
               for k, n in state.space(a).pieces.items() if OWNER[k] != RAJ)


def congress_pieces(state: GandhiState, sid: str) -> int:
    sp = state.space(sid)
    return sp.count(CONGRESS_ACTIVISTS) + sp.count(GANDHI)


def league_pieces(state: GandhiState, sid: str) -> int:
    sp = state.space(sid)
    return sp.count(ML_ACTIVISTS) + sp.count(ML_BASES)


# every row of the four tables: how it reads a space (data/np/tables.toml names them)
ROWS: dict[str, tuple[Mode, Measure]] = {
    "no_raj_control": ("filter", lambda s, x: not raj_control(s, x)),
    "twice_cubes_exceed_active": ("filter", lambda s, x: 2 * cubes(s, x) > active(s, x)),
    "two_pop": ("filter", lambda s, x: pop(s, x) == 2),
    "protest": ("filter", lambda s, x: s.space(x).protest),
    "no_protest": ("filter", lambda s, x: not s.space(x).protest),
    "fewest_active_adversaries": ("fewest", active),
    "unrest": ("filter", lambda s, x: s.space(x).unrest > 0),
    "no_troops": ("filter", lambda s, x: not s.space(x).count(TROOPS)),
    "most_opposition": ("most", lambda s, x: -s.space(x).support),
    "neutral": ("filter", lambda s, x: s.space(x).support == 0
                and not board(s).space(x).is_railway),
    "adjacent_most_adversaries": ("most", adjacent_adversaries),
    "muslim_state": ("filter", lambda s, x: s.space(x).muslim_state),
    "not_active_opposition": ("filter", lambda s, x: s.space(x).support > -2),
    "non_muslim": ("filter", lambda s, x: not board(s).space(x).muslim),
    "raj_control": ("filter", lambda s, x: raj_control(s, x)),
    "fewest_cubes": ("fewest", cubes),
    "most_support": ("most", lambda s, x: s.space(x).support),
    "most_ml_bases": ("most", lambda s, x: s.space(x).count(ML_BASES)),
    "muslim": ("filter", lambda s, x: board(s).space(x).muslim),
    "no_ml_base": ("filter", lambda s, x: not s.space(x).count(ML_BASES)),
    "congress_ge_league": ("filter", lambda s, x: congress_pieces(s, x) >= league_pieces(s, x)),
    "rev_base_without_guerrillas": ("filter", lambda s, x: s.space(x).count(REV_BASES) > 0
                                    and not guerrillas(s, x)),
    "unrest_without_guerrillas": ("filter", lambda s, x: s.space(x).unrest > 0
                                  and not guerrillas(s, x)),
    "most_rev_bases": ("most", lambda s, x: s.space(x).count(REV_BASES)),
    "one_two_guerrillas_no_base": ("filter", lambda s, x: 1 <= guerrillas(s, x) <= 2
                                   and not s.space(x).count(REV_BASES)),
    "no_unrest": ("filter", lambda s, x: not s.space(x).unrest),
    "most_guerrillas": ("most", guerrillas),
}


def conditions(state: GandhiState, when: Collection[str]) -> set[str]:
    """The ✓ rows that apply: the Operation's (``assault``, ``deploy``) and the seating's."""
    out = set(when)
    if is_player(state, RAJ):
        out.add("raj_player")
    if any(is_player(state, f) for f in NV_FACTIONS):
        out.add("nv_player")
    return out


def rank(state: GandhiState, faction: str, column: str, candidates: Sequence[str],
         when: Collection[str] = ()) -> tuple[list[str], list[tuple[str, int]]]:
    """The candidates left after reading ``column`` down (before the random row), and the
    rows read with how many spaces met each (0: skipped)."""
    active_when = conditions(state, when)
    rows = [Row(r.id, ROWS[r.id][0], _bound(ROWS[r.id][1], state))
            for r in np_data(state.pack).column_rows(faction, column)
            if r.id != "random" and (r.when is None or r.when in active_when)]
    left, trace = narrow(list(candidates), rows)
    return left, [(step.row, step.met) for step in trace]


def _bound(measure: Measure, state: GandhiState) -> Callable[[str], float]:
    return lambda sid: measure(state, sid)


def select(ctx: Ctx, column: str, candidates: Sequence[str], *,
           when: Collection[str] = (), faction: str | None = None,
           placing: bool = False) -> str | None:
    """8.4.1 The space ``column`` selects among ``candidates`` (None if there are none),
    with 8.1.2/8.1.3 for a tie; the reason is said."""
    state, faction = ctx.state, faction or ctx.seat
    b = board(state)
    spaces = list(dict.fromkeys(candidates))
    if placing and not is_player(state, RAJ):   # 8.1.3 Important
        spaces = [s for s in spaces if not b.space(s).is_railway] or []
    if not spaces:
        return None
    left, trace = rank(state, faction, column, spaces, when)
    chosen, dice = left[0], None
    if len(left) > 1:
        pick = random_pick(ctx, left)
        chosen, dice = pick.space, list(pick.dice)
    ctx.say("column", faction=faction, column=column, rows=[list(t) for t in trace],
            space=chosen, among=len(spaces), dice=dice)
    return chosen


def random_pick(ctx: Ctx, spaces: Sequence[str]) -> Pick:
    """8.1.2/8.1.3 A random space among ``spaces``: Railways only if nothing else."""
    b = board(ctx.state)
    land = [s for s in spaces if not b.space(s).is_railway]
    regions = np_data(ctx.state.pack).regions
    if land:
        pick = random_space(regions, set(land), lambda n: ctx.roll("random space", n))
        if pick is not None:
            return pick
        return Pick(land[ctx.roll("random space", len(land)) - 1], ())
    rails = list(spaces)
    econ = {r: b.space(r).econ for r in rails}
    cities = [c for c in b.cities]

    def random_city() -> Pick | None:
        return random_space(regions, set(cities), lambda n: ctx.roll("random city", n))

    return random_railway(rails, econ, lambda r: b.adjacent(r), random_city,
                          lambda n: ctx.roll("random railway", n))


def by_column(state: GandhiState, faction: str, column: str, candidates: Sequence[str],
              when: Collection[str] = ()) -> list[str]:
    """The candidates in the order the column would select them one by one (ties in map
    order): 8.4.1 read again over what is left is a sort by the rows' values in turn, since
    a row no candidate meets changes nothing.  Cheap, and rolls no die (for looking
    ahead)."""
    active_when = conditions(state, when)
    rows = [ROWS[r.id] for r in np_data(state.pack).column_rows(faction, column)
            if r.id != "random" and (r.when is None or r.when in active_when)]

    def key(sid: str) -> tuple[float, ...]:
        return tuple(-float(bool(f(state, sid))) if mode == "filter"
                     else -f(state, sid) if mode == "most" else f(state, sid)
                     for mode, f in rows)

    return sorted(dict.fromkeys(candidates), key=key)
