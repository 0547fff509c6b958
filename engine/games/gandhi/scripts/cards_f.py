"""Scripted Events, group f (5.0-5.1): cards 6, 22, 23, 24, 33, 36, 41, 47, 50, 53, 72.  A
card not scripted here is played by hand (``steps/event.py``).

A text that needs choices registers a ``Part`` of the shared step of choices
(``scripts/choices.py``): the executing Faction decides (5.1: it makes all selections), one
space or piece at a time; a choice may roll dice (#23, #36, #41), and ``done`` may end only
the first part of a text (e.g. #23 unshaded "In up to 3 spaces ..., then remove up to 5
...").

Readings of ambiguous texts are written in each card's comments and in
docs/rules-choices.md ("Events (5.0)").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import available, board, raj_control
from engine.games.gandhi.effects import add_unrest, after, note, resources
from engine.games.gandhi.events import (
    Box,
    BoxTransfer,
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.names import space_text
from engine.games.gandhi.ops.revolutionaries import (
    activate_all,
    attack_order,
    attack_removals,
    attack_unrest_due,
)
from engine.games.gandhi.physical import BASES, JAILABLE, enters, marker_problem
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    CUBES,
    FACTIONS,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    MAP_KINDS,
    ML_ACTIVISTS,
    ML_BASES,
    OWNER,
    RAJ,
    REV_BASES,
    REVOLUTIONARIES,
    SEPOYS,
    TROOPS,
    box_kind,
)
from engine.games.gandhi.scripts.choices import (
    DONE,
    PARTS,
    Choices,
    Part,
    card_data,
    cubes,
    fullest,
    known,
    picked,
    placed_kind,
    set_support,
    space_action,
    start,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED
from engine.games.gandhi.vocabulary import verbs

NEUTRAL = 0  # 1.6.1

ACTIVISTS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)  # 1.3.9 Gandhi is not an Activist
GUERRILLA_KINDS = (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE)
# The kinds of pieces in the boxes off the map (Out of Play, Jail): Guerrillas have no face.
BOX_KINDS = (TROOPS, SEPOYS, CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI, GUERRILLAS, ML_BASES,
             REV_BASES)
KINDS_OF = {f: tuple(k for k in MAP_KINDS if OWNER[k] == f) for f in FACTIONS}

# The verbs of the choices (data/verbs/common.toml, raj.toml, scripts.toml, scripts_f.toml).
REMOVE, ARREST, MOVE_KIND, PIECE_TO = verbs("remove", "arrest", "move_kind", "piece_to")
REMOVE_PIECE_IN, REMOVE_MARKER_IN, ARREST_IN, OUT_IN, REPLACE_WITH = verbs(
    "remove_piece_in", "remove_marker_in", "arrest_in", "out_in", "replace_with")
FACTION, AVAILABLE_IN, RELEASE_PIECE, REMOVE_COUNT, REPLACE_COUNT = verbs(
    "c6_faction", "available_in", "release_piece", "remove_count", "c47_replace")


# --- small helpers ---------------------------------------------------------------------------


def where(state: GandhiState, sid: str) -> str:
    return space_text(board(state), sid)


def owner(kind: str) -> str:
    """The Faction of a piece kind, on the map or in a box."""
    return REVOLUTIONARIES if kind == GUERRILLAS else OWNER[kind]


def count(state: GandhiState, sid: str, kinds: tuple[str, ...] | list[str]) -> int:
    return sum(state.space(sid).count(k) for k in kinds)


def unrest_ok(state: GandhiState, sid: str) -> bool:
    """An Unrest marker (a Strike on a Railway, 5.1.4) may go there (1.11, 1.12, 5.1.1)."""
    return marker_problem(state, "unrest", sid, True) is None


def is_railway(state: GandhiState, sid: str) -> bool:
    return board(state).space(sid).is_railway


def neutral(state: GandhiState, sid: str) -> list[Event]:
    """Set a space to Neutral (nothing on a Railway, which has no Support level, 1.3.6)."""
    return set_support(state, sid, NEUTRAL)


def exit_box(kind: str, jail: bool) -> Box:
    """5.1.3 Gandhi and Activists go to Jail where the text says so; the rest (and every
    removed piece otherwise) to Available."""
    return "jail" if jail and kind in JAILABLE else "available"


def adversary_kinds(state: GandhiState, faction: str, sid: str, gandhi: bool = False,
                    bases_last: bool = False) -> list[str]:
    """1.5 Adversary pieces (any other Faction's) in a space; Gandhi only if ``gandhi``;
    Bases only once no other adversary piece is left there if ``bases_last``."""
    sp = state.space(sid)
    kinds = [k for k in MAP_KINDS if OWNER[k] != faction and sp.count(k)
             and (gandhi or k != GANDHI)]
    if bases_last and any(k not in BASES for k in kinds):
        kinds = [k for k in kinds if k not in BASES]
    return kinds


def friendly(state: GandhiState, faction: str, sid: str) -> int:
    return count(state, sid, KINDS_OF[faction])


def forced(state: GandhiState, sid: str, kinds: list[str], most: int, to: Box
           ) -> list[Event] | None:
    """Removing ``most`` pieces of ``kinds`` from a space when there is nothing to choose
    (all of them go, or they are all of one kind); None if the executor must choose."""
    present = [k for k in kinds if state.space(sid).count(k)]
    total = count(state, sid, present)
    if total <= most:
        return [PiecesRemoved(space=sid, kind=k, count=state.space(sid).count(k), to=to)
                for k in present]
    if len(present) == 1:
        return [PiecesRemoved(space=sid, kind=present[0], count=most, to=to)]
    return None


def msg(key: str, **params: Any) -> Msg:
    return Msg(f"gandhi.scripts_f.{key}", **params)


def simple(card: str) -> Callable[[GandhiState, str, str, Chance], list[Event]]:
    """A card whose two sides start with no automatic part and empty working data."""
    def script(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
        return start(state, card, faction, side, [], Choices(picked=[]))
    return script


def roll(chance: Chance) -> tuple[int, list[Event]]:
    value = chance.roll(6)
    return value, [DieRolled(value=value, purpose="event")]


# --- #6 Chauri Chaura Massacre -----------------------------------------------------------------


def factions_in(state: GandhiState, sid: str) -> list[str]:
    return [f for f in FACTIONS if friendly(state, f, sid)]


@card_data
class C6(Choices):
    """#6: the space chosen (None until then); unshaded, the Faction whose pieces went;
    shaded, the cubes left to remove."""

    prefix = "c6"
    space: str | None = None
    faction: str | None = None
    left: int = 0


def c6u_choices(state: GandhiState, data: C6) -> list[Action]:
    """#6 unshaded: "In 1 Protest space, remove all pieces belonging to 1 Faction": first
    the Protest space (one with pieces, 5.1.2), then the Faction -- any Faction with
    pieces there, the executor's own included (8.8.4: only a Non-player would not remove
    its own cubes)."""
    sid = data.space
    if sid is None:
        return [space_action(state, s) for s in board(state).spaces
                if state.space(s).protest and factions_in(state, s)]
    if data.faction:
        return []
    return [FACTION(faction=f) for f in factions_in(state, sid)]


def c6u_act(state: GandhiState, data: C6, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "in":
        return note(C6(space=action["space"]))
    sid, faction = known(data.space), action["faction"]
    # 5.1.3 Gandhi and Activists to Jail; cubes, Guerrillas and Bases to Available
    removed: list[Event] = [
        PiecesRemoved(space=sid, kind=k, count=state.space(sid).count(k),
                      to=exit_box(k, jail=True))
        for k in KINDS_OF[faction] if state.space(sid).count(k)]
    return [*removed, *note(C6(faction=faction))]


def c6u_what(state: GandhiState, data: C6) -> Msg:
    if data.space is None:
        return msg("c6_unshaded_space")
    return msg("c6_unshaded_faction", space=where(state, data.space))


def c6s_choices(state: GandhiState, data: C6) -> list[Action]:
    """#6 shaded: "1 space that has both Activists and Troops" -- 5.1.2 one where the
    Unrest marker can go, that has a Support level (not a Railway) and 2 cubes to remove,
    as far as there is one; then the 2 cubes, chosen by the executor when there is a
    choice."""
    sid = data.space
    if sid is None:
        spaces = [s for s in board(state).spaces
                  if count(state, s, ACTIVISTS) and state.space(s).count(TROOPS)]
        best = fullest(spaces, lambda s: unrest_ok(state, s) + (not is_railway(state, s))
                       + min(cubes(state, s), 2))
        return [space_action(state, s) for s in best]
    if data.left <= 0:
        return []
    return [REMOVE(piece=k) for k in CUBES if state.space(sid).count(k)]


def c6s_act(state: GandhiState, data: C6, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "in":
        sid = action["space"]
        first = [*add_unrest(state, sid), *neutral(state, sid)]
        gone = forced(state, sid, list(CUBES), 2, "available")
        if gone is not None:
            return [*first, *gone, *note(C6(space=sid, left=0))]
        return [*first, *note(C6(space=sid, left=2))]
    return [PiecesRemoved(space=known(data.space), kind=action["piece"], count=1),
            *note(C6(left=data.left - 1))]


def c6s_what(state: GandhiState, data: C6) -> Msg:
    if data.space is None:
        return msg("c6_shaded_space")
    return msg("c6_shaded_cubes", left=data.left, space=where(state, data.space))


PARTS["6:unshaded"] = Part(c6u_choices, c6u_act, c6u_what)
PARTS["6:shaded"] = Part(c6s_choices, c6s_act, c6s_what)


# --- #22 Subhas Chandra Bose Conspires with Japan ----------------------------------------------

C22_BOXES: dict[str, Box] = {"available": "available", "out": "out_of_play"}
C22_VERBS = {"available": AVAILABLE_IN, "out": OUT_IN}  # the box's word in the step's data


@card_data
class C22(Choices):
    """#22: unshaded, the pieces sent to each box (by its word); shaded, the space whose
    removal is asked (the spaces chosen are ``picked``)."""

    prefix = "c22"
    sent: dict[str, int] = {}
    space: str | None = None


def c22u_choices(state: GandhiState, data: C22) -> list[Action]:
    """#22 unshaded: "Remove up to 4 Guerrillas from any spaces: 2 to Available, 2 to Out
    of Play" -- the executor says where each goes, at most 2 to each box."""
    sent = data.sent
    if sum(sent.values()) >= 4:
        return []
    boxes = [w for w in C22_BOXES if sent.get(w, 0) < 2]
    out = [C22_VERBS[w](piece=k, space=sid)
           for sid in board(state).spaces for k in GUERRILLA_KINDS
           if state.space(sid).count(k) for w in boxes]
    return [*out, DONE] if out else []


