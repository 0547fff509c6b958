"""The shared message catalogues (engine/locales/{en,es,it}.toml) keep the same keys, and
every value is filled: a message missing in one language would fall back to English."""

from __future__ import annotations

import tomllib

from engine.i18n import LANGUAGES
from tests.conftest import REPO


def flat(table: dict[str, object], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = str(value)
    return out


def test_the_shared_catalogues_keep_the_same_keys_and_no_value_is_empty() -> None:
    found = {lang: flat(tomllib.loads((REPO / "engine" / "locales" / f"{lang}.toml")
                                      .read_text(encoding="utf-8"))) for lang in LANGUAGES}
    english = set(found["en"])
    for lang, messages in found.items():
        assert set(messages) == english, (lang, english ^ set(messages))
        assert all(value.strip() for value in messages.values()), lang
