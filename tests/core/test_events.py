"""Events are versioned and read through upcasters; the secret seed is committed."""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal

import pytest
from pydantic import ValidationError

from engine.core import ruleset as registry
from engine.core.events import Event, canonical_hash, decode
from engine.core.messages import InvalidGameData
from engine.service import Service
from tests.toy import Added, Toy


class AddedV2(Event):
    """Version 2 of Added: ``amount`` renamed ``points``."""

    version: ClassVar[int] = 2
    type: Literal["Added"] = "Added"
    seat: str
    points: int


def rename_amount(payload: dict[str, Any]) -> dict[str, Any]:
    payload = dict(payload)
    payload["points"] = payload.pop("amount")
    return payload


class ToyV2(Toy):
    version = "2.0"
    event_types = tuple(AddedV2 if t is Added else t for t in Toy.event_types)
    upcasters = {("Added", 1): rename_amount}


def test_an_old_event_is_upcast_on_read() -> None:
    old = json.dumps({"type": "Added", "seat": "red", "amount": 3})
    event = decode("Added", 1, old, ToyV2.adapter(), ToyV2.latest_version, ToyV2.upcasters)
    assert event == AddedV2(seat="red", points=3)


def test_missing_upcaster_is_an_error() -> None:
    old = json.dumps({"type": "Added", "seat": "red", "amount": 3})
    with pytest.raises(ValueError, match="no upcaster"):
        decode("Added", 1, old, ToyV2.adapter(), ToyV2.latest_version, {})


def test_events_are_frozen() -> None:
    event = Added(seat="red", amount=1)
    with pytest.raises(ValidationError):
        event.amount = 2  # type: ignore[misc]


def test_setup_commits_to_the_seed_and_the_end_reveals_it(service: Service) -> None:
    game = service.create_game("toy", "standard", options={"target": 3})
    created = service.records(game)[0].event
    assert created.type == "GameCreated" and created.ruleset == "toy"
    assert "seed" not in "".join(service.export(game))  # nothing secret leaks mid-game
    result = service.act(game, "red", None, "add three")
    revealed = result.events[-1].event
    assert revealed.type == "SecretRevealed"
    assert canonical_hash({"seed": revealed.seed, "salt": revealed.salt,
                           "deck": revealed.deck}) == created.commitment
    assert service.verify(game).ok


def test_forged_deck_reveal_fails_verify(service: Service) -> None:
    game = service.create_game("toy", "standard", options={"target": 3})
    service.act(game, "red", None, "add three")
    lines = service.export(game)
    last = json.loads(lines[-1])
    payload = json.loads(last["payload"])
    payload["deck"] = list(reversed(payload["deck"]))
    last["payload"] = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    with pytest.raises(InvalidGameData):  # the chain breaks first; nothing is imported
        Service(service._store).import_game([*lines[:-1], json.dumps(last)], game_id="x")
    assert "x" not in [g["id"] for g in service._store.games()]


def test_registry_knows_the_toy() -> None:
    assert "toy" in registry.names()
    with pytest.raises(KeyError):
        registry.get("no such game")