def c22u_act(state: GandhiState, data: C22, action: Action, chance: Chance) -> list[Event]:
    box = "out" if action.verb == "out_in" else "available"
    kind, sid = action["piece"], action["space"]
    sent = dict(data.sent)
    sent[box] = sent.get(box, 0) + 1
    return [PiecesRemoved(space=sid, kind=kind, count=1, to=C22_BOXES[box]),
            *note(C22(sent=sent))]


def c22s_spaces(state: GandhiState, data: C22) -> list[str]:
    """#22 shaded: spaces without Raj Control (Railways and States never have it, 1.7.2);
    5.1.2 first those where Guerrillas can be added and an adversary piece removed."""
    faction = data.executing
    room = available(state, GUERRILLAS) > 0
    spaces = [s for s in board(state).spaces
              if s not in picked(data) and not raj_control(state, s)]
    return fullest(spaces, lambda s: room + bool(
        adversary_kinds(state, faction, s) or (room and faction != REVOLUTIONARIES)))


def c22s_choices(state: GandhiState, data: C22) -> list[Action]:
    """#22 shaded: "In 2 spaces without Raj Control, add 2 Guerrillas and remove any 1
    adversary piece (not Gandhi)" -- adversary of the executing Faction (1.5); the
    Guerrillas are added first."""
    sid = data.space
    if sid is not None:
        return [REMOVE(piece=k) for k in adversary_kinds(state, data.executing, sid)]
    if len(picked(data)) >= 2:
        return []
    return [space_action(state, s) for s in c22s_spaces(state, data)]


