"""Pillow renders: map pictures, turn digests and replays (DESIGN.md section 6).

Pure functions from game states to image bytes.  Renders import only the pure engine
(``engine.core``, ``engine.games.*``, ``engine.i18n``), never the store, the service or a
front-end.  Their own labels live in ``renders/locales``; fonts are bundled in
``renders/fonts``.
"""

from __future__ import annotations

from pathlib import Path

from engine.i18n import add_catalogue_dir

add_catalogue_dir(Path(__file__).parent / "locales")


def load() -> None:
    """Register every game's pictures with the engine (``engine.pictures``)."""
    import renders.adp  # noqa: F401
    import renders.asia_crossroads  # noqa: F401
    import renders.gandhi  # noqa: F401
