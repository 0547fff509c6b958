"""Gandhi (GMT COIN Vol. IX) as a ruleset: the engine contract of DESIGN.md §3."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.coin.deck import DeckChance
from engine.coin.ruleset import CoinRuleset
from engine.core.actions import Action, Choice
from engine.core.chance import Chance
from engine.core.events import Event, Recorded
from engine.core.ruleset import Setup
from engine.games.gandhi import (
    snapshot,
    steps,  # noqa: F401  (registers every step)
)
from engine.games.gandhi.board_text import board_text
from engine.games.gandhi.deck import pack_problem
from engine.games.gandhi.edits import EDITS
from engine.games.gandhi.effects import begin
from engine.games.gandhi.events import GANDHI_EVENTS
from engine.games.gandhi.flow import FLOW, run
from engine.games.gandhi.fold import HANDLERS
from engine.games.gandhi.invariants import default_setups, problems
from engine.games.gandhi.narrate import digest_text
from engine.games.gandhi.outcome import check_players
from engine.games.gandhi.pieces import FACTIONS, SPEC
from engine.games.gandhi.scenarios import load_scenario, scenario_names
from engine.games.gandhi.setup import build_deck, pack_events, scenario_event
from engine.games.gandhi.state import GandhiState, clone
from engine.games.gandhi.summary import outcome_line, status_fields, summary
from engine.games.gandhi.transfers import give, transfer_actions
from engine.games.gandhi.vocabulary import VOCABULARY
from engine.games.gandhi.withdraw import withdraw, withdraw_actions
from engine.i18n import t

# game options; the first value is the default (docs/rules-choices.md says why)
OPTIONS = {
    "gujarat": ("princely_state", "province"),                          # facts §1.2 note B
    "attack_unrest": ("protest_or_no_control", "protest_and_no_control"),  # 3.4.3, facts §8
}
# 1.5 the seatings a front-end offers (the ``players`` option; "" is the default, four)
SEATINGS = {
    "four": "",
    "three_nv": '[["congress", "muslim_league"], ["raj"], ["revolutionaries"]]',
    "three_raj": '[["congress"], ["muslim_league"], ["raj", "revolutionaries"]]',
    "two": '[["congress", "muslim_league"], ["raj", "revolutionaries"]]',
}


class Gandhi(CoinRuleset[GandhiState]):
    name = "gandhi"
    # 0.2: pending decisions are typed models (events unchanged; 0.1 logs verify as they
    # are, 0.1 snapshots of the untyped state are not reused)
    # 0.3: non-player Factions (rule 8): their Arjuna stacks and plans in the state, NP Raj
    # and NP Revolutionaries track no Resources, NP Congress's Reset Protest
    version = "0.3"
    seats = FACTIONS
    event_types = GANDHI_EVENTS
    vocabulary = VOCABULARY
    prefix, spec, flow, handlers, edits = "gandhi", SPEC, FLOW, HANDLERS, EDITS
    options, seatings = OPTIONS, SEATINGS
    # 1.5 seating; DESIGN.md §1 the game's deck pack
    checks = {"players": check_players, "pack": pack_problem}

    def scenarios(self) -> list[str]:
        return list(scenario_names())

    def setup(self, scenario: str, options: Mapping[str, Any], chance: Chance) -> Setup:
        opts = self.checked_options(options)
        printed = load_scenario(scenario)
        deck, viceroy = build_deck(printed.deck, chance)
        first = "congress_setup" if printed.congress_setup_choice else "start"
        board_options = {k: v for k, v in opts.items() if k != "pack"}
        opening: list[Event] = [scenario_event(printed, board_options, deck, viceroy),
                                *pack_events(opts.get("pack")),
                                begin(first, "congress" if first == "congress_setup" else None)]
        events = run(self.initial_state(), opening, DeckChance(chance, deck), self.clone)
        return Setup(events, deck)

    def initial_state(self) -> GandhiState:
        return GandhiState()

    def legal_actions(self, state: GandhiState, seat: str) -> Choice:
        return self.legal_choice(
            state, seat, (*transfer_actions(state, seat), *withdraw_actions(state, seat)))

    def act(self, state: GandhiState, seat: str, chosen: Action, chance: Chance
            ) -> list[Event]:
        if chosen.verb == "give":  # 1.5.2, outside the turn order
            return give(state, seat, chosen)
        if chosen.verb == "withdraw":  # 1.4.1, during one's own execution
            return withdraw(seat, chosen)
        return FLOW.act(state, chosen, chance)

    def policy(self, state: GandhiState, seat: str, chance: Chance
               ) -> tuple[Action, list[Event]]:
        """Rule 8: the non-player's decision (``engine.games.gandhi.np``)."""
        from engine.games.gandhi.np.policy import decide  # noqa: PLC0415

        return decide(state, seat, chance)

    def clone(self, state: GandhiState) -> GandhiState:
        return clone(state)

    def dump_state(self, state: GandhiState) -> Any:
        """Compact JSON (``snapshot``): the step's typed data under its logged keys."""
        return snapshot.dump(state)

    def load_state(self, data: Any) -> GandhiState:
        return snapshot.load(data)

    def summary(self, state: GandhiState, lang: str) -> str:
        return summary(state, lang)

    def turn_boundary(self, event: Event) -> bool:
        """A new card's turn or a Campaign Round begins (2.3, 6.0)."""
        return event.type in ("CardTurnBegan", "CampaignBegan")

    def display_name(self, lang: str) -> str:
        return "Gandhi"

    def scenario_name(self, scenario: str, lang: str) -> str:
        return t(f"gandhi.scenario.{scenario}", lang)

    def invariants(self, state: GandhiState) -> list[str]:
        return problems(state)

    def fuzz_setups(self) -> list[tuple[str, dict[str, Any]]]:
        return default_setups()

    def status_fields(self, state: GandhiState, lang: str) -> list[tuple[str, str]]:
        return status_fields(state, lang)

    def outcome(self, state: GandhiState, lang: str) -> str:
        return outcome_line(state, lang)

    def board_text(self, state: GandhiState, seat: str | None, lang: str) -> str:
        # DESIGN.md §3 view: Gandhi hides only the deck order, which the text never shows
        return board_text(state, lang)

    def narrate(self, state: GandhiState, records: Sequence[Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
        return digest_text(state, records, lang, notes)