def c22s_act(state: GandhiState, data: C22, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "remove":
        return [PiecesRemoved(space=known(data.space), kind=action["piece"], count=1),
                *note(C22(space=None))]
    sid = action["space"]
    n = min(2, available(state, GUERRILLAS))  # 5.1.1 only Available ones
    added: list[Event] = ([PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=n)]
                          if n else [])
    kinds = adversary_kinds(after(state, added), data.executing, sid)
    chosen = note(Choices(picked=[*picked(data), sid]))
    if len(kinds) == 1:  # one kind only: nothing to choose
        return [*added, PiecesRemoved(space=sid, kind=kinds[0], count=1), *chosen]
    return [*added, *chosen, *note(C22(space=sid if kinds else None))]


def c22s_what(state: GandhiState, data: C22) -> Msg:
    if data.space is not None:
        return msg("c22_shaded_remove", space=where(state, data.space))
    return msg("c22_shaded_space", left=2 - len(picked(data)))


PARTS["22:unshaded"] = Part(
    c22u_choices, c22u_act,
    lambda s, d: msg("c22_unshaded", left=4 - sum(d.sent.values())))
PARTS["22:shaded"] = Part(c22s_choices, c22s_act, c22s_what)


# --- #23 Kakori Train Robbery -------------------------------------------------------------------


@card_data
class C23(Choices):
    """#23: unshaded, the ``stage`` (``remove`` once the selection is over; logged as
    ``c23_phase``) and the Guerrillas removed; shaded, the space whose removals are asked
    and the kinds removed there (the spaces are ``picked``)."""

    prefix = "c23"
    logged_as = {"stage": "phase"}
    stage: str = ""
    removed: int = 0
    space: str | None = None
    kinds: list[str] = []


def c23u_removing(state: GandhiState, data: C23) -> bool:
    return data.stage == "remove" or len(picked(data)) >= 3 or not c23u_spaces(
        state, data)


def c23u_spaces(state: GandhiState, data: C23) -> list[str]:
    """Spaces where the text does something: a Guerrilla to Activate, or one Active."""
    return [s for s in board(state).spaces if s not in picked(data) and (
        (cubes(state, s) and state.space(s).count(GUERRILLAS_UNDERGROUND))
        or state.space(s).count(GUERRILLAS_ACTIVE))]


def c23u_choices(state: GandhiState, data: C23) -> list[Action]:
    """#23 unshaded: "In up to 3 spaces, Activate 1 Guerrilla for each cube, then remove
    up to 5 Active Guerrillas total from those spaces" -- the spaces (``done`` closes the
    selection), then the removals (``done`` ends)."""
    if not c23u_removing(state, data):
        return [*(space_action(state, s) for s in c23u_spaces(state, data)), DONE]
    if data.removed >= 5:
        return []
    out = [space_action(state, s, "remove") for s in picked(data)
           if state.space(s).count(GUERRILLAS_ACTIVE)]
    return [*out, DONE] if out else []


def c23u_act(state: GandhiState, data: C23, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "remove_in":
        return [PiecesRemoved(space=sid, kind=GUERRILLAS_ACTIVE, count=1),
                *note(C23(removed=data.removed + 1))]
    n = min(cubes(state, sid), state.space(sid).count(GUERRILLAS_UNDERGROUND))
    flips: list[Event] = [PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND,
                                        to_kind=GUERRILLAS_ACTIVE, count=n)] if n else []
    return [*flips, *note(Choices(picked=[*picked(data), sid]))]


def c23u_done(state: GandhiState, data: C23, chance: Chance) -> list[Event] | None:
    return None if c23u_removing(state, data) else note(C23(stage="remove"))


def c23u_what(state: GandhiState, data: C23) -> Msg:
    if c23u_removing(state, data):
        return msg("c23_unshaded_remove", left=5 - data.removed)
    return msg("c23_unshaded_space", left=3 - len(picked(data)))


def c23s_choices(state: GandhiState, data: C23) -> list[Action]:
    """#23 shaded: "In up to 3 spaces with Guerrillas, Attack for free" -- 3.4.3 Attack
    (Cities, Provinces and States only; no Resources paid); ``done`` ends the
    selection."""
    sid = data.space
    if sid is not None:  # a successful Attack: the removals (3.4.3, 1.4.4)
        return attack_removals(state, sid, data.kinds)
    if len(picked(data)) >= 3:
        return []
    spaces = [s for s in board(state).non_railway
              if s not in picked(data) and count(state, s, GUERRILLA_KINDS)]
    return [*(space_action(state, s) for s in spaces), DONE] if spaces else []


def c23s_conclude(state: GandhiState, sid: str) -> list[Event]:
    """3.4.3 after a success: an Unrest marker if the space has a Protest or no Raj
    Control (read once the removals are done)."""
    unrest = add_unrest(state, sid) if attack_unrest_due(state, sid) else []
    return [*unrest, *note(C23(space=None, kinds=[]))]


