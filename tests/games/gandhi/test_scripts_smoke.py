"""Every scripted Event, both sides, from real positions of random games (5.1): each
offered choice is accepted, every prompt and label has its text in English, Spanish and
Italian, the physical rules hold after every event, and the Event ends with the executing
Faction having acted (2.3.6).

The per-card tests (``test_scripts_*.py``) check what each text does; this one checks
that no position reachable in play breaks a script.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import engine.games
from engine.core.actions import Action
from engine.core.messages import Msg
from engine.fuzz import concrete
from engine.games.gandhi.events import FactionActed
from engine.games.gandhi.flow import question
from engine.games.gandhi.invariants import problems
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.state import GandhiState, clone
from engine.games.gandhi.steps.event import SCRIPTED, SIDES
from engine.i18n import has_key
from engine.randomness import Secret, SeededChance
from tests.games.gandhi.helpers import apply

engine.games.load()

RULES = Gandhi()
POSITIONS = 10          # positions per scenario where an Event may be chosen
MAX_CHOICES = 120       # an Event that asks more than this never ends


def event_positions(scenario: str, seed: int) -> list[tuple[GandhiState, str, SeededChance]]:
    """Positions of one random game where some Faction is offered the Event (dice and deck
    from the service's own seeded ``Chance``)."""
    rng = random.Random(seed)
    setup = RULES.setup(scenario, {}, SeededChance(Secret(str(seed), ""), "setup"))
    chance = SeededChance(Secret(str(seed), "", setup.deck), "play")
    state = apply(RULES.initial_state(), setup.events)
    found: list[tuple[GandhiState, str, SeededChance]] = []
    for _ in range(3000):
        if RULES.is_over(state) or len(found) >= POSITIONS:
            break
        ask = question(state)
        assert ask is not None
        seat, offered = ask.seat, ask.actions
        if any(a.verb == "event" for a in offered) and rng.random() < 0.3:
            found.append((clone(state), seat, chance))
        action = rng.choice([a for a in offered if a.verb != "event"] or list(offered))
        apply(state, RULES.decide(state, seat, concrete(action, rng), chance))
    return found


@pytest.fixture(scope="module")
def positions() -> list[tuple[GandhiState, str, SeededChance]]:
    return [p for i, scenario in enumerate(("short", "main", "quick_start"))
            for p in event_positions(scenario, 100 + i)]


def untranslated(msg: Msg | None) -> list[str]:
    """The keys of ``msg`` (and of the messages inside it) missing in en, es or it."""
    if msg is None:
        return []
    inner = [k for v in msg.params.values() if isinstance(v, Msg) for k in untranslated(v)]
    if type(msg) is not Msg:    # a card face: its texts are data, not catalogue keys
        return inner
    return [*inner, *(f"{lang}:{msg.key}" for lang in ("en", "es", "it")
                      if not has_key(msg.key, lang))]


def unlabelled(action: Action) -> list[str]:
    """The languages in which the choice's verb has no label."""
    return [lang for lang in ("en", "es", "it") if not has_key(f"gandhi.verb.{action.verb}", lang)]


def play_event(start: GandhiState, seat: str, card: str, side: str, chance: SeededChance,
               rng: random.Random) -> None:
    state = clone(start)
    state.current = card
    state.version += 1                      # the card changed: no cached question
    events = RULES.decide(state, seat, RULES.parse(state, seat, f"event {side}"), chance)
    for _ in range(MAX_CHOICES):
        apply(state, events)
        assert not problems(state), (card, side, problems(state))
        if any(isinstance(e, FactionActed) for e in events):  # 2.3.6 the Event is over
            assert [(e.faction, e.did) for e in events if isinstance(e, FactionActed)] == [
                (seat, "event")], (card, side)
            return
        ask = question(state)
        assert ask is not None, (card, side)
        assert not untranslated(ask.prompt), (card, side, untranslated(ask.prompt))
        for action in ask.actions:
            assert not unlabelled(action), (card, side, action.text, unlabelled(action))
        events = RULES.decide(state, ask.seat, concrete(rng.choice(ask.actions), rng), chance)
    raise AssertionError(f"#{card} {side} did not end after {MAX_CHOICES} choices")


@pytest.mark.parametrize("card", sorted(SCRIPTED, key=int))
def test_5_1_every_scripted_event_plays_out_from_random_positions(
        card: str, positions: list[tuple[GandhiState, str, SeededChance]]) -> None:
    assert positions, "the random games offered no Event"
    rng = random.Random(int(card))
    for state, seat, chance in positions:
        for side in SIDES:
            for _ in range(2):
                play_event(state, seat, card, side, chance, rng)


def test_5_every_event_card_is_scripted_and_each_side_has_a_test_of_its_text() -> None:
    """The registry is complete (cards 1-72) and every side has a test named
    ``test_5_card_NN_<side>_...`` in ``test_scripts_*.py`` or the tutorial."""
    assert sorted(SCRIPTED, key=int) == [str(n) for n in range(1, 73)]
    here = Path(__file__).parent
    names = [m.group(1) for path in here.glob("test_*.py")
             for m in re.finditer(r"def (test_5_\w+)", path.read_text(encoding="utf-8"))]
    missing = [f"#{card} {side}" for card in range(1, 73) for side in SIDES
               if not any(re.search(rf"card_0?{card}_(\w*_)?(?<!un){side}", n) for n in names)]
    assert not missing, missing
