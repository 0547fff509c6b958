"""``courier mail``: the gateway, its inbound (SMTP server or IMAP poll) and its postman,
on one event loop until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Callable
from datetime import datetime

from bot.async_service import AsyncService
from bot.config import MailConfig
from bot.mail.gateway import Gateway
from bot.mail.inbound import ImapInbound, ImapRefused, SmtpInbound
from bot.mail.notes import utc_now
from bot.mail.postman import Postman
from bot.share import WHOLE, Share
from engine.core.messages import CourierError

log = logging.getLogger("courier.mail")
GRACE_SECONDS = 10.0   # a stop waits this long for the mail being sent


class MailServer:
    """The whole gateway: ``await start()``, ``await stop()``."""

    def __init__(self, service: AsyncService, config: MailConfig, language: str = "en",
                 default_ruleset: str = "gandhi",
                 clock: Callable[[], datetime] = utc_now, share: Share = WHOLE) -> None:
        self.config = config
        self.gateway = Gateway(service, config, language, default_ruleset, clock, share)
        # several processes: each listens for SMTP (on a port of its own), but one mailbox
        # is polled by one process only, the one holding share 0
        self.inbound: SmtpInbound | ImapInbound | None = \
            (ImapInbound(self.gateway, config.imap, config.max_bytes)
             if share.whole or 0 in share.ids else None) \
            if config.inbound == "imap" else \
            SmtpInbound(self.gateway, config.smtp, config.max_bytes)

    @property
    def postman(self) -> Postman:
        return self.gateway.postman

    async def start(self) -> None:
        await self.gateway.start()
        if self.inbound is not None:
            await self.inbound.start()

    async def stop(self) -> None:
        """Stop taking mail, hand the relay what waits for it (up to ``GRACE_SECONDS``:
        what is left goes after the restart), then stop."""
        if self.inbound is not None:
            await self.inbound.stop()
        if self.postman.running and not self.postman.idle.is_set():
            try:
                async with asyncio.timeout(GRACE_SECONDS):
                    await self.postman.idle.wait()
            except TimeoutError:
                log.warning("stopping with mail still to send; it goes after the restart")
        await self.gateway.stop()


def run(service: AsyncService, config: MailConfig, language: str,
        default_ruleset: str, share: Share = WHOLE) -> None:
    """Run the gateway until it is stopped: SIGTERM (the service manager) or SIGINT
    (Ctrl-C) stops it cleanly (the mail being taken is taken, the round of mail being
    sent is sent) and returns; a second signal ends the process at once.  A port it
    cannot listen on is a ``CourierError``."""
    start_logging()
    try:
        asyncio.run(_serve(service, config, language, default_ruleset, share))
    except KeyboardInterrupt:   # where signals cannot be caught by the loop (Windows)
        pass
    finally:
        service.close()


def start_logging() -> None:
    """The gateway's log lines (one per mail taken, the relay's refusals) on stderr, at
    INFO; aiosmtpd's line per SMTP command only from WARNING up; no time of their own in
    systemd's journal, which adds one."""
    journal = bool(os.environ.get("JOURNAL_STREAM"))
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(name)s: %(message)s"
                        if journal else "%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("mail.log").setLevel(logging.WARNING)


async def _serve(service: AsyncService, config: MailConfig, language: str,
                 default_ruleset: str, share: Share = WHOLE) -> None:
    server = MailServer(service, config, language, default_ruleset, share=share)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def stopping(signum: int) -> None:
        name = signal.Signals(signum).name
        if stop.is_set():
            log.warning("%s again: exiting at once", name)
            os._exit(128 + signum)
        log.info("%s: stopping (nothing is lost; %s again exits at once)", name, name)
        stop.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stopping, signum)
    try:
        await server.start()
    except ImapRefused as err:
        await server.stop()
        raise CourierError("cli.mail_imap_refused", problem=str(err),
                           where=f"{config.imap.host}:{config.imap.port}") from None
    except OSError as err:
        await server.stop()
        where = f"{config.smtp.host}:{config.smtp.port}"
        raise CourierError("cli.mail_cannot_listen", where=where,
                           problem=err.strerror or str(err)) from None
    try:
        await stop.wait()
    finally:
        await server.stop()
