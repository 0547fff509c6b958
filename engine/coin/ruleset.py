"""What every COIN game's ruleset (the engine contract, DESIGN.md §3) does the same way:
game options checked against a table, seatings (1.5) and Non-player seats (8.0), deciding
a command on the game's ``Flow`` (refused with the reason a manual Event's edit breaks),
the fold by event type, and the plumbing of states, views and digests.  A game's ruleset
subclasses ``CoinRuleset`` and sets the class attributes; it keeps its own setup, view,
policy and texts."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from engine.coin.edits import Edits
from engine.coin.flow import Flow
from engine.coin.spec import CoinSpec
from engine.coin.state import CoinState
from engine.core.actions import Action, Choice
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import CourierError, IllegalAction, Msg
from engine.core.parse import ValueLabels
from engine.core.ruleset import OptionChoice, Ruleset
from engine.core.vocabulary import tokens
from engine.i18n import t

S = TypeVar("S", bound=CoinState[Any])
OptionCheck = Callable[[Any], Msg | str | None]   # why a value is refused, or None


class CoinRuleset(Ruleset[S]):
    """The shared half of a COIN ruleset.  ``options``: each game option's values, the
    first the default; ``checks``: options whose values are checked by a function
    (``players``: 1.5 seatings; a deck pack); ``seatings``: the ``players`` values a
    front-end offers by name (JSON, "" for the default); ``flow``, ``handlers`` (the fold
    by event type), ``edits`` (a manual Event's), ``spec`` and ``prefix`` (the catalogue's
    ``<prefix>.option.*``)."""

    prefix: ClassVar[str]
    spec: ClassVar[CoinSpec]
    flow: ClassVar[Flow[Any]]
    handlers: ClassVar[Mapping[str, Callable[[Any, Any], None]]]
    edits: ClassVar[Edits[Any]]
    options: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    checks: ClassVar[Mapping[str, OptionCheck]] = {}
    seatings: ClassVar[Mapping[str, str]] = {}

    # --- options and seats ---------------------------------------------------------------

    def checked_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options as given, or a translated refusal naming the bad one."""
        result = dict(options)
        for key, value in result.items():
            if key in self.checks:
                problem = self.checks[key](value)
                if problem:
                    raise CourierError("error.bad_option", option=key, problem=problem)
            elif key not in self.options:
                raise CourierError("error.unknown_option", option=key,
                                   options=", ".join([*self.options, *self.checks]))
            elif value not in self.options[key]:
                raise CourierError("error.bad_option_value", option=key, value=value,
                                   choices=", ".join(self.options[key]))
        return result

    def option_choices(self, lang: str) -> list[OptionChoice]:
        out = [OptionChoice("players", json.loads(value) if value else None,
                            t(f"{self.prefix}.option.players_{name}", lang))
               for name, value in self.seatings.items()]
        out += [OptionChoice(key, value, t(f"{self.prefix}.option.{key}_{value}", lang))
                for key, values in self.options.items() for value in values]
        return out

    def seating_options(self) -> tuple[str, ...]:
        return ("players",)

    def seat_groups(self, options: Mapping[str, Any]) -> list[tuple[str, ...]]:
        """1.5: the Factions each player runs (the ``players`` option)."""
        groups = options.get("players")
        if groups is None:
            groups = [[f] for f in self.seats]
        return [tuple(g) for g in groups]

    def seat_non_players(self, options: Mapping[str, Any], seats: frozenset[str]
                         ) -> dict[str, Any]:
        """8.0/1.5 The Factions in ``seats`` are Non-player Factions, every other Faction
        a player of its own; a Faction no bot can play is refused (``no_bot``), and so is
        a seating the game's options refuse."""
        unknown = seats - set(self.seats)
        if unknown:
            raise ValueError(f"no such Faction: {', '.join(sorted(unknown))}")
        if seats - self.bot_seats():
            self.no_bot(seats - self.bot_seats())
        # a seating the rules refuse (ADP 8.8: a lone player runs the Coalition or the
        # Taliban) is refused now, in the words setup would use
        return self.checked_options(
            {**options, "players": [[f] for f in self.seats if f not in seats]})

    def no_bot(self, seats: frozenset[str]) -> None:
        """A seat no bot can play is refused, naming the seats a bot can play."""
        kind = self.vocabulary.kinds[self.vocabulary.seat_kind]
        raise CourierError("error.no_bot_for_seat", seat=ValueLabels(kind, sorted(seats)),
                           bots=ValueLabels(kind, sorted(self.bot_seats())))

    # --- deciding ------------------------------------------------------------------------

    def decide(self, state: S, seat: str, action: Action, chance: Chance) -> list[Event]:
        return self.decide_state(state, seat, action, chance)[0]

    def decide_state(self, state: S, seat: str, action: Action, chance: Chance
                     ) -> tuple[list[Event], S]:
        chosen = self.legal_actions(state, seat).allows(action)
        if chosen is None:
            reason = self.explain(state, seat, tokens(action.text), action)
            raise IllegalAction(text=action.text, reason=reason or Msg("reason.not_offered_now"))
        events = self.act(state, seat, chosen, chance)
        # a side action may leave the step with nothing to ask: automatic steps run too
        out, after = self.flow.run_to(state, events, chance, self.clone)
        self.spec.check(out)   # boxes, markers and tracks are the game's (never the fold's)
        return out, after

    def act(self, state: S, seat: str, chosen: Action, chance: Chance) -> list[Event]:
        """The events of a legal choice: the current step's (a game adds side actions)."""
        return self.flow.act(state, chosen, chance)

    def explain(self, state: S, seat: str, typed: tuple[str, ...],
                named: Action | None) -> Msg | None:
        """5.1.1 Why an Event edit breaks a physical rule."""
        if state.step.name == "event" and seat == state.step.seat and named is not None:
            return self.edits.explain(state, named)
        return None

    def legal_choice(self, state: S, seat: str, side: Sequence[Action] = ()) -> Choice:
        """The flow's question to ``seat``, with ``side`` actions it may take at any
        time; another seat's question is a wait (``<prefix>.prompt.wait``)."""
        ask = self.flow.question(state)
        if ask is None or ask.seat != seat:
            return Choice(Msg(f"{self.prefix}.prompt.wait", waiting=self.waiting(ask.seat)
                              if ask else ""), tuple(side), seat)
        return Choice(ask.prompt, (*ask.actions, *side), seat)

    def waiting(self, seat: str) -> str:
        return seat

    # --- folding and states --------------------------------------------------------------

    def evolve(self, state: S, event: Event) -> S:
        self.handlers[event.type](state, event)
        state.version += 1
        return state

    def active_seats(self, state: S) -> frozenset[str]:
        ask = self.flow.question(state)
        return frozenset({ask.seat}) if ask else frozenset()

    def is_over(self, state: S) -> bool:
        return bool(state.result is not None)
