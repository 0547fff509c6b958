"""The gateway's outgoing mail: the outbox of the service, read with the ``mail`` cursor,
and the gateway's own answers, both handed to the relay.

- **Notices** (a decision, a finished card or round, an undo request, the start, the end,
  a mail's receipt...) of games with seats played by e-mail become one mail per player
  and game per round, with everything that player needs (``bot.mail.compose``): a
  player of two seats, or a player who is told of a receipt and a decision at once, gets
  one mail.  Seats played on Discord are the Discord bot's: the gateway skips them, as
  the bot skips the mail players.
- **Answers** (to a refused mail, a STATUS, a JOIN...) wait in the gateway's notes until
  the relay takes them.

Nothing is lost or sent twice across a restart: the outbox cursor moves over a notice,
and an answer leaves the notes, only once the relay has taken its mails; while a notice
waits for some addresses (the relay said "later"), those it was already mailed to are
noted (``delivered:``) and not mailed again.  What remains is the moment between the
relay taking a mail and the gateway writing that down: a crash exactly then sends that
mail once more, with the same Message-ID (which many mail programs show once).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.async_service import AsyncService
from bot.config import MailConfig
from bot.mail.compose import (
    Letter,
    Pages,
    Stamp,
    decision_text,
    footer,
    history_text,
    seat_names,
    subject,
    titled,
)
from bot.mail.identity import Identities
from bot.mail.notes import FRONTEND, Notes
from bot.mail.relay import LATER, SENT, Outgoing, Relay
from bot.mail.words import say
from bot.outbox_reader import OutboxReader
from bot.share import WHOLE, Share
from engine.core.messages import CourierError, GameNotFound
from engine.notices import StoredNotice
from engine.service import Service

log = logging.getLogger("courier.mail")

# the subject of a mail about several notices: the first of these it has
SUBJECTS = ("game_over", "abandoned", "decision", "undo_requested", "reminder", "started",
            "receipt", "turn", "undo_decided")
TO_EVERY_SEAT = frozenset({"turn", "started", "game_over", "abandoned", "undo_decided"})
TO_ITS_SEATS = frozenset({"decision", "reminder", "undo_requested"})
# the mails that carry the map, where the Discord bot posts pictures: a card or Campaign
# Round over (every player gets one), the game begun, the game over; between those a
# mail is text (digest, decision, status, board), and MAP asks for the picture
WITH_MAP = frozenset({"turn", "started", "game_over"})


@dataclass(frozen=True)
class Reader:
    """One mail player of a game: their address, seats and language."""

    address: str
    seats: tuple[str, ...]
    lang: str


class Postman(OutboxReader):
    """The outbox mailed to the players of every game (and the answers queued)."""

    reader = FRONTEND
    failure = "sending the mail failed; trying again soon"
    log = log

    def __init__(self, service: AsyncService, notes: Notes, relay: Relay, stamp: Stamp,
                 identities: Identities, config: MailConfig, language: str,
                 clock: Callable[[], datetime], share: Share = WHOLE) -> None:
        super().__init__()
        self.share = share
        self.service, self.notes, self.relay, self.stamp = service, notes, relay, stamp
        self.identities, self.config, self.language = identities, config, language
        self.clock = clock
        self.every = config.recheck_seconds
        self.rounds = 0                  # drains done (tests and the benchmark wait on it)

    def _round_done(self) -> bool:
        self.rounds += 1
        return True

    async def pending(self) -> bool:
        """Whether anything still waits for the relay (notices or answers)."""
        return bool(await self.service.notices(self.cursor) or await self.notes.queued())

    async def drain(self) -> None:
        await self.answers()
        notices, seats = await self.service.run(_outbox, self.service.service, self.cursor,
                                                self.share)
        if not notices:
            return
        mine, done = await self._sorted(notices, self._has)
        by_game: dict[str, list[StoredNotice]] = defaultdict(list)
        for notice in mine:
            by_game[notice.game_id].append(notice)
        stored = await self.notes.delivered()
        delivered = {n: set(addresses) for n, addresses in stored.items()}
        for game, listed in by_game.items():
            await self._deliver(game, listed, seats[game], delivered, done)
        await self._sent([n for n in mine if n.id in done])
        acked: set[int] = set()
        for notice in notices:    # the cursor moves over what is done, in order
            if notice.id not in done and notice.due is None:
                break
            if notice.id in done:
                await self.service.acknowledge(self.cursor, notice)
                acked.add(notice.id)
        for notice in notices:    # who was mailed, for the notices the cursor is behind
            now = set() if notice.id in acked else delivered.get(notice.id, set())
            if now != stored.get(notice.id, set()):
                await self.notes.set_delivered(notice.id, now)

    async def _has(self, game: str) -> bool:
        return self.share.has_game(game)

    # --- notices ------------------------------------------------------------------------
    async def _deliver(self, game: str, notices: list[StoredNotice], seats: Seats | None,
                       delivered: dict[int, set[str]], done: set[int]) -> None:
        try:
            language = await self.identities.language(game)
        except GameNotFound:
            seats = None
        if seats is None:            # a game no longer there: its notices are done
            done.update(n.id for n in notices)
            return
        addresses, users = seats
        holders: dict[str, list[str]] = defaultdict(list)
        for seat, address in addresses.items():
            if address:
                holders[address].append(seat)
        wanted = {n.id: _recipients(n, holders) for n in notices}
        mine: dict[str, list[StoredNotice]] = defaultdict(list)
        for notice in notices:
            for address in sorted(wanted[notice.id] - delivered.get(notice.id, set())):
                mine[address].append(notice)
        if mine:
            await self._mail(game, language, holders, users, mine, delivered)
        done.update(n.id for n in notices if wanted[n.id] <= delivered.get(n.id, set()))

    async def _mail(self, game: str, language: str, holders: dict[str, list[str]],
                    users: dict[str, str | None], mine: dict[str, list[StoredNotice]],
                    delivered: dict[int, set[str]]) -> None:
        pages = Pages(self.service, game, users)
        readers = [Reader(a, tuple(sorted(holders.get(a, []))),
                          await self.lang_of(a, language)) for a in mine]
        sinces = {r.address: await self._since(game, r.address, mine[r.address])
                  for r in readers}
        upto = max(n.seq for ns in mine.values() for n in ns)
        shared = min(sinces.values())
        for reader in readers:     # the map, drawn while the texts are read
            if any(n.kind in WITH_MAP for n in mine[reader.address]):
                pages.start_picture(reader.lang, shared, upto)
        letters = await asyncio.gather(*(
            self._letter(game, pages, r, mine[r.address], sinces[r.address], shared, upto)
            for r in readers))
        outcomes = await self.relay.send([Outgoing(self.stamp.message(letter), letter.to)
                                          for letter in letters])
        for reader, outcome in zip(readers, outcomes, strict=True):
            notices = mine[reader.address]
            if outcome == LATER and not self._too_old(notices[0].created):
                continue
            if outcome == LATER:
                log.warning("game %s: mail to %s dropped after %s hours of refusals",
                            game, reader.address, self.config.give_up_hours)
            for notice in notices:
                delivered.setdefault(notice.id, set()).add(reader.address)
            if outcome == SENT:
                await self.notes.set_mailed(game, reader.address,
                                            max(n.seq for n in notices))

    async def _since(self, game: str, address: str, notices: list[StoredNotice]) -> int:
        """Where this player's digest starts: after the last event their mails told."""
        upto = max(n.seq for n in notices)
        mailed = await self.notes.mailed(game, address)
        if mailed is None:
            mailed = min(int(n.data.get("since", n.seq)) for n in notices)
        return min(mailed, upto)

    async def _letter(self, game: str, pages: Pages, reader: Reader,
                      notices: list[StoredNotice], since: int, shared: int,
                      upto: int) -> Letter:
        """One player's mail about ``notices``: a full one (digest, decision, status,
        board) when anything but their own receipt is among them; for a receipt alone
        (a player going on with their own operation) what it did, their decision, and
        the views they asked for."""
        lang = reader.lang
        status, digest, active, decisions = await pages.basics(
            lang, _first(reader.seats), since, upto, reader.seats)
        names = status.seat_names
        parts = [self._headline(n, reader, names, lang) for n in notices]
        if digest:
            parts.append(titled(say("section.digest", lang), digest))
        deciding = sorted(set(reader.seats) & active)
        parts += [decision_text(view, lang) for view in decisions]
        if not deciding and active and not status.over:
            parts.append(say("section.waiting", lang, seats=seat_names(status, sorted(active))))
        receipt = next((n for n in notices if n.kind == "receipt"), None)
        reads: dict[str, int] = receipt.data.get("reads", {}) if receipt is not None else {}
        full = any(n.kind != "receipt" for n in notices)
        if "history" in reads:
            page = await pages.history(lang)
            parts.append(history_text(page, names, int(reads["history"]), lang))
        if full or "status" in reads:
            parts.append(titled(say("section.status", lang), status.text(lang)))
        if full or "board" in reads:
            parts.append(titled(say("section.board", lang),
                                await pages.board(lang, _first(reader.seats), None)))
        wants_map = any(n.kind in WITH_MAP for n in notices) or "map" in reads
        attachments = await self._map(pages, lang, shared, upto) if wants_map else []
        if attachments:
            parts.append(say("section.map_attached", lang))
        parts.append(footer(lang))
        kind = next(k for k in SUBJECTS if any(n.kind == k for n in notices))
        mine = deciding or [s for n in notices for s in n.seats if s in reader.seats]
        title = say(f"subject.{kind}", lang, seats=seat_names(status, mine))
        reply_to = await self.identities.reply_to(game, list(reader.seats), active,
                                                  admin=not reader.seats, users=pages.users)
        return Letter(
            to=reader.address,
            subject=subject(game, title, self._ticket_text(reply_to)),
            body="\n\n".join(p for p in parts if p), key=_key(notices, reader.address),
            reply_to=reply_to, attachments=attachments,
            in_reply_to=str(receipt.data.get("message_id") or "") if receipt else "",
            auto="auto-replied" if receipt is not None else "auto-generated")

    def _headline(self, notice: StoredNotice, reader: Reader, names: dict[str, str],
                  lang: str) -> str:
        data, seats = notice.data, [s for s in notice.seats if s in reader.seats]
        mine = " + ".join(names.get(s, s) for s in seats or notice.seats)
        if notice.kind == "receipt":
            key = {"undo": "receipt_undo", "vote": "receipt_vote"}.get(
                str(data.get("order")), "receipt")
            lines = [f"  > {line}" for line in data.get("lines", [])]
            return "\n".join([say(f"notice.{key}", lang), *lines])
        if notice.kind == "undo_decided":
            by = names.get(str(data.get("by")), "")
            return say(f"notice.undo_{data.get('outcome')}", lang, by=by)
        if notice.kind == "undo_requested":
            return say("notice.undo_requested", lang, seats=mine,
                       by=names.get(str(data.get("by")), "?"))
        if notice.kind == "reminder":
            return say("notice.reminder", lang, seats=mine, hours=f"{data.get('hours', 0):g}")
        if notice.kind == "game_over":
            return say("notice.game_over", lang, outcome="")
        if notice.kind in ("decision", "turn", "started", "abandoned"):
            return say(f"notice.{notice.kind}", lang, seats=mine)
        return ""

    async def _map(self, pages: Pages, lang: str, since: int | None,
                   upto: int | None) -> list[tuple[str, bytes]]:
        """The map, as a PNG attachment (none for a game without pictures)."""
        try:
            return [("map.png", await pages.picture(lang, since, upto))]
        except CourierError:
            return []
        except Exception:
            log.exception("game %s: the map could not be drawn; the mail goes without it",
                          pages.game)
            return []

    def _ticket_text(self, reply_to: str | None) -> str | None:
        if not self.config.ticket_in_subject or reply_to is None:
            return None
        return self.identities.home.detail(reply_to) or None

    def _too_old(self, created: str) -> bool:
        when = datetime.fromisoformat(created)
        return self.clock() - when > timedelta(hours=self.config.give_up_hours)

    async def lang_of(self, address: str, fallback: str) -> str:
        return await self.notes.language(address) or fallback or self.language

    # --- answers ------------------------------------------------------------------------
    async def answers(self) -> None:
        """Send the answers waiting in the notes; each leaves them once the relay took it
        (or refused it for good, or kept refusing it too long)."""
        queued = await self.notes.queued()
        if not queued:
            return
        letters = [await self._answer(job) for job in queued.values()]
        outcomes = await self.relay.send([Outgoing(self.stamp.message(letter), letter.to)
                                          for letter in letters])
        for (key, job), outcome in zip(queued.items(), outcomes, strict=True):
            if outcome == LATER and not self._too_old(job["created"]):
                continue
            await self.notes.unqueue(key)

    async def _answer(self, job: dict[str, Any]) -> Letter:
        lang, game = job["lang"], job.get("game")
        parts = list(job.get("texts", []))
        attachments: list[tuple[str, bytes]] = []
        if game:
            try:
                parts += await self._reads(game, job, lang)
                if "map" in job.get("reads", {}):
                    attachments = await self._map(Pages(self.service, game), lang, None, None)
            except GameNotFound:
                pass
            parts.append(footer(lang))
        return Letter(to=job["to"],
                      subject=subject(game, job["subject"],
                                      self._ticket_text(job.get("reply_to"))),
                      body="\n\n".join(p for p in parts if p), key=f"a.{job['key']}",
                      reply_to=job.get("reply_to"), attachments=attachments,
                      in_reply_to=job.get("in_reply_to", ""), auto="auto-replied")

    async def _reads(self, game: str, job: dict[str, Any], lang: str) -> list[str]:
        """The decision of the player's seats that must decide (so that a refused mail is
        answered with the choices to write instead), and the views an answer was asked
        for (STATUS, BOARD, HISTORY), read now."""
        reads: dict[str, Any] = job.get("reads", {})
        seats = job.get("seats", [])
        seat = _first(seats)
        pages = Pages(self.service, game)
        status = await pages.status(lang, seat)
        active = await pages.active()
        parts = [decision_text(await pages.decision(s, lang), lang)
                 for s in sorted(seats) if s in active and not status.over]
        if "history" in reads:
            parts.append(history_text(await pages.history(lang), status.seat_names,
                                      int(reads["history"]), lang))
        if "status" in reads:
            parts.append(titled(say("section.status", lang), status.text(lang)))
        if "board" in reads:
            parts.append(titled(say("section.board", lang),
                                await pages.board(lang, seat, None)))
        if "map" in reads:
            parts.append(say("section.map_attached", lang))
        return parts


