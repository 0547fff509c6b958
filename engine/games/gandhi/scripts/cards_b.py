"""Scripted Events, cards 25-48 (5.0-5.1).  A card not scripted here is played by hand
(``steps/event.py``).

Each scripted card side registers what happens at once when the text is chosen (its
``before``, in ``SIDES``) and a ``Part`` of the shared step of choices
(``scripts/choices.py``): the choices the executing Faction then makes (5.1 the executing
Faction makes all selections) and what happens after its last choice (``close``).  A
card's data (``CNN``, its fields logged as ``cNN_<field>``: ``c44_spaces``) is declared
before its sides.  With nothing left to choose the Event closes by itself; 5.1.2 a text
that can be carried out only in part is carried out as far as it can.  ``done`` is offered
only where the text says "up to" (or once nothing the text requires is left to choose).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.vocabulary import Verb
from engine.games.gandhi.derived import (
    available,
    board,
    is_state,
    protests_on_map,
    raj_control,
)
from engine.games.gandhi.effects import add_unrest, note, resources, support, track, track_to
from engine.games.gandhi.events import (
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.physical import enters, marker_problem, support_problem
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    FACTIONS,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    OWNER,
    RAJ,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.scripts.choices import (
    DONE,
    PARTS,
    Choices,
    Part,
    card_data,
    nothing,
    shiftable,
    start,
    toward_passive_opposition,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import SCRIPTED
from engine.games.gandhi.vocabulary import verbs

GUERRILLA_KINDS = (GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND)
# The choices of these Events: verbs of data/verbs/*.toml (the ``ab_`` one in scripts_ab.toml).
IN, SHIFT_IN, UNREST_IN, PLACE_MARKER_IN, MARKER_IN = verbs(
    "in", "shift_in", "unrest_in", "place_marker_in", "marker_in")
REMOVE_COUNT_IN, REMOVE_MARKER_IN, PLACE_COUNT_IN, INELIGIBLE = verbs(
    "remove_count_in", "remove_marker_in", "place_count_in", "ineligible")

D = TypeVar("D", bound=Choices)
P = TypeVar("P", bound="Picks")
R = TypeVar("R", bound="Removals")
Chooser = Callable[[GandhiState, D], list[Action]]
Act = Callable[[GandhiState, D, Action, Chance], list[Event]]
Before = Callable[[GandhiState, str], list[Event]]
Fits = Callable[[GandhiState, D, str], bool]
Does = Callable[[GandhiState, str], list[Event]]


class Picks(Choices):
    """A side that chooses spaces one by one (``c<card>_spaces``)."""

    spaces: list[str] = []


class Removals(Choices):
    """A side that removes pieces one by one: the space of each (``c<card>_removed``)."""

    removed: list[str] = []


def shifts(state: GandhiState, spaces: list[str], delta: int) -> list[Event]:
    """Shift each space one level; Railways have no Support (1.6.1) and a space at the end
    of the track stays there (5.1.2: carried out as far as it can be)."""
    return [e for sid in spaces if support_problem(state, sid, delta) is None
            for e in support(state, sid, delta)]


# --- registration -----------------------------------------------------------------------

SIDES: dict[tuple[str, str], Before] = {}


def no_before(state: GandhiState, faction: str) -> list[Event]:
    return []


def no_choices(state: GandhiState, data: Choices) -> list[Action]:
    return []


def side(card: str, which: str, choices: Chooser[D], act: Act[D], *,
         before: Before = no_before,
         close: Callable[[GandhiState, D], list[Event]] = nothing) -> None:
    """Register one card side; its prompt is the key ``c<card>_<side>`` of
    ``locales/scripts_b``."""
    SIDES[(card, which)] = before
    PARTS[f"{card}:{which}"] = Part(
        choices, act, lambda s, d: Msg(f"gandhi.scripts_b.c{card}_{which}"), close=close)


def script(state: GandhiState, faction: str, which: str, chance: Chance) -> list[Event]:
    assert state.current is not None
    card = state.current
    return start(state, card, faction, which, SIDES[(card, which)](state, faction))


# --- generic shapes ---------------------------------------------------------------------


def pick_spaces(model: type[P], fits: Fits[P], does: Does, *, most: int = 2,
                optional: bool = False, verb: Verb = IN, **values: str
                ) -> tuple[Chooser[P], Act[P]]:
    """Choose ``most`` different spaces one by one (``verb`` with the space and ``values``:
    ``in Bihar``, ``place protest in Bihar``) that ``fits``; ``does`` is what choosing one
    does at once; ``optional``: the text says "up to", so ``done`` may end it early."""

    def choices(state: GandhiState, data: P) -> list[Action]:
        chosen = data.spaces
        if len(chosen) >= most:
            return []
        out = [verb(space=sid, **values) for sid in board(state).spaces
               if sid not in chosen and fits(state, data, sid)]
        return [*out, DONE] if out and optional else out

    def act(state: GandhiState, data: P, action: Action, chance: Chance) -> list[Event]:
        sid = action["space"]
        return [*does(state, sid), *note(model(spaces=[*data.spaces, sid]))]

    return choices, act


def protest(state: GandhiState, sid: str) -> list[Event]:
    return [MarkerSet(space=sid, marker="protest", value=1)]


def restraint(delta: int) -> Before:
    return lambda s, f: track(s, "restraint", delta)


def restraint_to(value: int) -> Before:
    return lambda s, f: track_to(s, "restraint", value)


# --- #25 Montagu Declaration Affirms Imperial Rule ----------------------------------------


@card_data
class C25(Picks):
    """#25: the markers removed (unshaded), the spaces chosen (shaded)."""

    prefix = "c25"
    removed: int = 0


