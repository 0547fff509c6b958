"""What every Non-player's execution does the same way (8.1.1): while its Special
Activity runs, the Faction's chooser for it picks each choice until it has nothing more,
then ``done``; once the Operation's own choices are over, ``done`` -- or, when the
Operation cannot end yet, its only way on (never a Special Activity or a voluntary
removal, 1.4.1, it did not choose)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.actions import Action
from engine.games.adp.np.dice import Dice
from engine.games.adp.state import AdpState

Pick = tuple[Action, str]
SpecialChooser = Callable[[AdpState, Any, Dice, Sequence[Action]], Action | None]
NOT_ON_THEIR_OWN = ("activity", "withdraw")


def done_of(actions: Sequence[Action]) -> Action | None:
    return next((a for a in actions if a.verb == "done"), None)


def special_activity(state: AdpState, data: Any, dice: Dice, actions: Sequence[Action],
                     choosers: Mapping[str, SpecialChooser],
                     rule: Callable[[str], str]) -> Pick | None:
    """The Special Activity's next choice while one runs (None: none runs); ``rule``
    names the rule of each Special Activity, for the bot's reason."""
    if not data.sa or data.sa_done:
        return None
    chooser = choosers.get(data.sa)
    found = chooser(state, data, dice, actions) if chooser else None
    if found is not None:
        return found, rule(data.sa)
    return (done_of(actions) or actions[0]), f"{rule(data.sa)}: complete"


def go_on(actions: Sequence[Action]) -> Pick:
    """Nothing more to choose: ``done``, else the Operation's only way on."""
    done = done_of(actions)
    if done is not None:
        return done, "8.1.1 done"
    doing = [a for a in actions if a.verb not in NOT_ON_THEIR_OWN]
    return (doing or list(actions))[0], "8.1.1 the Operation's only way on"
