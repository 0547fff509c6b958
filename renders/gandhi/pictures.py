"""Gandhi's pictures as the service asks for them (``engine.pictures``): registered under
the ruleset's name when ``renders`` is imported."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.events import Recorded
from engine.core.ruleset import Ruleset
from engine.games.gandhi.state import GandhiState
from engine.pictures import register
from renders.gandhi.digest import render_digest
from renders.gandhi.focus import render_focus
from renders.gandhi.map import render_map
from renders.gandhi.replay import render_frame, replay_with_format
from renders.gandhi.timeline import Frame, caption, frames_of


class GandhiPictures:
    def map(self, state: GandhiState, lang: str,
            highlight: frozenset[str] = frozenset()) -> bytes:
        return render_map(state, lang, highlight=highlight)

    def digest(self, before: GandhiState, after: GandhiState, records: Sequence[Recorded],
               lang: str, notes: Mapping[int, str] | None = None) -> tuple[bytes, str]:
        return render_digest(before, after, records, lang, notes)

    def focus(self, before: GandhiState, after: GandhiState, records: Sequence[Recorded],
              lang: str) -> bytes:
        return render_focus(before, after, records, lang)

    def frames(self, ruleset: Ruleset[Any], records: Sequence[Recorded]) -> list[Frame]:
        return frames_of(ruleset, records)

    def caption(self, frames: Sequence[Any], n: int, lang: str) -> str:
        framed: Frame = frames[n]
        return caption(framed, n, len(frames), lang)

    def frame(self, state: GandhiState, text: str, lang: str) -> bytes:
        return render_frame(state, text, lang)

    def replay(self, frames: Sequence[tuple[GandhiState, str]], fmt: str,
               lang: str) -> tuple[bytes, str]:
        return replay_with_format(frames, fmt, lang)  # type: ignore[arg-type]


register("gandhi", GandhiPictures())
