"""1.4.1 Voluntary removal of one's own pieces while executing."""

from __future__ import annotations

from engine.games.gandhi.derived import available
from engine.games.gandhi.state import Executing
from tests.games.gandhi.helpers import RULES, asked, choose
from tests.games.gandhi.test_ops_rev import rev_first


def test_1_4_1_revolutionaries_remove_their_own_pieces_while_executing() -> None:
    state = rev_first({"punjab": {"pieces": {"guerrillas_underground": 2, "rev_bases": 1}},
                       "bihar": {"pieces": {"troops": 1}}})
    assert not any(t.startswith("withdraw") for t in asked(state)[1])   # not yet executing
    choose(state, "revolutionaries", "rally")
    texts = RULES.legal_actions(state, "revolutionaries").texts()
    assert "withdraw underground guerrilla from Punjab" in texts
    assert "withdraw base from Punjab" in texts
    assert not any("Bihar" in t for t in texts if t.startswith("withdraw"))  # Raj's pieces
    before = available(state, "guerrillas")
    choose(state, "revolutionaries", "withdraw underground guerrilla from Punjab")
    assert state.space("punjab").count("guerrillas_underground") == 1
    assert available(state, "guerrillas") == before + 1
    assert state.step.name == "execution"                 # the Operation goes on


def test_1_4_1_never_gandhi_and_never_the_raj() -> None:
    state = rev_first({"punjab": {"pieces": {"gandhi": 1, "congress_activists": 1}}})
    state.step.data = Executing(executing="congress")   # a card step where Congress executes
    state.version += 1
    texts = RULES.legal_actions(state, "congress").texts()
    assert texts == ["withdraw activist from Punjab"]
    state.step.data = Executing(executing="raj")
    state.version += 1
    assert not [t for t in RULES.legal_actions(state, "raj").texts()
                if t.startswith("withdraw")]
