"""A toy COIN game on the shared machinery (``engine.coin``): two Factions, three spaces,
one Operation each, one Special Activity each.  Only its own rules are written here."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.coin.cardturn import CardTurn
from engine.coin.edits import EditKind, Edits, Values
from engine.coin.effects import Effects, begin, note
from engine.coin.events import MarkerSet, PiecesFlipped, PiecesPlaced, PiecesRemoved
from engine.coin.eventstep import EventSteps
from engine.coin.flow import Flow
from engine.coin.fold import Fold
from engine.coin.ops import ExecutionData, Operations
from engine.coin.physical import Physical
from engine.coin.spec import load_spec
from engine.coin.state import CoinSpace, CoinState, clone_state
from engine.coin.stepdata import StepModels
from engine.core.actions import Action
from engine.core.chance import Chance, ReplayChance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.vocabulary import Named, Names, Number, Vocabulary

SPEC = load_spec("""
name = "toycoin"
boxes = ["casualties"]
space_kinds = ["city", "province"]
[factions]
govt = "coin"
rebels = "insurgent"
[pieces]
troops = { owner = "govt" }
guerrillas_underground = { owner = "rebels", box = "guerrillas" }
guerrillas_active = { owner = "rebels", box = "guerrillas" }
[inventory]
troops = 6
guerrillas = 6
[markers]
terror = { flag = true, supply = 2 }
sabotage = { high = 3 }
[tracks]
aid = { low = 0, high = 10 }
[resources]
high = 20
[support]
low = -2
high = 2
[pass_rewards]
govt = 2
rebels = 1
""")
SPACES = ("a", "b", "c")


@dataclass
class ToySpace(CoinSpace):
    support: int = 0
    terror: bool = False
    sabotage: int = 0

    def copy(self) -> ToySpace:
        return ToySpace(dict(self.pieces), self.support, self.terror, self.sabotage)


@dataclass
class ToyState(CoinState[ToySpace]):
    SPACE: ClassVar[type[Any]] = ToySpace
    aid: int = 5


def clone(state: ToyState) -> ToyState:
    return clone_state(state)


VOCABULARY = Vocabulary("toycoin", [
    Names("toycoin", "faction", [Named(f, f, f) for f in SPEC.factions]),
    Names("toycoin", "operation", [Named(o, o, o) for o in ("train", "rally")]),
    Names("toycoin", "activity", [Named(o, o, o) for o in ("strike", "terror")]),
    Names("toycoin", "space", [Named(s, s, s) for s in SPACES]),
    Names("toycoin", "side", [Named(s, s, s) for s in ("unshaded", "shaded")]),
    Names("toycoin", "piece", [Named(k, k, k) for k in SPEC.pieces]),
    Number("signed", signed=True)], seat_kind="faction")
for name, text in (("done", "done"), ("pass", "pass"), ("operation", "{operation}"),
                   ("limited", "limited {operation}"), ("activity", "{activity}"),
                   ("in", "in {space}"), ("event", "event {side}"), ("cancel", "cancel"),
                   ("aid", "aid {delta:signed}"), ("place", "place {piece} in {space}")):
    VOCABULARY.add(name, text)
IN = VOCABULARY.verb("in")

MODELS = StepModels()
FOLD: Fold[ToyState] = Fold(SPEC, MODELS)
FLOW: Flow[ToyState] = Flow(FOLD.evolve)
EFFECTS: Effects[ToyState] = Effects(SPEC, FOLD.evolve, clone)
OPS: Operations[ToyState] = Operations(FLOW, MODELS, VOCABULARY, "toycoin.prompt")
TURN: CardTurn[ToyState] = CardTurn(
    FLOW, EFFECTS, VOCABULARY, order=lambda state: SPEC.factions,
    prompt=lambda state, position: Msg(f"toycoin.prompt.card_{position}"))
TURN.choices.append(OPS.card_choices)
TURN.handlers["operation"] = OPS.start
TURN.handlers["limited"] = OPS.start


class ToyExecution(ExecutionData):
    """Both Factions' execution data: the spaces the Operation chose."""

    spaces: list[str] = []


for faction in SPEC.factions:
    OPS.execution_data(faction)(ToyExecution)


def available(state: ToyState, kind: str) -> int:
    return SPEC.available({s: sp.pieces for s, sp in state.spaces.items()},
                          state.boxes)[SPEC.box_kind(kind)]


class Place:
    """An Operation: one piece into each chosen space (a Limited Operation: one space),
    1 Resource a space."""

    name: str
    faction: str
    kind: str

    def can_start(self, state: ToyState, limited: bool) -> bool:
        return state.resources.get(self.faction, 0) >= 1 and available(state, self.kind) > 0

    def choices(self, state: ToyState, data: ToyExecution) -> list[Action]:
        if data.limited and data.spaces or not self.can_start(state, data.limited):
            return []
        return [IN(space=s) for s in SPACES if s not in data.spaces]

    def act(self, state: ToyState, data: ToyExecution, action: Action,
            chance: Chance) -> list[Event]:
        where = action["space"]
        return [PiecesPlaced(space=where, kind=self.kind, count=1),
                *EFFECTS.resources(state, self.faction, -1),
                *note(ToyExecution(spaces=[*data.spaces, where]))]

    def can_finish(self, state: ToyState, data: ToyExecution) -> bool:
        return bool(data.spaces)

    def finish(self, state: ToyState, data: ToyExecution) -> list[Event]:
        return []


