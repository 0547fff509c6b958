"""Bounded tracks shared by COIN games (Restraint, Unity, Resources, Support levels)."""

from __future__ import annotations


def shifted(value: int, delta: int, low: int, high: int) -> int:
    """Shift a track marker, ignoring any part of the shift beyond its ends (e.g. 5.1.4)."""
    return max(low, min(high, value + delta))
