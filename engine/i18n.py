"""The one translation function (DESIGN.md §7).

Every user-facing string is a key plus parameters.  Catalogues are TOML files per
language, found in ``engine/locales/`` (messages shared by every game) and in each
game's ``locales/`` folder: ``en.toml``, plus ``<part>.en.toml`` files that one module
owns.  Nested tables flatten to dotted keys: ``[error] unknown = "..."`` is the key
``error.unknown``.  A missing translation falls back to English, then to the key itself,
so a gap is visible but never fatal.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "es", "it")
DEFAULT_LANGUAGE = "en"

_ROOT = Path(__file__).parent
_CATALOGUE_DIRS = [_ROOT / "locales", *sorted(_ROOT.glob("games/*/locales"))]


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, full + "."))
        else:
            flat[full] = str(value)
    return flat


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every key known in ``lang``, merged from all catalogue folders."""
    merged: dict[str, str] = {}
    for folder in _CATALOGUE_DIRS:
        # ``en.toml`` and any ``<part>.en.toml`` (one file per module that owns strings)
        for path in [folder / f"{lang}.toml", *sorted(folder.glob(f"*.{lang}.toml"))]:
            if path.exists():
                with path.open("rb") as fh:
                    merged.update(_flatten(tomllib.load(fh)))
    return merged


def normalise_language(lang: str | None) -> str:
    """Map a Discord locale such as ``es-ES`` or ``it`` onto a supported language."""
    if not lang:
        return DEFAULT_LANGUAGE
    short = lang.split("-")[0].split("_")[0].lower()
    return short if short in LANGUAGES else DEFAULT_LANGUAGE


def t(key: str, lang: str | None = None, /, **params: Any) -> str:
    """Translate ``key`` into ``lang``, filling ``{name}`` placeholders from ``params``."""
    language = normalise_language(lang)
    template = catalogue(language).get(key) or catalogue(DEFAULT_LANGUAGE).get(key) or key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def add_catalogue_dir(folder: Path) -> None:
    """Let a plugin ruleset (such as the toy game of the tests) bring its own strings."""
    if folder not in _CATALOGUE_DIRS:
        _CATALOGUE_DIRS.append(folder)
        catalogue.cache_clear()


def has_key(key: str, lang: str) -> bool:
    return key in catalogue(lang)
