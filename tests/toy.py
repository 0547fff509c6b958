"""A tiny toy ruleset for kernel tests: two seats race to 20 points.

A turn is one to two steps (``add one|two|three``, ``roll``, ``draw card``) then
``end turn``.  ``roll`` uses a die and ``draw card`` the secret deck, so undo barriers,
commitments and replay are all exercised.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.core import ruleset as registry
from engine.core.actions import Action, Choice
from engine.core.chance import Chance
from engine.core.events import ActionTaken, CardRevealed, DieRolled, Event, Recorded
from engine.core.messages import Msg
from engine.core.ruleset import Ruleset, Setup
from engine.core.vocabulary import Named, Names, Vocabulary
from engine.i18n import add_catalogue_dir, t

TARGET = 20  # the "target" option overrides it (the benchmark plays long games)
AMOUNTS = {"one": 1, "two": 2, "three": 3}


class ToySetUp(Event):
    type: Literal["ToySetUp"] = "ToySetUp"
    first: str
    deck_size: int
    target: int = TARGET


class Added(Event):
    type: Literal["Added"] = "Added"
    seat: str
    amount: int


class TurnEnded(Event):
    type: Literal["TurnEnded"] = "TurnEnded"
    seat: str
    next: str


class Won(Event):
    type: Literal["Won"] = "Won"
    seat: str


@dataclass
class ToyState:
    totals: dict[str, int] = field(default_factory=dict)
    turn: str = ""
    steps: int = 0
    cards_drawn: int = 0
    deck_size: int = 0
    winner: str | None = None
    target: int = TARGET


def vocabulary() -> Vocabulary:
    """Seats red and blue; ``add one|two|three``, ``roll``, ``draw card``, ``end turn``."""
    vocab = Vocabulary("toy", [
        Names("toy", "seat", [Named(s, s, s) for s in ("red", "blue")]),
        Names("toy", "step", [Named(w, w, w) for w in AMOUNTS])])
    vocab.add("add", "add {amount:step}")
    vocab.add("roll", "roll")
    vocab.add("draw", "draw card")
    vocab.add("end", "end turn")
    return vocab


VOCABULARY = vocabulary()
ADD, ROLL, DRAW, END = (VOCABULARY.verb(v) for v in ("add", "roll", "draw", "end"))


class Toy(Ruleset[ToyState]):
    name = "toy"
    version = "1.0"
    seats = ("red", "blue")
    event_types = (ToySetUp, Added, TurnEnded, Won, DieRolled, CardRevealed)
    vocabulary = VOCABULARY

    def scenarios(self) -> list[str]:
        return ["standard"]

    def setup(self, scenario: str, options: Mapping[str, Any], chance: Chance) -> Setup:
        deck = chance.shuffle([str(n) for n in range(1, 10)])
        first = str(options.get("first", "red"))
        target = int(options.get("target", TARGET))
        return Setup([ToySetUp(first=first, deck_size=len(deck), target=target)], deck)

    def initial_state(self) -> ToyState:
        return ToyState()

    def legal_actions(self, state: ToyState, seat: str) -> Choice:
        if state.winner or seat != state.turn:
            return Choice(Msg("toy.prompt.wait"), (), seat)
        actions: list[Action] = []
        if state.steps < 2:
            actions += [ADD(amount=w) for w in AMOUNTS]
            actions.append(ROLL())
            if state.cards_drawn < state.deck_size:
                actions.append(DRAW())
        if state.steps > 0:
            actions.append(END())
        return Choice(Msg("toy.prompt.step"), tuple(actions), seat)

    def explain(self, state: ToyState, seat: str, typed: tuple[str, ...],
                named: Action | None) -> Msg | None:
        if typed[0].startswith("e") and state.steps == 0:
            return Msg("toy.reason.do_something_first")
        if state.steps >= 2:
            return Msg("toy.reason.two_steps")
        return None

    def decide(self, state: ToyState, seat: str, action: Action, chance: Chance
               ) -> list[Event]:
        if action.verb == "end":
            other = next(s for s in self.seats if s != seat)
            return [TurnEnded(seat=seat, next=other)]
        events: list[Event] = []
        if action.verb == "add":
            amount = AMOUNTS[action["amount"]]
        elif action.verb == "roll":
            amount = chance.roll(6)
            events.append(DieRolled(value=amount, purpose="roll"))
        else:
            card = chance.card(state.cards_drawn)
            events.append(CardRevealed(index=state.cards_drawn, card=card))
            amount = int(card)
        events.append(Added(seat=seat, amount=amount))
        if state.totals.get(seat, 0) + amount >= state.target:
            events.append(Won(seat=seat))
        return events

    def evolve(self, state: ToyState, event: Event) -> ToyState:
        if isinstance(event, ToySetUp):
            state.turn = event.first
            state.deck_size = event.deck_size
            state.target = event.target
            state.totals = {s: 0 for s in self.seats}
        elif isinstance(event, Added):
            state.totals[event.seat] += event.amount
            state.steps += 1
        elif isinstance(event, TurnEnded):
            state.turn, state.steps = event.next, 0
        elif isinstance(event, CardRevealed):
            state.cards_drawn = event.index + 1
        elif isinstance(event, Won):
            state.winner = event.seat
        return state

    def turn_boundary(self, event: Event) -> bool:
        return isinstance(event, TurnEnded)

    def active_seats(self, state: ToyState) -> frozenset[str]:
        return frozenset() if state.winner else frozenset({state.turn})

    def is_over(self, state: ToyState) -> bool:
        return state.winner is not None

    def summary(self, state: ToyState, lang: str) -> str:
        scores = ", ".join(f"{s} {n}" for s, n in state.totals.items())
        return f"{scores}; to act: {state.turn}" + (f"; winner {state.winner}"
                                                    if state.winner else "")


    def outcome(self, state: ToyState, lang: str) -> str:
        return t("toy.narrate.won", lang, seat=state.winner) if state.winner else ""

    def narrate(self, state: ToyState, records: Sequence[Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
        """A line per command (``red: add three``) and one per point scored."""
        lines = []
        for record in records:
            event = record.event
            if isinstance(event, ActionTaken):
                note = (notes or {}).get(record.seq)
                lines.append(f"{event.seat}: {event.text}" + (f" ({note})" if note else ""))
            elif isinstance(event, Added):
                lines.append("  " + t("toy.narrate.added", lang, seat=event.seat,
                                      amount=event.amount))
            elif isinstance(event, Won):
                lines.append("  " + t("toy.narrate.won", lang, seat=event.seat))
        return "\n".join(lines)


registry.register(Toy)
add_catalogue_dir(Path(__file__).parent / "toy_locales")
ruleset = Toy
