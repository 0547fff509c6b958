"""Scripted Events, cards 1-24 (5.0-5.1).  A card not scripted here is played by hand
(``steps/event.py``).

Scripted (both sides): #3, #10, #12, #13, #14, #15, #17, #19, #20, #21.  Every
choice the text leaves open is asked of the executing Faction (5.1) in the shared step of
choices (``scripts/choices.py``): each side that asks registers a ``Part`` under
``"NN:<side>"``; a card's data (``CNN``, logged as ``cNN_<field>``) is declared above it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import available, board, raj_control
from engine.games.gandhi.effects import add_unrest, note, resources, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.names import space_text
from engine.games.gandhi.ops.revolutionaries import activate_all
from engine.games.gandhi.physical import marker_problem
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    GUERRILLAS,
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
from engine.games.gandhi.scripts.choices import (
    DONE,
    PARTS,
    Choices,
    Part,
    card_data,
    cubes,
    muslim_state,
    space_action,
    start,
    states,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED, Script, finish
from engine.games.gandhi.vocabulary import verbs

PUNJAB, WEST_BENGAL, EAST_BENGAL = "punjab", "west_bengal", "east_bengal"
BENGALS = (WEST_BENGAL, EAST_BENGAL)
# The choices these Events offer besides ``<word> <space>`` (``space_action``): verbs of
# data/verbs/*.toml, the ``ab_`` ones in scripts_ab.toml.
UNITY, GUERRILLAS_CHOICE, RESOURCES, ACTIVISTS_CHOICE, SHIFT = verbs(
    "c13_unity", "c14_guerrillas", "c14_resources", "c17_activists", "c17_shift")
MOVE_KIND, REMOVE, REMOVE_PIECE_IN, REMOVE_COUNT_IN, ADD_COUNT = verbs(
    "move_kind", "remove", "remove_piece_in", "remove_count_in", "add_count")


def script(card: str) -> Callable[[Script], Script]:
    def register(fn: Script) -> Script:
        SCRIPTED[card] = fn
        return fn
    return register


def prompt(key: str, **params: Any) -> Msg:
    return Msg(f"gandhi.scripts_a.{key}", **params)


def asks(key: str) -> Callable[[GandhiState, Choices], Msg]:
    """The prompt ``key``, without counts."""
    return lambda s, d: prompt(key)


def asks_left(key: str) -> Callable[[GandhiState, Left], Msg]:
    """The prompt ``key`` with the choices ``left``."""
    return lambda s, d: prompt(key, left=d.left)


class Left(Choices):
    """A card that counts down its choices (``c<card>_left``)."""

    left: int = 0


def hide_all(state: GandhiState, sid: str) -> list[Event]:
    active = state.space(sid).count(GUERRILLAS_ACTIVE)
    return [PiecesFlipped(space=sid, kind=GUERRILLAS_ACTIVE, to_kind=GUERRILLAS_UNDERGROUND,
                          count=active)] if active else []


# --- #3 India Is the Jewel in the Crown ------------------------------------------------------


@script("3")
def card_03(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "unshaded":
        # #3 unshaded: Raj Resources + 5 x Restraint (1.8: at most 50).
        return [*resources(state, RAJ, 5 * state.restraint), *finish(faction)]
    # #3 shaded: Raj Resources - twice a die roll (1.8: not below 0); the roll is logged.
    roll = chance.roll(6)
    return [DieRolled(value=roll, purpose="event"), *resources(state, RAJ, -2 * roll),
            *finish(faction)]


# --- #10 Aundh Experiment in Self-Government --------------------------------------------------


@script("10")
def card_10(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #10 unshaded: up to Restraint States, each 1 level toward Neutral (the value when the
    # Event begins).  #10 shaded: Protest in up to 3 States, then Restraint +2.
    return start(state, "10", faction, side, [],
                 C10(left=state.restraint if side == "unshaded" else 3, chosen=[]))


@card_data
class C10(Left):
    """#10: the States left to choose, and those chosen."""

    prefix = "c10"
    chosen: list[str] = []


def c10u_choices(state: GandhiState, data: C10) -> list[Action]:
    """#10 unshaded: the executing Faction picks the States to shift toward Neutral."""
    if data.left <= 0:
        return []
    actions = [space_action(state, sid, "shift") for sid in states(state)
               if sid not in data.chosen and state.space(sid).support != 0]
    return [*actions, DONE] if actions else []


