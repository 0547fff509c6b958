"""A Distant Plain's pictures: the base map (``base``), the full map of a position
(``map``), registered with ``engine.pictures`` (``pictures``)."""

from renders.adp import pictures  # noqa: F401
