"""Scripted Events, cards 49-72 (5.0-5.1).  A card not scripted here is played by hand
(``steps/event.py``).

Scripted (both sides): 56, 59, 62, 64, 66, 68, 70, 71.  A text that needs choices
registers a ``Part`` of the shared step of choices (``scripts/choices.py``): the executing
Faction decides (5.1: it makes all selections), one space or piece at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.coin.tracks import shifted
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board, raj_control
from engine.games.gandhi.effects import add_unrest, note, resources, support, track
from engine.games.gandhi.events import (
    Box,
    MarkerSet,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.physical import in_box, marker_problem
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    RAJ,
    REVOLUTIONARIES,
    SEPOYS,
    TRACK_MAX,
    TRACK_MIN,
    TROOPS,
)
from engine.games.gandhi.scripts.choices import (
    DONE,
    PARTS,
    Choices,
    Part,
    card_data,
    fullest,
    picked,
    placed_kind,
    set_support,
    shiftable,
    space_action,
    start,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED, finish
from engine.games.gandhi.vocabulary import verbs

REMOVE_PIECE_IN, REPLACE_WITH, OUT_IN, ADD_PIECE_FROM = verbs(
    "remove_piece_in", "replace_with", "out_in", "add_piece_from")
SHIFT, MARKER = verbs("c62_shift", "c62_unrest")

PUNJAB, EAST_BENGAL = "punjab", "east_bengal"
PASSIVE_SUPPORT, PASSIVE_OPPOSITION = 1, -1  # 1.6.1
GUERRILLA_KINDS = (GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND)
ACTIVIST_KINDS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)
# the old choice words, kept only while cards_g.py (not yet on typed choices) imports them
GUERRILLA_WORDS = {GUERRILLAS_ACTIVE: "active", GUERRILLAS_UNDERGROUND: "underground"}
ACTIVIST_WORDS = {CONGRESS_ACTIVISTS: "congress", ML_ACTIVISTS: "league"}


def railways_with_activists_or_strike(state: GandhiState) -> tuple[int, int]:
    """(Railways with a Strike and/or Activists, Railways with neither) -- card 59."""
    hit = 0
    rails = board(state).railways
    for sid in rails:
        sp = state.space(sid)
        if sp.strike or sp.count(CONGRESS_ACTIVISTS) or sp.count(ML_ACTIVISTS):
            hit += 1
    return hit, len(rails) - hit


# --- the step of choices inside an Event -------------------------------------------------


def left(key: str, most: int) -> Callable[[GandhiState, Choices], Msg]:
    return lambda s, d: Msg(f"gandhi.scripts_c.{key}", left=most - len(d.picked))


# --- #56 Telangana Peasant Rebellion ------------------------------------------------------


def c56_changes(state: GandhiState, sid: str) -> bool:
    sp = state.space(sid)
    return bool(sp.unrest or sp.protest or sp.support < 2)


def c56u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#56 unshaded: "In up to 3 Princely States" -- spaces where the text does
    something (5.1.2); ``done`` ends it early."""
    if len(picked(data)) >= 3:
        return []
    states = [s for s in board(state).states if s not in picked(data) and c56_changes(state, s)]
    return [*(space_action(state, s) for s in states), DONE] if states else []


def c56u_act(state: GandhiState, data: Choices, action: Action, chance: Chance) -> list[Event]:
    """#56 unshaded: remove the Unrest and Protest markers, shift 1 toward Support."""
    sid = action["space"]
    sp = state.space(sid)
    events: list[Event] = []
    if sp.unrest:
        events.append(MarkerSet(space=sid, marker="unrest", value=0))
    if sp.protest:
        events.append(MarkerSet(space=sid, marker="protest", value=0))
    return [*events, *support(state, sid, +1), *note(Choices(picked=[*picked(data), sid]))]


def c56s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#56 shaded: "Shift any 3 Princely States" -- 3 if possible (5.1.2), no ``done``."""
    if len(picked(data)) >= 3:
        return []
    return [space_action(state, s) for s in board(state).states
            if s not in picked(data) and state.space(s).support > -2]


