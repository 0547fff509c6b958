"""The game options: 2.3.1 eligibility options A and B, 2.1 Open Deployment, 7.3
Deception."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.coin.effects import begin
from engine.coin.events import CardAdvanced
from engine.coin.sequence import Did
from engine.core.events import CardRevealed
from engine.core.messages import CourierError
from engine.games.adp.deception import MARKERS, assets_ready, pool
from engine.games.adp.deployment import DATA_TYPE, Deployment, lines
from engine.games.adp.derived import margins
from engine.games.adp.events import (
    DeceptionDrawn,
    DeceptionRevealed,
    DeceptionUsed,
    OrderCardRevealed,
)
from engine.games.adp.mapdata import PIECE_TYPES, Placement, default_data
from engine.games.adp.ops.framework import ExecutionData
from engine.games.adp.ruleset import ADistantPlain
from engine.games.adp.setup import card, is_propaganda
from engine.games.adp.spec import BASES, FACTIONS, SPEC, UNKNOWN
from engine.i18n import t
from tests.games.adp.helpers import Game, new_game, play_card, refold

checked_options = ADistantPlain().checked_options


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


# --- 2.1 Open Deployment --------------------------------------------------------------


def deployment_line(game: Game) -> Placement:
    return lines(game.state)[game.state.step.of(Deployment).line]


def deploy_until(game: Game, faction: str, where: str) -> None:
    """Place the largest offered group each time until ``faction``'s line ``where``."""
    while (game.state.step.name == "deployment"
           and (deployment_line(game).faction, deployment_line(game).where)
           != (faction, where)):
        game.act(game.offered()[-1])
    assert game.state.step.name == "deployment"


def offered_spaces(game: Game, piece: str) -> set[str]:
    out = set()
    for text in game.offered():
        action = game.rules.parse(game.state, game.seat or "", text)
        if action["piece"] == piece:
            out.add(action["space"])
    return out


def faction_on_map(game: Game, faction: str) -> int:
    return sum(n for sp in game.state.spaces.values() for kind, n in sp.pieces.items()
               if SPEC.owner(kind) == faction)


@pytest.mark.parametrize("scenario", ["short", "main", "extended"])
def test_2_1_open_deployment_places_every_listed_piece_in_order_then_play_begins(
        scenario: str) -> None:
    game = new_game(scenario, {"deployment": "open"})
    printed = default_data().scenarios[scenario]
    assert all(faction_on_map(game, f) == 0 for f in FACTIONS)
    assert {s: sp.support for s, sp in game.state.spaces.items()} == \
        {s: sp.support for s, sp in printed.spaces.items()}
    assert game.state.current is None          # 2.2 no card before the forces are placed
    seats: list[str] = []
    while game.state.step.name == "deployment":
        assert game.seat is not None
        if not seats or seats[-1] != game.seat:
            seats.append(game.seat)
        game.act(game.offered()[0])
    assert seats == ["warlords", "government", "taliban", "coalition"]
    on_map: Counter[str] = Counter()
    for sp in game.state.spaces.values():
        for kind, n in sp.pieces.items():
            on_map[DATA_TYPE.get(kind, kind)] += n
    assert {p: n for p, n in on_map.items() if n} == \
        {p: printed.on_map(p) for p in PIECE_TYPES if printed.on_map(p)}
    assert game.state.current is not None and game.state.step.name in ("card", "civic",
                                                                      "propaganda")
    assert refold(game) == game.state


def test_2_1_open_deployment_government_provinces_of_printed_pop_1_or_2() -> None:
    game = new_game("short", {"deployment": "open"})
    deploy_until(game, "government", "afghan_province_pop_1_2")
    spaces = offered_spaces(game, "police")
    assert "khowst" in spaces          # Pop 2 printed, 3 with its +1 Pop marker
    assert "herat" in spaces and "kandahar" in spaces
    assert not {"kabul", "farah", "zabol", "waziristan", "loc_kandahar_kabul"} & spaces