def c23s_act(state: GandhiState, data: C23, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "in":  # 3.4.3 Activate all Guerrillas there and roll
        sid = action["space"]
        value, rolled = roll(chance)
        events = [*activate_all(state, sid), *rolled, *note(Choices(picked=[*picked(data), sid]))]
        if value > count(state, sid, GUERRILLA_KINDS):
            return events
        now = after(state, events)
        if attack_order(now, sid):
            return [*events, *note(C23(space=sid, kinds=[]))]
        return [*events, *c23s_conclude(now, sid)]
    sid = known(data.space)
    if action.verb == "stop":
        return c23s_conclude(state, sid)
    kind = action["piece"]
    kinds = [*data.kinds, kind]
    removal: list[Event] = [PiecesRemoved(space=sid, kind=kind, count=1)]
    now = after(state, removal)
    if len(kinds) >= 2 or not attack_order(now, sid):
        return [*removal, *c23s_conclude(now, sid)]
    return [*removal, *note(C23(kinds=kinds))]


def c23s_close(state: GandhiState, data: C23) -> list[Event]:
    """#23 shaded: "then flip all Guerrillas in the selected spaces Underground"."""
    return [PiecesFlipped(space=s, kind=GUERRILLAS_ACTIVE, to_kind=GUERRILLAS_UNDERGROUND,
                          count=state.space(s).count(GUERRILLAS_ACTIVE))
            for s in picked(data) if state.space(s).count(GUERRILLAS_ACTIVE)]


def c23s_what(state: GandhiState, data: C23) -> Msg:
    if data.space is not None:
        return msg("c23_shaded_remove", space=where(state, data.space))
    return msg("c23_shaded_space", left=3 - len(picked(data)))


PARTS["23:unshaded"] = Part(c23u_choices, c23u_act, c23u_what, done=c23u_done)
PARTS["23:shaded"] = Part(c23s_choices, c23s_act, c23s_what, close=c23s_close)


# --- #24 Chittagong Armoury Raid -----------------------------------------------------------------


@card_data
class C24(Choices):
    """#24 unshaded: the ``stage`` (``remove`` once the activations are over; logged as
    ``c24_phase``), the Guerrillas Activated (how many, where, the spaces), and the space
    whose removals are asked with how many are left (the spaces are ``picked``)."""

    prefix = "c24"
    logged_as = {"stage": "phase"}
    stage: str = ""
    activated: int = 0
    counts: dict[str, int] = {}
    spaces: list[str] = []
    space: str | None = None
    left: int = 0


def c24u_activatable(state: GandhiState, data: C24) -> list[str]:
    """Spaces with a Guerrilla not yet Activated by this Event: an Active one may be
    "Activated" and stays Active (1.4.3 play note: the text does not say Underground)."""
    done = data.counts
    return [s for s in board(state).spaces
            if count(state, s, GUERRILLA_KINDS) > done.get(s, 0)]


def c24u_removing(state: GandhiState, data: C24) -> bool:
    return (data.stage == "remove" or data.activated >= 5
            or not c24u_activatable(state, data))


def c24u_choices(state: GandhiState, data: C24) -> list[Action]:
    """#24 unshaded: "Activate up to 5 Guerrillas in any spaces, then remove 1 Guerrilla
    for each cube in up to 3 of those spaces" -- one Guerrilla at a time (``done`` closes
    the Activation), then the spaces among those where a Guerrilla was Activated
    (``done`` ends); which Guerrillas go is asked when there is a choice."""
    if not c24u_removing(state, data):
        return [*(space_action(state, s, "activate") for s in c24u_activatable(state, data)),
                DONE]
    sid = data.space
    if sid is not None:
        return [REMOVE(piece=k) for k in GUERRILLA_KINDS if state.space(sid).count(k)]
    if len(picked(data)) >= 3:
        return []
    out = [space_action(state, s) for s in data.spaces
           if s not in picked(data) and cubes(state, s) and count(state, s, GUERRILLA_KINDS)]
    return [*out, DONE] if out else []


def c24u_act(state: GandhiState, data: C24, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "activate_in":
        sid = action["space"]
        spaces, counts = data.spaces, data.counts
        flip = [PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND,
                              to_kind=GUERRILLAS_ACTIVE, count=1)
                ] if state.space(sid).count(GUERRILLAS_UNDERGROUND) else []
        return [*flip, *note(C24(activated=data.activated + 1,
                                 counts={**counts, sid: counts.get(sid, 0) + 1},
                                 spaces=spaces if sid in spaces else [*spaces, sid]))]
    if action.verb == "remove":
        left = data.left - 1
        return [PiecesRemoved(space=known(data.space), kind=action["piece"], count=1),
                *note(C24(left=left), C24(space=data.space if left > 0 else None))]
    sid = action["space"]
    most = min(cubes(state, sid), count(state, sid, GUERRILLA_KINDS))
    chosen = note(Choices(picked=[*picked(data), sid]))
    gone = forced(state, sid, list(GUERRILLA_KINDS), most, "available")
    if gone is not None:
        return [*gone, *chosen]
    return [*chosen, *note(C24(space=sid, left=most))]


def c24u_done(state: GandhiState, data: C24, chance: Chance) -> list[Event] | None:
    return None if c24u_removing(state, data) else note(C24(stage="remove"))


def c24u_what(state: GandhiState, data: C24) -> Msg:
    if not c24u_removing(state, data):
        return msg("c24_unshaded_activate", left=5 - data.activated)
    if data.space is not None:
        return msg("c24_unshaded_remove", left=data.left,
                   space=where(state, data.space))
    return msg("c24_unshaded_space", left=3 - len(picked(data)))


def c24s_choices(state: GandhiState, data: C24) -> list[Action]:
    """#24 shaded: "In 1 space" -- 5.1.2 one where the Unrest marker can go and that has
    a Support level (not a Railway) if there is one."""
    if picked(data):
        return []
    spaces = list(board(state).spaces)
    best = fullest(spaces, lambda s: unrest_ok(state, s) + (not is_railway(state, s)))
    return [space_action(state, s) for s in best]


def c24s_act(state: GandhiState, data: C24, action: Action, chance: Chance) -> list[Event]:
    """#24 shaded: 2 Guerrillas from Out of Play (those there, 5.1.2), 1 Unrest marker,
    and the space to Neutral ("shift ... to Neutral": set to Neutral)."""
    sid = action["space"]
    n = min(2, state.out_of_play.get(GUERRILLAS, 0))
    added: list[Event] = [PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=n,
                                       source="out_of_play")] if n else []
    return [*added, *add_unrest(state, sid), *neutral(state, sid), *note(Choices(picked=[sid]))]


