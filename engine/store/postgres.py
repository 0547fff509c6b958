"""The event store in PostgreSQL (issue 18), with the promises of the SQLite one.

- Append-only: triggers in the database refuse UPDATE, DELETE and TRUNCATE on ``events``
  (an ``INSERT ... ON CONFLICT DO UPDATE`` meets the UPDATE trigger; a plain re-insert the
  primary key).
- The same hash chain (``engine.store.sqlite._chain``): the same events hash the same in
  both backends, so export/import and ``courier migrate`` keep every hash.
- Expected-head appends in one transaction: the writer takes a transaction-scoped advisory
  lock on its game, reads the head and refuses a stale expectation with ``Conflict``;
  the ``(game_id, seq)`` primary key is the backstop (a unique violation is a Conflict too).
- The outbox: notice ids come from a sequence, and a sequence hands out ids in the order
  transactions *start* inserting, not the order they commit; a reader whose cursor passed
  id 7 would then never see an id 6 committed later.  Every transaction writing notices
  therefore holds one outbox advisory lock until it commits, so ids commit in order.
- Pooled connections (psycopg_pool), no ORM.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from engine.core.events import GENESIS_HASH
from engine.core.messages import Conflict, GameExists, GameNotFound
from engine.store.sqlite import (
    EVENT_COLUMNS,
    TAKE,
    NewEvent,
    NewNotice,
    StoredEvent,
    StoredNotice,
    _chain,
)

GAME_COLUMNS = ("id", "ruleset", "ruleset_version", "scenario", "options", "language",
                "admin_user", "created_at", "secret", "title")
OUTBOX_LOCK = 0x0C0C0C  # the advisory lock key serialising notice writers
SCHEMA_LOCK = 0x0C0C0D  # ... and the one creating the schema
TRIGGERS = ("events_no_update", "events_no_delete", "events_no_truncate")

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, ruleset TEXT, ruleset_version TEXT,
    scenario TEXT, options TEXT, language TEXT, admin_user TEXT, created_at TEXT,
    secret TEXT, title TEXT);
CREATE TABLE IF NOT EXISTS seats (game_id TEXT, seat TEXT, user_id TEXT, email TEXT,
    name TEXT, PRIMARY KEY (game_id, seat));
CREATE TABLE IF NOT EXISTS settings (scope TEXT, key TEXT, value TEXT,
    PRIMARY KEY (scope, key));
CREATE TABLE IF NOT EXISTS events (game_id TEXT, seq INTEGER, type TEXT NOT NULL,
    version INTEGER, payload TEXT NOT NULL, actor_seat TEXT, actor_user TEXT, time TEXT,
    prev_hash TEXT, hash TEXT NOT NULL, PRIMARY KEY (game_id, seq));
CREATE TABLE IF NOT EXISTS snapshots (game_id TEXT, seq INTEGER, ruleset_version TEXT,
    data BYTEA, PRIMARY KEY (game_id, seq));
CREATE TABLE IF NOT EXISTS notices (id BIGSERIAL PRIMARY KEY, game_id TEXT NOT NULL,
    seq INTEGER NOT NULL, kind TEXT NOT NULL, seats TEXT NOT NULL, data TEXT NOT NULL,
    due TEXT, created TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS notices_due ON notices (due);
CREATE INDEX IF NOT EXISTS notices_game_kind ON notices (game_id, kind, id);
CREATE TABLE IF NOT EXISTS cursors (reader TEXT PRIMARY KEY, position BIGINT);
CREATE TABLE IF NOT EXISTS reminders_sent (reader TEXT, notice_id BIGINT,
    PRIMARY KEY (reader, notice_id));
CREATE TABLE IF NOT EXISTS claims (reader TEXT, notice_id BIGINT,
    PRIMARY KEY (reader, notice_id));
CREATE TABLE IF NOT EXISTS deliveries (reader TEXT, notice_id BIGINT, owner TEXT NOT NULL,
    taken TEXT NOT NULL, sent INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (reader, notice_id));
CREATE OR REPLACE FUNCTION courier_events_append_only() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'the event log is append-only'; END; $$ LANGUAGE plpgsql;
CREATE OR REPLACE TRIGGER events_no_update BEFORE UPDATE ON events
    FOR EACH ROW EXECUTE FUNCTION courier_events_append_only();
CREATE OR REPLACE TRIGGER events_no_delete BEFORE DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION courier_events_append_only();
CREATE OR REPLACE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION courier_events_append_only();
"""

