"""Fixtures: the gateway on loopback with real SMTP on both sides, and players with smtplib.

- `relay`: a `Catcher`, an aiosmtpd server on 127.0.0.1 standing for the group's SMTP
  relay: it takes the gateway's outgoing mail and keeps each message as parsed; it can
  refuse an address for good (5xx) or for now (4xx).
- `start_gateway`: `await start_gateway()` runs `courier mail`'s server (its own aiosmtpd
  inbound on a free port of 127.0.0.1, the postman sending to `relay`) over the test's
  games file and clock; call it again after stopping the first to restart it.
- `player`: `player("ann@example.org")` is a person with a mail program: `send` writes
  to the gateway over SMTP (smtplib), `reply` answers the latest mail it got the way a
  mail program does (to its Reply-To, "Re:" subject, the old text quoted below).
- `loopback_only` (from the Discord tests, automatic here): nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import re
import smtplib
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.smtp import SMTP, Envelope, Session

from bot.async_service import AsyncService, _start_drawing
from bot.config import MailConfig, Relay, SmtpServer
from bot.mail.app import MailServer
from engine.service import Service
from engine.store import Store
from tests.discord.conftest import (  # noqa: F401  (fixtures for the mixed game)
    Clock,
    clock,
    games_db,
    loopback_only,
    run_bot,
    standin,
    start_bot,
    table,
)

GATEWAY = "courier@games.test"
SECRET = "a test secret, long enough to sign"


@dataclass
class Caught:
    """One mail the relay took, for one recipient."""

    sender: str
    recipient: str
    message: EmailMessage
    at: float                                # the loop's time when the relay took it

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def reply_to(self) -> str:
        return str(self.message["Reply-To"].addresses[0].addr_spec) \
            if self.message["Reply-To"] else ""

    @property
    def text(self) -> str:
        body = self.message.get_body(preferencelist=("plain",))
        assert body is not None
        return str(body.get_content()).replace("\r\n", "\n")  # type: ignore[attr-defined]

    @property
    def attachments(self) -> dict[str, bytes]:
        return {str(p.get_filename()): bytes(p.get_content())  # type: ignore[attr-defined]
                for p in self.message.iter_attachments()}


class Catcher:
    """The relay: an SMTP server that keeps what it is given."""

    def __init__(self) -> None:
        self.mails: list[Caught] = []
        self.refuse: dict[str, str] = {}     # address -> SMTP reply to its RCPT
        self.sessions = 0
        self._news = asyncio.Event()
        self._server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> Catcher:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(lambda: SMTP(self, hostname="relay.test"),
                                                host="127.0.0.1", port=0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    async def handle_EHLO(self, server: SMTP, session: Session, envelope: Envelope,
                          hostname: str, responses: list[str]) -> list[str]:
        self.sessions += 1
        session.host_name = hostname
        return responses

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, options: list[str]) -> str:
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content
        assert isinstance(raw, bytes)
        message = BytesParser(policy=policy.default).parsebytes(raw)
        assert isinstance(message, EmailMessage)
        at = asyncio.get_running_loop().time()
        for rcpt in envelope.rcpt_tos:
            self.mails.append(Caught(str(envelope.mail_from), rcpt, message, at))
        self._news.set()
        self._news = asyncio.Event()
        return "250 OK"

    def to(self, address: str) -> list[Caught]:
        return [m for m in self.mails if m.recipient == address]

    async def wait(self, address: str, count: int, timeout: float = 15.0) -> list[Caught]:
        """The first ``count`` mails to ``address``, waiting for them if need be."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while len(self.to(address)) < count:
            news = self._news
            try:
                await asyncio.wait_for(news.wait(), max(0.0, end - loop.time()))
            except TimeoutError:
                got = [m.subject for m in self.to(address)]
                raise AssertionError(f"{address} got {len(got)} mails, not {count}: "
                                     f"{got}") from None
        return self.to(address)[:count]


