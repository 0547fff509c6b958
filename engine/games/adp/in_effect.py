"""What lasting Events are in effect: the Capabilities (5.3, card -> side, for the rest of
the game) and the Momentum cards (5.4, until the next Reset, 6.6).

The Operations and Special Activities ask here, each where it decides; what each card does
is known only from the fragments of ``data/deck.toml`` and the Spanish rule book (the card
texts are not in our sources, ``docs/rules-choices.md``).  The card ids are the numbers of
``data/deck.toml`` (``tests/games/adp/test_capabilities.py`` checks them against the
titles there).
"""

from __future__ import annotations

from engine.games.adp.state import AdpState

# 5.3 Capabilities the rule book names (ES 8.6.2, 8.8.2-8.8.4)
ISR = "1"
PREDATORS = "2"
VILLAGE_STABILITY_OPERATIONS = "12"
PRTS = "18"
NIGHT_LETTERS = "29"
ACCIDENTAL_GUERRILLAS = "34"
# 5.4 Momentum cards the rule book names (ES 5.1.2, 8.5.4, 8.7.1, 8.7.3)
MANPADS_SCARE = "26"
TRIBAL_ELDERS = "45"
SANDSTORMS = "57"
LOCAL_TRUCE = "59"

UNSHADED, SHADED = "unshaded", "shaded"


def capability(state: AdpState, card_id: str) -> str | None:
    """5.3 The side of ``card_id``'s Capability in effect ("unshaded" / "shaded"), or
    None."""
    return state.capabilities.get(card_id)


def momentum(state: AdpState, card_id: str) -> bool:
    """5.4 Whether ``card_id`` is in a Momentum box (its effect lasts until the Reset)."""
    return card_id in state.momentum


__all__ = ["ACCIDENTAL_GUERRILLAS", "ISR", "LOCAL_TRUCE", "MANPADS_SCARE", "NIGHT_LETTERS",
           "PREDATORS", "PRTS", "SANDSTORMS", "SHADED", "TRIBAL_ELDERS", "UNSHADED",
           "VILLAGE_STABILITY_OPERATIONS", "capability", "momentum"]
