"""Display names of spaces, pieces and boxes in a language (for digests and captions)."""

from __future__ import annotations

from engine.games.gandhi.board import Map
from engine.games.gandhi.pieces import (
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_BASES,
    REV_BASES,
)
from engine.i18n import t

SUPPORT_KEYS = {2: "active_support", 1: "passive_support", 0: "neutral",
                -1: "passive_opposition", -2: "active_opposition"}


def place_name(board: Map, place: str, lang: str) -> str:
    """A City, Province, State or Town by name; a Railway by its two ends."""
    if place in board.towns:
        return t(f"renders.gandhi.town.{place}", lang)
    space = board.space(place)
    if space.is_railway:
        a, b = (place_name(board, end, lang) for end in space.ends)
        return t("renders.gandhi.digest.railway", lang, a=a, b=b)
    return t(f"gandhi.space.{place}", lang)


def piece_name(kind: str, lang: str) -> str:
    if kind == GUERRILLAS_UNDERGROUND:
        return t("renders.gandhi.legend_item.guerrillas_underground", lang)
    if kind == GUERRILLAS_ACTIVE:
        return t("renders.gandhi.legend_item.guerrillas_active", lang)
    if kind == GUERRILLAS:
        return t("gandhi.piece.guerrillas", lang)
    key = {ML_BASES: "ml_base", REV_BASES: "rev_base"}.get(kind, kind)
    return t(f"gandhi.piece.{key}", lang)


def support_name(level: int, lang: str) -> str:
    return t(f"gandhi.marker.{SUPPORT_KEYS[level]}", lang)


def faction_name(faction: str, lang: str) -> str:
    return t(f"gandhi.faction.{faction}", lang)
