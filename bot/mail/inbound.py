"""How mail reaches the gateway: its own SMTP server, or a mailbox it polls.

- **SMTP** (``inbound = "smtp"``): an aiosmtpd server on the gateway's event loop, for a
  group that hosts its own mail (point the domain's MX at it, or let the group's mail
  server forward the gateway's address to it).  It takes mail only for the gateway's
  addresses, refuses mail over ``max_bytes`` at once (552, so the sender's server tells
  them), and answers ``250`` only once the mail's effect is durable (``Gateway.receive``);
  if the gateway fails inside, it answers ``451`` and the sender's server tries again.
- **IMAP** (``inbound = "imap"``): the standard library's ``imaplib`` in a thread of its
  own polls a mailbox every ``poll_seconds``; each mail is deleted from it once taken.  A
  mail over ``max_bytes`` is never fetched whole: its header is, for the answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import imaplib
import logging
import re
import ssl
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope, Session

from bot.config import Imap, SmtpServer
from bot.mail.gateway import Gateway

log = logging.getLogger("courier.mail")

POLL_BATCH = 50    # mails taken from the mailbox per poll


class SmtpInbound:
    """The gateway's own SMTP server."""

    def __init__(self, gateway: Gateway, config: SmtpServer, max_bytes: int) -> None:
        self.gateway, self.config, self.max_bytes = gateway, config, max_bytes
        self._server: asyncio.Server | None = None
        self.port = config.port

    def handler(self) -> Any:
        return _Handler(self.gateway)

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        hostname = self.config.hostname or self.gateway.home.domain
        handler = self.handler()
        self._server = await loop.create_server(
            lambda: SMTP(handler, data_size_limit=self.max_bytes, hostname=hostname,
                         ident="courier", enable_SMTPUTF8=True),
            host=self.config.host, port=self.config.port)
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("SMTP: listening on %s:%s for %s", self.config.host, self.port,
                 self.gateway.home.address)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
            self._server = None


