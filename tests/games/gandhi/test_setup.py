"""Scenario setup (2.1, Set Up p.39-43, Quick Start p.48) through the engine."""

from __future__ import annotations

import pytest

from engine.core.messages import CourierError
from engine.games.gandhi.derived import available, totals
from engine.games.gandhi.pieces import INVENTORY
from engine.games.gandhi.scenarios import load_scenario
from engine.games.gandhi.setup import CAMPAIGN_CARDS, build_deck
from engine.randomness import Secret, SeededChance
from engine.service import Service

PRINTED = {"short": {"raj": 28, "congress": 9, "muslim_league": 3, "revolutionaries": 6},
           "main": {"raj": 24, "congress": 4, "muslim_league": 2, "revolutionaries": 3},
           "quick_start": {"raj": 24, "congress": 4, "muslim_league": 2,
                           "revolutionaries": 3}}


@pytest.fixture
def gandhi(service: Service) -> Service:
    import engine.games

    engine.games.load()
    return service


@pytest.mark.parametrize("scenario", ["short", "main", "quick_start"])
def test_2_1_setup_gives_the_printed_victory_totals(gandhi: Service, scenario: str) -> None:
    game = gandhi.create_game("gandhi", scenario)
    state = gandhi.kernel_state(game).game
    assert totals(state) == PRINTED[scenario]
    printed = load_scenario(scenario).available
    assert printed is not None
    for kind, count in printed.counts().items():
        if kind in INVENTORY and kind != "gandhi":
            expected = count + (1 if scenario != "short" and kind == "congress_activists"
                                else 0)  # the Activist Congress is about to place
            assert available(state, kind) == expected, kind


def test_short_starts_with_the_1st_eligible_of_the_first_card(gandhi: Service) -> None:
    game = gandhi.create_game("gandhi", "short")
    state = gandhi.kernel_state(game).game
    deck = __import__("json").loads(gandhi._store.game(game)["secret"])["deck"]
    assert state.step.name == "card" and (state.current, state.upcoming) == tuple(deck[:2])
    assert state.revealed == 2 and all(state.eligible.values())  # 2.3.1
    order = state.turn.order
    assert gandhi.active(game) == {order[0]}
    assert state.restraint == 3 and state.unity == 3


@pytest.mark.parametrize("scenario", ["main", "quick_start"])
def test_main_setup_ends_with_the_congress_placement(gandhi: Service, scenario: str) -> None:
    game = gandhi.create_game("gandhi", scenario)
    assert gandhi.active(game) == {"congress"}
    choice = gandhi.legal(game, "congress")
    assert "place United Provinces" in choice.texts()
    assert gandhi.legal(game, "raj").texts() == []
    result = gandhi.act(game, "congress", None, "place United Provinces")
    state = result.state.game
    up = state.space("united_provinces")
    assert (up.count("gandhi"), up.count("congress_activists"), up.protest) == (1, 1, True)
    # tutorial: UP has no Raj Control, so Raj stays at 24 (IT l.2453)
    assert totals(state)["raj"] == 24
    assert state.current is not None and state.step.name == "card"


def test_congress_placement_adjusts_raj_control(gandhi: Service) -> None:
    """"Adjust Raj Control and the Raj victory marker as necessary": Delhi has 5 cubes,
    so Gandhi and an Active Activist do not break Control; Karachi's 2 Sepoys are tied."""
    game = gandhi.create_game("gandhi", "main")
    state = gandhi.act(game, "congress", None, "place Karachi").state.game
    assert totals(state)["raj"] == 24 - 1  # Karachi (Pop 1) loses Raj Control


@pytest.mark.parametrize("scenario", ["short", "main", "quick_start"])
def test_2_1_deck_construction(scenario: str) -> None:
    spec = load_scenario(scenario).deck
    deck, viceroy = build_deck(spec, SeededChance(Secret("seed", "salt"), "setup"))
    events = spec.event_piles * spec.events_per_pile
    assert len(deck) == events + len(spec.campaign_piles)
    assert len(set(deck)) == len(deck)
    assert viceroy in CAMPAIGN_CARDS and viceroy not in deck   # 2.5 an unused Campaign card
    size = spec.events_per_pile
    start = 0
    for pile in range(1, spec.event_piles + 1):
        has_campaign = pile in spec.campaign_piles
        cards = deck[start:start + size + has_campaign]
        campaigns = [i for i, c in enumerate(cards) if c in CAMPAIGN_CARDS]
        assert len(campaigns) == has_campaign
        if has_campaign:  # shuffled into the pile's bottom cards
            assert campaigns[0] >= len(cards) - spec.campaign_in_bottom - 1
        start += len(cards)


def test_the_deck_differs_by_seed_and_is_never_in_the_log(gandhi: Service) -> None:
    a = gandhi.create_game("gandhi", "short", game_id="a")
    b = gandhi.create_game("gandhi", "short", game_id="b")
    decks = [gandhi._store.game(g)["secret"] for g in (a, b)]
    assert decks[0] != decks[1]
    log = "".join(gandhi.export(a))
    deck = __import__("json").loads(decks[0])["deck"]
    assert ",".join(f'"{c}"' for c in deck[2:8]) not in log


@pytest.mark.parametrize(("options", "problem"), [
    ({"gujarat": "city"}, "gujarat"),
    ({"colour": "red"}, "colour"),
    ({"players": [["raj", "congress"], ["muslim_league"], ["revolutionaries"]]}, "1.5"),
    ({"players": [["raj"], ["raj"]]}, "at most once"),
    # a value from the command line that is not a list of lists is refused, not a crash
    ({"players": 2}, "JSON list of players"),
    ({"players": ["raj", "congress"]}, "JSON list of players"),
    ({"colour": "red"}, "Options: gujarat, attack_unrest, players, pack"),
    ({"gujarat": "city"}, "choose one of princely_state, province"),
])
def test_bad_options_are_refused(gandhi: Service, options: dict[str, object],
                                 problem: str) -> None:
    with pytest.raises(CourierError) as err:
        gandhi.create_game("gandhi", "short", options=options)
    assert problem in err.value.message("en")
    assert gandhi._store.games() == []


def test_gujarat_as_a_province(gandhi: Service) -> None:
    game = gandhi.create_game("gandhi", "short", options={"gujarat": "province"})
    state = gandhi.kernel_state(game).game
    from engine.games.gandhi.derived import board

    assert board(state).space("gujarat").kind == "province"
