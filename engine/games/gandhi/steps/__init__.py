"""The steps of play; importing this package registers them all."""

from engine.games.gandhi.steps import campaign, cards, event, redeploy, reset, setup, support

__all__ = ["campaign", "cards", "event", "redeploy", "reset", "setup", "support"]
