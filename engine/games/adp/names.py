"""How A Distant Plain's things are named to players, in each language."""

from __future__ import annotations

from engine.games.adp.derived import board
from engine.games.adp.spec import ISLAMABAD_BOXES
from engine.i18n import t


def place_name(place: str, lang: str) -> str:
    """A space or LoC by its printed name (the map's names are the same in every
    language)."""
    b = board()
    return b.name(place) if place in b.spaces or place in b.locs else place


def faction_name(faction: str, lang: str) -> str:
    return t(f"adp.value.faction.{faction}", lang)


def piece_name(kind: str, lang: str, count: int = 2) -> str:
    forms = t(f"adp.value.piece.{kind}", lang).split("|")
    return forms[0] if count == 1 or len(forms) == 1 else forms[1]


def support_name(level: int, lang: str) -> str:
    if level > 0:
        return t("adp.board.support", lang)
    if level < 0:
        return t("adp.board.opposition", lang)
    return t("adp.board.neutral", lang)


def islamabad_name(box: int, hard: int, lang: str) -> str:
    name = t(f"adp.islamabad.{ISLAMABAD_BOXES[box]}", lang)
    return f"{name} {t('adp.board.hard', lang)}" if hard else name
