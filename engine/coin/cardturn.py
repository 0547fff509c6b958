"""Playing an Event card (COIN 2.2-2.4): the card check before a card, Faction order,
Passing with its rewards, eligibility adjustment and the next card.  Each game has one
``CardTurn`` on its ``Flow`` (steps ``card_check`` and ``card``) with hooks for what is
its own: the cards that interrupt the sequence (a Campaign or Propaganda card, 2.4), a
placement due at the end of a turn, the extras of Passing, the prompt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from engine.coin.effects import Effects, advance, begin, reveal
from engine.coin.events import CardTurnBegan, EligibilitySet, FactionPassed
from engine.coin.flow import Ask, Flow
from engine.coin.sequence import Did, adjust_eligibility, next_eligible, options
from engine.coin.state import CoinState
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.vocabulary import Vocabulary

S = TypeVar("S", bound=CoinState[Any])
Choices = Callable[[Any, str, frozenset[Did]], list[Action]]
Handler = Callable[[Any, str, Action, Chance], list[Event]]
Interrupt = Callable[[Any], list[Event]]


class CardTurn(Generic[S]):
    """One game's card turn.

    - ``order(state)``: the current card's Faction order (2.3.2);
    - ``interrupts``: hooks run, in order, before a card's turn begins (``card_check``) and
      before the end of a card: the first that returns events takes over (e.g. a Campaign
      card swapped in, 2.4; a placement due at the end of a turn);
    - ``pending(state)``: True while such an interruption is due, so the card asks no one;
    - ``pass_extras(state, faction)``: more ways to Pass than ``pass``, and
      ``pass_effects(state, faction, action)`` their events beside the rewards;
    - ``prompt(state, position)``: what the 1st/2nd Eligible is asked (``first``/``second``);
    - ``order_reveals(state, chance)``: cards turned face up to find the card whose symbols
      give the order (A Distant Plain's eligibility options, 2.3.1); ``order`` reads the
      position after them;
    - ``executing_makes_ineligible(state)``: False when executing an Operation or Event
      leaves a Faction Eligible (A Distant Plain's eligibility option B, 2.3.1).
    Operations and Events add their choices to ``choices`` and handlers to ``handlers``.
    """

    def __init__(self, flow: Flow[S], effects: Effects[S], vocabulary: Vocabulary, *,
                 order: Callable[[S], Sequence[str]],
                 prompt: Callable[[S, str], Msg],
                 interrupts: Sequence[Interrupt] = (),
                 pending: Callable[[S], bool] = lambda state: False,
                 pass_extras: Callable[[S, str], list[Action]] = lambda state, f: [],
                 pass_effects: Callable[[S, str, Action], list[Event]] = (
                     lambda state, f, action: []),
                 order_reveals: Callable[[S, Chance], list[Event]] = (
                     lambda state, chance: []),
                 executing_makes_ineligible: Callable[[S], bool] = (
                     lambda state: True)) -> None:
        self.effects, self.spec = effects, effects.spec
        self.pass_verb = vocabulary.verb("pass")
        self.order, self.prompt, self.interrupts = order, prompt, list(interrupts)
        self.pending, self.pass_extras, self.pass_effects = pending, pass_extras, pass_effects
        self.order_reveals = order_reveals
        self.executing_makes_ineligible = executing_makes_ineligible
        self.choices: list[Choices] = []
        self.handlers: dict[str, Handler] = {}
        self.pass_verbs = {self.pass_verb.name}
        flow.steps["card_check"] = _CardCheck(self)
        flow.steps["card"] = _CardPlay(self)

    def interrupt(self, state: S) -> list[Event]:
        for hook in self.interrupts:
            events = hook(state)
            if events:
                return events
        return []

    def pass_actions(self, state: S, faction: str) -> list[Action]:
        """2.3.3 Passing, and the game's other ways to Pass."""
        return [self.pass_verb(), *self.pass_extras(state, faction)]

    def do_pass(self, state: S, faction: str, action: Action) -> list[Event]:
        """2.3.3 A Passing Faction stays Eligible and gains its Pass reward."""
        events: list[Event] = [FactionPassed(faction=faction)]
        events += self.effects.resources(state, faction, self.spec.pass_rewards.get(faction, 0))
        return events + self.pass_effects(state, faction, action)


class _CardCheck(Generic[S]):
    """Before each card: the game's interruptions (2.4 a Campaign/Propaganda card), else
    the card's Faction order (2.3.2) and its turn."""

    def __init__(self, turn: CardTurn[S]) -> None:
        self.turn = turn

    def ask(self, state: S) -> None:
        return None

    def act(self, state: S, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: S, chance: Chance) -> list[Event]:
        events = self.turn.interrupt(state)
        if events:
            return events
        assert state.current is not None
        shown = self.turn.order_reveals(state, chance)
        seen = self.turn.effects.after(state, shown) if shown else state
        return [*shown, CardTurnBegan(card=state.current, order=list(self.turn.order(seen))),
                begin("card")]


class _CardPlay(Generic[S]):
    """2.3 The Eligible Factions in the card's order execute or Pass."""

    def __init__(self, turn: CardTurn[S]) -> None:
        self.turn = turn

    def ask(self, state: S) -> Ask | None:
        faction = next_eligible(state.turn, state.eligible)
        if faction is None or self.turn.pending(state):
            return None
        allowed = options(state.turn)
        actions = [a for choose in self.turn.choices for a in choose(state, faction, allowed)]
        actions += self.turn.pass_actions(state, faction)
        position = "first" if not state.turn.acted else "second"
        return Ask(faction, self.turn.prompt(state, position), tuple(actions))

    def act(self, state: S, action: Action, chance: Chance) -> list[Event]:
        faction = next_eligible(state.turn, state.eligible)
        assert faction is not None
        if action.verb in self.turn.pass_verbs:
            return self.turn.do_pass(state, faction, action)
        return self.turn.handlers[action.verb](state, faction, action, chance)

    def auto(self, state: S, chance: Chance) -> list[Event]:
        """The game's interruption due at the end of a turn; after the card, 2.3.6-2.3.7
        adjust eligibility and play the next card."""
        if self.turn.pending(state):
            events = self.turn.interrupt(state)
            if events:
                return events
        turn = state.turn
        eligible = adjust_eligibility(
            self.turn.spec.factions, turn, turn.made_ineligible, turn.kept_eligible,
            executing_makes_ineligible=self.turn.executing_makes_ineligible(state))
        return [EligibilitySet(eligible=eligible), *advance(state), *reveal(state, chance),
                begin("card_check")]
