"""Actions as values with a canonical text form, and the one parser from text to action.

``legal_actions`` returns a ``Choice``: the prompt that says what is being asked and the
actions that answer it.  The parser matches words case-insensitively by unique prefix
against that set only (``ral pun`` -> ``rally Punjab``), and distinguishes three errors:
unknown, illegal (with the reason) and ambiguous (with the candidates).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.core.messages import AmbiguousAction, IllegalAction, Msg, UnknownAction


def words(text: str) -> tuple[str, ...]:
    return tuple(text.strip().split())


@dataclass(frozen=True)
class Action:
    """One legal answer: its canonical text is its identity."""

    text: str
    label: Msg | None = None
    args: tuple[str, ...] = field(default=(), compare=False)  # what the rules read

    @property
    def words(self) -> tuple[str, ...]:
        return words(self.text)

    @property
    def verb(self) -> str:
        return self.words[0].lower() if self.text else ""


@dataclass(frozen=True)
class Choice:
    """What a seat is asked now: a prompt and the actions that answer it."""

    prompt: Msg
    actions: tuple[Action, ...] = ()
    seat: str | None = None
    data: dict[str, object] = field(default_factory=dict)

    def texts(self) -> list[str]:
        return [a.text for a in self.actions]

    def find(self, text: str) -> Action | None:
        wanted = " ".join(words(text)).lower()
        return next((a for a in self.actions if a.text.lower() == wanted), None)


def _matches(typed: tuple[str, ...], action: Action) -> bool:
    """Each typed word starts the action's word in the same place, and no word is left
    out: ``place 2 troops`` must never become ``place 2 troops from out of play``, nor
    ``rally Bombay`` become ``rally Bombay Presidency``."""
    target = action.words
    return len(typed) == len(target) and all(
        w.lower().startswith(t.lower()) for t, w in zip(typed, target, strict=False)
    )


def _exact_words(typed: tuple[str, ...], action: Action) -> int:
    return sum(t.lower() == w.lower() for t, w in zip(typed, action.words, strict=False))


Explain = Callable[[tuple[str, ...]], Msg | None]


def parse(text: str, choice: Choice, known_verbs: Iterable[str],
          explain: Explain | None = None) -> Action:
    """Turn typed text into one of ``choice.actions`` or raise a typed error."""
    typed = words(text)
    if not typed:
        raise UnknownAction(text=text)
    exact = choice.find(text)
    if exact is not None:
        return exact
    candidates = [a for a in choice.actions if _matches(typed, a)]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        best = max(_exact_words(typed, a) for a in candidates)
        top = [a for a in candidates if _exact_words(typed, a) == best]
        if len(top) == 1 and best > 0:
            return top[0]
        raise AmbiguousAction(text, [a.text for a in candidates])
    verbs = {v.lower() for v in known_verbs}
    if not any(v.startswith(typed[0].lower()) for v in verbs):
        raise UnknownAction(text=text)
    reason = explain(typed) if explain else None
    raise IllegalAction(text=text, reason=reason or Msg("reason.not_offered_now"))
