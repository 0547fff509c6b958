"""A Distant Plain rule 8.1 on the sequence of play: a Non-player never executes a Limited
Operation (a full Operation with its Special Activity instead) and ignores the final
Event card's restriction (2.3.8); a player Faction in the same position is held to both."""

from __future__ import annotations

import engine.games
from engine.coin.ops import ExecutionData
from engine.games.adp.turn import final_event_card
from tests.games.adp.helpers import Game
from tests.games.adp.test_insurgent_ops import position

engine.games.load()

TU, WU = "taliban_underground", "warlords_underground"
NP_WARLORDS = [["coalition"], ["government"], ["taliban"]]


def seated(game: Game, players: list[list[str]] | None) -> Game:
    """The same position with the ``players`` option (1.5) set: Factions left out are
    Non-players."""
    game.state.options = {**game.state.options, "players": players} if players else {
        k: v for k, v in game.state.options.items() if k != "players"}
    game.state.version += 1
    return game


def second_eligible_warlords(players: list[list[str]] | None) -> Game:
    """Card 38 (order Taliban, Coalition, Warlords, Government): the Taliban Rally without
    a Special Activity (an Operation only), the Coalition Passes, the Warlords are next."""
    game = seated(position("taliban", {"ghazni": {"pieces": {TU: 2}},
                                       "balkh": {"pieces": {WU: 2}}}), players)
    assert game.state.current == "38"
    for text in ("rally", "in Ghazni", "place 1 guerrillas", "done", "pass"):
        game.act(text)
    assert game.seat == "warlords"
    return game


def test_8_1_a_player_2nd_eligible_after_an_operation_has_only_limited_operations() -> None:
    offered = second_eligible_warlords(None).offered()
    assert "limited rally" in offered and "rally" not in offered


def test_8_1_a_non_player_2nd_eligible_executes_a_full_operation_and_special_activity() -> None:
    game = second_eligible_warlords(NP_WARLORDS)
    offered = game.offered()
    assert "rally" in offered and not any(t.startswith("limited") for t in offered)
    game.act("rally")
    data = game.state.step.of(ExecutionData)
    assert not data.limited and data.sa_allowed            # 4.1 with its Special Activity


def final_card(players: list[list[str]] | None) -> Game:
    game = seated(position("warlords", {"balkh": {"pieces": {WU: 3}}}), players)
    state = game.state
    state.propaganda_played = state.propaganda_in_deck - 1
    state.upcoming = next(c for c in ("73", "74", "75", "76") if c != state.current)
    state.version += 1
    return game


def test_2_3_8_a_player_on_the_final_event_card_has_no_march_and_only_limited_ops() -> None:
    game = final_card(None)
    assert final_event_card(game.state, "warlords")
    offered = game.offered()
    assert "march" not in offered and "limited march" not in offered
    assert "limited rally" in offered and "rally" not in offered


def test_8_1_a_non_player_ignores_the_final_event_card_restriction() -> None:
    game = final_card(NP_WARLORDS)
    assert not final_event_card(game.state, "warlords")
    assert final_event_card(game.state, "taliban")        # the players still are held
    offered = game.offered()
    assert "march" in offered and "rally" in offered
    assert not any(t.startswith("limited") for t in offered)
