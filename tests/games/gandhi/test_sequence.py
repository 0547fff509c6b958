"""Sequence of play (2.0): Faction order, Passing, options of the 2nd Eligible,
eligibility, next card and Campaign cards."""

from __future__ import annotations

import pytest

from engine.coin.sequence import CardTurn, Did, adjust_eligibility, next_eligible, options
from engine.games.gandhi.deck import faction_order
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet
from engine.games.gandhi.pieces import FACTIONS
from tests.games.gandhi.helpers import apply, asked, choose, position, settle

ALL = {f: True for f in FACTIONS}


def on_card(order: tuple[str, ...] = ("congress", "raj", "revolutionaries",
                                      "muslim_league"), eligible: dict[str, bool] = ALL,
            **kw: object):  # type: ignore[no-untyped-def]
    state = position({}, step="card", current="5", upcoming="6", **kw)  # type: ignore[arg-type]
    return apply(state, [EligibilitySet(eligible=eligible),
                         CardTurnBegan(card="5", order=list(order))])


def test_2_3_2_the_leftmost_eligible_faction_is_first() -> None:
    state = on_card(eligible={**ALL, "congress": False})
    assert asked(state)[0] == "raj"


def test_2_3_3_passing_raj_gains_3_and_the_next_faction_replaces_it() -> None:
    state = on_card(order=("raj", "congress", "muslim_league", "revolutionaries"),
                    resources={"raj": 10, "revolutionaries": 4})
    choose(state, "raj", "pass")
    assert state.resources["raj"] == 13
    seat, _ = asked(state)
    assert seat == "congress" and state.turn.passed == ["raj"]


def test_2_3_3_revolutionaries_pass_for_one_resource_capped_at_50() -> None:
    state = on_card(order=("revolutionaries", "raj", "congress", "muslim_league"),
                    resources={"raj": 49, "revolutionaries": 50})
    choose(state, "revolutionaries", "pass")
    choose(state, "raj", "pass")
    assert state.resources == {"raj": 50, "revolutionaries": 50}  # 1.8


def test_2_3_3_nv_pass_may_free_an_activist_and_unity_rises_for_the_others() -> None:
    state = on_card(out_of_play={"congress_activists": 2, "ml_activists": 1}, unity=2)
    _, texts = asked(state)
    assert [t for t in texts if t.startswith("pass")] == [
        "pass", "pass free congress", "pass free muslim league"]
    choose(state, "congress", "pass free congress")
    assert state.out_of_play["congress_activists"] == 1 and state.unity == 2
    choose(state, "raj", "pass")
    choose(state, "revolutionaries", "pass")
    choose(state, "muslim_league", "pass free congress", cards={20: "7"})  # the other's
    assert state.out_of_play.get("congress_activists", 0) == 0 and state.unity == 3


def test_2_3_3_when_the_last_eligible_passes_the_next_card_is_played() -> None:
    state = on_card()
    for faction in ("congress", "raj", "revolutionaries"):
        choose(state, faction, "pass")
    choose(state, "muslim_league", "pass", cards={20: "7"})
    assert (state.current, state.upcoming) == ("6", "7")
    assert all(state.eligible.values())           # passing Factions stay Eligible
    assert state.turn.order == faction_order("6")


@pytest.mark.parametrize(("first", "second"), [
    (Did.OP, {Did.LIMITED_OP}),
    (Did.OP_SA, {Did.LIMITED_OP, Did.EVENT}),
    (Did.EVENT, {Did.OP, Did.OP_SA}),
])
def test_2_3_4_options_for_the_2nd_eligible(first: Did, second: set[Did]) -> None:
    turn = CardTurn(order=FACTIONS, acted=[("raj", first)])
    assert options(turn) == second
    assert options(CardTurn(order=FACTIONS)) == {Did.OP, Did.OP_SA, Did.EVENT}


def test_2_3_4_passing_does_not_make_the_next_faction_2nd_eligible() -> None:
    turn = CardTurn(order=FACTIONS, passed=["raj"])
    assert next_eligible(turn, ALL) == "congress" and options(turn) == {
        Did.OP, Did.OP_SA, Did.EVENT}


def test_2_3_6_adjust_eligibility() -> None:
    turn = CardTurn(order=FACTIONS, acted=[("raj", Did.OP_SA), ("congress", Did.EVENT)],
                    passed=["muslim_league"])
    assert next_eligible(turn, ALL) is None       # two Factions executed: card done
    assert adjust_eligibility(FACTIONS, turn) == {
        "raj": False, "congress": False, "muslim_league": True, "revolutionaries": True}
    # 5.0: an Event may keep its executor Eligible or make another Faction Ineligible
    assert adjust_eligibility(FACTIONS, turn, made_ineligible=["revolutionaries"],
                              kept_eligible=["congress"]) == {
        "raj": False, "congress": True, "muslim_league": True, "revolutionaries": False}


def test_2_3_1_ineligible_factions_do_nothing_and_become_eligible_after() -> None:
    state = on_card(eligible={**ALL, "raj": False, "congress": False})
    choose(state, "revolutionaries", "pass")
    choose(state, "muslim_league", "pass", cards={20: "7"})
    assert all(state.eligible.values())


def test_2_4_a_revealed_campaign_card_is_swapped_in_at_once() -> None:
    state = on_card()
    for faction in ("congress", "raj", "revolutionaries"):
        choose(state, faction, "pass")
    choose(state, "muslim_league", "pass", cards={20: "74"})
    # card 6 became current, then campaign 74 was revealed: swap and campaign round
    assert state.campaign == 1 and state.current == "74" and state.upcoming == "6"
    assert state.campaigns_in_deck == 2


def test_2_2_start_reveals_two_cards() -> None:
    state = position({}, step="start", current="", upcoming="")
    state.current = state.upcoming = None
    state.revealed = 0
    settle(state, cards={0: "10", 1: "11"})
    assert (state.current, state.upcoming, state.step.name) == ("10", "11", "card")
