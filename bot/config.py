"""Settings from ``config.toml`` (next to where courier runs) and the environment.

Environment variables win over the file: ``COURIER_DB``, ``COURIER_DISCORD_TOKEN``,
``COURIER_DISCORD_GUILD``, ``COURIER_LANGUAGE``, ``COURIER_PLUGINS`` (comma-separated
module names),
``COURIER_CONFIG`` (another path for the file).

The games live in one place per user, whatever the current folder: ``courier.db`` in the
platform's data directory (``~/.local/share/courier`` on Linux, ``~/Library/Application
Support/courier`` on macOS, ``%LOCALAPPDATA%\\courier`` on Windows), unless ``--db``,
``COURIER_DB`` or the file's ``[store] path`` names another.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from engine.core.messages import CourierError
from engine.i18n import LANGUAGES


def default_db_path() -> Path:
    """The per-user database: the platform's data directory for courier."""
    folder: Path = platformdirs.user_data_path("courier", appauthor=False)
    return folder / "courier.db"


@dataclass
class Config:
    db_path: str = field(default_factory=lambda: str(default_db_path()))
    discord_token: str = ""
    discord_guild: int | None = None   # commands sync to this guild only (instant)
    language: str = "en"
    default_ruleset: str = "gandhi"
    plugins: list[str] = field(default_factory=list)
    db_is_default: bool = True  # no --db, COURIER_DB or [store] path chose it


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
    )


def _guild(value: object) -> int | None:
    """The test guild's id (a number), or None for global commands."""
    if value in (None, "", 0):
        return None
    try:
        return int(str(value))
    except ValueError:
        raise CourierError("cli.bad_guild", value=str(value)) from None
