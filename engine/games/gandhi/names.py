"""Space names in canonical action texts (``rally Punjab``, ``place Rail Delhi-Ganges``).

Cities, Provinces and States use their printed English name; Railways, whose map
names are descriptions, use ``Rail`` and their end points.  Translated names are for
display only: what a player types is always this canonical form.
"""

from __future__ import annotations

from engine.games.gandhi.board import Map
from engine.games.gandhi.pieces import (
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_BASES,
    REV_BASES,
)
from engine.i18n import t


def space_text(board: Map, space_id: str) -> str:
    space = board.space(space_id)
    if space.is_railway:
        ends = space_id.removeprefix("rail_").replace("_", "-").title()
        return f"Rail {ends}"
    return space.name


_INDEXES: dict[int, dict[str, str]] = {}
_TEXTS: dict[int, dict[str, str]] = {}


def space_texts(board: Map) -> dict[str, str]:
    """Every space's canonical text by id, in map order (computed once per map)."""
    key = id(board)
    if key not in _TEXTS:
        _TEXTS[key] = {sid: space_text(board, sid) for sid in board.spaces}
    return _TEXTS[key]


def _index(board: Map) -> dict[str, str]:
    key = id(board)
    if key not in _INDEXES:
        _INDEXES[key] = {space_text(board, sid).lower(): sid for sid in board.spaces}
    return _INDEXES[key]


def space_id(board: Map, text: str) -> str:
    return _index(board)[text.lower()]


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
