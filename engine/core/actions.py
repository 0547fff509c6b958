"""What a seat is asked: a prompt and the choices that answer it.

A choice is an ``Action``, a value of the game's vocabulary (``engine.core.vocabulary``):
a verb and its slot values, with a canonical text for the log.  ``legal_actions``
returns a ``Choice``: the prompt and every action the seat may take now.  Reading what a
player typed is ``engine.core.parse``; the menu tree of the actions is
``engine.core.menu``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine.core.messages import Msg
from engine.core.vocabulary import Action, Amount, tokens

__all__ = ["Action", "Amount", "Choice"]


@dataclass(frozen=True)
class Choice:
    """What a seat is asked now: a prompt and the actions that answer it."""

    prompt: Msg
    actions: tuple[Action, ...] = ()
    seat: str | None = None

    def texts(self) -> list[str]:
        return [a.text for a in self.actions]

    @cached_property
    def _by_text(self) -> dict[str, Action]:
        return {a.text.lower(): a for a in self.actions if not a.open}

    def find(self, text: str) -> Action | None:
        """The action whose canonical text is ``text`` (an open one with its number
        named: ``give 5 to raj``), or None."""
        found = self._by_text.get(" ".join(text.split()).lower())
        if found is not None or not any(a.open for a in self.actions):
            return found
        from engine.core.parse import EXACT, reader  # the parser reads open choices

        typed = tokens(text)
        for action in self.actions:
            if action.open and action.form is not None:
                code, filled = reader(action.form.vocabulary).fit(typed, action)
                if code == EXACT and filled.text.lower() == " ".join(text.split()).lower():
                    return filled
        return None

    def allows(self, action: Action) -> Action | None:
        """``action`` if it is one of the choices (an open one within its range)."""
        if action in self.actions:
            return action
        for offered in self.actions:
            if offered.open and offered.verb == action.verb and all(
                    (value in theirs) if isinstance(theirs, Amount) else value == theirs
                    for (_, value), (_, theirs) in zip(action.values, offered.values,
                                                       strict=True)):
                return action
        return None
