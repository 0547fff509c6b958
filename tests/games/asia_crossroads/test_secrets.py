"""9.0, 15.1: each side sees only its own treasury, income, orders and bids until the
rules reveal them -- in views, board texts, digests, pictures and exports -- and a
player's export taken mid-game still verifies without leaking them."""

from __future__ import annotations

import json

import pytest

import renders
from engine.core.messages import InvalidGameData
from engine.core.seal import MARK, opens
from engine.games.asia_crossroads import events as ev
from engine.logfile import read_lines, to_stored
from engine.service import Service
from engine.store import Store
from engine.verify import check_chain

renders.load()


def _walk_sealed(data: object) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    if isinstance(data, dict):
        if MARK in data:
            found.append(data)
        for value in data.values():
            found += _walk_sealed(value)
    elif isinstance(data, list):
        for value in data:
            found += _walk_sealed(value)
    return found


@pytest.fixture
def game() -> tuple[Service, str]:
    service = Service(Store(":memory:"))
    game_id = service.create_game("asia_crossroads", "skirmish", seed="secrets")
    chooser = sorted(service.active(game_id))[0]
    service.act(game_id, chooser, None, "first british")
    while service.kernel_state(game_id).game.levies:          # 5.4.2(3): an uprising's levy
        side = service.kernel_state(game_id).game.levies[0]["side"]
        service.act(game_id, side, None, service.legal(game_id, side).actions[0])
    service.act(game_id, "british", None, "buy 3 supply")      # sealed order, £3
    return service, game_id


def test_9_0_a_seat_sees_its_own_treasury_and_never_the_other_one(game) -> None:
    service, game_id = game
    full = service.kernel_state(game_id).game
    british, russian = service.view(game_id, "british"), service.view(game_id, "russian")
    assert british.treasury["british"] == full.treasury["british"]
    assert russian.treasury["british"] is None and british.treasury["russian"] is None
    assert russian.pending["british"] is None and british.pending["british"]
    assert service.view(game_id, None).income == {"british": None, "russian": None}
    board = service.board_text(game_id, "russian", "en")
    assert "British: treasury ?" in board and "buy 3" not in board


def test_no_digest_history_or_log_given_to_players_shows_a_sealed_order(game) -> None:
    service, game_id = game
    digest = service.digest(game_id, "en")
    assert "buy 3" not in digest and "(sealed)" in digest
    assert all("buy 3" not in c.text for c in service.history(game_id, "en").commands)
    for record in service.seen_records(game_id, ("russian",)):
        payload = record.event.model_dump(mode="json")
        for sealed in _walk_sealed(payload):
            if "british" in sealed[MARK]:
                assert sealed.get("value") is None and sealed.get("salt") is None


def test_the_picture_for_one_seat_does_not_depend_on_the_other_treasury(game) -> None:
    service, game_id = game
    job = service.map_picture(game_id, "en", seat="russian")
    state = job.args[0]
    richer = type(state)(**{**vars(state), "treasury": {**state.treasury, "british": 999}})
    assert state.treasury["british"] is None
    from renders.asia_crossroads.map import render_map
    own_view = service.view(game_id, "russian")
    assert render_map(own_view) == service.draw(job)
    assert render_map(richer) != service.draw(job)       # a treasury would show


def test_an_export_taken_mid_game_keeps_the_other_seat_secrets_and_still_verifies(game) -> None:
    service, game_id = game
    lines = service.export(game_id, ["russian"])
    header, rows = read_lines(lines)
    for row in rows:
        for sealed in _walk_sealed(json.loads(row["payload"])):
            if "british" in sealed[MARK]:
                assert set(sealed) == {"digest", MARK}        # the commitment only
    stored = [to_stored("copy", row) for row in rows]
    assert check_chain(stored).ok                             # the hash chain holds
    _, own = read_lines(service.export(game_id, ["british"]))
    assert any(sealed.get("value") for row in own
               for sealed in _walk_sealed(json.loads(row["payload"])))
    with pytest.raises(InvalidGameData):
        Service(Store(":memory:")).import_game(lines)


def test_3_1_orders_are_revealed_together_and_open_their_commitments(game) -> None:
    service, game_id = game
    service.act(game_id, "russian", None, "buy 2 supply")
    assert service.active(game_id) == {"british", "russian"}   # asked of both at once
    service.act(game_id, "british", None, "done")
    assert "buy 2" not in service.digest(game_id, "en")
    service.act(game_id, "russian", None, "done")
    records = service.seen_records(game_id, ())
    revealed = next(r.event for r in records if isinstance(r.event, ev.OrdersRevealed))
    sealed = [r.event for r in service.records(game_id) if isinstance(r.event, ev.OrderSealed)]
    for event in sealed:
        order = next(o for o in revealed.orders[event.seat]
                     if o["salt"] == event.order.salt)
        value = {k: order[k] for k in ("text", "order", "cost")}
        assert opens(event.order, value, str(order["salt"]))
    assert "buy 3 supply" in service.digest(game_id, "en")     # revealed now
    assert service.verify(game_id).ok


# --- 14.1, 14.4 concealed stacks ------------------------------------------------------------------
def _to_movement(service: Service, game_id: str) -> None:
    for seat in ("british", "russian"):
        service.act(game_id, seat, None, "done")
    assert service.kernel_state(game_id).game.sub == "movement"


def test_14_4_a_stack_shows_the_other_side_only_its_number_of_counters(game) -> None:
    service, game_id = game
    full = service.kernel_state(game_id).game
    british = sorted(u.kind for u in full.units.values() if u.where == "L8")
    russian_view = service.view(game_id, "russian")
    seen = [u for u in russian_view.units.values() if u.where == "L8"]
    assert len(seen) == len(british) and {u.kind for u in seen} == {"hidden"}
    assert sorted(u.kind for u in service.view(game_id, "british").units.values()
                  if u.where == "L8") == british
    assert "field force" not in service.board_text(game_id, "russian", "en").split(
        "L8 Peshawar")[1].splitlines()[0]


def test_14_1_1_where_the_sides_meet_every_unit_is_revealed(game) -> None:
    service, game_id = game
    import copy
    state = copy.deepcopy(service.kernel_state(game_id).game)
    from engine.games.asia_crossroads.ruleset import AsiaCrossroads
    from engine.games.asia_crossroads.state import Unit
    state.units["spy"] = Unit("spy", "russian", "garrison", 1, "L8")
    seen = AsiaCrossroads().view(state, "russian")
    assert "hidden" not in {u.kind for u in seen.units.values() if u.where == "L8"}


def test_14_4_reorganising_and_leaving_units_are_sealed_to_the_owner(game) -> None:
    service, game_id = game
    _to_movement(service, game_id)
    first = service.kernel_state(game_id).game.phasing
    square = "L8" if first == "british" else "I5"
    nation = "british" if first == "british" else "russian"
    service.act(game_id, first, None, f"split {nation} field force at {square}")
    service.act(game_id, first, None, f"march from {square}")
    service.act(game_id, first, None, f"leave {nation} field force")
    other = "russian" if first == "british" else "british"
    texts = [c.text for c in service.history(game_id, "en").commands]
    assert "stack order (sealed)" in texts and not any("split" in c for c in texts)
    for record in service.seen_records(game_id, (other,)):
        if isinstance(record.event, ev.UnitsReorganised | ev.ForceFormed | ev.UnitLeft):
            for sealed in _walk_sealed(record.event.model_dump(mode="json")):
                assert sealed.get("value") is None
    assert service.verify(game_id).ok
