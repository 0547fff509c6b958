"""The Discord front-end's words: its catalogue (``locales/``) and the user's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from engine.i18n import add_catalogue_dir, normalise_language, t

add_catalogue_dir(Path(__file__).parent / "locales")

LIMITS = {"content": 2000, "embed": 4096, "label": 100, "option": 100, "field": 1024,
          "title": 256, "button": 80}


def lang_of(interaction: discord.Interaction[Any]) -> str:
    """The user's own language (their Discord locale) for what only they see."""
    return normalise_language(str(interaction.locale))


def say(key: str, lang: str, /, **params: Any) -> str:
    return t(f"discord.{key}", lang, **params)


def cut(text: str, limit: str | int) -> str:
    """``text`` within one of Discord's length limits, cut with an ellipsis."""
    most = LIMITS[limit] if isinstance(limit, str) else limit
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"
