"""A Distant Plain (GMT COIN Vol. III) as a ruleset: the engine contract of DESIGN.md §3."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.coin.deck import DeckChance
from engine.coin.ruleset import CoinRuleset
from engine.core.actions import Action, Choice
from engine.core.chance import Chance
from engine.core.events import Event, Recorded
from engine.core.messages import CourierError
from engine.core.ruleset import Setup
from engine.games.adp import deception, deployment, ops, propaganda, turn  # noqa: F401
from engine.games.adp.board_text import board_text, status_fields
from engine.games.adp.deck import pack_problem
from engine.games.adp.edits import EDITS
from engine.games.adp.events import ADP_EVENTS
from engine.games.adp.flow import FLOW
from engine.games.adp.fold import HANDLERS
from engine.games.adp.invariants import problems
from engine.games.adp.mapdata import default_data
from engine.games.adp.names import faction_name
from engine.games.adp.narrate import digest_text
from engine.games.adp.setup import build_deck, pack_events, scenario_event
from engine.games.adp.snapshot import SNAPSHOTS
from engine.games.adp.spec import FACTIONS, SPEC
from engine.games.adp.state import AdpState, clone
from engine.games.adp.transfers import VERBS as TRANSFERS
from engine.games.adp.transfers import transfer, transfer_actions
from engine.games.adp.turn import start_play
from engine.games.adp.victory import check_players, solo_verdict
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


class ADistantPlain(CoinRuleset[AdpState]):
    name = "adp"
    version = "0.1"
    seats = FACTIONS
    event_types = ADP_EVENTS
    vocabulary = VOCABULARY
    prefix, spec, flow, handlers, edits = "adp", SPEC, FLOW, HANDLERS, EDITS
    options, seatings = OPTIONS, SEATINGS
    # 1.5 seating; DESIGN.md §1 the game's deck pack
    checks = {"players": check_players, "pack": pack_problem}

    def scenarios(self) -> list[str]:
        return [s for s in SCENARIOS if s in default_data().scenarios]

    def setup(self, scenario: str, options: Mapping[str, Any], chance: Chance) -> Setup:
        opts = self.checked_options(options)
        printed = default_data().scenarios[scenario]
        deck, removed = build_deck(printed.deck, chance, opts.get("length") == "short")
        deck_chance = DeckChance(chance, deck)
        state = self.initial_state()
        # 2.1 Open Deployment: the players' Factions place their forces before play
        deploying = deployment.deploying(opts)
        pack = opts.get("pack")
        board_options = {k: v for k, v in opts.items() if k != "pack"}  # logged once, below
        opening: list[Event] = [scenario_event(printed, board_options, deck, removed,
                                               deploying, pack), *pack_events(pack)]
        for event in opening:
            self.evolve(state, event)
        opening += deception.draw(opts, deck_chance)     # 7.3 before anyone decides
        if deploying:
            opening.append(deployment.begin_deployment(state))
        else:
            opening += start_play(state, deck_chance)
        events = FLOW.run(self.initial_state(), opening, deck_chance, self.clone)
        return Setup(events, deck)

    def checked_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        result = super().checked_options(options)
        # 2.3.1 options A and B take the order from the upcoming card: not with no-reveal
        if result.get("eligibility") in ("a", "b") and result.get("reveal") == "none":
            raise CourierError("adp.error.eligibility_no_reveal")
        if deception.players_problem(result):
            raise CourierError("adp.error.deception_players")
        return result

    def initial_state(self) -> AdpState:
        return AdpState()

    def legal_actions(self, state: AdpState, seat: str) -> Choice:
        side = list(transfer_actions(state, seat))     # 1.5.1 while anyone executes
        ask = FLOW.question(state)
        if ask is not None and ask.seat == seat:       # 7.3 a marker, whenever asked
            side += deception.reveal_choices(state, seat)
        return self.legal_choice(state, seat, side)

    def waiting(self, seat: str) -> str:
        return faction_name(seat, "en")

    def act(self, state: AdpState, seat: str, chosen: Action, chance: Chance
            ) -> list[Event]:
        if chosen.verb in TRANSFERS:                 # 1.5.1 a gift, outside the turn order
            return transfer(state, seat, chosen)
        if chosen.verb == deception.REVEAL.name:    # 7.3 the question stays the same
            return deception.reveal(state, seat, chosen)
        return FLOW.act(state, chosen, chance)

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


    def status_fields(self, state: AdpState, lang: str) -> list[tuple[str, str]]:
        return status_fields(self.view(state, None), lang)

    def outcome(self, state: AdpState, lang: str) -> str:
        if state.result is None:
            return ""
        line = t("adp.board.result", lang,
                 reason=t(f"adp.reason.{state.result['reason']}", lang),
                 ranking=", ".join(faction_name(f, lang) for f in state.result["ranking"]))
        verdict = solo_verdict(state.result, state.options, lang)    # 8.8 (1 player)
        return f"{line}\n{verdict}" if verdict else line

    def board_text(self, state: AdpState, seat: str | None, lang: str) -> str:
        return board_text(self.view(state, seat), lang)

    def narrate(self, state: AdpState, records: Sequence[Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
        return digest_text(state, records, lang, notes)
