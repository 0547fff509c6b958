"""8.8 Non-player Events: what an Event would do for a Faction (the Effective Events table,
8.8.3), which column it selects spaces with (8.8.5), and the choices inside it (8.8.4).

What an Event does is found by playing it out on a copy of the position with the Event's
own script: ``run_event`` executes the text for a Faction, each choice taken by
``complete`` (as much of the text as can be done, spaces in the column's order), with a
die that always shows its middle (a look ahead must not draw from the service's dice).
The outcome is compared with the position before (``outcomes``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from engine.core.actions import Action
from engine.core.events import Event
from engine.core.vocabulary import Amount
from engine.games.gandhi.derived import board
from engine.games.gandhi.flow import STEPS, question
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.np.spaces import by_column
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    CUBES,
    FACTIONS,
    GANDHI,
    GUERRILLAS,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    NV_FACTIONS,
    OWNER,
    RAJ,
    REV_BASES,
    REVOLUTIONARIES,
)
from engine.games.gandhi.seating import is_player
from engine.games.gandhi.state import GandhiState, cached, clone
from engine.games.gandhi.vocabulary import verb

T = TypeVar("T")
EVENT = verb("event")
EVENT_STEPS = ("event_choices",)
SIDE_ACTIONS = ("give", "withdraw")
MAX_STEPS = 60


class Hypothetical:
    """A ``Chance`` for looking ahead: every die shows its middle, no card is drawn."""

    def roll(self, sides: int = 6) -> int:
        return (sides + 1) // 2

    def shuffle(self, items: Sequence[T]) -> list[T]:
        return list(items)

    def card(self, index: int) -> str:
        raise LookedTooFar()

    def salt(self) -> str:
        """Gandhi seals nothing; a look ahead would stop here if it did."""
        raise LookedTooFar()


class LookedTooFar(Exception):
    """A look ahead reached a card draw: it stops there."""


HYPOTHETICAL = Hypothetical()


# --- what changed (8.8.3) ----------------------------------------------------------------


def _levels(state: GandhiState, muslim_only: bool = False) -> tuple[int, int]:
    b = board(state)
    support = opposition = 0
    for sid, sp in state.spaces.items():
        space = b.space(sid)
        if muslim_only and not space.muslim:
            continue
        support += space.pop * max(0, sp.support)
        opposition += space.pop * max(0, -sp.support)
    return support, opposition


def _on_map(state: GandhiState) -> dict[str, int]:
    out = {f: 0 for f in FACTIONS}
    for sp in state.spaces.values():
        for kind, n in sp.pieces.items():
            out[OWNER[kind]] += n
    return out


def _kinds(state: GandhiState, kinds: Sequence[str]) -> int:
    return sum(sp.count(k) for sp in state.spaces.values() for k in kinds)


def _markers(state: GandhiState, name: str, muslim_only: bool = False) -> int:
    b = board(state)
    return sum(int(getattr(sp, name)) for sid, sp in state.spaces.items()
               if not muslim_only or b.space(sid).muslim)


def _boxed(state: GandhiState, kinds: Sequence[str], jail: bool = True) -> int:
    boxes = (state.out_of_play, state.jail) if jail else (state.out_of_play,)
    return sum(box.get(k, 0) for box in boxes for k in kinds)


def outcomes(before: GandhiState, after: GandhiState, faction: str) -> dict[str, int]:
    """The Effective Events table's outcomes (8.8.3) for ``faction`` between two positions,
    with their sizes (only those that happened)."""
    def up(f: Callable[[GandhiState], int]) -> int:
        return max(0, f(after) - f(before))

    def down(f: Callable[[GandhiState], int]) -> int:
        return max(0, f(before) - f(after))

    found: dict[str, int] = {}
    map_before, map_after = _on_map(before), _on_map(after)
    adversaries = sum(max(0, map_before[f] - map_after[f]) for f in FACTIONS if f != faction)
    support, opposition = (lambda s: _levels(s)[0]), (lambda s: _levels(s)[1])
    common = {"removes_adversaries": adversaries,
              "removes_unrest": down(lambda s: _markers(s, "unrest")),
              "removes_support": down(support)}
    if faction == RAJ:
        found = {"adds_support": up(support), "adds_cubes": up(lambda s: _kinds(s, CUBES)),
                 "cubes_from_out_of_play": down(lambda s: _boxed(s, CUBES, jail=False)),
                 "removes_opposition": down(opposition),
                 "removes_unrest": common["removes_unrest"],
                 "removes_muslim_state": down(lambda s: _markers(s, "muslim_state")),
                 "removes_protest": down(lambda s: _markers(s, "protest")),
                 "removes_adversaries": adversaries}
    elif faction == CONGRESS:
        found = {"adds_opposition": up(opposition),
                 "adds_congress_activists": up(lambda s: _kinds(s, (CONGRESS_ACTIVISTS,))),
                 "adds_protest": up(lambda s: _markers(s, "protest")),
                 "congress_from_out_of_play_or_jail": down(
                     lambda s: _boxed(s, (CONGRESS_ACTIVISTS, GANDHI))),
                 "removes_muslim_state": down(lambda s: _markers(s, "muslim_state")),
                 **common}
    elif faction == MUSLIM_LEAGUE:
        found = {"adds_muslim_opposition": up(lambda s: _levels(s, True)[1]),
                 "adds_muslim_state": up(lambda s: _markers(s, "muslim_state")),
                 "adds_league_pieces": up(lambda s: _kinds(s, (ML_ACTIVISTS, ML_BASES))),
                 "adds_league_bases": up(lambda s: _kinds(s, (ML_BASES,))),
                 "adds_protest_in_muslim_spaces": up(lambda s: _markers(s, "protest", True)),
                 "league_from_out_of_play_or_jail": down(
                     lambda s: _boxed(s, (ML_ACTIVISTS, ML_BASES))),
                 **common}
    else:
        nv_player = any(is_player(after, f) for f in NV_FACTIONS)
        found = {"adds_unrest": up(lambda s: _markers(s, "unrest")),
                 "adds_rev_pieces": up(lambda s: map_count(s, REVOLUTIONARIES)),
                 "adds_rev_bases": up(lambda s: _kinds(s, (REV_BASES,))),
                 "guerrillas_from_out_of_play": down(lambda s: _boxed(s, (GUERRILLAS,), False)),
                 "removes_player_support": common["removes_support"]
                 if is_player(after, RAJ) else 0,
                 "removes_player_opposition": down(opposition) if nv_player else 0,
                 "removes_adversaries": adversaries}
    return {k: v for k, v in found.items() if v > 0}


def map_count(state: GandhiState, faction: str) -> int:
    return _on_map(state)[faction]


def score(found: Mapping[str, int]) -> int:
    return sum(found.values())


def column_of(state: GandhiState, faction: str, found: Mapping[str, int]) -> str | None:
    """8.8.5 The leftmost column of the effective outcomes' words."""
    data = np_data(state.pack)
    mapping = data.event_columns[faction]
    named = {mapping[k] for k in found if k in mapping}
    for column in data.columns[faction]:
        if column in named:
            return column
    return None


