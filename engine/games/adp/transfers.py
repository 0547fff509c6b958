"""1.5.1 Voluntary transfers: every Faction but the Coalition may give Resources (1.8) to
another at any moment the giver or the receiver is executing an Operation, Special
Activity or Event; the Government may give Patronage to the Warlords' Resources, 1 for 1,
under the same timing.

They are side actions, outside the turn order (as Gandhi's 1.5.2): the execution and
Event steps name the executing Faction (``executing``); while one runs, each Faction that
may give is offered its gifts, whether or not it is the one asked now.  One choice per
receiver with an open amount (``transfer <1-12> to taliban``), so a menu grows by four
entries at most.  A Non-player never gives (8.1.2) but may receive; a player never gives
to a Faction it runs too (1.5); the Coalition neither gives nor receives (it has no
Resources, 1.8)."""

from __future__ import annotations

from engine.coin.state import Executing
from engine.core.actions import Action, Amount
from engine.core.events import Event
from engine.games.adp.derived import non_players
from engine.games.adp.flow import EFFECTS
from engine.games.adp.spec import FACTIONS, SPEC
from engine.games.adp.state import AdpState
from engine.games.adp.victory import players
from engine.games.adp.vocabulary import verb

TRANSFER, PATRONAGE = verb("transfer"), verb("patronage_to_warlords")
VERBS = (TRANSFER.name, PATRONAGE.name)
HOLDERS = tuple(f for f in FACTIONS if f != "coalition")               # 1.8


def executing(state: AdpState) -> str | None:
    """The Faction executing an Operation, Special Activity or Event now, if any."""
    data = state.step.data
    return data.executing or None if isinstance(data, Executing) else None


def may_give(state: AdpState, giver: str, receiver: str) -> bool:
    """1.5.1 The timing (giver or receiver executing), 8.1.2 (a Non-player never gives) and
    1.5 (never between one player's own Factions)."""
    now = executing(state)
    if state.result is not None or now not in (giver, receiver) or giver == receiver:
        return False
    if giver in non_players(state.options):
        return False
    return not any(giver in g and receiver in g for g in players(state.options))


def transfer_actions(state: AdpState, seat: str) -> list[Action]:
    """The gifts ``seat`` may make now: Resources to each other Faction with Resources,
    and the Government's Patronage to the Warlords."""
    if seat not in HOLDERS:
        return []
    res, top = state.resources, SPEC.resources.high     # 1.8 Resources up to 75
    out: list[Action] = []
    for receiver in HOLDERS:
        most = min(res.get(seat, 0), top - res.get(receiver, 0))
        if most > 0 and may_give(state, seat, receiver):
            out.append(TRANSFER(amount=Amount(1, most), faction=receiver))
    if seat == "government" and may_give(state, "government", "warlords"):
        most = min(state.patronage, top - res.get("warlords", 0))
        if most > 0:
            out.append(PATRONAGE(amount=Amount(1, most)))
    return out


def transfer(state: AdpState, seat: str, action: Action) -> list[Event]:
    """The gift: the giver's Resources (or the Patronage) down, the receiver's up."""
    amount: int = action["amount"]
    if action.verb == PATRONAGE.name:
        return [*EFFECTS.track(state, "patronage", -amount),
                *EFFECTS.resources(state, "warlords", amount)]
    return [*EFFECTS.resources(state, seat, -amount),
            *EFFECTS.resources(state, action["faction"], amount)]
