"""``[mail]`` checked before the gateway starts: one clear line for what is missing."""

from __future__ import annotations

from bot.config import MailConfig
from bot.mail.tickets import Home
from engine.core.messages import CourierError

MIN_SECRET = 16


def check(config: MailConfig) -> None:
    """Raise ``CourierError`` (one line) unless the gateway can run with ``config``."""
    try:
        Home.of(config.address)
    except ValueError:
        raise CourierError("cli.mail_no_address", address=config.address) from None
    if len(config.secret) < MIN_SECRET:
        raise CourierError("cli.mail_no_secret", least=MIN_SECRET)
    if config.inbound not in ("smtp", "imap"):
        raise CourierError("cli.mail_bad_inbound", inbound=config.inbound)
    if config.inbound == "imap" and not (config.imap.host and config.imap.user):
        raise CourierError("cli.mail_no_imap")
    if not config.relay.host:
        raise CourierError("cli.mail_no_relay")
    for name, port in (("smtp.port", config.smtp.port), ("relay.port", config.relay.port),
                       ("imap.port", config.imap.port)):
        if not 0 < port < 65536:
            raise CourierError("cli.mail_bad_port", setting=name, value=port)
    for name, value in (("max_bytes", config.max_bytes),
                        ("replies_per_hour", config.replies_per_hour),
                        ("give_up_hours", config.give_up_hours),
                        ("recheck_seconds", config.recheck_seconds),
                        ("imap.poll_seconds", config.imap.poll_seconds)):
        if value <= 0:
            raise CourierError("cli.mail_bad_number", setting=name, value=value)
