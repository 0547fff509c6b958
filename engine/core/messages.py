"""Translatable messages and the typed errors a player can cause.

A message is a key plus parameters; it is translated at the edge (bot, e-mail, CLI) with
``engine.i18n.t``.  Every error a command can cause is a ``CourierError``: it carries a
message and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.i18n import t


@dataclass(frozen=True, init=False)
class Msg:
    """A translatable message: a catalogue key and its parameters
    (``Msg("gandhi.prompt.strikes", left=3)``)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, params: dict[str, Any] | None = None, /,
                 **named: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", {**(params or {}), **named})

    def render(self, lang: str | None = None) -> str:
        params = {k: v.render(lang) if isinstance(v, Msg) else v for k, v in self.params.items()}
        return t(self.key, lang, **params)


class CourierError(Exception):
    """An error caused by a user's command; it appended nothing."""

    key = "error.generic"

    def __init__(self, key: str | None = None, /, **params: Any) -> None:
        self.msg = Msg(key or self.key, params)
        super().__init__(self.msg.render("en"))

    def message(self, lang: str | None = None) -> str:
        return self.msg.render(lang)


class UnknownAction(CourierError):
    """The text names nothing this game knows."""

    key = "error.unknown_action"


class IllegalAction(CourierError):
    """The text is a known kind of action, but not one allowed now."""

    key = "error.illegal_action"


class AmbiguousAction(CourierError):
    """The abbreviation matches more than one legal action."""

    key = "error.ambiguous_action"

    def __init__(self, text: str, listing: Msg, candidates: list[str]) -> None:
        self.candidates = candidates  # their canonical texts
        super().__init__(self.key, text=text, candidates=listing)


class BatchError(CourierError):
    """A line of a batch of commands cannot be taken: nothing of the batch was appended."""

    key = "error.batch_line"

    def __init__(self, line: int, text: str, reason: Msg) -> None:
        self.line = line
        super().__init__(self.key, line=line, text=text, reason=reason)


class NotYourDecision(CourierError):
    key = "error.not_your_decision"


class NotSeated(CourierError):
    key = "error.not_seated"


class GameNotFound(CourierError):
    key = "error.game_not_found"


class GameExists(CourierError):
    """A new or imported game would take an id that is in use."""

    key = "error.game_exists"


class GameOver(CourierError):
    key = "error.game_over"


class UndoRefused(CourierError):
    key = "error.undo_refused"


class Conflict(CourierError):
    """Someone else appended first: the command was made against a stale game."""

    key = "error.conflict"

    def __init__(self, expected: int, actual: int) -> None:
        self.expected = expected
        self.actual = actual
        super().__init__(self.key, expected=expected, actual=actual)


class InvalidGameData(CourierError):
    """A file (map, scenario, log, deck pack) is malformed."""

    key = "error.invalid_data"
