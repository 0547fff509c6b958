"""Display names of spaces, pieces and boxes in a language: the engine's, so a command, a
digest and a picture never name a thing differently."""

from __future__ import annotations

from engine.games.gandhi.names import faction_name, piece_name, place_name, support_name

__all__ = ["faction_name", "piece_name", "place_name", "support_name"]
