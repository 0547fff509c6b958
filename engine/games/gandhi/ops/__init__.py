"""Operations and Special Activities (3.0, 4.0).  Importing this package registers them
with the card step."""

from engine.games.gandhi.ops import congress, framework, league, raj, revolutionaries
from engine.games.gandhi.steps.cards import CARD_CHOICES, CARD_HANDLERS

CARD_CHOICES.append(framework.card_choices)
CARD_HANDLERS["operation"] = framework.start
CARD_HANDLERS["limited"] = framework.start

__all__ = ["congress", "framework", "league", "raj", "revolutionaries"]
