"""3.1.2, 5.5 Free Operations and Special Activities granted by an Event: a manual Event's
edit ``free <operation|activity> for <faction>`` interrupts the Event, costs no Resources
(Civic Action in Train still costs, 3.2.1) and leaves Eligibility alone; ``done`` goes
back to the Event."""

from __future__ import annotations

from engine.core.menu import menu, menu_problem
from engine.games.adp.vocabulary import VOCABULARY
from tests.games.adp.helpers import refold
from tests.games.adp.test_insurgent_ops import WA, WB, WU, pieces, position


def test_5_5_example_a_free_suborn_costs_0_and_leaves_the_warlords_eligible() -> None:
    # 5.5 EXAMPLE: "Un Soborno gratuito (4.5.3) costaría 0 Recursos y no afectaría a la
    # Elegibilidad de los Señores de la Guerra" -- here with the Warlords at 0 Resources,
    # who could not pay one Suborn (2 a space) otherwise
    game = position("government", {"balkh": {"pieces": {WA: 1, "police": 2}},
                                    "herat": {"pieces": {WA: 1}}},
                    resources={"warlords": 0})
    game.act("event unshaded")
    game.act("free suborn for warlords")
    assert game.seat == "warlords" and game.state.step.name == "execution"
    game.act("in Balkh")
    game.act("remove police")
    game.act("remove police")
    assert pieces(game, "balkh") == {WA: 1}
    game.act("in Herat")
    game.act("underground")
    assert pieces(game, "herat") == {WU: 1}
    assert game.state.resources["warlords"] == 0            # 0 Resources spent
    game.act("done")
    # back to the Event, the Government still executing it, the free edit counted
    assert game.seat == "government" and game.state.step.name == "event"
    assert game.state.step.data.edits == 1                  # type: ignore[attr-defined]
    game.act("shift Balkh toward support")                  # the Event goes on
    game.act("done")
    acted = [f for f, _ in game.state.turn.acted]
    assert acted == ["government"]                          # 2.3.6 the Event's executor
    assert "warlords" not in acted and game.state.eligible.get("warlords", True)
    assert refold(game) == game.state


def test_5_5_example_a_free_traffic_not_where_the_coalition_is() -> None:
    # 5.5 EXAMPLE: a free Traffic (4.5.2) could not happen in a space with Coalition
    # pieces unless the Event's text says so -- the other requirements remain
    game = position("government", {"balkh": {"pieces": {WB: 1}},
                                   "herat": {"pieces": {WB: 1, "coalition_troops": 1}}},
                    resources={"warlords": 0})
    game.act("event shaded")
    game.act("free traffic for warlords")
    assert "in Balkh" in game.offered() and "in Herat" not in game.offered()


def test_3_1_2_a_free_train_costs_nothing_but_its_civic_action_does() -> None:
    game = position("government", {"kabul": {"pieces": {"police": 2}}},
                    resources={"government": 4})
    game.act("event unshaded")
    game.act("free train for government")
    game.act("in Kabul")                                    # 3 a space: not paid
    game.act("place 2 police")
    assert game.state.resources["government"] == 4
    game.act("civic action in Kabul")                       # 3.2.1 paid even when free
    assert game.state.resources["government"] == 1
    assert game.state.space("kabul").support == 1
    game.act("done")
    assert game.state.step.name == "event" and game.seat == "government"


def test_3_1_2_a_free_operation_of_an_insurgent_with_no_resources() -> None:
    game = position("coalition", {"helmand": {"pieces": {"taliban_underground": 2}}},
                    resources={"taliban": 0})
    game.act("event unshaded")
    game.act("free terror for taliban")
    game.act("in Helmand")                                  # 1 Resource a Province
    assert game.state.space("helmand").terror == 1
    assert game.state.resources["taliban"] == 0
    assert "extort" not in game.offered()                   # no Special Activity with it
    game.act("done")
    assert game.state.step.name == "event" and game.seat == "coalition"
    assert refold(game) == game.state


def test_5_5_the_event_menu_with_the_free_edits_fits_a_discord_menu() -> None:
    game = position("government", {"balkh": {"pieces": {WA: 1}}})
    game.act("event unshaded")
    offered = game.rules.legal_actions(game.state, "government").actions
    assert sum(a.verb in ("free_operation", "free_activity") for a in offered) == 28
    for lang in ("en", "es", "it"):
        assert menu_problem(menu(offered, VOCABULARY, lang), offered) == ""
