"""Scripted Events, group d (5.0-5.1): cards 1, 2, 4, 7, 8, 9, 26, 32, 57, 60, 65.  A card
not scripted here is played by hand (``steps/event.py``).

A card side that leaves choices open registers a ``Part`` of the shared step of choices
(``scripts/choices.py``): the executing Faction makes every selection (5.1), one space or
piece at a time.  #65 shaded places a Muslim State with ``choices.muslim_state`` (the Raj moves
the Troops out); #57 unshaded has two "up to" parts (``done`` ends the first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board, is_state, raj_control
from engine.games.gandhi.effects import add_unrest, note, resources, support, track
from engine.games.gandhi.events import (
    Box,
    MarkerSet,
    PiecesFlipped,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.names import space_text
from engine.games.gandhi.physical import in_box, marker_problem
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    CUBES,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    RAJ,
    REV_BASES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.scripts.choices import (
    DONE,
    PARTS,
    Choices,
    Part,
    activists,
    card_data,
    cubes,
    fullest,
    known,
    muslim_state,
    picked,
    shiftable,
    space_action,
    start,
    states,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED, finish
from engine.games.gandhi.vocabulary import verbs

ACTIVISTS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)  # 1.3.9 Gandhi is not an Activist
GUERRILLA_KINDS = (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE)
CUBE_KINDS = (TROOPS, SEPOYS)
BASE_KINDS = (ML_BASES, REV_BASES)

REMOVE, ARREST, REMOVE_MARKER = verbs("remove", "arrest", "remove_marker")
REMOVE_PIECE_IN, REMOVE_MARKER_IN, ARREST_IN, RELEASE_TO = verbs(
    "remove_piece_in", "remove_marker_in", "arrest_in", "release_to")
ADD_PIECE_IN, ADD_PIECE_FROM, OUT_IN, MARKER_IN = verbs(
    "add_piece_in", "add_piece_from", "out_in", "marker_in")
ARREST_ALL = verbs("arrest_all")[0]


def msg(key: str, **params: Any) -> Msg:
    return Msg(f"gandhi.scripts_d.{key}", **params)


def name(state: GandhiState, sid: str) -> str:
    return space_text(board(state), sid)


class Counts(Choices):
    """A card that counts what it added and how much of it came from Out of Play."""

    added: int = 0
    oop: int = 0


def add_actions(state: GandhiState, sid: str, kinds: tuple[str, ...], box: Box
                ) -> list[Action]:
    """``add <piece> in <space>`` (from Available) or ``add <piece> in <space> from out of
    play`` for each kind in ``box`` (5.1.1)."""
    return [ADD_PIECE_IN(piece=k, space=sid) if box == "available" else
            ADD_PIECE_FROM(piece=k, space=sid, box=box)
            for k in kinds if in_box(state, box, k)]


def added(action: Action) -> PiecesPlaced:
    """The piece an ``add_actions`` choice adds."""
    return placed(action["piece"], action["space"], action.get("box", "available"))


def placed(kind: str, sid: str, box: str) -> PiecesPlaced:
    """A piece from a box to the map; new Guerrillas are Underground (1.4.3)."""
    kind = GUERRILLAS_UNDERGROUND if kind == GUERRILLAS else kind
    source: Box = "out_of_play" if box == "out_of_play" else "available"
    return PiecesPlaced(space=sid, kind=kind, count=1, source=source)


# --- #1 British Indian Army Defends the Empire --------------------------------------------


def c1_spaces(state: GandhiState) -> list[str]:
    """Cities and Provinces (a Muslim State is no longer a Province, 1.3.5)."""
    b = board(state)
    return [s for s in (*b.cities, *b.provinces) if not state.space(s).muslim_state]


@card_data
class C1(Counts):
    """#1: the cubes added and those from Out of Play (unshaded); the Sepoys' spaces are
    ``picked`` (shaded)."""

    prefix = "c1"


def c1u_choices(state: GandhiState, data: C1) -> list[Action]:
    """#1 unshaded: "Add up to 6 cubes to any Cities and Provinces (up to 3 from Out of
    Play, the rest from Available)"; ``done`` ends it."""
    if data.added >= 6:
        return []
    out: list[Action] = []
    for sid in c1_spaces(state):
        out += add_actions(state, sid, CUBES, "available")
        if data.oop < 3:
            out += add_actions(state, sid, CUBES, "out_of_play")
    return [*out, DONE] if out else []


def c1u_act(state: GandhiState, data: C1, action: Action,
        chance: Chance) -> list[Event]:
    box = action.get("box", "available")
    return [added(action),
            *note(C1(added=data.added + 1, oop=data.oop + (box == "out_of_play")))]


