"""Raj Operations (3.2) on the execution framework (4.1, 2.3.4-2.3.5)."""

from __future__ import annotations

import engine.games.gandhi.ops  # noqa: F401  (registers the Operations)
from engine.games.gandhi.events import CardTurnBegan, EligibilitySet
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import apply, asked, choose, position


def raj_first(**kw: object) -> GandhiState:
    state = position({}, step="card", current="5", upcoming="6", **kw)  # type: ignore[arg-type]
    return apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                         CardTurnBegan(card="5", order=["raj", "congress", "muslim_league",
                                                        "revolutionaries"])])


def test_3_2_1_deploy_sepoys_cost_restraint_troops_are_free() -> None:
    state = raj_first(restraint=3, resources={"raj": 10, "revolutionaries": 0})
    assert "deploy" in asked(state)[1]
    choose(state, "raj", "deploy")
    choose(state, "raj", "in Delhi")
    choose(state, "raj", "place 2 troops 4 sepoys")
    assert state.resources["raj"] == 7
    choose(state, "raj", "in Bombay")
    choose(state, "raj", "place 3 troops 0 sepoys")      # only Troops: pay 0
    assert state.resources["raj"] == 7
    delhi, bombay = state.space("delhi"), state.space("bombay")
    assert (delhi.count("troops"), delhi.count("sepoys"), bombay.count("troops")) == (2, 4, 3)
    assert "in Delhi" not in asked(state)[1]              # 3.1.1 a space once


def test_3_2_1_deploy_at_most_six_cubes_per_city_and_then_two_from_out_of_play() -> None:
    state = raj_first(out_of_play={"troops": 3}, resources={"raj": 10, "revolutionaries": 0})
    choose(state, "raj", "deploy")
    choose(state, "raj", "in Madras")
    texts = asked(state)[1]
    assert "place 6 troops 0 sepoys" in texts and "place 6 troops 1 sepoys" not in texts
    choose(state, "raj", "place 1 troops 0 sepoys")
    choose(state, "raj", "recall troop")
    choose(state, "raj", "recall troop")
    assert state.out_of_play == {"troops": 1}
    seat, texts = asked(state)
    assert not any(t.startswith(("in ", "recall")) for t in texts)  # "Then": no more
    choose(state, "raj", "done")
    assert state.turn.acted == [("raj", "op")]
    assert asked(state)[0] == "congress"


def test_2_5_1_willingdon_and_reading_deploy_costs() -> None:
    state = raj_first(viceroy="76", restraint=4, resources={"raj": 10, "revolutionaries": 0})
    choose(state, "raj", "deploy")
    choose(state, "raj", "in Delhi")
    choose(state, "raj", "place 0 troops 2 sepoys")
    assert state.resources["raj"] == 9                    # Willingdon: 1 per City
    reading = raj_first(viceroy="74", restraint=4, resources={"raj": 10, "revolutionaries": 0})
    choose(reading, "raj", "deploy")
    for city in ("Delhi", "Bombay"):
        choose(reading, "raj", f"in {city}")
        choose(reading, "raj", "place 0 troops 1 sepoys")
    assert reading.resources["raj"] == 6                  # Reading: the first is free


def test_2_3_5_limited_deploy_in_one_city() -> None:
    state = raj_first(resources={"raj": 10, "revolutionaries": 0})
    state.turn.acted.append(("congress", __import__("engine.coin.sequence",
                                                    fromlist=["Did"]).Did.OP))
    state.version += 1
    seat, texts = asked(state)
    assert seat == "raj" and "limited deploy" in texts and "deploy" not in texts
    choose(state, "raj", "limited deploy")
    choose(state, "raj", "in Delhi")
    choose(state, "raj", "place 1 troops 0 sepoys")
    assert not any(t.startswith("in ") for t in asked(state)[1])
    choose(state, "raj", "done", cards={20: "7"})
    # two Factions executed: the card is over and both are Ineligible for the next (2.3.6)
    assert state.current == "6" and not state.eligible["raj"]
    assert not state.eligible["congress"] and state.eligible["muslim_league"]