PARTS["24:unshaded"] = Part(c24u_choices, c24u_act, c24u_what, done=c24u_done)
PARTS["24:shaded"] = Part(c24s_choices, c24s_act, lambda s, d: msg("c24_shaded"))


# --- #33 Flag Satyagraha Defies the British / #47 Lala Lajpat Rai (unshaded) -------------------

MARKERS = ("protest", "unrest")
THINGS = (GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND, CONGRESS_ACTIVISTS, ML_ACTIVISTS,
          *MARKERS)


def things(state: GandhiState, sid: str) -> list[str]:
    """What "1 Guerrilla, Activist, Protest or Unrest marker" can take from a space (a
    Strike is not an Unrest marker)."""
    sp = state.space(sid)
    return [t for t in THINGS
            if (sp.protest if t == "protest" else sp.unrest if t == "unrest" else sp.count(t))]


def thing_actions(state: GandhiState, spaces: list[str]) -> list[Action]:
    return [REMOVE_MARKER_IN(marker=t, space=s) if t in MARKERS
            else REMOVE_PIECE_IN(piece=t, space=s) for s in spaces for t in things(state, s)]


def remove_thing(state: GandhiState, thing: str, sid: str) -> list[Event]:
    """A piece to Available (5.1.3 "remove"), or one marker off the space."""
    if thing == "protest":
        return [MarkerSet(space=sid, marker="protest", value=0)]
    if thing == "unrest":
        return [MarkerSet(space=sid, marker="unrest", value=state.space(sid).unrest - 1)]
    return [PiecesRemoved(space=sid, kind=thing, count=1)]


@card_data
class C33(Choices):
    """#33: the most spaces, the ``stage`` (``release`` once the shaded removals are over;
    logged as ``c33_phase``), and the Activists released (the spaces are ``picked``)."""

    prefix = "c33"
    logged_as = {"stage": "phase"}
    most: int = 0
    stage: str = ""
    released: int = 0


def c33u_choices(state: GandhiState, data: C33) -> list[Action]:
    """#33 unshaded: "In spaces up to the Restraint value" (its value when the Event
    begins), 1 Guerrilla, Activist, Protest or Unrest marker from each; ``done`` ends."""
    if len(picked(data)) >= data.most:
        return []
    out = thing_actions(state, [s for s in board(state).spaces if s not in picked(data)])
    return [*out, DONE] if out else []


def thing_act(state: GandhiState, data: Choices, action: Action, chance: Chance) -> list[Event]:
    thing = action["marker"] if action.verb == "remove_marker_in" else action["piece"]
    sid = action["space"]
    return [*remove_thing(state, thing, sid), *note(Choices(picked=[*picked(data), sid]))]


def c33s_removing(state: GandhiState, data: C33) -> bool:
    return (data.stage != "release" and len(picked(data)) < data.most
            and bool(c33s_removals(state, data)))


def c33s_removals(state: GandhiState, data: C33) -> list[Action]:
    return [REMOVE_PIECE_IN(piece=k, space=s)
            for s in board(state).spaces if s not in picked(data)
            for k in adversary_kinds(state, data.executing, s, bases_last=True)]


def c33s_choices(state: GandhiState, data: C33) -> list[Action]:
    """#33 shaded: "In spaces up to Unity" (its value when the Event begins), 1 adversary
    piece of the executing Faction's (1.5) from each, a Base only if no other adversary
    piece but Gandhi is there; then up to 5 Activists of either NV Faction from Jail to
    Available.  ``done`` closes each part."""
    if c33s_removing(state, data):
        return [*c33s_removals(state, data), DONE]
    if data.released >= 5:
        return []
    out = [RELEASE_PIECE(piece=k) for k in ACTIVISTS if state.jail.get(k, 0)]
    return [*out, DONE] if out else []


