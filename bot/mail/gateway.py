"""The gateway's desk: one incoming mail at a time, read, checked and carried out through
the service, or answered with why not.

How a mail is taken:

1. It is read (``bot.mail.reading``). A mail another program sent by itself (an
   auto-reply, a bounce, a list, the gateway's own mail come back) is dropped, unanswered.
2. A mail seen before (its Message-ID) is dropped: a second delivery changes nothing.
3. Its orders are read (``bot.mail.orders``); the subject of a new mail (not a reply) may
   be an order too (``NEW gandhi short``, ``JOIN a1b2c3 raj``).  If any line is malformed,
   or the mail mixes two kinds of orders that change the game, nothing is done and the
   answer lists each bad line and why.
4. ``NEW`` and ``JOIN`` need no ticket: they are answered to the From address (whoever
   forged it, the secret goes to its real owner).  Every other order needs a valid ticket
   (``bot.mail.tickets``) in the address the mail was sent to, or in its subject; without
   one nothing is done and the answer says why.
5. Choices are one batch (``act_many``: all or none); UNDO, APPROVE, DENY, START,
   LEAVE, ROTATE each a service call.  A command carried out writes its receipt to the
   outbox with its events (so the answer goes out through the outbox, once, and a mail
   carried out before a crash is recognised and not carried out again); refusals and
   other answers wait in the gateway's notes for the relay.

Answers to one address are rate-limited (``[mail] replies_per_hour``): they are what a
forged From could aim at someone.  The outbox's mails to the players of a game are not.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from bot.async_service import AsyncService
from bot.config import MailConfig
from bot.mail.compose import Stamp, seat_names
from bot.mail.identity import Identities, Identity, user_key
from bot.mail.notes import Notes, utc_now
from bot.mail.orders import (
    MAX_LINES,
    READS,
    Order,
    Problem,
    history_since,
    kinds_of_writes,
    language,
    option_pair,
    order_of,
    read_orders,
    switch,
)
from bot.mail.postman import Postman
from bot.mail.reading import Incoming, read_mail
from bot.mail.relay import Relay
from bot.mail.tickets import ADMIN, Home, Signer, game_in_subject, tickets_in
from bot.mail.words import say
from bot.options import typed_options
from bot.share import WHOLE, Share
from engine.core import ruleset as registry
from engine.core.messages import BatchError, CourierError, Msg, NotSeated
from engine.i18n import LANGUAGES
from engine.service import Service

log = logging.getLogger("courier.mail")
T = TypeVar("T")

REPLY_PREFIX = re.compile(r"^\s*(re|fwd?|aw|wg|r|rif|rv|tr|enc|res)\s*(\[\d+\])?\s*:",
                          re.IGNORECASE)
SUBJECT_ORDERS = frozenset({"new", "join", "help"})
CARRIED_OUT = "carried out:"   # what a mail whose commands were appended became
BOTS_OPTION = "bots"           # OPTION bots=raj,revolutionaries: as `courier new --bot`


class InLanguages(Msg):
    """A name given in each language (a seat's, in an error message)."""

    def __init__(self, names: dict[str, str]) -> None:
        super().__init__("", names=names)

    def render(self, lang: str | None = None) -> str:
        names: dict[str, str] = self.params["names"]
        return names.get(lang or "en") or names.get("en", "")


class Refused(Exception):
    """A mail that changes nothing: the problems to answer with."""

    def __init__(self, problems: Sequence[Problem | Msg], tried_all: bool = True) -> None:
        super().__init__("refused")
        self.problems = list(problems)
        self.tried_all = tried_all


class Gateway:
    def __init__(self, service: AsyncService, config: MailConfig, language: str = "en",
                 default_ruleset: str = "gandhi",
                 clock: Callable[[], datetime] = utc_now, share: Share = WHOLE) -> None:
        self.service, self.config = service, config
        self.language, self.default_ruleset = language, default_ruleset
        self.home = Home.of(config.address, config.name)
        self.signer = Signer(config.secret)
        self.notes = Notes(service, clock, None if share.whole else share.tag)
        self.stamp = Stamp(self.home, self.signer, config.ticket_in_subject)
        self.identities = Identities(service, self.notes, self.signer, self.home)
        self.relay = Relay(config.relay, self.home.address)
        self.postman = Postman(service, self.notes, self.relay, self.stamp, self.identities,
                               config, language, clock, share)
        self._lock = asyncio.Lock()
        self.outcomes: list[tuple[str, str]] = []   # (ref, what became of it), latest last

    async def start(self) -> None:
        await self.notes.forget_old()
        self.postman.start()

    async def stop(self) -> None:
        await self.postman.stop()
        await self.relay.close()

    def accepts(self, address: str) -> bool:
        """Whether ``address`` is one of the gateway's (its own SMTP server's RCPT TO)."""
        return self.home.owns(address)

    # --- one mail -----------------------------------------------------------------------
    async def receive(self, raw: bytes, envelope_from: str | None = None,
                      envelope_to: Sequence[str] = (), size: int | None = None) -> str:
        """Take one mail (the whole of it, or its header and ``size`` when it is too large
        to fetch).  Returns once what it does is durable: its commands appended with their
        receipt, or its answer queued.  Returns what became of it, for the log."""
        incoming = read_mail(raw, envelope_from=envelope_from, envelope_to=envelope_to,
                             own=self.stamp.is_own, max_bytes=self.config.max_bytes, size=size)
        if incoming.ignored:
            return self._done(incoming, f"ignored ({incoming.ignored})")
        async with self._lock:
            if await self.notes.seen(incoming.ref):
                return self._done(incoming, "seen before")
            try:
                outcome = await self._handle(incoming)
            except Refused as refusal:
                outcome = await self._refuse(incoming, refusal)
            if not outcome.startswith(CARRIED_OUT):   # its receipt says it was: no note
                await self.notes.mark_seen(incoming.ref)
        self.postman.wake()
        return self._done(incoming, outcome)

    def _done(self, incoming: Incoming, outcome: str) -> str:
        log.info("mail %s from %s: %s", incoming.message_id or incoming.ref,
                 incoming.sender or "?", outcome)
        self.outcomes.append((incoming.ref, outcome))
        return outcome

    async def _handle(self, incoming: Incoming) -> str:
        identity = await self._identity(incoming)
        lines = list(incoming.lines)
        first = _subject_order(incoming.subject)
        if first is not None:
            lines.insert(0, first)
        if incoming.problem:
            raise Refused([_problem_msg(incoming, self.config.max_bytes)])
        orders, problems = read_orders(lines)
        if problems:
            raise Refused(problems)
        if not orders:
            raise Refused([Msg("mail.error.no_orders")])
        writes = kinds_of_writes(orders)
        if len(writes) > 1:
            raise Refused([Problem(o.number, o.text, Msg("mail.error.one_kind"))
                           for o in orders if o.kind in writes[1:]])
        kind = writes[0] if writes else None
        options = [o for o in orders if o.kind == "option"]
        if options and kind != "new":
            raise Refused([Problem(o.number, o.text, Msg("mail.error.option_without_new"))
                           for o in options])
        if kind == "new":
            return await self._new(incoming, orders)
        if kind == "join":
            await self._set_language(incoming.sender, orders)
            return await self._join(incoming, orders, identity)
        if identity is None:
            if any(o.kind == "help" for o in orders):
                return await self._help(incoming)
            found = tickets_in(self.home, incoming.recipients, incoming.subject)
            raise Refused([Msg("mail.error.bad_ticket" if found else "mail.error.no_ticket")])
        named = game_in_subject(incoming.subject)
        if named is not None and named != identity.game.lower():
            raise Refused([Msg("mail.error.other_game", named=named, game=identity.game)])
        await self._set_language(identity.address, orders)
        handler = {"choice": self._choices, "undo": self._undo, "approve": self._vote,
                   "deny": self._vote, "start": self._start, "leave": self._leave,
                   "rotate": self._rotate, "bot": self._bot}.get(kind or "", self._reads)
        return await handler(incoming, orders, identity)

    async def _identity(self, incoming: Incoming) -> Identity | None:
        for ticket in tickets_in(self.home, incoming.recipients, incoming.subject):
            found = await self.identities.verify(ticket)
            if found is not None:
                return found
        return None

    async def _set_language(self, address: str, orders: list[Order]) -> None:
        """``LANG es``: the language the gateway writes to ``address`` in from now on."""
        for order in orders:
            if order.kind == "lang" and address:
                await self.notes.set_language(address, language(order.args[0]) or "en")

    # --- the game's commands ------------------------------------------------------------
    async def _choices(self, incoming: Incoming, orders: list[Order],
                       identity: Identity) -> str:
        choices = [o for o in orders if o.kind == "choice"]
        carried_out, active = await self.service.run(
            _before_acting, self.service.service, identity.game, incoming.ref)
        if carried_out:
            return "carried out before"
        seat = await self._acting_seat(identity, active)
        receipt = self._receipt(incoming, identity, orders, [o.text for o in choices],
                                "choice")
        try:
            await self._write(identity.game, self.service.service.act_many, identity.game,
                              seat, identity.user, [o.text for o in choices], receipt=receipt)
        except BatchError as err:
            bad = choices[err.line - 1]
            reason = err.msg.params.get("reason")
            raise Refused([Problem(bad.number, bad.text,
                                   _by_mail(reason) if isinstance(reason, Msg) else err.msg)],
                          tried_all=err.line == len(choices)) from err
        except CourierError as err:
            raise Refused([err.msg]) from err
        return f"{CARRIED_OUT} {len(choices)} choice(s) for {seat}"

    async def _undo(self, incoming: Incoming, orders: list[Order], identity: Identity) -> str:
        if await self._carried_out(identity.game, incoming):
            return "carried out before"
        seat = identity.seat or await self._acting_seat(identity)
        receipt = self._receipt(incoming, identity, orders, [_first_text(orders, "undo")],
                                "undo")
        try:
            await self._write(identity.game, self.service.service.undo, identity.game, seat,
                              identity.user, receipt=receipt)
        except CourierError as err:
            raise Refused([err.msg]) from err
        return f"{CARRIED_OUT} undo for {seat}"

    async def _vote(self, incoming: Incoming, orders: list[Order], identity: Identity) -> str:
        if await self._carried_out(identity.game, incoming):
            return "carried out before"
        approve = any(o.kind == "approve" for o in orders)
        status = await self.service.status(identity.game, "en")
        request = status.undo
        if request is None:
            raise Refused([Msg("undo.no_request")])
        waiting = [s for s in request.needs if s not in request.approved]
        mine = set(await self._seats_of(identity))
        seats = [s for s in waiting if s in mine or identity.is_admin_ticket]
        if not seats:
            raise Refused([Msg("mail.error.nothing_to_vote")])
        order = "approve" if approve else "deny"
        receipt = self._receipt(incoming, identity, orders, [_first_text(orders, order)],
                                "vote")
        try:
            for n, seat in enumerate(seats if approve else seats[:1]):
                await self._write(identity.game, self.service.service.vote_undo,
                                  identity.game, seat, identity.user, approve,
                                  receipt=receipt if n == 0 else None)
        except CourierError as err:
            raise Refused([err.msg]) from err
        return f"{CARRIED_OUT} {order} the undo for {', '.join(seats)}"

    async def _start(self, incoming: Incoming, orders: list[Order], identity: Identity) -> str:
        try:
            await self._write(identity.game, self.service.service.start, identity.game,
                              identity.user)
        except CourierError as err:
            raise Refused([err.msg]) from err
        return await self._answer(incoming, identity, orders, "answer",
                                  [say("reply.started", await self._lang(identity))])

    async def _leave(self, incoming: Incoming, orders: list[Order], identity: Identity) -> str:
        order = next(o for o in orders if o.kind == "leave")
        seat = " ".join(order.args) or identity.seat
        if seat is None:
            raise Refused([Problem(order.number, order.text,
                                   Msg("mail.error.admin_no_seat", order=order.text))])
        lang = await self._lang(identity)
        try:
            freed = await self._write(identity.game, self.service.service.leave,
                                      identity.game, seat, identity.user)
        except CourierError as err:
            raise Refused([err.msg]) from err
        status = await self.service.status(identity.game, lang)
        return await self._answer(incoming, identity, orders, "left",
                                  [say("reply.left", lang, seats=seat_names(status, freed))])

    async def _rotate(self, incoming: Incoming, orders: list[Order],
                      identity: Identity) -> str:
        order = next(o for o in orders if o.kind == "rotate")
        named = " ".join(order.args)
        info = await self.service.game_info(identity.game)
        if named and named.lower() != ADMIN:
            if identity.user != info.admin:
                raise Refused([Problem(order.number, order.text, Msg("error.not_admin"))])
            try:
                seat = await self.service.resolve_seat(identity.game, named)
            except CourierError as err:
                raise Refused([Problem(order.number, order.text, err.msg)]) from err
        elif named:
            if identity.user != info.admin:
                raise Refused([Problem(order.number, order.text, Msg("error.not_admin"))])
            seat = ADMIN
        else:
            seat = identity.seat or ADMIN
        if await self.identities.ticket(identity.game, seat) is None:
            status = await self.service.status(identity.game, "en")
            raise Refused([Problem(order.number, order.text, Msg(
                "mail.error.not_mail_seat", seats=status.seat_names.get(seat, seat)))])
        group = await self._group(identity.game, seat)
        for each in group:
            await self.notes.rotate(identity.game, each)
        holder = await self.identities.holder(identity.game, seat)
        address = holder.removeprefix("mail:") if holder else identity.address
        lang = await self._lang_of(address, info.language)
        reply_to = await self.identities.reply_to(identity.game, list(group),
                                                  admin=seat == ADMIN)
        await self._queue(incoming, address, lang, identity.game,
                          say("subject.rotated", lang, game=identity.game),
                          [say("reply.rotated", lang, game=identity.game)],
                          seats=[s for s in group if s != ADMIN], reply_to=reply_to)
        if address != identity.address:
            mine = await self._lang(identity)
            status = await self.service.status(identity.game, mine)
            return await self._answer(incoming, identity, orders, "answer", [
                say("reply.rotated_admin", mine, seats=seat_names(status, group))])
        return f"rotated {', '.join(group)}"

    async def _bot(self, incoming: Incoming, orders: list[Order], identity: Identity) -> str:
        """``BOT raj ON``: the admin gives a player's seat to the bot standing in for them
        (``OFF``: takes it back), as ``courier bots`` and Discord's ``/game bot`` do.  Only
        with the admin's own ticket: a seat's address proves a seat, not the game.  Every
        line is checked before any is carried out; each is idempotent, so a mail that comes
        again after a crash changes nothing more."""
        bots = [o for o in orders if o.kind == "bot"]
        info = await self.service.game_info(identity.game)
        if identity.user != info.admin:
            raise Refused([Problem(o.number, o.text, Msg("error.not_admin")) for o in bots])
        if not identity.is_admin_ticket:
            raise Refused([Problem(o.number, o.text, Msg("mail.error.admin_ticket_only"))
                           for o in bots])
        wanted: list[tuple[Order, str, bool]] = []
        non_players = await self.service.run(self.service.service.non_player_seats,
                                             identity.game)
        for order in bots:
            try:
                seat = await self.service.resolve_seat(identity.game,
                                                       " ".join(order.args[:-1]))
            except CourierError as err:
                raise Refused([Problem(order.number, order.text, err.msg)]) from err
            if seat in non_players:   # refused before any line is carried out
                names = {lang: (await self.service.status(identity.game, lang)
                                ).seat_names.get(seat, seat) for lang in LANGUAGES}
                raise Refused([Problem(order.number, order.text, Msg(
                    "error.bot_non_player", seat=InLanguages(names)))])
            wanted.append((order, seat, bool(switch(order.args))))
        for n, (order, seat, on) in enumerate(wanted):
            try:
                await self._write(identity.game, self.service.service.set_bot, identity.game,
                                  seat, on, identity.user)
            except CourierError as err:
                raise Refused([Problem(order.number, order.text, err.msg)],
                              tried_all=n == len(wanted) - 1) from err
        lang = await self._lang(identity)
        status = await self.service.status(identity.game, lang)
        texts = [say("reply.bot_on" if on else "reply.bot_off", lang,
                     seats=seat_names(status, [seat])) for _, seat, on in wanted]
        for _, seat, on in wanted:
            await self._tell_seat_of_bot(incoming, identity, seat, on)
        await self._answer(incoming, identity, orders, "answer", texts)
        return "bot " + ", ".join(f"{seat} {'on' if on else 'off'}" for _, seat, on in wanted)

    async def _tell_seat_of_bot(self, incoming: Incoming, identity: Identity, seat: str,
                                on: bool) -> None:
        """The seat's player by mail (not the admin, who is answered) hears that the bot
        decides for their seat now, or that it is theirs again."""
        holder = await self.identities.holder(identity.game, seat)
        if not holder or not holder.startswith("mail:") or holder == identity.user:
            return
        address = holder.removeprefix("mail:")
        lang = await self._lang_of(address, await self.identities.language(identity.game))
        status = await self.service.status(identity.game, lang)
        names = seat_names(status, [seat])
        reply_to = await self.identities.reply_to(identity.game, [seat])
        await self._queue(incoming, address, lang, identity.game,
                          say("subject.bot", lang, seats=names),
                          [say("reply.seat_bot_on" if on else "reply.seat_bot_off", lang,
                               seats=names)], seats=[seat], reply_to=reply_to, limited=False)

    async def _reads(self, incoming: Incoming, orders: list[Order], identity: Identity) -> str:
        """STATUS, BOARD, MAP, HISTORY, LANG and HELP alone: answered at once."""
        lang = await self._lang(identity)
        texts = []
        if any(o.kind == "lang" for o in orders):
            texts.append(say("reply.lang_set", lang))
        if any(o.kind == "help" for o in orders):
            texts.append(say("reply.help", lang, address=self.home.address))
        return await self._answer(incoming, identity, orders, "answer", texts)

    async def _help(self, incoming: Incoming) -> str:
        lang = await self._lang_of(incoming.sender, None)
        return await self._queue(incoming, incoming.sender, lang, None,
                                 say("subject.help", lang),
                                 [say("reply.help", lang, address=self.home.address)])

    # --- new games and seats --------------------------------------------------------------
    async def _new(self, incoming: Incoming, orders: list[Order]) -> str:
        order = next(o for o in orders if o.kind == "new")
        lang = next((language(o.args[0]) for o in orders if o.kind == "lang"), None) or \
            await self._lang_of(incoming.sender, None)
        ruleset, scenario = self._ruleset_and_scenario(order)
        await self._set_language(incoming.sender, orders)
        try:
            pairs = dict(option_pair(o) for o in orders if o.kind == "option")
            bots = [b.strip() for b in pairs.pop(BOTS_OPTION, "").split(",") if b.strip()]
            options = typed_options(pairs)
            game = await self.service.create_game(
                ruleset, scenario or registry.get(ruleset).scenarios()[0], options=options,
                admin=user_key(incoming.sender), language=lang, started=False, bots=bots)
        except CourierError as err:
            raise Refused([Problem(order.number, order.text, err.msg)]) from err
        info = await self.service.game_info(game)
        status = await self.service.status(game, lang)
        groups = await self.service.seat_groups(game)
        reply_to = await self.identities.reply_to(game, [], admin=True)
        text = say("reply.created", lang, game=game, game_name=status.game_name,
                   scenario=status.scenario_name, address=self.home.address,
                   groups=", ".join(seat_names(status, g) for g in groups))
        bots = sorted(await self.service.bots(game))
        texts = [text] + ([say("reply.created_bots", lang, seats=", ".join(
            status.seat_names.get(s, s) for s in bots))]
                          if bots else [])
        await self._queue(incoming, incoming.sender, lang, game,
                          say("subject.created", lang, game=game), texts, reply_to=reply_to,
                          limited=False)
        return f"created {game} ({info.ruleset}, {info.scenario})"

    def _ruleset_and_scenario(self, order: Order) -> tuple[str, str | None]:
        args = [a.lower() for a in order.args]
        names = registry.names()
        if args and args[0] in names:
            return args[0], args[1] if len(args) > 1 else None
        if len(args) > 1:
            raise Refused([Problem(order.number, order.text, Msg(
                "error.unknown_ruleset", ruleset=args[0], choices=", ".join(names)))])
        ruleset = self.default_ruleset if self.default_ruleset in names else names[0]
        return ruleset, args[0] if args else None

    async def _join(self, incoming: Incoming, orders: list[Order],
                    identity: Identity | None) -> str:
        order = next(o for o in orders if o.kind == "join")
        game = await self.identities.find_game(order.args[0])
        if game is None:
            raise Refused([Problem(order.number, order.text,
                                   Msg("error.game_not_found", game=order.args[0]))])
        address = identity.address if identity is not None and identity.game == game \
            else incoming.sender
        user = user_key(address)
        try:
            seat = await self.service.resolve_seat(game, " ".join(order.args[1:]))
            await self._free_for(game, seat, user)
            seats = await self._write(game, self.service.service.join, game, seat, user,
                                      email=address)
        except CourierError as err:
            raise Refused([Problem(order.number, order.text, err.msg)]) from err
        await self.notes.set_mailed(game, address, await self.service.head(game))
        info = await self.service.game_info(game)
        lang = await self._lang_of(address, info.language)
        status = await self.service.status(game, lang)
        reply_to = await self.identities.reply_to(game, list(seats))
        names = seat_names(status, seats)
        texts = [say("reply.joined", lang, seats=names, game=game,
                     ticket=(reply_to or "").partition("@")[0])]
        if status.phase == "waiting":
            texts.append(say("reply.joined_wait", lang))
        await self._queue(incoming, address, lang, game,
                          say("subject.joined", lang, seats=names, game=game), texts,
                          seats=list(seats), reply_to=reply_to,
                          reads={"status": 0} if status.phase != "waiting" else {})
        await self._tell_admin(incoming, info.admin, game, address, seats)
        return f"{address} joined {game} as {', '.join(seats)}"

    async def _free_for(self, game: str, seat: str, user: str) -> None:
        """JOIN takes free seats only, even from the admin's address: a From proves
        nothing, so it never carries the admin's right to seat anyone anywhere."""
        users = await self.service.seat_users(game)
        for each in await self._group(game, seat):
            if users.get(each) not in (None, user):
                names = {lang: (await self.service.status(game, lang)).seat_names.get(each, each)
                         for lang in LANGUAGES}
                raise NotSeated("error.seat_taken", seat=InLanguages(names))

    async def _tell_admin(self, incoming: Incoming, admin: str | None, game: str,
                          address: str, seats: Sequence[str]) -> None:
        """The game's admin (by mail) hears who took which seats, and when all are taken."""
        admin_address = admin.removeprefix("mail:") if admin and \
            admin.startswith("mail:") else None
        if admin_address is None or admin_address == address:
            return
        info = await self.service.game_info(game)
        lang = await self._lang_of(admin_address, info.language)
        status = await self.service.status(game, lang)
        free = await self.service.free_seats(game)
        key = "reply.joined_admin" if free else "reply.joined_admin_full"
        text = say(key, lang, who=address, seats=seat_names(status, seats), game=game,
                   free=seat_names(status, free))
        admin_seats = [s for s, u in (await self.service.seat_users(game)).items()
                       if u == admin]
        reply_to = await self.identities.reply_to(game, admin_seats, admin=True)
        await self._queue(incoming, admin_address, lang, game,
                          say("subject.seat_taken_by", lang, who=address,
                              seats=seat_names(status, seats)), [text],
                          seats=admin_seats, reply_to=reply_to)

    # --- answers ------------------------------------------------------------------------
    async def _refuse(self, incoming: Incoming, refusal: Refused) -> str:
        identity = await self._identity(incoming)
        to = identity.address if identity is not None else incoming.sender
        game = identity.game if identity is not None else None
        lang = await self._lang_of(to, None if game is None else
                                   await self.identities.language(game))
        texts = [say("reply.problems", lang)]
        for problem in refusal.problems:
            if isinstance(problem, Problem):
                texts.append(say("reply.line", lang, line=problem.number, text=problem.text,
                                 reason=problem.reason.render(lang)))
            else:
                texts.append(problem.render(lang))
        if not refusal.tried_all:
            texts.append(say("reply.not_tried", lang))
        seats = await self._seats_of(identity) if identity is not None else []
        reply_to = await self.identities.reply_to(
            game, seats, admin=identity.is_admin_ticket) if identity and game else None
        outcome = await self._queue(incoming, to, lang, game, say("subject.refused", lang),
                                    ["\n".join(texts[:1] + ["  " + t for t in texts[1:]])],
                                    seats=seats, reply_to=reply_to)
        return f"refused ({outcome})"

    async def _answer(self, incoming: Incoming, identity: Identity, orders: list[Order],
                      subject_key: str, texts: list[str]) -> str:
        """An answer to ``identity``, with the views its orders asked for."""
        lang = await self._lang(identity)
        seats = await self._seats_of(identity)
        reply_to = await self.identities.reply_to(identity.game, seats,
                                                  await self.service.active(identity.game),
                                                  admin=identity.is_admin_ticket)
        status = await self.service.status(identity.game, lang)
        return await self._queue(incoming, identity.address, lang, identity.game,
                                 say(f"subject.{subject_key}", lang,
                                     game=identity.game, seats=seat_names(status, seats)),
                                 texts, seats=seats, reply_to=reply_to,
                                 reads=_reads(orders))

    async def _queue(self, incoming: Incoming, to: str, lang: str, game: str | None,
                     subject: str, texts: list[str], *, seats: Sequence[str] = (),
                     reply_to: str | None = None, reads: dict[str, int] | None = None,
                     limited: bool = True) -> str:
        """Keep an answer for the relay, unless ``to`` had its share this hour."""
        if not to:
            return "no address to answer"
        if limited and not await self.notes.allow(to, self.config.replies_per_hour):
            log.warning("no answer to %s: over %s answers this hour", to,
                        self.config.replies_per_hour)
            return "answer dropped (rate limit)"
        key = f"{incoming.ref}.{hashlib.sha256(to.encode()).hexdigest()[:8]}"
        await self.notes.queue(key, {
            "to": to, "lang": lang, "game": game, "seats": list(seats), "subject": subject,
            "texts": texts, "reads": reads or {}, "reply_to": reply_to, "key": key,
            "in_reply_to": incoming.message_id, "created": self.notes.clock().isoformat()})
        return "answered"

    def _receipt(self, incoming: Incoming, identity: Identity, orders: list[Order],
                 lines: list[str], order: str) -> dict[str, Any]:
        return {"ref": incoming.ref, "to": identity.address, "lines": lines, "order": order,
                "message_id": incoming.message_id, "from": incoming.sender,
                "reads": _reads(orders)}

    # --- helpers ------------------------------------------------------------------------
    async def _write(self, game: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A service call that writes to ``game``, one at a time per game (the lock the
        async service's own writes take)."""
        async with self.service.lock(game):
            return await self.service.run(fn, *args, **kwargs)

    async def _carried_out(self, game: str, incoming: Incoming) -> bool:
        """Whether this mail's commands were appended already (a crash came before the
        gateway noted the mail as seen, and the mail came again)."""
        return await self.service.run(self.service.service.has_receipt, game, incoming.ref)

    async def _seats_of(self, identity: Identity) -> list[str]:
        return list(identity.seats)

    async def _acting_seat(self, identity: Identity,
                           active: frozenset[str] | None = None) -> str:
        """The seat a mail's choices are for: the ticket's seat if it must decide, else
        another seat of the same player that must; the admin's: the seat that decides
        (``active``: the seats that decide, if already read)."""
        if active is None:
            active = await self.service.active(identity.game)
        if identity.seat is not None and identity.seat in active:
            return identity.seat
        deciding = sorted(set(await self._seats_of(identity)) & active)
        if deciding:
            return deciding[0]
        if identity.seat is not None:
            return identity.seat
        if active:
            return sorted(active)[0]
        raise Refused([Msg("mail.error.no_seat")])

    async def _group(self, game: str, seat: str) -> tuple[str, ...]:
        if seat == ADMIN:
            return (ADMIN,)
        groups = await self.service.seat_groups(game)
        return next((g for g in groups if seat in g), (seat,))

    async def _lang(self, identity: Identity) -> str:
        return await self._lang_of(identity.address,
                                   await self.identities.language(identity.game))

    async def _lang_of(self, address: str, fallback: str | None) -> str:
        found = await self.notes.language(address) if address else None
        return found or fallback or self.language


def _before_acting(service: Service, game: str, ref: str) -> tuple[bool, frozenset[str]]:
    """Whether the mail ``ref`` was carried out already, and who decides: one read."""
    return service.has_receipt(game, ref), service.active(game)


def _subject_order(subject: str) -> str | None:
    """The subject as an order line, for a new mail to the gateway (``NEW gandhi short``);
    never for a reply (``Re:``) or a subject naming a game (``[courier ...]``)."""
    if REPLY_PREFIX.match(subject) or "[courier" in subject.lower():
        return None
    return subject.strip() if order_of(subject) in SUBJECT_ORDERS else None


def _by_mail(reason: Msg) -> Msg:
    """A choice's refusal as a mail player reads it: an unknown choice points to the
    choices listed in the answer (the command line's hint, "type legal", is not a mail
    order)."""
    if reason.key == "error.unknown_action":
        return Msg("mail.error.unknown_choice", text=reason.params.get("text", ""))
    return reason


def _problem_msg(incoming: Incoming, max_bytes: int) -> Msg:
    if incoming.problem == "too_large":
        return Msg("mail.error.too_large", size=incoming.size // 1024, most=max_bytes // 1024)
    if incoming.problem == "too_many_lines":
        return Msg("mail.error.too_many_lines", lines=len(incoming.lines), most=MAX_LINES)
    return Msg("mail.error.no_text")


def _reads(orders: list[Order]) -> dict[str, int]:
    """The views asked for: ``{"status": 0, "history": since...}``."""
    out: dict[str, int] = {}
    for order in orders:
        if order.kind in READS:
            out[order.kind] = (history_since(order.args) or 0) if order.kind == "history" \
                else 0
    return out


def _first_text(orders: list[Order], kind: str) -> str:
    return next(o.text for o in orders if o.kind == kind)

