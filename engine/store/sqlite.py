"""The append-only event log and the tables beside it, in SQLite through sqlite-utils.

DESIGN.md §4: one ``events`` table keyed by ``(game_id, seq)``; triggers refuse UPDATE,
DELETE and REPLACE; every row is chained to the one before by a hash; an append carries
the head ``seq`` its writer saw, and a stale writer gets ``Conflict`` with nothing written.
Games, seats, settings and snapshots are ordinary tables.  Snapshots are only a cache.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from engine.core.events import GENESIS_HASH, chain_hash
from engine.core.messages import Conflict, GameExists, GameNotFound

SCHEMA_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_replace BEFORE INSERT ON events
WHEN EXISTS (SELECT 1 FROM events WHERE game_id = NEW.game_id AND seq = NEW.seq)
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
"""


@dataclass(frozen=True)
class NewEvent:
    """An event to append: its type, version and canonical payload JSON."""

    type: str
    version: int
    payload: str
    actor_seat: str | None
    actor_user: str | None
    time: str


# a notice taken on a lease: free, or already this owner's, or its lease run out (unsent)
TAKE = ("INSERT INTO deliveries (reader, notice_id, owner, taken, sent) VALUES (?, ?, ?, ?, 0) "
        "ON CONFLICT (reader, notice_id) DO UPDATE SET owner = excluded.owner, "
        "taken = excluded.taken WHERE deliveries.sent = 0 AND "
        "(deliveries.owner = excluded.owner OR deliveries.taken < ?)")


@dataclass(frozen=True)
class StoredEvent:
    """One row of the log as stored."""

    game_id: str
    seq: int
    type: str
    version: int
    payload: str
    actor_seat: str | None
    actor_user: str | None
    time: str
    prev_hash: str
    hash: str

    def expected_hash(self, prev_hash: str) -> str:
        return chain_hash(prev_hash, self.seq, self.type, self.version, self.payload,
                          self.actor_seat, self.actor_user, self.time)

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in EVENT_COLUMNS}


EVENT_COLUMNS = ("game_id", "seq", "type", "version", "payload", "actor_seat", "actor_user",
                 "time", "prev_hash", "hash")
INSERT_EVENT = f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) VALUES ({', '.join('?' * 10)})"


@dataclass(frozen=True)
class NewNotice:
    """Something a seat must hear about, written with the events that cause it.  ``due``
    (ISO time) makes it a reminder, delivered only from then on."""

    kind: str
    seats: tuple[str, ...]
    data: dict[str, Any]
    due: str | None = None


@dataclass(frozen=True)
class StoredNotice:
    id: int
    game_id: str
    seq: int            # the log's head once its events were appended
    kind: str
    seats: tuple[str, ...]
    data: dict[str, Any]
    due: str | None
    created: str


