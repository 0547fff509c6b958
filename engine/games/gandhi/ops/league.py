"""Muslim League Operations (3.3) and Special Activities (4.4)."""

from __future__ import annotations
