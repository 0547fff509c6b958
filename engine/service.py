"""The service: load -> parse -> check -> decide -> append -> notify.

The one entry point of every front-end (Discord, e-mail, command line).  It owns the
clock, the RNG (through ``engine.randomness``) and the permission checks; the rules stay
pure below it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import uuid4

from engine import snapshots
from engine.core import ruleset as registry
from engine.core.actions import Action, Choice
from engine.core.decision import DecisionView, decision_view
from engine.core.events import (
    ActionTaken,
    Event,
    GameCreated,
    Recorded,
    SecretRevealed,
    UndoApproved,
    UndoDenied,
    Undone,
    UndoRequested,
    decode,
    payload_json,
)
from engine.core.fold import Folder, KernelState, NeedsFullFold
from engine.core.messages import (
    BatchError,
    Conflict,
    CourierError,
    GameNotFound,
    GameOver,
    IllegalAction,
    InvalidGameData,
    Msg,
    NotSeated,
    NotYourDecision,
    UndoRefused,
)
from engine.core.parse import ValueLabels, read_value
from engine.core.ruleset import NON_PLAYER, Ruleset
from engine.core.seal import has_sealed, is_redacted, redact_payload, seal
from engine.core.undo import plan_undo
from engine.i18n import t
from engine.logfile import export_lines, read_lines, to_stored
from engine.notices import notices_for, notices_for_decision
from engine.pictures import Job, pictures_of
from engine.randomness import Secret, SeededChance
from engine.store import NewEvent, NewNotice, StoredEvent, StoredNotice

if TYPE_CHECKING:
    from engine.store import AnyStore
from engine.verify import Report, verify
from engine.views import HistoryPage, Status, commands, seat_names, undo_status

SNAPSHOT_DISTANCE = 64  # events appended past the newest snapshot before another is taken
BOT_DECISIONS = 20_000  # at most this many bot decisions in one call (a whole game is ~1,000)

@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    ruleset: str
    scenario: str
    language: str
    admin: str | None
    created_at: str
    head: int
    over: bool
    started: bool = True      # a game created to be started later waits for ``start``
    abandoned: bool = False


@dataclass(frozen=True)
class Result:
    """The outcome of a command: the events it appended and who decides next."""

    game_id: str
    events: list[Recorded]
    active: frozenset[str]
    over: bool
    head: int
    state: KernelState = field(repr=False)


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def to_record(ruleset: Ruleset[Any], row: StoredEvent) -> Recorded:
    return to_records(ruleset, [row])[0]


def to_records(ruleset: Ruleset[Any], rows: Sequence[StoredEvent]) -> list[Recorded]:
    """Stored rows as their events: one compiled validator call for a payload of the
    latest version, the upcasters first for an older one (the fold's hot loop).

    Events are frozen facts that nothing changes, so rows with the same type, version and
    payload share one decoded event: about half of a Gandhi log repeats an earlier row
    (the same ``pass``, the same step begun again), and each is decoded once per read."""
    readers, out = ruleset.readers(), []
    seen: dict[tuple[str, int, str], Event] = {}
    for row in rows:
        key = (row.type, row.version, row.payload)
        event = seen.get(key)
        if event is None:
            reader = readers.get(row.type)
            if reader is not None and reader[0] == row.version:
                event = reader[1].validate_json(row.payload)
            else:
                event = decode(row.type, row.version, row.payload, ruleset.adapter(),
                               ruleset.latest_version, ruleset.upcasters)
            seen[key] = event
        out.append(Recorded(row.game_id, row.seq, event, row.actor_seat, row.actor_user,
                            row.time, row.prev_hash, row.hash))
    return out


class Service:
    def __init__(self, store: AnyStore, clock: Callable[[], str] = utc_now,
                 snapshots: bool = True) -> None:
        self._store = store   # private: front-ends go through the service
        self.clock = clock
        self.snapshots = snapshots
        # each game folded to its head, valid while the log's head (seq, hash) is the same:
        # a cache, so another process's append is always seen
        self._latest: dict[str, tuple[tuple[int, str], Folder]] = {}
        self._games: dict[str, dict[str, Any]] = {}   # each game's row (``_ruleset``)

    # --- game life -----------------------------------------------------------------------
    def create_game(self, ruleset_name: str, scenario: str, *,
                    options: Mapping[str, Any] | None = None,
                    seats: Mapping[str, str | None] | None = None,
                    admin: str | None = None, language: str = "en",
                    game_id: str | None = None, title: str | None = None,
                    seed: str | None = None, started: bool = True,
                    bots: Iterable[str] = ()) -> str:
        """Create a game.  ``seed`` fixes its secret seed (fuzzing and tests only: a real
        game's seed must be unguessable, and is by default).  With ``started=False`` the
        players take their seats first, and nobody acts until the admin calls ``start``.
        ``bots``: the seats no person plays (a game's non-player Factions, Gandhi 8.0);
        the bot decides for them as soon as they must decide."""
        ruleset = registry.get(ruleset_name)
        if scenario not in ruleset.scenarios():
            raise CourierError("error.unknown_scenario", scenario=scenario,
                               choices=", ".join(ruleset.scenarios()))
        game_id = game_id or uuid4().hex[:10]
        opts = self._bot_options(ruleset, dict(options or {}),
                                 [resolve_seat(ruleset, b) for b in bots])
        secret = Secret.fresh() if seed is None else Secret(seed=seed, salt=seed[::-1])
        opening = ruleset.setup(scenario, opts, SeededChance(secret, "setup"))
        secret.deck = list(opening.deck)
        created = GameCreated(ruleset=ruleset.name, ruleset_version=ruleset.version,
                              scenario=scenario, options=opts,
                              commitment=secret.commitment())
        self._store.create_game({"id": game_id, "ruleset": ruleset.name,
                                "ruleset_version": ruleset.version, "scenario": scenario,
                                "options": opts, "language": language, "admin_user": admin,
                                "created_at": self.clock(), "title": title or game_id,
                                "secret": json.dumps(secret.as_dict())})
        for seat in ruleset.seats:
            self._store.set_seat(game_id, seat, (seats or {}).get(seat))
        self._append(game_id, 0, [created, *opening.events], None, admin)
        if not started:
            self._store.set_setting(f"game:{game_id}", "phase", "waiting")
        else:
            self._drive(game_id)
        return game_id

    @staticmethod
    def _bot_options(ruleset: Ruleset[Any], options: dict[str, Any], bots: Sequence[str]
                     ) -> dict[str, Any]:
        """The options of a game whose ``bots`` seats have no player: the ruleset's seating
        option says so (Gandhi's ``players``, 1.5); given as well, it must agree."""
        if not bots:
            return options
        given = ruleset.non_player_seats(options)
        if any(k in options for k in ruleset.seating_options()):
            if set(bots) != set(given):
                raise CourierError("error.bots_and_seating", bots=_seats(ruleset, sorted(bots)),
                                   seats=_seats(ruleset, sorted(given)))
            return options
        try:
            return ruleset.seat_non_players(options, frozenset(bots))
        except ValueError as exc:
            raise CourierError("error.bots_not_allowed", problem=str(exc)) from exc

    def start(self, game_id: str, by_user: str | None, *, moderator: bool = False) -> None:
        """The admin starts a game created with ``started=False``: from now on its seats
        act, and every front-end is told who decides first."""
        ruleset, meta = self._ruleset(game_id)
        self._check_admin(meta, by_user, moderator)
        if self._phase(game_id) != "waiting":
            raise CourierError("error.already_started")
        free = self.free_seats(game_id)
        if free:
            raise CourierError("error.seats_free", seats=_seats(ruleset, free))
        state = self._load(ruleset, game_id, None)
        active = tuple(sorted(ruleset.active_seats(state.game) - self.bots(game_id)))
        now = self.clock()
        notices = [NewNotice("started", tuple(ruleset.seats), {}),
                   *(notices_for_decision(active, self.deadline(game_id), now)
                     if active else [])]
        self._store.set_setting(f"game:{game_id}", "phase", "started")
        self._store.add_notices(game_id, state.seq, notices, now)
        self._drive(game_id)

    def abandon(self, game_id: str, by_user: str | None, *, moderator: bool = False) -> None:
        """The admin ends a game before its end: nobody acts in it any more; its log,
        history, map and export stay."""
        _, meta = self._ruleset(game_id)
        self._check_admin(meta, by_user, moderator)
        if self._phase(game_id) == "abandoned":
            raise CourierError("error.abandoned")
        self._store.set_setting(f"game:{game_id}", "phase", "abandoned")
        seats = tuple(self.seat_users(game_id))
        self._store.add_notices(game_id, self.head(game_id),
                                [NewNotice("abandoned", seats, {})], self.clock())

    def _phase(self, game_id: str) -> str:
        """``waiting`` (for ``start``), ``started``, ``abandoned``, or ``imported`` (read
        only: its secret seed stayed where it was played)."""
        return self._store.setting(f"game:{game_id}", "phase") or "started"

    def _check_playing(self, game_id: str) -> None:
        phase = self._phase(game_id)
        if phase == "waiting":
            raise CourierError("error.not_started")
        if phase in ("abandoned", "imported"):
            raise CourierError(f"error.{phase}")

    @staticmethod
    def _check_admin(meta: Mapping[str, Any], by_user: str | None, moderator: bool) -> None:
        """The game's admin, or (``moderator``) a user the front-end vouches for as a
        moderator of the place the game is played in (Discord: Manage Server)."""
        if moderator or meta["admin_user"] is None or by_user == meta["admin_user"]:
            return
        raise NotSeated("error.not_admin")

    # --- a front-end's own notes (which channel a game is played in, its pinned status
    # message, a user's preferences): kept beside the games, never in a log ------------------
    def remember(self, frontend: str, key: str, value: str | None) -> None:
        """Keep ``value`` under ``key``; None (or "") forgets it."""
        if value:
            self._store.set_setting(f"frontend:{frontend}", key, value)
        else:
            self._store.delete_setting(f"frontend:{frontend}", key)

    def recall(self, frontend: str, key: str) -> str | None:
        return self._store.setting(f"frontend:{frontend}", key) or None

    def recall_all(self, frontend: str, prefix: str) -> dict[str, str]:
        """Every note of ``frontend`` whose key begins with ``prefix``, in key order."""
        return self._store.settings(f"frontend:{frontend}", prefix)

    def seat(self, game_id: str, seat: str, user: str | None, *, by_user: str | None,
             email: str | None = None, moderator: bool = False) -> None:
        """Give ``seat`` to ``user`` (None frees it).  A player takes a free seat; the
        admin (or a ``moderator``) may assign any."""
        ruleset, meta = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        current = self._store.seats(game_id).get(seat, {}).get("user_id")
        is_admin = moderator or (by_user is not None and by_user == meta["admin_user"])
        own_move = user == by_user and current in (None, by_user)
        freeing_own = user is None and current == by_user
        if not (is_admin or own_move or freeing_own):
            raise NotSeated("error.seat_taken", seat=_seats(ruleset, [seat]))
        self._store.set_seat(game_id, seat, user, email=email)

    def seat_groups(self, game_id: str) -> list[tuple[str, ...]]:
        """The seats each player takes together (Gandhi 1.5: a player may run two)."""
        ruleset, meta = self._ruleset(game_id)
        return ruleset.seat_groups(meta["options"])

    def join(self, game_id: str, seat: str, user: str, *, by_user: str | None = None,
             email: str | None = None, moderator: bool = False) -> tuple[str, ...]:
        """``user`` takes ``seat`` and the seats played with it (``seat_groups``); a player
        joins free seats, the admin (``by_user``) or a moderator seats anyone.  ``email``:
        the address the seats' notices go to (a player by e-mail)."""
        ruleset, meta = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        group = next((g for g in self.seat_groups(game_id) if seat in g), None)
        if group is None:
            raise CourierError("error.seat_not_played", seat=_seats(ruleset, [seat]))
        by = user if by_user is None else by_user
        for each in group:
            self.seat(game_id, each, user, by_user=by, email=email, moderator=moderator)
        return group

    def leave(self, game_id: str, seat: str, by_user: str | None, *,
              moderator: bool = False) -> tuple[str, ...]:
        """Free ``seat`` and the seats played with it: their player leaves, or the admin
        (or a moderator) unseats them."""
        ruleset, _ = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        group = next((g for g in self.seat_groups(game_id) if seat in g), (seat,))
        for each in group:
            self.seat(game_id, each, None, by_user=by_user, moderator=moderator)
        return group

    def free_seats(self, game_id: str) -> list[str]:
        """The seats of players nobody holds yet (a bot standing in holds its seat)."""
        users, bots = self.seat_users(game_id), self._stand_ins(game_id)
        return [s for g in self.seat_groups(game_id) for s in g
                if users.get(s) is None and s not in bots]

    def seat_users(self, game_id: str) -> dict[str, str | None]:
        return {s: r["user_id"] for s, r in self._store.seats(game_id).items()}

    def seat_addresses(self, game_id: str) -> dict[str, str | None]:
        """Each seat's e-mail address (None: its player is not played by e-mail)."""
        return {s: r["email"] or None for s, r in self._store.seats(game_id).items()}

    def seats_of(self, game_id: str, user: str) -> list[str]:
        return [s for s, u in self.seat_users(game_id).items() if u == user]

    # --- bots: the seats the non-player policy decides for ------------------------------
    def bots(self, game_id: str) -> frozenset[str]:
        """The seats a bot decides for: the game's non-player seats (for the whole game)
        and those the admin gave to a bot standing in for an absent player."""
        ruleset, meta = self._ruleset(game_id)
        return ruleset.non_player_seats(meta["options"]) | self._stand_ins(game_id)

    def non_player_seats(self, game_id: str) -> frozenset[str]:
        """The seats the rules give to no player (Gandhi 8.0)."""
        ruleset, meta = self._ruleset(game_id)
        return ruleset.non_player_seats(meta["options"])

    def _stand_ins(self, game_id: str) -> frozenset[str]:
        raw = self._store.setting(f"game:{game_id}", "bots")
        return frozenset(json.loads(raw)) if raw else frozenset()

    def set_bot(self, game_id: str, seat: str, on: bool, by_user: str | None, *,
                moderator: bool = False) -> Result | None:
        """The admin (or a moderator) gives a player's seat to the bot, which decides for
        it until it is handed back (``on=False``); the seat keeps its player meanwhile, and
        the Faction stays a player's for the rules.  If the seat must decide now, the bot
        does at once (the Result of its moves; None if there were none)."""
        ruleset, meta = self._ruleset(game_id)
        self._check_admin(meta, by_user, moderator)
        seat = resolve_seat(ruleset, seat)
        if seat in ruleset.non_player_seats(meta["options"]):
            raise CourierError("error.bot_non_player", seat=_seats(ruleset, [seat]))
        if not ruleset.has_bots():
            raise CourierError("error.no_bots", game=ruleset.display_name("en"))
        if on and seat not in ruleset.bot_seats():
            raise CourierError("error.no_bot_for_seat", seat=_seats(ruleset, [seat]),
                               bots=_seats(ruleset, sorted(ruleset.bot_seats())))
        stand_ins = set(self._stand_ins(game_id))
        stand_ins = stand_ins | {seat} if on else stand_ins - {seat}
        self._store.set_setting(f"game:{game_id}", "bots", json.dumps(sorted(stand_ins)))
        if not on or self._phase(game_id) != "started":
            return None
        return self._drive(game_id)

    def _drive(self, game_id: str, result: Result | None = None) -> Result | None:
        """While a bot's seat must decide, the bot decides, each decision appended as its
        own command by the user ``NON_PLAYER`` (``result``: what the caller appended; the
        Result returned covers it and every bot command after it)."""
        ruleset, meta = self._ruleset(game_id)
        if self._phase(game_id) != "started":
            return result
        bots = self.bots(game_id)
        if not bots:
            return result
        secret = _secret(meta)
        for _ in range(BOT_DECISIONS):
            state = self._load(ruleset, game_id, None)
            if ruleset.is_over(state.game):
                break
            active = ruleset.active_seats(state.game)
            deciding = sorted(active & bots)
            if not deciding:
                break
            seat = deciding[0]
            chance = SeededChance(secret, str(state.seq))
            found = ruleset.policy(state.game, seat, chance)
            if found is None:
                break
            action, pre = found
            batch, after = self._decide_as_bot(ruleset, state.game, seat, action, pre, chance)
            if ruleset.is_over(after):
                batch.append(SecretRevealed(seed=secret.seed, salt=secret.salt,
                                            deck=secret.deck))
            try:
                moved = self._commit(ruleset, game_id, state, batch, seat, NON_PLAYER,
                                     active, after)
            except Conflict:
                continue   # another writer came first: look again
            result = moved if result is None else Result(
                game_id, [*result.events, *moved.events], moved.active, moved.over,
                moved.head, moved.state)
        return result

    @staticmethod
    def _decide_as_bot(ruleset: Ruleset[Any], game: Any, seat: str, action: Action,
                       pre: list[Event], chance: Any) -> tuple[list[Event], Any]:
        """The bot's command: its ``ActionTaken``, the events of its decision (dice, why),
        then the rules' events for the action; and the state after them."""
        work = ruleset.clone(game)
        for event in pre:
            work = ruleset.evolve(work, event)
        events, after = ruleset.decide_state(work, seat, action, chance)
        if after is None:
            after = ruleset.clone(work)
            for event in events:
                after = ruleset.evolve(after, event)
        return [ActionTaken(seat=seat, text=action.text), *pre, *events], after

    # --- reading -------------------------------------------------------------------------
    def _ruleset(self, game_id: str) -> tuple[Ruleset[Any], dict[str, Any]]:
        """The game's rules and its row.  A game's row is written once and never changed
        (seats and settings are other tables), so it is read once per process; a
        command asked for it six times."""
        meta = self._games.get(game_id)
        if meta is None:
            meta = self._games[game_id] = self._store.game(game_id)
        return registry.get(meta["ruleset"]), meta

    def ruleset_of(self, game_id: str) -> Ruleset[Any]:
        return self._ruleset(game_id)[0]

    def records(self, game_id: str, after: int = 0, upto: int | None = None
                ) -> list[Recorded]:
        ruleset, _ = self._ruleset(game_id)
        return to_records(ruleset, self._store.events(game_id, after, upto))

    def seen_records(self, game_id: str, seats: Iterable[str] = (), after: int = 0,
                     upto: int | None = None) -> list[Recorded]:
        """The records as the players of ``seats`` may see them (none: what every player
        may see): values the rules keep secret from them are sealed (their digest only)
        until the game is over.  Digests, histories and logs shown to players use these."""
        ruleset, _ = self._ruleset(game_id)
        return self._redact(ruleset, game_id, self.records(game_id, after, upto), seats)

    def _redact(self, ruleset: Ruleset[Any], game_id: str, records: list[Recorded],
                seats: Iterable[str]) -> list[Recorded]:
        if not ruleset.has_secrets or self._over(ruleset, game_id):
            return records
        mine, out = tuple(seats), []
        for record in records:
            payload = payload_json(record.event)
            if has_sealed(payload):
                hidden = redact_payload(payload, mine)
                if hidden != payload:
                    record = record._replace(event=decode(
                        record.type, record.event.version, hidden, ruleset.adapter(),
                        ruleset.latest_version, ruleset.upcasters))
            out.append(record)
        return out

    def _over(self, ruleset: Ruleset[Any], game_id: str) -> bool:
        return bool(ruleset.is_over(self._load(ruleset, game_id, None).game))

    def kernel_state(self, game_id: str, at: int | None = None) -> KernelState:
        """The state as of ``at`` (default: the head), from the newest usable snapshot.
        For tests and tools beside the service; front-ends use the views."""
        ruleset, _ = self._ruleset(game_id)
        return self._load(ruleset, game_id, at)

    def _load(self, ruleset: Ruleset[Any], game_id: str, at: int | None) -> KernelState:
        """Callers must not change the state they get: it may be the cached latest one."""
        if at is None:
            return self._folder(ruleset, game_id).state
        return self._fold_from_store(ruleset, game_id, at).state

    def _folder(self, ruleset: Ruleset[Any], game_id: str) -> Folder:
        """The game folded to its head: kept while the log's head (seq and hash) is the
        same, so another process's append is always seen.  Its state is never changed
        once published (a command folds onto a fork of it)."""
        head, digest = self._store.head(game_id)
        cached = self._latest.get(game_id)
        if cached is not None and cached[0] == (head, digest):
            return cached[1]
        folder = self._fold_from_store(ruleset, game_id, head)
        self._latest[game_id] = ((head, digest), folder)
        return folder

    def _fold_from_store(self, ruleset: Ruleset[Any], game_id: str, head: int) -> Folder:
        """From the newest snapshot at or before ``head``, else from the start."""
        snap = self._store.snapshot(game_id, head + 1, ruleset.version) if self.snapshots \
            else None
        loaded = None
        if snap is not None:
            try:
                loaded = snapshots.loads(ruleset, snap[1])
            except ValueError:   # a snapshot of an older layout (the game's OldSnapshot)
                loaded = None    # is a cache only: the log is folded again
        if snap is not None and loaded is not None:
            rows = self._store.events(game_id, after=snap[0], upto=head)
            folder = Folder(ruleset, loaded)
            try:
                folder.apply_all(to_records(ruleset, rows))
            except NeedsFullFold:   # an undo reaches before the snapshot
                pass
            else:
                return folder
        folder = Folder(ruleset)
        folder.apply_all(to_records(ruleset, self._store.events(game_id, upto=head)))
        return folder

    def legal(self, game_id: str, seat: str) -> Choice:
        ruleset, _ = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        state = self._load(ruleset, game_id, None)
        return ruleset.legal_actions(state.game, seat)

    def view(self, game_id: str, seat: str | None, at: int | None = None) -> Any:
        ruleset, _ = self._ruleset(game_id)
        return ruleset.view(self._load(ruleset, game_id, at).game, seat)

    def decision(self, game_id: str, seat: str, lang: str) -> DecisionView:
        """What ``seat`` is asked now, with every choice's text, label, description and
        slots and the menu tree, in ``lang``."""
        ruleset, _ = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        state = self._load(ruleset, game_id, None)
        choice = ruleset.legal_actions(state.game, seat)
        return decision_view(seat, state.seq, choice, ruleset.vocabulary, lang)

    def resolve_seat(self, game_id: str, text: str) -> str:
        """The seat ``text`` names, in any language or by alias (``league``, ``liga``,
        ``lega``, ``ml``); a clear error otherwise."""
        ruleset, _ = self._ruleset(game_id)
        return resolve_seat(ruleset, text)

    def active(self, game_id: str) -> frozenset[str]:
        ruleset, _ = self._ruleset(game_id)
        return ruleset.active_seats(self._load(ruleset, game_id, None).game)

    # --- text for the command line and e-mail ------------------------------------------
    def head(self, game_id: str) -> int:
        """The seq of the game's last event; raises ``GameNotFound``."""
        self._store.game(game_id)
        return self._store.head(game_id)[0]

    def check_event(self, game_id: str, seq: int) -> None:
        """Refuse an event number the game does not have (``--at 99999``, ``--at 0``)."""
        last = self.head(game_id)
        if not 1 <= seq <= last:
            raise CourierError("error.no_such_event", asked=seq, last=last)

    def board_text(self, game_id: str, seat: str | None, lang: str,
                   at: int | None = None) -> str:
        """The board as text, as ``seat`` may see it, now or as of event ``at``."""
        ruleset, _ = self._ruleset(game_id)
        if at is not None:
            self.check_event(game_id, at)
        return ruleset.board_text(self._load(ruleset, game_id, at).game, seat, lang)

    def outcome(self, game_id: str, lang: str) -> str | None:
        """None while the game goes on; once over, how it ended (may be "")."""
        ruleset, _ = self._ruleset(game_id)
        state = self._load(ruleset, game_id, None).game
        return ruleset.outcome(state, lang) if ruleset.is_over(state) else None

    def narrate(self, game_id: str, records: list[Recorded], lang: str) -> str:
        """What ``records`` did, in plain language (the ruleset's ``narrate``, given the
        latest state: a game's names do not change, and a long log is told batch by
        batch without folding it again for each)."""
        ruleset, meta = self._ruleset(game_id)
        records = self._redact(ruleset, game_id, records, ())
        return ruleset.narrate(self._load(ruleset, game_id, None).game, records, lang,
                               self._proxies(game_id, meta, records, lang))

    def _proxies(self, game_id: str, meta: Mapping[str, Any], records: Sequence[Recorded],
                 lang: str) -> dict[int, str]:
        """A remark beside each command its seat's player did not take (the admin or a
        moderator took it for them): the digest says so, as the log does."""
        seated = self.seat_users(game_id)
        out: dict[int, str] = {}
        non_players = self.non_player_seats(game_id)
        for record in records:
            event = record.event
            if not isinstance(event, ActionTaken) or record.actor_user is None:
                continue
            if record.actor_user == NON_PLAYER:   # the bot decided
                out[record.seq] = t("view.by_non_player" if event.seat in non_players
                                    else "view.by_bot", lang)
                continue
            if seated.get(event.seat) not in (None, record.actor_user):
                key = "view.by_admin" if record.actor_user == meta["admin_user"] \
                    else "view.by_moderator"
                out[record.seq] = t(key, lang)
        return out

    # --- views of a game (DESIGN.md §5): status, history, digests ------------------------
    def games(self) -> list[GameInfo]:
        """Every game in the store, oldest first."""
        return [GameInfo(g["id"], g["title"] or g["id"], g["ruleset"], g["scenario"],
                         g["language"] or "en", g["admin_user"], g["created_at"], head, over,
                         phase != "waiting", phase == "abandoned")
                for g, head, over, phase in self._store.games_with_heads()]

    def game_info(self, game_id: str) -> GameInfo:
        """One game's id, title, ruleset, scenario, language, admin, head and whether over."""
        found = [g for g in self.games() if g.id == game_id]
        if not found:
            raise GameNotFound(game=game_id)
        return found[0]

    def status(self, game_id: str, lang: str, seat: str | None = None) -> Status:
        """What a pinned status message shows, as ``seat`` may see it."""
        ruleset, meta = self._ruleset(game_id)
        state = self._load(ruleset, game_id, None)
        game = ruleset.view(state.game, seat)
        over, deciding = ruleset.is_over(state.game), ruleset.active_seats(state.game)
        decision = self._store.last_notice(game_id, "decision")
        reminder = self._store.last_notice(game_id, "reminder")
        waiting = reminder is not None and decision is not None and reminder.seq == decision.seq
        return Status(game_id, meta["title"] or game_id, ruleset.name, meta["scenario"],
                      ruleset.display_name(lang), ruleset.scenario_name(meta["scenario"], lang),
                      state.seq, over, ruleset.outcome(state.game, lang) if over else "",
                      tuple(sorted(deciding)), seat_names(ruleset, lang),
                      decision.created if decision is not None and not over else None,
                      reminder.due if waiting and reminder is not None and not over else None,
                      undo_status(state), tuple(ruleset.status_fields(game, lang)),
                      self._phase(game_id))

    def history(self, game_id: str, lang: str, before: int | None = None,
                limit: int = 20) -> HistoryPage:
        """The commands before event ``before`` (default: all), the last ``limit`` of them,
        each with who, when, its label and what it did; ``older`` pages further back."""
        ruleset, meta = self._ruleset(game_id)
        records = self.seen_records(game_id, (), upto=None if before is None else before - 1)
        state = self._load(ruleset, game_id, None).game
        told = commands(ruleset, state, records, lang,
                        self._proxies(game_id, meta, records, lang))
        page = told[-limit:] if limit > 0 else told
        older = page[0].seq if len(told) > len(page) else None
        return HistoryPage(tuple(page), older)

    def digest(self, game_id: str, lang: str, since: int = 0, upto: int | None = None) -> str:
        """What happened after event ``since`` (up to ``upto``), in plain language."""
        ruleset, meta = self._ruleset(game_id)
        records = self.seen_records(game_id, (), after=since, upto=upto)
        state = self._load(ruleset, game_id, upto).game
        return ruleset.narrate(state, records, lang, self._proxies(game_id, meta, records, lang))

    def last_acted(self, game_id: str, seat: str) -> int:
        """The event before ``seat``'s latest command (0 if it never acted): a digest
        since then tells the seat what happened since its last turn."""
        ruleset, _ = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        taken = [r.seq for r in self.records(game_id)
                 if isinstance(r.event, ActionTaken) and r.event.seat == seat]
        return taken[-1] if taken else 0

    def _last_turn_end(self, game_id: str) -> int:
        """The last event of the latest finished turn (0 before the first)."""
        notice = self._store.last_notice(game_id, "turn")
        return 0 if notice is None else int(notice.data.get("upto", notice.seq))

    def last_turn(self, game_id: str) -> tuple[int, int]:
        """(since, upto) of the latest finished turn (card, round): its digest's span."""
        notice = self._store.last_notice(game_id, "turn")
        if notice is None:
            return 0, self.head(game_id)
        return int(notice.data.get("since", 0)), int(notice.data.get("upto", notice.seq))

    # --- pictures (drawn by the game's registered renderer, engine.pictures) -------------
    def map_picture(self, game_id: str, lang: str, at: int | None = None,
                    seat: str | None = None) -> Job:
        """The map now or as of event ``at``, as ``seat`` may see it."""
        ruleset, _ = self._ruleset(game_id)
        if at is not None:
            self.check_event(game_id, at)
        state = ruleset.view(self._load(ruleset, game_id, at).game, seat)
        return Job(ruleset.name, "map", (state, lang))

    def digest_picture(self, game_id: str, lang: str, since: int,
                       upto: int | None = None, seat: str | None = None) -> Job:
        """The map after events ``since``..``upto`` with what changed marked, and the
        plain-language digest: (PNG, text) once drawn."""
        ruleset, meta, before, after, records = self._span(game_id, since, upto, seat)
        return Job(ruleset.name, "digest", (before, after, records, lang,
                                            self._proxies(game_id, meta, records, lang)))

    def focus_picture(self, game_id: str, lang: str, since: int,
                      upto: int | None = None, seat: str | None = None) -> Job:
        """The spaces changed by events ``since``..``upto``, large enough to read on a
        phone, as ``seat`` may see them: PNG once drawn (the digest's map goes with it)."""
        ruleset, _, before, after, records = self._span(game_id, since, upto, seat)
        return Job(ruleset.name, "focus", (before, after, records, lang))

    def _span(self, game_id: str, since: int, upto: int | None, seat: str | None
              ) -> tuple[Ruleset[Any], dict[str, Any], Any, Any, list[Recorded]]:
        """The states before and after events ``since``..``upto`` as ``seat`` sees them,
        and those events."""
        ruleset, meta = self._ruleset(game_id)
        for seq in (since, upto):
            if seq:
                self.check_event(game_id, seq)
        before = ruleset.view(self._load(ruleset, game_id, since or None).game, seat) \
            if since else ruleset.initial_state()
        after = ruleset.view(self._load(ruleset, game_id, upto).game, seat)
        return ruleset, meta, before, after, self.seen_records(game_id, () if seat is None
                                                               else (seat,), since, upto)

    def frame_seqs(self, game_id: str) -> list[int]:
        """The event each frame of the replay ends at (the setup, cards, Rounds)."""
        return [frame.seq for frame in self._frames(game_id)]

    def frame_captions(self, game_id: str, lang: str) -> list[str]:
        """What each frame of the replay shows ("Card 3: 35 Akali Movement..."), in order:
        the moments ``map_picture`` can show with ``at=frame_seqs()[n]``."""
        frames = self._frames(game_id)
        pictures = pictures_of(self.ruleset_of(game_id).name)
        return [pictures.caption(frames, n, lang) for n in range(len(frames))]

    def replay_length(self, game_id: str) -> int:
        """How many frames (the setup, each card, each Campaign Round) the game has."""
        return len(self._frames(game_id))

    def frame_picture(self, game_id: str, n: int, lang: str) -> Job:
        frames = self._frames(game_id)
        _frame_range(frames, n, n)
        pictures = pictures_of(self.ruleset_of(game_id).name)
        return Job(self.ruleset_of(game_id).name, "frame",
                   (frames[n].state, pictures.caption(frames, n, lang), lang))

    def replay_picture(self, game_id: str, lang: str, first: int = 0, last: int | None = None,
                       fmt: str = "auto") -> Job:
        """An animation of frames ``first``..``last``: (bytes, "gif"|"webp") once drawn."""
        frames = self._frames(game_id)
        last = len(frames) - 1 if last is None else last
        _frame_range(frames, first, last)
        pictures = pictures_of(self.ruleset_of(game_id).name)
        chosen = [(frames[i].state, pictures.caption(frames, i, lang))
                  for i in range(first, last + 1)]
        return Job(self.ruleset_of(game_id).name, "replay", (chosen, fmt, lang))

    def draw(self, job: Job) -> Any:
        """Draw a picture here (the async front-ends use a process pool instead)."""
        return job.run()

    def _frames(self, game_id: str) -> Sequence[Any]:
        ruleset = self.ruleset_of(game_id)
        frames = pictures_of(ruleset.name).frames(ruleset, self.records(game_id))
        if not frames:
            raise CourierError("pictures.no_frames")
        return frames

    # --- acting --------------------------------------------------------------------------
    def _check_permission(self, game_id: str, meta: Mapping[str, Any], seat: str,
                          user: str | None, moderator: bool = False) -> None:
        """The seat's player, the game's admin or a moderator may act for a seat."""
        self._check_playing(game_id)
        seated = self.seat_users(game_id).get(seat)
        if seated is not None and seated == user:
            return
        if moderator or (user is not None and user == meta["admin_user"]):
            return
        if seated is None and meta["admin_user"] is None:
            return  # a local hot-seat game with no admin and free seats
        raise NotSeated(seat=_seats(self.ruleset_of(game_id), [seat]))

    def act(self, game_id: str, seat: str, user: str | None, command: str | Action,
            expected_head: int | None = None, *, moderator: bool = False,
            receipt: Mapping[str, Any] | None = None) -> Result:
        """Carry out one command for ``seat``; raises a ``CourierError`` and appends
        nothing when it is not allowed.  Without ``expected_head``, a command that meets
        another writer's append is decided once more at the new head (if it is still
        legal there); with it, the writer gets the ``Conflict``.  ``receipt``: see
        ``act_many``."""
        return self.act_many(game_id, seat, user, [command], expected_head, single=True,
                             moderator=moderator, receipt=receipt)

    def act_many(self, game_id: str, seat: str, user: str | None,
                 commands: Sequence[str | Action], expected_head: int | None = None,
                 single: bool = False, *, moderator: bool = False,
                 receipt: Mapping[str, Any] | None = None) -> Result:
        """Decide each command in turn on the position the ones before it lead to, then
        append them all in one transaction: all or nothing.  A command that cannot be
        taken raises ``BatchError`` naming its line (or, for one command, its own error).

        ``receipt``: a front-end's note of the message that asked for the commands (its
        ``ref`` at least), written to the outbox as a ``receipt`` notice for ``seat`` in
        the same transaction: the answer to that message is never lost, and
        ``has_receipt`` tells whether the message was already carried out."""
        for attempt in (1, 2):
            try:
                result = self._act_many(game_id, seat, user, commands, expected_head, single,
                                        moderator, receipt)
            except Conflict:
                if expected_head is not None or attempt == 2:
                    raise
                continue
            driven = self._drive(game_id, result)   # the bots' turns it hands over to
            assert driven is not None
            return driven
        raise AssertionError("unreachable")

    def _act_many(self, game_id: str, seat: str, user: str | None,
                  commands: Sequence[str | Action], expected_head: int | None,
                  single: bool, moderator: bool,
                  receipt: Mapping[str, Any] | None = None) -> Result:
        ruleset, meta = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        self._check_permission(game_id, meta, seat, user, moderator)
        state = self._load(ruleset, game_id, None)
        if expected_head is not None and expected_head != state.seq:
            raise Conflict(expected_head, state.seq)
        if not commands:
            raise CourierError("error.empty_batch")
        secret, game, owned = _secret(meta), state.game, False
        batch: list[Event] = []
        for line, command in enumerate(commands, start=1):
            try:
                events, after = self._decide(ruleset, game, seat, command, secret,
                                             state.seq + len(batch))
            except CourierError as err:
                if single:
                    raise
                raise BatchError(line=line, text=_said(command), reason=err.msg) from err
            batch += events
            if after is not None:   # the rules computed the position: it is ours
                game, owned = after, True
                continue
            if not owned:  # the cached state is shared: evolve a copy
                game, owned = ruleset.clone(game), True
            for event in events[1:]:
                game = ruleset.evolve(game, event)
        if ruleset.is_over(game):
            batch.append(SecretRevealed(seed=secret.seed, salt=secret.salt, deck=secret.deck))
        return self._commit(ruleset, game_id, state, batch, seat, user,
                            ruleset.active_seats(state.game), game,
                            receipt=_receipt(seat, user, state.seq, receipt))

    def _decide(self, ruleset: Ruleset[Any], game: Any, seat: str, command: str | Action,
                secret: Secret, head: int) -> tuple[list[Event], Any]:
        """One command on ``game`` (not changed): its ``ActionTaken`` and events, and the
        state they lead to if the rules computed it.  The dice are drawn for the log
        position ``head`` the command is decided at."""
        if ruleset.is_over(game):
            raise GameOver()
        active = ruleset.active_seats(game)
        choice = ruleset.legal_actions(game, seat)
        if seat not in active and not choice.actions:  # side actions may come from anyone
            raise NotYourDecision(seat=_seats(ruleset, [seat]),
                                  waiting=_seats(ruleset, sorted(active)))
        action = _chosen(ruleset, game, seat, choice, command)
        events, after = ruleset.decide_state(game, seat, action, SeededChance(secret, str(head)))
        public = ruleset.seal_action(game, seat, action)
        if public is None:
            return [ActionTaken(seat=seat, text=action.text), *events], after
        salt = SeededChance(secret, f"{head}:seal").salt()
        taken = ActionTaken(seat=seat, text=public, secret=seal(action.text, [seat], salt))
        return [taken, *events], after

    def _commit(self, ruleset: Ruleset[Any], game_id: str, before: KernelState,
                batch: list[Event], seat: str | None, user: str | None,
                active_before: frozenset[str], game_after: Any = None,
                receipt: NewNotice | None = None) -> Result:
        """Append ``batch`` and, in the same transaction, the notices it causes (and the
        front-end's ``receipt``).  ``game_after``: the game state the batch leads to, if
        already computed."""
        now = self.clock()
        cached = self._latest.get(game_id)
        base = cached[1] if cached is not None and cached[1].state is before else \
            Folder(ruleset, before)
        folded: list[tuple[list[Recorded], Folder]] = []

        def notices(rows: list[StoredEvent]) -> list[NewNotice]:
            records = to_records(ruleset, rows)
            try:
                if game_after is not None:
                    work = base.fork(game_after)
                    work.adopt(records)
                else:
                    work = base.fork()
                    work.apply_all(records)
            except NeedsFullFold:   # (the rows before the head are already written)
                work = self._fold_from_store(ruleset, game_id, records[-1].seq)
            folded.append((records, work))
            caused = notices_for(ruleset, records, work.state, active_before,
                                 self._last_turn_end(game_id), self.deadline(game_id), now,
                                 quiet=self.bots(game_id))
            return [receipt, *caused] if receipt is not None else caused

        new = [NewEvent(e.type, e.version, payload_json(e), seat, user, now) for e in batch]
        self._store.append(game_id, before.seq, new, notices)
        records, work = folded[-1]
        self._latest[game_id] = ((records[-1].seq, records[-1].hash), work)
        state = work.state
        over = ruleset.is_over(state.game)
        if self.snapshots and (over or state.seq - self._store.snapshot_seq(game_id)
                               >= SNAPSHOT_DISTANCE):
            self._snapshot(ruleset, game_id, state)
        return Result(game_id, records, ruleset.active_seats(state.game), over, state.seq,
                      state)

    def _append(self, game_id: str, expected: int, events: list[Event], seat: str | None,
                user: str | None) -> list[StoredEvent]:
        now = self.clock()
        new = [NewEvent(e.type, e.version, payload_json(e), seat, user, now) for e in events]
        return self._store.append(game_id, expected, new)

    def _snapshot(self, ruleset: Ruleset[Any], game_id: str, state: KernelState) -> None:
        """Keep the state as JSON (a cache: only the newest few per game are kept, and
        one, the last, once the game is over)."""
        keep = 1 if ruleset.is_over(state.game) else snapshots.KEEP   # a finished game: one
        self._store.put_snapshot(game_id, state.seq, ruleset.version,
                                 snapshots.dumps(ruleset, state), keep=keep)

    # --- the outbox ----------------------------------------------------------------------
    def deadline(self, game_id: str) -> float | None:
        """Hours each decision may take before its seats are reminded (None: no deadline)."""
        hours = self._store.setting(f"game:{game_id}", "deadline_hours")
        return float(hours) if hours else None

    def set_deadline(self, game_id: str, hours: float | None, by_user: str | None, *,
                     moderator: bool = False) -> None:
        """The game's admin sets (or with None, clears) the hours a decision may take."""
        _, meta = self._ruleset(game_id)
        self._check_admin(meta, by_user, moderator)
        if hours is not None and not 0 < hours <= 24 * 60:
            raise CourierError("error.bad_deadline")
        self._store.set_setting(f"game:{game_id}", "deadline_hours", str(hours or ""))

    def notices(self, reader: str) -> list[StoredNotice]:
        """What the front-end ``reader`` must still deliver, oldest first.  A reminder whose
        decision was taken meanwhile is dropped (acknowledged) here."""
        out = []
        for notice in self._store.notices(reader, self.clock()):
            if notice.kind == "reminder" and not self._still_waiting(notice):
                self._store.acknowledge(reader, notice)
                continue
            out.append(notice)
        return out

    def acknowledge(self, reader: str, notice: StoredNotice) -> None:
        self._store.acknowledge(reader, notice)

    def start_reading(self, reader: str, like: str | None = None) -> None:
        """A front-end seen for the first time starts at the current end of the outbox;
        a share of a front-end (``like``: its whole cursor) where that one is, with the
        reminders it sent, so that splitting a front-end in processes skips nothing."""
        if like is not None:
            readers = self._store.readers()
            if reader not in readers and like in readers:
                self._store.set_reader(reader, *readers[like])
                return
        self._store.start_reading(reader)

    def take(self, reader: str, notice: StoredNotice, owner: str, lease: float) -> str:
        """``Store.take`` with the lease counted from now: "mine", "sent" or "held"."""
        now = datetime.fromisoformat(self.clock())
        stale = (now - timedelta(seconds=lease)).isoformat(timespec="milliseconds")
        return self._store.take(reader, notice, owner, now.isoformat(timespec="milliseconds"),
                                stale)

    def mark_sent(self, reader: str, notice: StoredNotice) -> None:
        self._store.mark_sent(reader, notice)

    def _still_waiting(self, notice: StoredNotice) -> bool:
        """The seats of ``notice`` still must decide, and have not acted since."""
        if not set(notice.seats) & self.active(notice.game_id):
            return False
        return not any(isinstance(r.event, ActionTaken) and r.event.seat in notice.seats
                       for r in self.records(notice.game_id, after=notice.seq))

    # --- undo ----------------------------------------------------------------------------
    def undo(self, game_id: str, seat: str, user: str | None, *,
             moderator: bool = False, receipt: Mapping[str, Any] | None = None) -> Result:
        """Undo the last command: at once when free, otherwise as a request to approve.
        ``receipt``: as for ``act_many``."""
        ruleset, meta = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        self._check_permission(game_id, meta, seat, user, moderator)
        state = self._load(ruleset, game_id, None)
        bots = self.bots(game_id)
        users = {s: (None if s in bots else u)   # a bot consents by itself
                 for s, u in self.seat_users(game_id).items()}
        plan = plan_undo(state, ruleset, seat, user, users, skip_user=NON_PLAYER)
        active = ruleset.active_seats(state.game)
        note = _receipt(seat, user, state.seq, receipt)
        if plan.free or not plan.needs:
            return self._commit(ruleset, game_id, state, [Undone(to_seq=plan.to_seq)], seat,
                                user, active, receipt=note)
        request = UndoRequested(seat=seat, to_seq=plan.to_seq, needs=sorted(plan.needs))
        return self._commit(ruleset, game_id, state, [request], seat, user, active,
                            receipt=note)

    def vote_undo(self, game_id: str, seat: str, user: str | None, approve: bool, *,
                  moderator: bool = False, receipt: Mapping[str, Any] | None = None
                  ) -> Result:
        ruleset, meta = self._ruleset(game_id)
        seat = resolve_seat(ruleset, seat)
        self._check_permission(game_id, meta, seat, user, moderator)
        state = self._load(ruleset, game_id, None)
        request = state.undo_request
        if request is None:
            raise UndoRefused("undo.no_request")
        if seat not in request.needs or seat in request.approved:
            raise UndoRefused("undo.not_asked", seat=_seats(ruleset, [seat]))
        active = ruleset.active_seats(state.game)
        batch: list[Event]
        if not approve:
            batch = [UndoDenied(seat=seat, request_seq=request.seq)]
        else:
            batch = [UndoApproved(seat=seat, request_seq=request.seq)]
            if request.approved | {seat} >= request.needs:
                batch.append(Undone(to_seq=request.to_seq))
        return self._commit(ruleset, game_id, state, batch, seat, user, active,
                            receipt=_receipt(seat, user, state.seq, receipt))

    def has_receipt(self, game_id: str, ref: str) -> bool:
        """Whether a command with the receipt ``ref`` was carried out in the game."""
        return self._store.has_notice(game_id, "receipt", ref)

    # --- verify, export, import -------------------------------------------------------------
    def verify(self, game_id: str) -> Report:
        ruleset, meta = self._ruleset(game_id)
        rows = self._store.events(game_id)
        return verify(ruleset, rows, _secret(meta), lambda row: to_record(ruleset, row))

    def export(self, game_id: str, seats: Iterable[str] = ()) -> list[str]:
        """The log as JSON Lines, as the players of ``seats`` may see it: before the game
        is over, the values sealed to other seats keep only their digest (the hash chain
        still verifies; DESIGN.md §3 ``view``)."""
        ruleset, _ = self._ruleset(game_id)
        mine = tuple(seats)
        if not ruleset.has_secrets or self._over(ruleset, game_id):
            return list(export_lines(self._store, game_id))
        return list(export_lines(self._store, game_id,
                                 lambda payload: redact_payload(payload, mine)))

    def import_game(self, lines: Iterable[str], game_id: str | None = None,
                    admin: str | None = None) -> tuple[str, Report]:
        """Import an exported log; it is verified before anything is written."""
        header, raw = read_lines(lines)
        meta = header["game"]
        try:
            ruleset = registry.get(meta["ruleset"])
        except KeyError as exc:
            raise CourierError("error.unknown_ruleset", ruleset=meta["ruleset"],
                               choices=", ".join(registry.names())) from exc
        new_id = game_id or meta["id"]
        rows = [to_stored(new_id, r) for r in raw]
        if any(is_redacted(row.payload) for row in rows):
            raise InvalidGameData(problem=t("error.sealed_log"))
        report = verify(ruleset, rows, None, lambda row: to_record(ruleset, row))
        if not report.ok:
            raise InvalidGameData(problem=f"event {report.first_bad_seq}: {report.problem}")
        self._store.create_game({"id": new_id, "ruleset": meta["ruleset"],
                                "ruleset_version": meta["ruleset_version"],
                                "scenario": meta["scenario"], "options": meta["options"],
                                "language": meta.get("language", "en"), "admin_user": admin,
                                "created_at": self.clock(), "title": meta.get("title"),
                                "secret": json.dumps({})})
        for seat in ruleset.seats:
            self._store.set_seat(new_id, seat, None)
        self._store.insert_verbatim(new_id, rows)
        # its secret seed stayed where it was played: an unfinished game is for reading
        self._store.set_setting(f"game:{new_id}", "phase", "imported")
        return new_id, report


def resolve_seat(ruleset: Ruleset[Any], text: str) -> str:
    if text in ruleset.seats:
        return text
    vocab = ruleset.vocabulary
    found = read_value(text, vocab.kinds[vocab.seat_kind])
    if not isinstance(found, str) or found not in ruleset.seats:
        raise CourierError("error.unknown_seat", seat=text,
                           seats=ValueLabels(vocab.kinds[vocab.seat_kind], ruleset.seats))
    return found


def _chosen(ruleset: Ruleset[Any], game: Any, seat: str, choice: Choice,
            command: str | Action) -> Action:
    """The legal choice ``command`` is: a typed text read by the parser, or a choice
    value (a button, a bot) checked against the legal ones."""
    if isinstance(command, str):
        return ruleset.parse(game, seat, command)
    allowed = choice.allows(command)
    if allowed is None:
        raise IllegalAction(text=command.text, reason=Msg("reason.not_offered_now"))
    return allowed


def _frame_range(frames: Sequence[Any], first: int, last: int) -> None:
    for n in (first, last):
        if not 0 <= n < len(frames):
            raise CourierError("pictures.bad_range", last=len(frames) - 1, asked=n)
    if last < first:
        raise CourierError("cli.replay_order", first=first, last=last)


def _receipt(seat: str, user: str | None, head: int, note: Mapping[str, Any] | None
             ) -> NewNotice | None:
    """The ``receipt`` notice of a front-end's message: for ``seat``, with the head the
    commands were decided at (its digest runs from there to the notice's seq)."""
    if note is None:
        return None
    return NewNotice("receipt", (seat,), {**note, "by": user, "since": head})


def _said(command: str | Action) -> str:
    return command if isinstance(command, str) else command.text


def _secret(meta: Mapping[str, Any]) -> Secret:
    data = json.loads(meta["secret"] or "{}")
    return Secret(seed=data.get("seed", ""), salt=data.get("salt", ""),
                  deck=list(data.get("deck", [])))


def _seats(ruleset: Ruleset[Any], seats: Sequence[str]) -> Msg:
    """Seats named in the reader's language (in an error message)."""
    vocab = ruleset.vocabulary
    return ValueLabels(vocab.kinds[vocab.seat_kind], list(seats))