class Store:
    """The SQLite store.  One connection per thread; safe across processes (WAL)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._local = threading.local()
        self._db: sqlite_utils.Database | None = None
        self._create_schema()

    # --- connection ----------------------------------------------------------------------
    @property
    def db(self) -> sqlite_utils.Database:
        holder = self if self.path == ":memory:" else self._local  # one in-memory database
        db: sqlite_utils.Database | None = getattr(holder, "_db", None)
        if db is None:
            conn = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
            db = sqlite_utils.Database(conn)
            if self.path != ":memory:":
                db.enable_wal()
            db.execute("PRAGMA busy_timeout = 60000")
            db.execute("PRAGMA synchronous = NORMAL")
            holder._db = db
        return db

    def close(self) -> None:
        holder = self if self.path == ":memory:" else self._local
        db = getattr(holder, "_db", None)
        if db is not None:
            db.close()
            holder._db = None

    def _create_schema(self) -> None:
        db = self.db
        db.table("games").create({"id": str, "ruleset": str, "ruleset_version": str,
                            "scenario": str, "options": str, "language": str,
                            "admin_user": str, "created_at": str, "secret": str,
                            "title": str}, pk="id", if_not_exists=True)
        db.table("seats").create({"game_id": str, "seat": str, "user_id": str, "email": str,
                            "name": str}, pk=("game_id", "seat"), if_not_exists=True)
        db.table("settings").create({"scope": str, "key": str, "value": str},
                              pk=("scope", "key"), if_not_exists=True)
        # the log, stored in (game, seq) order without a second index (WITHOUT ROWID)
        db.execute("CREATE TABLE IF NOT EXISTS events (game_id TEXT, seq INTEGER, "
                   "type TEXT NOT NULL, version INTEGER, payload TEXT NOT NULL, "
                   "actor_seat TEXT, actor_user TEXT, time TEXT, prev_hash TEXT, "
                   "hash TEXT NOT NULL, PRIMARY KEY (game_id, seq)) WITHOUT ROWID")
        db.table("snapshots").create({"game_id": str, "seq": int, "ruleset_version": str,
                                "data": bytes}, pk=("game_id", "seq"), if_not_exists=True)
        # the outbox (DESIGN.md §4): notices, each front-end's cursor, reminders it sent
        db.execute("CREATE TABLE IF NOT EXISTS notices (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                   "game_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, "
                   "seats TEXT NOT NULL, data TEXT NOT NULL, due TEXT, created TEXT NOT NULL)")
        db.execute("CREATE INDEX IF NOT EXISTS notices_due ON notices (due)")
        db.table("cursors").create({"reader": str, "position": int}, pk="reader",
                                   if_not_exists=True)
        db.table("reminders_sent").create({"reader": str, "notice_id": int},
                                          pk=("reader", "notice_id"), if_not_exists=True)
        db.table("claims").create({"reader": str, "notice_id": int},
                                  pk=("reader", "notice_id"), if_not_exists=True)
        db.execute("CREATE TABLE IF NOT EXISTS deliveries (reader TEXT, notice_id INTEGER, "
                   "owner TEXT NOT NULL, taken TEXT NOT NULL, sent INTEGER NOT NULL DEFAULT 0, "
                   "PRIMARY KEY (reader, notice_id))")
        db.executescript(SCHEMA_TRIGGERS)

    # --- games, seats, settings ----------------------------------------------------------
    def create_game(self, game: dict[str, Any]) -> None:
        """Add a game's row; ``GameExists`` (nothing written) when its id is in use."""
        record = {**game, "options": json.dumps(game.get("options", {}), sort_keys=True)}
        try:
            self.db.table("games").insert(record)
        except sqlite3.IntegrityError:
            raise GameExists(game=game["id"]) from None

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows as dicts by a plain query: sqlite-utils' ``rows_where`` asks SQLite for
        the table names first, and a command reads the game and its settings several
        times (a seventh of an ``act``, courier bench)."""
        cursor = self.db.execute(sql, params)
        names = [c[0] for c in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def game(self, game_id: str) -> dict[str, Any]:
        rows = self._rows("SELECT * FROM games WHERE id = ?", [game_id])
        if not rows:
            raise GameNotFound(game=game_id)
        row = dict(rows[0])
        row["options"] = json.loads(row["options"] or "{}")
        return row

    def games_with_heads(self) -> list[tuple[dict[str, Any], int, bool, str]]:
        """Every game with its head seq, whether it is over (its last event reveals the
        secret, as every finished game's does) and its phase (``waiting``, ``started``,
        ``abandoned``)."""
        rows = self.db.execute(
            "SELECT g.id, (SELECT seq FROM events e WHERE e.game_id = g.id ORDER BY seq DESC "
            "LIMIT 1), (SELECT type FROM events e WHERE e.game_id = g.id ORDER BY seq DESC "
            "LIMIT 1), (SELECT value FROM settings s WHERE s.scope = 'game:' || g.id AND "
            "s.key = 'phase') FROM games g ORDER BY g.created_at").fetchall()
        by_id = {g["id"]: g for g in self.games()}
        return [(by_id[r[0]], r[1] or 0, r[2] == "SecretRevealed", r[3] or "started")
                for r in rows]

    def games(self) -> list[dict[str, Any]]:
        return self._rows("SELECT * FROM games ORDER BY created_at")

    def set_seat(self, game_id: str, seat: str, user_id: str | None,
                 email: str | None = None, name: str | None = None) -> None:
        self.db.table("seats").upsert({"game_id": game_id, "seat": seat, "user_id": user_id,
                                 "email": email, "name": name}, pk=("game_id", "seat"))

    def seats(self, game_id: str) -> dict[str, dict[str, Any]]:
        return {r["seat"]: r for r in self._rows("SELECT * FROM seats WHERE game_id = ?",
                                                 [game_id])}

    def set_setting(self, scope: str, key: str, value: str) -> None:
        self.db.table("settings").upsert({"scope": scope, "key": key, "value": value},
                                   pk=("scope", "key"))

    def setting(self, scope: str, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE scope = ? AND key = ?",
                              [scope, key]).fetchone()
        return row[0] if row else default

    def delete_setting(self, scope: str, key: str) -> None:
        with self.db.conn:
            self.db.execute("DELETE FROM settings WHERE scope = ? AND key = ?", [scope, key])

    def settings(self, scope: str, prefix: str = "") -> dict[str, str]:
        """The settings of ``scope`` whose key begins with ``prefix``, by key."""
        rows = self.db.execute(
            "SELECT key, value FROM settings WHERE scope = ? AND substr(key, 1, ?) = ? "
            "ORDER BY key", [scope, len(prefix), prefix]).fetchall()
        return {r[0]: r[1] for r in rows}

    # --- the log -------------------------------------------------------------------------
    def head(self, game_id: str) -> tuple[int, str]:
        row = self.db.execute("SELECT seq, hash FROM events WHERE game_id = ? "
                              "ORDER BY seq DESC LIMIT 1", [game_id]).fetchone()
        return (row[0], row[1]) if row else (0, GENESIS_HASH)

    def append(self, game_id: str, expected_head: int, events: Sequence[NewEvent],
               notices: Sequence[NewNotice] | Callable[[list[StoredEvent]], Sequence[NewNotice]]
               = ()) -> list[StoredEvent]:
        """Append ``events`` after ``expected_head``, and the ``notices`` they cause (given,
        or made from the rows about to be written), in one transaction, or raise Conflict."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            head, prev = self.head(game_id)
            if head != expected_head:
                raise Conflict(expected_head, head)
            rows = _chain(game_id, head, prev, events)
            db.conn.executemany(INSERT_EVENT, [tuple(getattr(r, c) for c in EVENT_COLUMNS)
                                               for r in rows])
            now = rows[-1].time if rows else ""
            for notice in (notices(rows) if callable(notices) else notices):
                self._insert_notice(game_id, rows[-1].seq if rows else head, notice, now)
            db.execute("COMMIT")
        except BaseException:
            if db.conn.in_transaction:
                db.execute("ROLLBACK")
            raise
        return rows

    def events(self, game_id: str, after: int = 0, upto: int | None = None) -> list[StoredEvent]:
        sql = ("SELECT game_id, seq, type, version, payload, actor_seat, actor_user, time, "
               "prev_hash, hash FROM events WHERE game_id = ? AND seq > ?")
        params: list[Any] = [game_id, after]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        cursor = self.db.execute(sql + " ORDER BY seq", params)
        return [StoredEvent(*row) for row in cursor.fetchall()]

    def insert_verbatim(self, game_id: str, rows: Sequence[StoredEvent]) -> None:
        """Write already-chained rows (an import) into an empty game, in one transaction."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            head, _ = self.head(game_id)
            if head != 0:
                raise Conflict(0, head)
            db.table("events").insert_all([{**r.as_dict(), "game_id": game_id} for r in rows])
            db.execute("COMMIT")
        except BaseException:
            if db.conn.in_transaction:
                db.execute("ROLLBACK")
            raise

    # --- the outbox --------------------------------------------------------------------------
    def notices(self, reader: str, now: str, limit: int = 500) -> list[StoredNotice]:
        """What ``reader`` (a front-end) has not yet handled: every notice after its cursor,
        and every reminder due by ``now`` that it has not sent, in order."""
        position = self.cursor(reader)
        rows = self.db.execute(
            "SELECT id, game_id, seq, kind, seats, data, due, created FROM notices WHERE "
            "(due IS NULL AND id > ?) OR (due IS NOT NULL AND due <= ? AND id NOT IN "
            "(SELECT notice_id FROM reminders_sent WHERE reader = ?)) ORDER BY id LIMIT ?",
            [position, now, reader, limit]).fetchall()
        return [StoredNotice(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), json.loads(r[5]),
                             r[6], r[7]) for r in rows]

    def add_notices(self, game_id: str, seq: int, notices: Sequence[NewNotice],
                    now: str) -> None:
        """Notices that no event causes (a game started or abandoned), at head ``seq``."""
        with self.db.conn:
            for notice in notices:
                self._insert_notice(game_id, seq, notice, now)

    def _insert_notice(self, game_id: str, seq: int, notice: NewNotice, now: str) -> None:
        self.db.execute("INSERT INTO notices (game_id, seq, kind, seats, data, due, created) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [game_id, seq, notice.kind, json.dumps(list(notice.seats)),
                         json.dumps(notice.data, sort_keys=True), notice.due, now])

    def last_notice(self, game_id: str, kind: str) -> StoredNotice | None:
        """The game's latest notice of ``kind``."""
        row = self.db.execute(
            "SELECT id, game_id, seq, kind, seats, data, due, created FROM notices "
            "WHERE game_id = ? AND kind = ? ORDER BY id DESC LIMIT 1", [game_id, kind]).fetchone()
        if row is None:
            return None
        return StoredNotice(row[0], row[1], row[2], row[3], tuple(json.loads(row[4])),
                            json.loads(row[5]), row[6], row[7])

    def has_notice(self, game_id: str, kind: str, ref: str) -> bool:
        """Whether the game has a notice of ``kind`` whose data names ``ref`` (a front-end's
        receipt for a message it took, written with the message's events)."""
        row = self.db.execute(
            "SELECT 1 FROM notices WHERE game_id = ? AND kind = ? AND "
            "json_extract(data, '$.ref') = ? LIMIT 1", [game_id, kind, ref]).fetchone()
        return row is not None

    def cursor(self, reader: str) -> int:
        row = self.db.execute("SELECT position FROM cursors WHERE reader = ?", [reader]).fetchone()
        return int(row[0]) if row else 0

    def acknowledge(self, reader: str, notice: StoredNotice) -> None:
        """``reader`` has handled ``notice``: it is never given to it again."""
        with self.db.conn:
            if notice.due is None:
                self.db.execute("INSERT INTO cursors (reader, position) VALUES (?, ?) "
                                "ON CONFLICT (reader) DO UPDATE SET position = "
                                "MAX(position, excluded.position)", [reader, notice.id])
            else:
                self.db.execute("INSERT OR IGNORE INTO reminders_sent (reader, notice_id) "
                                "VALUES (?, ?)", [reader, notice.id])

    def claim(self, reader: str, notice: StoredNotice) -> bool:
        """Take ``notice`` for sending under ``reader``: True for exactly one of the
        processes that read it (several bot processes sharing one reader's outbox).  A
        process that dies between claiming and sending loses the notice (at most once)."""
        with self.db.conn:
            cur = self.db.execute("INSERT OR IGNORE INTO claims (reader, notice_id) "
                                  "VALUES (?, ?)", [reader, notice.id])
            return cur.rowcount == 1

    def take(self, reader: str, notice: StoredNotice, owner: str, now: str,
             stale: str) -> str:
        """Take ``notice`` for sending under ``reader`` on a lease (several processes
        sharing one reader's outbox, at least once): ``"mine"`` when it is free, already
        ``owner``'s, or held by another since before ``stale`` (that process died; its
        lease has run out) -- then send it and ``mark_sent``; ``"sent"`` when it was sent;
        ``"held"`` while another process holds it (look again later).  ``now`` and
        ``stale`` are ISO times."""
        with self.db.conn:
            cur = self.db.execute(TAKE, [reader, notice.id, owner, now, stale])
            if cur.rowcount == 1:
                return "mine"
            row = self.db.execute("SELECT sent FROM deliveries WHERE reader = ? AND "
                                  "notice_id = ?", [reader, notice.id]).fetchone()
        return "sent" if row and row[0] else "held"

    def mark_sent(self, reader: str, notice: StoredNotice) -> None:
        """The notice ``take`` gave is sent: no lease running out gives it again."""
        with self.db.conn:
            self.db.execute("UPDATE deliveries SET sent = 1 WHERE reader = ? AND "
                            "notice_id = ?", [reader, notice.id])

    def start_reading(self, reader: str) -> None:
        """A new front-end starts at the current end of the outbox (not at its start)."""
        with self.db.conn:
            last = self.db.execute("SELECT COALESCE(MAX(id), 0) FROM notices").fetchone()[0]
            self.db.execute("INSERT OR IGNORE INTO cursors (reader, position) VALUES (?, ?)",
                            [reader, last])

    # --- everything, for a migration to another store -----------------------------------
    def all_settings(self) -> list[tuple[str, str, str]]:
        return [(r[0], r[1], r[2]) for r in self.db.execute(
            "SELECT scope, key, value FROM settings ORDER BY scope, key").fetchall()]

    def all_notices(self) -> list[StoredNotice]:
        rows = self.db.execute("SELECT id, game_id, seq, kind, seats, data, due, created "
                               "FROM notices ORDER BY id").fetchall()
        return [StoredNotice(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])),
                             json.loads(r[5]), r[6], r[7]) for r in rows]

    def readers(self) -> dict[str, tuple[int, list[int]]]:
        """Each reader's cursor and the reminders it has sent."""
        out: dict[str, tuple[int, list[int]]] = {
            r[0]: (int(r[1]), []) for r in
            self.db.execute("SELECT reader, position FROM cursors").fetchall()}
        for reader, notice_id in self.db.execute(
                "SELECT reader, notice_id FROM reminders_sent ORDER BY notice_id").fetchall():
            out.setdefault(reader, (0, []))[1].append(int(notice_id))
        return out

    def copy_notice(self, notice: StoredNotice) -> int:
        """Write a notice from another store as it was (a new id); that id."""
        with self.db.conn:
            cur = self.db.execute(
                "INSERT INTO notices (game_id, seq, kind, seats, data, due, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [notice.game_id, notice.seq, notice.kind, json.dumps(list(notice.seats)),
                 json.dumps(notice.data, sort_keys=True), notice.due, notice.created])
            return int(cur.lastrowid or 0)

    def set_reader(self, reader: str, position: int, reminders: Sequence[int]) -> None:
        with self.db.conn:
            self.db.execute("INSERT INTO cursors (reader, position) VALUES (?, ?) ON CONFLICT "
                            "(reader) DO UPDATE SET position = excluded.position",
                            [reader, position])
            self.db.conn.executemany("INSERT OR IGNORE INTO reminders_sent (reader, "
                                     "notice_id) VALUES (?, ?)",
                                     [(reader, n) for n in reminders])

    # --- snapshots (a cache, never the record) --------------------------------------------
    def put_snapshot(self, game_id: str, seq: int, ruleset_version: str, data: bytes,
                     keep: int | None = None) -> None:
        """Keep a snapshot, and only the newest ``keep`` of the game's."""
        with self.db.conn:
            self.db.table("snapshots").insert({"game_id": game_id, "seq": seq,
                                               "ruleset_version": ruleset_version,
                                               "data": data}, pk=("game_id", "seq"),
                                              replace=True)
            if keep is not None:
                self.db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq NOT IN "
                                "(SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq "
                                "DESC LIMIT ?)", [game_id, game_id, keep])

    def snapshot_seq(self, game_id: str) -> int:
        """The seq of the game's newest snapshot (0 if none)."""
        row = self.db.execute("SELECT MAX(seq) FROM snapshots WHERE game_id = ?",
                              [game_id]).fetchone()
        return int(row[0] or 0)

    def snapshot(self, game_id: str, before: int, ruleset_version: str
                 ) -> tuple[int, bytes] | None:
        """The latest snapshot with ``seq < before`` taken under this ruleset version."""
        row = self.db.execute(
            "SELECT seq, data FROM snapshots WHERE game_id = ? AND seq < ? AND "
            "ruleset_version = ? ORDER BY seq DESC LIMIT 1",
            [game_id, before, ruleset_version]).fetchone()
        return (row[0], row[1]) if row else None


def _chain(game_id: str, head: int, prev: str, events: Sequence[NewEvent]
           ) -> list[StoredEvent]:
    rows: list[StoredEvent] = []
    for offset, ev in enumerate(events, start=1):
        seq = head + offset
        digest = chain_hash(prev, seq, ev.type, ev.version, ev.payload, ev.actor_seat,
                            ev.actor_user, ev.time)
        rows.append(StoredEvent(game_id, seq, ev.type, ev.version, ev.payload, ev.actor_seat,
                                ev.actor_user, ev.time, prev, digest))
        prev = digest
    return rows
