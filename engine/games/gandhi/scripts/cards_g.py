"""Scripted Events, group g (5.0-5.1).  A card not scripted here is played by hand
(``steps/event.py``).

Scripted (both sides): 31, 34, 43, 49, 51, 52, 54, 55, 58, 63, 69.  A text that needs
choices registers a ``Part`` of the shared step of choices (``scripts/choices.py``), one
choice at a time; #49 hands one choice to the Raj (whether it pays), #54 unshaded carries
out text between two choices (``settle``) and gives ``done`` another meaning (the Sepoys are
over, the removals follow).

The choices are verbs of Gandhi's vocabulary: the shared ones (``data/verbs/*.toml``) and
this module's own (``data/verbs/scripts_g.toml``, named ``g_*``).

Readings of the texts (also in docs/rules-choices.md) are in each card's docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.parse import ValueLabel
from engine.games.gandhi.derived import board, protests_for_events
from engine.games.gandhi.effects import note, resources, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.physical import enters, in_box, marker_problem
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    RAJ,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.scripts.cards_c import gandhi_to
from engine.games.gandhi.scripts.choices import (
    DONE,
    PARTS,
    Choices,
    Part,
    activists,
    card_data,
    cubes,
    fullest,
    gandhi_space,
    known,
    picked,
    placed_kind,
    shiftable,
    space_action,
    start,
    states,
    toward_passive_opposition,
)
from engine.games.gandhi.seating import is_non_player
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED, finish
from engine.games.gandhi.vocabulary import VOCABULARY, verbs

BIHAR, EAST_BENGAL = "bihar", "east_bengal"
ACTIVISTS = (CONGRESS_ACTIVISTS, ML_ACTIVISTS)  # 1.3.9 Gandhi is not an Activist
GUERRILLA_KINDS = (GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND)
PLACED = (*ACTIVISTS, GUERRILLAS)  # an Activist or a Guerrilla

ADD_PIECE_IN, PIECE_ON, PIECE_IN, PIECE_TO = verbs("add_piece_in", "piece_on", "piece_in",
                                                   "piece_to")
REMOVE_PIECE_IN, REMOVE_COUNT_IN, REMOVE_MARKER_IN = verbs(
    "remove_piece_in", "remove_count_in", "remove_marker_in")
REPLACE_WITH, STRIKE, RECALL, ADD_PIECE_FROM = verbs("replace_with", "strike", "recall",
                                                     "add_piece_from")
ACTIVISTS_MODE, STRIKES_MODE, PAY, DECLINE = verbs("c34_activists", "c34_strikes", "c49_pay",
                                                   "c49_decline")
NEUTRAL_IN, FLIP_MODE, ADD_MODE = verbs("neutral_in", "c69_flip", "c69_add")


D = TypeVar("D", bound=Choices)


def msg(key: str, **params: Any) -> Msg:
    return Msg(f"gandhi.scripts_g.{key}", **params)


def left(key: str, most: int, count: Callable[[D], int] | None = None
         ) -> Callable[[GandhiState, D], Msg]:
    """The prompt ``key`` with the choices ``left`` (``count``: those made; default: the
    spaces ``picked``)."""
    def what(state: GandhiState, data: D) -> Msg:
        used = len(data.picked) if count is None else count(data)
        return msg(key, left=most - used)
    return what


# --- small helpers ---------------------------------------------------------------------------


def name(state: GandhiState, sid: str) -> Msg:
    """A space's name in the reader's language (a prompt's parameter)."""
    return ValueLabel(VOCABULARY, "space", sid)


def guerrillas(state: GandhiState, sid: str) -> int:
    return sum(state.space(sid).count(k) for k in GUERRILLA_KINDS)


def ready(state: GandhiState, kinds: tuple[str, ...] | list[str]) -> list[str]:
    """The kinds with a piece in Available (5.1.1)."""
    return [k for k in kinds if in_box(state, "available", k)]


def split(counts: dict[str, int], n: int) -> dict[str, int] | None:
    """Which pieces ``n`` removals take when there is nothing to choose (one kind there,
    or all of them go); None when the executing Faction must choose."""
    present = {k: c for k, c in counts.items() if c > 0}
    if len(present) <= 1 or n >= sum(present.values()):
        out, rest = {}, n
        for k, c in present.items():
            out[k] = min(c, rest)
            rest -= out[k]
        return {k: c for k, c in out.items() if c > 0}
    return None


def removed(sid: str, taken: dict[str, int]) -> list[Event]:
    """5.1.3 removed pieces go to Available."""
    return [PiecesRemoved(space=sid, kind=k, count=c) for k, c in taken.items() if c]


def arrest_all(state: GandhiState, sid: str) -> list[Event]:
    """5.1.3 arrest: every Activist in ``sid`` to Jail."""
    return [PiecesRemoved(space=sid, kind=k, count=state.space(sid).count(k), to="jail")
            for k in ACTIVISTS if state.space(sid).count(k)]


def protest_ok(state: GandhiState, sid: str) -> bool:
    """A Protest marker may go there: none there yet, one left (1.10, 5.1.1)."""
    return marker_problem(state, "protest", sid, True) is None


def protest_on(state: GandhiState, sid: str) -> list[Event]:
    return [MarkerSet(space=sid, marker="protest", value=1)] if protest_ok(state, sid) else []


def stays(faction: str, eligible: bool) -> list[Event]:
    return [EligibilityMarked(faction=faction, eligible=eligible)]


def by_activists(state: GandhiState, spaces: list[str], kinds: tuple[str, ...]
                 ) -> list[Action]:
    """Each piece of ``kinds`` in ``spaces`` replaced by an Available Activist of either NV
    Faction (``congress activist for sepoy in Bihar``), or removed if none is Available
    (5.1.1: ``remove sepoy in Bihar``)."""
    new = ready(state, ACTIVISTS)
    out = []
    for sid in spaces:
        for kind in kinds:
            if not state.space(sid).count(kind):
                continue
            out += [REPLACE_WITH(piece=a, old=kind, space=sid) for a in new]
            if not new:
                out.append(REMOVE_PIECE_IN(piece=kind, space=sid))
    return out


# --- #31 Champaran Satyagraha ----------------------------------------------------------------


@card_data
class C31(Choices):
    """#31: the pieces added."""

    prefix = "c31"
    added: int = 0


def c31s_choices(state: GandhiState, data: C31) -> list[Action]:
    """#31 shaded: "up to 3 Activists" of either NV Faction (the text names none), one at a
    time from Available (5.1.1); ``done`` ends it."""
    if data.added >= 3:
        return []
    out = [ADD_PIECE_IN(piece=k, space=BIHAR) for k in ready(state, ACTIVISTS)]
    return [*out, DONE] if out else []


def c31s_act(state: GandhiState, data: C31, action: Action,
        chance: Chance) -> list[Event]:
    return [PiecesPlaced(space=BIHAR, kind=action["piece"], count=1),
            *note(C31(added=data.added + 1))]


PARTS["31:shaded"] = Part(c31s_choices, c31s_act, what=left("c31_shaded", 3, lambda d: d.added))


def card_31(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#31 unshaded: "Arrest Gandhi and any Activists with him, then remove any Protest and
    Unrest markers from his space."  Gandhi off the map: nothing happens (he has no space).
    A Strike is not an Unrest marker (as #42): it stays.
    #31 shaded: "Move Gandhi to Bihar (unless he is in Jail), then place a Protest marker
    and up to 3 Activists there."  Gandhi comes from wherever he is but Jail (the map,
    Available or Out of Play: the text excepts Jail only); the Protest and Activists go to
    Bihar even when he is in Jail."""
    if side == "unshaded":
        sid = gandhi_space(state)
        if sid is None:
            return finish(faction)
        sp = state.space(sid)
        markers: list[Event] = []
        if sp.protest:
            markers.append(MarkerSet(space=sid, marker="protest", value=0))
        if sp.unrest:
            markers.append(MarkerSet(space=sid, marker="unrest", value=0))
        return [PiecesRemoved(space=sid, kind=GANDHI, count=1, to="jail"),  # 5.1.3 arrest
                *arrest_all(state, sid), *markers, *finish(faction)]
    moved = [] if state.jail.get(GANDHI, 0) else gandhi_to(state, BIHAR)
    return start(state, "31", faction, side, [*moved, *protest_on(state, BIHAR)], C31(added=0))


# --- #34 Protests Block the Railways ---------------------------------------------------------


@card_data
class C34(Choices):
    """#34: what the shaded text does (None until chosen), and the choices made."""

    prefix = "c34"
    mode: str | None = None
    count: int = 0


def c34s_choices(state: GandhiState, data: C34) -> list[Action]:
    """#34 shaded: first Activists or Strikes (only what can be done); then up to 3
    Activists (either NV Faction's, the executor's choice; Active on a Railway, 1.4.3) or up
    to 2 Strikes (one per Railway, 5.1.1, while markers last, 1.12); ``done`` ends it."""
    rails = board(state).railways
    strikable = [r for r in rails if marker_problem(state, "strike", r, True) is None]
    mode = data.mode
    if mode is None:
        out = []
        if ready(state, ACTIVISTS):
            out.append(ACTIVISTS_MODE())
        if strikable:
            out.append(STRIKES_MODE())
        return out
    if mode == "activists":
        if data.count >= 3:
            return []
        acts = [PIECE_ON(piece=k, space=r) for r in rails for k in ready(state, ACTIVISTS)]
        return [*acts, DONE] if acts else []
    if data.count >= 2:
        return []
    strikes = [STRIKE(space=r) for r in strikable]
    return [*strikes, DONE] if strikes else []


C34_MODES = {ACTIVISTS_MODE.name: "activists", STRIKES_MODE.name: "strikes"}


def c34s_act(state: GandhiState, data: C34, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb in C34_MODES:
        return note(C34(mode=C34_MODES[action.verb]))
    count = note(C34(count=data.count + 1))
    if data.mode == "strikes":
        return [MarkerSet(space=action["space"], marker="strike", value=1), *count]
    return [PiecesPlaced(space=action["space"], kind=action["piece"], count=1), *count]


def c34s_what(state: GandhiState, data: C34) -> Msg:
    mode = data.mode
    if mode is None:
        return msg("c34_mode")
    return msg(f"c34_{mode}", left=(3 if mode == "activists" else 2) - data.count)


PARTS["34:shaded"] = Part(c34s_choices, c34s_act, what=c34s_what)


def card_34(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#34 unshaded: "Arrest all Activists on Railways and remove all Strike markers"
    (5.1.3 to Jail).  Shaded: see ``c34s_choices``."""
    if side == "shaded":
        return start(state, "34", faction, side, [], C34(count=0))
    events: list[Event] = []
    for rail in board(state).railways:
        events += arrest_all(state, rail)
        if state.space(rail).strike:
            events.append(MarkerSet(space=rail, marker="strike", value=0))
    return [*events, *finish(faction)]


# --- #43 Textile Workers' Strike -------------------------------------------------------------


def c43_counts(state: GandhiState, sid: str) -> dict[str, int]:
    return {k: state.space(sid).count(k) for k in ACTIVISTS}


@card_data
class C43(Choices):
    """#43: the space whose removals are asked (None: none), and how many are left (the
    spaces are ``picked``)."""

    prefix = "c43"
    space: str | None = None
    left: int = 0


def c43u_choices(state: GandhiState, data: C43) -> list[Action]:
    """#43 unshaded: "In up to 2 spaces, remove 1 Activist for each cube or Guerrilla
    there."  Read from the Italian "per ogni altro cubo o altra Guerriglia": one
    Activist (of either NV Faction, to Available) for each cube or Guerrilla (Active or
    Underground) in the space; "other" = the pieces other than the Activists, not "every
    second".  Spaces with Activists and cubes or Guerrillas; the executing Faction picks
    the Activists only when both NV Factions have some there and not all go."""
    sid, due = data.space, data.left
    if sid is not None and due > 0 and activists(state, sid):
        return [REMOVE_PIECE_IN(piece=k, space=sid)
                for k in ACTIVISTS if state.space(sid).count(k)]
    if len(picked(data)) >= 2:
        return []
    spaces = [s for s in board(state).spaces if s not in picked(data) and activists(state, s)
              and cubes(state, s) + guerrillas(state, s)]
    return [*(space_action(state, s) for s in spaces), DONE] if spaces else []


def c43u_take(state: GandhiState, sid: str, counts: dict[str, int], due: int) -> list[Event]:
    """Remove the ``due`` Activists if nothing is left to choose; else ask for them."""
    taken = split(counts, due)
    if taken is not None:
        return [*removed(sid, taken), *note(C43(space=None, left=0))]
    return note(C43(space=sid, left=due))


def c43u_act(state: GandhiState, data: C43, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "in":
        due = min(cubes(state, sid) + guerrillas(state, sid), activists(state, sid))
        return [*note(Choices(picked=[*picked(data), sid])),
                *c43u_take(state, sid, c43_counts(state, sid), due)]
    kind = action["piece"]
    counts = c43_counts(state, sid)
    counts[kind] -= 1
    return [PiecesRemoved(space=sid, kind=kind, count=1),
            *c43u_take(state, sid, counts, data.left - 1)]


def c43u_what(state: GandhiState, data: C43) -> Msg:
    if data.space is not None:
        return msg("c43_unshaded_remove", left=data.left,
                   space=name(state, data.space))
    return msg("c43_unshaded", left=2 - len(picked(data)))


def c43s_choices(state: GandhiState, data: C43) -> list[Action]:
    """#43 shaded: "In up to 2 spaces with Protest and/or Unrest markers, replace up to 2
    Guerrillas in each space with Activists" (either NV Faction's, from Available; with
    none Available the Guerrilla is removed instead, 5.1.1).  A Strike is not an Unrest
    marker (as #42).  One Guerrilla at a time; ``done`` ends it."""
    chosen = picked(data)
    spaces = [s for s in dict.fromkeys(chosen) if chosen.count(s) < 2]
    if len(set(chosen)) < 2:
        spaces += [s for s in board(state).spaces if s not in chosen
                   and (state.space(s).protest or state.space(s).unrest)]
    out = by_activists(state, spaces, GUERRILLA_KINDS)
    return [*out, DONE] if out else []


def replace_act(state: GandhiState, data: Choices, action: Action, chance: Chance
                ) -> list[Event]:
    """A ``by_activists`` choice carried out; its space is noted as picked."""
    sid = action["space"]
    if action.verb == REPLACE_WITH.name:
        return [PiecesRemoved(space=sid, kind=action["old"], count=1),
                PiecesPlaced(space=sid, kind=action["piece"], count=1),
                *note(Choices(picked=[*picked(data), sid]))]
    return [PiecesRemoved(space=sid, kind=action["piece"], count=1),
            *note(Choices(picked=[*picked(data), sid]))]


PARTS["43:unshaded"] = Part(c43u_choices, c43u_act, what=c43u_what,
                                 close=lambda s, d: track(s, "restraint", -1))
PARTS["43:shaded"] = Part(c43s_choices, replace_act, what=lambda s, d: msg("c43_shaded"))


def card_43(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#43 unshaded: the removals, then Restraint -1 (5.1.4 not below 1); shaded: the
    replacements."""
    return start(state, "43", faction, side, [], Choices(picked=[]))


# --- #49 Independence Day Defiantly Declared -------------------------------------------------


def c49_can_pay(state: GandhiState, sid: str) -> bool:
    """The Raj has 2 Resources (an NP Raj tracks none and shifts for free, 8.1)."""
    funded = is_non_player(state, RAJ) or state.resources.get(RAJ, 0) >= 2
    return funded and shiftable(state, sid, +1)


@card_data
class C49(Choices):
    """#49: the space the Raj may pay to shift (None: no question), the spaces are
    ``picked``."""

    prefix = "c49"
    pay: str | None = None


def c49u_choices(state: GandhiState, data: C49) -> list[Action]:
    """#49 unshaded: "In up to 2 spaces, remove 1 Protest or Unrest marker, then in each
    selected space 2 Resources may be paid to shift it 1 level toward Active Support (NP
    Raj: free shift)."  The Raj pays and decides (only the Raj and the Revolutionaries
    have Resources, 1.8; the NP Raj shifts for free; the official English text reads "the
    Raj may pay"), asked right after each removal when it has 2 Resources and the space
    can shift (not a Railway, 1.6.1).  A Strike is not an Unrest marker (as #42)."""
    sid = data.pay
    if sid is not None:
        pay = [PAY()] if c49_can_pay(state, sid) else []
        return [*pay, DECLINE()]
    if len(picked(data)) >= 2:
        return []
    out = []
    for s in board(state).spaces:
        if s in picked(data):
            continue
        sp = state.space(s)
        out += [REMOVE_MARKER_IN(marker=m, space=s)
                for m, there in (("protest", sp.protest), ("unrest", sp.unrest)) if there]
    return [*out, DONE] if out else []


def c49u_act(state: GandhiState, data: C49, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == PAY.name:
        return [*resources(state, RAJ, -2), *support(state, known(data.pay), +1),
                *note(C49(pay=None))]
    if action.verb == DECLINE.name:
        return note(C49(pay=None))
    sid, marker = action["space"], action["marker"]
    value = 0 if marker == "protest" else state.space(sid).unrest - 1
    pay = sid if c49_can_pay(state, sid) else None
    return [MarkerSet(space=sid, marker="protest" if marker == "protest" else "unrest",
                      value=value), *note(C49(picked=[*picked(data), sid], pay=pay))]


def c49u_what(state: GandhiState, data: C49) -> Msg:
    sid = data.pay
    if sid is not None:
        return msg("c49_pay", space=name(state, sid))
    return msg("c49_unshaded", left=2 - len(picked(data)))


def c49s_choices(state: GandhiState, data: C49) -> list[Action]:
    """#49 shaded: "Remove up to 3 Protest markers. For each marker removed, shift that
    space 1 level toward Active Opposition".  5.1.2 (as #64 shaded) spaces that can still
    shift come first: a Railway has no level (1.3.6) and Active Opposition none further."""
    if len(picked(data)) >= 3:
        return []
    spaces = [s for s in board(state).spaces if s not in picked(data) and state.space(s).protest]
    best = fullest(spaces, lambda s: shiftable(state, s, -1))
    return [*(space_action(state, s) for s in best), DONE] if spaces else []


def c49s_act(state: GandhiState, data: C49, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    return [MarkerSet(space=sid, marker="protest", value=0), *support(state, sid, -1),
            *note(Choices(picked=[*picked(data), sid]))]


PARTS["49:unshaded"] = Part(
    c49u_choices, c49u_act, what=c49u_what,
    seat=lambda s, d: RAJ if d.pay is not None else None)
PARTS["49:shaded"] = Part(c49s_choices, c49s_act, what=left("c49_shaded", 3))


def card_49(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "49", faction, side, [], Choices(picked=[]))


# --- #51 Britain Maintains the Salt Tax ------------------------------------------------------


@card_data
class C51(Choices):
    """#51: the pieces placed."""

    prefix = "c51"
    placed: int = 0


def c51s_choices(state: GandhiState, data: C51) -> list[Action]:
    """#51 shaded: "Place up to 3 Activists or Guerrillas on any Railways": 3 pieces in
    all, each an Activist (either NV Faction's) or a Guerrilla (Underground, 1.4.3), from
    Available (5.1.1); ``done`` ends it."""
    if data.placed >= 3:
        return []
    out = [PIECE_ON(piece=k, space=r) for r in board(state).railways for k in ready(state, PLACED)]
    return [*out, DONE] if out else []


def c51s_act(state: GandhiState, data: C51, action: Action,
        chance: Chance) -> list[Event]:
    return [PiecesPlaced(space=action["space"], kind=placed_kind(action["piece"]), count=1),
            *note(C51(placed=data.placed + 1))]


PARTS["51:shaded"] = Part(c51s_choices, c51s_act,
                               what=left("c51_shaded", 3, lambda d: d.placed),
                               close=lambda s, d: track(s, "restraint", -2))


def card_51(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#51 unshaded: "Arrest all Activists on Railways, then Raj Resources +2 for each
    Railway without a Strike marker" (1.8 at most 50).  Shaded: the placements, then
    Restraint -2 (5.1.4 not below 1)."""
    if side == "shaded":
        return start(state, "51", faction, side, [], C51(placed=0))
    rails = board(state).railways
    arrests = [e for r in rails for e in arrest_all(state, r)]
    clear = sum(1 for r in rails if not state.space(r).strike)
    return [*arrests, *resources(state, RAJ, 2 * clear), *finish(faction)]


# --- #52 Provincial Elections Ease Tensions --------------------------------------------------


@card_data
class C52(Choices):
    """#52: the space whose second part waits (None: none); the spaces are ``picked``."""

    prefix = "c52"
    space: str | None = None


def c52u_choices(state: GandhiState, data: C52) -> list[Action]:
    """#52 unshaded: "Shift up to 2 spaces with Congress Activists 1 level each toward
    Active Support" (spaces that can shift: no Railway, 1.6.1); ``done`` ends it."""
    if len(picked(data)) >= 2:
        return []
    spaces = [s for s in board(state).spaces if s not in picked(data)
              and state.space(s).count(CONGRESS_ACTIVISTS) and shiftable(state, s, +1)]
    return [*(space_action(state, s) for s in spaces), DONE] if spaces else []


def c52u_act(state: GandhiState, data: C52, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    return [*support(state, sid, +1), *note(Choices(picked=[*picked(data), sid]))]


def congress_pieces(state: GandhiState, sid: str) -> int:
    """4.3.1 Congress pieces: its Activists plus Gandhi."""
    return state.space(sid).count(CONGRESS_ACTIVISTS) + state.space(sid).count(GANDHI)


def c52s_choices(state: GandhiState, data: C52) -> list[Action]:
    """#52 shaded: "Shift 2 spaces with Congress pieces (Activists or Gandhi) 1 level each
    toward Active Opposition, then place 1 Activist or Guerrilla in each space."  Two
    spaces if there are (no ``done``), those that can shift first (5.1.2); each space's
    piece (either NV Faction's Activist or an Underground Guerrilla, from Available) is
    chosen right after its shift, which changes nothing for the other space."""
    sid = data.space
    if sid is not None:
        return [PIECE_IN(piece=k, space=sid) for k in ready(state, PLACED)]
    if len(picked(data)) >= 2:
        return []
    spaces = [s for s in board(state).spaces
              if s not in picked(data) and congress_pieces(state, s)]
    whole = [s for s in spaces if shiftable(state, s, -1)]
    return [space_action(state, s) for s in whole or spaces]


def c52s_act(state: GandhiState, data: C52, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "in":
        wait = sid if ready(state, PLACED) else None
        return [*support(state, sid, -1), *note(C52(picked=[*picked(data), sid], space=wait))]
    return [PiecesPlaced(space=sid, kind=placed_kind(action["piece"]), count=1),
            *note(C52(space=None))]


def c52s_what(state: GandhiState, data: C52) -> Msg:
    sid = data.space
    if sid is not None:
        return msg("c52_place", space=name(state, sid))
    return msg("c52_shaded", left=2 - len(picked(data)))


PARTS["52:unshaded"] = Part(c52u_choices, c52u_act, what=left("c52_unshaded", 2),
                                 close=lambda s, d: stays(CONGRESS, False))
PARTS["52:shaded"] = Part(c52s_choices, c52s_act, what=c52s_what)


def card_52(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#52 unshaded: the shifts, then Congress is Ineligible for the next card (5.0)."""
    return start(state, "52", faction, side, [], Choices(picked=[]))


# --- #54 Hyderabad Defends Its Independence --------------------------------------------------


def c54_counts(state: GandhiState, sid: str) -> dict[str, int]:
    return {k: state.space(sid).count(k) for k in GUERRILLA_KINDS}


def c54u_adds(state: GandhiState, data: C54) -> list[Action]:
    if data.added >= 6 or not in_box(state, "available", SEPOYS):
        return []
    chosen = picked(data)
    spaces = [s for s in states(state) if s in chosen or len(chosen) < 3]
    return [PIECE_IN(piece=SEPOYS, space=s) for s in spaces]


@card_data
class C54(Choices):
    """#54 unshaded: the ``stage`` (``add`` then ``remove``; logged as ``c54_phase``), the
    Sepoys added, and the removals due in each State (space, Guerrillas)."""

    prefix = "c54"
    logged_as = {"stage": "phase"}
    added: int = 0
    stage: str = ""
    due: list[tuple[str, int]] = []


def c54u_choices(state: GandhiState, data: C54) -> list[Action]:
    """#54 unshaded: "Add up to 6 Sepoys in up to 3 States, then in each State remove 1
    Guerrilla for each cube there."  States are Princely and Muslim States (1.3.5); the
    Sepoys come one at a time from Available (``done`` ends them); then in every State on
    the map -- the text says "each State", not "each selected State" as #49 does -- as
    many Guerrillas go (to Available) as there are cubes, the executing Faction choosing
    Active or Underground ones only when both are there and not all go."""
    if data.stage == "add":
        adds = c54u_adds(state, data)
        return [*adds, DONE] if adds else []
    due = data.due
    if not due:
        return []
    sid = due[0][0]
    return [REMOVE_PIECE_IN(piece=k, space=sid)
            for k in GUERRILLA_KINDS if state.space(sid).count(k)]


def c54u_act(state: GandhiState, data: C54, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == PIECE_IN.name:
        chosen = picked(data)
        return [PiecesPlaced(space=sid, kind=SEPOYS, count=1),
                *note(C54(added=data.added + 1),
                      Choices(picked=chosen if sid in chosen else [*chosen, sid]))]
    due = list(data.due)
    due[0] = (due[0][0], due[0][1] - 1)
    return [PiecesRemoved(space=sid, kind=action["piece"], count=1),
            *note(C54(due=[d for d in due if d[1] > 0]))]


def c54u_done(state: GandhiState, data: C54) -> list[Event]:
    """The Sepoys are over: every State's removals are due.  (``done`` during the
    removals is offered only when a withdrawal, 1.4.1, left nothing to remove.)"""
    if data.stage != "add":
        return note(C54(due=[]))
    due = [(s, min(cubes(state, s), guerrillas(state, s))) for s in states(state)]
    return note(C54(stage="remove", due=[d for d in due if d[1] > 0]))


def c54u_settle(state: GandhiState, data: C54) -> list[Event]:
    if data.stage == "add":
        return [] if c54u_adds(state, data) else c54u_done(state, data)
    events: list[Event] = []
    due = []
    for sid, n in data.due:
        counts = c54_counts(state, sid)
        taken = split(counts, min(n, sum(counts.values())))
        if taken is None:
            due.append((sid, n))
        else:  # (nothing left there at all only after a withdrawal, 1.4.1)
            events += removed(sid, taken)
    if due == data.due:
        return []
    return [*events, *note(C54(due=due))]


def c54u_what(state: GandhiState, data: C54) -> Msg:
    if data.stage == "add":
        return msg("c54_unshaded", left=6 - data.added,
                   states=3 - len(picked(data)))
    sid = data.due[0][0] if data.due else ""
    n = data.due[0][1] if data.due else 0
    return msg("c54_remove", left=n, space=name(state, sid) if sid else "")


def c54s_choices(state: GandhiState, data: C54) -> list[Action]:
    """#54 shaded: "In each of 3 Princely States, remove all but 1 Sepoy or shift that space
    1 level toward Active Opposition."  Only choices that do something (5.1.2); 3 States
    if there are (no ``done``); the Sepoys go to Available."""
    if len(picked(data)) >= 3:
        return []
    out = []
    for s in board(state).states:
        if s in picked(data):
            continue
        sepoys = state.space(s).count(SEPOYS)
        if sepoys > 1:
            out.append(REMOVE_COUNT_IN(count=sepoys - 1, piece=SEPOYS, space=s))
        if shiftable(state, s, -1):
            out.append(space_action(state, s, "shift"))
    return out


def c54s_act(state: GandhiState, data: C54, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    done = note(Choices(picked=[*picked(data), sid]))
    if action.verb == "shift_in":
        return [*support(state, sid, -1), *done]
    return [PiecesRemoved(space=sid, kind=SEPOYS, count=action["count"]), *done]


PARTS["54:unshaded"] = Part(c54u_choices, c54u_act, what=c54u_what,
                                 settle=c54u_settle,
                              done=lambda s, d, c: c54u_done(s, d))
PARTS["54:shaded"] = Part(c54s_choices, c54s_act, what=left("c54_shaded", 3))


def card_54(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "54", faction, side, [], C54(picked=[], added=0, stage="add", due=[]))


# --- #55 The Salt March ----------------------------------------------------------------------


def c55_first(state: GandhiState) -> list[str]:
    """A first space from which both markers can go (5.1.2), else one, else any."""
    b = board(state)
    ok = [s for s in b.spaces if protest_ok(state, s)]
    pair = ([s for s in ok if any(protest_ok(state, t) for t in b.adjacent(s))]
            if protests_for_events(state) >= 2 else [])
    return pair or ok or list(b.spaces)


@card_data
class C55(Choices):
    """#55 shaded: where Gandhi went (None: not yet), and the Activists added there; the
    two spaces are ``picked``."""

    prefix = "c55"
    there: str | None = None
    added: int = 0


def c55s_choices(state: GandhiState, data: C55) -> list[Action]:
    """#55 shaded: "Place Protest markers in any 2 adjacent spaces. Unless he is in Jail,
    move Gandhi into 1 of the selected spaces and add 2 Activists there."  The two spaces
    (Railways included) are chosen one at a time, where the markers can go if possible
    (5.1.2; 1.10 supply, one per space); "unless he is in Jail" covers the whole second
    sentence (the Activists go where Gandhi went); Gandhi comes from wherever he is but
    Jail; the 2 Activists are either NV Faction's, from Available."""
    chosen = picked(data)
    if len(chosen) < 2:
        if not chosen:
            spaces = c55_first(state)
        else:
            near = sorted(board(state).adjacent(chosen[0]), key=list(board(state).spaces).index)
            spaces = [s for s in near if protest_ok(state, s)] or near
        return [space_action(state, s) for s in spaces]
    there = data.there
    if there is None:
        if state.jail.get(GANDHI, 0):
            return []
        return [PIECE_TO(piece=GANDHI, space=s) for s in chosen]
    if data.added >= 2:
        return []
    return [ADD_PIECE_IN(piece=k, space=there) for k in ready(state, ACTIVISTS)]


def c55s_act(state: GandhiState, data: C55, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    if action.verb == "in":
        return [*protest_on(state, sid), *note(Choices(picked=[*picked(data), sid]))]
    if action.verb == PIECE_TO.name:
        return [*gandhi_to(state, sid), *note(C55(there=sid))]
    assert data.there is not None
    return [PiecesPlaced(space=data.there, kind=action["piece"], count=1),
            *note(C55(added=data.added + 1))]


def c55s_what(state: GandhiState, data: C55) -> Msg:
    chosen = picked(data)
    if len(chosen) < 2:
        return msg("c55_spaces", left=2 - len(chosen))
    there = data.there
    if there is None:
        return msg("c55_gandhi")
    return msg("c55_activists", left=2 - data.added, space=name(state, there))


PARTS["55:shaded"] = Part(c55s_choices, c55s_act, what=c55s_what)


def card_55(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    """#55 unshaded: "In the space with Gandhi, remove any Protest marker and arrest all
    Activists there. Shift that space 1 level toward Active Support."  Gandhi off the map:
    nothing happens."""
    if side == "shaded":
        return start(state, "55", faction, side, [], C55(picked=[], added=0))
    sid = gandhi_space(state)
    if sid is None:
        return finish(faction)
    protest = ([MarkerSet(space=sid, marker="protest", value=0)]
               if state.space(sid).protest else [])
    return [*protest, *arrest_all(state, sid), *support(state, sid, +1), *finish(faction)]


# --- #58 Vallabhbhai Patel Stirs Unrest in Gujarat -------------------------------------------


@card_data
class C58(Choices):
    """#58 unshaded: the most States (Restraint when the Event began); they are
    ``picked``."""

    prefix = "c58"
    most: int = 0


def c58u_choices(state: GandhiState, data: C58) -> list[Action]:
    """#58 unshaded: "In a number of states up to the Restraint value, remove 1 Activist,
    place 1 Guerrilla, or shift the space to Neutral."  The Italian "un numero di stati
    pari max alla Restrizione" is the phrase of #10 ("un numero di Stati"): States,
    Princely and Muslim (1.3.5), not any space.  Restraint is read when the Event begins;
    one of the three per State, only where it does something; ``done`` ends it."""
    if len(picked(data)) >= data.most:
        return []
    out = []
    guerrilla = in_box(state, "available", GUERRILLAS) > 0
    for s in states(state):
        if s in picked(data):
            continue
        out += [REMOVE_PIECE_IN(piece=k, space=s) for k in ACTIVISTS if state.space(s).count(k)]
        if guerrilla:
            out.append(PIECE_IN(piece=GUERRILLAS, space=s))
        if state.space(s).support != 0:
            out.append(NEUTRAL_IN(space=s))
    return [*out, DONE] if out else []


def c58u_act(state: GandhiState, data: C58, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    done = note(Choices(picked=[*picked(data), sid]))
    if action.verb == REMOVE_PIECE_IN.name:
        return [PiecesRemoved(space=sid, kind=action["piece"], count=1), *done]
    if action.verb == PIECE_IN.name:
        return [PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=1), *done]
    return [*support(state, sid, -state.space(sid).support), *done]


C58_KINDS = (SEPOYS, *GUERRILLA_KINDS)


def c58s_choices(state: GandhiState, data: C58) -> list[Action]:
    """#58 shaded: "In up to 3 spaces, replace 1 Guerrilla or 1 Sepoy with 1 Activist, from
    Available" (either NV Faction's; with none Available the piece is removed instead,
    5.1.1); ``done`` ends it."""
    if len(picked(data)) >= 3:
        return []
    spaces = [s for s in board(state).spaces if s not in picked(data)]
    out = by_activists(state, spaces, C58_KINDS)
    return [*out, DONE] if out else []


PARTS["58:unshaded"] = Part(
    c58u_choices, c58u_act,
    what=lambda s, d: msg("c58_unshaded", left=d.most - len(picked(d))))
PARTS["58:shaded"] = Part(c58s_choices, replace_act, what=left("c58_shaded", 3))


def card_58(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "58", faction, side, [], C58(picked=[], most=state.restraint))


# --- #63 Ambedkar Champions the Untouchables -------------------------------------------------


@card_data
class C63(Choices):
    """#63: the pieces moved (the spaces are ``picked``)."""

    prefix = "c63"
    moved: int = 0


def c63u_choices(state: GandhiState, data: C63) -> list[Action]:
    """#63 unshaded: "Shift up to 3 spaces 1 level each toward Passive Opposition. For each
    shift, Raj Resources +3."  As printed (the Italian says Passive Opposition; a slip for
    Passive Support is likely but unverified): Active Opposition moves up, Neutral and
    Support down; spaces at Passive Opposition and Railways cannot shift; ``done`` ends
    it."""
    if len(picked(data)) >= 3:
        return []
    spaces = [s for s in board(state).non_railway
              if s not in picked(data) and state.space(s).support != -1]
    return [*(space_action(state, s) for s in spaces), DONE] if spaces else []


def c63u_act(state: GandhiState, data: C63, action: Action,
        chance: Chance) -> list[Event]:
    sid = action["space"]
    delta = toward_passive_opposition(state, sid)
    return [*support(state, sid, delta), *resources(state, RAJ, 3),
            *note(Choices(picked=[*picked(data), sid]))]


def c63s_choices(state: GandhiState, data: C63) -> list[Action]:
    """#63 shaded: "Move up to 3 Activists or Guerrillas from Out of Play to Available.
    The executing Faction stays Eligible."  One piece at a time; ``done`` ends it."""
    if data.moved >= 3:
        return []
    out = [RECALL(piece=k) for k in PLACED if in_box(state, "out_of_play", k)]
    return [*out, DONE] if out else []


def c63s_act(state: GandhiState, data: C63, action: Action,
        chance: Chance) -> list[Event]:
    return [BoxTransfer(kind=action["piece"], count=1, origin="out_of_play",
                        destination="available"), *note(C63(moved=data.moved + 1))]


PARTS["63:unshaded"] = Part(c63u_choices, c63u_act, what=left("c63_unshaded", 3))
PARTS["63:shaded"] = Part(c63s_choices, c63s_act, what=left("c63_shaded", 3, lambda d: d.moved),
                               close=lambda s, d: stays(d.executing, True))


def card_63(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "63", faction, side, [], C63(picked=[], moved=0))


# --- #69 Indian National Army (INA) ----------------------------------------------------------

C69_KINDS = (TROOPS, SEPOYS, *ACTIVISTS)


@card_data
class C69(Choices):
    """#69: the Guerrillas added, and what the shaded text does (``flip`` or ``add``;
    None until chosen)."""

    prefix = "c69"
    added: int = 0
    mode: str | None = None


def c69u_choices(state: GandhiState, data: C69) -> list[Action]:
    """#69 unshaded: "Add up to 3 cubes or Activists total (from Available or Out of Play)
    to East Bengal or adjacent spaces."  One piece at a time, its box named; no Troops into
    a State (1.4.2); ``done`` ends it."""
    if data.added >= 3:
        return []
    b = board(state)
    spaces = [EAST_BENGAL, *sorted(b.adjacent(EAST_BENGAL), key=list(b.spaces).index)]
    out = []
    for kind in C69_KINDS:
        into = [s for s in spaces if enters(state, kind, 1, s)]
        if in_box(state, "available", kind):
            out += [ADD_PIECE_IN(piece=kind, space=s) for s in into]
        if in_box(state, "out_of_play", kind):
            out += [ADD_PIECE_FROM(piece=kind, space=s, box="out_of_play") for s in into]
    return [*out, DONE] if out else []


def c69u_act(state: GandhiState, data: C69, action: Action,
        chance: Chance) -> list[Event]:
    return [PiecesPlaced(space=action["space"], kind=action["piece"], count=1,
                         source=action.get("box", "available")),
            *note(C69(added=data.added + 1))]


def c69_active(state: GandhiState) -> list[str]:
    return [s for s, sp in state.spaces.items() if sp.count(GUERRILLAS_ACTIVE)]


def c69s_choices(state: GandhiState, data: C69) -> list[Action]:
    """#69 shaded: "Flip all Guerrillas in India Underground or add up to 4 Guerrillas in
    Muslim spaces."  First the choice (only what does something); the Guerrillas come one
    at a time from Available (Underground, 1.4.3) into Muslim spaces (1.3.4: printed, a
    Muslim State marker makes none); ``done`` ends them."""
    mode = data.mode
    if mode is None:
        out = []
        if c69_active(state):
            out.append(FLIP_MODE())
        if in_box(state, "available", GUERRILLAS):
            out.append(ADD_MODE())
        return out
    if mode == "flip" or data.added >= 4 or not in_box(state, "available", GUERRILLAS):
        return []
    out = [PIECE_IN(piece=GUERRILLAS, space=s) for s in board(state).muslim_spaces]
    return [*out, DONE]


def c69s_act(state: GandhiState, data: C69, action: Action,
        chance: Chance) -> list[Event]:
    if action.verb == FLIP_MODE.name:
        flips: list[Event] = [
            PiecesFlipped(space=s, kind=GUERRILLAS_ACTIVE, to_kind=GUERRILLAS_UNDERGROUND,
                          count=state.space(s).count(GUERRILLAS_ACTIVE))
            for s in c69_active(state)]
        return [*flips, *note(C69(mode="flip"))]
    if action.verb == ADD_MODE.name:
        return note(C69(mode="add"))
    return [PiecesPlaced(space=action["space"], kind=GUERRILLAS_UNDERGROUND, count=1),
            *note(C69(added=data.added + 1))]


def c69s_what(state: GandhiState, data: C69) -> Msg:
    if data.mode is None:
        return msg("c69_mode")
    return msg("c69_shaded", left=4 - data.added)


PARTS["69:unshaded"] = Part(c69u_choices, c69u_act,
                                 what=left("c69_unshaded", 3, lambda d: d.added))
PARTS["69:shaded"] = Part(c69s_choices, c69s_act, what=c69s_what)


def card_69(state: GandhiState, faction: str, side: str, chance: Chance) -> list[Event]:
    return start(state, "69", faction, side, [], C69(added=0))


SCRIPTED.update({"31": card_31, "34": card_34, "43": card_43, "49": card_49, "51": card_51,
                 "52": card_52, "54": card_54, "55": card_55, "58": card_58, "63": card_63,
                 "69": card_69})
