"""Scripted Events, group e (5.0-5.1): cards 5, 11, 16, 18, 28, 29, 37, 38, 39, 61, 67.
A card not scripted is played by hand (``steps/event.py``).

A text that needs choices registers a ``Part`` of the shared step of choices
(``scripts/choices.py``); a card's data (``CNN``) is logged as ``cNN_<field>``.  Here
``done`` goes to the card's ``act`` like any choice (``part``), so a text with two "up to"
parts (#16, #67) can end its first part and go on to the second (``phase``).  A new Muslim
State (#29, #37, #38) is placed by ``choices.muslim_state``: the Raj moves the Troops there
to Cities one at a time (1.3.5 "the Raj player must immediately move"); the marker goes
down once the last Troop has left (1.4.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board, raj_control
from engine.games.gandhi.effects import add_unrest, note, support, track, track_to
from engine.games.gandhi.events import (
    BoxTransfer,
    EligibilityMarked,
    MarkerSet,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.names import space_text
from engine.games.gandhi.physical import base_rooms, in_box, marker_problem
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    CUBES,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    REV_BASES,
    SEPOYS,
)
from engine.games.gandhi.scripts import choices
from engine.games.gandhi.scripts.choices import (
    DONE,
    PARTS,
    Choices,
    Part,
    card_data,
    fullest,
    gandhi_space,
    known,
    muslim_state,
    picked,
    set_support,
    shiftable,
    space_action,
    states,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED, finish
from engine.games.gandhi.vocabulary import verbs

PASSIVE_SUPPORT, PASSIVE_OPPOSITION = 1, -1  # 1.6.1
ACTIVISTS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)  # 1.3.9 not Gandhi
BASES = (ML_BASES, REV_BASES)
# ``muslim league base in Sind``, ``Gandhi to Bihar``, ``remove sepoy in Punjab``,
# ``remove muslim state in Sind``, ``muslim league activist for sepoy in Punjab``...
PIECE_IN, PIECE_TO, PLACE_KIND, REMOVE_PIECE_IN, REMOVE_MARKER_IN, REPLACE_WITH, INELIGIBLE = \
    verbs("piece_in", "piece_to", "place_kind", "remove_piece_in", "remove_marker_in",
          "replace_with", "ineligible")


D = TypeVar("D", bound=Choices)


def msg(key: str, **params: Any) -> Msg:
    return Msg(f"gandhi.scripts_e.{key}", **params)


def start(state: GandhiState, card: str, faction: str, side: str, before: list[Event],
          data: Choices | None = None) -> list[Event]:
    """Every card here begins with nothing ``picked`` and its first ``phase``."""
    shared = Choices(picked=[], phase="")
    return choices.start(state, card, faction, side, before,
                         *([shared] if data is None else [shared, data]))


def part(choose: Callable[[GandhiState, D], list[Action]],
         act: Callable[[GandhiState, D, Action, Chance], list[Event]],
         what: Callable[[GandhiState, D], Msg],
         close: Callable[[GandhiState, D], list[Event]] = choices.nothing
         ) -> Part[D]:
    """A card side whose ``act`` also takes ``done`` (the end of a first "up to" part)."""
    return Part(choose, act, what, close, done=lambda s, d, c: act(s, d, DONE, c))


def what(key: str, most: int = 0, counter: Callable[[D], int] | None = None
         ) -> Callable[[GandhiState, D], Msg]:
    """The prompt's part of a card side: ``left`` choices more (at most); ``counter``: the
    choices made (default: the spaces ``picked``)."""
    def render(s: GandhiState, d: D) -> Msg:
        done = len(d.picked) if counter is None else counter(d)
        return msg(key, left=most - done)
    return render


# --- the step ----------------------------------------------------------------------------


# --- shared pieces of text ---------------------------------------------------------------


def muslim(state: GandhiState, sid: str) -> bool:
    """1.3.4 a Muslim space is printed so (a Muslim State marker does not make one)."""
    return board(state).space(sid).muslim


def provinces(state: GandhiState) -> list[str]:
    """Provinces now: a Muslim State is no Province (1.3.5)."""
    return [s for s in board(state).provinces if not state.space(s).muslim_state]


def muslim_states(state: GandhiState) -> list[str]:
    return [s for s in board(state).provinces if state.space(s).muslim_state]


def bases_in(state: GandhiState, sid: str) -> list[str]:
    return [k for k in BASES if state.space(sid).count(k)]


def base_placements(state: GandhiState, spaces: list[str]) -> list[Action]:
    """A Base of either Faction that has Bases (5.1.1 from Available; 1.4.2 at most the
    Population in Bases)."""
    kinds = [k for k in BASES if in_box(state, "available", k)]
    rooms = base_rooms(state)
    return [PIECE_IN(piece=k, space=s) for s in spaces if rooms[s] > 0 for k in kinds]


def place_base(action: Action) -> list[Event]:
    return [PiecesPlaced(space=action["space"], kind=action["piece"], count=1)]


def remove_state(sid: str) -> list[Event]:
    """1.3.5 the space reverts to being a Province."""
    return [MarkerSet(space=sid, marker="muslim_state", value=0)]


def toward(level: int, goal: int) -> int:
    return 0 if level == goal else (1 if level < goal else -1)


def over(data: Choices) -> bool:
    return bool(data.phase == "over")


def stop() -> list[Event]:
    return note(Choices(phase="over"))


# --- #5 First Round Table Conference in London --------------------------------------------


def c5u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#5 unshaded: "In 1 Muslim space" -- one where the text does something (5.1.2)."""
    if picked(data):
        return []
    return [space_action(state, s) for s in board(state).non_railway if muslim(state, s)
            and (state.space(s).muslim_state or state.space(s).support < 2)]