@pytest.fixture
async def relay() -> AsyncIterator[Catcher]:
    catcher = await Catcher().start()
    yield catcher
    await catcher.stop()


@pytest.fixture(scope="session")
def pictures() -> Iterator[ProcessPoolExecutor]:
    """One picture process for the whole session (starting one takes a second or two)."""
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"),
                               initializer=_start_drawing)
    yield pool
    pool.shutdown(wait=True)


def mail_config(relay_port: int, **changes: Any) -> MailConfig:
    config = MailConfig(address=GATEWAY, secret=SECRET, recheck_seconds=0.2,
                        smtp=SmtpServer(host="127.0.0.1", port=0),
                        relay=Relay(host="127.0.0.1", port=relay_port, starttls=False,
                                    timeout=10))
    for key, value in changes.items():
        setattr(config, key, value)
    return config


class Servers:
    """The gateways a test started (and restarted), over one games file."""

    def __init__(self, path: Path, clock: Clock, relay: Catcher,  # noqa: F811
                 pictures: ProcessPoolExecutor) -> None:
        self.path, self.clock, self.relay, self.pictures = path, clock, relay, pictures
        self.running: list[tuple[MailServer, AsyncService]] = []

    async def start(self, **changes: Any) -> MailServer:
        import engine.games
        import renders

        engine.games.load()
        renders.load()
        service = AsyncService(Service(Store(self.path), clock=self.clock))
        service._pictures = self.pictures
        server = MailServer(service, mail_config(self.relay.port, **changes), "en",
                            clock=lambda: self.clock.now)
        await server.start()
        self.running.append((server, service))
        return server

    async def stop(self, server: MailServer) -> None:
        for n, (running, service) in enumerate(self.running):
            if running is server:
                await server.stop()
                service._pictures = None      # shared: not the service's to shut down
                service.close()
                del self.running[n]
                return


@pytest.fixture
async def servers(games_db: Path, clock: Clock, relay: Catcher,  # noqa: F811
                  pictures: ProcessPoolExecutor) -> AsyncIterator[Servers]:
    found = Servers(games_db, clock, relay, pictures)
    yield found
    for server, _ in list(found.running):
        await found.stop(server)


@pytest.fixture
async def start_gateway(servers: Servers) -> Callable[..., Awaitable[MailServer]]:
    return servers.start


async def settled(server: MailServer, timeout: float = 20.0, drained: bool = True) -> None:
    """Until the gateway has handed the relay everything it has to send (``drained``), or
    (not ``drained``: the relay defers some) until it has tried all of it once more."""
    postman = server.postman
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    if not drained:
        done = postman.rounds + 2       # the round under way may predate the last mail
        while postman.rounds < done:
            postman.wake()
            await asyncio.wait_for(postman.idle.wait(), max(0.1, end - loop.time()))
        return
    while True:
        postman.wake()
        await asyncio.wait_for(postman.idle.wait(), max(0.1, end - loop.time()))
        if not await postman.pending():
            return
        if loop.time() > end:
            raise AssertionError("the gateway's mail did not drain")
        await asyncio.sleep(0.05)


