"""Scripted Events (5.0-5.1), group e: being written.  A card not scripted is played by
hand (``steps/event.py``)."""

from __future__ import annotations
