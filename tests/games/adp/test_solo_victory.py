"""8.8 (the second, "Victoria con 1 Jugador") A 1-player game: it ends only at a Victory
Phase where the lone player's margin (7.3) is below a Non-player's; the player wins by
outlasting the final Round with the highest margin, graded by the difference."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.messages import CourierError
from engine.games.adp.derived import margins, meets
from engine.games.adp.events import ScenarioSetUp
from engine.games.adp.victory import check_players, game_over, players, solo_verdict
from tests.games.adp.helpers import (
    Game,
    answer_all,
    event_game,
    new_game,
    play_card,
    refold,
)

TB = "taliban_bases"
SOLO_TALIBAN = {"players": [["taliban"]]}
# the book's EXAMPLE: Opposition 9 (Kabul 3, Kandahar 2, Khowst 2, Konduz 2) and 12 Taliban
# Bases out; no COIN Control, so COIN-Controlled Pop + Patronage is the Patronage
OPPOSITION_9 = {"kabul": -1, "kandahar": -1, "khowst": -1, "konduz": -1}
BASES_12 = ("balochistan", "northwest_frontier", "waziristan", "helmand", "oruzgan", "zabol")


def solo_game(options: dict[str, Any], patronage: int,
              spaces: dict[str, dict[str, Any]], rounds_played: int = 0,
              warlords: int = 10) -> Game:
    """A game with the ``players`` option ``options`` (set on the setup event: the seating
    refuses Non-players without a bot), the map holding exactly ``spaces``, the Patronage,
    the Warlords' Resources and ``rounds_played`` Propaganda cards played already."""
    game = event_game("short")
    setup = next(e for e in game.log if isinstance(e, ScenarioSetUp))
    changed = setup.model_copy(update={
        "options": options, "spaces": spaces, "patronage": patronage,
        "resources": {**setup.resources, "warlords": warlords}})
    game.log = [changed if e is setup else e for e in game.log]
    game.state = refold(game)
    game.state.propaganda_played = rounds_played
    return game


def example_map() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {s: {"pieces": {}, "support": v}
                                      for s, v in OPPOSITION_9.items()}
    out.update({s: {"pieces": {TB: 2}, "support": 0} for s in BASES_12})
    return out


def test_8_8_1_player_example_taliban_plus_1_government_minus_1_is_a_stalemate() -> None:
    # 8.8 EXAMPLE: the Taliban's margin is 9 + 12 - 20 = +1; the Government's, with COIN
    # Control + Patronage at 34, is 34 - 35 = -1 (the book prints "1": -1 is what makes
    # the player's +1 "2 above the Government"), the best Non-player's: a Stalemate by 2.
    game = solo_game(SOLO_TALIBAN, patronage=34, spaces=example_map(), rounds_played=3)
    assert margins(game.state) == {"coalition": 26 - 30, "government": 34 - 35,
                                   "taliban": 9 + 12 - 20, "warlords": 10 - 40}
    assert meets(game.state, "taliban")          # 7.2 met: in a 1-player game it ends nothing
    play_card(game, "73")                        # the final Propaganda card
    assert game.state.step.name != "card" and game.state.result is None
    answer_all(game)
    result = game.state.result
    assert result is not None and result["reason"] == "final"
    assert result["ranking"][:2] == ["taliban", "government"]
    assert game.rules.outcome(game.state, "en").endswith(
        "The player wins by 2 (8.8): Stalemate! Though a Taliban takeover is not an "
        "immediate possibility, neither are stability and good government. The Coalition "
        "withdraws, leaving the Afghans' future uncertain.")
    assert "¡Punto Muerto!" in game.rules.outcome(game.state, "es")
    assert "Stallo!" in game.rules.outcome(game.state, "it")


def test_8_8_1_player_the_game_ends_at_a_round_where_the_player_is_below_a_non_player(
        ) -> None:
    # Patronage 37: the Government's margin +2 is above the Taliban's +1
    game = solo_game(SOLO_TALIBAN, patronage=37, spaces=example_map())
    play_card(game, "73")
    result = game.state.result
    assert result is not None and result["reason"] == "solo"
    assert result["ranking"][0] == "government"
    outcome = game.rules.outcome(game.state, "en")
    assert "The Government wins Afghanistan (8.8): Pashtun dictatorship!" in outcome
    assert "¡Dictadura Pastún!" in game.rules.outcome(game.state, "es")
    digest = game.rules.narrate(game.state, game.log, "en")  # type: ignore[arg-type]
    assert "Pashtun dictatorship!" in digest
    assert refold(game) == game.state


