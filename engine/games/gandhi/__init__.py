"""Gandhi (GMT COIN Vol. IX).  Importing this package registers the ruleset and its
Operations."""

from engine.core import ruleset as registry
from engine.games.gandhi import ops  # noqa: F401  (Operations offered on the cards)
from engine.games.gandhi import scripts  # noqa: F401  (scripted Events)
from engine.games.gandhi.ruleset import Gandhi

registry.register(Gandhi)

__all__ = ["Gandhi"]
