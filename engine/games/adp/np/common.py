"""What every Non-player's execution does the same way (8.1.1): while its Special
Activity runs, the Faction's chooser for it picks each choice until it has nothing more,
then ``done``; once the Operation's own choices are over, ``done`` -- or, when the
Operation cannot end yet, its only way on (never a Special Activity or a voluntary
removal, 1.4.1, it did not choose)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.actions import Action
from engine.games.adp.derived import board
from engine.games.adp.np.dice import Dice
from engine.games.adp.state import AdpState

Pick = tuple[Action, str]
SpecialChooser = Callable[[AdpState, Any, Dice, Sequence[Action]], Action | None]
NOT_ON_THEIR_OWN = ("activity", "withdraw")


# --- reading the offered choices --------------------------------------------------------

def by_text(actions: Sequence[Action]) -> dict[str, Action]:
    return {a.text: a for a in actions}


def spaces_of(actions: Sequence[Action], verb: str = "in") -> list[str]:
    return [a["space"] for a in actions if a.verb == verb]


def action_for(actions: Sequence[Action], verb: str, **values: object) -> Action | None:
    """The first offered choice of ``verb`` with these slot values."""
    for a in actions:
        if a.verb == verb and all(a[k] == v for k, v in values.items()):
            return a
    return None


def tiers(candidates: Sequence[str], tests: Sequence[Callable[[str], bool]]) -> list[str]:
    """The candidates meeting the first test any meets (a priority list, 8.5-8.8); none if
    none does."""
    for test in tests:
        met = [c for c in candidates if test(c)]
        if met:
            return met
    return []


def is_province(sid: str) -> bool:
    space = board().spaces.get(sid)
    return space is not None and space.kind == "province"


def done_of(actions: Sequence[Action]) -> Action | None:
    return action_for(actions, "done")


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
