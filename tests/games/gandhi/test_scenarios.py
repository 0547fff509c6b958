"""Scenario setups (2.1, EN pp.39-43, 48) and victory totals (1.6, 1.7, 1.9, 7.2, 7.3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.games.gandhi.board import Map, load_map
from engine.games.gandhi.scenarios import (
    DEFAULT_SCENARIOS_PATH,
    INVENTORY,
    Scenario,
    ScenarioError,
    load_scenario,
    raj_control_of,
    scenario_names,
    setup_victory_totals,
)
from engine.games.gandhi.victory import (
    THRESHOLDS,
    SpaceTally,
    VictoryTotals,
    active_adversaries,
    has_raj_control,
    meets_victory,
    muslim_league_total,
    raj_total,
    revolutionaries_total,
    victory_margins,
    victory_totals,
)

ALL = ("short", "main", "quick_start")


@pytest.fixture(scope="module")
def board() -> Map:
    return load_map()


# --- loading ----------------------------------------------------------------------------


def test_scenario_names() -> None:
    assert scenario_names() == ALL


@pytest.mark.parametrize("name", ALL)
def test_every_scenario_loads_and_is_frozen(name: str) -> None:
    scenario = load_scenario(name)
    assert scenario.id == name
    assert scenario.eligible == ("raj", "congress", "muslim_league", "revolutionaries")
    with pytest.raises(ValueError, match="frozen"):
        scenario.restraint = 1  # type: ignore[misc]


@pytest.mark.parametrize("name", ALL)
def test_every_scenario_loads_on_the_gujarat_province_map(name: str) -> None:
    board = load_map(gujarat="province")
    scenario = load_scenario(name, board=board)
    assert setup_victory_totals(scenario, board) == setup_victory_totals(scenario)


def test_unknown_scenario_is_refused() -> None:
    with pytest.raises(ScenarioError, match="unknown scenario 'long'; known: short, main"):
        load_scenario("long")


# --- printed victory totals (1.9, 7.2) --------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "printed"),
    [
        ("short", VictoryTotals(28, 9, 3, 6)),
        ("main", VictoryTotals(24, 4, 2, 3)),
        ("quick_start", VictoryTotals(24, 4, 2, 3)),  # "set up the Main Scenario"
    ],
)
def test_1_9_setup_victory_totals_match_the_printed_ones(
    board: Map, name: str, printed: VictoryTotals
) -> None:
    scenario = load_scenario(name)
    assert scenario.printed_victory is not None
    assert scenario.printed_victory.as_totals() == printed
    assert setup_victory_totals(scenario, board) == printed


@pytest.mark.parametrize("name", ALL)
def test_1_7_computed_raj_control_matches_the_printed_control(board: Map, name: str) -> None:
    scenario = load_scenario(name)
    computed = raj_control_of(scenario, board)
    assert computed == {sid: scenario.space(sid).raj_control for sid in board.spaces}


def test_1_7_short_bombay_presidency_is_not_controlled(board: Map) -> None:
    # 2 Sepoys against Gandhi + 2 Active Activists.
    assert not raj_control_of(load_scenario("short"), board)["bombay_presidency"]


def test_1_7_main_one_sepoy_states_are_never_controlled(board: Map) -> None:
    control = raj_control_of(load_scenario("main"), board)
    for state in ("rajputana", "central_india_agency", "orissa", "mysore"):
        assert load_scenario("main").space(state).sepoys == 1
        assert not control[state]


# --- pieces and markers (1.2, 1.4.1) ----------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_1_4_1_every_piece_is_accounted_for(name: str) -> None:
    assert load_scenario(name).piece_totals() == dict(INVENTORY)


def test_main_printed_congress_available_excludes_the_activist_placed_with_gandhi() -> None:
    main = load_scenario("main")
    assert main.available is not None and main.available.congress_activists == 5
    assert main.congress_setup is not None
    assert main.congress_setup.counts() == {"gandhi": 1, "congress_activists": 1}


@pytest.mark.parametrize("name", ALL)
def test_2_1_clarification_guerrillas_underground_activists_active_only_with_protest(
    board: Map, name: str
) -> None:
    scenario = load_scenario(name)
    for sid, setup in scenario.spaces.items():
        assert setup.guerrillas_active == 0
        active_here = setup.protest or board.spaces[sid].is_railway
        assert (setup.active_activists == 0) if not active_here else (
            setup.inactive_activists == 0
        )


def test_short_setup_details() -> None:
    short = load_scenario("short")
    assert (short.restraint, short.unity) == (3, 3)
    assert (short.resources.raj, short.resources.revolutionaries) == (32, 5)
    assert short.jail.congress_activists == 1 and short.jail.ml_activists == 1
    assert short.space("punjab").ml_bases == 1  # EN/IT over ES (resolution 1)
    assert short.space("bombay_presidency").support == 0  # IT note (resolution 2)
    assert short.space("delhi").support == 2
    assert short.space("rail_bombay_khandesh").strike
    assert not short.congress_setup_choice
    assert sum(s.protest for s in short.spaces.values()) == 2
    assert sum(s.unrest + s.strike for s in short.spaces.values()) == 3


def test_main_setup_details() -> None:
    main = load_scenario("main")
    assert (main.restraint, main.unity) == (4, 3)
    assert (main.resources.raj, main.resources.revolutionaries) == (35, 8)
    assert main.jail.counts() == dict.fromkeys(INVENTORY, 0)
    assert main.congress_setup_choice
    assert main.congress_setup is not None
    assert main.congress_setup.protest == 1
    assert main.congress_setup.non_player_where == "random_2_pop_space"  # 8.1.2


def test_quick_start_is_the_main_setup_with_its_own_deck() -> None:
    main, quick = load_scenario("main"), load_scenario("quick_start")
    assert quick.based_on == "main"
    assert quick.spaces == main.spaces
    assert (quick.available, quick.out_of_play, quick.jail) == (
        main.available, main.out_of_play, main.jail,
    )
    assert quick.congress_setup_choice
    assert quick.deck != main.deck


# --- deck and Viceroy (2.1, 2.5) --------------------------------------------------------------


def test_2_1_short_deck_6_piles_of_6_with_campaigns_in_2_4_6() -> None:
    deck = load_scenario("short").deck
    assert (deck.event_piles, deck.events_per_pile) == (6, 6)
    assert deck.campaign_piles == (2, 4, 6)
    assert (deck.events_used, deck.campaigns_in_deck) == (36, 3)


def test_2_1_main_deck_4_piles_of_12_with_a_campaign_in_the_bottom_6() -> None:
    deck = load_scenario("main").deck
    assert (deck.event_piles, deck.events_per_pile, deck.campaign_in_bottom) == (4, 12, 6)
    assert deck.campaign_piles == (1, 2, 3, 4)
    assert (deck.events_used, deck.campaigns_in_deck) == (48, 4)


def test_quick_start_deck_8_piles_of_6_equals_the_main_deck() -> None:
    main, quick = load_scenario("main").deck, load_scenario("quick_start").deck
    assert (quick.event_piles, quick.events_per_pile) == (8, 6)
    assert quick.campaign_piles == (2, 4, 6, 8)
    # Main pile k (12 cards, Campaign in its bottom 6) = Quick Start piles 2k-1 and 2k.
    assert {2 * k for k in main.campaign_piles} == set(quick.campaign_piles)
    assert quick.events_used == main.events_used


@pytest.mark.parametrize("name", ALL)
def test_2_5_starting_viceroy_is_a_random_unused_campaign_card(name: str) -> None:
    assert load_scenario(name).viceroy.rule == "random_unused_campaign"


# --- broken scenario files are refused -----------------------------------------------------


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = DEFAULT_SCENARIOS_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "scenarios.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("short", "sind = {", "atlantis = { support = 1 }\nsind = {",
         "scenario 'short' names unknown space 'atlantis'"),
        ("short", "available = { troops = 4,", "available = { troops = 5,",
         "scenario 'short' uses 16 troops, more than the 15 in the game"),
        ("main", "rajputana = { sepoys = 1 }", "rajputana = { troops = 1 }",
         "'rajputana' holds Troops; Troops may never be in States (1.3.5)"),
        ("main", "west_bengal = { ml_activists = 1 }", "west_bengal = { ml_bases = 3 }",
         "'west_bengal' holds 3 Bases; at most its Pop 2 (1.4.2)"),
        ("main", "west_bengal = { ml_activists = 1 }", "west_bengal = { strike = true }",
         "'west_bengal' has a Strike; Strikes go only on Railways (1.12)"),
        ("main", "west_bengal = { ml_activists = 1 }",
         "west_bengal = { ml_activists_active = 1 }",
         "'west_bengal' has Active Activists without a Protest"),
        ("main", "mysore = { sepoys = 1 }", "mysore = { sepoy = 1 }",
         "spaces.mysore.sepoy: Extra inputs are not permitted"),
        ("main", "mysore = { sepoys = 1 }", "mysore = { sepoys = 1, raj_control = true }",
         "'mysore' is printed with Raj Control; only Cities and Provinces"),
        ("short", "guerrillas_underground = 1, rev_bases = 1 }",
         "guerrillas_active = 1, rev_bases = 1 }", "all Guerrillas set up Underground"),
        ("short", "restraint = 3", "restraint = 6", "restraint: Input should be less than"),
        ("short", "campaign_piles = [2, 4, 6]", "campaign_piles = [2, 4, 7]",
         "campaign_piles must be between 1 and 6"),
        ("quick_start", 'based_on = "main"', 'based_on = "long"',
         "based on unknown scenario 'long'"),
    ],
)
def test_broken_scenario_is_refused_with_a_clear_message(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    path = _variant(tmp_path, old, new)
    with pytest.raises(ScenarioError, match=re.escape(message)):
        load_scenario(name, path=path)


def test_scenario_error_is_a_value_error() -> None:
    assert issubclass(ScenarioError, ValueError)


# --- victory module (1.6, 1.7, 1.9, 7.2, 7.3) ---------------------------------------------------


def test_1_6_2_active_support_and_opposition_count_double() -> None:
    spaces = [SpaceTally(pop=2, support=2), SpaceTally(pop=1, support=1),
              SpaceTally(pop=2, support=-2), SpaceTally(pop=1, support=-1)]
    assert victory_totals(spaces) == VictoryTotals(raj=5, congress=5, muslim_league=0,
                                                   revolutionaries=0)


def test_1_6_4_muslim_league_counts_opposition_only_in_muslim_spaces() -> None:
    spaces = [SpaceTally(pop=2, support=-1, muslim=True), SpaceTally(pop=2, support=-2)]
    assert muslim_league_total(spaces) == 2


def test_1_9_muslim_state_scores_twice_its_pop_without_being_muslim() -> None:
    # IT tutorial: a Muslim State in West Bengal (Pop 2) moves the ML from 2 to 6.
    assert muslim_league_total([SpaceTally(pop=2, muslim=True, muslim_state=True)]) == 4
    # 1.3.4: the marker does not make a space Muslim; its Opposition does not count.
    assert muslim_league_total([SpaceTally(pop=1, support=-1, muslim_state=True)]) == 2


def test_1_9_revolutionaries_score_unrest_pop_once_and_every_base() -> None:
    spaces = [SpaceTally(pop=2, unrest=3, rev_bases=1), SpaceTally(pop=0, unrest=0),
              SpaceTally(pop=1, rev_bases=1)]
    assert revolutionaries_total(spaces) == 4


def test_1_12_a_strike_on_a_railway_scores_nothing() -> None:
    railway = SpaceTally(pop=0)  # a Struck Railway: no Pop, no Unrest (1.3.6, 1.12)
    assert victory_totals([railway]) == VictoryTotals(0, 0, 0, 0)


def test_tutorial_govern_punjab_to_active_support_adds_4() -> None:
    before = [SpaceTally(pop=2, raj_control=True, muslim=True)]
    after = [SpaceTally(pop=2, support=2, raj_control=True, muslim=True)]
    assert raj_total(after) - raj_total(before) == 4


def test_1_7_example_of_raj_control() -> None:
    # 2 Troops, 2 Sepoys, a Protest and 5 Congress Activists in East Bengal: no Control.
    assert not has_raj_control(controllable=True, cubes=4,
                               adversaries=active_adversaries(active_activists=5))
    # Without the Protest the Activists are Inactive and the cubes Control the space.
    assert has_raj_control(controllable=True, cubes=4, adversaries=active_adversaries())


def test_3_2_3_sweep_example_activated_guerrillas_deny_control() -> None:
    # Madras Presidency: 1 Troop + 1 Sepoy; 2 Guerrillas flipped Active -> Control lost.
    assert not has_raj_control(controllable=True, cubes=2,
                               adversaries=active_adversaries(active_guerrillas=2))
    assert has_raj_control(controllable=True, cubes=2,
                           adversaries=active_adversaries(active_guerrillas=1))


def test_1_7_bases_and_gandhi_always_count_and_states_never_controlled() -> None:
    assert active_adversaries(gandhi=1, bases=2) == 3
    assert not has_raj_control(controllable=False, cubes=6, adversaries=0)


def test_7_2_and_7_3_thresholds_and_margins() -> None:
    assert VictoryTotals(38, 20, 14, 14) == THRESHOLDS
    totals = VictoryTotals(39, 20, 10, 15)
    assert victory_margins(totals) == VictoryTotals(1, 0, -4, 1)
    assert meets_victory(totals) == ("raj", "revolutionaries")


def test_space_tally_refuses_an_impossible_support_level() -> None:
    with pytest.raises(ValueError, match="outside -2..\\+2"):
        SpaceTally(pop=1, support=3)


def test_scenario_type_is_exported() -> None:
    assert isinstance(load_scenario("short"), Scenario)
