"""1.5.1 Voluntary transfers: Resources between Factions (never the Coalition's) while the
giver or the receiver executes an Operation, Special Activity or Event; the Government's
Patronage to the Warlords' Resources 1 for 1; never by a Non-player (8.1.2), never between
one player's own Factions (1.5)."""

from __future__ import annotations

import pytest

from engine.core.messages import IllegalAction
from engine.games.adp.events import ScenarioSetUp
from tests.games.adp.helpers import Game, event_game, refold


def gifts(game: Game, seat: str) -> list[str]:
    return [a.text for a in game.rules.legal_actions(game.state, seat).actions
            if a.verb in ("transfer", "patronage_to_warlords")]


def give(game: Game, seat: str, text: str) -> None:
    action = game.rules.parse(game.state, seat, text)
    game.fold(game.rules.decide(game.state, seat, action, game.chance))


def seated(game: Game, players: list[list[str]]) -> Game:
    """The same game with the ``players`` option on its setup event."""
    setup = next(e for e in game.log if isinstance(e, ScenarioSetUp))
    changed = setup.model_copy(update={"options": {"players": players}})
    game.log = [changed if e is setup else e for e in game.log]
    game.state = refold(game)
    return game


def test_1_5_1_while_the_taliban_execute_an_event_gifts_to_and_from_them() -> None:
    game = event_game("short", "taliban")       # Resources: Gov 30, Taliban 15, WL 20
    assert all(gifts(game, f) == [] for f in ("coalition", "government", "taliban",
                                              "warlords"))   # choosing: nobody executes
    game.act("event unshaded")
    assert gifts(game, "taliban") == ["transfer <1-15> to government",
                                      "transfer <1-15> to warlords"]
    # the Government and the Warlords may give only to the executing Taliban; the
    # Coalition has no Resources (1.8); no Patronage while neither Gov nor WL executes
    assert gifts(game, "government") == ["transfer <1-30> to taliban"]
    assert gifts(game, "warlords") == ["transfer <1-20> to taliban"]
    assert gifts(game, "coalition") == []
    give(game, "government", "transfer 5 to taliban")     # out of turn: a side action
    assert game.state.resources == {"government": 25, "taliban": 20, "warlords": 20}
    assert game.seat == "taliban" and game.state.step.name == "event"
    give(game, "taliban", "transfer 20 to warlords")
    assert game.state.resources["taliban"] == 0 and game.state.resources["warlords"] == 40
    assert gifts(game, "taliban") == []
    with pytest.raises(IllegalAction):
        give(game, "warlords", "transfer 41 to taliban")
    assert refold(game) == game.state


def test_1_5_1_the_government_gives_patronage_to_the_warlords_1_for_1() -> None:
    game = event_game("short", "government")    # Patronage 5
    game.act("event shaded")
    assert gifts(game, "government") == ["transfer <1-30> to taliban",
                                         "transfer <1-30> to warlords",
                                         "transfer <1-5> patronage to warlords"]
    give(game, "government", "transfer 3 patronage to warlords")
    assert (game.state.patronage, game.state.resources["warlords"]) == (2, 23)
    assert game.state.resources["government"] == 30
    assert refold(game) == game.state


def test_1_5_1_8_1_2_a_non_player_never_gives_but_may_receive() -> None:
    game = seated(event_game("short", "taliban"),
                  [["coalition"], ["government"], ["taliban"]])    # NP Warlords (8.5)
    game.act("event unshaded")
    assert gifts(game, "warlords") == []
    assert "transfer <1-15> to warlords" in gifts(game, "taliban")


def test_1_5_1_5_no_transfer_between_one_players_own_factions() -> None:
    game = seated(event_game("short", "taliban"),
                  [["coalition", "government"], ["taliban", "warlords"]])
    game.act("event unshaded")
    assert gifts(game, "taliban") == ["transfer <1-15> to government"]
    assert gifts(game, "warlords") == []
    assert gifts(game, "government") == ["transfer <1-30> to taliban"]


def test_1_5_1_during_an_operation_and_never_during_the_coalitions() -> None:
    game = event_game("short", "taliban")
    game.act("terror")                            # 3.3.4 an Operation
    assert gifts(game, "government") == ["transfer <1-30> to taliban"]
    coalition = event_game("short", "coalition")
    coalition.act("event unshaded")
    assert all(gifts(coalition, f) == [] for f in ("government", "taliban", "warlords"))
