"""The primitive edits of A Distant Plain's manual Events (DESIGN.md §1; rules 5.0-5.1).

Every card is ``manual``: the executing Faction carries out the card's text itself, one
edit at a time, and the engine checks only the physical rules (``physical``).  The
machinery is the shared ``engine.coin.edits`` / ``engine.coin.eventstep``; ADP's kinds of
edit are here.  Placing, moving and removing take two decisions: ``place 2 police`` then
``in Kandahar``; ``move 1 taliban_underground from Zabol`` then ``to Kandahar``; ``remove 1
coalition_troops from Helmand`` then ``to casualties``.  The others are one choice:
``flip 2 taliban_underground in Zabol``, ``shift Kabul toward support``, ``marker terror
Helmand on``, ``track islamabad -1``, ``resources taliban +2``, ``eligible warlords``,
``ineligible coalition``, ``capability``, ``momentum``, ``roll``, and the free Operation
or Special Activity an Event grants (``free sweep for government``, ``free suborn for
warlords``: ``engine.games.adp.free``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.coin.edits import EditKind, Edits, EditsData, Pending, SecondKind, Values, pending
from engine.coin.effects import note
from engine.coin.events import (
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesPlaced,
    PiecesRemoved,
    SupportShifted,
    TrackSet,
)
from engine.coin.eventstep import EventSteps, ManualData
from engine.core.chance import Chance
from engine.core.events import DieRolled, Event
from engine.core.messages import Msg
from engine.games.adp.derived import board
from engine.games.adp.events import CapabilitySet, MomentumAdded
from engine.games.adp.flow import EFFECTS, FLOW
from engine.games.adp.free import FreeActivity, FreeOperation
from engine.games.adp.physical import (
    PHYSICAL,
    entry_problem,
    marker_problem,
    piece,
    support_problem,
)
from engine.games.adp.setup import card
from engine.games.adp.spec import FACTIONS, GUERRILLAS, MAP_KINDS, SPEC
from engine.games.adp.state import STEP_MODELS, AdpState
from engine.games.adp.turn import TURN, card_label
from engine.games.adp.vocabulary import VOCABULARY

BOXES = ("available", "casualties", "out_of_game")
COALITION_ONLY = ("casualties", "out_of_game")   # 3.3.3, 6.6: Coalition pieces only
FLIPS = {u: a for u, a in GUERRILLAS.values()} | {a: u for u, a in GUERRILLAS.values()}
PLACED = tuple(k for k in MAP_KINDS if k not in {a for _, a in GUERRILLAS.values()})
DIRECTIONS = {1: "support", -1: "opposition"}
TRACKS = ("aid", "patronage", "islamabad")
PAYERS = ("government", "taliban", "warlords")    # 1.8 the Coalition has no Resources
# the choices offered at once (a larger change is several edits): a manual Event's menu is
# listed, labelled and described in full at every edit
MOST_PLACED = 6
DELTAS = (-10, -6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 10)
SAID: dict[str, dict[Any, str]] = {"direction": DIRECTIONS,
                                   "switch": {True: "on", False: "off"}}


def places() -> tuple[str, ...]:
    b = board()
    return (*b.spaces, *b.locs)


def with_pieces(state: AdpState) -> Iterator[tuple[str, str, int]]:
    for sid in places():
        sp = state.spaces.get(sid)
        if sp is not None:
            for kind in MAP_KINDS:
                if sp.count(kind):
                    yield sid, kind, sp.count(kind)


def box_problem(kind: str, box: str) -> Msg | None:
    if box in COALITION_ONLY and SPEC.owner(kind) != "coalition":
        return Msg("adp.reason.coalition_box", box=Msg(f"adp.box.{box}"))
    return None


class Place(EditKind):
    """``place 2 police [from casualties]``: pieces from a box (5.1.1); Guerrillas are
    placed Underground (1.4.3)."""

    verb, names = "place_from", ("count", "piece", "box")
    first_of_two = True
    exact = True

    def action(self, values: Values) -> Any:
        n, kind, box = values
        if box == "available":
            return VOCABULARY.verb("place_pieces")(count=n, piece=kind)
        return super().action(values)

    def values(self, action: Any) -> Values:
        return action["count"], action["piece"], action.get("box", "available")

    def candidates(self, state: AdpState) -> Iterator[Values]:
        for box in BOXES:
            for kind in PLACED:
                if box_problem(kind, box) is None:
                    have = PHYSICAL.in_box(state, box, SPEC.box_kind(kind))
                    for n in range(1, min(have, MOST_PLACED) + 1):
                        yield n, kind, box

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        n, kind, box = values
        return (box_problem(kind, box)
                or PHYSICAL.supply_problem(state, box, SPEC.box_kind(kind), n))

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        n, kind, box = values
        return note(EditsData(pending=("place", kind, n, box)))


class PlaceIn(SecondKind):
    verb, names = "in", ("space",)

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((sid,) for sid in places())

    def check(self, state: AdpState, first: Pending, values: Values) -> Msg | None:
        _, kind, n, box = first
        return (PHYSICAL.supply_problem(state, box, SPEC.box_kind(kind), n)
                or entry_problem(state, kind, n, values[0]))

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, box = first
        return [PiecesPlaced(space=values[0], kind=kind, count=n, source=box)]


class Move(EditKind):
    """``move 1 police from Kabul``, then ``to Herat``."""

    verb, names = "move_from", ("count", "piece", "space")
    first_of_two = True
    exact = True

    def candidates(self, state: AdpState) -> Iterator[Values]:
        for sid, kind, count in with_pieces(state):
            for n in range(1, count + 1):
                yield n, kind, sid

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        n, kind, sid = values
        return PHYSICAL.presence_problem(state, kind, n, sid)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        n, kind, sid = values
        return note(EditsData(pending=("move", kind, n, sid)))


class MoveTo(SecondKind):
    verb, names = "to", ("space",)

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((sid,) for sid in places())

    def check(self, state: AdpState, first: Pending, values: Values) -> Msg | None:
        _, kind, n, origin = first
        if values[0] == origin:
            return Msg("adp.reason.same_space")
        return (PHYSICAL.presence_problem(state, kind, n, origin)
                or entry_problem(state, kind, n, values[0]))

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, origin = first
        return [PiecesMoved(kind=kind, count=n, origin=origin, destination=values[0])]


class Remove(EditKind):
    """``remove 1 coalition_troops from Helmand``, then ``to casualties``."""

    verb, names = "remove_from", ("count", "piece", "space")
    first_of_two = True
    exact = True

    def candidates(self, state: AdpState) -> Iterator[Values]:
        for sid, kind, count in with_pieces(state):
            for n in range(1, count + 1):
                yield n, kind, sid

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        n, kind, sid = values
        return PHYSICAL.presence_problem(state, kind, n, sid)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        n, kind, sid = values
        return note(EditsData(pending=("remove", kind, n, sid)))


class RemoveTo(SecondKind):
    """``to available|casualties|out_of_game``: only Coalition pieces go to Casualties
    (3.3.3) or out of the game."""

    verb, names = "to_box", ("box",)

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((box,) for box in BOXES)

    def check(self, state: AdpState, first: Pending, values: Values) -> Msg | None:
        _, kind, n, sid = first
        return PHYSICAL.presence_problem(state, kind, n, sid) or box_problem(kind, values[0])

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        first = pending(state)
        assert first is not None
        _, kind, n, sid = first
        return [PiecesRemoved(space=sid, kind=kind, count=n, to=values[0])]


class Flip(EditKind):
    """``flip 2 taliban_underground in Zabol``: to the other side (1.4.3)."""

    verb, names = "flip", ("count", "piece", "space")
    exact = True

    def candidates(self, state: AdpState) -> Iterator[Values]:
        for sid, kind, count in with_pieces(state):
            if kind in FLIPS:
                for n in range(1, count + 1):
                    yield n, kind, sid

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        n, kind, sid = values
        if kind not in FLIPS:
            return Msg("adp.reason.not_guerrillas")
        return PHYSICAL.presence_problem(state, kind, n, sid)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        n, kind, sid = values
        return [PiecesFlipped(space=sid, kind=kind, to_kind=FLIPS[kind], count=n)]


class Shift(EditKind):
    """``shift Kabul toward support``: 1 level (1.6)."""

    verb, names = "shift", ("space", "direction")

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((sid, d) for sid in board().spaces for d in DIRECTIONS)

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        sid, delta = values
        return support_problem(state, sid, delta)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        sid, delta = values
        before = state.space(sid).support
        return [SupportShifted(space=sid, level=before + delta, before=before)]


class Marker(EditKind):
    """``marker terror Helmand on`` adds one Terror marker, ``off`` removes one; Sabotage
    and +1 Pop are on or off."""

    verb, names = "marker", ("marker", "space", "switch")

    def candidates(self, state: AdpState) -> Iterator[Values]:
        for marker in ("terror", "sabotage", "returnees"):
            for sid in places():
                for on in (True, False):
                    yield marker, sid, on

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        marker, sid, on = values
        return marker_problem(state, marker, sid, on)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        marker, sid, on = values
        value = state.space(sid).terror + (1 if on else -1) if marker == "terror" else int(on)
        return [MarkerSet(space=sid, marker=marker, value=value)]


def islamabad_shift(state: AdpState, delta: int) -> list[Event]:
    """6.6.1 A shift beyond either end flips the marker to Hard instead (or leaves it
    Hard); a Hard marker moves normally."""
    after = state.islamabad + delta
    if SPEC.tracks["islamabad"].holds(after):
        return [TrackSet(track="islamabad", value=after, before=state.islamabad)]
    return EFFECTS.track(state, "islamabad_hard", 1)


class Track(EditKind):
    """``track aid +3``: Aid and Patronage within bounds (1.8); Islamabad 1 box at a time,
    Hard beyond its ends (6.6.1)."""

    verb, names = "track", ("track", "delta")

    def candidates(self, state: AdpState) -> Iterator[Values]:
        for track in TRACKS:
            for d in (-1, 1) if track == "islamabad" else DELTAS:
                yield track, d

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        track, delta = values
        if track == "islamabad":
            return None if delta in (-1, 1) else Msg("adp.reason.islamabad_steps")
        return PHYSICAL.track_problem(state, track, delta)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        track, delta = values
        if track == "islamabad":
            return islamabad_shift(state, delta)
        return EFFECTS.track(state, track, delta)


class Resources(EditKind):
    """``resources taliban +2`` (the Coalition has none: 1.8)."""

    verb, names = "resources", ("faction", "delta")

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((f, d) for f in PAYERS for d in DELTAS)

    def problem(self, state: AdpState, values: Values) -> Msg | None:
        faction, delta = values
        if faction not in PAYERS:
            return Msg("adp.reason.no_resources")
        return PHYSICAL.resources_problem(state, faction, delta)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        faction, delta = values
        return EFFECTS.resources(state, faction, delta)


class Eligible(EditKind):
    """``eligible warlords``: 5.0 a Faction stays Eligible for the next card."""

    verb, names = "eligible", ("faction",)
    exact = True
    eligible = True

    def candidates(self, state: AdpState) -> Iterator[Values]:
        return ((f,) for f in FACTIONS)

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        return [EligibilityMarked(faction=values[0], eligible=self.eligible)]


class Ineligible(Eligible):
    verb, names = "ineligible", ("faction",)
    eligible = False


def executed(state: AdpState) -> tuple[str, str]:
    data = state.step.of(ManualData)
    return data.card, data.side


class Capability(EditKind):
    """``capability``: 5.3 this card's Capability comes into effect, on the side executed
    (offered on the cards the deck marks as Capabilities)."""

    verb = "capability"

    def candidates(self, state: AdpState) -> Iterator[Values]:
        cid, side = executed(state)
        if card(cid).capability is not None and state.capabilities.get(cid) != side:
            yield ()

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        cid, side = executed(state)
        return [CapabilitySet(card=cid, side=side)]


class Momentum(EditKind):
    """``momentum``: 5.4 this card goes to the Momentum box until the next Reset (offered
    on the cards the deck marks as Momentum)."""

    verb = "momentum"

    def candidates(self, state: AdpState) -> Iterator[Values]:
        cid, side = executed(state)
        if side in card(cid).momentum and cid not in state.momentum:
            yield ()

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        cid, _ = executed(state)
        return [MomentumAdded(card=cid)]


class Roll(EditKind):
    """``roll``: a die the card's text calls for."""

    verb = "roll"
    exact = True

    def candidates(self, state: AdpState) -> Iterator[Values]:
        yield ()

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        return [DieRolled(value=chance.roll(6), purpose="event")]


EDITS: Edits[AdpState] = Edits(
    VOCABULARY, "adp",
    (Place(), Move(), Remove(), Flip(), Shift(), Marker(), Track(), Resources(), Eligible(),
     Ineligible(), Capability(), Momentum(), Roll(), FreeOperation(), FreeActivity()),
    second={"place": PlaceIn(), "move": MoveTo(), "remove": RemoveTo()},
    first={"place": Place(), "move": Move(), "remove": Remove()},
    aliases={"place_pieces": Place()},
    said=SAID)


def _menu_prompt(state: AdpState) -> Msg:
    cid, side = executed(state)
    return Msg("adp.prompt.event", card=card_label(cid), side=Msg(f"adp.value.side.{side}"))


def _second_prompt(state: AdpState, first: Pending) -> Msg:
    verb, kind, n, where = first
    return Msg(f"adp.prompt.event_{verb}", count=n, piece=piece(kind), where=where)


EVENTS: EventSteps[AdpState] = EventSteps(
    FLOW, STEP_MODELS, TURN, VOCABULARY, EDITS,
    menu_prompt=_menu_prompt, second_prompt=_second_prompt,
    limit_prompt=lambda made: Msg("adp.prompt.event_limit", edits=made))
