"""The random-legal-play fuzzer: whole games through the service, choosing uniformly
among legal actions, with the game's invariants checked after every event and the menu
of every decision checked (at most 25 entries a level, 3 levels, every choice once).

It lives beside the service (it uses an RNG and a store); the rules stay pure.  A failing
game is written as an importable JSON Lines log.

With ``humans``, each game seats that many people, chosen at random among the seats; the
others are the game's non-player seats, which the service's bot plays (Gandhi rule 8), so
a game with no human runs to its end as it is created.

A game's invariants and setups come from its ruleset (``invariants``, ``fuzz_setups``,
``seating_options``): the fuzzer names no game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import ruleset as registry
from engine.core.actions import Action, Amount
from engine.core.fold import Folder, fold
from engine.core.menu import menu_problem
from engine.core.messages import CourierError, UndoRefused
from engine.core.ruleset import NON_PLAYER
from engine.games import DEFAULT as DEFAULT_RULESET
from engine.i18n import LANGUAGES
from engine.service import Service
from engine.store import Store

Check = Callable[[Any], list[str]]
DONE_ODDS = 0.25
SEATING_DRAWS = 20      # draws of the people's seats before a refused seating is kept


@dataclass
class FuzzReport:
    games: int = 0
    actions: int = 0
    events: int = 0
    bot_actions: int = 0
    failures: list[str] = field(default_factory=list)
    endings: dict[str, int] = field(default_factory=dict)


def checks_of(name: str) -> Check:
    """The invariants of the game ``name`` (its ruleset's ``invariants``)."""
    return registry.get(name).invariants


# how often the fuzzer takes its command back at once (undo is linear: DESIGN.md §3)
UNDO_RATE = 0.05


def play_one(service: Service, name: str, scenario: str, options: dict[str, Any],
             rng: random.Random, check: Check, max_actions: int,
             bots: Sequence[str] = ()) -> tuple[str, int, str]:
    """Play one game; returns its id, the number of actions and the first problem."""
    game = service.create_game(name, scenario, options=options, seed=f"{rng.random()}",
                               bots=bots)
    ruleset = registry.get(name)
    folder = Folder(ruleset)
    actions = 0
    for record in service.records(game):
        folder.apply(record)
        problem = _check_all(check, folder.state.game)
        if problem:
            return game, actions, f"after event {record.seq} ({record.type}): {problem}"
    while actions < max_actions:
        problem = _check_all(check, folder.state.game)
        if problem:
            return game, actions, problem
        active = sorted(service.active(game))
        if not active:
            if fold(ruleset, service.records(game)).game != folder.state.game:
                return game, actions, "a fresh fold of the whole log differs"
            return game, actions, "" if ruleset.is_over(folder.state.game) else "dead end"
        seat = rng.choice(active)
        view = service.decision(game, seat, LANGUAGES[actions % len(LANGUAGES)])
        offered = [c.action for c in view.choices]
        if not offered:
            return game, actions, f"{seat} must act but has no legal action"
        problem = menu_problem(view.menu, offered)   # 25 a level, 3 deep, each choice once
        if problem:
            return game, actions, f"the menu of {seat}'s decision: {problem}"
        undoing = rng.random() < UNDO_RATE
        before = ruleset.clone(folder.state.game) if undoing else None
        result = service.act(game, seat, None, concrete(pick(rng, offered), rng))
        actions += 1
        for record in result.events:
            folder.apply(record)
            problem = _check_all(check, folder.state.game)
            if problem:
                return game, actions, f"after event {record.seq} ({record.type}): {problem}"
        if folder.state.game != result.state.game:
            return game, actions, "fold(log) differs from the service's state"
        if undoing and not result.over:
            problem = _undo_back(service, game, seat, folder, before)
            if problem:
                return game, actions, problem
    return game, actions, f"no end after {max_actions} actions"


def _undo_back(service: Service, game: str, seat: str, folder: Folder, before: Any) -> str:
    """Undo the command just taken (no seat has a player, so at once): the service, the
    fuzzer's own folder and a fresh fold must all be back at the position before it.
    A command followed by more bot commands than undo reaches (``UNDO_HISTORY``) cannot
    be undone: nothing to check."""
    try:
        undone = service.undo(game, seat, None).events
    except UndoRefused as refused:
        if refused.msg.key == "undo.nothing_to_undo":
            return ""
        raise
    for record in undone:
        folder.apply(record)
    if service.kernel_state(game).game != before:
        return "after an undo, the service's state is not the one before the command"
    if folder.state.game != before:
        return "after an undo, fold(log) is not the position before the command"
    return ""


def concrete(action: Action, rng: random.Random) -> Action:
    """``action`` with any open amount named at random."""
    if not action.open:
        return action
    return action.fill(**{slot: rng.randint(value.low, value.high)
                          for slot, value in action.values if isinstance(value, Amount)})


def pick(rng: random.Random, offered: Sequence[Action]) -> Action:
    """Uniform among the legal choices, except that ``done`` is taken with ``DONE_ODDS``
    when offered: an open-ended step (the edits of a manual Event, Redeploy) lists
    hundreds of choices beside it, and a uniform walk would rarely stop."""
    done = [a for a in offered if a.verb == "done"]
    if done and rng.random() < DONE_ODDS:
        return done[0]
    return rng.choice(list(offered))


def _check_all(check: Check, state: Any) -> str:
    found = check(state)
    return "; ".join(found)


def fuzz(games: int, seed: int, *, name: str | None = None, out_dir: Path | None = None,
         max_actions: int = 20_000, humans: int | None = None,
         setups: list[tuple[str, dict[str, Any]]] | None = None) -> FuzzReport:
    """Play ``games`` seeded games in memory, cycling through ``setups``; with ``humans``,
    that many seats choose at random and the bot plays the others.  ``name``: the
    ruleset (default: ``engine.games.DEFAULT``)."""
    name = name or DEFAULT_RULESET
    if humans is not None:
        setups = setups or bot_setups(name)
    setups = setups or registry.get(name).fuzz_setups()
    report = FuzzReport()
    service = Service(Store(":memory:"))
    seats = registry.get(name).seats
    for index in range(games):
        scenario, options = setups[index % len(setups)]
        rng = random.Random(f"{seed}:{index}")  # each game replays alone from (seed, index)
        bots: list[str] = []
        if humans is not None:
            people = _people(name, seats, humans, rng, options)
            bots = [s for s in seats if s not in people]
        game, actions, problem = play_one(service, name, scenario, options, rng,
                                          checks_of(name), max_actions, bots)
        report.games += 1
        report.actions += actions
        report.events += service._store.head(game)[0]
        report.bot_actions += sum(1 for r in service.records(game)
                                  if r.actor_user == NON_PLAYER and r.type == "ActionTaken")
        if not problem and bots:
            report.failures += [f"game {index}: {p}" for p in _verified(service, game)]
        ended = next((r.event for r in reversed(service.records(game))
                      if r.type == "GameEnded"), None)
        if ended is not None:   # how games end (a victory check, the last Campaign...)
            reason = str(getattr(ended, "reason", ""))
            report.endings[reason] = report.endings.get(reason, 0) + 1
        if problem:
            report.failures.append(f"game {index} ({scenario}, {options}): {problem}")
            if out_dir is not None:
                out_dir.mkdir(parents=True, exist_ok=True)
                path = out_dir / f"fuzz-{seed}-{index}.jsonl"
                path.write_text("\n".join(service.export(game)) + "\n", encoding="utf-8")
    return report


def _people(name: str, seats: Sequence[str], humans: int, rng: random.Random,
            options: Mapping[str, Any]) -> list[str]:
    """The seats people play: ``humans`` at random -- but a seat no bot can play (outside
    the ruleset's ``bot_seats``) always has a person, and the seating must be one the
    rules allow (A Distant Plain: a lone player runs the Coalition or the Taliban, 8.8):
    another draw is made, a few times, before a refused one is played to fail."""
    ruleset = registry.get(name)
    botable = ruleset.bot_seats()
    must = [s for s in seats if s not in botable]
    free = [s for s in seats if s in botable]
    count = max(0, min(humans, len(seats)) - len(must))
    people = [*must, *rng.sample(free, count)]
    for _ in range(SEATING_DRAWS):
        try:
            ruleset.seat_non_players(options, frozenset(s for s in seats if s not in people))
            return people
        except CourierError:
            people = [*must, *rng.sample(free, count)]
    return people


def _verified(service: Service, game: str) -> list[str]:
    """A game with bots verifies (their decisions taken again from the log's dice)."""
    report = service.verify(game)
    return [] if report.ok else [f"verify: event {report.first_bad_seq}: {report.problem}"]


def bot_setups(name: str) -> list[tuple[str, dict[str, Any]]]:
    """The ruleset's fuzz setups without the options that seat players (the seating
    comes from the bots), each once."""
    ruleset = registry.get(name)
    seating = set(ruleset.seating_options())
    out: list[tuple[str, dict[str, Any]]] = []
    for scenario, options in ruleset.fuzz_setups():
        kept = (scenario, {k: v for k, v in options.items() if k not in seating})
        if kept not in out:
            out.append(kept)
    return out