def c10u_act(state: GandhiState, data: C10, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    toward = -1 if state.space(sid).support > 0 else 1  # 1 level toward Neutral
    return [*support(state, sid, toward),
            *note(C10(left=data.left - 1, chosen=[*data.chosen, sid]))]


def c10s_choices(state: GandhiState, data: C10) -> list[Action]:
    """#10 shaded: the executing Faction picks up to 3 States for Protest markers (5.1.1:
    regardless of Restraint, but only markers not on the map, one per space)."""
    if data.left <= 0:
        return []
    actions = [space_action(state, sid, "protest") for sid in states(state)
               if marker_problem(state, "protest", sid, True) is None]
    return [*actions, DONE] if actions else []


def c10s_act(state: GandhiState, data: C10, action: Action, chance: Chance) -> list[Event]:
    return [MarkerSet(space=action["space"], marker="protest", value=1),
            *note(C10(left=data.left - 1))]


PARTS["10:unshaded"] = Part(c10u_choices, c10u_act, asks_left("prompt_10_unshaded"))
# #10 shaded: then Restraint +2 (5.1.4: never above 5).
PARTS["10:shaded"] = Part(c10s_choices, c10s_act, asks_left("prompt_10_shaded"),
                          close=lambda s, d: track(s, "restraint", 2))


# --- #12 Raid on the Dharasana Salt Works ----------------------------------------------------

ACTIVISTS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)  # 1.3.9 Gandhi is not an Activist