def test_2_1_open_deployment_taliban_one_base_in_each_pakistan_space() -> None:
    game = new_game("short", {"deployment": "open"})
    deploy_until(game, "taliban", "each_pakistan")
    assert set(game.offered()) == {f"place 1 taliban_bases in {n}" for n in
                                   ("Balochistan", "Northwest Frontier", "Waziristan")}
    game.act("place 1 taliban_bases in Waziristan")
    assert "place 1 taliban_bases in Waziristan" not in game.offered()
    game.act("place 1 taliban_bases in Balochistan")
    game.act("place 1 taliban_bases in Northwest Frontier")
    line = deployment_line(game)
    assert line.where == "pashtun"
    guerrillas = offered_spaces(game, "taliban_underground")
    assert {"balochistan", "waziristan", "kandahar", "kabul"} <= guerrillas
    assert not {"balkh", "herat", "loc_kandahar_kabul"} & guerrillas


def test_2_1_open_deployment_keeps_stacking_and_pakistan_closed_to_the_coalition() -> None:
    game = new_game("short", {"deployment": "open"})
    deploy_until(game, "coalition", "afghan")
    bases = offered_spaces(game, "coalition_bases")
    assert not {"waziristan", "balochistan", "loc_kandahar_kabul"} & bases
    full = [s for s, sp in game.state.spaces.items()
            if sum(sp.count(k) for k in BASES) >= 2]
    assert full and not set(full) & bases        # 1.4.2 at most 2 Bases
    assert "loc_kandahar_kabul" in offered_spaces(game, "coalition_troops")


def test_2_1_open_deployment_a_non_player_faction_is_set_up_as_printed() -> None:
    seats = [["coalition"], ["government"], ["taliban"]]
    game = new_game("short", {"deployment": "open", "players": seats})
    printed = default_data().scenarios["short"]
    assert faction_on_map(game, "warlords") == sum(
        s.faction_count("warlords") for s in printed.spaces.values())
    assert game.seat == "government"


# --- 7.3 the Deception option ---------------------------------------------------------

THREE = [["coalition", "warlords"], ["government"], ["taliban"]]


def deception_game(players: list[list[str]] | None = None) -> Game:
    """A Deception game whose first card is an Event card."""
    for seed in range(1, 200):
        options: dict[str, object] = {"deception": "on"}
        if players:
            options["players"] = players
        game = new_game("short", options, seed=seed)
        if game.state.step.name == "card":
            return game
    raise AssertionError("no such seed")


def test_7_3_deception_each_player_draws_2_markers_sealed_to_their_seats() -> None:
    game = deception_game(THREE)
    drawn = [e for e in game.log if isinstance(e, DeceptionDrawn)]
    assert [(e.player, e.hand.sealed_to) for e in drawn] == [
        ("coalition+warlords", ["coalition", "warlords"]), ("government", ["government"]),
        ("taliban", ["taliban"])]
    hands = [e.hand.value for e in drawn]
    assert all(len(h) == 2 for h in hands)
    every = Counter(m for h in hands for m in h)
    assert set(every) <= set(MARKERS) and all(n <= 4 for n in every.values())
    assert sorted(pool()) == sorted(MARKERS * 4)      # 12 markers, 4/4/4 (inferred)


def test_7_3_deception_markers_are_hidden_from_the_other_seats() -> None:
    game = deception_game()
    own = game.rules.view(game.state, "taliban").deception_held
    assert own["taliban"] == game.state.deception_held["taliban"]
    assert own["coalition"] == [UNKNOWN, UNKNOWN]
    assert all(h == [UNKNOWN, UNKNOWN]
               for h in game.rules.view(game.state, None).deception_held.values())
    # a copy that cannot see a hand (an export redacted for another seat) folds it unknown
    drawn = next(e for e in game.log if isinstance(e, DeceptionDrawn))
    redacted = drawn.model_copy(update={"hand": drawn.hand.model_copy(
        update={"value": None, "salt": None})})
    state = game.rules.initial_state()
    game.rules.evolve(state, redacted)
    assert state.deception_held[drawn.player] == [UNKNOWN, UNKNOWN]


@pytest.mark.parametrize("players", [[["coalition", "government"], ["taliban", "warlords"]]])
def test_7_3_deception_is_for_3_or_4_players(players: list[list[str]]) -> None:
    with pytest.raises(CourierError) as raised:
        checked_options({"deception": "on", "players": players})
    assert raised.value.msg.key == "adp.error.deception_players"
    assert "7.3" in raised.value.message("es")
    assert checked_options({"deception": "on", "players": THREE})["deception"] == "on"