def c25u_choices(state: GandhiState, data: C25) -> list[Action]:
    """#25 unshaded: "Shift Restraint -2 and remove up to 2 Protest and/or Unrest markers."
    (5.1.4 Restraint stays within 1-5.)  Strikes are not named, so they stay."""
    if data.removed >= 2:
        return []
    out = [REMOVE_MARKER_IN(marker=marker, space=sid)
           for sid in board(state).spaces for marker in ("protest", "unrest")
           if (state.space(sid).protest if marker == "protest" else state.space(sid).unrest)]
    return [*out, DONE] if out else []


def c25u_act(state: GandhiState, data: C25, action: Action, chance: Chance) -> list[Event]:
    sid, marker = action["space"], action["marker"]
    value = state.space(sid).unrest - 1 if marker == "unrest" else 0
    return [MarkerSet(space=sid, marker=marker, value=value),
            *note(C25(removed=data.removed + 1))]


side("25", "unshaded", c25u_choices, c25u_act, before=restraint(-2))


def friendly(state: GandhiState, faction: str, sid: str) -> bool:
    """A space with a piece of ``faction``."""
    return any(OWNER[kind] == faction and n for kind, n in state.space(sid).pieces.items())


def c25s_fits(state: GandhiState, data: C25, sid: str) -> bool:
    """#25 shaded: "Shift Restraint +2 and add 1 Protest marker in any 2 spaces with
    friendly pieces" (the executing Faction's pieces; 5.1.1 one Protest per space, any
    Protest regardless of Restraint)."""
    return (friendly(state, data.executing, sid)
            and marker_problem(state, "protest", sid, True) is None)


side("25", "shaded", *pick_spaces(C25, c25s_fits, protest, verb=PLACE_MARKER_IN,
                                  marker="protest"),
     before=restraint(+2))


# --- #27 Second Round Table Conference in London --------------------------------------------


@card_data
class C27(Picks):
    """#27: the spaces chosen."""

    prefix = "c27"