@dataclass
class Player:
    """A person with a mail program, writing to the gateway over SMTP."""

    address: str
    relay: Catcher
    port: Callable[[], int]
    sent: list[EmailMessage] = field(default_factory=list)

    @property
    def inbox(self) -> list[Caught]:
        return self.relay.to(self.address)

    def last(self) -> Caught:
        assert self.inbox, f"{self.address} got no mail"
        return self.inbox[-1]

    async def wait(self, count: int, timeout: float = 15.0) -> list[Caught]:
        return await self.relay.wait(self.address, count, timeout)

    def message(self, body: str, subject: str = "", to: str = GATEWAY,
                **headers: str) -> EmailMessage:
        mail = EmailMessage()
        mail["From"] = self.address
        mail["To"] = to
        mail["Subject"] = subject
        mail["Date"] = formatdate()
        mail["Message-ID"] = make_msgid(uuid.uuid4().hex[:8], domain="example.org")
        for name, value in headers.items():
            mail[name.replace("_", "-")] = value
        mail.set_content(body)
        return mail

    async def send(self, body: str = "", subject: str = "", to: str = GATEWAY,
                   envelope_from: str | None = None, **headers: str) -> EmailMessage:
        mail = self.message(body, subject, to, **headers)
        await self.deliver(mail, envelope_from)
        return mail

    async def deliver(self, mail: EmailMessage | bytes, envelope_from: str | None = None,
                      to: str | None = None) -> None:
        """Hand ``mail`` to the gateway's SMTP server as the player's server would."""
        if isinstance(mail, EmailMessage):
            self.sent.append(mail)
            rcpt = to or str(mail["To"])
            data: bytes | str = mail.as_bytes(policy=policy.SMTP)
        else:                       # as written, with the CRLF line ends SMTP carries
            rcpt, data = to or GATEWAY, re.sub(rb"\r?\n", b"\r\n", mail)
        sender = self.address if envelope_from is None else envelope_from

        def go() -> None:
            with smtplib.SMTP("127.0.0.1", self.port(), timeout=20) as smtp:
                smtp.sendmail(sender, [rcpt], data)
        await asyncio.to_thread(go)

    async def reply(self, body: str, to: Caught | None = None, **headers: str
                    ) -> EmailMessage:
        """Answer a mail (the latest) as a mail program does: to its Reply-To, with
        "Re:" and the old text quoted under an attribution line."""
        original = to or self.last()
        quoted = "\n".join("> " + line for line in original.text.splitlines())
        text = (f"{body}\n\nOn Mon, 23 Nov 2026 at 12:00, courier <{GATEWAY}> wrote:\n"
                f"{quoted}\n")
        mail = self.message(text, "Re: " + original.subject, original.reply_to or GATEWAY,
                            In_Reply_To=str(original.message["Message-ID"]), **headers)
        await self.deliver(mail)
        return mail


@pytest.fixture
def player(relay: Catcher, servers: Servers) -> Callable[[str], Player]:
    def port() -> int:
        assert servers.running, "no gateway is running"
        inbound = servers.running[-1][0].inbound
        return int(getattr(inbound, "port"))   # noqa: B009  (the SMTP inbound's)

    return lambda address: Player(address, relay, port)


FACTIONS = {"ann": "congress", "bob": "raj", "cat": "muslim_league", "dan": "revolutionaries"}


async def game_by_mail(server: MailServer, players: dict[str, Player],
                       faction: dict[str, str] | None = None, options: str = "",
                       drained: bool = True) -> str:
    """A game created by the first player (its admin) with NEW, every player's JOIN, and
    START: its id once every mail has gone out (or been tried, not ``drained``)."""
    admin = next(iter(players.values()))
    await admin.send(options, subject="NEW gandhi short")
    await settled(server, drained=drained)
    created = admin.last()
    game = created.subject.split()[-1]
    for name, someone in players.items():
        await someone.send(f"JOIN {game} {(faction or FACTIONS)[name]}")
    await settled(server, drained=drained)
    await admin.reply("START", to=created)
    await settled(server, drained=drained)
    return game


def decider(players: dict[str, Player], lang: str = "en") -> Player:
    """The player whose latest mail asks for a decision."""
    from tests.mail.people import choices_in

    found = [p for p in players.values() if p.inbox and choices_in(p.last().text, lang)]
    assert len(found) == 1, [p.address for p in found]
    return found[0]


async def holder_of_decision(server: MailServer, game: str,
                             players: dict[str, Player]) -> Player:
    """The player who must decide now, as the service says (a mail may be out of date
    when someone else took the decision meanwhile)."""
    service = server.gateway.service
    seat = sorted(await service.active(game))[0]
    address = (await service.run(service.service.seat_addresses, game))[seat]
    return next(p for p in players.values() if p.address == address)
