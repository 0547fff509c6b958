"""The primitive edits of a manual Event (DESIGN.md §1; rules 5.0-5.1).

The executing Faction carries out the card's text itself, one edit at a time, and the
engine checks only the physical rules (``engine.games.gandhi.physical``).  Each kind of
edit is a small class: its canonical text as a row of slots, the values it may take now
(``candidates``), why given values are impossible (``problem``) and its events.  One
grammar serves listing (values -> text), acting and explaining (text -> values), so the
three never disagree.

Slots: a literal word; ``#`` a count (``2``); ``±`` a signed amount (``+3``); ``@name``
a phrase from a vocabulary (value -> phrase, e.g. ``@space``: ``punjab`` -> ``Punjab``).

Placing, moving and removing pieces would list too many texts at once (kinds x counts x
spaces x spaces), so they take two decisions, like Redeploy (6.4): ``place 2 sepoys``
then ``in Punjab``; ``move 1 troops Delhi`` then ``to Punjab``; ``remove 1 troops Delhi``
then ``to available``.  Everything else is one text: ``flip 2 guerrillas Bihar active``,
``free 1 congress activists from jail``, ``shift Bihar support``, ``marker protest Bihar
on``, ``track unity +1``, ``resources raj -3``, ``eligible congress``, ``ineligible raj``,
``roll``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import board
from engine.games.gandhi.effects import note, resources, support, track
from engine.games.gandhi.events import (
    BoxTransfer,
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.games.gandhi.names import space_texts
from engine.games.gandhi.physical import (
    BASES,
    SUPPORT_MAX,
    SUPPORT_MIN,
    base_rooms,
    entry_problem,
    exit_problem,
    in_box,
    marker_problem,
    piece,
    placed_marker,
    presence_problem,
    resources_problem,
    supply_problem,
    support_problem,
    track_problem,
    troop_spaces,
)
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    INVENTORY,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
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
from engine.games.gandhi.state import GandhiState

Values = tuple[Any, ...]
Pending = Sequence[Any]  # [verb, box kind or map kind, count, box or origin space]

MAX_EDITS = 60  # a safety valve far above any card's needs; then only ``done`` is offered

# --- vocabularies: value -> phrase --------------------------------------------------------

MAP_WORDS = {TROOPS: "troops", SEPOYS: "sepoys", CONGRESS_ACTIVISTS: "congress activists",
             ML_ACTIVISTS: "league activists", GANDHI: "Gandhi",
             GUERRILLAS_UNDERGROUND: "underground guerrillas",
             GUERRILLAS_ACTIVE: "active guerrillas", ML_BASES: "league bases",
             REV_BASES: "revolutionary bases"}
BOX_WORDS = {TROOPS: "troops", SEPOYS: "sepoys", CONGRESS_ACTIVISTS: "congress activists",
             ML_ACTIVISTS: "league activists", GANDHI: "Gandhi", GUERRILLAS: "guerrillas",
             ML_BASES: "league bases", REV_BASES: "revolutionary bases"}
FROM_BOX = {"available": "", "out_of_play": "from out of play", "jail": "from jail"}
OFF_MAP = {"out_of_play": "from out of play", "jail": "from jail"}
TO_BOX = {"available": "available", "out_of_play": "out of play", "jail": "jail"}
MARKERS = {"protest": "protest", "unrest": "unrest", "strike": "strike",
           "muslim_state": "muslim state"}
ON_OFF = {True: "on", False: "off"}
ALL_KINDS = ("city", "province", "princely_state", "railway")
MARKER_SPACES = {"protest": ALL_KINDS, "unrest": ALL_KINDS,  # 1.10, 1.11 (5.1.4 Strike)
                 "strike": ("railway",), "muslim_state": ("province",)}  # 1.12, 1.3.5
DIRECTIONS = {1: "support", -1: "opposition"}
SIDES = {GUERRILLAS_ACTIVE: "active", GUERRILLAS_UNDERGROUND: "underground"}
OTHER_SIDE = {GUERRILLAS_ACTIVE: GUERRILLAS_UNDERGROUND, GUERRILLAS_UNDERGROUND: GUERRILLAS_ACTIVE}
TRACKS = {"restraint": "restraint", "unity": "unity"}
PAYERS = {RAJ: "raj", REVOLUTIONARIES: "revolutionaries"}  # 1.8 only these hold Resources
FACTION_WORDS = {RAJ: "raj", CONGRESS: "congress", MUSLIM_LEAGUE: "muslim league",
                 REVOLUTIONARIES: "revolutionaries"}

Vocab = Callable[[GandhiState], Mapping[Any, str]]
VOCABS: dict[str, Vocab] = {
    "@map_kind": lambda s: MAP_WORDS, "@box_kind": lambda s: BOX_WORDS,
    "@from_box": lambda s: FROM_BOX, "@off_map": lambda s: OFF_MAP, "@to_box": lambda s: TO_BOX,
    "@space": lambda s: space_texts(board(s)), "@marker": lambda s: MARKERS,
    "@on_off": lambda s: ON_OFF, "@direction": lambda s: DIRECTIONS, "@side": lambda s: SIDES,
    "@track": lambda s: TRACKS, "@payer": lambda s: PAYERS, "@faction": lambda s: FACTION_WORDS,
}


# --- the grammar: values <-> text -----------------------------------------------------------


Part = Callable[[Any], str] | str


def compile_slots(state: GandhiState, slots: Sequence[str]) -> list[Part]:
    """Each slot as a literal or as a function of its value (vocabularies looked up once)."""
    parts: list[Part] = []
    for slot in slots:
        if slot == "#":
            parts.append(str)
        elif slot == "±":
            parts.append("{:+d}".format)
        elif slot.startswith("@"):
            parts.append(VOCABS[slot](state).__getitem__)
        else:
            parts.append(slot)
    return parts


def render_parts(parts: Sequence[Part], values: Values) -> str:
    out: list[str] = []
    given = iter(values)
    for part in parts:
        word = part if isinstance(part, str) else part(next(given))
        if word:  # an empty phrase (``place 2 sepoys`` from Available) adds no word
            out.append(word)
    return " ".join(out)


def render(state: GandhiState, slots: Sequence[str], values: Values) -> str:
    return render_parts(compile_slots(state, slots), values)


def _number(word: str, signed: bool) -> int | None:
    body = word[1:] if signed and word[:1] in "+-" else word
    if not body.isdigit() or (signed and body == word):
        return None
    return -int(body) if word.startswith("-") else int(body)


def match(state: GandhiState, slots: Sequence[str], words: Sequence[str]) -> Values | None:
    """The values ``words`` (lower case) give the slots, or None (backtracks over phrases)."""
    if not slots:
        return () if not words else None
    slot, rest = slots[0], slots[1:]
    if slot in ("#", "±"):
        number = _number(words[0], slot == "±") if words else None
        tail = None if number is None else match(state, rest, words[1:])
        return None if tail is None else (number, *tail)
    if not slot.startswith("@"):
        return match(state, rest, words[1:]) if list(words[:1]) == [slot] else None
    for value, phrase in VOCABS[slot](state).items():
        said = phrase.lower().split()
        if list(words[:len(said)]) == said:
            tail = match(state, rest, words[len(said):])
            if tail is not None:
                return (value, *tail)
    return None


def placeholders(slots: Sequence[str]) -> int:
    return sum(s in ("#", "±") or s.startswith("@") for s in slots)


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


def room_problem(state: GandhiState, kind: str, count: int, origin: str = "") -> Msg | None:
    if count <= most_entering(state, kind, origin):
        return None
    return Msg("gandhi.reason.no_room", count=count, piece=piece(kind))


def spaces_with_pieces(state: GandhiState) -> Iterator[tuple[str, str, int]]:
    """(space, map kind, count) for every piece on the map, in map order."""
    for sid in board(state).spaces:
        sp = state.spaces.get(sid)
        if sp is not None:
            for kind in MAP_WORDS:
                if sp.count(kind):
                    yield sid, kind, sp.count(kind)


def pending(state: GandhiState) -> Pending | None:
    value: Pending | None = state.step.data.get("pending")
    return value


# --- the kinds of edit ------------------------------------------------------------------------


class EditKind:
    """One kind of edit.  ``first_of_two``: it only opens the second decision."""

    slots: ClassVar[tuple[str, ...]] = ()
    first_of_two: ClassVar[bool] = False
    exact: ClassVar[bool] = False  # every candidate is legal (listing skips ``problem``)

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        return iter(())

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        return None

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        return []


class SecondKind(EditKind):
    """The second decision of a place/move/remove; ``check`` takes the first one given."""

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        first = pending(state)
        return None if first is None else self.check(state, first, values)

    def check(self, state: GandhiState, first: Pending, values: Values) -> Msg | None:
        return None


class Place(EditKind):
    """``place 2 sepoys [from out of play|from jail]``: pieces from a box (5.1.1)."""

    slots = ("place", "#", "@box_kind", "@from_box")
    first_of_two = True

    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for box in FROM_BOX:
            for kind in BOX_WORDS:
                have = in_box(state, box, kind)
                most = min(have, most_entering(state, map_kind(kind))) if have else 0
                for n in range(1, most + 1):
                    yield n, kind, box

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        n, kind, box = values
        return supply_problem(state, box, kind, n) or room_problem(state, map_kind(kind), n)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        n, kind, box = values
        return note(pending=["place", kind, n, box])


class PlaceIn(SecondKind):
    """``in Punjab``: Troops never into States, Bases within Pop (1.4.2, 5.1.4)."""

    slots = ("in", "@space")

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        return ((sid,) for sid in board(state).spaces)

    def check(self, state: GandhiState, first: Pending, values: Values) -> Msg | None:
        _, kind, n, box = first
        (sid,) = values
        return supply_problem(state, box, kind, n) or entry_problem(state, map_kind(kind), n, sid)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, box = first
        return [PiecesPlaced(space=values[0], kind=map_kind(kind), count=n, source=box)]


class Move(EditKind):
    """``move 1 troops Delhi``: pieces on the map, then where to."""

    slots = ("move", "#", "@map_kind", "@space")
    first_of_two = True
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for sid, kind, count in spaces_with_pieces(state):
            for n in range(1, min(count, most_entering(state, kind, sid)) + 1):
                yield n, kind, sid

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        n, kind, sid = values
        return presence_problem(state, kind, n, sid) or room_problem(state, kind, n, sid)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        n, kind, sid = values
        return note(pending=["move", kind, n, sid])


class MoveTo(SecondKind):
    """``to Punjab``: Troops never into States, Bases within Pop (1.4.2)."""

    slots = ("to", "@space")

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        return ((sid,) for sid in board(state).spaces)

    def check(self, state: GandhiState, first: Pending, values: Values) -> Msg | None:
        _, kind, n, origin = first
        (sid,) = values
        if sid == origin:
            return Msg("gandhi.reason.same_space")
        return presence_problem(state, kind, n, origin) or entry_problem(state, kind, n, sid)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, origin = first
        return [PiecesMoved(kind=kind, count=n, origin=origin, destination=values[0])]


class Remove(EditKind):
    """``remove 1 troops Delhi``: pieces off the map, then to which box (5.1.3)."""

    slots = ("remove", "#", "@map_kind", "@space")
    first_of_two = True
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for sid, kind, count in spaces_with_pieces(state):
            for n in range(1, count + 1):
                yield n, kind, sid

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        n, kind, sid = values
        return presence_problem(state, kind, n, sid)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        n, kind, sid = values
        return note(pending=["remove", kind, n, sid])


class RemoveTo(SecondKind):
    """``to available|out of play|jail``: 5.1.3 removed pieces go to Available, arrested
    ones to Jail, and only a text that says so sends pieces Out of Play."""

    slots = ("to", "@to_box")

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        return ((box,) for box in TO_BOX)

    def check(self, state: GandhiState, first: Pending, values: Values) -> Msg | None:
        _, kind, n, sid = first
        return presence_problem(state, kind, n, sid) or exit_problem(kind, values[0])

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, sid = first
        return [PiecesRemoved(space=sid, kind=kind, count=n, to=values[0])]


class Flip(EditKind):
    """``flip 2 guerrillas Bihar active``: Guerrillas to their Active or Underground side
    (1.4.3)."""

    slots = ("flip", "#", "guerrillas", "@space", "@side")
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

    slots = ("free", "#", "@box_kind", "@off_map")
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        for box in OFF_MAP:
            for kind in BOX_WORDS:
                for n in range(1, in_box(state, box, kind) + 1):
                    yield n, kind, box

    def problem(self, state: GandhiState, values: Values) -> Msg | None:
        n, kind, box = values
        return supply_problem(state, box, kind, n)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        n, kind, box = values
        events: list[Event] = [BoxTransfer(kind=kind, count=n, origin=box,
                                           destination="available")]
        executing = state.step.data.get("executing", "")
        if (box == "out_of_play" and executing in NV_FACTIONS
                and kind in (CONGRESS_ACTIVISTS, ML_ACTIVISTS)
                and kind != activists_of(executing)):
            events += track(state, "unity", +n)
        return events


class Shift(EditKind):
    """``shift Bihar support|opposition``: one level (1.6.1)."""

    slots = ("shift", "@space", "@direction")
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

    slots = ("marker", "@marker", "@space", "@on_off")

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

    slots = ("track", "@track", "±")
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

    slots = ("resources", "@payer", "±")
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


class Eligible(EditKind):
    """``eligible congress``: 5.0 the Faction stays Eligible for the next card (applied
    when the card ends, 2.3.6)."""

    slots = ("eligible", "@faction")
    exact = True
    eligible: ClassVar[bool] = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        marked = state.turn.kept_eligible if self.eligible else state.turn.made_ineligible
        return ((f,) for f in FACTION_WORDS if f not in marked)

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        return [EligibilityMarked(faction=values[0], eligible=self.eligible)]


class Ineligible(Eligible):
    """``ineligible raj``: 5.0 the Faction is Ineligible for the next card."""

    slots = ("ineligible", "@faction")
    eligible = False


class Roll(EditKind):
    """``roll``: a die for a text that asks for one (the roll is logged, DESIGN.md §3)."""

    slots = ("roll",)
    exact = True

    def candidates(self, state: GandhiState) -> Iterator[Values]:
        yield ()

    def events(self, state: GandhiState, values: Values, chance: Chance) -> list[Event]:
        return [DieRolled(value=chance.roll(6), purpose="event")]


MENU: tuple[EditKind, ...] = (Place(), Move(), Remove(), Flip(), Free(), Shift(), Marker(),
                              Track(), Resources(), Eligible(), Ineligible(), Roll())
SECOND: dict[str, SecondKind] = {"place": PlaceIn(), "move": MoveTo(), "remove": RemoveTo()}
FIRST: dict[str, EditKind] = {kind.slots[0]: kind for kind in MENU if kind.first_of_two}


# --- listing, reading and explaining -------------------------------------------------------


def offered(state: GandhiState) -> tuple[EditKind, ...]:
    """What may be said now: the second half of a started edit, or the menu."""
    first = pending(state)
    return (SECOND[first[0]],) if first is not None else MENU


_ACTIONS: dict[tuple[tuple[str, ...], Values], Action] = {}  # bounded: finitely many values


def actions(state: GandhiState, kind: EditKind) -> Iterator[Action]:
    """Every legal edit of ``kind`` now.  An ``exact`` kind's candidates are all legal
    (the tests check it), so listing skips ``problem`` for it; the action of given
    values never changes (vocabularies are fixed), so it is made once."""
    parts: list[Part] | None = None
    for values in kind.candidates(state):
        if kind.exact or kind.problem(state, values) is None:
            key = (kind.slots, values)
            action = _ACTIONS.get(key)
            if action is None:
                parts = parts or compile_slots(state, kind.slots)
                action = _ACTIONS[key] = Action(render_parts(parts, values))
            yield action


_MENUS: dict[tuple[Any, ...], tuple[Action, ...]] = {}
MENU_CACHE = 64


def position_key(state: GandhiState) -> tuple[Any, ...]:
    """Everything the edits' candidates read: the same key, the same menu.  (The front
    ends and the flow ask the same position several times per command.)"""
    spaces = tuple((sid, tuple(sp.pieces.items()), sp.support, sp.protest, sp.unrest,
                    sp.strike, sp.muslim_state) for sid, sp in state.spaces.items())
    return (spaces, tuple(state.jail.items()), tuple(state.out_of_play.items()),
            state.restraint, state.unity, tuple(state.resources.items()),
            tuple(state.turn.kept_eligible), tuple(state.turn.made_ineligible),
            state.options.get("gujarat"), repr(pending(state)))


def menu(state: GandhiState) -> tuple[Action, ...]:
    """Every legal edit now (the second half of a started one, or the menu)."""
    key = position_key(state)
    listed = _MENUS.get(key)
    if listed is None:
        if len(_MENUS) >= MENU_CACHE:
            _MENUS.clear()
        listed = _MENUS[key] = tuple(a for kind in offered(state) for a in actions(state, kind))
    return listed


def read(state: GandhiState, text: str) -> tuple[EditKind, Values]:
    """The edit a listed text stands for."""
    said = text.lower().split()
    for kind in offered(state):
        values = match(state, kind.slots, said)
        if values is not None:
            return kind, values
    raise ValueError(f"not an edit now: {text}")


def explain_edit(state: GandhiState, typed: Sequence[str]) -> Msg | None:
    """Why a typed edit is impossible now; a whole ``place 2 troops in Punjab`` is
    checked too, and if it is possible the player is told to say it in two steps."""
    said = [w.lower() for w in typed]
    for kind in offered(state):
        values = match(state, kind.slots, said)
        if values is not None:
            return kind.problem(state, values)
    return None if pending(state) is not None else _explain_whole(state, said)


def _explain_whole(state: GandhiState, said: list[str]) -> Msg | None:
    for verb, first in FIRST.items():
        second = SECOND[verb]
        values = match(state, first.slots + second.slots, said)
        if values is None:
            continue
        cut = placeholders(first.slots)
        head, tail = values[:cut], values[cut:]
        problem = first.problem(state, head)
        if problem is None:
            opened = [verb, head[1], head[0], head[2]]
            problem = second.check(state, opened, tail) or Msg(
                "gandhi.reason.two_steps", first=render(state, first.slots, head),
                second=render(state, second.slots, tail))
        return problem
    return None