def c56s_act(state: GandhiState, data: Choices, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    return [*support(state, sid, -1), *note(Choices(picked=[*picked(data), sid]))]


PARTS["56:unshaded"] = Part(c56u_choices, c56u_act, what=left("c56_unshaded", 3))
PARTS["56:shaded"] = Part(c56s_choices, c56s_act, what=left("c56_shaded", 3))


def card_56(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "56", faction, side, [], Choices(picked=[]))


# --- #59 Khadi Spinning Wheels ------------------------------------------------------------


def card_59(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#59 unshaded: Raj Resources +3 per Railway with neither Strike nor Activists,
    Restraint -1; shaded: Raj Resources -3 per Railway with a Strike and/or Activists,
    Restraint +1 (1.8 Resources 0-50, 5.1.4 tracks 1-5)."""
    hit, clear = railways_with_activists_or_strike(state)
    if side == "unshaded":
        events = [*resources(state, RAJ, 3 * clear), *track(state, "restraint", -1)]
    else:
        events = [*resources(state, RAJ, -3 * hit), *track(state, "restraint", +1)]
    return [*events, *finish(faction)]


# --- #62 Great Bengal Famine --------------------------------------------------------------


@card_data
class C62(Choices):
    """#62: what the shaded text does (``opposition`` or ``unrest``; None until chosen)."""

    prefix = "c62"
    mode: str | None = None


def c62u_choices(state: GandhiState, data: C62) -> list[Action]:
    """#62 unshaded: "1 adjacent space" to East Bengal (Railways have no Support, 1.6.1)."""
    if data.picked:
        return []
    b = board(state)
    spaces = [s for s in b.non_railway if b.are_adjacent(EAST_BENGAL, s)]
    # 5.1.2 a space the text changes, if there is one
    changed = [s for s in spaces if state.space(s).support != PASSIVE_SUPPORT]
    return [space_action(state, s) for s in changed or spaces]


def c62u_act(state: GandhiState, data: C62, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    return [*set_support(state, sid, PASSIVE_SUPPORT), *note(Choices(picked=[sid]))]


def c62s_choices(state: GandhiState, data: C62) -> list[Action]:
    """#62 shaded: first Passive Opposition or Unrest for both, then 2 spaces with Raj
    Control (Cities and Provinces only, 1.7.2)."""
    mode = data.mode
    if mode is None:
        return [SHIFT(), MARKER()] if marker_problem_any(state) else [SHIFT()]
    if len(picked(data)) >= 2:
        return []
    spaces = [s for s in board(state).non_railway
              if s not in picked(data) and raj_control(state, s)]
    if mode == "unrest":
        spaces = [s for s in spaces if marker_problem(state, "unrest", s, True) is None]
    else:  # 5.1.2 spaces the text changes first
        spaces = [s for s in spaces if state.space(s).support != PASSIVE_OPPOSITION] or spaces
    return [space_action(state, s) for s in spaces]


def marker_problem_any(state: GandhiState) -> bool:
    """Whether an Unrest marker may go to some space with Raj Control."""
    return any(raj_control(state, s) and marker_problem(state, "unrest", s, True) is None
               for s in board(state).non_railway)


def c62s_act(state: GandhiState, data: C62, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "c62_shift":
        return note(C62(mode="opposition"))
    if action.verb == "c62_unrest":
        return note(C62(mode="unrest"))
    sid = action["space"]
    done = note(Choices(picked=[*picked(data), sid]))
    if data.mode == "unrest":
        return [*add_unrest(state, sid), *done]
    return [*set_support(state, sid, PASSIVE_OPPOSITION), *done]


def c62s_what(state: GandhiState, data: C62) -> Msg:
    if data.mode is None:
        return Msg("gandhi.scripts_c.c62_mode")
    return Msg("gandhi.scripts_c.c62_shaded", left=2 - len(picked(data)))


PARTS["62:unshaded"] = Part(c62u_choices, c62u_act,
                            what=lambda s, d: Msg("gandhi.scripts_c.c62_unshaded"))
PARTS["62:shaded"] = Part(c62s_choices, c62s_act, what=c62s_what)


def card_62(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#62 unshaded: East Bengal is set to Passive Support first."""
    first = set_support(state, EAST_BENGAL, PASSIVE_SUPPORT) if side == "unshaded" else []
    return start(state, "62", faction, side, first, Choices(picked=[]))


# --- #68 Red Fort Trials ------------------------------------------------------------------


@card_data
class C68(Choices):
    """#68: the die roll, and the Guerrillas removed."""

    prefix = "c68"
    roll: int = 0
    removed: int = 0


def c68u_choices(state: GandhiState, data: C68) -> list[Action]:
    """#68 unshaded: "Remove up to a die roll of Guerrillas from any spaces"."""
    if data.removed >= data.roll:
        return []
    out = [REMOVE_PIECE_IN(piece=kind, space=sid) for sid in board(state).spaces
           for kind in GUERRILLA_KINDS if state.space(sid).count(kind)]
    return [*out, DONE] if out else []


def c68u_act(state: GandhiState, data: C68, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]  # 5.1.3 removed pieces go to Available
    return [PiecesRemoved(space=sid, kind=kind, count=1, to="available"),
            *note(C68(removed=data.removed + 1))]


PARTS["68:unshaded"] = Part(
    c68u_choices, c68u_act, close=lambda s, d: track(s, "restraint", -2),
    what=lambda s, d: Msg("gandhi.scripts_c.c68_unshaded",
                          left=d.roll - d.removed))


def card_68(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#68 unshaded: a die roll, then the removals, then Restraint -2; shaded: Restraint
    +2, then Raj Resources minus twice the (new) Restraint (1.8: not below 0)."""
    if side == "shaded":
        after = shifted(state.restraint, +2, TRACK_MIN, TRACK_MAX)
        return [*track(state, "restraint", +2), *resources(state, RAJ, -2 * after),
                *finish(faction)]
    roll = chance.roll(6)
    return start(state, "68", faction, side, [DieRolled(value=roll, purpose="event 68")],
                 C68(roll=roll, removed=0))


# --- #64 Communal Award Entrenches Caste --------------------------------------------------

C64_KINDS = (SEPOYS, ML_ACTIVISTS, GUERRILLAS)


@card_data
class C64(Choices):
    """#64: the Activists replaced (unshaded); the spaces shifted are ``picked``."""

    prefix = "c64"
    replaced: int = 0


def c64u_choices(state: GandhiState, data: C64) -> list[Action]:
    """#64 unshaded: "Replace up to 3 Congress Activists with Sepoys, Muslim League
    Activists, or Guerrillas" (from Available; with none Available the Activist is
    removed instead, 5.1.1); ``done`` ends it."""
    if data.replaced >= 3:
        return []
    ready = [k for k in C64_KINDS if in_box(state, "available", k)]
    out: list[Action] = []
    for sid in board(state).spaces:
        if not state.space(sid).count(CONGRESS_ACTIVISTS):
            continue
        out += [REPLACE_WITH(piece=k, old=CONGRESS_ACTIVISTS, space=sid) for k in ready]
        if not ready:
            out.append(REMOVE_PIECE_IN(piece=CONGRESS_ACTIVISTS, space=sid))
    return [*out, DONE] if out else []


def c64u_act(state: GandhiState, data: C64, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]  # 5.1.3 the replaced Activist goes to Available
    events: list[Event] = [PiecesRemoved(space=sid, kind=CONGRESS_ACTIVISTS, count=1)]
    if action.verb == "replace_with":  # 1.4.3 new Guerrillas are placed Underground
        events.append(PiecesPlaced(space=sid, kind=placed_kind(action["piece"]), count=1))
    return [*events, *note(C64(replaced=data.replaced + 1))]


def c64s_choices(state: GandhiState, data: C64) -> list[Action]:
    """#64 shaded: "up to 3 spaces with Protest markers"; ``done`` ends it.  5.1.2 spaces
    that can still shift come first: a Railway may hold a Protest (1.10) but has no
    Support level (1.3.6), and Active Opposition cannot shift further."""
    if len(picked(data)) >= 3:
        return []
    spaces = [s for s in board(state).spaces if s not in picked(data) and state.space(s).protest]
    best = fullest(spaces, lambda s: shiftable(state, s, -1))
    return [*(space_action(state, s) for s in best), DONE] if spaces else []


def c64s_act(state: GandhiState, data: C64, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    shift = support(state, sid, -1)  # 1.3.6 nothing on a Railway
    return [*shift, *note(Choices(picked=[*picked(data), sid]))]


def c64s_close(state: GandhiState, data: C64) -> list[Event]:
    """#64 shaded: "then remove the Protest markers" of the spaces selected."""
    return [MarkerSet(space=s, marker="protest", value=0) for s in picked(data)]


PARTS["64:unshaded"] = Part(
    c64u_choices, c64u_act, close=lambda s, d: track(s, "unity", -1),
    what=lambda s, d: Msg("gandhi.scripts_c.c64_unshaded", left=3 - d.replaced))
PARTS["64:shaded"] = Part(c64s_choices, c64s_act, what=left("c64_shaded", 3),
                          close=c64s_close)


def card_64(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#64 unshaded: the replacements, then Unity -1; shaded: the shifts, then the
    Protest markers of the spaces shifted are removed."""
    return start(state, "64", faction, side, [], C64(picked=[], replaced=0))


# --- #66 Gandhi's Fast unto Death ---------------------------------------------------------

@card_data
class C66(Choices):
    """#66: the Guerrillas replaced (shaded); the spaces chosen are ``picked``."""

    prefix = "c66"
    replaced: int = 0


def c66u_choices(state: GandhiState, data: C66) -> list[Action]:
    """#66 unshaded: "in up to 2 spaces with both Congress and Muslim League Activists"
    where an Unrest marker (a Strike on a Railway, 5.1.4) may go; ``done`` ends it."""
    if len(picked(data)) >= 2:
        return []
    spaces = [s for s in board(state).spaces if s not in picked(data)
              and state.space(s).count(CONGRESS_ACTIVISTS) and state.space(s).count(ML_ACTIVISTS)
              and marker_problem(state, "unrest", s, True) is None]
    return [*(space_action(state, s) for s in spaces), DONE] if spaces else []


def c66u_act(state: GandhiState, data: C66, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    return [*add_unrest(state, sid), *note(Choices(picked=[*picked(data), sid]))]


def c66s_choices(state: GandhiState, data: C66) -> list[Action]:
    """#66 shaded: "Replace up to 3 Guerrillas with Activists" (either NV Faction's,
    placed from Available; with none Available the Guerrilla is removed instead, 5.1.1)."""
    if data.replaced >= 3:
        return []
    out = by_activists(state, list(board(state).spaces), GUERRILLA_KINDS)
    return [*out, DONE] if out else []


def by_activists(state: GandhiState, spaces: list[str], kinds: Iterable[str]
                 ) -> list[Action]:
    """Each piece of ``kinds`` in ``spaces`` replaced by an Available Activist of either NV
    Faction (``congress activist for sepoy in Bihar``), or removed if none is Available
    (5.1.1); ``replacement`` carries the choice out."""
    ready = [k for k in ACTIVIST_KINDS if in_box(state, "available", k)]
    out = []
    for sid in spaces:
        for kind in kinds:
            if not state.space(sid).count(kind):
                continue
            out += [REPLACE_WITH(piece=a, old=kind, space=sid) for a in ready]
            if not ready:
                out.append(REMOVE_PIECE_IN(piece=kind, space=sid))
    return out


def c66s_act(state: GandhiState, data: C66, action: Action, chance: Chance) -> list[Event]:
    return [*replacement(action), *note(C66(replaced=data.replaced + 1))]


def replacement(action: Action) -> list[Event]:
    """A ``by_activists`` choice: the piece to Available (5.1.3), the Activist in its
    place (``replace_with``), or the piece removed only (``remove_piece_in``)."""
    sid = action["space"]
    replaced = action.verb == "replace_with"
    kind = action["old"] if replaced else action["piece"]
    events: list[Event] = [PiecesRemoved(space=sid, kind=kind, count=1, to="available")]
    if replaced:
        events.append(PiecesPlaced(space=sid, kind=action["piece"], count=1))
    return events


PARTS["66:unshaded"] = Part(c66u_choices, c66u_act, what=left("c66_unshaded", 2),
                            close=lambda s, d: track(s, "unity", -1))
PARTS["66:shaded"] = Part(
    c66s_choices, c66s_act, close=lambda s, d: track(s, "restraint", +1),
    what=lambda s, d: Msg("gandhi.scripts_c.c66_shaded", left=3 - d.replaced))


def card_66(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#66 unshaded: the Unrest markers, then Unity -1; shaded: the replacements, then
    Restraint +1."""
    return start(state, "66", faction, side, [], C66(picked=[], replaced=0))


# --- #70 Forward Bloc ---------------------------------------------------------------------

MAP_KINDS = (TROOPS, SEPOYS, *ACTIVIST_KINDS, *GUERRILLA_KINDS)
OUT_KINDS = (GUERRILLAS, *ACTIVIST_KINDS)


@card_data
class C70(Choices):
    """#70: the pieces moved Out of Play (unshaded); the spaces chosen are ``picked``."""

    prefix = "c70"
    moved: int = 0


def c70u_choices(state: GandhiState, data: C70) -> list[Action]:
    """#70 unshaded: "Move 2 cubes, Activists and/or Guerrillas to Out of Play" -- 2 if
    there are (5.1.2), no ``done``; Gandhi and Bases are none of these."""
    if data.moved >= 2:
        return []
    return [OUT_IN(piece=kind, space=sid) for sid in board(state).spaces
            for kind in MAP_KINDS if state.space(sid).count(kind)]


def c70u_act(state: GandhiState, data: C70, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    return [PiecesRemoved(space=sid, kind=kind, count=1, to="out_of_play"),
            *note(C70(moved=data.moved + 1))]


def c70s_choices(state: GandhiState, data: C70) -> list[Action]:
    """#70 shaded: "In up to 3 spaces, add 1 Guerrilla or Activist from Out of Play";
    ``done`` ends it."""
    if len(picked(data)) >= 3:
        return []
    kinds = [k for k in OUT_KINDS if in_box(state, "out_of_play", k)]
    out = [ADD_PIECE_FROM(piece=k, space=sid, box="out_of_play")
           for sid in board(state).spaces if sid not in picked(data) for k in kinds]
    return [*out, DONE] if out else []


def c70s_act(state: GandhiState, data: C70, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]  # 1.4.3 new Guerrillas are placed Underground
    placed = placed_kind(action["piece"])
    return [PiecesPlaced(space=sid, kind=placed, count=1, source="out_of_play"),
            *note(Choices(picked=[*picked(data), sid]))]


PARTS["70:unshaded"] = Part(
    c70u_choices, c70u_act, close=lambda s, d: resources(s, REVOLUTIONARIES, -3),
    what=lambda s, d: Msg("gandhi.scripts_c.c70_unshaded", left=2 - d.moved))
PARTS["70:shaded"] = Part(c70s_choices, c70s_act, what=left("c70_shaded", 3))


def card_70(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#70 unshaded: the 2 pieces to Out of Play, then Revolutionaries Resources -3 (1.8:
    not below 0); shaded: the placements from Out of Play."""
    return start(state, "70", faction, side, [], C70(picked=[], moved=0))


# --- #71 Nankana Massacre Stuns India -----------------------------------------------------


def c71u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#71 unshaded: "1 adjacent space without Troops" where the marker may go (an Unrest
    on a Railway is a Strike, at most one per Railway: 5.1.4, 5.1.1)."""
    if data.picked:
        return []
    b = board(state)
    return [space_action(state, s) for s in b.spaces if b.are_adjacent(PUNJAB, s)
            and not state.space(s).count(TROOPS)
            and marker_problem(state, "unrest", s, True) is None]


def c71u_act(state: GandhiState, data: Choices, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    return [*add_unrest(state, sid), *note(Choices(picked=[sid]))]


PARTS["71:unshaded"] = Part(c71u_choices, c71u_act,
                            what=lambda s, d: Msg("gandhi.scripts_c.c71_unshaded"))


GANDHI_BOXES: tuple[Box, ...] = ("jail", "available", "out_of_play")


def gandhi_to(state: GandhiState, sid: str) -> list[Event]:
    """Gandhi to ``sid`` from wherever he is: a space, Jail ("releasing him from Jail if
    necessary"), Available or Out of Play."""
    for origin, sp in state.spaces.items():
        if sp.count(GANDHI):
            return [] if origin == sid else [
                PiecesMoved(kind=GANDHI, count=1, origin=origin, destination=sid)]
    for box in GANDHI_BOXES:
        if in_box(state, box, GANDHI):
            return [PiecesPlaced(space=sid, kind=GANDHI, count=1, source=box)]
    return []


def card_71(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#71 unshaded: 1 Unrest in Punjab, then in 1 adjacent space without Troops;
    shaded: Gandhi to Punjab, Punjab 2 levels toward Active Opposition."""
    if side == "shaded":
        return [*gandhi_to(state, PUNJAB), *support(state, PUNJAB, -2), *finish(faction)]
    return start(state, "71", faction, side, add_unrest(state, PUNJAB), Choices(picked=[]))


SCRIPTED.update({"56": card_56, "59": card_59, "62": card_62, "64": card_64, "66": card_66,
                 "68": card_68, "70": card_70, "71": card_71})
