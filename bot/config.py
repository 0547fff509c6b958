"""Settings from ``config.toml`` (next to where courier runs) and the environment.

Environment variables win over the file: ``COURIER_DB``, ``COURIER_DISCORD_TOKEN``,
``COURIER_DISCORD_GUILD``, ``COURIER_LANGUAGE``, ``COURIER_PLUGINS`` (comma-separated
module names), ``COURIER_CONFIG`` (another path for the file), and for the e-mail gateway
``COURIER_MAIL_SECRET``, ``COURIER_MAIL_RELAY_PASSWORD``, ``COURIER_MAIL_IMAP_PASSWORD``.

The games live in one place per user, whatever the current folder: ``courier.db`` in the
platform's data directory (``~/.local/share/courier`` on Linux, ``~/Library/Application
Support/courier`` on macOS, ``%LOCALAPPDATA%\\courier`` on Windows), unless ``--db``,
``COURIER_DB`` or the file's ``[store] path`` names another.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from engine.core.messages import CourierError
from engine.i18n import LANGUAGES


def default_db_path() -> Path:
    """The per-user database: the platform's data directory for courier."""
    folder: Path = platformdirs.user_data_path("courier", appauthor=False)
    return folder / "courier.db"


@dataclass
class SmtpServer:
    """The gateway's own SMTP server (``inbound = "smtp"``): where it listens."""

    host: str = "127.0.0.1"
    port: int = 2525
    hostname: str = ""          # the name it greets with (default: the address's domain)


@dataclass
class Imap:
    """The mailbox the gateway polls (``inbound = "imap"``)."""

    host: str = ""
    port: int = 993
    ssl: bool = True            # IMAP over TLS (993); false: plain IMAP, then STARTTLS
    starttls: bool = True       # with ssl = false: upgrade the connection (refused if not)
    user: str = ""
    password: str = ""
    folder: str = "INBOX"
    poll_seconds: float = 60.0


@dataclass
class Relay:
    """The SMTP server the gateway sends through."""

    host: str = "localhost"
    port: int = 587
    ssl: bool = False           # SMTP over TLS from the start (465)
    starttls: bool = True       # upgrade a plain connection (587); refused if it cannot
    user: str = ""
    password: str = ""
    timeout: float = 30.0


@dataclass
class MailConfig:
    """``[mail]``: the play-by-e-mail gateway (``courier mail``)."""

    address: str = ""           # the gateway's own address, e.g. courier@games.example.org
    name: str = "courier"       # the display name of its mails
    secret: str = ""            # signs the seats' tickets: long, random, kept
    inbound: str = "smtp"       # "smtp" (its own server) or "imap" (polling a mailbox)
    max_bytes: int = 2 * 1024 * 1024
    replies_per_hour: int = 20  # answers to one address (refusals, STATUS...) per hour
    ticket_in_subject: bool = False  # tickets in subjects, replies to the plain address
    give_up_hours: float = 48.0  # a mail the relay keeps refusing for longer is dropped
    recheck_seconds: float = 30.0
    smtp: SmtpServer = field(default_factory=SmtpServer)
    imap: Imap = field(default_factory=Imap)
    relay: Relay = field(default_factory=Relay)


@dataclass
class Config:
    db_path: str = field(default_factory=lambda: str(default_db_path()))
    discord_token: str = ""
    discord_guild: int | None = None   # commands sync to this guild only (instant)
    language: str = "en"
    default_ruleset: str = "gandhi"
    plugins: list[str] = field(default_factory=list)
    db_is_default: bool = True  # no --db, COURIER_DB or [store] path chose it
    mail: MailConfig = field(default_factory=MailConfig)


def load_config(path: Path | None = None) -> Config:
    """Read the settings; ``CourierError`` (one line) for a broken file or value."""
    path = path or Path(os.environ.get("COURIER_CONFIG", "config.toml"))
    data: dict[str, dict[str, object]] = {}
    if path.exists():
        try:
            with path.open("rb") as fh:
                data = tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise CourierError("cli.bad_config", file=str(path), problem=str(exc)) from None
    store, discord, game = (data.get(k, {}) for k in ("store", "discord", "game"))
    plugins_env = os.environ.get("COURIER_PLUGINS", "")
    chosen_db = os.environ.get("COURIER_DB") or store.get("path")
    language = os.environ.get("COURIER_LANGUAGE") or str(game.get("language", "en"))
    if language not in LANGUAGES:
        raise CourierError("cli.bad_language", language=language,
                           languages=", ".join(LANGUAGES))
    return Config(
        db_path=str(chosen_db) if chosen_db else str(default_db_path()),
        db_is_default=not chosen_db,
        discord_token=os.environ.get("COURIER_DISCORD_TOKEN") or str(discord.get("token", "")),
        discord_guild=_guild(os.environ.get("COURIER_DISCORD_GUILD") or discord.get("guild")),
        language=language,
        default_ruleset=str(game.get("default_ruleset", "gandhi")),
        plugins=[p for p in plugins_env.split(",") if p]
        or [str(p) for p in game.get("plugins", []) or []],  # type: ignore[attr-defined]
        mail=mail_config(data.get("mail", {}), path),
    )


def mail_config(table: dict[str, object], path: Path) -> MailConfig:
    """``[mail]`` and its tables ``[mail.smtp]``, ``[mail.imap]``, ``[mail.relay]``; the
    secrets may come from the environment instead."""
    def section(cls: type[Any], raw: object, where: str) -> Any:
        if not isinstance(raw, dict):
            raise CourierError("cli.bad_config", file=str(path),
                               problem=f"[{where}] must be a table")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in raw.items():
            if key not in known:
                raise CourierError("cli.bad_config", file=str(path),
                                   problem=f"[{where}] has no setting “{key}”")
            if key in ("smtp", "imap", "relay"):
                continue
            values[key] = _typed(value, known[key].type, f"{where}.{key}", path)
        return cls(**values)

    config: MailConfig = section(MailConfig, table, "mail")
    config.smtp = section(SmtpServer, table.get("smtp", {}), "mail.smtp")
    config.imap = section(Imap, table.get("imap", {}), "mail.imap")
    config.relay = section(Relay, table.get("relay", {}), "mail.relay")
    config.secret = os.environ.get("COURIER_MAIL_SECRET") or config.secret
    config.relay.password = os.environ.get("COURIER_MAIL_RELAY_PASSWORD") or \
        config.relay.password
    config.imap.password = os.environ.get("COURIER_MAIL_IMAP_PASSWORD") or \
        config.imap.password
    return config


def _typed(value: object, kind: object, where: str, path: Path) -> Any:
    """A setting's value as its field's type (``int``, ``float``, ``bool``, ``str``)."""
    wanted = {"int": int, "float": float, "bool": bool, "str": str}.get(str(kind))
    if wanted is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if wanted is None or isinstance(value, wanted) and not (
            wanted is int and isinstance(value, bool)):
        return value
    described = {"int": "a whole number", "float": "a number", "bool": "true or false",
                 "str": "a text in quotes"}.get(str(kind), str(kind))
    raise CourierError("cli.bad_config", file=str(path),
                       problem=f"{where} must be {described}, not “{value}”")


def _guild(value: object) -> int | None:
    """The test guild's id (a number), or None for global commands."""
    if value in (None, "", 0):
        return None
    try:
        return int(str(value))
    except ValueError:
        raise CourierError("cli.bad_guild", value=str(value)) from None
