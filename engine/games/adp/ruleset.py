"""A Distant Plain (GMT COIN Vol. III) as a ruleset: the engine contract of DESIGN.md §3."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.coin.deck import DeckChance
from engine.core.actions import Action, Choice
from engine.core.chance import Chance
from engine.core.events import Event, Recorded
from engine.core.messages import CourierError, IllegalAction, Msg
from engine.core.ruleset import OptionChoice, Ruleset, Setup
from engine.core.vocabulary import tokens
from engine.games.adp import deception, deployment, ops, propaganda, turn  # noqa: F401
from engine.games.adp.board_text import board_text, status_fields
from engine.games.adp.edits import EDITS
from engine.games.adp.events import ADP_EVENTS
from engine.games.adp.flow import FLOW
from engine.games.adp.fold import HANDLERS
from engine.games.adp.invariants import problems
from engine.games.adp.mapdata import default_data
from engine.games.adp.names import faction_name
from engine.games.adp.narrate import digest_text
from engine.games.adp.setup import build_deck, scenario_event
from engine.games.adp.snapshot import SNAPSHOTS
from engine.games.adp.spec import FACTIONS, SPEC
from engine.games.adp.state import AdpState, clone
from engine.games.adp.turn import start_play
from engine.games.adp.victory import check_players
from engine.games.adp.vocabulary import VOCABULARY
from engine.i18n import t

# game options; the first value is the default
OPTIONS = {
    "reveal": ("upcoming", "none"),      # 2.2 the no-reveal option
    "length": ("full", "short"),         # 2.1 the short-game option
    "eligibility": ("standard", "a", "b"),   # 2.3.1 the eligibility options A and B
    "deployment": ("standard", "open"),      # 2.1 Open Deployment
    "deception": ("off", "on"),              # 7.3 the Deception option (3-4 players)
}
# 1.5 the seatings without Non-player Factions
SEATINGS = {
    "four": "",
    "three": '[["coalition", "warlords"], ["government"], ["taliban"]]',
    "two": '[["coalition", "government"], ["taliban", "warlords"]]',
}
SCENARIOS = ("short", "main", "extended")


def checked_options(options: Mapping[str, Any]) -> dict[str, Any]:
    result = dict(options)
    for key, value in result.items():
        if key == "players":
            problem = check_players(value)
            if problem:
                raise CourierError("error.bad_option", option=key, problem=problem)
        elif key not in OPTIONS:
            raise CourierError("error.unknown_option", option=key,
                               options=", ".join([*OPTIONS, "players"]))
        elif value not in OPTIONS[key]:
            raise CourierError("error.bad_option_value", option=key, value=value,
                               choices=", ".join(OPTIONS[key]))
    # 2.3.1 options A and B take the order from the upcoming card: not with no-reveal (2.2)
    if result.get("eligibility") in ("a", "b") and result.get("reveal") == "none":
        raise CourierError("adp.error.eligibility_no_reveal")
    if deception.players_problem(result):
        raise CourierError("adp.error.deception_players")
    return result


class ADistantPlain(Ruleset[AdpState]):
    name = "adp"
    version = "0.1"
    seats = FACTIONS
    event_types = ADP_EVENTS
    vocabulary = VOCABULARY

    def scenarios(self) -> list[str]:
        return [s for s in SCENARIOS if s in default_data().scenarios]

    def setup(self, scenario: str, options: Mapping[str, Any], chance: Chance) -> Setup:
        opts = checked_options(options)
        printed = default_data().scenarios[scenario]
        deck, removed = build_deck(printed.deck, chance, opts.get("length") == "short")
        deck_chance = DeckChance(chance, deck)
        state = self.initial_state()
        # 2.1 Open Deployment: the players' Factions place their forces before play
        deploying = deployment.deploying(opts)
        opening: list[Event] = [scenario_event(printed, opts, deck, removed, deploying)]
        self.evolve(state, opening[0])
        opening += deception.draw(opts, deck_chance)     # 7.3 before anyone decides
        if deploying:
            opening.append(deployment.begin_deployment(state))
        else:
            opening += start_play(state, deck_chance)
        events = FLOW.run(self.initial_state(), opening, deck_chance, self.clone)
        return Setup(events, deck)

    def initial_state(self) -> AdpState:
        return AdpState()

    def legal_actions(self, state: AdpState, seat: str) -> Choice:
        ask = FLOW.question(state)
        if ask is None or ask.seat != seat:
            waiting = faction_name(ask.seat, "en") if ask else ""
            return Choice(Msg("adp.prompt.wait", waiting=waiting), (), seat)
        return Choice(ask.prompt, (*ask.actions, *deception.reveal_choices(state, seat)),
                      seat)

    def decide(self, state: AdpState, seat: str, action: Action, chance: Chance
               ) -> list[Event]:
        return self.decide_state(state, seat, action, chance)[0]

    def decide_state(self, state: AdpState, seat: str, action: Action, chance: Chance
                     ) -> tuple[list[Event], AdpState]:
        chosen = self.legal_actions(state, seat).allows(action)
        if chosen is None:
            reason = self.explain(state, seat, tokens(action.text), action)
            raise IllegalAction(text=action.text, reason=reason or Msg("reason.not_offered_now"))
        if chosen.verb == deception.REVEAL.name:   # 7.3 the question stays the same
            events = deception.reveal(state, seat, chosen)
        else:
            events = FLOW.act(state, chosen, chance)
        out, after = FLOW.run_to(state, events, chance, self.clone)
        SPEC.check(out)
        return out, after

    def explain(self, state: AdpState, seat: str, typed: tuple[str, ...],
                named: Action | None) -> Msg | None:
        """5.1.1 Why an Event edit breaks a physical rule."""
        if state.step.name == "event" and seat == state.step.seat and named is not None:
            return EDITS.explain(state, named)
        return None

    def evolve(self, state: AdpState, event: Event) -> AdpState:
        HANDLERS[event.type](state, event)
        state.version += 1
        return state

    def active_seats(self, state: AdpState) -> frozenset[str]:
        ask = FLOW.question(state)
        return frozenset({ask.seat}) if ask else frozenset()

    def view(self, state: AdpState, seat: str | None) -> Any:
        """DESIGN.md §3: only the deck order is hidden -- and, with the no-reveal option
        (2.2), the upcoming card; with the Deception option (7.3), the markers other
        players hold face down."""
        state = deception.hidden_from(state, seat)
        if state.options.get("reveal") == "none" and state.upcoming is not None:
            return replace(clone(state), upcoming=None)
        return state

    def clone(self, state: AdpState) -> AdpState:
        return clone(state)

    def dump_state(self, state: AdpState) -> Any:
        return SNAPSHOTS.dump(state)

    def load_state(self, data: Any) -> AdpState:
        return SNAPSHOTS.load(data)

    def is_over(self, state: AdpState) -> bool:
        return state.result is not None

    def invariants(self, state: AdpState) -> list[str]:
        return problems(state)

    def fuzz_setups(self) -> list[tuple[str, dict[str, Any]]]:
        """The default fuzz: the Short scenario (with the short-game option, the quickest
        game), then the others with the no-reveal option."""
        return [("short", {"length": "short"}), ("main", {"reveal": "none"}),
                ("extended", {})]

    def summary(self, state: AdpState, lang: str) -> str:
        return "\n".join(line for _, line in status_fields(state, lang))

    def turn_boundary(self, event: Event) -> bool:
        """A new card's turn or a Propaganda card (2.3, 6.0)."""
        return event.type in ("CardTurnBegan", "PropagandaPlayed")

    def display_name(self, lang: str) -> str:
        return t("adp.name", lang)

    def scenario_name(self, scenario: str, lang: str) -> str:
        return t(f"adp.scenario.{scenario}", lang)

    def option_choices(self, lang: str) -> list[OptionChoice]:
        out = [OptionChoice("players", json.loads(value) if value else None,
                            t(f"adp.option.players_{name}", lang))
               for name, value in SEATINGS.items()]
        out += [OptionChoice(key, value, t(f"adp.option.{key}_{value}", lang))
                for key, values in OPTIONS.items() for value in values]
        return out

    def seating_options(self) -> tuple[str, ...]:
        return ("players",)

    def policy(self, state: AdpState, seat: str, chance: Chance
               ) -> tuple[Action, list[Event]]:
        """Rule 8: the Non-player's decision (``engine.games.adp.np``; the Warlords only,
        8.5)."""
        from engine.games.adp.np.policy import decide  # noqa: PLC0415

        return decide(state, seat, chance)

    def bot_seats(self) -> frozenset[str]:
        """8.5: the Warlords' bot is the only one built (8.6-8.8 are not)."""
        from engine.games.adp.np.policy import BOT_FACTIONS  # noqa: PLC0415

        return BOT_FACTIONS

    def seat_non_players(self, options: Mapping[str, Any], seats: frozenset[str]
                         ) -> dict[str, Any]:
        """8.0/1.5 The Factions in ``seats`` are Non-player Factions, every other Faction
        a player of its own.  Only the Warlords' bot (8.5) exists: the others are refused."""
        unknown = seats - set(FACTIONS)
        if unknown:
            raise ValueError(f"no such Faction: {', '.join(sorted(unknown))}")
        if seats - self.bot_seats():
            raise CourierError("adp.error.only_warlords_bot")
        return {**options, "players": [[f] for f in FACTIONS if f not in seats]}

    def seat_groups(self, options: Mapping[str, Any]) -> list[tuple[str, ...]]:
        """1.5: the Factions each player runs (the ``players`` option)."""
        groups = options.get("players")
        if groups is None:
            groups = [[f] for f in FACTIONS]
        return [tuple(g) for g in groups]

    def status_fields(self, state: AdpState, lang: str) -> list[tuple[str, str]]:
        return status_fields(self.view(state, None), lang)

    def outcome(self, state: AdpState, lang: str) -> str:
        if state.result is None:
            return ""
        return t("adp.board.result", lang,
                 reason=t(f"adp.reason.{state.result['reason']}", lang),
                 ranking=", ".join(faction_name(f, lang) for f in state.result["ranking"]))

    def board_text(self, state: AdpState, seat: str | None, lang: str) -> str:
        return board_text(self.view(state, seat), lang)

    def narrate(self, state: AdpState, records: Sequence[Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
        return digest_text(state, records, lang, notes)