def test_8_8_1_player_a_non_player_meeting_its_condition_does_not_end_the_game() -> None:
    # Patronage 36: the Government meets its condition (7.2) but its margin +1 only ties
    # the player's: the player is not below it, the game goes on
    game = solo_game(SOLO_TALIBAN, patronage=36, spaces=example_map())
    assert meets(game.state, "government")
    play_card(game, "73")
    assert game.state.result is None and game.state.step.name == "shariah"   # 6.4.2


def test_8_8_1_player_a_tie_after_the_final_round_goes_to_the_non_player() -> None:
    # 8.8 the player must have the highest margin; 7.1 ties go to the Non-players
    game = solo_game(SOLO_TALIBAN, patronage=36, spaces=example_map(), rounds_played=3)
    play_card(game, "73")
    answer_all(game)
    result = game.state.result
    assert result is not None and result["reason"] == "final"
    assert result["ranking"][0] == "government"
    assert "Pashtun dictatorship!" in game.rules.outcome(game.state, "en")


def test_8_8_1_player_a_tie_among_non_players_goes_to_the_warlords_then_the_government(
        ) -> None:
    # Uncontrolled Pop 23 and 48 Resources: the Warlords' margin is +8, as the Government's
    # with Patronage 43; both above the Taliban's +1
    game = solo_game(SOLO_TALIBAN, patronage=43, spaces=example_map(), warlords=48)
    assert margins(game.state)["warlords"] == margins(game.state)["government"] == 8
    play_card(game, "73")
    result = game.state.result
    assert result is not None and result["reason"] == "solo"
    assert result["ranking"][:2] == ["warlords", "government"]
    assert game.rules.outcome(game.state, "en").endswith(
        "The Warlords win Afghanistan (8.8): Feudal mosaic! Afghanistan returns to its "
        "primordial state, a region of fiefdoms rather than a nation. Opium production "
        "flourishes.")


def test_8_8_1_player_grades_6_or_more_surge_vindicated_or_glory_to_jihad() -> None:
    margins_ = {"coalition": 7, "government": 1, "taliban": -5, "warlords": -2}
    coalition = {"ranking": ["coalition", "government", "warlords", "taliban"],
                 "margins": margins_}
    assert solo_verdict(coalition, {"players": [["coalition"]]}, "en").startswith(
        "The player wins by 6 (8.8): Surge vindicated!")
    assert "¡Oleada justificada!" in solo_verdict(coalition, {"players": [["coalition"]]},
                                                  "es")
    taliban_margins = {"coalition": -9, "government": 1, "taliban": 7, "warlords": -2}
    taliban = {"ranking": ["taliban", "government", "warlords", "coalition"],
               "margins": taliban_margins}
    assert solo_verdict(taliban, SOLO_TALIBAN, "en") == \
        "The player wins by 6 (8.8): Glory to Jihad!"
    taliban_margins["taliban"] = 6           # by 5: still a Stalemate
    assert "Stalemate!" in solo_verdict(taliban, SOLO_TALIBAN, "en")
    assert solo_verdict(taliban, {"players": [["taliban"], ["coalition", "government"]]},
                        "en") == ""             # not a 1-player game


def test_8_8_1_player_the_lone_player_is_the_coalition_or_the_taliban() -> None:
    assert check_players([["government"]]) is not None
    refused = check_players([["warlords"]])
    assert refused is not None and "8.8" in refused.render("es")
    assert check_players([["taliban"]]) is None and check_players([["coalition"]]) is None


def test_8_0_a_game_without_players_ends_with_no_players_margin() -> None:
    """8.0 With ``players = []`` every Faction is a Non-player: the game's end lists no
    player's margin (it listed four, reading the empty seating as the default one), and
    the Deception option, for 3 or 4 players (7.3), is refused."""
    assert players({"players": []}) == [] and len(players({})) == 4
    game = new_game("short", {"players": []})
    ended = game_over(game.state, "final")
    assert ended.players == [] and len(ended.ranking) == 4
    with pytest.raises(CourierError):
        new_game("short", {"players": [], "deception": "on"})
