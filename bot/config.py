"""Settings from ``config.toml`` (next to where courier runs) and the environment.

Environment variables win over the file: ``COURIER_DB``, ``COURIER_DISCORD_TOKEN``,
``COURIER_LANGUAGE``, ``COURIER_PLUGINS`` (comma-separated module names).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Config:
    db_path: str = "courier.db"
    discord_token: str = ""
    language: str = "en"
    default_ruleset: str = "gandhi"
    plugins: list[str] = field(default_factory=list)


def load_config(path: Path | None = None) -> Config:
    path = path or Path(os.environ.get("COURIER_CONFIG", "config.toml"))
    data: dict[str, dict[str, object]] = {}
    if path.exists():
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    store, discord, game = (data.get(k, {}) for k in ("store", "discord", "game"))
    plugins_env = os.environ.get("COURIER_PLUGINS", "")
    return Config(
        db_path=os.environ.get("COURIER_DB") or str(store.get("path", "courier.db")),
        discord_token=os.environ.get("COURIER_DISCORD_TOKEN") or str(discord.get("token", "")),
        language=os.environ.get("COURIER_LANGUAGE") or str(game.get("language", "en")),
        default_ruleset=str(game.get("default_ruleset", "gandhi")),
        plugins=[p for p in plugins_env.split(",") if p]
        or [str(p) for p in game.get("plugins", []) or []],  # type: ignore[attr-defined]
    )
