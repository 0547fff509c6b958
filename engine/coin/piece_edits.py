"""The edits of a manual Event that every COIN game words the same (5.1): placing pieces
from a box, moving them, removing them to a box (each two decisions: ``place 2 police``
then ``in Kandahar``), marking a Faction Eligible or Ineligible for the next card (5.0)
and rolling a die.  A game builds them from its ``PieceRules`` and lists them among its
own kinds (``engine.coin.edits.Edits``).

What differs between games is in ``PieceRules``: where pieces may stand, the kinds a box
offers, where a kind may enter (stacking) and which box it may go to, and how many one
space could take."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.coin.edits import EditKind, EditsData, Pending, SecondKind, Values, pending
from engine.coin.effects import note
from engine.coin.events import (
    EligibilityMarked,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
)
from engine.coin.physical import Physical
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg

Problem = Msg | None
UNLIMITED = 10**6


def _no_problem(*args: Any) -> Problem:
    return None


def _unlimited(state: Any, kind: str, origin: str) -> int:
    return UNLIMITED


@dataclass(frozen=True)
class PieceRules:
    """One game's rules for the piece edits.

    - ``places(state)``: every space a piece may stand in, in map order;
    - ``map_kinds``: the piece kinds on the map, in the order the menus list them;
    - ``boxes``: the boxes pieces are placed from and removed to, ``box_kinds`` the kinds
      a box offers (``map_kind``/``box_kind`` turn one into the other: Gandhi's boxes hold
      "guerrillas", placed Underground; ADP's hold the map kinds' box kind);
    - ``entry(state, kind, n, space)``: why pieces may not enter there (1.4.2 stacking);
    - ``exit(kind, box)``: why a kind may not go to that box; ``source(kind, box)``: why
      a kind is not placed from it;
    - ``room(state, kind, origin)``: how many pieces of a kind one other space could take;
    - ``most``: the most pieces one edit places (a bounded menu)."""

    physical: Physical[Any]
    places: Callable[[Any], Iterable[str]]
    map_kinds: Sequence[str]
    boxes: Sequence[str]
    box_kinds: Sequence[str]
    entry: Callable[[Any, str, int, str], Problem]
    exit: Callable[[str, str], Problem] = _no_problem
    source: Callable[[str, str], Problem] = _no_problem
    map_kind: Callable[[str], str] = field(default=lambda kind: kind)
    box_kind: Callable[[str], str] = field(default=lambda kind: kind)
    room: Callable[[Any, str, str], int] = _unlimited
    most: int = UNLIMITED

    def on_map(self, state: Any) -> Iterator[tuple[str, str, int]]:
        """(space, map kind, count) for every piece on the map, in map order."""
        for sid in self.places(state):
            sp = state.spaces.get(sid)
            if sp is not None:
                for kind in self.map_kinds:
                    if sp.count(kind):
                        yield sid, kind, sp.count(kind)

    def room_problem(self, state: Any, kind: str, count: int, origin: str = "") -> Problem:
        if count <= self.room(state, kind, origin):
            return None
        return self.physical.reason("no_room", count=count, piece=self.physical.piece(kind))


class Place(EditKind):
    """``place 2 police [from casualties]``: pieces from a box (5.1.1)."""

    verb, names = "place_from", ("count", "piece", "box")
    first_of_two = True
    exact = True

    def __init__(self, rules: PieceRules) -> None:
        self.rules = rules

    def action(self, values: Values) -> Any:
        n, kind, box = values
        if box == "available":   # said without its box: ``place 2 police``
            return self.edits.vocabulary.verb("place_pieces")(count=n, piece=kind)
        return super().action(values)

    def values(self, action: Any) -> Values:
        return action["count"], action["piece"], action.get("box", "available")

    def candidates(self, state: Any) -> Iterator[Values]:
        r = self.rules
        for box in r.boxes:
            for kind in r.box_kinds:
                if r.source(kind, box) is None:
                    have = r.physical.in_box(state, box, r.box_kind(kind))
                    most = min(have, r.room(state, r.map_kind(kind), ""), r.most) if have else 0
                    for n in range(1, most + 1):
                        yield n, kind, box

    def problem(self, state: Any, values: Values) -> Problem:
        n, kind, box = values
        r = self.rules
        return (r.source(kind, box)
                or r.physical.supply_problem(state, box, r.box_kind(kind), n)
                or r.room_problem(state, r.map_kind(kind), n))

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        n, kind, box = values
        return note(EditsData(pending=("place", kind, n, box)))


class PlaceIn(SecondKind):
    """``in Kandahar``: where the pieces being placed go (1.4.2 stacking)."""

    verb, names = "in", ("space",)

    def __init__(self, rules: PieceRules) -> None:
        self.rules = rules

    def candidates(self, state: Any) -> Iterator[Values]:
        return ((sid,) for sid in self.rules.places(state))

    def check(self, state: Any, first: Pending, values: Values) -> Problem:
        _, kind, n, box = first
        r = self.rules
        return (r.physical.supply_problem(state, box, r.box_kind(kind), n)
                or r.entry(state, r.map_kind(kind), n, values[0]))

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, box = first
        return [PiecesPlaced(space=values[0], kind=self.rules.map_kind(kind), count=n,
                             source=box)]


class _FromMap(EditKind):
    """Pieces on the map: ``<verb> 1 police from Kabul``, then the second decision."""

    names = ("count", "piece", "space")
    first_of_two = True
    exact = True
    pending_verb = ""
    limited_by_room = False   # a move needs a space to go to; a removal does not

    def __init__(self, rules: PieceRules) -> None:
        self.rules = rules

    def candidates(self, state: Any) -> Iterator[Values]:
        for sid, kind, count in self.rules.on_map(state):
            most = min(count, self.rules.room(state, kind, sid)) if self.limited_by_room \
                else count
            for n in range(1, most + 1):
                yield n, kind, sid

    def problem(self, state: Any, values: Values) -> Problem:
        n, kind, sid = values
        return self.rules.physical.presence_problem(state, kind, n, sid) or (
            self.rules.room_problem(state, kind, n, sid) if self.limited_by_room else None)

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        n, kind, sid = values
        return note(EditsData(pending=(self.pending_verb, kind, n, sid)))


class Move(_FromMap):
    """``move 1 police from Kabul``, then ``to Herat``."""

    verb, pending_verb, limited_by_room = "move_from", "move", True


class Remove(_FromMap):
    """``remove 1 coalition_troops from Helmand``, then ``to casualties``."""

    verb, pending_verb = "remove_from", "remove"


class MoveTo(SecondKind):
    """``to Herat``: where the moving pieces go (1.4.2 stacking)."""

    verb, names = "to", ("space",)

    def __init__(self, rules: PieceRules) -> None:
        self.rules = rules

    def candidates(self, state: Any) -> Iterator[Values]:
        return ((sid,) for sid in self.rules.places(state))

    def check(self, state: Any, first: Pending, values: Values) -> Problem:
        _, kind, n, origin = first
        if values[0] == origin:
            return self.rules.physical.reason("same_space")
        return (self.rules.physical.presence_problem(state, kind, n, origin)
                or self.rules.entry(state, kind, n, values[0]))

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, origin = first
        return [PiecesMoved(kind=kind, count=n, origin=origin, destination=values[0])]


class RemoveTo(SecondKind):
    """``to available|<box>``: where the removed pieces go (5.1.3)."""

    verb, names = "to_box", ("box",)

    def __init__(self, rules: PieceRules) -> None:
        self.rules = rules

    def candidates(self, state: Any) -> Iterator[Values]:
        return ((box,) for box in self.rules.boxes)

    def check(self, state: Any, first: Pending, values: Values) -> Problem:
        _, kind, n, sid = first
        return (self.rules.physical.presence_problem(state, kind, n, sid)
                or self.rules.exit(kind, values[0]))

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, sid = first
        return [PiecesRemoved(space=sid, kind=kind, count=n, to=values[0])]


class Eligible(EditKind):
    """``eligible warlords``: 5.0 the Faction stays Eligible for the next card (applied
    when the card ends, 2.3.6)."""

    verb, names = "eligible", ("faction",)
    exact = True
    eligible = True

    def __init__(self, factions: Sequence[str]) -> None:
        self.factions = tuple(factions)

    def candidates(self, state: Any) -> Iterator[Values]:
        marked = state.turn.kept_eligible if self.eligible else state.turn.made_ineligible
        return ((f,) for f in self.factions if f not in marked)

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        return [EligibilityMarked(faction=values[0], eligible=self.eligible)]


class Ineligible(Eligible):
    """``ineligible coalition``: 5.0 the Faction is Ineligible for the next card."""

    verb = "ineligible"
    eligible = False


class Roll(EditKind):
    """``roll``: a die the card's text asks for (logged, DESIGN.md §3)."""

    verb = "roll"
    exact = True

    def candidates(self, state: Any) -> Iterator[Values]:
        yield ()

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        return [DieRolled(value=chance.roll(6), purpose="event")]


@dataclass(frozen=True)
class PieceEdits:
    """A game's piece edits, and how ``Edits`` pairs them: ``first`` by pending verb,
    ``second`` the kind completing each, ``aliases`` (``place 2 police``: from
    Available)."""

    place: Place
    move: Move
    remove: Remove
    second: dict[str, SecondKind]

    @classmethod
    def of(cls, rules: PieceRules) -> PieceEdits:
        return cls(Place(rules), Move(rules), Remove(rules),
                   {"place": PlaceIn(rules), "move": MoveTo(rules), "remove": RemoveTo(rules)})

    @property
    def first(self) -> dict[str, EditKind]:
        return {"place": self.place, "move": self.move, "remove": self.remove}

    @property
    def aliases(self) -> dict[str, EditKind]:
        return {"place_pieces": self.place}