def c1s_choices(state: GandhiState, data: C1) -> list[Action]:
    """#1 shaded: "Remove 5 Sepoys from the map, no more than 2 per space" -- 5 if there
    are (5.1.2), no ``done``."""
    gone = picked(data)
    if len(gone) >= 5:
        return []
    return [REMOVE_PIECE_IN(piece=SEPOYS, space=s) for s in board(state).spaces
            if state.space(s).count(SEPOYS) and gone.count(s) < 2]


def c1s_act(state: GandhiState, data: C1, action: Action,
        chance: Chance) -> list[Event]:
    """The first 3 to Available, the rest to Out of Play (the tutorial's "to", IT l.2557;
    the card list prints "from")."""
    sid = action["space"]
    to: Box = "available" if len(picked(data)) < 3 else "out_of_play"
    return [PiecesRemoved(space=sid, kind=SEPOYS, count=1, to=to),
            *note(Choices(picked=[*picked(data), sid]))]


PARTS["1:unshaded"] = Part(
    c1u_choices, c1u_act,
    what=lambda s, d: msg("c1_unshaded", left=6 - d.added, oop=3 - d.oop))
PARTS["1:shaded"] = Part(c1s_choices, c1s_act,
                         what=lambda s, d: msg("c1_shaded", left=5 - len(picked(d))))


def card_1(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "1", faction, side, [], C1(picked=[], added=0, oop=0))


# --- #2 Viceroy Irwin Meets Gandhi ---------------------------------------------------------


@card_data
class C2(Choices):
    """#2: the Activists arrested or released, and the most to release (shaded)."""

    prefix = "c2"
    done: int = 0
    most: int = 0


def c2u_choices(state: GandhiState, data: C2) -> list[Action]:
    """#2 unshaded: "Arrest up to 5 Activists total in any spaces at Support" (Passive or
    Active Support, 1.6.1); ``done`` ends it."""
    if data.done >= 5:
        return []
    out = [ARREST_IN(piece=k, space=s)
           for s in board(state).non_railway if state.space(s).support > 0
           for k in ACTIVISTS if state.space(s).count(k)]
    return [*out, DONE] if out else []


def c2u_act(state: GandhiState, data: C2, action: Action,
        chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]  # 5.1.3 arrested: to Jail
    return [PiecesRemoved(space=sid, kind=kind, count=1, to="jail"),
            *note(C2(done=data.done + 1))]


def c2s_choices(state: GandhiState, data: C2) -> list[Action]:
    """#2 shaded: "Release twice a die roll of Activists from Jail to any spaces" -- all
    of them if fewer are in Jail (5.1.2); Gandhi is no Activist (1.3.9) and stays."""
    if data.done >= data.most:
        return []
    return [RELEASE_TO(piece=k, space=s)
            for k in ACTIVISTS if in_box(state, "jail", k)
            for s in board(state).spaces]


