"""Asia Crossroads renders: the grid map, the digest picture and the replay."""

from __future__ import annotations

from renders.asia_crossroads import pictures  # noqa: F401  (registers the pictures)
from renders.asia_crossroads.map import render_map

__all__ = ["render_map"]