# --- playing an Event out on a copy ----------------------------------------------------


def step_after(state: GandhiState, action: Action) -> GandhiState:
    """The position after ``action`` in the current step, looked ahead (no die drawn from
    the service): the automatic steps after it run too."""
    return ahead(state, STEPS[state.step.name].act(state, action, HYPOTHETICAL))


def ahead(state: GandhiState, events: Sequence[Event]) -> GandhiState:
    """The position after ``events`` and the automatic steps that follow, up to the next
    decision -- or up to a card draw, which a look ahead cannot see: the position before
    the step that draws (the last choice of an Event that ends the card still counts)."""
    work = clone(state)
    for event in events:
        evolve(work, event)
    for _ in range(MAX_STEPS):
        if work.over or question(work) is not None:
            return work
        try:
            more = STEPS[work.step.name].auto(work, HYPOTHETICAL)
        except LookedTooFar:
            return work
        if not more:
            return work
        for event in more:
            evolve(work, event)
    return work


def in_event(state: GandhiState) -> bool:
    return state.step.name in EVENT_STEPS and not state.over


def concrete(action: Action) -> Action:
    """An open amount named at its highest (as much as possible, 8.8.4)."""
    if not action.open:
        return action
    return action.fill(**{slot: value.high for slot, value in action.values
                          if isinstance(value, Amount)})


ROLLOUT_STEPS = 60    # steps a look ahead may spend on trials
MAX_TRIALS = 8        # choices tried at one decision of a look ahead


