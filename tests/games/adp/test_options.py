"""The game options: 2.3.1 eligibility options A and B."""

from __future__ import annotations

import pytest

from engine.coin.effects import begin
from engine.coin.events import CardAdvanced
from engine.core.events import CardRevealed
from engine.core.messages import CourierError
from engine.games.adp.events import OrderCardRevealed
from engine.games.adp.ruleset import checked_options
from engine.games.adp.setup import card, is_propaganda
from engine.i18n import t
from tests.games.adp.helpers import Game, new_game, play_card, refold


def option_game(eligibility: str) -> Game:
    """A game with the option whose first card is an Event card with an Event card
    upcoming whose order differs from the current card's."""
    for seed in range(1, 200):
        game = new_game("short", {"eligibility": eligibility}, seed=seed)
        state = game.state
        if (game.state.step.name == "card" and not is_propaganda(state.upcoming)
                and state.current is not None and state.upcoming is not None
                and card(state.current).order != card(state.upcoming).order):
            return game
    raise AssertionError("no such seed")


def test_2_3_1_option_a_takes_the_faction_order_from_the_upcoming_card() -> None:
    game = option_game("a")
    assert game.state.upcoming is not None
    assert game.state.turn.order == card(game.state.upcoming).order
    first = [f for f in card(game.state.upcoming).order if game.state.eligible[f]][0]
    assert game.seat == first


def test_2_3_1_option_a_after_a_propaganda_card_upcoming_reveals_until_an_event_card() -> None:
    game = option_game("a")
    below = game.state.revealed          # the deck's cards below the upcoming one
    game.chance.deck[below] = "74"       # a Propaganda card
    game.chance.deck[below + 1] = "9"    # then an Event card
    events = play_card(game, "1", upcoming="73")
    shown = [e for e in events if isinstance(e, OrderCardRevealed)]
    assert [(e.index, e.card) for e in shown] == [(below, "74"), (below + 1, "9")]
    assert all(isinstance(e, CardRevealed) for e in shown)    # a replay finds the cards
    assert game.state.upcoming == "73" and game.state.revealed == below
    assert game.state.turn.order == card("9").order
    assert refold(game) == game.state


def test_2_3_1_option_a_the_deck_ending_in_propaganda_uses_the_bottom_played_event() -> None:
    game = option_game("a")
    first_played = game.state.current
    assert first_played is not None
    play_card(game, "5")                 # the first card goes to the played pile
    current = next(c for c in ("1", "7") if card(c).order != card(first_played).order)
    last = game.state.deck_size - 1
    events = game.inject([CardAdvanced(card=current), CardRevealed(index=last, card="73"),
                          begin("card_check")])
    assert not [e for e in events if isinstance(e, OrderCardRevealed)]
    assert game.state.played[0] == first_played
    assert game.state.turn.order == card(first_played).order


def test_2_3_1_standard_eligibility_takes_the_order_from_the_current_card() -> None:
    game = option_game("standard")
    assert game.state.current is not None
    assert game.state.turn.order == card(game.state.current).order


def test_2_3_1_option_b_executing_the_event_leaves_a_faction_eligible() -> None:
    game = option_game("b")
    assert game.state.upcoming is not None
    assert game.state.turn.order == card(game.state.upcoming).order
    first = game.seat
    game.act("event shaded")
    game.act("done")
    start = game.state.current
    while game.state.current == start:
        game.act("pass")
    assert first is not None and game.state.eligible[first]
    assert all(game.state.eligible.values())


def test_2_3_1_option_a_executing_the_event_still_makes_a_faction_ineligible() -> None:
    game = option_game("a")
    first = game.seat
    game.act("event shaded")
    game.act("done")
    start = game.state.current
    while game.state.current == start:
        game.act("pass")
    assert first is not None and not game.state.eligible[first]


@pytest.mark.parametrize("eligibility", ["a", "b"])
def test_2_3_1_options_a_and_b_refuse_the_no_reveal_option(eligibility: str) -> None:
    with pytest.raises(CourierError) as raised:
        checked_options({"eligibility": eligibility, "reveal": "none"})
    assert raised.value.msg.key == "adp.error.eligibility_no_reveal"
    for lang in ("en", "es", "it"):
        assert "2.3.1" in raised.value.message(lang)
        assert t(raised.value.msg.key, lang) == raised.value.message(lang)
    assert checked_options({"eligibility": eligibility})["eligibility"] == eligibility
