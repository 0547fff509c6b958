"""Revolutionaries Operations (3.4) and Special Activities (4.5)."""

from __future__ import annotations