def c27u_fits(state: GandhiState, data: C27, sid: str) -> bool:
    """#27 unshaded: "Set Restraint to 2 and set 2 spaces with Raj Control to Passive
    Support." (Raj Control, 1.7.1, as it stands when the space is chosen.)  5.1.2 a space
    not yet at Passive Support, while there is one (Railways never have Raj Control,
    1.7)."""
    chosen = data.spaces
    return raj_control(state, sid) and (state.space(sid).support != 1 or not any(
        raj_control(state, s) and state.space(s).support != 1
        for s in board(state).spaces if s not in chosen))


def passive_support(state: GandhiState, sid: str) -> list[Event]:
    return support(state, sid, 1 - state.space(sid).support)


def c27s_fits(state: GandhiState, data: C27, sid: str) -> bool:
    """#27 shaded: "Set Restraint to 4 and place a Protest marker in any 2 spaces with Raj
    Control." (5.1.1 one Protest per space, regardless of Restraint.)"""
    return raj_control(state, sid) and marker_problem(state, "protest", sid, True) is None


side("27", "unshaded", *pick_spaces(C27, c27u_fits, passive_support, verb=SHIFT_IN),
     before=restraint_to(2))
side("27", "shaded", *pick_spaces(C27, c27s_fits, protest, verb=PLACE_MARKER_IN,
                                  marker="protest"),
     before=restraint_to(4))


# --- #40 Defence of India Act 1939 ------------------------------------------------------------


@card_data
class C40(Picks):
    """#40: the spaces chosen."""

    prefix = "c40"


def c40u_fits(state: GandhiState, data: C40, sid: str) -> bool:
    """#40 unshaded: "Shift Restraint -2.  Arrest all Activists in up to 3 Protest spaces."
    (5.1.3 arrested Activists, of either Faction, go to Jail; Gandhi is not an Activist.)"""
    sp = state.space(sid)
    return sp.protest and bool(sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS))


def arrest_activists(state: GandhiState, sid: str) -> list[Event]:
    sp = state.space(sid)
    return [PiecesRemoved(space=sid, kind=kind, count=sp.count(kind), to="jail")
            for kind in (CONGRESS_ACTIVISTS, ML_ACTIVISTS) if sp.count(kind)]


def c40s_fits(state: GandhiState, data: C40, sid: str) -> bool:
    """#40 shaded: "Shift Restraint +2.  Shift any 2 spaces 1 level each toward Active
    Opposition." (Spaces that can shift: not Railways, not at Active Opposition.)"""
    return support_problem(state, sid, -1) is None


def toward_opposition(state: GandhiState, sid: str) -> list[Event]:
    return support(state, sid, -1)


def toward_support(state: GandhiState, sid: str) -> list[Event]:
    return support(state, sid, +1)


side("40", "unshaded", *pick_spaces(C40, c40u_fits, arrest_activists, most=3, optional=True),
     before=restraint(-2))
side("40", "shaded", *pick_spaces(C40, c40s_fits, toward_opposition, verb=SHIFT_IN),
     before=restraint(+2))


# --- #44 Hindustan Socialist Republican Association ----------------------------------------


def guerrilla_removed(sid: str, kind: str) -> Event:
    return PiecesRemoved(space=sid, kind=kind, count=1, to="available")


@card_data
class C44(Picks):
    """#44: the spaces Guerrillas were removed from, one entry a piece (unshaded); the two
    spaces chosen and the Guerrillas added to them (shaded)."""

    prefix = "c44"
    removed: list[str] = []
    added: int = 0


