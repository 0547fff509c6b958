"""The turn digest: the map after a turn with the changed spaces outlined, and the
plain-language text of what each Faction did (``engine.games.gandhi.narrate``)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.events import Event, Recorded
from engine.games.gandhi.narrate import digest_text
from engine.games.gandhi.state import GandhiState, SpaceState
from renders.gandhi.map import render_map

__all__ = ["changed_spaces", "digest_text", "render_digest"]


def render_digest(before: GandhiState, after: GandhiState,
                  events: Iterable[Event | Recorded], lang: str = "en") -> tuple[bytes, str]:
    """PNG bytes of the map after the turn (changed spaces outlined) and the text."""
    changed = changed_spaces(before, after)
    return render_map(after, lang, highlight=changed), digest_text(after, events, lang)


def changed_spaces(before: GandhiState, after: GandhiState) -> frozenset[str]:
    """Spaces whose pieces or markers differ (Railways included)."""
    ids = set(before.spaces) | set(after.spaces)
    empty = SpaceState()
    return frozenset(i for i in ids
                     if before.spaces.get(i, empty) != after.spaces.get(i, empty))
