"""``courier mail``: the gateway, its inbound (SMTP server or IMAP poll) and its postman,
on one event loop until stopped."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable
from datetime import datetime

from bot.async_service import AsyncService
from bot.config import MailConfig
from bot.mail.gateway import Gateway
from bot.mail.inbound import ImapInbound, SmtpInbound
from bot.mail.notes import utc_now
from bot.mail.postman import Postman

log = logging.getLogger("courier.mail")


class MailServer:
    """The whole gateway: ``await start()``, ``await stop()``."""

    def __init__(self, service: AsyncService, config: MailConfig, language: str = "en",
                 default_ruleset: str = "gandhi",
                 clock: Callable[[], datetime] = utc_now) -> None:
        self.config = config
        self.gateway = Gateway(service, config, language, default_ruleset, clock)
        self.inbound: SmtpInbound | ImapInbound = \
            ImapInbound(self.gateway, config.imap, config.max_bytes) \
            if config.inbound == "imap" else \
            SmtpInbound(self.gateway, config.smtp, config.max_bytes)

    @property
    def postman(self) -> Postman:
        return self.gateway.postman

    async def start(self) -> None:
        await self.gateway.start()
        await self.inbound.start()

    async def stop(self) -> None:
        await self.inbound.stop()
        await self.gateway.stop()


def run(service: AsyncService, config: MailConfig, language: str,
        default_ruleset: str) -> None:
    """Run the gateway until Ctrl-C or SIGTERM."""
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(_serve(service, config, language, default_ruleset))
    except KeyboardInterrupt:
        pass
    finally:
        service.close()


async def _serve(service: AsyncService, config: MailConfig, language: str,
                 default_ruleset: str) -> None:
    server = MailServer(service, config, language, default_ruleset)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    await server.start()
    try:
        await stop.wait()
    finally:
        await server.stop()