@script("12")
def card_12(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #12 unshaded: 2 spaces with cubes and Protest.  #12 shaded: Protest in up to 3
    # spaces with Activists, Restraint -1, the executing Faction stays Eligible.
    return start(state, "12", faction, side, [], C12(left=2 if side == "unshaded" else 3))


@card_data
class C12(Left):
    """#12: the spaces left to choose."""

    prefix = "c12"


def c12u_choices(state: GandhiState, data: C12) -> list[Action]:
    """#12 unshaded: in each chosen space the Protest becomes an Unrest marker (a Strike on
    a Railway, 5.1.4; removed only if none is left, 5.1.1) and every Activist there is
    arrested to Jail (5.1.3).  Two spaces if there are two (5.1.2): no ``done``."""
    if data.left <= 0:
        return []
    return [space_action(state, sid, "raid") for sid in board(state).spaces
            if state.space(sid).protest and cubes(state, sid)]


def c12u_act(state: GandhiState, data: C12, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    sp = state.space(sid)
    arrests: list[Event] = [PiecesRemoved(space=sid, kind=k, count=sp.count(k), to="jail")
                            for k in ACTIVISTS if sp.count(k)]
    return [MarkerSet(space=sid, marker="protest", value=0), *add_unrest(state, sid),
            *arrests, *note(C12(left=data.left - 1))]


def c12s_choices(state: GandhiState, data: C12) -> list[Action]:
    """#12 shaded: Protest markers (5.1.1 regardless of Restraint, one per space) in up to
    3 spaces with Activists, then Restraint -1 and the executing Faction stays Eligible."""
    if data.left <= 0:
        return []
    actions = [space_action(state, sid, "protest") for sid in board(state).spaces
               if any(state.space(sid).count(k) for k in ACTIVISTS)
               and marker_problem(state, "protest", sid, True) is None]
    return [*actions, DONE] if actions else []


def c12s_act(state: GandhiState, data: C12, action: Action, chance: Chance) -> list[Event]:
    return [MarkerSet(space=action["space"], marker="protest", value=1),
            *note(C12(left=data.left - 1))]


def c12s_close(state: GandhiState, data: C12) -> list[Event]:
    # 5.1.4 Restraint never below 1; 5.0 "stays Eligible" (CardTurn.kept_eligible).
    return [*track(state, "restraint", -1),
            EligibilityMarked(faction=data.executing, eligible=True)]


PARTS["12:unshaded"] = Part(c12u_choices, c12u_act, asks_left("prompt_12_unshaded"))
PARTS["12:shaded"] = Part(c12s_choices, c12s_act, asks_left("prompt_12_shaded"),
                          close=c12s_close)


# --- #13 Ottoman Collapse Leaves a Power Vacuum ----------------------------------------------


def muslim_state_spaces(state: GandhiState) -> list[str]:
    """#13: Muslim Provinces (1.3.4; a Muslim State is no Province, 1.3.5) without Raj
    Control."""
    b = board(state)
    return [sid for sid in b.provinces if b.space(sid).muslim
            and not state.space(sid).muslim_state and not raj_control(state, sid)]


@script("13")
def card_13(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "shaded":
        # #13 shaded: Unity +2 (5.1.4: never above 5), then 3 pieces Out of Play ->
        # Available, chosen one at a time.
        return start(state, "13", faction, side, track(state, "unity", 2), C13(left=3))
    # #13 unshaded: Unity -2 or a Muslim State (its Troops to any Cities, 1.3.5).
    return start(state, "13", faction, side, [], C13(choice=""))


@card_data
class C13(Left):
    """#13: the pieces left to move (shaded), or what was chosen (unshaded: ``unity`` or
    ``state``)."""

    prefix = "c13"
    choice: str = ""


def c13u_choices(state: GandhiState, data: C13) -> list[Action]:
    """#13 unshaded: the executing Faction answers ``unity`` or ``state <Province>``; the
    Raj then moves the Troops there to Cities one at a time (1.3.5 "the Raj player must
    move"), and only then is the Muslim State marker placed (1.4.2 no Troops in States):
    ``choices.muslim_state``."""
    if data.choice:
        return []
    return [UNITY(), *(space_action(state, p, "state") for p in muslim_state_spaces(state))]


def c13u_act(state: GandhiState, data: C13, action: Action, chance: Chance) -> list[Event]:
    if action.verb == UNITY.name:
        return [*track(state, "unity", -2), *note(C13(choice="unity"))]
    return [*muslim_state(state, action["space"]), *note(C13(choice="state"))]


def c13s_choices(state: GandhiState, data: C13) -> list[Action]:
    """#13 shaded: 3 pieces (all if fewer) from Out of Play to Available, one at a time
    (``move <piece>``)."""
    kinds = [k for k, n in state.out_of_play.items() if n > 0]
    if data.left <= 0 or not kinds:
        return []
    return [MOVE_KIND(piece=k) for k in kinds]


def c13s_act(state: GandhiState, data: C13, action: Action, chance: Chance) -> list[Event]:
    return [BoxTransfer(kind=action["piece"], count=1, origin="out_of_play",
                        destination="available"),
            *note(C13(left=data.left - 1))]


PARTS["13:unshaded"] = Part(c13u_choices, c13u_act, asks("prompt_13_unshaded"))
PARTS["13:shaded"] = Part(c13s_choices, c13s_act, asks_left("prompt_13_shaded"))


# --- #14 Independence Fighters Take Up Arms ---------------------------------------------------

GUERRILLA_SIDES = (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE)


@script("14")
def card_14(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #14 unshaded: up to 4 Guerrillas from up to 2 spaces, then Revolutionaries Resources
    # -3.  #14 shaded: 5 Guerrillas total in the Bengals, or Revolutionaries Resources +5.
    return start(state, "14", faction, side, [],
                 C14(left=4 if side == "unshaded" else 5, spaces=[], mode=""))


@card_data
class C14(Left):
    """#14: the Guerrillas left, the spaces they came from (unshaded), and the choice
    made (shaded: ``guerrillas`` or ``resources``)."""

    prefix = "c14"
    spaces: list[str] = []
    mode: str = ""


def c14u_choices(state: GandhiState, data: C14) -> list[Action]:
    """#14 unshaded: one Guerrilla at a time (to Available, 5.1.3), at most 4, from at most
    2 spaces; then Revolutionaries Resources -3 (1.8: not below 0)."""
    if data.left <= 0:
        return []
    spaces = data.spaces if len(data.spaces) >= 2 else list(board(state).spaces)
    actions = [REMOVE_PIECE_IN(piece=kind, space=sid)
               for sid in spaces for kind in GUERRILLA_SIDES if state.space(sid).count(kind)]
    return [*actions, DONE] if actions else []


def c14u_act(state: GandhiState, data: C14, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    chosen = data.spaces if sid in data.spaces else [*data.spaces, sid]
    return [PiecesRemoved(space=sid, kind=kind, count=1),
            *note(C14(left=data.left - 1, spaces=chosen))]


def c14s_choices(state: GandhiState, data: C14) -> list[Action]:
    """#14 shaded: first the choice (``guerrillas`` or ``resources``); Guerrillas go one at a
    time into West or East Bengal, 5 in all, as long as any is Available (5.1.1)."""
    if not data.mode:
        return [GUERRILLAS_CHOICE(), RESOURCES()]
    if data.mode != "guerrillas" or data.left <= 0 or available(state, GUERRILLAS) <= 0:
        return []
    return [space_action(state, sid, "add") for sid in BENGALS]


def c14s_act(state: GandhiState, data: C14, action: Action, chance: Chance) -> list[Event]:
    if action.verb == RESOURCES.name:
        return [*resources(state, REVOLUTIONARIES, 5), *note(C14(mode="resources"))]
    if action.verb == GUERRILLAS_CHOICE.name:
        return note(C14(mode="guerrillas"))
    return [PiecesPlaced(space=action["space"], kind=GUERRILLAS_UNDERGROUND, count=1),
            *note(C14(left=data.left - 1))]


def c14s_what(state: GandhiState, data: C14) -> Msg:
    if not data.mode:
        return prompt("prompt_14_shaded")
    return prompt("prompt_14_shaded_place", left=data.left)


PARTS["14:unshaded"] = Part(c14u_choices, c14u_act, asks_left("prompt_14_unshaded"),
                            close=lambda s, d: resources(s, REVOLUTIONARIES, -3))
PARTS["14:shaded"] = Part(c14s_choices, c14s_act, c14s_what)


# --- #15 Qissa Khwani Bazaar Crackdown -------------------------------------------------------

NON_RAJ = (CONGRESS_ACTIVISTS, ML_ACTIVISTS, GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE,
           ML_BASES, REV_BASES)  # 1.4.5 Gandhi is never removed, only arrested
BASE_KINDS = (ML_BASES, REV_BASES)


def unrest_spaces(state: GandhiState, spaces: list[str]) -> list[str]:
    """5.1.2: where the Unrest (or Strike, 5.1.4) marker can go, if any such space."""
    marked = [sid for sid in spaces if marker_problem(state, "unrest", sid, True) is None]
    return marked or spaces


def removable(state: GandhiState, sid: str) -> bool:
    """#15 unshaded: a non-Raj piece but Gandhi (1.4.5) in ``sid``."""
    return any(state.space(sid).count(k) for k in NON_RAJ)


@script("15")
def card_15(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #15 unshaded: Unrest in 1 space without Troops, then 1 piece per Sepoy there removed.
    # #15 shaded: Unrest in a space with cubes, 2 levels toward Active Opposition.
    return start(state, "15", faction, side, [], C15(space="", left=0))


@card_data
class C15(Choices):
    """#15: the space chosen, and the pieces left to remove there (unshaded)."""

    prefix = "c15"
    space: str = ""
    left: int = 0


def c15u_choices(state: GandhiState, data: C15) -> list[Action]:
    """#15 unshaded: the space, then the pieces one at a time (to Available, 5.1.3): any
    non-Raj piece but Gandhi (1.4.5), Bases only once no other such piece is left."""
    b = board(state)
    if not data.space:
        spaces = [sid for sid in b.spaces if not state.space(sid).count(TROOPS)]
        # 5.1.2 where the marker goes and a piece can be removed for a Sepoy
        whole = [sid for sid in unrest_spaces(state, spaces)
                 if marker_problem(state, "unrest", sid, True) is None
                 and state.space(sid).count(SEPOYS) and removable(state, sid)]
        return [space_action(state, sid, "unrest")
                for sid in whole or unrest_spaces(state, spaces)]
    if data.left <= 0:
        return []
    sp = state.space(data.space)
    kinds = [k for k in NON_RAJ if k not in BASE_KINDS and sp.count(k)]
    kinds = kinds or [k for k in BASE_KINDS if sp.count(k)]
    return [REMOVE(piece=k) for k in kinds]


def c15u_act(state: GandhiState, data: C15, action: Action, chance: Chance) -> list[Event]:
    if action.verb == REMOVE.name:
        return [PiecesRemoved(space=data.space, kind=action["piece"], count=1),
                *note(C15(left=data.left - 1))]
    sid = action["space"]
    return [*add_unrest(state, sid),
            *note(C15(space=sid, left=state.space(sid).count(SEPOYS)))]


def c15u_what(state: GandhiState, data: C15) -> Msg:
    if not data.space:
        return prompt("prompt_15_unshaded")
    return prompt("prompt_15_unshaded_remove", left=data.left,
                  space=space_text(board(state), data.space))


def c15s_choices(state: GandhiState, data: C15) -> list[Action]:
    """#15 shaded: one decision; a Railway takes a Strike (5.1.4) but has no Support
    level (1.6.1), so spaces that can take the whole text come first (5.1.2)."""
    if data.space:
        return []
    b = board(state)
    spaces = [sid for sid in b.spaces if cubes(state, sid)]
    whole = [sid for sid in unrest_spaces(state, spaces) if not b.space(sid).is_railway
             and state.space(sid).support > -2
             and marker_problem(state, "unrest", sid, True) is None]
    return [space_action(state, sid, "unrest") for sid in whole or unrest_spaces(state, spaces)]


def c15s_act(state: GandhiState, data: C15, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    # 1.3.6 a Railway has no Support level: ``support`` shifts nothing there
    return [*add_unrest(state, sid), *support(state, sid, -2), *note(C15(space=sid))]


PARTS["15:unshaded"] = Part(c15u_choices, c15u_act, c15u_what)
PARTS["15:shaded"] = Part(c15s_choices, c15s_act, asks("prompt_15_shaded"))


# --- #17 Khan Abdul Ghaffar Khan ------------------------------------------------------------


def frontier(state: GandhiState) -> list[str]:
    """#17: Punjab and the Provinces adjacent to it (a Muslim State is no Province)."""
    b = board(state)
    return [PUNJAB, *(sid for sid in b.provinces if b.are_adjacent(PUNJAB, sid)
                      and not state.space(sid).muslim_state)]


@script("17")
def card_17(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #17 unshaded: up to 4 Activists removed, or 2 spaces 1 level toward Passive Support,
    # in Punjab and adjacent Provinces.  #17 shaded: Protest in 2 spaces with Muslim
    # League Activists, and the Muslim League stays Eligible.
    return start(state, "17", faction, side, [],
                 C17(left=4 if side == "unshaded" else 2, mode="", chosen=[]))


@card_data
class C17(Left):
    """#17: the choice made (unshaded: ``activists`` or ``shift``), the choices left, and
    the spaces shifted."""

    prefix = "c17"
    mode: str = ""
    chosen: list[str] = []


def c17u_choices(state: GandhiState, data: C17) -> list[Action]:
    """#17 unshaded: first ``activists`` or ``shift``; Activists go one at a time to
    Available (5.1.3 removed, not arrested), up to 4; the shift is 2 spaces if there are
    two not at Passive Support (5.1.2: no ``done``)."""
    if not data.mode:
        return [ACTIVISTS_CHOICE(), SHIFT()]
    if data.mode == "activists":
        if data.left <= 0:
            return []
        actions = [REMOVE_PIECE_IN(piece=kind, space=sid)
                   for sid in frontier(state) for kind in ACTIVISTS
                   if state.space(sid).count(kind)]
        return [*actions, DONE] if actions else []
    if len(data.chosen) >= 2:
        return []
    return [space_action(state, sid, "shift") for sid in frontier(state)
            if sid not in data.chosen and state.space(sid).support != 1]


def c17u_act(state: GandhiState, data: C17, action: Action, chance: Chance) -> list[Event]:
    if action.verb == ACTIVISTS_CHOICE.name:
        return note(C17(mode="activists"))
    if action.verb == SHIFT.name:
        return note(C17(mode="shift"))
    if action.verb == REMOVE_PIECE_IN.name:
        return [PiecesRemoved(space=action["space"], kind=action["piece"], count=1),
                *note(C17(left=data.left - 1))]
    sid = action["space"]
    toward = 1 if state.space(sid).support < 1 else -1  # toward Passive Support (+1)
    return [*support(state, sid, toward), *note(C17(chosen=[*data.chosen, sid]))]


def c17u_what(state: GandhiState, data: C17) -> Msg:
    if not data.mode:
        return prompt("prompt_17_unshaded")
    if data.mode == "activists":
        return prompt("prompt_17_unshaded_remove", left=data.left)
    return prompt("prompt_17_unshaded_shift", left=2 - len(data.chosen))


def c17s_choices(state: GandhiState, data: C17) -> list[Action]:
    """#17 shaded: Protest markers (5.1.1 regardless of Restraint, one per space) in 2
    spaces with Muslim League Activists (no ``done``, 5.1.2); then the Muslim League stays
    Eligible (5.0), whoever executes."""
    if data.left <= 0:
        return []
    return [space_action(state, sid, "protest") for sid in board(state).spaces
            if state.space(sid).count(ML_ACTIVISTS)
            and marker_problem(state, "protest", sid, True) is None]


def c17s_act(state: GandhiState, data: C17, action: Action, chance: Chance) -> list[Event]:
    return [MarkerSet(space=action["space"], marker="protest", value=1),
            *note(C17(left=data.left - 1))]


PARTS["17:unshaded"] = Part(c17u_choices, c17u_act, c17u_what)
PARTS["17:shaded"] = Part(c17s_choices, c17s_act, asks_left("prompt_17_shaded"),
                          close=lambda s, d: [EligibilityMarked(faction=MUSLIM_LEAGUE,
                                                                eligible=True)])


# --- #19 Attack on the Central Legislative Assembly, Delhi -----------------------------------


@script("19")
def card_19(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #19 unshaded: in 1 space, up to 3 Underground or all Active Guerrillas removed.
    # #19 shaded: in 2 spaces with Raj Control, 1 Unrest marker and 1 Guerrilla each.
    return start(state, "19", faction, side, [], C19(chosen=[]))


@card_data
class C19(Choices):
    """#19: the spaces chosen."""

    prefix = "c19"
    chosen: list[str] = []


def c19u_choices(state: GandhiState, data: C19) -> list[Action]:
    """#19 unshaded: one decision names the space and what goes (to Available, 5.1.3);
    ``done``: "up to 3", none at all."""
    if data.chosen:
        return []
    actions: list[Action] = []
    for sid in board(state).spaces:
        sp = state.space(sid)
        actions += [REMOVE_COUNT_IN(count=n, piece=GUERRILLAS_UNDERGROUND, space=sid)
                    for n in range(min(3, sp.count(GUERRILLAS_UNDERGROUND)), 0, -1)]
        if sp.count(GUERRILLAS_ACTIVE):
            actions.append(REMOVE_COUNT_IN(count=sp.count(GUERRILLAS_ACTIVE),
                                           piece=GUERRILLAS_ACTIVE, space=sid))
    return [*actions, DONE] if actions else []


def c19u_act(state: GandhiState, data: C19, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    return [PiecesRemoved(space=sid, kind=action["piece"], count=action["count"]),
            *note(C19(chosen=[sid]))]


def c19s_choices(state: GandhiState, data: C19) -> list[Action]:
    """#19 shaded: two spaces with Raj Control, one at a time; 5.1.2 where the Unrest (or
    Strike, 5.1.4) marker can go if any such space is left.  The Guerrilla is placed only
    if one is Available (5.1.1)."""
    chosen = data.chosen
    if len(chosen) >= 2:
        return []
    spaces = [sid for sid in board(state).spaces
              if sid not in chosen and raj_control(state, sid)]
    marked = [sid for sid in spaces if marker_problem(state, "unrest", sid, True) is None]
    return [space_action(state, sid, "unrest") for sid in marked or spaces]


def c19s_act(state: GandhiState, data: C19, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    placed = ([PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=1)]
              if available(state, GUERRILLAS) else [])
    return [*add_unrest(state, sid), *placed, *note(C19(chosen=[*data.chosen, sid]))]


PARTS["19:unshaded"] = Part(c19u_choices, c19u_act, asks("prompt_19_unshaded"))
PARTS["19:shaded"] = Part(c19s_choices, c19s_act,
                          lambda s, d: prompt("prompt_19_shaded", left=2 - len(d.chosen)))


# --- #20 Jugantar Formed in Bengal -----------------------------------------------------------


@script("20")
def card_20(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "shaded":
        # #20 shaded: up to 3 Guerrillas in East and/or West Bengal, then flip there.
        return start(state, "20", faction, side, [], C20(left=3))
    # #20 unshaded: in each Bengal remove 1 Guerrilla per cube there (to Available, 5.1.3),
    # then Activate all Guerrillas there.  Every Guerrilla left ends Active, so which side
    # the removed ones showed does not matter: the Underground go first.
    events: list[Event] = []
    for sid in BENGALS:
        sp = state.space(sid)
        hidden, active = sp.count(GUERRILLAS_UNDERGROUND), sp.count(GUERRILLAS_ACTIVE)
        gone = min(cubes(state, sid), hidden + active)
        gone_hidden = min(gone, hidden)
        if gone_hidden:
            events.append(PiecesRemoved(space=sid, kind=GUERRILLAS_UNDERGROUND,
                                        count=gone_hidden))
        if gone - gone_hidden:
            events.append(PiecesRemoved(space=sid, kind=GUERRILLAS_ACTIVE,
                                        count=gone - gone_hidden))
        if hidden - gone_hidden:
            events.append(PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND,
                                        to_kind=GUERRILLAS_ACTIVE, count=hidden - gone_hidden))
    return [*events, *finish(faction)]


@card_data
class C20(Left):
    """#20: the Guerrillas left to place."""

    prefix = "c20"


def c20s_choices(state: GandhiState, data: C20) -> list[Action]:
    """#20 shaded: one Guerrilla at a time, into West or East Bengal (5.1.1: only
    Available ones); then every Guerrilla in both Bengals is flipped Underground."""
    if data.left <= 0 or available(state, GUERRILLAS) <= 0:
        return []
    return [*(space_action(state, sid, "add") for sid in BENGALS), DONE]


def c20s_act(state: GandhiState, data: C20, action: Action, chance: Chance) -> list[Event]:
    return [PiecesPlaced(space=action["space"], kind=GUERRILLAS_UNDERGROUND, count=1),  # 1.4.3
            *note(C20(left=data.left - 1))]


PARTS["20:shaded"] = Part(c20s_choices, c20s_act, asks_left("prompt_20_shaded"),
                          close=lambda s, d: [e for sid in BENGALS for e in hide_all(s, sid)])


# --- #21 Bhagat Singh Frustrates the Empire --------------------------------------------------


@script("21")
def card_21(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "shaded":
        # #21 shaded: up to 4 Guerrillas in Punjab, then an Unrest marker there.
        return start(state, "21", faction, side, [], C21(added=None))
    # #21 unshaded: Activate all Guerrillas in Punjab, then remove 1 Guerrilla (now all
    # Active) per cube there, to Available (5.1.3).
    sp = state.space(PUNJAB)
    total = sp.count(GUERRILLAS_UNDERGROUND) + sp.count(GUERRILLAS_ACTIVE)
    gone = min(cubes(state, PUNJAB), total)
    removed = [PiecesRemoved(space=PUNJAB, kind=GUERRILLAS_ACTIVE, count=gone)] if gone else []
    return [*activate_all(state, PUNJAB), *removed, *finish(faction)]


def c21s_most(state: GandhiState) -> int:
    return min(4, available(state, GUERRILLAS))


@card_data
class C21(Choices):
    """#21: how many Guerrillas were added (None until chosen)."""

    prefix = "c21"
    added: int | None = None


def c21s_choices(state: GandhiState, data: C21) -> list[Action]:
    """#21 shaded: the executing Faction says how many Guerrillas (5.1.1: Available)."""
    most = c21s_most(state)
    if data.added is not None or most <= 0:
        return []
    return [ADD_COUNT(count=n, piece=GUERRILLAS) for n in range(most, -1, -1)]


def c21s_act(state: GandhiState, data: C21, action: Action, chance: Chance) -> list[Event]:
    n: int = action["count"]
    placed = [PiecesPlaced(space=PUNJAB, kind=GUERRILLAS_UNDERGROUND, count=n)] if n else []
    return [*placed, *note(C21(added=n))]


# The Unrest marker is judged after the Guerrillas (nothing there depends on them).
PARTS["21:shaded"] = Part(c21s_choices, c21s_act,
                          lambda s, d: prompt("prompt_21_shaded", most=c21s_most(s)),
                          close=lambda s, d: add_unrest(s, PUNJAB))