class Budget:
    """How many more steps a look ahead may play out to weigh the executor's choices
    (each step of each trial counts): bounded, so one decision stays fast; counted, not
    timed, so deciding again (``verify``) weighs the same choices."""

    def __init__(self, steps: int = ROLLOUT_STEPS) -> None:
        self.left = steps


def complete(state: GandhiState, actions: Sequence[Action], faction: str,
             column: str | None, budget: Budget | None = None) -> Action:
    """A look ahead's choice: as much of the text as possible (never ``done`` while
    something else may be chosen), spaces in ``column``'s order for the Faction asked.
    For the executing non-player (``budget`` given), the first choices in that order
    are each played out to the end of the Event (their later choices by the order alone)
    and the most effective one (8.8.4) is taken, ties to the order: so that a look ahead
    neither misses what makes an Event effective (#16: the Base is in one Muslim space
    only) nor judges it by a choice the non-player would never make (#6: its own cubes)."""
    offered = [a for a in actions if a.verb not in SIDE_ACTIONS]
    doing = [a for a in offered if a.verb not in ("done", "stop", "decline", "skip")]
    if not doing:
        return concrete(offered[0])
    if column is not None:
        spaces = [a.get("space") for a in doing if a.get("space")]
        if spaces:
            order = {s: i for i, s in enumerate(by_column(state, faction, column, spaces))}
            doing.sort(key=lambda a: order.get(a.get("space"), len(order)))
    if budget is not None and budget.left > 0 and len(doing) > 1:
        return concrete(_trial(state, doing, faction, column, budget))
    return concrete(doing[0])


def _trial(state: GandhiState, doing: Sequence[Action], faction: str, column: str | None,
           budget: Budget) -> Action:
    best: tuple[int, Action] | None = None
    for action in doing[:MAX_TRIALS]:
        if budget.left <= 0:
            break
        budget.left -= 1
        try:
            after = finish_event(step_after(state, concrete(action)), column,
                                 spend=budget)
        except LookedTooFar:
            continue
        value = score(outcomes(state, after, faction))
        if best is None or value > best[0]:
            best = (value, action)
    return best[1] if best is not None else doing[0]


def finish_event(state: GandhiState, column: str | None,
                 chooser: Callable[[GandhiState, Sequence[Action], str], Action] | None = None,
                 budget: Budget | None = None, spend: Budget | None = None) -> GandhiState:
    """The position once the Event being executed is over, every choice by ``complete``
    (or ``chooser``); with ``budget`` the executor's choices are weighed by trials;
    ``spend``: a trial's budget, charged a step per choice (its choices are not tried)."""
    work = state
    for _ in range(MAX_STEPS):
        if not in_event(work):
            return work
        ask = question(work)
        if ask is None:
            return work
        if spend is not None:
            spend.left -= 1
        mine = ask.seat == executor(work)
        pick = chooser(work, ask.actions, ask.seat) if chooser else \
            complete(work, ask.actions, ask.seat, column if mine else None,
                     budget if mine else None)
        try:
            work = step_after(work, pick)
        except LookedTooFar:
            return work
    return work


def executor(state: GandhiState) -> str | None:
    data = state.step.data
    return getattr(data, "executing", None)


def run_event(state: GandhiState, faction: str, side: str, column: str | None = None
              ) -> GandhiState | None:
    """The position after ``faction`` executes the current Event's ``side`` (None if it
    is played by hand: a non-player never executes a manual Event)."""
    from engine.games.gandhi.steps.event import is_manual, start_event  # noqa: PLC0415

    card = state.current
    if card is None or is_manual(state, card):
        return None
    try:
        events = start_event(state, faction, EVENT(side=side), HYPOTHETICAL)
    except LookedTooFar:
        return None
    begun = ahead(state, events)
    return finish_event(begun, column, budget=Budget())


def event_effect(state: GandhiState, faction: str, side: str) -> dict[str, Any]:
    """What ``side`` of the current Event would do for ``faction``: its outcomes, whether
    effective (8.8.3), and the column (8.8.5); computed once per position."""
    def compute() -> dict[str, Any]:
        after = run_event(state, faction, side)
        if after is None:
            return {"effective": False, "outcomes": {}, "column": None, "manual": True}
        found = outcomes(state, after, faction)
        return {"effective": bool(found), "outcomes": found,
                "column": column_of(state, faction, found), "manual": False}
    return cached(state, f"np_event:{faction}:{side}", compute)
