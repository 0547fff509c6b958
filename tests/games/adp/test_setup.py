"""A Distant Plain set up through the ruleset (2.1): every scenario's victory markers equal
the printed ones, the deck is built as "Preparación del Mazo" says, fold(log) == state."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.messages import CourierError
from engine.games.adp.derived import available, control, margins, ranking, totals
from engine.games.adp.invariants import problems
from engine.games.adp.mapdata import default_data
from engine.games.adp.setup import EVENT_CARDS, card, deal, is_propaganda
from tests.games.adp.helpers import event_game, new_game, refold

SCENARIOS = ("short", "main", "extended")
PRINTED_KEYS = {"coalition": "support_plus_available", "government":
                "coin_control_plus_patronage", "taliban": "opposition_plus_bases",
                "warlords": "uncontrolled_pop"}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_2_1_scenario_printed_victory_totals_after_setup(scenario: str) -> None:
    """1.9: the markers printed in each setup equal the totals of the set-up state."""
    game = new_game(scenario)
    printed = default_data().scenarios[scenario].printed_victory
    assert totals(game.state) == {f: printed[k] for f, k in PRINTED_KEYS.items()}
    assert problems(game.state) == []


def test_9_short_scenario_printed_victory_totals() -> None:
    assert totals(new_game("short").state) == {
        "coalition": 10, "government": 21, "taliban": 9, "warlords": 13}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_2_1_control_of_the_setup_is_the_printed_control(scenario: str) -> None:
    game = new_game(scenario)
    for sid, setup in default_data().scenarios[scenario].spaces.items():
        assert control(game.state)[sid] == setup.control, sid


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_2_1_the_deck_has_the_printed_piles_each_with_one_propaganda_card(
        scenario: str) -> None:
    spec = default_data().scenarios[scenario].deck
    game = new_game(scenario)
    deck = game.chance.deck
    assert len(deck) == 72 - spec.events_removed + spec.piles
    assert sum(is_propaganda(c) for c in deck) == spec.piles == game.state.propaganda_in_deck
    assert len(set(deck)) == len(deck) and not set(game.state.removed) & set(deck)
    # each pile (about equal piles, then its Propaganda card) holds one Propaganda card
    piles = deal(deck, spec.piles)
    sizes = Counter(len(p) for p in piles)
    assert max(sizes) - min(sizes) <= 1
    assert all(sum(is_propaganda(c) for c in p) == 1 for p in piles)
    assert len(game.state.removed) == spec.events_removed


def test_2_1_capabilities_on_the_removed_cards_are_in_effect() -> None:
    for seed in range(1, 6):
        state = new_game("short", seed=seed).state
        for cid in state.removed:
            owner = card(cid).capability
            expected = {"coalition": "unshaded", "taliban": "shaded", None: None}[owner]
            assert state.capabilities.get(cid) == expected


def test_2_1_short_game_option_removes_8_more_event_cards_face_down() -> None:
    full = new_game("main", seed=3)
    short = new_game("main", {"length": "short"}, seed=3)
    assert len(full.chance.deck) - len(short.chance.deck) == 8


def test_2_2_the_top_card_is_current_and_the_next_one_upcoming() -> None:
    game = event_game("short")
    deck = game.chance.deck
    assert (game.state.current, game.state.upcoming) == (deck[0], deck[1])
    assert game.state.revealed == 2 and game.state.played == []


def test_2_2_no_reveal_option_hides_the_upcoming_card_in_every_view() -> None:
    game = new_game("short", {"reveal": "none"})
    assert game.rules.view(game.state, "taliban").upcoming is None
    assert game.state.upcoming is not None
    deck_card = card(game.state.upcoming).title["en"]
    assert deck_card not in game.rules.board_text(game.state, "taliban", "en")


def test_unknown_options_are_refused() -> None:
    with pytest.raises(CourierError):
        new_game("short", {"reveal": "sometimes"})
    with pytest.raises(CourierError):
        new_game("short", {"players": [["government"]]})   # 8.8 1 player: COIN or Taliban
    with pytest.raises(CourierError):
        new_game("short", {"players": [["coalition"], ["coalition"]]})     # 1.5 once each


def test_fold_of_the_setup_log_is_the_state_and_snapshots_round_trip() -> None:
    game = new_game("main")
    assert refold(game) == game.state
    rules = game.rules
    assert rules.load_state(rules.dump_state(game.state)) == game.state


def test_1_4_1_available_is_the_inventory_less_the_map() -> None:
    state = new_game("short").state
    left = available(state)
    assert left["coalition_troops"] + left["coalition_bases"] == 6     # printed 10 - 4
    assert left["taliban_guerrillas"] == 30 - 19 and left["warlords_bases"] == 12 - 5


def test_7_3_margins_and_7_1_ties_warlords_then_government_then_taliban() -> None:
    state = new_game("short").state
    assert margins(state) == {"coalition": -20, "government": -14, "taliban": -11,
                              "warlords": min(13 - 15, 20 - 40)}
    # Coalition and Warlords tie at -20: the Warlords rank first (7.1)
    assert ranking(state) == ["taliban", "government", "warlords", "coalition"]
    state.patronage += 3   # Government -11: ties the Taliban, and wins the tie (7.1)
    state.version += 1
    assert ranking(state)[:2] == ["government", "taliban"]


def test_every_event_card_has_a_stand_in_order_of_the_four_factions() -> None:
    for cid in EVENT_CARDS:
        assert sorted(card(cid).order) == ["coalition", "government", "taliban", "warlords"]