def c44u_choices(state: GandhiState, data: C44) -> list[Action]:
    """#44 unshaded (EN 8.8.5 quotes it): "Remove up to 2 Guerrillas total from up to 2
    spaces, then shift each of those spaces 1 level towards Active Support."  Removed
    Guerrillas go to Available (5.1.3); the spaces shifted are those Guerrillas were
    removed from, each once."""
    chosen = data.removed
    if len(chosen) >= 2:
        return []
    spaces = [sid for sid in board(state).spaces
              if any(state.space(sid).count(k) for k in GUERRILLA_KINDS)
              and (sid in chosen or len(set(chosen)) < 2)]
    # 5.1.2 (8.8.5 picks these spaces by the shift): a new space that can shift first
    new = [sid for sid in spaces if sid not in chosen]
    if any(shiftable(state, sid, +1) for sid in new):
        spaces = [sid for sid in spaces if sid in chosen or shiftable(state, sid, +1)]
    out = [REMOVE_COUNT_IN(count=1, piece=kind, space=sid)
           for sid in spaces for kind in GUERRILLA_KINDS if state.space(sid).count(kind)]
    return [*out, DONE] if out else []


def c44u_act(state: GandhiState, data: C44, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    return [guerrilla_removed(sid, action["piece"]), *note(C44(removed=[*data.removed, sid]))]


side("44", "unshaded", c44u_choices, c44u_act,
     close=lambda s, d: shifts(s, list(dict.fromkeys(d.removed)), +1))


def c44s_fits(state: GandhiState, data: C44, sid: str) -> bool:
    """5.1.2 a space that can shift toward Active Opposition, while there is one (the
    IT tutorial, card 7: "must choose the spaces where the Event can be carried out
    the most")."""
    chosen = data.spaces
    return shiftable(state, sid, -1) or not any(
        shiftable(state, s, -1) for s in board(state).spaces if s not in chosen)


c44s_pick, c44s_picked = pick_spaces(C44, c44s_fits, lambda s, sid: [])


def c44s_choices(state: GandhiState, data: C44) -> list[Action]:
    """#44 shaded: "Add up to 4 Guerrillas total to 2 spaces, then shift each of those
    spaces 1 level toward Active Opposition."  The executing Faction names the 2 spaces
    (``in ...``), then adds Guerrillas to them: Available ones only (5.1.1), placed
    Underground (1.4.3).  1.4.1 The Revolutionaries executing it may first remove their
    own Guerrillas from the map to Available (the IT tutorial, card 7, does so)."""
    chosen = data.spaces
    if len(chosen) < 2:
        return c44s_pick(state, data)
    wanted = 4 - data.added
    left = min(wanted, available(state, GUERRILLAS))
    out = [PLACE_COUNT_IN(count=n, piece=GUERRILLAS, space=sid)
           for sid in chosen for n in range(1, left + 1)]
    if wanted > left and OWNER[GUERRILLAS_ACTIVE] == data.executing:  # 1.4.1
        out += [REMOVE_COUNT_IN(count=1, piece=kind, space=sid)
                for sid in board(state).spaces for kind in GUERRILLA_KINDS
                if state.space(sid).count(kind)]
    return [*out, DONE] if out else []


def c44s_act(state: GandhiState, data: C44, action: Action, chance: Chance) -> list[Event]:
    if action.verb == REMOVE_COUNT_IN.name:
        return [guerrilla_removed(action["space"], action["piece"])]  # to Available, 1.4.1
    if action.verb != PLACE_COUNT_IN.name:
        return c44s_picked(state, data, action, chance)
    sid, count = action["space"], action["count"]
    return [PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=count),
            *note(C44(added=data.added + count))]


side("44", "shaded", c44s_choices, c44s_act, close=lambda s, d: shifts(s, d.spaces, -1))


# --- #45 Gandhi Calls for a Liquor Boycott ----------------------------------------------------


@card_data
class C45(Choices):
    """#45: the Faction made Ineligible (unshaded)."""

    prefix = "c45"
    chosen: str = ""


def c45u_choices(state: GandhiState, data: C45) -> list[Action]:
    """#45 unshaded: "Choose 1 Faction, which will be Ineligible for the next card.  The
    executing Faction stays Eligible." (5.0; the chosen Faction is another one, since the
    executing Faction stays Eligible.)"""
    if data.chosen:
        return []
    return [INELIGIBLE(faction=f) for f in FACTIONS if f != data.executing]


