"""1.5.2 Raj and Revolutionaries may transfer Resources while one of them executes."""

from __future__ import annotations

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.effects import begin
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.state import Executing, GandhiState
from engine.games.gandhi.vocabulary import verb
from tests.games.gandhi.helpers import RULES, choose, position


@step("test_execution", Executing)
class TestExecution:
    """Stands for an Operation step of issue 4: Raj is executing."""

    def ask(self, state: GandhiState) -> Ask:
        return Ask("raj", Msg("x"), (verb("done")(),))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return [begin("game_end")]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return []


def executing(by: str = "raj") -> GandhiState:
    return position({}, step="test_execution", data={"executing": by},
                    resources={"raj": 10, "revolutionaries": 48})


def test_1_5_2_the_executing_raj_may_give_and_the_revolutionaries_too() -> None:
    state = executing()
    raj = RULES.legal_actions(state, "raj").texts()
    assert raj == ["done", "give <1-2> to revolutionaries"]
    rev = RULES.legal_actions(state, "revolutionaries").texts()
    assert rev == ["give <1-40> to raj"]                    # up to 50 for Raj
    assert RULES.legal_actions(state, "revolutionaries").find("give 41 to raj") is None
    choose(state, "revolutionaries", "give 5 to raj")
    assert state.resources == {"raj": 15, "revolutionaries": 43}
    assert state.step.name == "test_execution"   # the execution goes on


def test_1_5_2_no_transfer_outside_an_execution_or_for_nv_factions() -> None:
    state = executing()
    assert RULES.legal_actions(state, "congress").texts() == []
    state.step.data = state.step.of(Executing).noted("executing", "congress")
    assert RULES.legal_actions(state, "revolutionaries").texts() == []
    card = position({}, step="card", resources={"raj": 10, "revolutionaries": 10})
    assert not [t for t in RULES.legal_actions(card, "revolutionaries").texts()
                if t.startswith("give")]


@step("test_spending", Executing)
class TestSpending:
    """Asks the Raj only while it has Resources; then play moves on by itself."""

    def ask(self, state: GandhiState) -> Ask | None:
        if not state.resources.get("raj", 0):
            return None
        return Ask("raj", Msg("x"), (verb("skip")(),))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return [begin("test_execution")]


def test_a_side_action_that_ends_the_question_lets_play_move_on() -> None:
    state = position({}, step="test_spending", data={"executing": "raj"},
                     resources={"raj": 3, "revolutionaries": 0})
    choose(state, "raj", "give 3 to revolutionaries")
    assert state.resources == {"raj": 0, "revolutionaries": 3}
    assert state.step.name == "test_execution"   # not stuck without a question
