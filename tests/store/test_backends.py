"""The store contract beyond the log (issue 18): outbox, cursors, reminders, snapshots and
settings behave alike on every backend; the same events hash alike; ``courier migrate``
copies every game with its chain intact and ``verify`` passes on the copy."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from engine.service import Service
from engine.store import NewEvent, NewNotice, Store, open_store
from engine.store.migrate import migrate
from tests.conftest import REPO


def tick(n: int) -> NewEvent:
    return NewEvent("Tick", 1, f'{{"n":{n}}}', "red", "alice", f"2026-01-01T00:00:{n:02d}Z")


def test_outbox_cursors_and_reminders(store: Any) -> None:
    store.append("g", 0, [tick(1)], [NewNotice("turn", ("red",), {"n": 1})])
    store.append("g", 1, [tick(2)], lambda rows: [NewNotice("turn", ("blue",),
                                                            {"seq": rows[-1].seq})])
    store.add_notices("g", 2, [NewNotice("reminder", ("red",), {}, due="2026-02-01")], "now")
    assert [n.kind for n in store.notices("bot", "2026-01-15")] == ["turn", "turn"]
    first, second = store.notices("bot", "2026-01-15")
    assert second.data == {"seq": 2} and second.seats == ("blue",) and second.seq == 2
    store.acknowledge("bot", first)
    assert store.notices("bot", "2026-01-15") == [second]
    store.acknowledge("bot", second)
    store.acknowledge("bot", first)                     # a cursor never moves back
    (due,) = store.notices("bot", "2026-03-01")
    assert due.kind == "reminder"
    store.acknowledge("bot", due)
    assert store.notices("bot", "2026-03-01") == []
    store.start_reading("mail")                         # a new reader starts at the end
    assert store.notices("mail", "2026-01-15") == []
    assert store.last_notice("g", "turn") == second


def test_snapshots_settings_games(store: Any) -> None:
    store.put_snapshot("g", 5, "v1", b"five")
    store.put_snapshot("g", 9, "v1", b"nine")
    store.put_snapshot("g", 9, "v1", b"NINE")           # replaced, a cache
    store.put_snapshot("g", 12, "v2", b"twelve", keep=2)
    assert store.snapshot_seq("g") == 12
    assert store.snapshot("g", 13, "v1") == (9, b"NINE")
    assert store.snapshot("g", 9, "v1") is None         # keep=2 dropped seq 5
    store.set_setting("game:g", "phase", "waiting")
    store.set_setting("game:g", "phase", "started")
    assert store.setting("game:g", "phase") == "started"
    assert store.setting("game:g", "nothing", "d") == "d"
    store.set_setting("mail", "address:g:raj", "a@example.org")
    store.set_setting("mail", "address:g:congress", "b@example.org")
    store.set_setting("mail", "ticket:g:raj", "t")
    assert store.settings("mail", "address:g:") == {"address:g:congress": "b@example.org",
                                                    "address:g:raj": "a@example.org"}
    store.delete_setting("mail", "address:g:raj")
    assert list(store.settings("mail", "address:")) == ["address:g:congress"]
    assert store.settings("mail") == {"address:g:congress": "b@example.org",
                                      "ticket:g:raj": "t"}


def test_a_front_ends_receipt_is_found_by_its_reference(store: Any) -> None:
    """The e-mail gateway notes each mail it carried out as a notice with the events, and
    asks for it again when the same mail comes twice."""
    store.append("g", 0, [tick(1)], [NewNotice("receipt", ("raj",), {"ref": "<m1@x>"})])
    assert store.has_notice("g", "receipt", "<m1@x>")
    assert not store.has_notice("g", "receipt", "<m2@x>")
    assert not store.has_notice("g", "turn", "<m1@x>")


def test_the_same_events_hash_alike_on_every_backend(store: Any, tmp_path: Path) -> None:
    reference = Store(tmp_path / "reference.db")
    events = [tick(n) for n in range(1, 6)]
    assert [r.hash for r in store.append("g", 0, events)] == \
        [r.hash for r in reference.append("g", 0, events)]


def play(service: Service, game: str) -> None:
    for text in ("add one", "add two", "end turn"):
        service.act(game, "red", "alice", text)


def test_migrate_copies_every_game_with_its_chain(db_url: str, tmp_path: Path) -> None:
    source = Service(Store(tmp_path / "source.db"))
    for game in ("one", "two"):
        service_game = source.create_game("toy", "standard", seats={"red": "alice",
                                          "blue": "bob"}, admin="carol", game_id=game)
        play(source, service_game)
    sent = source.notices("discord")[0]
    source.acknowledge("discord", sent)                 # the bot had handled one notice
    before = {g: source._store.events(g) for g in ("one", "two")}
    pending = [(n.game_id, n.kind, n.data) for n in source.notices("discord")]

    target = open_store(db_url)
    done = migrate(source._store, target)
    copy = Service(target)
    assert sorted(done.games) == ["one", "two"]
    for game, rows in before.items():
        assert target.events(game) == rows               # every hash kept
        assert copy.verify(game).ok
        assert target.seats(game) == source._store.seats(game)
        assert target.setting(f"game:{game}", "phase") == \
            source._store.setting(f"game:{game}", "phase")
    assert [(n.game_id, n.kind, n.data) for n in copy.notices("discord")] == pending
    copy.act("one", "blue", "bob", "add one")            # play goes on in the copy
    assert copy.verify("one").ok


def test_courier_migrate_command(db_url: str, tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")}

    def courier(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "bot.cli", "--plugin", "tests.toy",
                               *args], cwd=REPO, text=True, capture_output=True, timeout=120,
                              env=env)

    assert courier("--db", str(db), "new", "toy", "--game", "g1").returncode == 0
    assert courier("--db", str(db), "act", "g1", "red", "add one").returncode == 0
    moved = courier("migrate", "--from", f"sqlite:///{db}", "--to", db_url)
    assert moved.returncode == 0, moved.stderr
    assert "Copied 1 games" in moved.stdout and "Game g1:" in moved.stdout
    assert courier("--db", db_url, "verify").returncode == 0
    assert courier("--db", db_url, "act", "g1", "red", "add two").returncode == 0
    again = courier("migrate", "--from", str(db), "--to", db_url)
    assert again.returncode == 2 and "already holds games" in again.stdout


def test_two_processes_reading_one_outbox_send_each_notice_once(db_url: str,
                                                                 tmp_path: Path) -> None:
    store = open_store(db_url)
    for n in range(300):
        store.append("g", n, [tick(n % 60)], [NewNotice("turn", ("red",), {"n": n})])
    expected = [n.id for n in store.notices("bot", "9999")]
    go = tmp_path / "go"
    env = {**os.environ, "COURIER_TEST_GO": str(go)}
    procs = [subprocess.Popen([sys.executable, "-m", "tests.store.reader", db_url, "bot",
                               f"r{i}"], cwd=REPO, stdout=subprocess.PIPE, env=env, text=True)
             for i in range(2)]
    deadline = time.monotonic() + 120
    while not all((tmp_path / f"go.r{i}").exists() for i in range(2)):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    go.touch()
    sent = [[int(line) for line in p.communicate(timeout=300)[0].split()] for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    assert sorted(sent[0] + sent[1]) == expected       # every notice, none twice
    assert store.notices("bot", "9999") == []


def test_a_notice_taken_on_a_lease_is_sent_at_least_once(store: Any) -> None:
    """``take``: one holder at a time; the holder may take it again (a retry), another
    process only once the holder's lease ran out (it died unsent); once sent, nobody."""
    store.append("g", 0, [tick(1)], [NewNotice("turn", (), {})])
    notice = store.notices("r", "9999")[0]
    assert store.take("r", notice, "a", "2026-01-01T00:00:10", "2026-01-01T00:00:00") == "mine"
    assert store.take("r", notice, "a", "2026-01-01T00:00:11", "2026-01-01T00:00:01") == "mine"
    assert store.take("r", notice, "b", "2026-01-01T00:00:12", "2026-01-01T00:00:02") == "held"
    assert store.take("other", notice, "b", "2026-01-01T00:00:12", "2026-01-01T00:00:02") \
        == "mine"                                   # another front-end's own lease
    assert store.take("r", notice, "b", "2026-01-01T00:01:00", "2026-01-01T00:00:30") == "mine"
    assert store.take("r", notice, "a", "2026-01-01T00:01:01", "2026-01-01T00:00:31") == "held"
    store.mark_sent("r", notice)
    assert store.take("r", notice, "b", "2026-01-01T00:09:00", "2026-01-01T00:08:00") == "sent"
    assert store.take("r", notice, "c", "2026-01-01T00:09:00", "2026-01-01T00:08:59") == "sent"
