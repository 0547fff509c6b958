"""8.5 Adversary Priorities: which marker or piece a non-player removes or replaces first.

Replace before remove (8.5.2: the caller offers replacements first where it may); never
the Faction's own pieces, and, when given a choice, never what 8.5.3 forbids (NP Congress
and NP Muslim League: Protest; NP Muslim League: Muslim State; NP Revolutionaries: Unrest).
The order: Unrest, Muslim State, Protest, Base, Gandhi, Troop, a player Faction's piece,
then the most common piece (Activist, Sepoy, Guerrilla, Underground first).  Ties within a
priority are broken at random (8.5.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.games.gandhi.np.context import Ctx
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    OWNER,
    REV_BASES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.seating import is_player
from engine.games.gandhi.state import GandhiState

T = TypeVar("T")
MARKERS = {"unrest": 0, "strike": 0, "muslim_state": 1, "protest": 2}
COMMON = {CONGRESS_ACTIVISTS: 0, ML_ACTIVISTS: 0, SEPOYS: 1, GUERRILLAS_UNDERGROUND: 2,
          GUERRILLAS_ACTIVE: 3}
KIND_OF = {CONGRESS_ACTIVISTS: "activist", ML_ACTIVISTS: "activist", SEPOYS: "sepoys",
           GUERRILLAS_UNDERGROUND: "guerrillas_underground",
           GUERRILLAS_ACTIVE: "guerrillas_active"}
PRIORITY_NAMES = ("unrest", "muslim_state", "protest", "base", "gandhi", "troops",
                  "player_faction", "most_common")


def own(faction: str, what: str) -> bool:
    """The acting Faction's own piece (8.5 'never remove own pieces') or a marker 8.5.3
    forbids it."""
    if what in MARKERS:
        return what in np_data(None).never.get(faction, ())
    return OWNER.get(what) == faction


def priority(state: GandhiState, faction: str, space: str | None, what: str
             ) -> tuple[int, int, int]:
    """The sort key of a marker or piece kind (lower first) and its priority's index."""
    if what in MARKERS:
        return (MARKERS[what], 0, 0)
    if what in (ML_BASES, REV_BASES):
        return (3, 0, 0)
    if what == GANDHI:
        return (4, 0, 0)
    if what == TROOPS:
        return (5, 0, 0)
    owner = OWNER.get(what, "")
    player = 0 if is_player(state, owner) and owner != faction else 1
    count = 0
    if space is not None:
        sp = state.space(space)
        count = sum(sp.count(k) for k, c in KIND_OF.items() if c == KIND_OF.get(what))
    return (6 + player, -count, COMMON.get(what, 4))


def choose(ctx: Ctx, faction: str, space: str | None, options: Sequence[tuple[T, str]],
           purpose: str = "remove") -> T | None:
    """The option (an action and the marker or piece kind it takes) 8.5 takes first."""
    state = ctx.state
    allowed = [(o, w) for o, w in options if not own(faction, w)] or \
        [(o, w) for o, w in options if OWNER.get(w) != faction]
    if not allowed:
        return None
    keys = {w: priority(state, faction, space, w) for _, w in allowed}
    best = min(keys.values())
    tied = [(o, w) for o, w in allowed if keys[w] == best]
    kinds = list(dict.fromkeys(w for _, w in tied))
    # 8.5.4 a tie within a priority: random
    what = kinds[ctx.roll("adversary tie", len(kinds)) - 1] if len(kinds) > 1 else kinds[0]
    index = best[0] if best[0] < 6 else (6 if best[0] == 6 else 7)
    ctx.say("adversary", faction=faction, space=space, piece=what,
            priority=PRIORITY_NAMES[index], purpose=purpose)
    return next(o for o, w in tied if w == what)
