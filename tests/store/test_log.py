"""The append-only log: races, crashes, tampering (DESIGN.md §4, issue 2 "Must show")."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.core.messages import Conflict
from engine.service import Service
from engine.store import NewEvent, is_postgres, open_store, sqlite_path
from engine.verify import check_chain
from tests.conftest import REPO
from tests.store.writer import main as writer


def tick(n: int) -> NewEvent:
    return NewEvent("Tick", 1, f'{{"n":{n}}}', None, None, "t")


def long_game(service: Service) -> str:
    return service.create_game("toy", "standard", options={"target": 100000}, game_id="race")


def raw_connection(url: str) -> Any:
    """A tamperer's own connection, beside the store (SQL with no store in between)."""
    if is_postgres(url):
        import psycopg

        return psycopg.connect(url)
    return sqlite3.connect(sqlite_path(url))


def raw_error(url: str) -> type[Exception]:
    if is_postgres(url):
        import psycopg

        return psycopg.Error
    return sqlite3.DatabaseError


def assert_whole(store: Any, game: str) -> list[str | None]:
    rows = store.events(game)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))  # no gaps, no doubles
    assert check_chain(rows).ok
    return [r.actor_user for r in rows if r.type == "ActionTaken"]


def test_stale_append_is_refused_and_writes_nothing(store: Any) -> None:
    store.append("g", 0, [tick(1), tick(2)])
    with pytest.raises(Conflict):
        store.append("g", 1, [tick(3)])
    assert [r.seq for r in store.events("g")] == [1, 2]


def test_two_threads_racing(db_url: str, tmp_path: Path) -> None:
    db = db_url
    game = long_game(Service(open_store(db)))
    conflicts: list[int] = []
    threads = [threading.Thread(target=lambda i=i: conflicts.append(
        writer(db, game, f"w{i}", 150, i))) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    actors = assert_whole(open_store(db), game)
    assert Counter(actors) == {"w0": 150, "w1": 150}
    assert sum(conflicts) > 0  # they really raced
    assert Service(open_store(db)).verify(game).ok


def test_two_processes_racing(db_url: str, tmp_path: Path) -> None:
    db = db_url
    game = long_game(Service(open_store(db)))
    go = tmp_path / "go"
    env = {**os.environ, "COURIER_TEST_GO": str(go)}
    procs = [subprocess.Popen([sys.executable, "-m", "tests.store.writer", db, game, f"p{i}",
                               "200", str(i)], cwd=REPO, stdout=subprocess.PIPE, env=env,
                              text=True) for i in range(2)]
    ready = [tmp_path / f"go.p{i}" for i in range(2)]
    deadline = time.monotonic() + 120
    while not all(r.exists() for r in ready):  # both interpreters up and waiting, however
        assert time.monotonic() < deadline      # busy the machine is
        time.sleep(0.01)
    go.touch()
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    actors = assert_whole(open_store(db), game)
    assert Counter(actors) == {"p0": 200, "p1": 200}
    assert sum(out.count("conflict") for out in outputs) > 0  # they really raced
    assert Service(open_store(db)).verify(game).ok


def test_raw_appends_racing_with_expected_heads(db_url: str) -> None:
    db = db_url
    open_store(db)
    landed: Counter[int] = Counter()

    def append_many(worker: int) -> None:
        mine = open_store(db)
        for n in range(200):
            while True:
                head = mine.head("g")[0]
                try:
                    mine.append("g", head, [tick(worker * 1000 + n)])
                    landed[worker] += 1
                    break
                except Conflict:
                    continue

    threads = [threading.Thread(target=append_many, args=(w,)) for w in range(3)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    rows = open_store(db).events("g")
    assert len(rows) == 600 and len({r.payload for r in rows}) == 600
    assert check_chain(rows).ok


def test_process_killed_mid_append_leaves_a_loadable_game(db_url: str, tmp_path: Path) -> None:
    db = db_url
    game = long_game(Service(open_store(db)))
    for attempt in range(3):
        proc = subprocess.Popen([sys.executable, "-m", "tests.store.writer", db, game, "k",
                                 "100000", str(attempt)], cwd=REPO, stdout=subprocess.PIPE)
        assert proc.stdout is not None
        proc.stdout.readline()                  # it is appending now
        time.sleep(0.2 + 0.1 * attempt)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    service = Service(open_store(db))
    assert_whole(service._store, game)
    assert service.verify(game).ok
    state = service.kernel_state(game)
    assert sum(state.game.totals.values()) > 0
    seat = sorted(service.active(game))[0]
    service.act(game, seat, "after", service.legal(game, seat).texts()[0])  # play goes on


def test_edited_row_is_detected_and_named(service: Service, duel: str) -> None:
    for text in ("add one", "add two", "end turn"):
        service.act(duel, "red", "alice", text)
    victim = service._store.events(duel)[-3]        # the "add two" Added event
    url = service._store.path
    conn = raw_connection(url)
    drop = "DROP TRIGGER events_no_update" + (" ON events" if is_postgres(url) else "")
    conn.execute(drop)  # a tamperer with raw SQL access
    conn.execute(f"UPDATE events SET payload = replace(payload, '\"amount\":2', '\"amount\":9')"
                 f" WHERE game_id = '{duel}' AND seq = {victim.seq}")
    conn.commit()
    conn.close()
    report = Service(open_store(url)).verify(duel)
    assert not report.ok and report.first_bad_seq == victim.seq


ROW = ("INTO events (game_id, seq, type, version, payload, hash) "
       "VALUES ('duel', 1, 'X', 1, '{}', 'h')")
CHANGES = {
    "update": ("UPDATE events SET payload = '{}' WHERE seq = 1",) * 2,
    "delete": ("DELETE FROM events WHERE seq = 1",) * 2,
    "delete_all": ("DELETE FROM events", "TRUNCATE events"),
    "replace": ("REPLACE " + ROW, "INSERT " + ROW + " ON CONFLICT (game_id, seq) DO UPDATE SET "
                "payload = excluded.payload"),
    "insert": ("INSERT " + ROW,) * 2,
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_triggers_refuse_changes_to_the_log(service: Service, duel: str, change: str) -> None:
    before = service._store.events(duel)
    url = service._store.path
    sql = CHANGES[change][is_postgres(url)]
    conn = raw_connection(url)
    with pytest.raises(raw_error(url)):
        conn.execute(sql)
    conn.rollback()
    conn.close()
    assert service._store.events(duel) == before


def test_a_log_rewritten_with_a_consistent_chain_fails_revalidation(service: Service,
                                                                    duel: str) -> None:
    """Even if every hash is recomputed, re-deciding the action exposes the edit."""
    service.act(duel, "red", "alice", "add one")
    rows = service._store.events(duel)
    forged = [*rows[:-1]]
    last = rows[-1]
    payload = last.payload.replace('"amount":1', '"amount":7')
    from engine.store.sqlite import _chain

    forged += _chain(duel, last.seq - 1, rows[-2].hash,
                     [NewEvent(last.type, last.version, payload, last.actor_seat,
                               last.actor_user, last.time)])
    store = service._store                         # the forgery, imported as another game
    store.create_game({**store.game(duel), "id": "forged"})
    store.insert_verbatim("forged", forged)
    report = service.verify("forged")
    assert not report.ok and report.first_bad_seq == last.seq - 1  # the action's batch