def c45u_act(state: GandhiState, data: C45, action: Action, chance: Chance) -> list[Event]:
    chosen = action["faction"]
    return [EligibilityMarked(faction=chosen, eligible=False), *note(C45(chosen=chosen))]


side("45", "unshaded", c45u_choices, c45u_act,
     before=lambda s, f: [EligibilityMarked(faction=f, eligible=True)])


def c45s_before(state: GandhiState, faction: str) -> list[Event]:
    """#45 shaded: "Raj Resources -3 for each Protest marker on the map." (1.8 not below
    0.)"""
    return resources(state, RAJ, -3 * protests_on_map(state))


side("45", "shaded", no_choices, lambda s, d, a, c: [], before=c45s_before)


# --- #46 Bardoli Satyagraha for Rent Relief --------------------------------------------------


@card_data
class C46(Picks):
    """#46: the States chosen."""

    prefix = "c46"


def c46u_fits(state: GandhiState, data: C46, sid: str) -> bool:
    """#46 unshaded: "Shift up to 3 Princely States 1 level each toward Active Support."
    (Printed Princely States only, not Muslim States, 1.3.5.)"""
    return board(state).space(sid).is_state and support_problem(state, sid, +1) is None


def c46s_fits(state: GandhiState, data: C46, sid: str) -> bool:
    """#46 shaded: "Shift up to 2 States 1 level each toward Active Opposition."  "States"
    (IT "Stati") are Princely States and Muslim States alike (1.3.5)."""
    return is_state(state, sid) and support_problem(state, sid, -1) is None


side("46", "unshaded", *pick_spaces(C46, c46u_fits, toward_support, most=3, optional=True,
                                    verb=SHIFT_IN))
side("46", "shaded", *pick_spaces(C46, c46s_fits, toward_opposition, most=2, optional=True,
                                  verb=SHIFT_IN))


# --- helpers for the sides below ----------------------------------------------------------


def remove_each(model: type[R], kinds: tuple[str, ...], fits: Fits[R], *, total: int = 5,
                per_space: int = 2) -> tuple[Chooser[R], Act[R]]:
    """Remove pieces one at a time: up to ``total`` in all, at most ``per_space`` from a
    space, of ``kinds`` from spaces that ``fits``; to Available (5.1.3)."""

    def choices(state: GandhiState, data: R) -> list[Action]:
        removed = data.removed
        if len(removed) >= total:
            return []
        out = [REMOVE_COUNT_IN(count=1, piece=kind, space=sid)
               for sid in board(state).spaces
               if removed.count(sid) < per_space and fits(state, data, sid)
               for kind in kinds if state.space(sid).count(kind)]
        return [*out, DONE] if out else []

    def act(state: GandhiState, data: R, action: Action, chance: Chance) -> list[Event]:
        sid = action["space"]
        return [PiecesRemoved(space=sid, kind=action["piece"], count=1, to="available"),
                *note(model(removed=[*data.removed, sid]))]

    return choices, act


# --- #30 Japan Occupies Indochina --------------------------------------------------------------


@card_data
class C30(Removals):
    """#30: the space of each piece removed."""

    prefix = "c30"


def c30u_fits(state: GandhiState, data: C30, sid: str) -> bool:
    """#30 unshaded: "Remove up to 5 Guerrillas or Activists from spaces with Raj Control,
    to Available, no more than 2 per space."  (Gandhi is not an Activist; Raj Control as
    the space stands when each piece is chosen.)"""
    return raj_control(state, sid)


side("30", "unshaded", *remove_each(C30, (GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND,
                                          CONGRESS_ACTIVISTS, ML_ACTIVISTS), c30u_fits))
# #30 shaded: "Remove up to 5 Sepoys from the map, no more than 2 per space."  (To
# Available, 5.1.3.)
side("30", "shaded", *remove_each(C30, (SEPOYS,), lambda s, d, sid: True))


