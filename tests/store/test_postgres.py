"""What only the PostgreSQL store has to get right (issue 18)."""

from __future__ import annotations

import threading
import time

from engine.store import NewNotice, open_store


def test_notice_ids_commit_in_their_order(pg_url: str) -> None:
    """A sequence hands out ids as transactions insert, not as they commit: without the
    outbox lock a reader could see id 2, move its cursor past it and never get id 1."""
    import psycopg

    from engine.store.postgres import OUTBOX_LOCK

    store = open_store(pg_url)
    slow = psycopg.connect(pg_url)     # a writer between its notice and its commit
    slow.execute("SELECT pg_advisory_xact_lock(%s)", [OUTBOX_LOCK])
    slow.execute("INSERT INTO notices (game_id, seq, kind, seats, data, created) "
                 "VALUES ('g', 1, 'turn', '[]', '{}', 'now')")
    fast = threading.Thread(target=store.add_notices,
                            args=("g", 1, [NewNotice("turn", (), {})], "now"))
    fast.start()
    time.sleep(0.5)
    assert fast.is_alive() and store.notices("bot", "9999") == []  # it waits its turn
    slow.commit()
    slow.close()
    fast.join(timeout=30)
    assert [n.id for n in store.notices("bot", "9999")] == [1, 2]
    store.close()
