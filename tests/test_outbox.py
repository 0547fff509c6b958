"""The outbox (DESIGN.md §4): every notice is written with its events, each front-end
reads it through its own cursor, exactly once across restarts, and a move made through
one front-end reaches the seats of every other; reminders wait for their due time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from engine.service import Service
from engine.store import Store, StoredNotice


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="milliseconds")


def drain(service: Service, reader: str) -> list[StoredNotice]:
    """A front-end's loop: deliver what is new, then acknowledge it."""
    got = service.notices(reader)
    for notice in got:
        service.acknowledge(reader, notice)
    return got


def kinds(notices: list[StoredNotice]) -> list[tuple[str, tuple[str, ...]]]:
    return [(n.kind, n.seats) for n in notices]


def test_a_mail_front_end_and_a_discord_front_end_each_hear_the_others_moves(
        service: Service, duel: str) -> None:
    for reader in ("discord", "mail"):
        service.start_reading(reader)
    service.act(duel, "red", "alice", "add two")          # alice plays on Discord
    service.act(duel, "red", "alice", "end turn")
    assert kinds(drain(service, "mail")) == [("turn", ("red", "blue")), ("decision", ("blue",))]
    service.act(duel, "blue", "bob", "add one")           # bob answers by mail
    service.act(duel, "blue", "bob", "end turn")
    discord = drain(service, "discord")
    assert kinds(discord) == [("turn", ("red", "blue")), ("decision", ("blue",)),
                              ("turn", ("red", "blue")), ("decision", ("red",))]
    assert discord[-1].seq == service._store.head(duel)[0]
    assert drain(service, "discord") == [] and len(drain(service, "mail")) == 2


def test_a_front_end_restarted_between_two_turns_hears_every_notice_once(
        tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    first = Service(Store(path))
    game = first.create_game("toy", "standard", seats={"red": "alice", "blue": "bob"})
    first.start_reading("discord")
    first.act(game, "red", "alice", "add one")
    first.act(game, "red", "alice", "end turn")
    before = drain(first, "discord")
    first._store.close()
    restarted = Service(Store(path))                     # the bot process restarted
    restarted.start_reading("discord")                   # its cursor is kept, not reset
    restarted.act(game, "blue", "bob", "add one")
    restarted.act(game, "blue", "bob", "end turn")
    after = drain(restarted, "discord")
    assert kinds(before) == [("turn", ("red", "blue")), ("decision", ("blue",))]
    assert kinds(after) == [("turn", ("red", "blue")), ("decision", ("red",))]
    assert {n.id for n in before}.isdisjoint({n.id for n in after})
    assert drain(restarted, "discord") == []


def test_a_reminder_comes_once_at_its_deadline_and_not_after_the_decision(
        tmp_path: Path) -> None:
    clock = Clock()
    service = Service(Store(tmp_path / "games.db"), clock=clock)
    game = service.create_game("toy", "standard", seats={"red": "alice", "blue": "bob"},
                               admin="carol")
    service.set_deadline(game, 24, by_user="carol")
    service.start_reading("discord")
    service.act(game, "red", "alice", "add one")
    service.act(game, "red", "alice", "end turn")        # blue must decide within 24 h
    assert kinds(drain(service, "discord")) == [("turn", ("red", "blue")),
                                                ("decision", ("blue",))]
    clock.now += timedelta(hours=23)
    assert drain(service, "discord") == []                # not due yet
    clock.now += timedelta(hours=2)
    assert kinds(drain(service, "discord")) == [("reminder", ("blue",))]
    restarted = Service(Store(tmp_path / "games.db"), clock=clock)
    assert drain(restarted, "discord") == []              # sent once, even after a restart
    restarted.act(game, "blue", "bob", "add one")
    restarted.act(game, "blue", "bob", "end turn")        # red must decide now
    clock.now += timedelta(hours=30)
    assert kinds(drain(restarted, "discord")) == [("turn", ("red", "blue")),
                                                  ("decision", ("red",)),
                                                  ("reminder", ("red",))]


def test_a_reminder_is_dropped_when_the_seat_decided_in_time(tmp_path: Path) -> None:
    clock = Clock()
    service = Service(Store(tmp_path / "games.db"), clock=clock)
    game = service.create_game("toy", "standard", seats={"red": "alice", "blue": "bob"},
                               admin="carol")
    service.set_deadline(game, 1, by_user="carol")
    service.start_reading("mail")
    service.act(game, "red", "alice", "add one")
    service.act(game, "red", "alice", "end turn")
    drain(service, "mail")
    service.act(game, "blue", "bob", "add one")           # blue decides in time...
    clock.now += timedelta(hours=2)
    assert [n.kind for n in drain(service, "mail")] == []  # ...no reminder for blue


def test_undo_requests_and_game_over_are_notices(service: Service, duel: str) -> None:
    service.start_reading("t")
    service.act(duel, "red", "alice", "add one")
    service.act(duel, "red", "alice", "end turn")
    service.undo(duel, "red", "alice")                    # handed over: needs bob's consent
    assert ("undo_requested", ("blue",)) in kinds(drain(service, "t"))
    service.vote_undo(duel, "blue", "bob", approve=True)
    done = drain(service, "t")
    assert [n.data.get("outcome") for n in done if n.kind == "undo_decided"] == ["approved"]
    while service.active(duel):
        seat = sorted(service.active(duel))[0]
        user = {"red": "alice", "blue": "bob"}[seat]
        service.act(duel, seat, user, "add three")
        if service.active(duel):
            service.act(duel, seat, user, "end turn")
    assert drain(service, "t")[-1].kind == "game_over"