def c5u_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    """#5 unshaded: remove a Muslim State if present, shift 2 levels toward Active
    Support."""
    sid = action["space"]
    gone = remove_state(sid) if state.space(sid).muslim_state else []
    return [*gone, *support(state, sid, +2), *note(Choices(picked=[sid]))]


def c5s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#5 shaded: "Set up to 3 States to Passive Opposition" (Princely and Muslim States,
    1.3.5); ``done`` ends it."""
    if over(data) or len(picked(data)) >= 3:
        return []
    spaces = [s for s in states(state)
              if s not in picked(data) and state.space(s).support != PASSIVE_OPPOSITION]
    return [*(space_action(state, s) for s in spaces), DONE] if spaces else []


def c5s_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":
        return stop()
    sid = action["space"]
    return [*set_support(state, sid, PASSIVE_OPPOSITION),
            *note(Choices(picked=[*picked(data), sid]))]


PARTS["5:unshaded"] = part(c5u_choices, c5u_act, what=lambda s, d: msg("c5_unshaded"))
PARTS["5:shaded"] = part(c5s_choices, c5s_act, what=what("c5_shaded", 3))


def card_5(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "5", faction, side, [])


# --- #11 Aga Khan Palace Made a Prison ----------------------------------------------------


@card_data
class C11(Choices):
    """#11: the Activists released so far."""

    prefix = "c11"
    released: int = 0


def c11s_choices(state: GandhiState, data: C11) -> list[Action]:
    """#11 shaded: Gandhi (if in Jail) and 3 Activists from Jail to any spaces, one at a
    time; the rest of the Activists go to Available at the end (``close``)."""
    b = board(state)
    out = []
    if in_box(state, "jail", GANDHI):
        out += [PIECE_TO(piece=GANDHI, space=s) for s in b.spaces]
    if data.released < 3:
        out += [PIECE_TO(piece=kind, space=s)
                for kind in ACTIVISTS if in_box(state, "jail", kind) for s in b.spaces]
    return out


