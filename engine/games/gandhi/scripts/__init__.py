"""Scripted Events (5.0).  Each module registers its cards in ``steps.event.SCRIPTED``;
every card not registered is carried out by hand with checked edits."""

from engine.games.gandhi.scripts import (
    cards_a,
    cards_b,
    cards_c,
    cards_d,
    cards_e,
    cards_f,
    cards_g,
)

__all__ = ["cards_a", "cards_b", "cards_c", "cards_d", "cards_e", "cards_f", "cards_g"]
