"""Gandhi (GMT COIN Vol. IX).  Importing this package registers the ruleset, its
Operations and its scripted Events."""

from engine.core import ruleset as registry
from engine.games.gandhi import ops, scripts
from engine.games.gandhi.ruleset import Gandhi

registry.register(Gandhi)

__all__ = ["Gandhi", "ops", "scripts"]
