"""Congress Operations (3.3) and Special Activities (4.3)."""

from __future__ import annotations
