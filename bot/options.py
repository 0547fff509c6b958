"""Game options and seats as users write them: ``KEY=VALUE`` (the command line's
``--option``, Discord's ``/game new options:``)."""

from __future__ import annotations

import json

from engine.core.messages import CourierError


def pairs(items: list[str], what: str) -> dict[str, str]:
    """``KEY=VALUE`` arguments (``--option``, ``--seat``); ``what`` names the form."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CourierError(f"cli.{what}_form", got=item)
        out[key.strip()] = value.strip()
    return out


def typed_options(raw: dict[str, str]) -> dict[str, object]:
    """A value is JSON when it parses as JSON (``players=[["raj"],...]``, ``target=6``),
    otherwise the text as written (``gujarat=province``)."""
    def convert(value: str) -> object:
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return {k: convert(v) for k, v in raw.items()}