class _Handler:
    """aiosmtpd's hooks: who may be written to, and what a mail's DATA becomes."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if not self.gateway.accepts(address):
            return f"550 5.1.1 <{address}>: no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or envelope.content
        raw = content if isinstance(content, bytes) else str(content or "").encode()
        try:
            await self.gateway.receive(raw, envelope.mail_from, list(envelope.rcpt_tos))
        except Exception:
            log.exception("a mail could not be taken; the sender's server will try again")
            return "451 4.3.0 The gateway failed; try again later"
        return "250 2.0.0 OK: taken"


class ImapRefused(Exception):
    """The IMAP server refused the gateway's login or has no such folder: a setting to
    change, not a moment to wait out."""


MAX_BACKOFF_SECONDS = 900.0   # a refused mailbox is tried again at most this far apart


class ImapInbound:
    """A mailbox polled for the gateway's mail.  ``start`` logs in once and raises
    ``ImapRefused`` if the login or the folder is refused (the gateway then does not
    start); a refusal later (a password changed) is logged once, tried again ever further
    apart, and its end logged."""

    def __init__(self, gateway: Gateway, config: Imap, max_bytes: int) -> None:
        self.gateway, self.config, self.max_bytes = gateway, config, max_bytes
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="courier-imap")
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._stopping = False
        self.polls = 0

    async def start(self) -> None:
        self._stopping = False
        try:
            _logout(await self._call(self._connect))
        except (OSError, imaplib.IMAP4.error) as err:   # down or unreachable: polled below
            log.warning("IMAP %s:%s: %s; trying again in %s s", self.config.host,
                        self.config.port, err, self.config.poll_seconds)
        self._task = asyncio.create_task(self._run(), name="courier-imap")

    async def stop(self) -> None:
        """Stop after the poll under way (the flag too: see ``Postman.stop``)."""
        if self._task is not None:
            self._stopping = True
            self._wake.set()
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        self._thread.shutdown(wait=True)

    def wake(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        refused: str | None = None   # the refusal last logged, until a poll works again
        wait = self.config.poll_seconds
        while not self._stopping:
            self._wake.clear()
            try:
                await self.poll()
                if refused is not None:
                    log.warning("IMAP %s:%s works again", self.config.host, self.config.port)
                refused, wait = None, self.config.poll_seconds
            except ImapRefused as err:
                if str(err) != refused:
                    log.error("IMAP %s:%s: %s; no mail is taken until it is fixed (tried "
                              "again ever further apart)", self.config.host,
                              self.config.port, err)
                refused, wait = str(err), min(wait * 2, MAX_BACKOFF_SECONDS)
            except (OSError, imaplib.IMAP4.error) as err:
                log.warning("IMAP %s:%s: %s; trying again in %s s", self.config.host,
                            self.config.port, err, self.config.poll_seconds)
            except Exception:
                log.exception("polling the mailbox failed")
            self.polls += 1
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self._wake.wait()

    async def _call(self, fn: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, fn, *args)

    async def poll(self) -> int:
        """Take every mail in the mailbox; how many were taken."""
        imap: imaplib.IMAP4 = await self._call(self._connect)
        taken = 0
        try:
            uids: list[str] = await self._call(_search, imap)
            for uid in uids[:POLL_BATCH]:
                size, raw = await self._call(_fetch, imap, uid, self.max_bytes)
                if raw is not None:
                    await self.gateway.receive(raw, size=size)
                await self._call(_delete, imap, uid)
                taken += 1
            if taken:
                await self._call(imap.expunge)
        finally:
            await self._call(_logout, imap)
        return taken

    def _connect(self) -> imaplib.IMAP4:
        c = self.config
        if c.ssl:
            imap: imaplib.IMAP4 = imaplib.IMAP4_SSL(c.host, c.port,
                                                    ssl_context=ssl.create_default_context())
        else:
            imap = imaplib.IMAP4(c.host, c.port)
            if c.starttls:
                imap.starttls(ssl.create_default_context())
        try:
            imap.login(c.user, c.password)
        except imaplib.IMAP4.error as err:
            _logout(imap)
            raise ImapRefused(f"login as {c.user} refused ({_said(err)})") from None
        status, _ = imap.select(_quoted(c.folder))
        if status != "OK":
            _logout(imap)
            raise ImapRefused(f"no folder {c.folder}")
        return imap


def _said(err: Exception) -> str:
    """What the server said, without imaplib's bytes literal."""
    text = str(err)
    found = re.fullmatch(r"b'(.*)'", text)
    return found.group(1) if found else text


def _quoted(folder: str) -> str:
    return folder if re.fullmatch(r"[A-Za-z0-9_./-]+", folder) else \
        '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _search(imap: imaplib.IMAP4) -> list[str]:
    status, data = imap.uid("SEARCH", "UNDELETED")
    if status != "OK" or not data or not isinstance(data[0], bytes):
        return []
    return [uid.decode() for uid in data[0].split()]


def _fetch(imap: imaplib.IMAP4, uid: str, max_bytes: int) -> tuple[int, bytes | None]:
    """A mail's size, and its bytes (only its header when it is over ``max_bytes``)."""
    status, data = imap.uid("FETCH", uid, "(RFC822.SIZE)")
    found = re.search(rb"RFC822\.SIZE (\d+)", data[0] if data and
                      isinstance(data[0], bytes) else b"")
    size = int(found[1]) if status == "OK" and found else 0
    part = "BODY.PEEK[]" if size <= max_bytes else "BODY.PEEK[HEADER]"
    status, data = imap.uid("FETCH", uid, f"({part})")
    for item in data or []:
        if isinstance(item, tuple) and len(item) == 2:
            return size, bytes(item[1])
    return size, None


def _delete(imap: imaplib.IMAP4, uid: str) -> None:
    imap.uid("STORE", uid, "+FLAGS", "(\\Deleted)")


def _logout(imap: imaplib.IMAP4) -> None:
    with contextlib.suppress(OSError, imaplib.IMAP4.error):
        imap.logout()