def _recipients(notice: StoredNotice, holders: dict[str, list[str]]) -> set[str]:
    """The mail players a notice is for."""
    if notice.kind == "receipt":
        to = notice.data.get("to")
        if to:
            return {str(to)}
        return {a for a, seats in holders.items() if set(seats) & set(notice.seats)}
    if notice.kind in TO_EVERY_SEAT:
        return set(holders)
    if notice.kind in TO_ITS_SEATS:
        return {a for a, seats in holders.items() if set(seats) & set(notice.seats)}
    return set()


Seats = tuple[dict[str, str | None], dict[str, str | None]]   # addresses, players


def _outbox(service: Service, cursor: str,
            share: Share) -> tuple[list[StoredNotice], dict[str, Seats | None]]:
    """The notices waiting for the gateway, and the seats' addresses and players of
    their games of this share (None: a game no longer there), in one read."""
    notices = service.notices(cursor)
    seats: dict[str, Seats | None] = {}
    for game in dict.fromkeys(n.game_id for n in notices if share.has_game(n.game_id)):
        try:
            seats[game] = service.seat_addresses(game), service.seat_users(game)
        except GameNotFound:
            seats[game] = None
    return notices, seats


def _first(seats: Any) -> str | None:
    return sorted(seats)[0] if seats else None


def _key(notices: list[StoredNotice], address: str) -> str:
    digest = hashlib.sha256(address.encode()).hexdigest()[:8]
    return f"n{notices[0].id}-{notices[-1].id}.{digest}"

