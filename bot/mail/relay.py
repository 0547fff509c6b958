"""Sending through the configured SMTP relay (``[mail.relay]``), with the standard
library's ``smtplib`` in a thread of its own.  The connection is kept between rounds of
mail for up to ``IDLE_SECONDS`` (relays close idle ones after a few minutes); one the
relay closed meanwhile is opened again for the mail that found it closed.

Each mail's outcome is what the relay said of it: ``sent`` (it took the mail: from then on
the gateway never sends it again), ``refused`` (a permanent 5xx for that address: the
gateway gives up on it, as an MTA would), or ``later`` (a 4xx, or no connection: tried
again on the next round).
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import Message

from bot.config import Relay as RelayConfig

log = logging.getLogger("courier.mail")

SENT, REFUSED, LATER = "sent", "refused", "later"
IDLE_SECONDS = 60.0


@dataclass(frozen=True)
class Outgoing:
    message: Message
    recipient: str


class Relay:
    def __init__(self, config: RelayConfig, sender: str) -> None:
        self.config = config
        self.sender = sender          # the envelope sender (bounces come back to it)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="courier-relay")
        self._smtp: smtplib.SMTP | None = None    # used in the relay's thread only
        self._used = 0.0

    async def send(self, mails: Sequence[Outgoing]) -> list[str]:
        """Hand ``mails`` to the relay; each one's outcome, in order."""
        if not mails:
            return []
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._send, list(mails))

    async def close(self) -> None:
        """Say goodbye to the relay (off the event loop, which may be serving it)."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._hang_up)
        self._thread.shutdown(wait=True)

    def _hang_up(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is not None:
            try:
                smtp.quit()
            except (OSError, smtplib.SMTPException):
                smtp.close()

    def _connect(self) -> smtplib.SMTP:
        c = self.config
        if c.ssl:
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(c.host, c.port, timeout=c.timeout,
                                                  context=ssl.create_default_context())
        else:
            smtp = smtplib.SMTP(c.host, c.port, timeout=c.timeout)
            if c.starttls:
                smtp.starttls(context=ssl.create_default_context())
        if c.user:
            smtp.login(c.user, c.password)
        return smtp

    def _send(self, mails: list[Outgoing]) -> list[str]:
        outcomes = [LATER] * len(mails)
        if self._smtp is not None and time.monotonic() - self._used > IDLE_SECONDS:
            self._hang_up()
        for n, mail in enumerate(mails):
            outcomes[n] = self._one(mail)
            if outcomes[n] == LATER and self._smtp is None:
                break            # no relay to talk to: the rest waits for the next round
        self._used = time.monotonic()
        return outcomes

    def _connection(self) -> smtplib.SMTP | None:
        if self._smtp is None:
            try:
                self._smtp = self._connect()
            except (OSError, smtplib.SMTPException) as err:
                log.warning("the relay %s:%s cannot be reached: %s", self.config.host,
                            self.config.port, err)
        return self._smtp

    def _one(self, mail: Outgoing) -> str:
        """One mail; on a kept connection the relay closed meanwhile, once more on a new
        one (a relay that closed before taking the mail did not take it)."""
        for attempt in (1, 2):
            fresh = self._smtp is None
            smtp = self._connection()
            if smtp is None:
                return LATER
            try:
                return self._deliver(smtp, mail)
            except (OSError, smtplib.SMTPServerDisconnected) as err:
                self._hang_up()
                if fresh or attempt == 2:
                    log.warning("mail to %s not sent: %s", mail.recipient, err)
                    return LATER
        return LATER

    def _deliver(self, smtp: smtplib.SMTP, mail: Outgoing) -> str:
        try:
            refused = smtp.send_message(mail.message, from_addr=self.sender,
                                        to_addrs=[mail.recipient])
        except smtplib.SMTPRecipientsRefused as err:
            code = next(iter(err.recipients.values()))[0]
            return _verdict(code, mail, err)   # (smtplib has sent RSET itself)
        except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as err:
            if err.smtp_code == 421:           # the relay is closing the connection
                raise smtplib.SMTPServerDisconnected(str(err)) from err
            return _verdict(err.smtp_code, mail, err)   # (smtplib has sent RSET itself)
        except smtplib.SMTPServerDisconnected:
            raise
        except smtplib.SMTPException as err:
            log.warning("mail to %s not sent: %s", mail.recipient, err)
            self._hang_up()
            return LATER
        if refused:
            return _verdict(next(iter(refused.values()))[0], mail, refused)
        return SENT


def _verdict(code: int, mail: Outgoing, why: object) -> str:
    if 500 <= code < 600:
        log.warning("the relay refused mail to %s for good (%s): %s", mail.recipient, code,
                    why)
        return REFUSED
    log.info("the relay deferred mail to %s (%s): %s", mail.recipient, code, why)
    return LATER