SELECT_EVENTS = f"SELECT {', '.join(EVENT_COLUMNS)} FROM events"
SELECT_NOTICES = "SELECT id, game_id, seq, kind, seats, data, due, created FROM notices"
INSERT_EVENT = (f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) "
                f"VALUES ({', '.join(['%s'] * len(EVENT_COLUMNS))})")


def _game_lock(game_id: str) -> int:
    """A stable 63-bit advisory lock key for a game (crc32 is enough: a collision only
    makes two games' writers wait for each other)."""
    return zlib.crc32(game_id.encode()) + 1


def _notice(row: Sequence[Any]) -> StoredNotice:
    return StoredNotice(int(row[0]), row[1], row[2], row[3], tuple(json.loads(row[4])),
                        json.loads(row[5]), row[6], row[7])


class PostgresStore:
    """The PostgreSQL store: the interface of ``engine.store.sqlite.Store``."""

    def __init__(self, url: str, min_size: int = 1, max_size: int = 8) -> None:
        self.path = url  # what the CLI reports as the database
        self.url = url
        # fail now with the server's reason (a pool would retry for 30 s and say "timeout")
        psycopg.connect(url, connect_timeout=10).close()
        self.pool = ConnectionPool(url, min_size=min_size, max_size=max_size, open=True,
                                   kwargs={"autocommit": False})
        self._create_schema()

    def _create_schema(self) -> None:
        """Tables and triggers, once: DDL takes table locks that would wait on (and
        deadlock with) running appends, so a complete schema is left alone."""
        with self._tx() as cur:
            if self._schema_complete(cur):
                return
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [SCHEMA_LOCK])  # one creator
            if not self._schema_complete(cur):
                cur.execute(SCHEMA)

    @staticmethod
    def _schema_complete(cur: psycopg.Cursor[Any]) -> bool:
        row = cur.execute("SELECT count(*), to_regclass('claims') IS NOT NULL AND "
                          "to_regclass('deliveries') IS NOT NULL FROM pg_trigger WHERE "
                          "tgrelid = to_regclass('events') AND tgname = ANY(%s)",
                          [list(TRIGGERS)]).fetchone()
        return bool(row and row[0] == len(TRIGGERS) and row[1])

    def close(self) -> None:
        self.pool.close()

    @contextmanager
    def _tx(self, rows: bool = False) -> Iterator[psycopg.Cursor[Any]]:
        """A cursor in one transaction, committed on success, rolled back on error."""
        with (self.pool.connection() as conn, conn.transaction(),
              conn.cursor(row_factory=dict_row) if rows else conn.cursor() as cur):
            yield cur

    # --- games, seats, settings ----------------------------------------------------------
    def create_game(self, game: dict[str, Any]) -> None:
        record = {**game, "options": json.dumps(game.get("options", {}), sort_keys=True)}
        cols = [c for c in GAME_COLUMNS if c in record]
        try:
            with self._tx() as cur:
                cur.execute(f"INSERT INTO games ({', '.join(cols)}) VALUES "
                            f"({', '.join(['%s'] * len(cols))})", [record[c] for c in cols])
        except psycopg.errors.UniqueViolation:
            raise GameExists(game=game["id"]) from None

    def game(self, game_id: str) -> dict[str, Any]:
        with self._tx(rows=True) as cur:
            row = cur.execute("SELECT * FROM games WHERE id = %s", [game_id]).fetchone()
        if row is None:
            raise GameNotFound(game=game_id)
        row = dict(row)
        row["options"] = json.loads(row["options"] or "{}")
        return row

    def games_with_heads(self) -> list[tuple[dict[str, Any], int, bool, str]]:
        with self._tx() as cur:
            rows = cur.execute(
                "SELECT g.id, (SELECT seq FROM events e WHERE e.game_id = g.id ORDER BY seq "
                "DESC LIMIT 1), (SELECT type FROM events e WHERE e.game_id = g.id ORDER BY "
                "seq DESC LIMIT 1), (SELECT value FROM settings s WHERE s.scope = 'game:' || "
                "g.id AND s.key = 'phase') FROM games g ORDER BY g.created_at, g.id").fetchall()
        by_id = {g["id"]: g for g in self.games()}
        return [(by_id[r[0]], r[1] or 0, r[2] == "SecretRevealed", r[3] or "started")
                for r in rows]

    def games(self) -> list[dict[str, Any]]:
        with self._tx(rows=True) as cur:
            return [dict(r) for r in
                    cur.execute("SELECT * FROM games ORDER BY created_at, id").fetchall()]

    def set_seat(self, game_id: str, seat: str, user_id: str | None,
                 email: str | None = None, name: str | None = None) -> None:
        with self._tx() as cur:
            cur.execute("INSERT INTO seats (game_id, seat, user_id, email, name) VALUES "
                        "(%s, %s, %s, %s, %s) ON CONFLICT (game_id, seat) DO UPDATE SET "
                        "user_id = excluded.user_id, email = excluded.email, "
                        "name = excluded.name", [game_id, seat, user_id, email, name])

    def seats(self, game_id: str) -> dict[str, dict[str, Any]]:
        with self._tx(rows=True) as cur:
            rows = cur.execute("SELECT * FROM seats WHERE game_id = %s", [game_id]).fetchall()
        return {r["seat"]: dict(r) for r in rows}

    def set_setting(self, scope: str, key: str, value: str) -> None:
        with self._tx() as cur:
            cur.execute("INSERT INTO settings (scope, key, value) VALUES (%s, %s, %s) "
                        "ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value",
                        [scope, key, value])

    def setting(self, scope: str, key: str, default: str | None = None) -> str | None:
        with self._tx() as cur:
            row = cur.execute("SELECT value FROM settings WHERE scope = %s AND key = %s",
                              [scope, key]).fetchone()
        return row[0] if row else default

    def delete_setting(self, scope: str, key: str) -> None:
        with self._tx() as cur:
            cur.execute("DELETE FROM settings WHERE scope = %s AND key = %s", [scope, key])

    def settings(self, scope: str, prefix: str = "") -> dict[str, str]:
        """The settings of ``scope`` whose key begins with ``prefix``, by key."""
        with self._tx() as cur:
            rows = cur.execute(
                "SELECT key, value FROM settings WHERE scope = %s AND left(key, %s) = %s "
                "ORDER BY key", [scope, len(prefix), prefix]).fetchall()
        return {r[0]: r[1] for r in rows}

    # --- the log -------------------------------------------------------------------------
    def head(self, game_id: str) -> tuple[int, str]:
        with self._tx() as cur:
            return self._head(cur, game_id)

    @staticmethod
    def _head(cur: psycopg.Cursor[Any], game_id: str) -> tuple[int, str]:
        row = cur.execute("SELECT seq, hash FROM events WHERE game_id = %s "
                          "ORDER BY seq DESC LIMIT 1", [game_id]).fetchone()
        return (row[0], row[1]) if row else (0, GENESIS_HASH)

    def append(self, game_id: str, expected_head: int, events: Sequence[NewEvent],
               notices: Sequence[NewNotice] | Callable[[list[StoredEvent]], Sequence[NewNotice]]
               = ()) -> list[StoredEvent]:
        """Append ``events`` after ``expected_head`` with the notices they cause, in one
        transaction, or raise Conflict with nothing written."""
        try:
            with self._tx() as cur:
                cur.execute("SELECT pg_advisory_xact_lock(%s)", [_game_lock(game_id)])
                head, prev = self._head(cur, game_id)
                if head != expected_head:
                    raise Conflict(expected_head, head)
                rows = _chain(game_id, head, prev, events)
                cur.executemany(INSERT_EVENT, [tuple(getattr(r, c) for c in EVENT_COLUMNS)
                                               for r in rows])
                now = rows[-1].time if rows else ""
                made = notices(rows) if callable(notices) else notices
                if made:
                    self._insert_notices(cur, game_id, rows[-1].seq if rows else head, made,
                                         now)
        except psycopg.errors.UniqueViolation:
            raise Conflict(expected_head, self.head(game_id)[0]) from None
        return rows

    def events(self, game_id: str, after: int = 0, upto: int | None = None) -> list[StoredEvent]:
        sql = SELECT_EVENTS + " WHERE game_id = %s AND seq > %s"
        params: list[Any] = [game_id, after]
        if upto is not None:
            sql += " AND seq <= %s"
            params.append(upto)
        with self._tx() as cur:
            return [StoredEvent(*row) for row in
                    cur.execute(sql + " ORDER BY seq", params).fetchall()]

    def insert_verbatim(self, game_id: str, rows: Sequence[StoredEvent]) -> None:
        """Write already-chained rows (an import) into an empty game, in one transaction."""
        with self._tx() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [_game_lock(game_id)])
            head, _ = self._head(cur, game_id)
            if head != 0:
                raise Conflict(0, head)
            cur.executemany(INSERT_EVENT, [tuple({**r.as_dict(), "game_id": game_id}[c]
                                                 for c in EVENT_COLUMNS) for r in rows])

    # --- the outbox ----------------------------------------------------------------------
    def has_notice(self, game_id: str, kind: str, ref: str) -> bool:
        """Whether the game has a notice of ``kind`` whose data names ``ref`` (a front-end's
        receipt for a message it took, written with the message's events)."""
        with self._tx() as cur:
            row = cur.execute(
                "SELECT 1 FROM notices WHERE game_id = %s AND kind = %s AND "
                "(data::jsonb) ->> 'ref' = %s LIMIT 1", [game_id, kind, ref]).fetchone()
        return row is not None

    def notices(self, reader: str, now: str, limit: int = 500) -> list[StoredNotice]:
        position = self.cursor(reader)
        with self._tx() as cur:
            rows = cur.execute(
                SELECT_NOTICES + " WHERE (due IS NULL AND id > %s) OR (due IS NOT NULL AND "
                "due <= %s AND id NOT IN (SELECT notice_id FROM reminders_sent WHERE "
                "reader = %s)) ORDER BY id LIMIT %s", [position, now, reader, limit]).fetchall()
        return [_notice(r) for r in rows]

    def add_notices(self, game_id: str, seq: int, notices: Sequence[NewNotice],
                    now: str) -> None:
        with self._tx() as cur:
            self._insert_notices(cur, game_id, seq, notices, now)

    @staticmethod
    def _insert_notices(cur: psycopg.Cursor[Any], game_id: str, seq: int,
                        notices: Sequence[NewNotice], now: str) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", [OUTBOX_LOCK])  # ids commit in order
        cur.executemany("INSERT INTO notices (game_id, seq, kind, seats, data, due, created) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                        [[game_id, seq, n.kind, json.dumps(list(n.seats)),
                          json.dumps(n.data, sort_keys=True), n.due, now] for n in notices])

    def last_notice(self, game_id: str, kind: str) -> StoredNotice | None:
        with self._tx() as cur:
            row = cur.execute(SELECT_NOTICES + " WHERE game_id = %s AND kind = %s "
                              "ORDER BY id DESC LIMIT 1", [game_id, kind]).fetchone()
        return _notice(row) if row else None

    def cursor(self, reader: str) -> int:
        with self._tx() as cur:
            row = cur.execute("SELECT position FROM cursors WHERE reader = %s",
                              [reader]).fetchone()
        return int(row[0]) if row else 0

    def acknowledge(self, reader: str, notice: StoredNotice) -> None:
        with self._tx() as cur:
            if notice.due is None:
                cur.execute("INSERT INTO cursors (reader, position) VALUES (%s, %s) "
                            "ON CONFLICT (reader) DO UPDATE SET position = "
                            "GREATEST(cursors.position, excluded.position)",
                            [reader, notice.id])
            else:
                cur.execute("INSERT INTO reminders_sent (reader, notice_id) VALUES (%s, %s) "
                            "ON CONFLICT DO NOTHING", [reader, notice.id])

    def claim(self, reader: str, notice: StoredNotice) -> bool:
        """Take ``notice`` for sending under ``reader``: True for exactly one of the
        processes that read it (the primary key decides; at most once)."""
        with self._tx() as cur:
            cur.execute("INSERT INTO claims (reader, notice_id) VALUES (%s, %s) "
                        "ON CONFLICT DO NOTHING", [reader, notice.id])
            return cur.rowcount == 1

    def take(self, reader: str, notice: StoredNotice, owner: str, now: str,
             stale: str) -> str:
        """The lease of ``engine.store.sqlite.Store.take``."""
        with self._tx() as cur:
            cur.execute(TAKE.replace("?", "%s"), [reader, notice.id, owner, now, stale])
            if cur.rowcount == 1:
                return "mine"
            row = cur.execute("SELECT sent FROM deliveries WHERE reader = %s AND "
                              "notice_id = %s", [reader, notice.id]).fetchone()
        return "sent" if row and row[0] else "held"

    def mark_sent(self, reader: str, notice: StoredNotice) -> None:
        with self._tx() as cur:
            cur.execute("UPDATE deliveries SET sent = 1 WHERE reader = %s AND notice_id = %s",
                        [reader, notice.id])

    def start_reading(self, reader: str) -> None:
        with self._tx() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [OUTBOX_LOCK])
            cur.execute("INSERT INTO cursors (reader, position) SELECT %s, COALESCE(MAX(id), "
                        "0) FROM notices ON CONFLICT DO NOTHING", [reader])

    # --- everything, for a migration to another store -----------------------------------
    def all_settings(self) -> list[tuple[str, str, str]]:
        with self._tx() as cur:
            return [(r[0], r[1], r[2]) for r in cur.execute(
                "SELECT scope, key, value FROM settings ORDER BY scope, key").fetchall()]

    def all_notices(self) -> list[StoredNotice]:
        with self._tx() as cur:
            return [_notice(r) for r in cur.execute(SELECT_NOTICES + " ORDER BY id").fetchall()]

    def readers(self) -> dict[str, tuple[int, list[int]]]:
        with self._tx() as cur:
            out: dict[str, tuple[int, list[int]]] = {
                r[0]: (int(r[1]), []) for r in
                cur.execute("SELECT reader, position FROM cursors").fetchall()}
            for reader, notice_id in cur.execute(
                    "SELECT reader, notice_id FROM reminders_sent ORDER BY notice_id"):
                out.setdefault(reader, (0, []))[1].append(int(notice_id))
        return out

    def copy_notice(self, notice: StoredNotice) -> int:
        with self._tx() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [OUTBOX_LOCK])
            row = cur.execute(
                "INSERT INTO notices (game_id, seq, kind, seats, data, due, created) VALUES "
                "(%s, %s, %s, %s, %s, %s, %s) RETURNING id",
                [notice.game_id, notice.seq, notice.kind, json.dumps(list(notice.seats)),
                 json.dumps(notice.data, sort_keys=True), notice.due, notice.created]
            ).fetchone()
        return int(row[0]) if row else 0

    def set_reader(self, reader: str, position: int, reminders: Sequence[int]) -> None:
        with self._tx() as cur:
            cur.execute("INSERT INTO cursors (reader, position) VALUES (%s, %s) ON CONFLICT "
                        "(reader) DO UPDATE SET position = excluded.position",
                        [reader, position])
            cur.executemany("INSERT INTO reminders_sent (reader, notice_id) VALUES (%s, %s) "
                            "ON CONFLICT DO NOTHING", [(reader, n) for n in reminders])

    # --- snapshots (a cache, never the record) -------------------------------------------
    def put_snapshot(self, game_id: str, seq: int, ruleset_version: str, data: bytes,
                     keep: int | None = None) -> None:
        with self._tx() as cur:
            cur.execute("INSERT INTO snapshots (game_id, seq, ruleset_version, data) VALUES "
                        "(%s, %s, %s, %s) ON CONFLICT (game_id, seq) DO UPDATE SET "
                        "ruleset_version = excluded.ruleset_version, data = excluded.data",
                        [game_id, seq, ruleset_version, data])
            if keep is not None:
                cur.execute("DELETE FROM snapshots WHERE game_id = %s AND seq NOT IN "
                            "(SELECT seq FROM snapshots WHERE game_id = %s ORDER BY seq "
                            "DESC LIMIT %s)", [game_id, game_id, keep])

    def snapshot_seq(self, game_id: str) -> int:
        with self._tx() as cur:
            row = cur.execute("SELECT MAX(seq) FROM snapshots WHERE game_id = %s",
                              [game_id]).fetchone()
        return int(row[0] or 0) if row else 0

    def snapshot(self, game_id: str, before: int, ruleset_version: str
                 ) -> tuple[int, bytes] | None:
        with self._tx() as cur:
            row = cur.execute(
                "SELECT seq, data FROM snapshots WHERE game_id = %s AND seq < %s AND "
                "ruleset_version = %s ORDER BY seq DESC LIMIT 1",
                [game_id, before, ruleset_version]).fetchone()
        return (row[0], bytes(row[1])) if row else None
