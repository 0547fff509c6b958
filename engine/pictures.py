"""Pictures of a game through the service, without the engine importing a renderer.

A game's renderer (``renders/<game>/``) registers itself here under the ruleset's name;
the service builds a ``Job`` -- the renderer, what to draw and the states it needs, all
plain data that can be sent to another process -- and draws it (``Job.run``) inline, or
hands it to a front-end's process pool (DESIGN.md §5: renders off the event loop).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.events import Recorded
from engine.core.messages import CourierError
from engine.core.ruleset import Ruleset


class Frame(Protocol):
    """One frame of a game's history: the state at its end and the event it ends at."""

    @property
    def state(self) -> Any: ...

    @property
    def seq(self) -> int: ...


class Pictures(Protocol):
    """What a game's renderer draws (PNG bytes; animations as GIF or WebP)."""

    def map(self, state: Any, lang: str, highlight: frozenset[str] = frozenset()) -> bytes: ...

    def digest(self, before: Any, after: Any, records: Sequence[Recorded], lang: str,
               notes: Mapping[int, str] | None = None) -> tuple[bytes, str]: ...

    def focus(self, before: Any, after: Any, records: Sequence[Recorded], lang: str) -> bytes:
        """The spaces that changed, large enough to read on a phone (DESIGN.md §6)."""
        ...

    def frames(self, ruleset: Ruleset[Any], records: Sequence[Recorded]) -> Sequence[Frame]: ...

    def caption(self, frames: Sequence[Frame], n: int, lang: str) -> str: ...

    def frame(self, state: Any, caption: str, lang: str) -> bytes: ...

    def replay(self, frames: Sequence[tuple[Any, str]], fmt: str,
               lang: str) -> tuple[bytes, str]: ...


_REGISTRY: dict[str, Pictures] = {}


def register(ruleset: str, pictures: Pictures) -> None:
    _REGISTRY[ruleset] = pictures


def pictures_of(ruleset: str) -> Pictures:
    if ruleset not in _REGISTRY:
        raise CourierError("pictures.no_renderer", ruleset=ruleset)
    return _REGISTRY[ruleset]


@dataclass(frozen=True)
class Job:
    """A picture to draw: the renderer's name, its method and the arguments (states,
    records, language).  Picklable, so a process pool can draw it."""

    ruleset: str
    kind: str
    args: tuple[Any, ...]

    def run(self) -> Any:
        return getattr(pictures_of(self.ruleset), self.kind)(*self.args)
