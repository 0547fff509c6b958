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

from collections.abc import Iterator, Mapping
from typing import Any

from engine.coin.edits import EditKind, Edits, Pending, Values
from engine.coin.events import MarkerSet, PiecesFlipped, SupportShifted, TrackSet
from engine.coin.eventstep import EventSteps, ManualData
from engine.coin.piece_edits import Eligible, Ineligible, PieceEdits, PieceRules, Roll
from engine.core.chance import Chance
from engine.core.events import Event
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
from engine.i18n import normalise_language

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


def places(state: AdpState | None = None) -> tuple[str, ...]:
    b = board()
    return (*b.spaces, *b.locs)


def box_problem(kind: str, box: str) -> Msg | None:
    if box in COALITION_ONLY and SPEC.owner(kind) != "coalition":
        return Msg("adp.reason.coalition_box", box=Msg(f"adp.box.{box}"))
    return None


PIECES = PieceEdits.of(PieceRules(
    PHYSICAL, places, MAP_KINDS, BOXES, PLACED, entry_problem, exit=box_problem,
    source=box_problem, box_kind=SPEC.box_kind, most=MOST_PLACED))


def with_pieces(state: AdpState) -> Iterator[tuple[str, str, int]]:
    return PIECES.place.rules.on_map(state)


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


def executed(state: AdpState) -> tuple[str, str]:
    data = state.step.of(ManualData)
    return data.card, data.side


class Capability(EditKind):
    """``capability``: 5.3 this card's Capability comes into effect, on the side executed
    (offered on the cards the deck marks as Capabilities)."""

    verb = "capability"

    def candidates(self, state: AdpState) -> Iterator[Values]:
        cid, side = executed(state)
        if card(cid, state.pack).capability is not None and state.capabilities.get(cid) != side:
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
        if side in card(cid, state.pack).momentum and cid not in state.momentum:
            yield ()

    def events(self, state: AdpState, values: Values, chance: Chance) -> list[Event]:
        cid, _ = executed(state)
        return [MomentumAdded(card=cid)]


EDITS: Edits[AdpState] = Edits(
    VOCABULARY, "adp",
    (PIECES.place, PIECES.move, PIECES.remove, Flip(), Shift(), Marker(), Track(),
     Resources(), Eligible(FACTIONS), Ineligible(FACTIONS), Capability(), Momentum(), Roll(),
     FreeOperation(), FreeActivity()),
    second=PIECES.second, first=PIECES.first, aliases=PIECES.aliases, said=SAID)


class CardFace(Msg):
    """A card's text in the reader's language: card faces are data (the game's deck pack),
    not catalogue keys."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        super().__init__("adp.event.card_face", texts=dict(texts))

    def render(self, lang: str | None = None) -> str:
        texts: dict[str, str] = self.params["texts"]
        return texts.get(normalise_language(lang)) or texts.get("en", "")


def _menu_prompt(state: AdpState) -> Msg:
    """5.1 The Event to carry out, with the side's text when the game's pack has it."""
    cid, side = executed(state)
    found = card(cid, state.pack)
    label, named = card_label(cid, state.pack), Msg(f"adp.value.side.{side}")
    if not found.text(side, "en"):
        return Msg("adp.prompt.event", card=label, side=named)
    face = CardFace({lang: found.text(side, lang) for lang in ("en", "es", "it")})
    return Msg("adp.prompt.event_text", card=label, side=named, text=face)


def _second_prompt(state: AdpState, first: Pending) -> Msg:
    verb, kind, n, where = first
    return Msg(f"adp.prompt.event_{verb}", count=n, piece=piece(kind), where=where)


EVENTS: EventSteps[AdpState] = EventSteps(
    FLOW, STEP_MODELS, TURN, VOCABULARY, EDITS,
    menu_prompt=_menu_prompt, second_prompt=_second_prompt,
    limit_prompt=lambda made: Msg("adp.prompt.event_limit", edits=made))
