"""The gateway's words: its catalogue (``locales/``, keys ``mail.*``) and a player's
language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.i18n import add_catalogue_dir, t

add_catalogue_dir(Path(__file__).parent / "locales")


def say(key: str, lang: str, /, **params: Any) -> str:
    return t(f"mail.{key}", lang, **params)
