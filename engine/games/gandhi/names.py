"""Names of spaces, pieces, Factions and Support levels: the canonical English name of a
space in choice texts (``rally Punjab``, ``in Railway Delhi–Ahmedabad``), and every name in
a reader's language.  A command, a digest and a picture name each thing the same way:
a Railway by its two ends, as printed on the map.
"""

from __future__ import annotations

from engine.core.messages import Msg
from engine.games.gandhi.board import Map, default_map
from engine.games.gandhi.pieces import (
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_BASES,
    REV_BASES,
)
from engine.i18n import t


def space_text(board: Map, space_id: str) -> str:
    """The canonical (English) name of a space, as in the log's choice texts."""
    return place_name(board, space_id, "en")


class SpaceName(Msg):
    """A space's name in the reader's language (a message parameter)."""

    def __init__(self, space_id: str) -> None:
        super().__init__("gandhi.space_name", space=space_id)

    def render(self, lang: str | None = None) -> str:
        return place_name(default_map(), self.params["space"], lang or "en")


# --- names in a language (digests, captions, pictures) --------------------------------------

SUPPORT_KEYS = {2: "active_support", 1: "passive_support", 0: "neutral",
                -1: "passive_opposition", -2: "active_opposition"}


def place_name(board: Map, place: str, lang: str) -> str:
    """A City, Province, State or Town by name; a Railway by its two ends."""
    if place in board.towns:
        return t(f"gandhi.town.{place}", lang)
    space = board.space(place)
    if space.is_railway:
        a, b = (place_name(board, end, lang) for end in space.ends)
        return t("gandhi.digest.railway", lang, a=a, b=b)
    return t(f"gandhi.space.{place}", lang)


def piece_name(kind: str, lang: str) -> str:
    if kind in (GUERRILLAS_UNDERGROUND, GUERRILLAS_ACTIVE):
        return t(f"gandhi.piece_side.{kind}", lang)
    key = {ML_BASES: "ml_base", REV_BASES: "rev_base"}.get(kind, kind)
    return t(f"gandhi.piece.{key}", lang)


def support_name(level: int, lang: str) -> str:
    return t(f"gandhi.marker.{SUPPORT_KEYS[level]}", lang)


def faction_name(faction: str, lang: str) -> str:
    return t(f"gandhi.faction.{faction}", lang)
