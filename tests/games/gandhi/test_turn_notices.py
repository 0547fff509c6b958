"""The outbox's turn notices for Gandhi: a card's digest is that card, from its title to
its last command (2.3: a card's turn ends when the next card is revealed)."""

from __future__ import annotations

import random

import engine.games
from engine.fuzz import concrete, pick
from engine.service import Service
from engine.store import Store


def test_2_3_each_turn_digest_is_one_card_from_its_title() -> None:
    engine.games.load()
    service = Service(Store(":memory:"))
    game = service.create_game("gandhi", "short", seed="turns")
    service.start_reading("front")
    rng = random.Random(4)
    turns = []
    while len(turns) < 4:
        seat = sorted(service.active(game))[0]
        service.act(game, seat, None, concrete(pick(rng, service.legal(game, seat).actions),
                                               rng))
        turns += [n for n in service.notices("front") if n.kind == "turn"]
        for notice in service.notices("front"):
            service.acknowledge("front", notice)
    for before, after in zip(turns, turns[1:], strict=False):
        assert after.data["since"] == before.data["upto"]      # nothing lost in between
    for notice in turns[1:]:
        told = service.digest(game, "en", notice.data["since"], notice.data["upto"])
        lines = told.splitlines()
        assert lines[0].startswith(("▶ Card", "▶ Campaign")), told
        assert not any(line.startswith("▶") for line in lines[1:]), told
