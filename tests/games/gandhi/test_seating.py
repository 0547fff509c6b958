"""1.5 Players & Factions: who takes which seats, as the front-ends offer it."""

from __future__ import annotations

import pytest

from engine.core import ruleset as registry
from engine.core.messages import CourierError, NotSeated
from engine.service import Service
from engine.store import Store


@pytest.fixture
def service() -> Service:
    import engine.games

    engine.games.load()
    return Service(Store(":memory:"))


def test_1_5_a_player_of_two_takes_both_factions(service: Service) -> None:
    two = next(c.value for c in registry.get("gandhi").option_choices("en")
               if c.key == "players" and c.value and len(c.value) == 2)
    game = service.create_game("gandhi", "short", options={"players": two}, admin="ann",
                               started=False)
    assert service.join(game, "liga", "bob") == ("congress", "muslim_league")
    with pytest.raises(NotSeated):
        service.join(game, "congress", "cy")          # held by bob
    assert service.free_seats(game) == ["raj", "revolutionaries"]
    service.join(game, "rev", "cy", by_user="ann")    # the admin seats cy
    assert service.seats_of(game, "cy") == ["raj", "revolutionaries"]
    service.start(game, "ann")


def test_1_5_a_faction_nobody_plays_cannot_be_joined(service: Service) -> None:
    game = service.create_game("gandhi", "short", started=False,
                               options={"players": [["congress"], ["raj"]]})
    with pytest.raises(CourierError) as err:
        service.join(game, "revolutionaries", "bob")
    assert "Revolutionaries" in err.value.message("en")
    assert "Rivoluzionari" in err.value.message("it")


def test_every_option_choice_is_a_valid_option_with_labels(service: Service) -> None:
    gandhi = registry.get("gandhi")
    for choice in gandhi.option_choices("en"):
        options = {} if choice.value is None else {choice.key: choice.value}
        service.create_game("gandhi", "short", options=options)
        for lang in ("en", "es", "it"):
            labels = {c.label for c in gandhi.option_choices(lang)}
            assert len(labels) == len(gandhi.option_choices(lang))
            assert not any(label.startswith("gandhi.") for label in labels)