# --- #35 Akali Movement Unites the Sikhs -----------------------------------------------------

PUNJAB = "punjab"


@card_data
class C35(Picks):
    """#35: the cubes placed (unshaded), the spaces chosen (shaded)."""

    prefix = "c35"
    placed: int = 0


def c35u_choices(state: GandhiState, data: C35) -> list[Action]:
    """#35 unshaded: "Place up to 6 cubes in Punjab."  Troops and/or Sepoys, Available only
    (5.1.1); no Troops if Punjab is a Muslim State (1.4.2)."""
    left = 6 - data.placed
    out = [PLACE_COUNT_IN(count=n, piece=kind, space=PUNJAB)
           for kind in (TROOPS, SEPOYS) if enters(state, kind, 1, PUNJAB)
           for n in range(1, min(left, available(state, kind)) + 1)]
    return [*out, DONE] if out else []


def c35u_act(state: GandhiState, data: C35, action: Action, chance: Chance) -> list[Event]:
    kind, count = action["piece"], action["count"]
    return [PiecesPlaced(space=PUNJAB, kind=kind, count=count),
            *note(C35(placed=data.placed + count))]


def c35s_choices(state: GandhiState, data: C35) -> list[Action]:
    """#35 shaded: "In up to 2 spaces, add 1 Protest or Unrest marker, then shift each of
    those spaces 1 level toward Active Opposition."  (One Protest per space, 5.1.1; an
    Unrest on a Railway is a Strike, 5.1.4, and a Railway has no Support to shift.)"""
    chosen = data.spaces
    if len(chosen) >= 2:
        return []
    spaces = [sid for sid in board(state).spaces if sid not in chosen]
    # 5.1.2 a space that can also shift (not a Railway, not at Active Opposition) first
    spaces = [sid for sid in spaces if shiftable(state, sid, -1)] or spaces
    out = [MARKER_IN(marker=marker, space=sid)
           for sid in spaces for marker in ("protest", "unrest")
           if marker_problem(state, marker, sid, True) is None]
    return [*out, DONE] if out else []


def c35s_act(state: GandhiState, data: C35, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    placed = protest(state, sid) if action["marker"] == "protest" else add_unrest(state, sid)
    return [*placed, *shifts(state, [sid], -1), *note(C35(spaces=[*data.spaces, sid]))]


side("35", "unshaded", c35u_choices, c35u_act)
side("35", "shaded", c35s_choices, c35s_act)


# --- #42 Assassination of Sir Michael O'Dwyer --------------------------------------------------


@card_data
class C42(Picks):
    """#42: the spaces chosen."""

    prefix = "c42"


def c42u_fits(state: GandhiState, data: C42, sid: str) -> bool:
    """#42 unshaded: "In up to 2 spaces with Guerrillas and Troops, remove all Active
    Guerrillas, then Activate the Underground Guerrillas."  (To Available, 5.1.3.)"""
    sp = state.space(sid)
    return bool(sp.count(TROOPS)) and bool(
        sp.count(GUERRILLAS_ACTIVE) + sp.count(GUERRILLAS_UNDERGROUND))


def c42u_does(state: GandhiState, sid: str) -> list[Event]:
    sp = state.space(sid)
    out: list[Event] = []
    if sp.count(GUERRILLAS_ACTIVE):
        out.append(PiecesRemoved(space=sid, kind=GUERRILLAS_ACTIVE,
                                 count=sp.count(GUERRILLAS_ACTIVE), to="available"))
    if sp.count(GUERRILLAS_UNDERGROUND):
        out.append(PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND,
                                 to_kind=GUERRILLAS_ACTIVE,
                                 count=sp.count(GUERRILLAS_UNDERGROUND)))
    return out


