"""Sending through the configured SMTP relay (``[mail.relay]``), with the standard
library's ``smtplib`` in a thread of its own: one connection per batch of mails.

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
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage

from bot.config import Relay as RelayConfig

log = logging.getLogger("courier.mail")

SENT, REFUSED, LATER = "sent", "refused", "later"


@dataclass(frozen=True)
class Outgoing:
    message: EmailMessage
    recipient: str


class Relay:
    def __init__(self, config: RelayConfig, sender: str) -> None:
        self.config = config
        self.sender = sender          # the envelope sender (bounces come back to it)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="courier-relay")

    async def send(self, mails: Sequence[Outgoing]) -> list[str]:
        """Hand ``mails`` to the relay; each one's outcome, in order."""
        if not mails:
            return []
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._send, list(mails))

    def close(self) -> None:
        self._thread.shutdown(wait=True)

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
        try:
            smtp = self._connect()
        except (OSError, smtplib.SMTPException) as err:
            log.warning("the relay %s:%s cannot be reached: %s", self.config.host,
                        self.config.port, err)
            return outcomes
        try:
            for n, mail in enumerate(mails):
                outcomes[n] = self._one(smtp, mail)
                if outcomes[n] == LATER and not _alive(smtp):
                    break
        finally:
            try:
                smtp.quit()
            except (OSError, smtplib.SMTPException):
                smtp.close()
        return outcomes

    def _one(self, smtp: smtplib.SMTP, mail: Outgoing) -> str:
        try:
            refused = smtp.send_message(mail.message, from_addr=self.sender,
                                        to_addrs=[mail.recipient])
        except smtplib.SMTPRecipientsRefused as err:
            code = next(iter(err.recipients.values()))[0]
            return _verdict(code, mail, err)
        except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as err:
            return _verdict(err.smtp_code, mail, err)
        except (OSError, smtplib.SMTPException) as err:
            log.warning("mail to %s not sent: %s", mail.recipient, err)
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


def _alive(smtp: smtplib.SMTP) -> bool:
    try:
        return smtp.noop()[0] == 250
    except (OSError, smtplib.SMTPException):
        return False