def c2s_act(state: GandhiState, data: C2, action: Action,
        chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    return [PiecesPlaced(space=sid, kind=kind, count=1, source="jail"),
            *note(C2(done=data.done + 1))]


PARTS["2:unshaded"] = Part(c2u_choices, c2u_act,
                           what=lambda s, d: msg("c2_unshaded", left=5 - d.done))
PARTS["2:shaded"] = Part(
    c2s_choices, c2s_act,
    what=lambda s, d: msg("c2_shaded", roll=d.most // 2, left=d.most - d.done))


def card_2(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "unshaded":
        return start(state, "2", faction, side, [], C2(done=0))
    roll = chance.roll(6)
    return start(state, "2", faction, side, [DieRolled(value=roll, purpose="event")],
                 C2(done=0, most=2 * roll))


# --- #4 Simon Commission Report Published --------------------------------------------------


@card_data
class C4(Choices):
    """#4: the Activists removed or added; unshaded, whether the Protest and the Unrest
    were removed (logged as booleans), shaded, the Unrest markers added (a count)."""

    prefix = "c4"
    activists: int = 0
    protest: bool = False
    unrest: bool | int = 0


def c4u_choices(state: GandhiState, data: C4) -> list[Action]:
    """#4 unshaded: "Remove up to 4 Activists, up to 1 Protest marker, and up to 1 Unrest
    marker from the map" (Activists to Available, 5.1.3; a Strike is no Unrest marker);
    ``done`` ends it."""
    out: list[Action] = []
    for sid in board(state).spaces:
        sp = state.space(sid)
        if data.activists < 4:
            out += [REMOVE_PIECE_IN(piece=k, space=sid) for k in ACTIVISTS if sp.count(k)]
        if not data.protest and sp.protest:
            out.append(REMOVE_MARKER_IN(marker="protest", space=sid))
        if not data.unrest and sp.unrest:
            out.append(REMOVE_MARKER_IN(marker="unrest", space=sid))
    return [*out, DONE] if out else []


def c4u_act(state: GandhiState, data: C4, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.get("marker") == "protest":
        return [MarkerSet(space=sid, marker="protest", value=0), *note(C4(protest=True))]
    if action.get("marker") == "unrest":
        return [MarkerSet(space=sid, marker="unrest", value=state.space(sid).unrest - 1),
                *note(C4(unrest=True))]
    return [PiecesRemoved(space=sid, kind=action["piece"], count=1),
            *note(C4(activists=data.activists + 1))]


def c4s_choices(state: GandhiState, data: C4) -> list[Action]:
    """#4 shaded: "Add up to 4 Activists and up to 2 Unrest markers in any spaces (Strike
    if on a Railway)" -- Activists of either NV Faction, from Available (5.1.1);
    ``done`` ends it."""
    out: list[Action] = []
    for sid in board(state).spaces:
        if data.activists < 4:
            out += add_actions(state, sid, ACTIVISTS, "available")
        if data.unrest < 2 and marker_problem(state, "unrest", sid, True) is None:
            out.append(space_action(state, sid, "unrest"))
    return [*out, DONE] if out else []


def c4s_act(state: GandhiState, data: C4, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "unrest_in":
        sid = action["space"]
        return [*add_unrest(state, sid), *note(C4(unrest=data.unrest + 1))]
    return [added(action), *note(C4(activists=data.activists + 1))]


PARTS["4:unshaded"] = Part(c4u_choices, c4u_act, what=lambda s, d: msg(
    "c4_unshaded", left=4 - d.activists, protest=int(not d.protest),
    unrest=int(not d.unrest)))
PARTS["4:shaded"] = Part(c4s_choices, c4s_act, what=lambda s, d: msg(
    "c4_shaded", left=4 - d.activists, unrest=2 - d.unrest))


def card_4(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "unshaded":
        return start(state, "4", faction, side, [],
                     C4(activists=0, protest=False, unrest=False))
    return start(state, "4", faction, side, [], C4(activists=0, unrest=0))


# --- #7 Jawaharlal Nehru Rises to Prominence -----------------------------------------------


@card_data
class C7(Counts):
    """#7: the pieces added, and those from Out of Play."""

    prefix = "c7"


def c7u_choices(state: GandhiState, data: C7) -> list[Action]:
    """#7 unshaded: "In spaces with Congress Activists, add up to 5 Sepoys from Out of
    Play" (Sepoys may stand in States; only Troops may not, 1.4.2); ``done`` ends it."""
    if data.added >= 5:
        return []
    out = [a for s in board(state).spaces if state.space(s).count(CONGRESS_ACTIVISTS)
           for a in add_actions(state, s, (SEPOYS,), "out_of_play")]
    return [*out, DONE] if out else []


def c7_act(state: GandhiState, data: C7, action: Action,
        chance: Chance) -> list[Event]:
    box = action.get("box", "available")
    return [added(action),
            *note(C7(added=data.added + 1, oop=data.oop + (box == "out_of_play")))]


def c7s_choices(state: GandhiState, data: C7) -> list[Action]:
    """#7 shaded: "Add up to 4 Activists or Guerrillas in spaces with Congress pieces (up
    to 2 from Out of Play)" -- each piece an Activist of either NV Faction or a Guerrilla;
    Congress pieces are its Activists and Gandhi (1.4); ``done`` ends it."""
    if data.added >= 4:
        return []
    kinds = (*ACTIVISTS, GUERRILLAS)
    out: list[Action] = []
    for sid in board(state).spaces:
        sp = state.space(sid)
        if not (sp.count(CONGRESS_ACTIVISTS) or sp.count(GANDHI)):
            continue
        out += add_actions(state, sid, kinds, "available")
        if data.oop < 2:
            out += add_actions(state, sid, kinds, "out_of_play")
    return [*out, DONE] if out else []


PARTS["7:unshaded"] = Part(c7u_choices, c7_act,
                           what=lambda s, d: msg("c7_unshaded", left=5 - d.added))
PARTS["7:shaded"] = Part(c7s_choices, c7_act, what=lambda s, d: msg(
    "c7_shaded", left=4 - d.added, oop=2 - d.oop))


def card_7(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "7", faction, side, [], C7(added=0, oop=0))


# --- #8 Webb Miller Interviews Gandhi ------------------------------------------------------


def removal_actions(state: GandhiState, sid: str, named: bool = False) -> list[Action]:
    """One Activist or Guerrilla of ``sid`` to remove (to Available, 5.1.3): ``remove
    <piece>``, or ``remove <piece> in <space>`` when ``named``."""
    sp = state.space(sid)
    return [REMOVE_PIECE_IN(piece=k, space=sid) if named else REMOVE(piece=k)
            for k in (*ACTIVISTS, *GUERRILLA_KINDS) if sp.count(k)]


@card_data
class C8(Choices):
    """#8 unshaded: the space chosen, the removals left there, and whether the marker was
    chosen; shaded, the spaces are ``picked``."""

    prefix = "c8"
    space: str | None = None
    left: int = 0
    marker: bool = False


def c8u_choices(state: GandhiState, data: C8) -> list[Action]:
    """#8 unshaded: "In 1 Protest or Unrest space, remove 1 Activist or Guerrilla per cube
    to Available, then remove 1 Unrest or Protest marker" -- the space first; the removals
    are not optional; the marker is asked only if the space has both."""
    sid = data.space
    if not sid:  # 5.1.2 where cubes and an Activist or Guerrilla allow a removal
        return most_text(state, [s for s in board(state).spaces
                                 if state.space(s).protest or state.space(s).unrest],
                         lambda st, s: bool(cubes(st, s)) and has_removable(st, s))
    if data.left > 0:
        out = removal_actions(state, sid)
        if out:
            return out
    sp = state.space(sid)
    if data.marker or not (sp.protest and sp.unrest):
        return []
    return [REMOVE_MARKER(marker="protest"), REMOVE_MARKER(marker="unrest")]


def c8_marker_off(state: GandhiState, sid: str, marker: str) -> list[Event]:
    value = state.space(sid).unrest - 1 if marker == "unrest" else 0
    return [MarkerSet(space=sid, marker="unrest" if marker == "unrest" else "protest",
                      value=value)]


def c8u_act(state: GandhiState, data: C8, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "in":
        sid = action["space"]
        return note(C8(space=sid, left=cubes(state, sid)))
    sid = known(data.space)
    if action.verb == "remove_marker":
        return [*c8_marker_off(state, sid, action["marker"]), *note(C8(marker=True))]
    return [PiecesRemoved(space=sid, kind=action["piece"], count=1),
            *note(C8(left=data.left - 1))]


def c8u_close(state: GandhiState, data: C8) -> list[Event]:
    """The one marker the space has, if it was not chosen."""
    sid = data.space
    if not sid or data.marker:
        return []
    sp = state.space(sid)
    marker = "protest" if sp.protest else "unrest" if sp.unrest else ""
    return c8_marker_off(state, sid, marker) if marker else []


def c8u_what(state: GandhiState, data: C8) -> Msg:
    sid = data.space
    if not sid:
        return msg("c8_space")
    if data.left > 0 and removal_actions(state, sid):
        return msg("c8_remove", left=data.left, space=name(state, sid))
    return msg("c8_marker", space=name(state, sid))


def c8s_choices(state: GandhiState, data: C8) -> list[Action]:
    """#8 shaded: "Shift up to 2 Protest spaces 1 level each toward Active Opposition"
    (Railways have no Support, 1.6.1); ``done`` ends it."""
    if len(picked(data)) >= 2:
        return []
    out = [space_action(state, s) for s in board(state).non_railway
           if s not in picked(data) and state.space(s).protest and state.space(s).support > -2]
    return [*out, DONE] if out else []


def c8s_act(state: GandhiState, data: C8, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    return [*support(state, sid, -1), *note(Choices(picked=[*picked(data), sid]))]


PARTS["8:unshaded"] = Part(c8u_choices, c8u_act, what=c8u_what, close=c8u_close)
PARTS["8:shaded"] = Part(c8s_choices, c8s_act,
                         what=lambda s, d: msg("c8_shaded", left=2 - len(picked(d))))


def card_8(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "8", faction, side, [], Choices(picked=[]))


# --- #9 Jallianwala Bagh Massacre Shocks India ---------------------------------------------


def most_text(state: GandhiState, spaces: list[str],
              *parts: Callable[[GandhiState, str], bool]) -> list[Action]:
    """5.1.2 Of ``spaces``, those where the most ``parts`` of the text can be carried out."""
    best = fullest(spaces, lambda s: sum(part(state, s) for part in parts))
    return [space_action(state, s) for s in best]


def unrest_fits(state: GandhiState, sid: str) -> bool:
    """The Unrest (or Strike, 5.1.4) marker can go to ``sid``."""
    return marker_problem(state, "unrest", sid, True) is None


def has_removable(state: GandhiState, sid: str) -> bool:
    """``sid`` holds an Activist or a Guerrilla (1.3.9 not Gandhi)."""
    return any(state.space(sid).count(k) for k in (*ACTIVISTS, *GUERRILLA_KINDS))


@card_data
class C9(Choices):
    """#9: unshaded, the pieces removed per space (the spaces are ``picked``); shaded, the
    space chosen and the pieces removed there.  Both sides log ``c9_removed``: a mapping
    unshaded, a count shaded."""

    prefix = "c9"
    space: str | None = None
    removed: dict[str, int] | int = 0

    def per_space(self) -> dict[str, int]:
        return self.removed if isinstance(self.removed, dict) else {}

    def count(self) -> int:
        return self.removed if isinstance(self.removed, int) else 0


def c9u_choices(state: GandhiState, data: C9) -> list[Action]:
    """#9 unshaded: "Add 1 Unrest marker in 2 spaces with Troops, then in each space
    remove 1 Guerrilla or Activist for each cube there (all to Available)" -- both spaces
    first (2 if there are, 5.1.2), then the removals, none optional."""
    chosen = picked(data)
    if len(chosen) < 2:
        spaces = [s for s in board(state).spaces
                  if s not in chosen and state.space(s).count(TROOPS)]
        if spaces:  # 5.1.2 where the marker goes and something can be removed
            return most_text(state, spaces, unrest_fits, has_removable)
    removed = data.per_space()
    return [a for s in chosen if removed.get(s, 0) < cubes(state, s)
            for a in removal_actions(state, s, named=True)]


def c9u_act(state: GandhiState, data: C9, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "in":
        sid = action["space"]
        return [*add_unrest(state, sid), *note(Choices(picked=[*picked(data), sid]))]
    kind, sid = action["piece"], action["space"]
    removed = {**data.per_space(), sid: data.per_space().get(sid, 0) + 1}
    return [PiecesRemoved(space=sid, kind=kind, count=1), *note(C9(removed=removed))]


def c9u_what(state: GandhiState, data: C9) -> Msg:
    chosen = picked(data)
    if len(chosen) < 2 and any(state.space(s).count(TROOPS) for s in board(state).spaces
                               if s not in chosen):
        return msg("c9_unshaded_space", left=2 - len(chosen))
    return msg("c9_unshaded_remove")


C9_PIECES = (*ACTIVISTS, *GUERRILLA_KINDS)


def c9s_shifts(state: GandhiState, sid: str) -> bool:
    """``sid`` can still shift toward Active Opposition (not a Railway, 1.3.6)."""
    return shiftable(state, sid, -1)


def c9s_choices(state: GandhiState, data: C9) -> list[Action]:
    """#9 shaded: "Add 1 Unrest marker to a space with cubes, then remove up to 4 pieces
    there to Available (Bases last)" -- pieces other than the Raj's and Gandhi (as #15);
    ``done`` ends the removals, then the space shifts."""
    sid = data.space
    if not sid:
        # 5.1.2 where the marker goes and the space can still shift (not a Railway)
        return most_text(state, [s for s in board(state).spaces if cubes(state, s)],
                         unrest_fits, c9s_shifts)
    if data.count() >= 4:
        return []
    sp = state.space(sid)
    kinds = [k for k in C9_PIECES if sp.count(k)]
    kinds = kinds or [k for k in BASE_KINDS if sp.count(k)]  # Bases last
    out = [REMOVE(piece=k) for k in kinds]
    return [*out, DONE] if out else []


def c9s_act(state: GandhiState, data: C9, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "in":
        sid = action["space"]
        return [*add_unrest(state, sid), *note(C9(space=sid))]
    assert data.space is not None
    return [PiecesRemoved(space=data.space, kind=action["piece"], count=1),
            *note(C9(removed=data.count() + 1))]


def c9s_close(state: GandhiState, data: C9) -> list[Event]:
    """"Shift the space 2 levels toward Active Opposition" (a Railway has no Support)."""
    sid = data.space
    if not sid or board(state).space(sid).is_railway:
        return []
    return support(state, sid, -2)


PARTS["9:unshaded"] = Part(c9u_choices, c9u_act, what=c9u_what)
PARTS["9:shaded"] = Part(
    c9s_choices, c9s_act, close=c9s_close,
    what=lambda s, d: msg("c9_shaded_remove", left=4 - d.count())
    if d.space else msg("c9_shaded_space"))


def card_9(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "unshaded":
        return start(state, "9", faction, side, [], C9(picked=[], removed={}))
    return start(state, "9", faction, side, [], C9(removed=0))


# --- #26 Rowlatt Act Enforced --------------------------------------------------------------


def c26_arrests(state: GandhiState, sid: str, n: int) -> list[Event]:
    """``n`` arrests in ``sid`` when there is no choice: all its Activists, or one kind."""
    sp = state.space(sid)
    kinds = [k for k in ACTIVISTS if sp.count(k)]
    if activists(state, sid) <= n:
        return [PiecesRemoved(space=sid, kind=k, count=sp.count(k), to="jail") for k in kinds]
    if len(kinds) == 1:
        return [PiecesRemoved(space=sid, kind=kinds[0], count=n, to="jail")]
    return []


@card_data
class C26(Choices):
    """#26: unshaded, the space whose arrests are asked and how many are left (the spaces
    are ``picked``); shaded, where the Protest and the Unrest went (None: not yet)."""

    prefix = "c26"
    space: str | None = None
    left: int = 0
    protest: str | None = None
    unrest: str | None = None


def c26u_choices(state: GandhiState, data: C26) -> list[Action]:
    """#26 unshaded: "In 2 spaces, arrest 1 Activist for each cube" -- spaces with cubes
    and Activists (5.1.2), 2 if there are, no ``done``; which Activists is asked only
    where there is a choice."""
    if data.left:
        sid = known(data.space)
        return [ARREST(piece=k) for k in ACTIVISTS if state.space(sid).count(k)]
    if len(picked(data)) >= 2:
        return []
    return [space_action(state, s) for s in board(state).spaces
            if s not in picked(data) and cubes(state, s) and activists(state, s)]


def c26u_act(state: GandhiState, data: C26, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "in":
        sid = action["space"]
        n = min(cubes(state, sid), activists(state, sid))
        done = note(Choices(picked=[*picked(data), sid]))
        events = c26_arrests(state, sid, n)  # 5.1.3 arrested: to Jail
        if events:
            return [*events, *done]
        return [*done, *note(C26(space=sid, left=n))]
    sid = known(data.space)
    return [PiecesRemoved(space=sid, kind=action["piece"], count=1, to="jail"),
            *note(C26(left=data.left - 1))]


def c26u_what(state: GandhiState, data: C26) -> Msg:
    if data.left:
        return msg("c26_unshaded_arrest", left=data.left,
                   space=name(state, known(data.space)))
    return msg("c26_unshaded", left=2 - len(picked(data)))


def c26_shifts(state: GandhiState, sid: str) -> bool:
    return shiftable(state, sid, -1)


def c26s_spaces(state: GandhiState, data: C26, marker: str) -> list[Action]:
    """Spaces where the marker may go (1.10, 1.11, 5.1.4); 5.1.2 first those where the
    shift can be carried out too (or already chosen for the other marker)."""
    chosen = [s for s in (data.protest, data.unrest) if s]
    ok = [s for s in board(state).spaces if marker_problem(state, marker, s, True) is None]
    whole = [s for s in ok if s in chosen or c26_shifts(state, s)]
    return [space_action(state, s, marker) for s in whole or ok]


def c26s_choices(state: GandhiState, data: C26) -> list[Action]:
    """#26 shaded: "Add 1 Protest and 1 Unrest marker, then shift each space 1 level
    toward Active Opposition" -- the Protest, then the Unrest (a Strike on a Railway),
    each in a space the executing Faction chooses (the same or two); each space that got
    a marker then shifts once."""
    if data.protest is None:
        out = c26s_spaces(state, data, "protest")
        if out:
            return out
    if data.unrest is None:
        return c26s_spaces(state, data, "unrest")
    return []


def c26s_act(state: GandhiState, data: C26, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "protest":
        return [MarkerSet(space=sid, marker="protest", value=1), *note(C26(protest=sid))]
    return [*add_unrest(state, sid), *note(C26(unrest=sid))]


def c26s_close(state: GandhiState, data: C26) -> list[Event]:
    spaces = dict.fromkeys(s for s in (data.protest, data.unrest) if s)
    return [e for s in spaces if c26_shifts(state, s) for e in support(state, s, -1)]


PARTS["26:unshaded"] = Part(c26u_choices, c26u_act, what=c26u_what)
PARTS["26:shaded"] = Part(
    c26s_choices, c26s_act, close=c26s_close,
    what=lambda s, d: msg("c26_shaded_protest" if d.protest is None
                          and c26s_spaces(s, d, "protest") else "c26_shaded_unrest"))


def card_26(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "26", faction, side, [], Choices(picked=[]))


# --- #32 Cellular Jail ---------------------------------------------------------------------

C32_KINDS = (*CUBE_KINDS, *ACTIVISTS, *GUERRILLA_KINDS)


@card_data
class C32(Choices):
    """#32: the Guerrillas Activated, and the pieces moved Out of Play."""

    prefix = "c32"
    flipped: int = 0
    moved: int = 0


def c32u_choices(state: GandhiState, data: C32) -> list[Action]:
    """#32 unshaded: "Move any 2 pieces to Out of Play (not Gandhi), then Activate any 4
    Guerrillas"; "Bases may not be moved to Out of Play" (printed after the shaded text,
    it can only concern this one).  The pieces come from the map; 2 if there are (5.1.2).
    "Any 4 Guerrillas" may include Active ones (1.4.3), so ``done`` ends the flips once 4
    Guerrillas on the map are Active."""
    b = board(state)
    if data.moved < 2:
        out = [OUT_IN(piece=k, space=s) for s in b.spaces
               for k in C32_KINDS if state.space(s).count(k)]
        if out:
            return out
    if data.flipped >= 4:
        return []
    flips = [space_action(state, s, "activate") for s in b.spaces
             if state.space(s).count(GUERRILLAS_UNDERGROUND)]
    # 1.4.3 "Activate" an Active Guerrilla: it stays Active.  Once 4 are Active on the map
    # the executor may name those as the 4 (the ones this Event flipped among them).
    active = sum(state.space(s).count(GUERRILLAS_ACTIVE) for s in b.spaces)
    return [*flips, DONE] if flips and active >= 4 else flips


def c32u_act(state: GandhiState, data: C32, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "out_in":
        kind, sid = action["piece"], action["space"]
        return [PiecesRemoved(space=sid, kind=kind, count=1, to="out_of_play"),
                *note(C32(moved=data.moved + 1))]
    sid = action["space"]
    return [PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND, to_kind=GUERRILLAS_ACTIVE,
                          count=1), *note(C32(flipped=data.flipped + 1, moved=2))]


def c32u_what(state: GandhiState, data: C32) -> Msg:
    if data.moved < 2:
        return msg("c32_unshaded_out", left=2 - data.moved)
    return msg("c32_unshaded_activate", left=4 - data.flipped)


PARTS["32:unshaded"] = Part(c32u_choices, c32u_act, what=c32u_what)


def card_32(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#32 shaded: "Raj Resources -2 for each Activist in Jail, then shift Restraint -2"
    (1.8 not below 0; 5.1.4 not below 1; Gandhi is no Activist, 1.3.9)."""
    if side == "shaded":
        jailed = sum(in_box(state, "jail", k) for k in ACTIVISTS)
        return [*resources(state, RAJ, -2 * jailed), *track(state, "restraint", -2),
                *finish(faction)]
    return start(state, "32", faction, side, [], C32(flipped=0, moved=0))


# --- #57 Sarojini Naidu Inspires the Masses ------------------------------------------------


@card_data
class C57(Choices):
    """#57: which part of the unshaded text runs, the Activists moved out, the pieces
    brought in (logged as ``c57_in``), and those from Out of Play (shaded)."""

    prefix = "c57"
    logged_as = {"entered": "in"}
    entered: int = 0
    part: int = 1
    out: int = 0
    oop: int = 0


def c57_first_part(state: GandhiState, data: C57) -> list[Action]:
    """#57 unshaded, first part: an Activist from the map to Out of Play."""
    if data.part != 1 or data.out >= 2:
        return []
    return [OUT_IN(piece=k, space=s) for s in board(state).spaces
            for k in ACTIVISTS if state.space(s).count(k)]


def c57u_choices(state: GandhiState, data: C57) -> list[Action]:
    """#57 unshaded: "Move up to 2 Activists from the map to Out of Play, then move up to
    2 cubes or Guerrillas from Out of Play to any spaces (no Troops in States)" -- two
    parts, each "up to": ``done`` ends the first part, then the second."""
    b = board(state)
    out = c57_first_part(state, data)
    if out:
        return [*out, DONE]
    if data.entered >= 2:
        return []
    out = [a for s in b.spaces
           for a in add_actions(state, s, (SEPOYS, GUERRILLAS) if is_state(state, s)
                                else (TROOPS, SEPOYS, GUERRILLAS), "out_of_play")]
    return [*out, DONE] if out else []


def c57u_act(state: GandhiState, data: C57, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "out_in":
        kind, sid = action["piece"], action["space"]
        return [PiecesRemoved(space=sid, kind=kind, count=1, to="out_of_play"),
                *note(C57(out=data.out + 1))]
    return [added(action), *note(C57(entered=data.entered + 1, part=2))]


def c57u_what(state: GandhiState, data: C57) -> Msg:
    if c57_first_part(state, data):
        return msg("c57_unshaded_out", left=2 - data.out)
    return msg("c57_unshaded_in", left=2 - data.entered)


def c57s_choices(state: GandhiState, data: C57) -> list[Action]:
    """#57 shaded: "Add up to 4 Activists in Protest spaces (up to 2 from Out of Play)" --
    of either NV Faction; ``done`` ends it."""
    if data.entered >= 4:
        return []
    out: list[Action] = []
    for sid in board(state).spaces:
        if not state.space(sid).protest:
            continue
        out += add_actions(state, sid, ACTIVISTS, "available")
        if data.oop < 2:
            out += add_actions(state, sid, ACTIVISTS, "out_of_play")
    return [*out, DONE] if out else []


def c57s_act(state: GandhiState, data: C57, action: Action,
        chance: Chance) -> list[Event]:
    box = action.get("box", "available")
    return [added(action),
            *note(C57(entered=data.entered + 1, oop=data.oop + (box == "out_of_play")))]


PARTS["57:unshaded"] = Part(c57u_choices, c57u_act, what=c57u_what,
                            done=lambda s, d, c: note(C57(part=2))
                            if c57_first_part(s, d) else None)
PARTS["57:shaded"] = Part(c57s_choices, c57s_act, what=lambda s, d: msg(
    "c57_shaded", left=4 - d.entered, oop=2 - d.oop))


def card_57(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "57", faction, side, [], C57(entered=0, part=1, out=0, oop=0))


# --- #60 Gandhi's Young India Journal ------------------------------------------------------


def c60s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#60 shaded: "Add 1 Active Activist or Underground Guerrillas on up to 4 Railways
    that are adjacent to spaces at Opposition" -- one piece per Railway, each an Activist
    of either NV Faction or a Guerrilla (IT tutorial l.2359-2361); ``done`` ends it."""
    if len(picked(data)) >= 4:
        return []
    b = board(state)
    opposed = [s for s in b.non_railway if state.space(s).support < 0]
    out = [a for r in b.railways if r not in picked(data)
           and any(b.are_adjacent(r, s) for s in opposed)
           for a in add_actions(state, r, (*ACTIVISTS, GUERRILLAS), "available")]
    return [*out, DONE] if out else []


def c60s_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]  # 1.4.3 Activists on Railways are Active
    return [added(action), *note(Choices(picked=[*picked(data), sid]))]


PARTS["60:shaded"] = Part(c60s_choices, c60s_act,
                          what=lambda s, d: msg("c60_shaded", left=4 - len(picked(d))))


def card_60(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#60 unshaded: "Remove all Activists and Guerrillas on Railways to Available"."""
    if side == "shaded":
        return start(state, "60", faction, side, [], Choices(picked=[]))
    kinds = (*ACTIVISTS, GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE)
    return [*(PiecesRemoved(space=r, kind=k, count=state.space(r).count(k))
              for r in board(state).railways for k in kinds if state.space(r).count(k)),
            *finish(faction)]


# --- #65 United Bengal ---------------------------------------------------------------------


@card_data
class C65(Choices):
    """#65: what the text does (unshaded ``removed`` or ``arrest``, shaded ``state`` or
    ``protest``; None until the first choice); the States are ``picked``."""

    prefix = "c65"
    mode: str | None = None


def c65u_choices(state: GandhiState, data: C65) -> list[Action]:
    """#65 unshaded: "Remove 1 Muslim State, or arrest all Activists in up to 2 States" --
    ``remove muslim state in <space>`` ends it; ``arrest <State>`` (up to 2, ``done``)."""
    mode = data.mode
    if mode == "removed" or len(picked(data)) >= 2:
        return []
    arrests = [ARREST_ALL(space=s) for s in states(state)
               if s not in picked(data) and activists(state, s)]
    removals = [REMOVE_MARKER_IN(marker="muslim_state", space=s)
                for s in board(state).spaces if state.space(s).muslim_state]
    out = arrests if mode == "arrest" else [*removals, *arrests]
    return [*out, DONE] if out else []


def c65u_act(state: GandhiState, data: C65, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "remove_marker_in":
        return [MarkerSet(space=sid, marker="muslim_state", value=0),
                *note(C65(mode="removed"))]
    sp = state.space(sid)  # 5.1.3 arrested: to Jail
    return [*(PiecesRemoved(space=sid, kind=k, count=sp.count(k), to="jail")
              for k in ACTIVISTS if sp.count(k)),
            *note(C65(mode="arrest"), Choices(picked=[*picked(data), sid]))]


def c65_provinces(state: GandhiState) -> list[str]:
    """Provinces (not yet Muslim States) without Raj Control; any Troops there will move."""
    return [s for s in board(state).provinces
            if not state.space(s).muslim_state and not raj_control(state, s)]


def c65s_choices(state: GandhiState, data: C65) -> list[Action]:
    """#65 shaded: "Place a Muslim State in 1 Province without Raj Control (the Troops
    there to any City), or place Protest markers in any 3 States" -- 3 if there are
    (5.1.2), no ``done``.  The Raj moves the Troops, one at a time, to the Cities it
    chooses (1.3.5 "the Raj player must move", ``choices.muslim_state``)."""
    mode = data.mode
    if mode == "state" or len(picked(data)) >= 3:
        return []
    protests = [space_action(state, s, "protest") for s in states(state)
                if s not in picked(data) and marker_problem(state, "protest", s, True) is None]
    if mode == "protest":
        return protests
    return [*(MARKER_IN(marker="muslim_state", space=s) for s in c65_provinces(state)),
            *protests]


def c65s_act(state: GandhiState, data: C65, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "protest":
        return [MarkerSet(space=sid, marker="protest", value=1),
                *note(C65(mode="protest"), Choices(picked=[*picked(data), sid]))]
    return [*muslim_state(state, sid), *note(C65(mode="state"))]


def c65s_what(state: GandhiState, data: C65) -> Msg:
    if data.mode == "protest":
        return msg("c65_shaded_protest", left=3 - len(picked(data)))
    return msg("c65_shaded")


PARTS["65:unshaded"] = Part(c65u_choices, c65u_act, what=lambda s, d: msg(
    "c65_unshaded_arrest" if d.mode == "arrest" else "c65_unshaded",
    left=2 - len(picked(d))))
PARTS["65:shaded"] = Part(c65s_choices, c65s_act, what=c65s_what)


def card_65(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "65", faction, side, [], Choices(picked=[]))


SCRIPTED.update({"1": card_1, "2": card_2, "4": card_4, "7": card_7, "8": card_8,
                 "9": card_9, "26": card_26, "32": card_32, "57": card_57, "60": card_60,
                 "65": card_65})