def test_7_3_a_player_may_reveal_a_marker_whenever_asked() -> None:
    game = deception_game()
    seat = game.seat
    assert seat is not None
    held = game.state.deception_held[seat]
    reveals = [a for a in game.offered() if a.startswith("reveal")]
    assert reveals == [f"reveal {m}" for m in MARKERS if m in held]
    other = next(f for f in FACTIONS if f != seat)
    assert not [a for a in game.rules.legal_actions(game.state, other).actions
                if a.verb == "reveal"]
    step, prompt = game.state.step, game.rules.legal_actions(game.state, seat).prompt
    events = game.act(reveals[0])
    assert [e.type for e in events] == ["DeceptionRevealed"]
    assert game.seat == seat and game.state.step == step
    assert game.rules.legal_actions(game.state, seat).prompt == prompt
    assert game.state.deception_revealed[seat] == [reveals[0].split()[1]]
    assert len(game.state.deception_held[seat]) == 1
    assert refold(game) == game.state


def test_7_3_hidden_agenda_adds_1_to_its_players_margin() -> None:
    game = deception_game(THREE)
    state = game.state
    state.deception_held = {"coalition+warlords": ["false_threat", "false_threat"],
                            "government": ["false_threat", "false_threat"],
                            "taliban": ["false_threat", "false_threat"]}
    state.version += 1
    before = margins(state)
    game.fold([DeceptionRevealed(player="coalition+warlords", kind="false_threat")])
    assert margins(state) == before                         # False Threat: no effect
    state.deception_held["taliban"] = ["hidden_agenda", "false_threat"]
    state.version += 1
    assert margins(state)["taliban"] == before["taliban"] + 1    # counted face down
    assert margins(game.rules.view(state, "government"))["taliban"] == before["taliban"]
    game.fold([DeceptionRevealed(player="taliban", kind="hidden_agenda")])
    assert margins(state)["taliban"] == before["taliban"] + 1    # and for good
    assert margins(game.rules.view(state, "government"))["taliban"] == before["taliban"] + 1
    state.deception_held["coalition+warlords"] = ["hidden_agenda"]
    state.version += 1
    got = margins(state)
    assert (got["coalition"], got["warlords"]) == (before["coalition"] + 1,
                                                   before["warlords"] + 1)


def second_eligible_after_an_operation(game: Game) -> str:
    """The 1st Eligible has executed an Operation only: the 2nd may do a Limited one."""
    first = game.seat
    assert first is not None
    game.state.turn.acted = [(first, Did.OP)]
    game.state.version += 1
    second = game.seat
    assert second is not None and second != first
    return second


def test_7_3_hidden_assets_turn_a_limited_operation_into_an_operation_with_an_sa() -> None:
    game = deception_game()
    second = second_eligible_after_an_operation(game)
    offered = game.offered()
    assert any(a.startswith("limited ") for a in offered)
    full = [a for a in offered if game.rules.parse(game.state, second, a).verb == "operation"]
    assert not full                                          # 2.3.4 Limited only
    game.state.deception_held[second] = ["hidden_assets", "false_threat"]
    game.fold([DeceptionRevealed(player=second, kind="hidden_assets")])
    assert assets_ready(game.state, second)
    offered = game.offered()
    full = [a for a in offered if game.rules.parse(game.state, second, a).verb == "operation"]
    assert full and any(a.startswith("limited ") for a in offered)
    events = game.act(full[0])
    assert [e for e in events if isinstance(e, DeceptionUsed)] == [
        DeceptionUsed(player=second, kind="hidden_assets")]
    assert game.state.step.of(ExecutionData).sa_allowed
    assert not game.state.step.of(ExecutionData).limited
    assert not assets_ready(game.state, second)              # one use


def test_7_3_hidden_assets_wait_when_the_limited_operation_is_chosen() -> None:
    game = deception_game()
    second = second_eligible_after_an_operation(game)
    game.state.deception_held[second] = ["hidden_assets", "false_threat"]
    game.fold([DeceptionRevealed(player=second, kind="hidden_assets")])
    limited = next(a for a in game.offered() if a.startswith("limited "))
    events = game.act(limited)
    assert not [e for e in events if isinstance(e, DeceptionUsed)]
    assert assets_ready(game.state, second)
