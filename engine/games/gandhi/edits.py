"""The primitive edits of a manual Event (DESIGN.md §1; rules 5.0-5.1).

The executing Faction carries out the card's text itself, one edit at a time, and the
engine checks only the physical rules (``engine.games.gandhi.physical``).  The machinery
(listing, reading, explaining, two-decision edits) is the shared ``engine.coin.edits``;
Gandhi's kinds of edit are here.  Each kind of edit is a small class: its verb of the
game's vocabulary and the slots its values fill,
the values it may take now (``candidates``), why given values are impossible
(``problem``) and its events.  Listing (values -> choices), acting and explaining
(choice -> values) go through the same verbs, so the three never disagree.

Placing, moving and removing pieces would list too many choices at once (kinds x counts
x spaces x spaces), so they take two decisions, like Redeploy (6.4): ``place 2 sepoys``
then ``in Punjab``; ``move 1 troop from Delhi`` then ``to Punjab``; ``remove 1 troop
from Delhi`` then ``to available``.  Everything else is one choice: ``flip 2 guerrillas
Bihar active``, ``free 1 congress activist from jail``, ``shift Bihar support``,
``marker protest Bihar on``, ``track unity +1``, ``resources raj -3``, ``eligible
congress``, ``ineligible raj``, ``roll``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.coin.edits import MAX_EDITS as MAX_EDITS  # the step reads it here too
from engine.coin.edits import EditKind, Edits, Values, pending
from engine.coin.edits import EditsData as EditsData  # the step reads it here too
from engine.coin.effects import note as note
from engine.coin.piece_edits import Eligible, Ineligible, PieceEdits, PieceRules, Roll
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board
from engine.games.gandhi.effects import resources, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    MarkerSet,
    PiecesFlipped,
)
from engine.games.gandhi.physical import (
    BASES,
    PHYSICAL,
    SUPPORT_MAX,
    SUPPORT_MIN,
    base_rooms,
    entry_problem,
    exit_problem,
    in_box,
    marker_problem,
    placed_marker,
    presence_problem,
    resources_problem,
    supply_problem,
    support_problem,
    track_problem,
    troop_spaces,
)
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    FACTIONS,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    INVENTORY,
    ML_ACTIVISTS,
    ML_BASES,
    NV_FACTIONS,
    RAJ,
    RESOURCES_MAX,
    REV_BASES,
    REVOLUTIONARIES,
    SEPOYS,
    TRACK_MAX,
    TRACK_MIN,
    TROOPS,
    activists_of,
)
from engine.games.gandhi.state import GandhiState, executing
from engine.games.gandhi.vocabulary import VOCABULARY

# --- the values the edits offer ----------------------------------------------------------

MAP_KINDS = (TROOPS, SEPOYS, CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI, GUERRILLAS_UNDERGROUND,
             GUERRILLAS_ACTIVE, ML_BASES, REV_BASES)
BOX_KINDS = (TROOPS, SEPOYS, CONGRESS_ACTIVISTS, ML_ACTIVISTS, GANDHI, GUERRILLAS, ML_BASES,
             REV_BASES)
BOXES = ("available", "out_of_play", "jail")
OFF_MAP = ("out_of_play", "jail")
ALL_KINDS = ("city", "province", "princely_state", "railway")
MARKER_SPACES = {"protest": ALL_KINDS, "unrest": ALL_KINDS,  # 1.10, 1.11 (5.1.4 Strike)
                 "strike": ("railway",), "muslim_state": ("province",)}  # 1.12, 1.3.5
DIRECTIONS = {1: "support", -1: "opposition"}
OTHER_SIDE = {GUERRILLAS_ACTIVE: GUERRILLAS_UNDERGROUND, GUERRILLAS_UNDERGROUND: GUERRILLAS_ACTIVE}
TRACKS = ("restraint", "unity")
PAYERS = (RAJ, REVOLUTIONARIES)  # 1.8 only these hold Resources

# slot values that mean something else to the rules: the word said <-> the value meant
SAID: dict[str, dict[Any, str]] = {"direction": DIRECTIONS, "switch": {True: "on", False: "off"}}


# --- helpers ----------------------------------------------------------------------------------


def map_kind(kind: str) -> str:
    """1.4.3 New Guerrillas are always placed Underground."""
    return GUERRILLAS_UNDERGROUND if kind == GUERRILLAS else kind


def most_entering(state: GandhiState, kind: str, origin: str = "") -> int:
    """How many pieces of ``kind`` one space other than ``origin`` could take (1.4.2: only
    Bases run out of room; Troops need a space that is not a State)."""
    if kind in BASES:
        return max(room for sid, room in base_rooms(state).items() if sid != origin)
    if kind == TROOPS and not any(sid != origin for sid in troop_spaces(state)):
        return 0
    return sum(INVENTORY.values())


def places(state: GandhiState) -> Iterator[str]:
    return iter(board(state).spaces)


PIECES = PieceEdits.of(PieceRules(
    PHYSICAL, places, MAP_KINDS, BOXES, BOX_KINDS, entry_problem, exit=exit_problem,
    map_kind=map_kind, room=most_entering))


def spaces_with_pieces(state: GandhiState) -> Iterator[tuple[str, str, int]]:
    """(space, map kind, count) for every piece on the map, in map order."""
    return PIECES.place.rules.on_map(state)


# --- the kinds of edit ------------------------------------------------------------------------


class Flip(EditKind):
    """``flip 2 guerrillas Bihar active``: Guerrillas to their Active or Underground side
    (1.4.3)."""

    verb, names = "flip", ("count", "space", "face")
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for sid, kind, count in spaces_with_pieces(state):
            if kind in OTHER_SIDE:
                for n in range(1, count + 1):
                    yield n, sid, OTHER_SIDE[kind]

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        n, sid, side = values
        return presence_problem(state, OTHER_SIDE[side], n, sid)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        n, sid, side = values
        return [PiecesFlipped(space=sid, kind=OTHER_SIDE[side], to_kind=side, count=n)]


class Free(EditKind):
    """``free 1 congress activists from jail``: pieces from Jail or Out of Play to
    Available.  3.3.1/2.3.3 Important: each Activist of the other NV Faction a NV Faction
    moves from Out of Play to Available shifts Unity +1 (also during Events)."""

    verb, names = "free", ("count", "piece", "box")
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for box in OFF_MAP:
            for kind in BOX_KINDS:
                for n in range(1, in_box(state, box, kind) + 1):
                    yield n, kind, box

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        n, kind, box = values
        return supply_problem(state, box, kind, n)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        n, kind, box = values
        events: list[Event] = [BoxTransfer(kind=kind, count=n, origin=box,
                                           destination="available")]
        faction = executing(state) or ""
        if (box == "out_of_play" and faction in NV_FACTIONS
                and kind in (CONGRESS_ACTIVISTS, ML_ACTIVISTS)
                and kind != activists_of(faction)):
            events += track(state, "unity", +n)
        return events


class Shift(EditKind):
    """``shift Bihar support|opposition``: one level (1.6.1)."""

    verb, names = "shift", ("space", "direction")
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for sid in board(state).non_railway:
            level = state.space(sid).support
            for delta in DIRECTIONS:
                if SUPPORT_MIN <= level + delta <= SUPPORT_MAX:
                    yield sid, delta

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        return support_problem(state, *values)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        return support(state, *values)


class Marker(EditKind):
    """``marker protest|unrest|strike|muslim state Bihar on|off``: one marker (1.10-1.12,
    1.3.5); an Unrest placed on a Railway is a Strike (5.1.4)."""

    verb, names = "marker", ("marker", "space", "switch")

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        b = board(state)
        for marker, kinds in MARKER_SPACES.items():
            for sid, space in b.spaces.items():
                if space.kind in kinds:
                    sp = state.space(sid)
                    there = sp.unrest > 0 if marker == "unrest" else getattr(sp, marker)
                    if not there or marker == "unrest":  # cheap first cut; problem() decides
                        yield marker, sid, True
                    if there:
                        yield marker, sid, False

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        return marker_problem(state, *values)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        marker, sid, on = values
        placed = placed_marker(state, marker, sid) if on else marker
        value = state.space(sid).unrest + (1 if on else -1) if placed == "unrest" else int(on)
        return [MarkerSet(space=sid, marker=placed, value=value)]


class Track(EditKind):
    """``track unity +1``: Restraint or Unity within 1-5 (5.1.4); a Crisis follows by
    itself when both reach 1 (6.8)."""

    verb, names = "track", ("track", "delta")
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for name in TRACKS:
            now = getattr(state, name)
            for delta in range(TRACK_MIN - now, TRACK_MAX - now + 1):
                if delta:
                    yield name, delta

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        name, delta = values
        return Msg("gandhi.reason.zero") if not delta else track_problem(state, name, delta)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        return track(state, *values)


class Resources(EditKind):
    """``resources raj -3``: Raj or Revolutionaries Resources within 0-50 (1.8)."""

    verb, names = "resources", ("faction", "delta")
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for faction in PAYERS:
            now = state.resources.get(faction, 0)
            for delta in range(-now, RESOURCES_MAX + 1 - now):
                if delta:
                    yield faction, delta

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        faction, delta = values
        return Msg("gandhi.reason.zero") if not delta else resources_problem(state, *values)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        return resources(state, *values)


MENU: tuple[EditKind, ...] = (PIECES.place, PIECES.move, PIECES.remove, Flip(), Free(), Shift(),
                              Marker(), Track(), Resources(), Eligible(FACTIONS),
                              Ineligible(FACTIONS), Roll())
# an edit and its second half said in one go (``place 2 sepoys in Punjab``): never offered,
# read only to explain that it takes two steps
WHOLE = {"place_count_in": ("place", ("count", "piece"), ("space",)),
         "place_from_in": ("place", ("count", "piece", "box"), ("space",)),
         "move_from_to": ("move", ("count", "piece", "space"), ("destination",)),
         "remove_from_to": ("remove", ("count", "piece", "space"), ("box",))}


# --- listing, reading and explaining: the shared machinery (``engine.coin.edits``) ----------


def position_key(state: GandhiState) -> tuple[Any, ...]:
    """Everything the edits' candidates read: the same key, the same menu.  (The front
    ends and the flow ask the same position several times per command.)"""
    spaces = tuple((sid, tuple(sp.pieces.items()), sp.support, sp.protest, sp.unrest,
                    sp.strike, sp.muslim_state) for sid, sp in state.spaces.items())
    return (spaces, tuple(state.jail.items()), tuple(state.out_of_play.items()),
            state.restraint, state.unity, tuple(state.resources.items()),
            tuple(state.turn.kept_eligible), tuple(state.turn.made_ineligible),
            state.options.get("gujarat"), repr(pending(state)))


EDITS: Edits[GandhiState] = Edits(
    VOCABULARY, "gandhi", MENU, second=PIECES.second, first=PIECES.first,
    aliases=PIECES.aliases,   # ``place 2 sepoys``: from Available
    whole=WHOLE, said=SAID, position_key=position_key)
said, meant = EDITS.said, EDITS.meant
offered, actions, menu = EDITS.offered, EDITS.actions, EDITS.menu
kind_of, read, explain_edit = EDITS.kind_of, EDITS.read, EDITS.explain
