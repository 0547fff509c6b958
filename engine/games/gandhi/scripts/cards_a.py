"""Scripted Events, cards 1-24 (5.0-5.1).  A card not scripted here is played by hand
(``steps/event.py``).

Scripted (both sides): #3, #10, #12, #13, #14, #15, #17, #19, #20, #21.  Every
choice the text leaves open is asked of the executing Faction (5.1) in a step of its own,
named ``card_NN_<side>``, whose data keys start with ``cNN_``; the step ends the Event
with ``finish``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import available, board, is_state, raj_control
from engine.games.gandhi.edits import note
from engine.games.gandhi.effects import begin, resources, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.names import space_text
from engine.games.gandhi.physical import marker_problem, placed_marker
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    CUBES,
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
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import DONE, SCRIPTED, Script, finish

PUNJAB, WEST_BENGAL, EAST_BENGAL = "punjab", "west_bengal", "east_bengal"
BENGALS = (WEST_BENGAL, EAST_BENGAL)


def script(card: str) -> Callable[[Script], Script]:
    def register(fn: Script) -> Script:
        SCRIPTED[card] = fn
        return fn
    return register


def prompt(key: str, **params: Any) -> Msg:
    return Msg(f"gandhi.scripts_a.{key}", **params)


def cubes(state: GandhiState, sid: str) -> int:
    return sum(state.space(sid).count(k) for k in CUBES)


def add_unrest(state: GandhiState, sid: str) -> list[Event]:
    """Add 1 Unrest marker (a Strike on a Railway, 5.1.4), if one is left (5.1.2)."""
    marker = placed_marker(state, "unrest", sid)
    if marker_problem(state, "unrest", sid, True) is not None:
        return []
    if marker == "strike":
        return [MarkerSet(space=sid, marker="strike", value=1)]
    return [MarkerSet(space=sid, marker="unrest", value=state.space(sid).unrest + 1)]


def activate_all(state: GandhiState, sid: str) -> list[Event]:
    hidden = state.space(sid).count(GUERRILLAS_UNDERGROUND)
    return [PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND, to_kind=GUERRILLAS_ACTIVE,
                          count=hidden)] if hidden else []


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


def states(state: GandhiState) -> list[str]:
    """1.3.5 Princely States and Muslim States."""
    return [sid for sid in board(state).spaces if is_state(state, sid)]


@script("10")
def card_10(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #10 unshaded: up to Restraint States, each 1 level toward Neutral (the value when the
    # Event begins).  #10 shaded: Protest in up to 3 States, then Restraint +2.
    return [begin(f"card_10_{side}", faction, executing=faction, card="10", side=side,
                  c10_left=state.restraint if side == "unshaded" else 3, c10_chosen=[])]


@step("card_10_unshaded")
class Card10Unshaded:
    """#10 unshaded: the executing Faction picks the States to shift toward Neutral."""

    def choices(self, state: GandhiState) -> list[Action]:
        data = state.step.data
        if data["c10_left"] <= 0:
            return []
        b = board(state)
        return [Action(f"shift {space_text(b, sid)}", args=(sid,)) for sid in states(state)
                if sid not in data["c10_chosen"] and state.space(sid).support != 0]

    def ask(self, state: GandhiState) -> Ask | None:
        actions = self.choices(state)
        if not actions:
            return None
        return Ask(state.step.seat or "", prompt("prompt_10_unshaded",
                                                 left=state.step.data["c10_left"]),
                   (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return finish(state.step.seat or "")
        sid = action.args[0]
        data = state.step.data
        toward = -1 if state.space(sid).support > 0 else 1  # 1 level toward Neutral
        return [*support(state, sid, toward),
                *note(c10_left=data["c10_left"] - 1, c10_chosen=[*data["c10_chosen"], sid])]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


@step("card_10_shaded")
class Card10Shaded:
    """#10 shaded: the executing Faction picks up to 3 States for Protest markers (5.1.1:
    regardless of Restraint, but only markers not on the map, one per space)."""

    def choices(self, state: GandhiState) -> list[Action]:
        if state.step.data["c10_left"] <= 0:
            return []
        b = board(state)
        return [Action(f"protest {space_text(b, sid)}", args=(sid,)) for sid in states(state)
                if marker_problem(state, "protest", sid, True) is None]

    def ask(self, state: GandhiState) -> Ask | None:
        actions = self.choices(state)
        if not actions:
            return None
        return Ask(state.step.seat or "", prompt("prompt_10_shaded",
                                                 left=state.step.data["c10_left"]),
                   (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.end(state)
        sid = action.args[0]
        return [MarkerSet(space=sid, marker="protest", value=1),
                *note(c10_left=state.step.data["c10_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return self.end(state)

    def end(self, state: GandhiState) -> list[Event]:
        # #10 shaded: Restraint +2 (5.1.4: never above 5).
        return [*track(state, "restraint", 2), *finish(state.step.seat or "")]


# --- #12 Raid on the Dharasana Salt Works ----------------------------------------------------

ACTIVISTS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)  # 1.3.9 Gandhi is not an Activist


@script("12")
def card_12(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #12 unshaded: 2 spaces with cubes and Protest.  #12 shaded: Protest in up to 3
    # spaces with Activists, Restraint -1, the executing Faction stays Eligible.
    return [begin(f"card_12_{side}", faction, executing=faction, card="12", side=side,
                  c12_left=2 if side == "unshaded" else 3)]


@step("card_12_unshaded")
class Card12Unshaded:
    """#12 unshaded: in each chosen space the Protest becomes an Unrest marker (a Strike on
    a Railway, 5.1.4; removed only if none is left, 5.1.1) and every Activist there is
    arrested to Jail (5.1.3).  Two spaces if there are two (5.1.2): no ``done``."""

    def ask(self, state: GandhiState) -> Ask | None:
        if state.step.data["c12_left"] <= 0:
            return None
        b = board(state)
        actions = tuple(Action(f"raid {space_text(b, sid)}", args=(sid,)) for sid in b.spaces
                        if state.space(sid).protest and cubes(state, sid))
        return Ask(state.step.seat or "", prompt("prompt_12_unshaded",
                                                 left=state.step.data["c12_left"]), actions)

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        sid = action.args[0]
        sp = state.space(sid)
        arrests: list[Event] = [PiecesRemoved(space=sid, kind=k, count=sp.count(k), to="jail")
                                for k in ACTIVISTS if sp.count(k)]
        return [MarkerSet(space=sid, marker="protest", value=0), *add_unrest(state, sid),
                *arrests, *note(c12_left=state.step.data["c12_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


@step("card_12_shaded")
class Card12Shaded:
    """#12 shaded: Protest markers (5.1.1 regardless of Restraint, one per space) in up to
    3 spaces with Activists, then Restraint -1 and the executing Faction stays Eligible."""

    def ask(self, state: GandhiState) -> Ask | None:
        if state.step.data["c12_left"] <= 0:
            return None
        b = board(state)
        actions = [Action(f"protest {space_text(b, sid)}", args=(sid,)) for sid in b.spaces
                   if any(state.space(sid).count(k) for k in ACTIVISTS)
                   and marker_problem(state, "protest", sid, True) is None]
        if not actions:
            return None
        return Ask(state.step.seat or "", prompt("prompt_12_shaded",
                                                 left=state.step.data["c12_left"]),
                   (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.end(state)
        return [MarkerSet(space=action.args[0], marker="protest", value=1),
                *note(c12_left=state.step.data["c12_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return self.end(state)

    def end(self, state: GandhiState) -> list[Event]:
        faction = state.step.seat or ""
        # 5.1.4 Restraint never below 1; 5.0 "stays Eligible" (CardTurn.kept_eligible).
        return [*track(state, "restraint", -1), EligibilityMarked(faction=faction, eligible=True),
                *finish(faction)]


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
        return [*track(state, "unity", 2),
                begin("card_13_shaded", faction, executing=faction, card="13", side=side,
                      c13_left=3)]
    # #13 unshaded: Unity -2 or a Muslim State (its Troops to any Cities, 1.3.5).
    return [begin("card_13_unshaded", faction, executing=faction, card="13", side=side,
                  c13_space="")]


@step("card_13_unshaded")
class Card13Unshaded:
    """#13 unshaded: the executing Faction answers ``unity`` or ``state <Province>``; the
    Raj then moves the Troops there to Cities one at a time (1.3.5 "the Raj player must
    move"), and only then is the Muslim State marker placed (1.4.2 no Troops in States)."""

    def ask(self, state: GandhiState) -> Ask | None:
        b, sid = board(state), state.step.data["c13_space"]
        if not sid:
            actions = [Action("unity"), *(Action(f"state {space_text(b, p)}", args=(p,))
                                          for p in muslim_state_spaces(state))]
            return Ask(state.step.seat or "", prompt("prompt_13_unshaded"), tuple(actions))
        if not state.space(sid).count(TROOPS):
            return None
        return Ask(RAJ, prompt("prompt_13_unshaded_troops", space=space_text(b, sid)),
                   tuple(Action(f"to {space_text(b, c)}", args=(c,)) for c in b.cities))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "unity":
            return [*track(state, "unity", -2), *finish(state.step.seat or "")]
        if action.verb == "state":
            return note(c13_space=action.args[0])
        return [PiecesMoved(kind=TROOPS, count=1, origin=state.step.data["c13_space"],
                            destination=action.args[0])]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        sid = state.step.data["c13_space"]
        placed = ([MarkerSet(space=sid, marker="muslim_state", value=1)]
                  if sid and marker_problem(state, "muslim_state", sid, True) is None else [])
        return [*placed, *finish(state.step.seat or "")]


@step("card_13_shaded")
class Card13Shaded:
    """#13 shaded: 3 pieces (all if fewer) from Out of Play to Available, one at a time."""

    def ask(self, state: GandhiState) -> Ask | None:
        left = state.step.data["c13_left"]
        kinds = [k for k, n in state.out_of_play.items() if n > 0]
        if left <= 0 or not kinds:
            return None
        return Ask(state.step.seat or "", prompt("prompt_13_shaded", left=left),
                   tuple(Action(f"move {k.replace('_', ' ')}", args=(k,)) for k in kinds))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return [BoxTransfer(kind=action.args[0], count=1, origin="out_of_play",
                            destination="available"),
                *note(c13_left=state.step.data["c13_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


# --- #14 Independence Fighters Take Up Arms ---------------------------------------------------

GUERRILLA_SIDES = {GUERRILLAS_UNDERGROUND: "underground", GUERRILLAS_ACTIVE: "active"}


@script("14")
def card_14(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #14 unshaded: up to 4 Guerrillas from up to 2 spaces, then Revolutionaries Resources
    # -3.  #14 shaded: 5 Guerrillas total in the Bengals, or Revolutionaries Resources +5.
    return [begin(f"card_14_{side}", faction, executing=faction, card="14", side=side,
                  c14_left=4 if side == "unshaded" else 5, c14_spaces=[], c14_mode="")]


@step("card_14_unshaded")
class Card14Unshaded:
    """#14 unshaded: one Guerrilla at a time (to Available, 5.1.3), at most 4, from at most
    2 spaces; then Revolutionaries Resources -3 (1.8: not below 0)."""

    def ask(self, state: GandhiState) -> Ask | None:
        data = state.step.data
        if data["c14_left"] <= 0:
            return None
        b = board(state)
        spaces = data["c14_spaces"] if len(data["c14_spaces"]) >= 2 else list(b.spaces)
        actions = [Action(f"remove {word} guerrilla {space_text(b, sid)}", args=(kind, sid))
                   for sid in spaces for kind, word in GUERRILLA_SIDES.items()
                   if state.space(sid).count(kind)]
        if not actions:
            return None
        return Ask(state.step.seat or "", prompt("prompt_14_unshaded", left=data["c14_left"]),
                   (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.end(state)
        kind, sid = action.args
        data = state.step.data
        chosen = data["c14_spaces"] if sid in data["c14_spaces"] else [*data["c14_spaces"], sid]
        return [PiecesRemoved(space=sid, kind=kind, count=1),
                *note(c14_left=data["c14_left"] - 1, c14_spaces=chosen)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return self.end(state)

    def end(self, state: GandhiState) -> list[Event]:
        return [*resources(state, REVOLUTIONARIES, -3), *finish(state.step.seat or "")]


@step("card_14_shaded")
class Card14Shaded:
    """#14 shaded: first the choice (``guerrillas`` or ``resources``); Guerrillas go one at a
    time into West or East Bengal, 5 in all, as long as any is Available (5.1.1)."""

    def ask(self, state: GandhiState) -> Ask | None:
        data, seat = state.step.data, state.step.seat or ""
        if not data["c14_mode"]:
            return Ask(seat, prompt("prompt_14_shaded"),
                       (Action("guerrillas"), Action("resources")))
        if data["c14_left"] <= 0 or available(state, GUERRILLAS) <= 0:
            return None
        b = board(state)
        return Ask(seat, prompt("prompt_14_shaded_place", left=data["c14_left"]),
                   tuple(Action(f"add {space_text(b, sid)}", args=(sid,)) for sid in BENGALS))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "resources":
            return [*resources(state, REVOLUTIONARIES, 5), *finish(state.step.seat or "")]
        if action.verb == "guerrillas":
            return note(c14_mode="guerrillas")
        return [PiecesPlaced(space=action.args[0], kind=GUERRILLAS_UNDERGROUND, count=1),
                *note(c14_left=state.step.data["c14_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


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
    return [begin(f"card_15_{side}", faction, executing=faction, card="15", side=side,
                  c15_space="", c15_left=0)]


@step("card_15_unshaded")
class Card15Unshaded:
    """#15 unshaded: the space, then the pieces one at a time (to Available, 5.1.3): any
    non-Raj piece but Gandhi (1.4.5), Bases only once no other such piece is left."""

    def ask(self, state: GandhiState) -> Ask | None:
        data, seat, b = state.step.data, state.step.seat or "", board(state)
        if not data["c15_space"]:
            spaces = [sid for sid in b.spaces if not state.space(sid).count(TROOPS)]
            # 5.1.2 where the marker goes and a piece can be removed for a Sepoy
            whole = [sid for sid in unrest_spaces(state, spaces)
                     if marker_problem(state, "unrest", sid, True) is None
                     and state.space(sid).count(SEPOYS) and removable(state, sid)]
            return Ask(seat, prompt("prompt_15_unshaded"),
                       tuple(Action(f"unrest {space_text(b, sid)}", args=(sid,))
                             for sid in whole or unrest_spaces(state, spaces)))
        sid = data["c15_space"]
        if data["c15_left"] <= 0:
            return None
        sp = state.space(sid)
        kinds = [k for k in NON_RAJ if k not in BASE_KINDS and sp.count(k)]
        kinds = kinds or [k for k in BASE_KINDS if sp.count(k)]
        if not kinds:
            return None
        return Ask(seat, prompt("prompt_15_unshaded_remove", left=data["c15_left"],
                                space=space_text(b, sid)),
                   tuple(Action(f"remove {k.replace('_', ' ')}", args=(k,)) for k in kinds))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        data = state.step.data
        if action.verb == "unrest":
            sid = action.args[0]
            return [*add_unrest(state, sid),
                    *note(c15_space=sid, c15_left=state.space(sid).count(SEPOYS))]
        return [PiecesRemoved(space=data["c15_space"], kind=action.args[0], count=1),
                *note(c15_left=data["c15_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


@step("card_15_shaded")
class Card15Shaded:
    """#15 shaded: one decision; a Railway takes a Strike (5.1.4) but has no Support
    level (1.6.1), so spaces that can take the whole text come first (5.1.2)."""

    def ask(self, state: GandhiState) -> Ask | None:
        b = board(state)
        spaces = [sid for sid in b.spaces if cubes(state, sid)]
        if not spaces:
            return None
        whole = [sid for sid in unrest_spaces(state, spaces) if not b.space(sid).is_railway
                 and state.space(sid).support > -2
                 and marker_problem(state, "unrest", sid, True) is None]
        return Ask(state.step.seat or "", prompt("prompt_15_shaded"),
                   tuple(Action(f"unrest {space_text(b, sid)}", args=(sid,))
                         for sid in whole or unrest_spaces(state, spaces)))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        sid = action.args[0]
        shift = [] if board(state).space(sid).is_railway else support(state, sid, -2)
        return [*add_unrest(state, sid), *shift, *finish(state.step.seat or "")]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


# --- #17 Khan Abdul Ghaffar Khan ------------------------------------------------------------

ACTIVIST_WORDS = {CONGRESS_ACTIVISTS: "congress", ML_ACTIVISTS: "league"}


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
    return [begin(f"card_17_{side}", faction, executing=faction, card="17", side=side,
                  c17_mode="", c17_left=4 if side == "unshaded" else 2, c17_chosen=[])]


@step("card_17_unshaded")
class Card17Unshaded:
    """#17 unshaded: first ``activists`` or ``shift``; Activists go one at a time to
    Available (5.1.3 removed, not arrested), up to 4; the shift is 2 spaces if there are
    two not at Passive Support (5.1.2: no ``done``)."""

    def ask(self, state: GandhiState) -> Ask | None:
        data, seat, b = state.step.data, state.step.seat or "", board(state)
        if not data["c17_mode"]:
            return Ask(seat, prompt("prompt_17_unshaded"),
                       (Action("activists"), Action("shift")))
        if data["c17_mode"] == "activists":
            if data["c17_left"] <= 0:
                return None
            actions = [Action(f"remove {word} activist {space_text(b, sid)}", args=(kind, sid))
                       for sid in frontier(state) for kind, word in ACTIVIST_WORDS.items()
                       if state.space(sid).count(kind)]
            if not actions:
                return None
            return Ask(seat, prompt("prompt_17_unshaded_remove", left=data["c17_left"]),
                       (*actions, DONE))
        if len(data["c17_chosen"]) >= 2:
            return None
        shifts = tuple(Action(f"shift {space_text(b, sid)}", args=(sid,))
                       for sid in frontier(state)
                       if sid not in data["c17_chosen"] and state.space(sid).support != 1)
        if not shifts:
            return None
        return Ask(seat, prompt("prompt_17_unshaded_shift", left=2 - len(data["c17_chosen"])),
                   shifts)

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        data = state.step.data
        if action.verb in ("activists", "shift") and not action.args:
            return note(c17_mode=action.verb)
        if action.verb == "done":
            return finish(state.step.seat or "")
        if action.verb == "remove":
            kind, sid = action.args
            return [PiecesRemoved(space=sid, kind=kind, count=1),
                    *note(c17_left=data["c17_left"] - 1)]
        sid = action.args[0]
        toward = 1 if state.space(sid).support < 1 else -1  # toward Passive Support (+1)
        return [*support(state, sid, toward),
                *note(c17_chosen=[*data["c17_chosen"], sid])]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


@step("card_17_shaded")
class Card17Shaded:
    """#17 shaded: Protest markers (5.1.1 regardless of Restraint, one per space) in 2
    spaces with Muslim League Activists (no ``done``, 5.1.2); then the Muslim League stays
    Eligible (5.0), whoever executes."""

    def ask(self, state: GandhiState) -> Ask | None:
        if state.step.data["c17_left"] <= 0:
            return None
        b = board(state)
        actions = tuple(Action(f"protest {space_text(b, sid)}", args=(sid,))
                        for sid in b.spaces if state.space(sid).count(ML_ACTIVISTS)
                        and marker_problem(state, "protest", sid, True) is None)
        if not actions:
            return None
        return Ask(state.step.seat or "", prompt("prompt_17_shaded",
                                                 left=state.step.data["c17_left"]), actions)

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return [MarkerSet(space=action.args[0], marker="protest", value=1),
                *note(c17_left=state.step.data["c17_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return [EligibilityMarked(faction=MUSLIM_LEAGUE, eligible=True),
                *finish(state.step.seat or "")]


# --- #19 Attack on the Central Legislative Assembly, Delhi -----------------------------------


@script("19")
def card_19(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    # #19 unshaded: in 1 space, up to 3 Underground or all Active Guerrillas removed.
    # #19 shaded: in 2 spaces with Raj Control, 1 Unrest marker and 1 Guerrilla each.
    return [begin(f"card_19_{side}", faction, executing=faction, card="19", side=side,
                  c19_chosen=[])]


@step("card_19_unshaded")
class Card19Unshaded:
    """#19 unshaded: one decision names the space and what goes (to Available, 5.1.3)."""

    def ask(self, state: GandhiState) -> Ask | None:
        b = board(state)
        actions: list[Action] = []
        for sid in b.spaces:
            sp, name = state.space(sid), space_text(b, sid)
            actions += [Action(f"remove {n} underground {name}", args=(GUERRILLAS_UNDERGROUND,
                                                                       str(n), sid))
                        for n in range(min(3, sp.count(GUERRILLAS_UNDERGROUND)), 0, -1)]
            if sp.count(GUERRILLAS_ACTIVE):
                actions.append(Action(f"remove active {name}", args=(
                    GUERRILLAS_ACTIVE, str(sp.count(GUERRILLAS_ACTIVE)), sid)))
        if not actions:
            return None
        return Ask(state.step.seat or "", prompt("prompt_19_unshaded"), (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":   # "up to 3": none at all
            return finish(state.step.seat or "")
        kind, n, sid = action.args
        return [PiecesRemoved(space=sid, kind=kind, count=int(n)),
                *finish(state.step.seat or "")]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


@step("card_19_shaded")
class Card19Shaded:
    """#19 shaded: two spaces with Raj Control, one at a time; 5.1.2 where the Unrest (or
    Strike, 5.1.4) marker can go if any such space is left.  The Guerrilla is placed only
    if one is Available (5.1.1)."""

    def ask(self, state: GandhiState) -> Ask | None:
        chosen = state.step.data["c19_chosen"]
        if len(chosen) >= 2:
            return None
        b = board(state)
        spaces = [sid for sid in b.spaces if sid not in chosen and raj_control(state, sid)]
        marked = [sid for sid in spaces if marker_problem(state, "unrest", sid, True) is None]
        actions = tuple(Action(f"unrest {space_text(b, sid)}", args=(sid,))
                        for sid in marked or spaces)
        return Ask(state.step.seat or "", prompt("prompt_19_shaded", left=2 - len(chosen)),
                   actions)

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        sid = action.args[0]
        placed = ([PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=1)]
                  if available(state, GUERRILLAS) else [])
        return [*add_unrest(state, sid), *placed,
                *note(c19_chosen=[*state.step.data["c19_chosen"], sid])]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return finish(state.step.seat or "")


# --- #20 Jugantar Formed in Bengal -----------------------------------------------------------


@script("20")
def card_20(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "shaded":
        # #20 shaded: up to 3 Guerrillas in East and/or West Bengal, then flip there.
        return [begin("card_20_shaded", faction, executing=faction, card="20", side=side,
                      c20_left=3)]
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


@step("card_20_shaded")
class Card20Shaded:
    """#20 shaded: one Guerrilla at a time, into West or East Bengal (5.1.1: only
    Available ones); then every Guerrilla in both Bengals is flipped Underground."""

    def ask(self, state: GandhiState) -> Ask | None:
        if state.step.data["c20_left"] <= 0 or available(state, GUERRILLAS) <= 0:
            return None
        b = board(state)
        actions = [Action(f"add {space_text(b, sid)}", args=(sid,)) for sid in BENGALS]
        return Ask(state.step.seat or "", prompt("prompt_20_shaded",
                                                 left=state.step.data["c20_left"]),
                   (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.end(state)
        sid = action.args[0]
        return [PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=1),  # 1.4.3
                *note(c20_left=state.step.data["c20_left"] - 1)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return self.end(state)

    def end(self, state: GandhiState) -> list[Event]:
        flips = [e for sid in BENGALS for e in hide_all(state, sid)]
        return [*flips, *finish(state.step.seat or "")]


# --- #21 Bhagat Singh Frustrates the Empire --------------------------------------------------


@script("21")
def card_21(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    if side == "shaded":
        # #21 shaded: up to 4 Guerrillas in Punjab, then an Unrest marker there.
        return [begin("card_21_shaded", faction, executing=faction, card="21", side=side)]
    # #21 unshaded: Activate all Guerrillas in Punjab, then remove 1 Guerrilla (now all
    # Active) per cube there, to Available (5.1.3).
    sp = state.space(PUNJAB)
    total = sp.count(GUERRILLAS_UNDERGROUND) + sp.count(GUERRILLAS_ACTIVE)
    gone = min(cubes(state, PUNJAB), total)
    removed = [PiecesRemoved(space=PUNJAB, kind=GUERRILLAS_ACTIVE, count=gone)] if gone else []
    return [*activate_all(state, PUNJAB), *removed, *finish(faction)]


@step("card_21_shaded")
class Card21Shaded:
    """#21 shaded: the executing Faction says how many Guerrillas (5.1.1: Available)."""

    def most(self, state: GandhiState) -> int:
        return min(4, available(state, GUERRILLAS))

    def ask(self, state: GandhiState) -> Ask | None:
        most = self.most(state)
        if most <= 0:
            return None
        actions = [Action(f"add {n} guerrillas", args=(str(n),)) for n in range(most, -1, -1)]
        return Ask(state.step.seat or "", prompt("prompt_21_shaded", most=most),
                   tuple(actions))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        n = int(action.args[0])
        placed = [PiecesPlaced(space=PUNJAB, kind=GUERRILLAS_UNDERGROUND, count=n)] if n else []
        # The Unrest marker is judged after the Guerrillas (nothing there depends on them).
        return [*placed, *add_unrest(state, PUNJAB), *finish(state.step.seat or "")]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return [*add_unrest(state, PUNJAB), *finish(state.step.seat or "")]
