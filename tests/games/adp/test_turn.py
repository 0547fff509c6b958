"""2.3 The Event card sequence: Faction order, Pass rewards, the 1st and 2nd Eligible's
options, eligibility adjustment and the next card; 2.4 / 6.0 Propaganda cards."""

from __future__ import annotations

from engine.coin.effects import begin
from engine.coin.events import CardAdvanced, EligibilitySet
from engine.games.adp.propaganda import final_round
from engine.games.adp.setup import card
from engine.games.adp.turn import final_event_card
from tests.games.adp.helpers import Game, answer_all, event_game, play_card, refold


def eligible_order(game: Game) -> list[str]:
    assert game.state.current is not None
    return [f for f in card(game.state.current).order if game.state.eligible[f]]


def test_2_3_2_the_leftmost_eligible_faction_of_the_card_acts_first() -> None:
    game = event_game("short")
    assert game.seat == eligible_order(game)[0]
    assert {"event unshaded", "event shaded", "pass"} <= set(game.offered())


def test_2_3_3_an_insurgent_passing_gains_1_resource_and_stays_eligible() -> None:
    game = event_game("short", "taliban")
    who = game.seat
    assert who is not None
    before = game.state.resources[who]
    game.act("pass")
    assert game.state.resources[who] == before + 1
    assert who in game.state.turn.passed


def test_2_3_3_a_coin_faction_passing_gives_the_government_3_resources() -> None:
    game = event_game("short", "coalition")
    before = game.state.resources["government"]
    game.act("pass")
    assert game.state.resources["government"] == before + 3
    assert "coalition" not in game.state.resources


def test_2_3_3_when_every_faction_passes_the_next_card_is_played() -> None:
    game = event_game("short")
    first = game.state.current
    for _ in range(4):
        game.act("pass")
    assert game.state.played == [first] and game.state.current == game.chance.deck[1]
    assert all(game.state.eligible.values())
    assert game.state.upcoming == game.chance.deck[2]


def test_2_3_4_after_an_event_the_2nd_eligible_may_not_do_the_event() -> None:
    game = event_game("short")
    first = game.seat
    game.act("event unshaded")
    assert game.seat == first and "done" in game.offered()
    game.act("done")
    assert game.seat != first
    assert "event shaded" not in game.offered() and "pass" in game.offered()


def test_2_3_6_factions_that_executed_the_event_are_ineligible_on_the_next_card() -> None:
    game = event_game("short")
    first = game.seat
    game.act("event shaded")
    game.act("done")
    while game.state.current == game.chance.deck[0]:
        game.act("pass")
    assert first is not None and not game.state.eligible[first]
    assert sum(game.state.eligible.values()) == 3
    assert refold(game) == game.state


def test_6_0_a_propaganda_card_begins_a_propaganda_round() -> None:
    game = event_game("short")
    events = play_card(game, "73")
    played = [e for e in events if e.type == "PropagandaPlayed"]
    assert played and played[0].round      # type: ignore[attr-defined]
    assert game.state.propaganda_rounds == 1


def test_6_0_never_two_propaganda_rounds_in_a_row() -> None:
    game = event_game("short")
    play_card(game, "73", upcoming="74")
    answer_all(game)
    # 6.6 the Reset played the next card: Propaganda again, played without a round, and
    # then the card after it
    assert game.state.played[-2:] == ["73", "74"]
    assert game.state.propaganda_rounds == 1 and game.state.propaganda_played == 2
    assert game.state.step.name == "card" and game.state.result is None
    assert refold(game) == game.state


def test_2_4_1_a_final_propaganda_card_without_a_round_ends_the_game() -> None:
    game = event_game("short")
    game.state.propaganda_played = 3       # 4 in the Short deck: the next is the final
    game.inject([CardAdvanced(card="73"), EligibilitySet(eligible=dict.fromkeys(
        ("coalition", "government", "taliban", "warlords"), True)),
        CardAdvanced(card="74"), begin("card_check")])
    assert game.state.result is not None and game.state.result["reason"] == "final"


def test_2_3_8_the_last_card_before_the_final_propaganda_is_the_final_event_card() -> None:
    game = event_game("short")
    assert not final_event_card(game.state, "taliban")
    game.state.propaganda_played = 3
    game.state.upcoming = "75"
    assert final_event_card(game.state, "taliban")
    game.state.options = {"reveal": "none"}
    assert not final_event_card(game.state, "taliban")
    assert not final_round(game.state)
