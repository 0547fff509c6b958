"""Gandhi renders: the map picture, the turn digest and the replay."""

from __future__ import annotations

from renders.gandhi import pictures  # noqa: F401  (registers Gandhi's pictures)
from renders.gandhi.digest import render_digest
from renders.gandhi.map import render_map
from renders.gandhi.replay import render_frame, render_replay

__all__ = ["render_digest", "render_frame", "render_map", "render_replay"]