def c11s_act(state: GandhiState, data: C11, action: Action,
        chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    counted = note(C11(released=data.released + 1)) if kind != GANDHI else []
    return [PiecesPlaced(space=sid, kind=kind, count=1, source="jail"), *counted]


def c11s_close(state: GandhiState, data: C11) -> list[Event]:
    """#11 shaded: "the rest to Available"."""
    return [BoxTransfer(kind=k, count=in_box(state, "jail", k), origin="jail",
                        destination="available")
            for k in ACTIVISTS if in_box(state, "jail", k)]


PARTS["11:shaded"] = part(c11s_choices, c11s_act, close=c11s_close,
                          what=what("c11_shaded", 3, lambda d: d.released))


def card_11(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#11 unshaded: Gandhi and every Activist in his space to Jail (5.1.3 arrest), then
    Unity -1.  Nothing else: no Restraint shift, no Protest (5.1.4, unlike Assault or
    Govern).  If Gandhi is not on the map, only Unity -1."""
    if side == "shaded":
        return start(state, "11", faction, side, [], C11(released=0))
    events: list[Event] = []
    sid = gandhi_space(state)
    if sid is not None:
        sp = state.space(sid)
        events += [PiecesRemoved(space=sid, kind=k, count=sp.count(k), to="jail")
                   for k in (GANDHI, *ACTIVISTS) if sp.count(k)]
    return [*events, *track(state, "unity", -1), *finish(faction)]


# --- #16 Pakistan Declaration Published in London -----------------------------------------


@card_data
class C16(Choices):
    """#16: the Bases added (shaded); the spaces selected are ``picked`` (unshaded)."""

    prefix = "c16"
    added: int = 0


def c16u_choices(state: GandhiState, data: C16) -> list[Action]:
    """#16 unshaded: first up to 2 Muslim spaces, each taking 1 Unrest marker (not
    optional, 8.8.4; a space is eligible if the marker can go there or, with no marker
    left, if it holds a Base: 5.1.2); ``done`` ends the selection.  Then 1 Base of either
    Faction is removed from among the selected spaces (compulsory if there is one)."""
    if over(data):
        return []
    if data.phase == "" and len(picked(data)) < 2:
        spaces = [s for s in board(state).spaces if muslim(state, s)
                  and s not in picked(data)
                  and (marker_problem(state, "unrest", s, True) is None or bases_in(state, s))]
        if spaces:
            return [*(space_action(state, s) for s in spaces), DONE]
    return [REMOVE_PIECE_IN(piece=k, space=s) for s in picked(data) for k in bases_in(state, s)]


def c16u_act(state: GandhiState, data: C16, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":  # the selection is over: the Base's turn
        return note(Choices(phase="base"))
    if action.verb == "remove_piece_in":  # 5.1.3 to Available
        return [PiecesRemoved(space=action["space"], kind=action["piece"], count=1), *stop()]
    sid = action["space"]
    return [*add_unrest(state, sid), *note(Choices(picked=[*picked(data), sid]))]


def c16u_what(state: GandhiState, data: C16) -> Msg:
    if DONE not in c16u_choices(state, data):
        return msg("c16_unshaded_base")
    return msg("c16_unshaded", left=2 - len(picked(data)))


def c16s_choices(state: GandhiState, data: C16) -> list[Action]:
    """#16 shaded: "Add up to 2 Bases to Muslim Provinces with room for them" (Bases of
    either Faction, from Available; one Province may take both if it has room)."""
    if over(data) or data.added >= 2:
        return []
    out = base_placements(state, [s for s in provinces(state) if muslim(state, s)])
    return [*out, DONE] if out else []


def c16s_act(state: GandhiState, data: C16, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":
        return stop()
    return [*place_base(action), *note(C16(added=data.added + 1))]


PARTS["16:unshaded"] = part(c16u_choices, c16u_act, what=c16u_what)
PARTS["16:shaded"] = part(c16s_choices, c16s_act,
                          what=what("c16_shaded", 2, lambda d: d.added))


def card_16(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "16", faction, side, [], C16(added=0))


# --- #18 Jinnah Champions Muslim India; #28 British Seek to Divide and Rule ---------------


def base_then_shift_choices(state: GandhiState, data: Choices,
                            levels: Callable[[str], int]) -> list[Action]:
    """"Add 1 Base to any space where possible" and shift "that space": a Base in a space
    with room; 5.1.2 of those, the spaces where the shifts that follow go furthest
    (``levels``), so not a space already at Active Support while another can shift.  With no
    Base Available or no room anywhere, the Event still selects its space and does what it
    can there (5.1.2): a space with a Support level, again where the shifts go furthest."""
    if picked(data):
        return []
    out = base_placements(state, list(board(state).spaces))
    if out:
        best = fullest(list(dict.fromkeys(a["space"] for a in out)), levels)
        return [a for a in out if a["space"] in best]
    return [space_action(state, s) for s in fullest(list(board(state).non_railway), levels)]


@card_data
class C18(Choices):
    """#18: the Activists added (shaded); the spaces shifted are ``picked`` (unshaded)."""

    prefix = "c18"
    added: int = 0


def c18u_adjacent(state: GandhiState, sid: str) -> list[str]:
    """#18 "one adjacent space": one with a Support level that can still move toward
    Active Support (5.1.2)."""
    b = board(state)
    return [s for s in b.non_railway if b.are_adjacent(sid, s) and shiftable(state, s, +1)]


def c18u_choices(state: GandhiState, data: C18) -> list[Action]:
    """#18 unshaded: the Base where that space and an adjacent one can shift (5.1.2), then
    the adjacent space to shift."""
    if not picked(data):
        return base_then_shift_choices(state, data, lambda s: shiftable(state, s, +1) + bool(
            c18u_adjacent(state, s)))
    if len(picked(data)) >= 2:
        return []
    return [space_action(state, s, "shift") for s in c18u_adjacent(state, picked(data)[0])]


def c18u_act(state: GandhiState, data: C18, action: Action,
        chance: Chance) -> list[Event]:
    """#18 unshaded: each space 1 level toward Active Support."""
    sid = action["space"]
    placed = place_base(action) if action.verb == "piece_in" else []
    return [*placed, *support(state, sid, +1), *note(Choices(picked=[*picked(data), sid]))]


def c18s_choices(state: GandhiState, data: C18) -> list[Action]:
    """#18 shaded: "add up to 4 Activists in Muslim spaces" (either NV Faction's, from
    Available); ``done`` ends it."""
    if over(data) or data.added >= 4:
        return []
    b = board(state)
    out = [PIECE_IN(piece=kind, space=s) for kind in ACTIVISTS if in_box(state, "available", kind)
           for s in b.spaces if muslim(state, s)]
    return [*out, DONE] if out else []


def c18s_act(state: GandhiState, data: C18, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":
        return stop()
    kind, sid = action["piece"], action["space"]
    return [PiecesPlaced(space=sid, kind=kind, count=1), *note(C18(added=data.added + 1))]


def c18u_what(state: GandhiState, data: C18) -> Msg:
    return msg("c18_unshaded_shift" if picked(data) else "base")


PARTS["18:unshaded"] = part(c18u_choices, c18u_act, what=c18u_what)
PARTS["18:shaded"] = part(c18s_choices, c18s_act,
                          what=what("c18_shaded", 4, lambda d: d.added))


def card_18(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#18 shaded: Unity +1 first (5.1.4: never above 5)."""
    first = track(state, "unity", +1) if side == "shaded" else []
    return start(state, "18", faction, side, first, C18(added=0))


def c28u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#28 unshaded: "Add 1 Muslim League or Revolutionaries Base in any space where
    possible and shift that space 2 levels toward Active Support": 5.1.2 where both levels
    can be shifted, if possible."""
    return base_then_shift_choices(state, data, lambda s: shiftable(state, s, +1)
                                   + shiftable(state, s, +2))


def c28u_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    """#28 unshaded: that space 2 levels toward Active Support."""
    sid = action["space"]
    placed = place_base(action) if action.verb == "piece_in" else []
    return [*placed, *support(state, sid, +2), *note(Choices(picked=[sid]))]


def c28s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#28 shaded: "1 space with Congress Activists" that can shift toward Active
    Opposition (5.1.2)."""
    if picked(data):
        return []
    return [space_action(state, s) for s in board(state).non_railway
            if state.space(s).count(CONGRESS_ACTIVISTS) and state.space(s).support > -2]


def c28s_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    return [*support(state, sid, -1), *note(Choices(picked=[sid]))]


PARTS["28:unshaded"] = part(c28u_choices, c28u_act, what=lambda s, d: msg("base"))
PARTS["28:shaded"] = part(c28s_choices, c28s_act, what=lambda s, d: msg("c28_shaded"))


def card_28(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#28: Unity -1 (unshaded) or +1 (shaded) first (5.1.4: within 1-5)."""
    return start(state, "28", faction, side, track(state, "unity", -1 if side == "unshaded"
                                                   else +1))


# --- #29 Government of India Act 1935 -----------------------------------------------------


def remove_state_actions(state: GandhiState) -> list[Action]:
    return [REMOVE_MARKER_IN(marker="muslim_state", space=s) for s in muslim_states(state)]


def c29u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#29 unshaded: the Muslim State to remove (if any), then which of Congress and the
    Muslim League is Ineligible for the next card."""
    if data.phase == "":
        return remove_state_actions(state) or c29u_choices(
            state, data.model_copy(update={"phase": "who"}))
    if data.phase == "who":
        return [INELIGIBLE(faction=f) for f in (CONGRESS, MUSLIM_LEAGUE)]
    return []


def c29u_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "remove_marker_in":
        return [*remove_state(action["space"]), *note(Choices(phase="who"))]
    return [EligibilityMarked(faction=action["faction"], eligible=False), *stop()]


def c29u_what(state: GandhiState, data: Choices) -> Msg:
    return msg("c29_unshaded" if data.phase == "" and muslim_states(state)
               else "c29_unshaded_who")


def new_state_actions(state: GandhiState, spaces: list[str]) -> list[Action]:
    return [space_action(state, s, "state") for s in spaces]


def c29s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#29 shaded: "1 Province without Raj Control": a Base (either Faction's, where there
    is room) or a Muslim State."""
    if over(data):
        return []
    spaces = [s for s in provinces(state) if not raj_control(state, s)]
    return [*base_placements(state, spaces), *new_state_actions(state, spaces)]


def c29s_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "state_in":
        return [*muslim_state(state, action["space"]), *stop()]
    return [*place_base(action), *stop()]


PARTS["29:unshaded"] = part(c29u_choices, c29u_act, what=c29u_what)
PARTS["29:shaded"] = part(c29s_choices, c29s_act, what=lambda s, d: msg("c29_shaded"))


def card_29(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "29", faction, side, [])


# --- #37 Delhi Proposals Spur Muslim Independence -----------------------------------------


def c37u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#37 unshaded: a Muslim State in a Province without Raj Control, then 2 Muslim
    spaces (not yet at Passive Support: 5.1.2) to Passive Support."""
    if data.phase == "":
        spaces = [s for s in provinces(state) if not raj_control(state, s)]
        return new_state_actions(state, spaces) or c37u_choices(
            state, data.model_copy(update={"phase": "set"}))
    if len(picked(data)) >= 2:
        return []
    return [space_action(state, s) for s in board(state).non_railway if muslim(state, s)
            and s not in picked(data) and state.space(s).support != PASSIVE_SUPPORT]


def c37u_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "state_in":
        return [*muslim_state(state, sid), *note(Choices(phase="set"))]
    return [*set_support(state, sid, PASSIVE_SUPPORT), *note(Choices(picked=[*picked(data), sid]))]


def c37u_what(state: GandhiState, data: Choices) -> Msg:
    if data.phase == "" and any(not raj_control(state, s) for s in provinces(state)):
        return msg("c37_unshaded")
    return msg("c37_unshaded_set", left=2 - len(picked(data)))


def c37s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#37 shaded: the Muslim State to remove."""
    return [] if picked(data) else [space_action(state, s) for s in muslim_states(state)]


def c37s_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    """#37 shaded: then a Revolutionaries Base there, if one is Available and there is
    room (5.1.1, 1.4.2)."""
    sid = action["space"]
    base = ([PiecesPlaced(space=sid, kind=REV_BASES, count=1)]
            if in_box(state, "available", REV_BASES) and base_rooms(state)[sid] > 0 else [])
    return [*remove_state(sid), *base, *note(Choices(picked=[sid]))]


PARTS["37:unshaded"] = part(
    c37u_choices, c37u_act, what=c37u_what,
    # 5.0 the Muslim League stays Eligible, whoever executes
    close=lambda s, d: [EligibilityMarked(faction=MUSLIM_LEAGUE, eligible=True)])
PARTS["37:shaded"] = part(c37s_choices, c37s_act, what=lambda s, d: msg("c37_shaded"))


def card_37(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "37", faction, side, [])


# --- #38 Lahore Resolution ----------------------------------------------------------------

# the pieces that may come from Out of Play into a State: Troops never enter one (1.4.2)
OUT_KINDS = (SEPOYS, CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI, GUERRILLAS, ML_BASES, REV_BASES)


def c38u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#38 unshaded: "Remove 1 Muslim State or any 1 Base"."""
    if picked(data):
        return []
    return [*remove_state_actions(state),
            *(REMOVE_PIECE_IN(piece=k, space=s)
              for s in board(state).spaces for k in bases_in(state, s))]


def c38u_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    """#38 unshaded: then that space to Passive Support (a Base on a Railway is
    impossible: 1.4.2)."""
    sid = action["space"]
    gone = (remove_state(sid) if action.verb == "remove_marker_in"
            else [PiecesRemoved(space=sid, kind=action["piece"], count=1)])
    return [*gone, *set_support(state, sid, PASSIVE_SUPPORT), *note(Choices(picked=[sid]))]


def c38s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#38 shaded: a Muslim State in any Muslim Province, then 1 piece there from Out of
    Play (one that may stand in a State: no Troops; Bases only with room)."""
    if data.phase == "":
        return new_state_actions(state, [s for s in provinces(state) if muslim(state, s)])
    if over(data):
        return []
    sid = picked(data)[0]
    room = base_rooms(state)[sid] > 0
    return [PLACE_KIND(piece=kind) for kind in OUT_KINDS
            if in_box(state, "out_of_play", kind) and (kind not in BASES or room)]


def c38s_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "state_in":
        sid = action["space"]
        return [*muslim_state(state, sid), *note(Choices(phase="piece"), Choices(picked=[sid]))]
    kind = action["piece"]  # 1.4.3 new Guerrillas are placed Underground
    placed = GUERRILLAS_UNDERGROUND if kind == GUERRILLAS else kind
    return [PiecesPlaced(space=picked(data)[0], kind=placed, count=1, source="out_of_play"),
            *stop()]


def c38s_what(state: GandhiState, data: Choices) -> Msg:
    return msg("c38_shaded" if data.phase == "" else "c38_shaded_piece")


PARTS["38:unshaded"] = part(c38u_choices, c38u_act, what=lambda s, d: msg("c38_unshaded"))
PARTS["38:shaded"] = part(c38s_choices, c38s_act, what=c38s_what)


def card_38(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "38", faction, side, [])


# --- #39 Khudai Khidmatgars Active in the Northwest ---------------------------------------


def c39_others(state: GandhiState, sid: str) -> int:
    """#39 unshaded: the cubes and Guerrillas in a space (each removes 1 Activist)."""
    sp = state.space(sid)
    return sum(sp.count(k) for k in (*CUBES, GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND))


def c39_activists(state: GandhiState, sid: str) -> list[str]:
    return [k for k in ACTIVISTS if state.space(sid).count(k)]


@card_data
class C39(Choices):
    """#39: unshaded, the space whose removals are asked and how many are left (the spaces
    are ``picked``); shaded, the one space of the replacements and how many were made."""

    prefix = "c39"
    left: int = 0
    replaced: int = 0
    space: str | None = None


def c39u_choices(state: GandhiState, data: C39) -> list[Action]:
    """#39 unshaded: 2 Muslim spaces with Activists and cubes or Guerrillas (5.1.2); in
    each, 1 Activist (either NV Faction's, the executor's choice) per cube or Guerrilla
    there, to Available (5.1.3).  Reading: the IT "per ogni altro cubo o altra
    Guerriglia" means each of the other pieces, not every second one."""
    b = board(state)
    sid = data.space
    if sid:
        return [REMOVE_PIECE_IN(piece=k, space=sid) for k in c39_activists(state, sid)]
    if len(picked(data)) >= 2:
        return []
    return [space_action(state, s) for s in b.spaces if muslim(state, s)
            and s not in picked(data) and c39_activists(state, s) and c39_others(state, s)]


def c39u_act(state: GandhiState, data: C39, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "remove_piece_in":
        sid, kind = known(data.space), action["piece"]
        left = data.left - 1
        after = sum(state.space(sid).count(k) for k in ACTIVISTS) - 1
        done = left <= 0 or after <= 0
        return [PiecesRemoved(space=sid, kind=kind, count=1),
                *note(C39(left=left, space=None if done else sid))]
    sid = action["space"]
    sp = state.space(sid)
    kinds = c39_activists(state, sid)
    most = min(c39_others(state, sid), sum(sp.count(k) for k in kinds))
    chosen = note(Choices(picked=[*picked(data), sid]))
    if len(kinds) == 1 or most == sum(sp.count(k) for k in kinds):
        # nothing to choose: every Activist goes, or all are of one Faction
        removed: list[Event] = []
        left = most
        for k in kinds:
            n = min(left, sp.count(k))
            removed.append(PiecesRemoved(space=sid, kind=k, count=n))
            left -= n
        return [*removed, *chosen]
    return [*chosen, *note(C39(space=sid), C39(left=most))]


def c39u_what(state: GandhiState, data: C39) -> Msg:
    if data.space:
        return msg("c39_unshaded_remove", left=data.left,
                   space=space_text(board(state), data.space))
    return msg("c39_unshaded", left=2 - len(picked(data)))


def c39s_choices(state: GandhiState, data: C39) -> list[Action]:
    """#39 shaded: in 1 Muslim space (the first replacement fixes it), up to 3 Sepoys
    and/or Guerrillas, each replaced by an Activist of either NV Faction from Available
    (none Available: the piece is removed, 5.1.1); ``done`` ends it."""
    if over(data) or data.replaced >= 3:
        return []
    b = board(state)
    ready = [k for k in ACTIVISTS if in_box(state, "available", k)]
    fixed = data.space
    out = []
    for sid in [fixed] if fixed else [s for s in b.spaces if muslim(state, s)]:
        for kind in (GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND, SEPOYS):
            if not state.space(sid).count(kind):
                continue
            out += [REPLACE_WITH(piece=a, old=kind, space=sid) for a in ready]
            if not ready:
                out.append(REMOVE_PIECE_IN(piece=kind, space=sid))
    return [*out, DONE] if out else []


def c39s_act(state: GandhiState, data: C39, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":
        return stop()
    replacing = action.verb == "replace_with"
    sid = action["space"]
    kind = action["old"] if replacing else action["piece"]
    events: list[Event] = [PiecesRemoved(space=sid, kind=kind, count=1)]  # 5.1.3 Available
    if replacing:
        events.append(PiecesPlaced(space=sid, kind=action["piece"], count=1))
    return [*events, *note(C39(replaced=data.replaced + 1, space=sid))]


PARTS["39:unshaded"] = part(c39u_choices, c39u_act, what=c39u_what)
PARTS["39:shaded"] = part(c39s_choices, c39s_act,
                          what=what("c39_shaded", 3, lambda d: d.replaced))


def card_39(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "39", faction, side, [], C39(replaced=0))


# --- #61 Simla Conference Divides India ---------------------------------------------------


def c61u_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#61 unshaded: up to 2 Muslim Provinces (no Muslim States, 1.3.5) not at Passive
    Support (the shift must be possible, 5.1.2); ``done`` ends it."""
    if over(data) or len(picked(data)) >= 2:
        return []
    spaces = [s for s in provinces(state) if muslim(state, s) and s not in picked(data)
              and state.space(s).support != PASSIVE_SUPPORT]
    return [*(space_action(state, s) for s in spaces), DONE] if spaces else []


def c61u_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    """#61 unshaded: 1 level toward Passive Support, and Unity -1 for the space."""
    if action.verb == "done":
        return stop()
    sid = action["space"]
    shift = toward(state.space(sid).support, PASSIVE_SUPPORT)
    return [*support(state, sid, shift), *track(state, "unity", -1),
            *note(Choices(picked=[*picked(data), sid]))]


def c61s_choices(state: GandhiState, data: Choices) -> list[Action]:
    """#61 shaded: up to 2 Bases (either Faction's, from Available) to Provinces without
    Raj Control; ``done`` ends it."""
    if over(data) or len(picked(data)) >= 2:
        return []
    out = base_placements(state, [s for s in provinces(state) if not raj_control(state, s)])
    return [*out, DONE] if out else []


def c61s_act(state: GandhiState, data: Choices, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":
        return stop()
    return [*place_base(action), *note(Choices(picked=[*picked(data), action["space"]]))]


PARTS["61:unshaded"] = part(c61u_choices, c61u_act, what=what("c61_unshaded", 2))
PARTS["61:shaded"] = part(c61s_choices, c61s_act, what=what("c61_shaded", 2))


def card_61(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#61 shaded: Unity set to 3 first."""
    first = track_to(state, "unity", 3) if side == "shaded" else []
    return start(state, "61", faction, side, first)


# --- #67 Demand for Land Reform -----------------------------------------------------------


@card_data
class C67(Choices):
    """#67: the Sepoys removed (shaded); the States chosen are ``picked``."""

    prefix = "c67"
    removed: int = 0


def c67u_choices(state: GandhiState, data: C67) -> list[Action]:
    """#67 unshaded: up to 3 States (Princely and Muslim, 1.3.5) not at Active Support;
    ``done`` ends them; then 1 Muslim State is removed (compulsory if there is one)."""
    if data.phase == "":
        if len(picked(data)) < 3:
            spaces = [s for s in states(state) if s not in picked(data)
                      and state.space(s).support < 2]
            if spaces:
                return [*(space_action(state, s) for s in spaces), DONE]
        return remove_state_actions(state)
    if data.phase == "remove":
        return remove_state_actions(state)
    return []


def c67u_act(state: GandhiState, data: C67, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":
        return note(Choices(phase="remove"))
    if action.verb == "remove_marker_in":
        return [*remove_state(action["space"]), *stop()]
    sid = action["space"]
    return [*support(state, sid, +1), *note(Choices(picked=[*picked(data), sid]))]


def c67u_what(state: GandhiState, data: C67) -> Msg:
    offered = c67u_choices(state, data)
    if DONE in offered:
        return msg("c67_unshaded", left=3 - len(picked(data)))
    return msg("c67_unshaded_remove")


def c67_sepoys(state: GandhiState, data: C67) -> list[Action]:
    out = [REMOVE_PIECE_IN(piece=SEPOYS, space=s)
           for s in picked(data) if state.space(s).count(SEPOYS)]
    return [*out, DONE] if out else []


def c67s_choices(state: GandhiState, data: C67) -> list[Action]:
    """#67 shaded: up to 3 States to shift toward Active Opposition (a State that cannot
    shift may still be selected for its Sepoys); ``done`` ends them; then up to 4 Sepoys
    total from the selected spaces, to Available (5.1.3); ``done`` ends it."""
    if data.phase == "":
        if len(picked(data)) < 3:
            spaces = [s for s in states(state) if s not in picked(data)
                      and (state.space(s).support > -2 or state.space(s).count(SEPOYS))]
            if spaces:
                return [*(space_action(state, s) for s in spaces), DONE]
        return c67_sepoys(state, data) if data.removed < 4 else []
    if data.phase == "sepoys" and data.removed < 4:
        return c67_sepoys(state, data)
    return []


def c67s_act(state: GandhiState, data: C67, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == "done":  # ends the selection, or the removals
        selecting = data.phase == "" and any(a.verb == "in"
                                                 for a in c67s_choices(state, data))
        return note(Choices(phase="sepoys" if selecting and c67_sepoys(state, data) else "over"))
    if action.verb == "remove_piece_in":
        return [PiecesRemoved(space=action["space"], kind=SEPOYS, count=1),
                *note(C67(removed=data.removed + 1), Choices(phase="sepoys"))]
    sid = action["space"]
    return [*support(state, sid, -1), *note(Choices(picked=[*picked(data), sid]))]


def c67s_what(state: GandhiState, data: C67) -> Msg:
    if data.phase == "" and any(a.verb == "in" for a in c67s_choices(state, data)):
        return msg("c67_shaded", left=3 - len(picked(data)))
    return msg("c67_shaded_sepoys", left=4 - data.removed)


PARTS["67:unshaded"] = part(c67u_choices, c67u_act, what=c67u_what)
PARTS["67:shaded"] = part(c67s_choices, c67s_act, what=c67s_what)


def card_67(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "67", faction, side, [], C67(removed=0))


SCRIPTED.update({"5": card_5, "11": card_11, "16": card_16, "18": card_18, "28": card_28,
                 "29": card_29, "37": card_37, "38": card_38, "39": card_39, "61": card_61,
                 "67": card_67})