@OPS.operation
class Train(Place):
    name, faction, kind = "train", "govt", "troops"


@OPS.operation
class Rally(Place):
    name, faction, kind = "rally", "rebels", "guerrillas_underground"


class OneSpace:
    """A Special Activity in one space, then done."""

    name: str
    faction: str

    def targets(self, state: ToyState) -> list[str]:
        raise NotImplementedError

    def can_start(self, state: ToyState, limited: bool) -> bool:
        return bool(self.targets(state))

    def choices(self, state: ToyState, data: Any) -> list[Action]:
        return [IN(space=s) for s in self.targets(state)]

    def can_finish(self, state: ToyState, data: Any) -> bool:
        return True

    def finish(self, state: ToyState, data: Any) -> list[Event]:
        return []


@OPS.special
class Terror(OneSpace):
    """Terror: a Terror marker, and the Guerrilla there turns Active."""

    name, faction = "terror", "rebels"

    def targets(self, state: ToyState) -> list[str]:
        return [s for s in SPACES if state.space(s).count("guerrillas_underground")
                and not state.space(s).terror]

    def act(self, state: ToyState, data: Any, action: Action, chance: Chance) -> list[Event]:
        where = action["space"]
        return [MarkerSet(space=where, marker="terror", value=1),
                PiecesFlipped(space=where, kind="guerrillas_underground",
                              to_kind="guerrillas_active", count=1)]


@OPS.special
class Strike(OneSpace):
    """Air Strike: an Active Guerrilla to the Casualties box."""

    name, faction = "strike", "govt"

    def targets(self, state: ToyState) -> list[str]:
        return [s for s in SPACES if state.space(s).count("guerrillas_active")]

    def act(self, state: ToyState, data: Any, action: Action, chance: Chance) -> list[Event]:
        return [PiecesRemoved(space=action["space"], kind="guerrillas_active", count=1,
                              to="casualties")]


# --- manual Events: two kinds of edit, checked by the shared physical rules ---------------

PHYSICAL: Physical[ToyState] = Physical(
    SPEC, lambda state: SPEC.available({s: sp.pieces for s, sp in state.spaces.items()},
                                       state.boxes),
    piece=lambda kind: Msg(f"toycoin.piece.{kind}"), space=lambda sid: Msg(sid))


class Aid(EditKind):
    """``aid +2``: the Aid track (its bounds are the spec's)."""

    verb, names = "aid", ("delta",)

    def candidates(self, state: ToyState) -> Iterator[Values]:
        return ((n,) for n in (-3, -2, -1, 1, 2, 3))

    def problem(self, state: ToyState, values: Values) -> Msg | None:
        return PHYSICAL.track_problem(state, "aid", values[0])

    def events(self, state: ToyState, values: Values, chance: Chance) -> list[Event]:
        return EFFECTS.track(state, "aid", values[0])


class PlaceOne(EditKind):
    """``place troops in a``: one piece from Available (5.1.1)."""

    verb, names = "place", ("piece", "space")

    def candidates(self, state: ToyState) -> Iterator[Values]:
        return ((kind, sid) for kind in ("troops", "guerrillas_underground") for sid in SPACES)

    def problem(self, state: ToyState, values: Values) -> Msg | None:
        return PHYSICAL.supply_problem(state, "available", SPEC.box_kind(values[0]), 1)

    def events(self, state: ToyState, values: Values, chance: Chance) -> list[Event]:
        return [PiecesPlaced(space=values[1], kind=values[0], count=1)]


EDITS: Edits[ToyState] = Edits(VOCABULARY, "toycoin", (Aid(), PlaceOne()))
EVENTS: EventSteps[ToyState] = EventSteps(
    FLOW, MODELS, TURN, VOCABULARY, EDITS,
    menu_prompt=lambda state: Msg("toycoin.prompt.event"),
    second_prompt=lambda state, first: Msg("toycoin.prompt.event"),
    limit_prompt=lambda made: Msg("toycoin.prompt.event"))


def start(deck: tuple[str, ...] = ("c1", "c2", "c3", "c4")) -> ToyState:
    """Card c1 current and c2 upcoming, both Factions Eligible, 5 Resources each; play
    runs to the first decision."""
    state = ToyState(eligible=dict.fromkeys(SPEC.factions, True), deck_size=len(deck),
                     current=deck[0], upcoming=deck[1], revealed=2,
                     resources=dict.fromkeys(SPEC.factions, 5))
    return play(state, [begin("card_check")])


def play(state: ToyState, events: list[Event], deck: tuple[str, ...] = ("c1", "c2", "c3", "c4")
         ) -> ToyState:
    chance = ReplayChance(cards=dict(enumerate(deck)))
    return FLOW.run_to(state, events, chance, clone)[1]


def act(state: ToyState, text: str) -> tuple[list[Event], ToyState]:
    """The asked Faction's choice whose text is ``text``, and the position after it."""
    ask = FLOW.question(state)
    assert ask is not None
    texts = {VOCABULARY.text(a): a for a in ask.actions}
    assert text in texts, (text, sorted(texts))
    chance = ReplayChance(cards=dict(enumerate(("c1", "c2", "c3", "c4"))))
    events = FLOW.act(state, texts[text], chance)
    return FLOW.run_to(state, events, chance, clone)


def offered(state: ToyState) -> tuple[str | None, list[str]]:
    ask = FLOW.question(state)
    if ask is None:
        return None, []
    return ask.seat, [VOCABULARY.text(a) for a in ask.actions]
