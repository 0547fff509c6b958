"""A Distant Plain (GMT COIN Vol. III).  Importing this package registers the ruleset."""

from engine.core import ruleset as registry
from engine.games.adp.ruleset import ADistantPlain

registry.register(ADistantPlain)

__all__ = ["ADistantPlain"]
