"""Building Gandhi positions for tests: from a scenario, or from a description."""

from __future__ import annotations

from typing import Any

from engine.core.chance import ReplayChance
from engine.core.events import Event
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet, ScenarioSetUp, StepBegan
from engine.games.gandhi.flow import STEPS, question, run
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.state import GandhiState

RULES = Gandhi()


def position(spaces: dict[str, dict[str, Any]], *, step: str = "victory",
             seat: str | None = None, restraint: int = 3, unity: int = 3,
             resources: dict[str, int] | None = None, jail: dict[str, int] | None = None,
             out_of_play: dict[str, int] | None = None, viceroy: str = "77",
             campaigns_in_deck: int = 3, options: dict[str, Any] | None = None,
             current: str = "75", upcoming: str = "30", data: dict[str, Any] | None = None
             ) -> GandhiState:
    """A state with exactly the given pieces and markers (everything else empty)."""
    state = GandhiState()
    setup = ScenarioSetUp(scenario="test", options=options or {}, spaces=spaces,
                          jail=jail or {}, out_of_play=out_of_play or {},
                          restraint=restraint, unity=unity,
                          resources=resources or {"raj": 0, "revolutionaries": 0},
                          eligible=["raj", "congress", "muslim_league", "revolutionaries"],
                          deck_size=60, campaigns_in_deck=campaigns_in_deck, viceroy=viceroy)
    evolve(state, setup)
    state.current, state.upcoming, state.revealed = current, upcoming, 20
    evolve(state, StepBegan(step=step, seat=seat, data=data or {}))
    return state


ORDER = ["raj", "congress", "muslim_league", "revolutionaries"]


def on_card(card: str, faction: str = "raj", spaces: dict[str, dict[str, Any]] | None = None,
            upcoming: str = "6", **kw: Any) -> GandhiState:
    """``card`` current with every Faction Eligible and ``faction`` 1st (2.3.2)."""
    order = [faction, *[f for f in ORDER if f != faction]]
    state = position(spaces or {}, step="card", current=card, upcoming=upcoming, **kw)
    return apply(state, [EligibilitySet(eligible={f: True for f in ORDER}),
                         CardTurnBegan(card=card, order=order)])


_CHOSEN: dict[int, list[Event]] = {}


def playing(card: str, side: str, spaces: dict[str, dict[str, Any]] | None = None,
            faction: str = "raj", rolls: tuple[int, ...] = (), **kw: Any) -> GandhiState:
    """``card`` current, ``faction`` 1st Eligible, which chose the ``side`` Event (the
    events of that choice: ``chosen(state)``)."""
    state = on_card(card, faction, spaces, **kw)
    _CHOSEN[id(state)] = choose(state, faction, f"event {side}", rolls=rolls)
    return state


def chosen(state: GandhiState) -> list[Event]:
    """The events of the choice of the Event a ``playing`` state began with."""
    return _CHOSEN[id(state)]


def settle(state: GandhiState, rolls: tuple[int, ...] = (),
           cards: dict[int, str] | None = None) -> GandhiState:
    """Run automatic steps until someone must decide."""
    return apply(state, run(state, [], ReplayChance(rolls, cards), RULES.clone))


def apply(state: GandhiState, events: list[Event]) -> GandhiState:
    for event in events:
        evolve(state, event)
    return state


def choose(state: GandhiState, seat: str, text: str, rolls: tuple[int, ...] = (),
           cards: dict[int, str] | None = None) -> list[Event]:
    """Decide ``text`` for ``seat`` and apply the events; returns them.  A Redeploy
    written whole (``move troop from A to B``) is given as its two decisions."""
    if state.step.name == "redeploy" and text.startswith("move ") and " to " in text:
        first, _, target = text.rpartition(" to ")
        return [*choose(state, seat, first), *choose(state, seat, f"to {target}", rolls, cards)]
    action = RULES.parse(state, seat, text)
    events = RULES.decide(state, seat, action, ReplayChance(rolls, cards))
    apply(state, events)
    return events


def asked(state: GandhiState) -> tuple[str, list[str]]:
    ask = question(state)
    assert ask is not None, f"nobody is asked in step {state.step.name}"
    return ask.seat, [a.text for a in ask.actions]


__all__ = ["ORDER", "STEPS", "asked", "choose", "chosen", "on_card", "playing", "position",
           "settle"]