def c42s_choices(state: GandhiState, data: C42) -> list[Action]:
    """#42 shaded: "Remove 1 Troop or 3 Sepoys each from up to 2 spaces with an Unrest or
    Protest marker."  (To Available, 5.1.3; a space with fewer than 3 Sepoys loses those it
    has, 5.1.2.  A Strike is not an Unrest marker here.)"""
    chosen = data.spaces
    if len(chosen) >= 2:
        return []
    out, whole = [], []
    for sid in board(state).spaces:
        sp = state.space(sid)
        if sid in chosen or not (sp.unrest or sp.protest):
            continue
        if sp.count(TROOPS):
            out.append(REMOVE_COUNT_IN(count=1, piece=TROOPS, space=sid))
            whole.append(out[-1])
        if sp.count(SEPOYS):
            n = min(3, sp.count(SEPOYS))
            out.append(REMOVE_COUNT_IN(count=n, piece=SEPOYS, space=sid))
            if n == 3:
                whole.append(out[-1])
    out = whole or out  # 5.1.2 a whole "1 Troop or 3 Sepoys" first
    return [*out, DONE] if out else []


def c42s_act(state: GandhiState, data: C42, action: Action, chance: Chance) -> list[Event]:
    sid, kind = action["space"], action["piece"]
    count = 1 if kind == TROOPS else min(3, state.space(sid).count(SEPOYS))
    return [PiecesRemoved(space=sid, kind=kind, count=count, to="available"),
            *note(C42(spaces=[*data.spaces, sid]))]


side("42", "unshaded", *pick_spaces(C42, c42u_fits, c42u_does, most=2, optional=True))
side("42", "shaded", c42s_choices, c42s_act)


# --- #48 Harijan Campaign against Untouchability ------------------------------------------------


@card_data
class C48(Picks):
    """#48: the spaces chosen."""

    prefix = "c48"


def c48u_fits(state: GandhiState, data: C48, sid: str) -> bool:
    """#48 unshaded: "Shift up to 3 spaces without Congress Activists 1 level each toward
    Neutral."  (Spaces not at Neutral; Gandhi is not an Activist.)"""
    sp = state.space(sid)
    return (not board(state).space(sid).is_railway and sp.support != 0
            and not sp.count(CONGRESS_ACTIVISTS))


def toward_neutral(state: GandhiState, sid: str) -> list[Event]:
    return support(state, sid, -1 if state.space(sid).support > 0 else +1)


def c48s_choices(state: GandhiState, data: C48) -> list[Action]:
    """#48 shaded: "In 2 spaces with pieces of more than 1 Faction, either add an Unrest
    marker or shift it 1 level toward Passive Opposition."  (Per space, the executing
    Faction chooses; from Active Opposition the shift is to Passive Opposition; an Unrest
    on a Railway is a Strike, 5.1.4.)"""
    chosen = data.spaces
    if len(chosen) >= 2:
        return []
    out = []
    for sid in board(state).spaces:
        sp = state.space(sid)
        owners = {OWNER[kind] for kind, n in sp.pieces.items() if n}
        if sid in chosen or len(owners) < 2:
            continue
        if marker_problem(state, "unrest", sid, True) is None:
            out.append(UNREST_IN(space=sid))
        if toward_passive_opposition(state, sid):
            out.append(SHIFT_IN(space=sid))
    return out


def c48s_act(state: GandhiState, data: C48, action: Action, chance: Chance) -> list[Event]:
    sid = action["space"]
    done = (add_unrest(state, sid) if action.verb == UNREST_IN.name
            else support(state, sid, toward_passive_opposition(state, sid)))
    return [*done, *note(C48(spaces=[*data.spaces, sid]))]


side("48", "unshaded", *pick_spaces(C48, c48u_fits, toward_neutral, most=3, optional=True,
                                    verb=SHIFT_IN))
side("48", "shaded", c48s_choices, c48s_act)


# --- registration: a card is scripted only with both its sides --------------------------------

for _card in sorted({card for card, _ in SIDES}):
    assert (_card, "unshaded") in SIDES and (_card, "shaded") in SIDES, _card
    SCRIPTED[_card] = script