def c33s_act(state: GandhiState, data: C33, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "release_piece":
        return [BoxTransfer(kind=action["piece"], count=1, origin="jail",
                            destination="available"),
                *note(C33(released=data.released + 1))]
    kind, sid = action["piece"], action["space"]
    return [PiecesRemoved(space=sid, kind=kind, count=1),
            *note(Choices(picked=[*picked(data), sid]))]


def c33s_done(state: GandhiState, data: C33, chance: Chance) -> list[Event] | None:
    return note(C33(stage="release")) if c33s_removing(state, data) else None


def c33s_what(state: GandhiState, data: C33) -> Msg:
    if c33s_removing(state, data):
        return msg("c33_shaded_remove", left=data.most - len(picked(data)))
    return msg("c33_shaded_release", left=5 - data.released)


PARTS["33:unshaded"] = Part(
    c33u_choices, thing_act,
    lambda s, d: msg("c33_unshaded", left=d.most - len(picked(d))))
PARTS["33:shaded"] = Part(c33s_choices, c33s_act, c33s_what, done=c33s_done)


def card_33(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    most = state.restraint if side == "unshaded" else state.unity
    return start(state, "33", faction, side, [], C33(picked=[], most=most))


@card_data
class C47(Choices):
    """#47: the spaces the shaded text works in, what it does (``remove`` or ``replace``;
    None until chosen), the pieces done, and the Bases among them."""

    prefix = "c47"
    spaces: list[str] = []
    mode: str | None = None
    done: int = 0
    bases: int = 0


def c47u_choices(state: GandhiState, data: C47) -> list[Action]:
    """#47 unshaded: "Remove 1 Guerrilla, 1 Activist, 1 Protest marker or 1 Unrest marker
    from each of 2 spaces with cubes" -- 2 if there are (5.1.2), no ``done``."""
    if len(picked(data)) >= 2:
        return []
    return thing_actions(state, [s for s in board(state).spaces
                                 if s not in picked(data) and cubes(state, s)])


# --- #47 Lala Lajpat Rai Killed at a Protest (shaded) --------------------------------------------

REPLACEMENTS = (GUERRILLAS_UNDERGROUND, CONGRESS_ACTIVISTS, ML_ACTIVISTS)
C47_MODES = (REMOVE_COUNT(count=3, piece="pieces"), REPLACE_COUNT(count=2, piece="pieces"))


def c47s_pieces(state: GandhiState, data: C47) -> list[tuple[str, str]]:
    """(kind, space) of the pieces that may go: any piece but Gandhi in the spaces that
    had Underground Guerrillas when the Event began, at most 1 Base in all."""
    base_ok = data.bases < 1
    return [(k, s) for s in data.spaces for k in MAP_KINDS
            if k != GANDHI and state.space(s).count(k) and (base_ok or k not in BASES)]


def c47s_choices(state: GandhiState, data: C47) -> list[Action]:
    """#47 shaded: "In spaces with Underground Guerrillas, remove 3 pieces total or
    replace 2 with Guerrillas or Activists (max 1 Base, not Gandhi)" -- first which
    (``remove``/``replace``), then the pieces one at a time, 3 (or 2) if there are; a
    replacement comes from Available, else the piece is removed (1.4.1)."""
    pieces = c47s_pieces(state, data)
    mode = data.mode
    if mode is None:
        return list(C47_MODES) if pieces else []
    if data.done >= (3 if mode == "remove" else 2):
        return []
    out = []
    for kind, sid in pieces:
        new = [r for r in REPLACEMENTS if available(state, r) and box_kind(r) != box_kind(kind)]
        if mode == "replace" and new:
            out += [REPLACE_WITH(piece=r, old=kind, space=sid) for r in new]
        else:
            out.append(REMOVE_PIECE_IN(piece=kind, space=sid))
    return out


def c47s_act(state: GandhiState, data: C47, action: Action, chance: Chance) -> list[Event]:
    if data.mode is None:
        return note(C47(mode="remove" if action.verb == "remove_count" else "replace"))
    replacing, sid = action.verb == "replace_with", action["space"]
    kind = action["old"] if replacing else action["piece"]
    events: list[Event] = [PiecesRemoved(space=sid, kind=kind, count=1)]  # 5.1.3 Available
    if replacing:
        events.append(PiecesPlaced(space=sid, kind=action["piece"], count=1))
    return [*events, *note(C47(done=data.done + 1, bases=data.bases + (kind in BASES)))]


def c47s_what(state: GandhiState, data: C47) -> Msg:
    mode = data.mode
    if mode is None:
        return msg("c47_shaded_mode")
    return msg(f"c47_shaded_{mode}",
               left=(3 if mode == "remove" else 2) - data.done)


PARTS["47:unshaded"] = Part(c47u_choices, thing_act,
                            lambda s, d: msg("c47_unshaded", left=2 - len(picked(d))))
PARTS["47:shaded"] = Part(c47s_choices, c47s_act, c47s_what)


def card_47(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    spaces = [s for s in board(state).spaces if state.space(s).count(GUERRILLAS_UNDERGROUND)]
    return start(state, "47", faction, side, [], C47(picked=[], spaces=spaces))


# --- #36 Quit India Movement ------------------------------------------------------------------


@card_data
class C36(Choices):
    """#36: the space whose removals are asked (None: none), and how many are left (the
    spaces chosen are ``picked``)."""

    prefix = "c36"
    space: str | None = None
    left: int = 0


def c36u_choices(state: GandhiState, data: C36) -> list[Action]:
    """#36 unshaded: "In 1 space with Activists" -- 5.1.2 one where the Unrest marker can
    go and that has a Support level (not a Railway) if there is one; then which Activists
    are arrested, when there is a choice."""
    sid = data.space
    if sid is None:
        spaces = [s for s in board(state).spaces if count(state, s, ACTIVISTS)]
        best = fullest(spaces, lambda s: unrest_ok(state, s) + (not is_railway(state, s)))
        return [space_action(state, s) for s in best]
    if data.left <= 0:
        return []
    return [ARREST(piece=k) for k in ACTIVISTS if state.space(sid).count(k)]


def c36u_act(state: GandhiState, data: C36, action: Action, chance: Chance) -> list[Event]:
    if action.verb == "arrest":  # 5.1.3 arrested: to Jail
        left = data.left - 1
        return [PiecesRemoved(space=known(data.space), kind=action["piece"], count=1,
                              to="jail"),
                *note(C36(left=left))]
    sid = action["space"]
    value, rolled = roll(chance)
    first = [*add_unrest(state, sid), *rolled, *neutral(state, sid)]
    most = min(value, count(state, sid, ACTIVISTS))
    gone = forced(state, sid, list(ACTIVISTS), most, "jail")
    if gone is not None:
        return [*first, *gone, *note(C36(space=sid, left=0))]
    return [*first, *note(C36(space=sid, left=most))]


def c36u_what(state: GandhiState, data: C36) -> Msg:
    if data.space is None:
        return msg("c36_unshaded_space")
    return msg("c36_unshaded_arrest", left=data.left,
               space=where(state, data.space))


def c36s_choices(state: GandhiState, data: C36) -> list[Action]:
    """#36 shaded: "In each of 2 spaces, roll a die; if the result is equal to or less
    than the number of friendly pieces, remove adversaries equal to the die roll (Gandhi
    and Activists to Jail, Bases last)" -- friendly and adversary are the executing
    Faction's (1.5); the spaces are those with both (5.1.2: elsewhere nothing can be
    removed); the executor picks the adversaries when there is a choice."""
    faction, sid = data.executing, data.space
    if sid is not None:
        return [REMOVE(piece=k)
                for k in adversary_kinds(state, faction, sid, gandhi=True, bases_last=True)]
    if len(picked(data)) >= 2:
        return []
    return [space_action(state, s) for s in board(state).spaces
            if s not in picked(data) and friendly(state, faction, s)
            and adversary_kinds(state, faction, s, gandhi=True)]


def c36s_act(state: GandhiState, data: C36, action: Action, chance: Chance) -> list[Event]:
    faction = data.executing
    if action.verb == "remove":
        kind, sid, left = action["piece"], known(data.space), data.left - 1
        return [PiecesRemoved(space=sid, kind=kind, count=1, to=exit_box(kind, jail=True)),
                *note(C36(left=left), C36(space=sid if left > 0 else None))]
    sid = action["space"]
    value, rolled = roll(chance)
    events = [*rolled, *note(Choices(picked=[*picked(data), sid]))]
    if value > friendly(state, faction, sid):
        return events
    kinds = adversary_kinds(state, faction, sid, gandhi=True)
    if count(state, sid, kinds) <= value:  # every adversary goes
        return [*events, *(PiecesRemoved(space=sid, kind=k, count=state.space(sid).count(k),
                                         to=exit_box(k, jail=True)) for k in kinds)]
    return [*events, *note(C36(space=sid, left=value))]


def c36s_what(state: GandhiState, data: C36) -> Msg:
    if data.space is not None:
        return msg("c36_shaded_remove", left=data.left,
                   space=where(state, data.space))
    return msg("c36_shaded_space", left=2 - len(picked(data)))


PARTS["36:unshaded"] = Part(c36u_choices, c36u_act, c36u_what)
PARTS["36:shaded"] = Part(c36s_choices, c36s_act, c36s_what)


# --- #41 Preemptive Strike on Movement Leaders ----------------------------------------------------


@card_data
class C41(Choices):
    """#41: the die roll, and the pieces done (the spaces are ``picked``)."""

    prefix = "c41"
    roll: int = 0
    count: int = 0


def c41u_choices(state: GandhiState, data: C41) -> list[Action]:
    """#41 unshaded: "Arrest up to twice a die roll of Activists total in any spaces";
    ``done`` ends."""
    if data.count >= 2 * data.roll:
        return []
    out = [ARREST_IN(piece=k, space=s)
           for s in board(state).spaces for k in ACTIVISTS if state.space(s).count(k)]
    return [*out, DONE] if out else []


def c41u_act(state: GandhiState, data: C41, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]  # 5.1.3 arrested: to Jail
    return [PiecesRemoved(space=sid, kind=kind, count=1, to="jail"),
            *note(C41(count=data.count + 1))]


def c41s_choices(state: GandhiState, data: C41) -> list[Action]:
    """#41 shaded: "Release a die roll of Activists in Jail to any 3 spaces" -- Activists
    of either NV Faction, one at a time, into at most 3 different spaces; as many as the
    roll if there are (5.1.2), no ``done``."""
    if data.count >= data.roll:
        return []
    spaces = picked(data) if len(picked(data)) >= 3 else list(board(state).spaces)
    return [PIECE_TO(piece=k, space=s)
            for k in ACTIVISTS if state.jail.get(k, 0) for s in spaces]


def c41s_act(state: GandhiState, data: C41, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    spaces = picked(data) if sid in picked(data) else [*picked(data), sid]
    return [PiecesPlaced(space=sid, kind=kind, count=1, source="jail"),
            *note(C41(count=data.count + 1), Choices(picked=spaces))]


PARTS["41:unshaded"] = Part(
    c41u_choices, c41u_act,
    lambda s, d: msg("c41_unshaded", left=2 * d.roll - d.count))
PARTS["41:shaded"] = Part(
    c41s_choices, c41s_act, lambda s, d: msg("c41_shaded", left=d.roll - d.count))


def card_41(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    value, rolled = roll(chance)
    return start(state, "41", faction, side, rolled, C41(picked=[], roll=value, count=0))


# --- #50 RSS Paramilitaries / #53 United Provinces Rent Strike ------------------------------------

TO_OUT = (TROOPS, SEPOYS, CONGRESS_ACTIVISTS, ML_ACTIVISTS, *GUERRILLA_KINDS)  # not Gandhi, Bases


def out_actions(state: GandhiState, allowed: Callable[[str], bool]) -> list[Action]:
    return [OUT_IN(piece=k, space=s) for s in board(state).spaces for k in TO_OUT
            if state.space(s).count(k) and allowed(k)]


@card_data
class C50(Choices):
    """#50: the pieces moved, and the Factions they belonged to."""

    prefix = "c50"
    moved: int = 0
    factions: list[str] = []


def c50u_choices(state: GandhiState, data: C50) -> list[Action]:
    """#50 unshaded: "Move up to 4 cubes, Activists, and/or Guerrillas total belonging to
    2 Factions from the map to Out of Play (at least 1 piece from each Faction)" -- no
    Gandhi, no Bases; ``done`` before the first piece, or once 2 Factions gave one (or
    no other Faction has such a piece on the map, 5.1.2)."""
    moved, factions = data.moved, data.factions
    if moved >= 4:
        return []
    on_map = {OWNER[k] for sp in state.spaces.values() for k in TO_OUT if sp.count(k)}
    others = bool(on_map - set(factions))

    def allowed(kind: str) -> bool:
        chosen = {*factions, OWNER[kind]}
        return len(chosen) <= 2 and not (len(chosen) == 1 and moved == 3 and others)

    out = out_actions(state, allowed)
    finished = moved == 0 or len(factions) == 2 or not others
    return [*out, DONE] if finished else out


def c50u_act(state: GandhiState, data: C50, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    factions = data.factions
    return [PiecesRemoved(space=sid, kind=kind, count=1, to="out_of_play"),
            *note(C50(moved=data.moved + 1, factions=factions if OWNER[kind] in factions
                  else [*factions, OWNER[kind]]))]


def c50s_choices(state: GandhiState, data: C50) -> list[Action]:
    """#50 shaded: "Move up to 4 pieces total, belonging to 2 Factions, from Out of Play
    to Available" -- any pieces, of at most 2 Factions; ``done`` ends."""
    moved, factions = data.moved, data.factions
    if moved >= 4:
        return []
    out = [MOVE_KIND(piece=k) for k in BOX_KINDS
           if state.out_of_play.get(k, 0) and len({*factions, owner(k)}) <= 2]
    return [*out, DONE] if out else []


def c50s_act(state: GandhiState, data: C50, action: Action, chance: Chance) -> list[Event]:
    kind = action["piece"]
    factions = data.factions
    return [BoxTransfer(kind=kind, count=1, origin="out_of_play", destination="available"),
            *note(C50(moved=data.moved + 1, factions=factions if owner(kind) in factions
                  else [*factions, owner(kind)]))]


PARTS["50:unshaded"] = Part(c50u_choices, c50u_act,
                            lambda s, d: msg("c50_unshaded", left=4 - d.moved))
PARTS["50:shaded"] = Part(c50s_choices, c50s_act,
                          lambda s, d: msg("c50_shaded", left=4 - d.moved))


@card_data
class C53(Choices):
    """#53: the pieces moved."""

    prefix = "c53"
    moved: int = 0


def c53u_choices(state: GandhiState, data: C53) -> list[Action]:
    """#53 unshaded: "Move up to 2 cubes, Activists, or Guerrillas from the map to Out of
    Play" (no Gandhi, no Bases); ``done`` ends."""
    if data.moved >= 2:
        return []
    out = out_actions(state, lambda k: True)
    return [*out, DONE] if out else []


def c53u_act(state: GandhiState, data: C53, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    return [PiecesRemoved(space=sid, kind=kind, count=1, to="out_of_play"),
            *note(C53(moved=data.moved + 1))]


def c53s_choices(state: GandhiState, data: C53) -> list[Action]:
    """#53 shaded: "Move up to 3 pieces from Out of Play to any spaces (no Troops in
    States)" -- any pieces; Bases only where the stacking allows (1.4.2); ``done``
    ends."""
    if data.moved >= 3:
        return []
    out = [PIECE_TO(piece=k, space=s)
           for k in BOX_KINDS if state.out_of_play.get(k, 0)
           for s in board(state).spaces if enters(state, placed_kind(k), 1, s)]
    return [*out, DONE] if out else []


def c53s_act(state: GandhiState, data: C53, action: Action, chance: Chance) -> list[Event]:
    kind, sid = action["piece"], action["space"]
    return [PiecesPlaced(space=sid, kind=placed_kind(kind), count=1, source="out_of_play"),
            *note(C53(moved=data.moved + 1))]


PARTS["53:unshaded"] = Part(  # 5.0 "The executing Faction stays Eligible"
    c53u_choices, c53u_act, lambda s, d: msg("c53_unshaded", left=2 - d.moved),
    close=lambda s, d: [EligibilityMarked(faction=d.executing, eligible=True)])
PARTS["53:shaded"] = Part(  # 5.0 "The Raj is Ineligible for the next card"
    c53s_choices, c53s_act, lambda s, d: msg("c53_shaded", left=3 - d.moved),
    close=lambda s, d: [EligibilityMarked(faction=RAJ, eligible=False)])


# --- #72 Direct Action Day ------------------------------------------------------------------------


@card_data
class C72(Choices):
    """#72: the Guerrillas removed (the spaces are ``picked``)."""

    prefix = "c72"
    removed: int = 0


def c72u_choices(state: GandhiState, data: C72) -> list[Action]:
    """#72 unshaded: "In up to 3 spaces with Activists, remove any Active Guerrillas" --
    "any" read as all of them (as #20 shaded); spaces with Active Guerrillas (5.1.2);
    ``done`` ends."""
    if len(picked(data)) >= 3:
        return []
    out = [space_action(state, s) for s in board(state).spaces if s not in picked(data)
           and count(state, s, ACTIVISTS) and state.space(s).count(GUERRILLAS_ACTIVE)]
    return [*out, DONE] if out else []


def c72u_act(state: GandhiState, data: C72, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    n = state.space(sid).count(GUERRILLAS_ACTIVE)
    return [PiecesRemoved(space=sid, kind=GUERRILLAS_ACTIVE, count=n),
            *note(C72(picked=[*picked(data), sid], removed=data.removed + n))]


def c72s_choices(state: GandhiState, data: C72) -> list[Action]:
    """#72 shaded: "In up to 4 spaces with Underground Guerrillas, add 1 Guerrilla or, if
    there is no Raj Control, 1 Unrest marker" (a Strike on a Railway, 5.1.4); ``done``
    ends."""
    if len(picked(data)) >= 4:
        return []
    room = available(state, GUERRILLAS) > 0
    out: list[Action] = []
    for s in board(state).spaces:
        if s in picked(data) or not state.space(s).count(GUERRILLAS_UNDERGROUND):
            continue
        if room:
            out.append(space_action(state, s, "guerrilla"))
        if not raj_control(state, s) and unrest_ok(state, s):
            out.append(space_action(state, s, "unrest"))
    return [*out, DONE] if out else []


def c72s_act(state: GandhiState, data: C72, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    done = note(Choices(picked=[*picked(data), sid]))
    if action.verb == "unrest_in":
        return [*add_unrest(state, sid), *done]
    return [PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=1), *done]


PARTS["72:unshaded"] = Part(  # then Revolutionaries Resources +1 per Guerrilla removed (1.8)
    c72u_choices, c72u_act, lambda s, d: msg("c72_unshaded", left=3 - len(picked(d))),
    close=lambda s, d: resources(s, REVOLUTIONARIES, d.removed))
PARTS["72:shaded"] = Part(c72s_choices, c72s_act,
                          lambda s, d: msg("c72_shaded", left=4 - len(picked(d))))


SCRIPTED.update({"6": simple("6"), "22": simple("22"), "23": simple("23"),
                 "24": simple("24"), "33": card_33, "36": simple("36"), "41": card_41,
                 "47": card_47, "50": simple("50"), "53": simple("53"), "72": simple("72")})
