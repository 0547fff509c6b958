"""Scripted Events, cards 25-48 (5.0-5.1).  A card not scripted here is played by hand
(``steps/event.py``)."""

from __future__ import annotations
