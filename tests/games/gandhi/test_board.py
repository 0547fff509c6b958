"""Map loader and adjacency (rules 1.3.1-1.3.8, 6.2.2; facts §1-§3)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from engine.games.gandhi.board import DEFAULT_MAP_PATH, Map, MapError, default_map, load_map

NON_RAILWAY_IDS = {
    "delhi", "bombay", "calcutta", "karachi", "madras", "northwest_frontier", "baluchistan",
    "sind", "punjab", "west_bengal", "east_bengal", "assam", "united_provinces", "bihar",
    "central_provinces", "bombay_presidency", "madras_presidency", "coastal_andhra",
    "gujarat", "jammu_kashmir", "rajputana", "central_india_agency", "orissa", "hyderabad",
    "mysore",
}
MUSLIM_IDS = {
    "karachi", "calcutta", "northwest_frontier", "baluchistan", "sind", "punjab",
    "west_bengal", "east_bengal", "assam", "jammu_kashmir",
}


@pytest.fixture(scope="module")
def board() -> Map:
    return load_map()


# --- spaces --------------------------------------------------------------------------


def test_1_3_1_the_25_non_railway_spaces_use_the_agreed_ids(board: Map) -> None:
    assert set(board.non_railway) == NON_RAILWAY_IDS
    assert len(board.spaces) == 25 + len(board.railways)


def test_1_3_2_five_cities_each_with_pop_1(board: Map) -> None:
    assert set(board.cities) == {"delhi", "bombay", "calcutta", "karachi", "madras"}
    assert all(board.spaces[c].pop == 1 for c in board.cities)


def test_1_3_3_provinces_have_pop_1_or_2(board: Map) -> None:
    assert len(board.provinces) == 13  # 14 when Gujarat is a Province
    assert all(board.spaces[p].pop in (1, 2) for p in board.provinces)


def test_facts_1_2_the_seven_2_pop_spaces(board: Map) -> None:
    two_pop = {s.id for s in board.spaces.values() if s.pop == 2}
    assert two_pop == {
        "punjab", "west_bengal", "east_bengal", "united_provinces", "bihar",
        "bombay_presidency", "madras_presidency",
    }


def test_1_3_4_ten_muslim_spaces(board: Map) -> None:
    assert set(board.muslim_spaces) == MUSLIM_IDS


def test_1_3_5_jammu_kashmir_is_a_muslim_princely_state(board: Map) -> None:
    jk = board.spaces["jammu_kashmir"]
    assert (jk.kind, jk.muslim) == ("princely_state", True)
    assert set(board.states) == {
        "gujarat", "jammu_kashmir", "rajputana", "central_india_agency", "orissa",
        "hyderabad", "mysore",
    }


def test_total_pop_is_32(board: Map) -> None:
    assert board.total_pop == 32


def test_every_entry_carries_a_source(board: Map) -> None:
    sources = {"stated", "derived", "inferred"}
    assert all(s.source in sources for s in board.spaces.values())
    assert all(t.source in sources for t in board.towns.values())
    assert all(b.source in sources for b in board.borders)
    assert all(board.spaces[r].econ_source in sources for r in board.railways)


def test_the_map_is_frozen(board: Map) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.gujarat = "province"  # type: ignore[misc]
    with pytest.raises(TypeError):
        board.spaces["delhi"] = board.spaces["bombay"]  # type: ignore[index]


def test_explicit_default_path_gives_the_default_map(board: Map) -> None:
    assert load_map(DEFAULT_MAP_PATH) == board
    assert default_map() == board


def test_unknown_space_lookup_is_a_map_error(board: Map) -> None:
    with pytest.raises(MapError, match="unknown space 'atlantis'"):
        board.adjacent("atlantis")


# --- Gujarat option (facts §1.2 note B) --------------------------------------------------


def test_gujarat_is_a_princely_state_by_default(board: Map) -> None:
    assert board.spaces["gujarat"].kind == "princely_state"
    assert not board.spaces["gujarat"].controllable


def test_gujarat_option_makes_it_a_province() -> None:
    board = load_map(gujarat="province")
    assert board.spaces["gujarat"].kind == "province"
    assert board.spaces["gujarat"].controllable
    assert len(board.provinces) == 14 and len(board.states) == 6
    assert board.adjacent("gujarat") == load_map().adjacent("gujarat")


def test_gujarat_option_refuses_other_values() -> None:
    with pytest.raises(MapError, match="gujarat must be"):
        load_map(gujarat="city")  # type: ignore[arg-type]


# --- railways (1.3.6, 6.2.2) ---------------------------------------------------------------


def test_6_2_2_total_railway_econ_is_40(board: Map) -> None:
    assert board.total_econ == 40
    assert sum(board.spaces[r].econ for r in board.railways) == 40


def test_tutorial_four_stated_railways_hold_17_econ(board: Map) -> None:
    # IT tutorial Resources phase: Strikes on these four leave 40 - 17 = 23.
    stated = {
        "rail_calcutta_north_bengal": 5, "rail_bombay_khandesh": 4,
        "rail_khandesh_south": 4, "rail_south_madras": 4,
    }
    assert {r: board.spaces[r].econ for r in stated} == stated
    assert all(board.spaces[r].econ_source == "stated" for r in stated)


def test_1_3_6_every_railway_ends_at_a_city_or_town_and_has_no_pop(board: Map) -> None:
    for rid in board.railways:
        rail = board.spaces[rid]
        assert rail.pop == 0 and rail.kind == "railway" and not rail.muslim
        assert len(rail.ends) == 2
        for end in rail.ends:
            assert end in board.towns or board.spaces[end].kind == "city"


def test_1_3_6_railway_exiting_bombay_is_the_only_line_ending_at_bombay(board: Map) -> None:
    ending = [r for r in board.railways if "bombay" in board.spaces[r].ends]
    assert ending == ["rail_bombay_khandesh"]


# --- adjacency (1.3.8) --------------------------------------------------------------------


def test_1_3_8_adjacency_is_symmetric(board: Map) -> None:
    for a in board.spaces:
        for b in board.adjacent(a):
            assert a in board.adjacent(b), (a, b)
        assert a not in board.adjacent(a)


def test_1_3_8_spaces_separated_by_a_town_are_adjacent(board: Map) -> None:
    # Play note: "Bombay Presidency is adjacent to Coastal Andhra, and Hyderabad is
    # adjacent to Mysore."
    assert board.are_adjacent("bombay_presidency", "coastal_andhra")
    assert board.are_adjacent("hyderabad", "mysore")
    assert board.adjacency_reasons("hyderabad", "mysore") == ("town:town_south",)


def test_1_3_8_only_the_southern_town_links_provinces_and_states(board: Map) -> None:
    # Play note: "There is one place on the map where a Town links adjacent Provinces
    # and States, in the south."
    town_only = {
        frozenset((a, b))
        for a in board.non_railway
        for b in board.adjacent(a)
        if b in board.non_railway
        and all(r.startswith("town:") for r in board.adjacency_reasons(a, b))
    }
    assert town_only == {
        frozenset(("bombay_presidency", "coastal_andhra")), frozenset(("hyderabad", "mysore")),
    }


def test_1_3_8_railway_separated_by_a_town_is_adjacent(board: Map) -> None:
    # IT tutorial card 60: the Mysore-Coastal Andhra Railway "is adjacent to Hyderabad
    # because the two spaces are separated by a Town (1.3.8)".
    assert board.are_adjacent("rail_south_madras", "hyderabad")
    assert board.are_adjacent("rail_south_madras", "rail_khandesh_south")


@pytest.mark.parametrize(
    ("a", "b", "rail"),
    [
        ("west_bengal", "east_bengal", "rail_calcutta_north_bengal"),
        ("central_india_agency", "central_provinces", "rail_khandesh_ganges"),
        ("bombay_presidency", "hyderabad", "rail_khandesh_south"),
        ("mysore", "coastal_andhra", "rail_south_madras"),
    ],
)
def test_1_3_8_provinces_and_states_separated_by_a_railway_are_adjacent(
    board: Map, a: str, b: str, rail: str
) -> None:
    assert board.are_adjacent(a, b)
    assert f"across:{rail}" in board.adjacency_reasons(a, b)
    assert board.are_adjacent(rail, a) and board.are_adjacent(rail, b)


def test_1_3_8_railways_meeting_at_a_city_are_not_adjacent(board: Map) -> None:
    assert not board.are_adjacent("rail_calcutta_north_bengal", "rail_calcutta_ganges")
    assert board.are_adjacent("rail_calcutta_ganges", "calcutta")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("bihar", "west_bengal"),  # 3.3.2 example
        ("bihar", "united_provinces"),  # 3.3.2 example
        ("orissa", "central_provinces"),  # 3.4.2 example
        ("orissa", "bihar"),  # 3.4.2 example
        ("east_bengal", "west_bengal"),  # 4.2.1 example
        ("delhi", "united_provinces"),  # IT tutorial Sweep
        ("calcutta", "west_bengal"),  # IT tutorial Sweep
        ("bombay", "bombay_presidency"),  # IT tutorial
        ("rail_calcutta_north_bengal", "calcutta"),  # "Railway north of Calcutta"
        ("rail_khandesh_south", "hyderabad"),  # "between Hyderabad and Bombay Presidency"
        ("rail_khandesh_south", "bombay_presidency"),  # 3.3.3 example
        ("rail_bombay_khandesh", "bombay_presidency"),  # facts 10.3
        ("rail_khandesh_ganges", "central_india_agency"),  # 3.2.2 example
    ],
)
def test_stated_adjacencies_hold(board: Map, a: str, b: str) -> None:
    assert board.are_adjacent(a, b)


def test_tutorial_sweep_routes_exist(board: Map) -> None:
    # IT tutorial: Troops go from Delhi along "the Railway south-east of Delhi" into Bihar
    # and into Central Provinces; a Sepoy from Calcutta along the line north-west of it.
    se_of_delhi = board.adjacent("delhi") & board.adjacent("bihar")
    assert any(r in se_of_delhi & board.adjacent("central_provinces") for r in board.railways)
    assert board.adjacent("calcutta") & board.adjacent("bihar") & set(board.railways)


def test_3_4_2_march_example_railway_line_from_orissa_to_united_provinces(board: Map) -> None:
    assert board.adjacent("orissa") & board.adjacent("united_provinces") & set(board.railways)


def test_3_2_2_garrison_example_west_bengal_and_rajputana_touch_railways(board: Map) -> None:
    assert board.adjacent("west_bengal") & set(board.railways)
    assert board.adjacent("rajputana") & set(board.railways)


def test_tutorial_card_60_railways_next_to_opposition_spaces(board: Map) -> None:
    opposition = {"east_bengal", "gujarat", "hyderabad"}
    chosen = {
        "rail_calcutta_north_bengal", "rail_khandesh_south", "rail_bombay_khandesh",
        "rail_south_madras",
    }
    for rail in chosen:
        assert board.adjacent(rail) & opposition, rail


# --- broken maps are refused ----------------------------------------------------------------

TINY_MAP = """
title = "tiny"
borders = [
  { between = ["alpha", "beta"], source = "stated" },
]

[spaces.alpha]
name = "Alpha"
kind = "city"
pop = 1
muslim = false
source = "stated"

[spaces.beta]
name = "Beta"
kind = "province"
pop = 2
muslim = true
source = "stated"

[spaces.gamma]
name = "Gamma"
kind = "princely_state"
pop = 1
muslim = false
source = "inferred"

[spaces.delta]
name = "Delta"
kind = "province"
pop = 1
muslim = false
source = "derived"

[towns.town_x]
name = "X"
touches = ["beta", "gamma", "delta"]
source = "inferred"

[railways.rail_alpha_x]
name = "Alpha line"
econ = 40
ends = ["alpha", "town_x"]
side_a = ["beta"]
side_b = ["gamma"]
source = "inferred"
econ_source = "inferred"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "map.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _broken(old: str, new: str) -> str:
    assert old in TINY_MAP
    return TINY_MAP.replace(old, new)


def test_tiny_map_is_valid(tmp_path: Path) -> None:
    board = load_map(_write(tmp_path, TINY_MAP))
    assert board.adjacent("gamma") == {"beta", "delta", "rail_alpha_x"}
    assert board.adjacent("rail_alpha_x") == {"alpha", "beta", "gamma", "delta"}
    assert board.adjacency_reasons("beta", "gamma") == ("across:rail_alpha_x", "town:town_x")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('["alpha", "beta"]', '["alpha", "omega"]', "unknown space 'omega' referenced by border"),
        ('side_b = ["gamma"]', 'side_b = ["omega"]', "unknown space 'omega' referenced by railway"),
        ('touches = ["beta",', 'touches = ["omega",', "unknown space 'omega' referenced by town"),
        ('ends = ["alpha", "town_x"]', 'ends = ["alpha", "omega"]', "unknown space 'omega'"),
        ('ends = ["alpha", "town_x"]', 'ends = ["beta", "town_x"]',
         "ends at 'beta', a province; a Railway must end at a City or a Town"),
        ("econ = 40", "econ = 39", "total Railway Econ is 39, expected 40"),
        ('kind = "princely_state"', 'kind = "kingdom"', "unknown type 'kingdom'"),
        ('kind = "city"', 'kind = "railway"', "unknown type 'railway'"),
        ('kind = "city"\npop = 1', 'kind = "city"\npop = 2',
         "city 'alpha' has Pop 2; every City has Pop 1"),
        ("pop = 2\nmuslim = true", "pop = 3\nmuslim = true", "province 'beta' has Pop 3"),
        ('econ = 40\n', 'econ = 40\npop = 1\n', "railway 'rail_alpha_x' has Pop 1"),
        ('touches = ["beta", "gamma", "delta"]', 'touches = ["beta", "alpha"]',
         "town 'town_x' touches 'alpha', a city"),
        ('source = "derived"', 'source = "guessed"', "spaces.delta.source"),
        ('source = "derived"', 'source = "derived"\ncolour = "red"', "spaces.delta.colour"),
        ("[towns.town_x]", "[spaces.town_x]\nname = \"T\"\nkind = \"city\"\npop = 1\n"
         "muslim = false\nsource = \"stated\"\n[towns.town_x]", "used for both a town and a space"),
    ],
)
def test_broken_map_is_refused_with_a_clear_message(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(MapError, match=re.escape(message)):
        load_map(_write(tmp_path, _broken(old, new)))


def test_a_border_listed_twice_is_refused(tmp_path: Path) -> None:
    text = _broken(
        '{ between = ["alpha", "beta"], source = "stated" },',
        '{ between = ["alpha", "beta"], source = "stated" },\n'
        '  { between = ["beta", "alpha"], source = "stated" },',
    )
    with pytest.raises(MapError, match="border 'beta'-'alpha' is listed twice"):
        load_map(_write(tmp_path, text))


def test_a_border_naming_a_railway_is_refused(tmp_path: Path) -> None:
    text = _broken('["alpha", "beta"]', '["alpha", "rail_alpha_x"]')
    with pytest.raises(MapError, match="names railway 'rail_alpha_x'"):
        load_map(_write(tmp_path, text))


def test_an_isolated_space_is_refused(tmp_path: Path) -> None:
    text = _broken('touches = ["beta", "gamma", "delta"]', 'touches = ["beta", "gamma"]')
    with pytest.raises(MapError, match="'delta' is not adjacent to any space"):
        load_map(_write(tmp_path, text))


def test_a_town_ending_no_railway_is_refused(tmp_path: Path) -> None:
    text = TINY_MAP + '\n[towns.town_y]\nname = "Y"\ntouches = ["beta"]\nsource = "inferred"\n'
    with pytest.raises(MapError, match="town 'town_y' does not end any railway"):
        load_map(_write(tmp_path, text))


def test_invalid_toml_and_missing_file_are_map_errors(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="not valid TOML"):
        load_map(_write(tmp_path, "spaces = [unclosed"))
    with pytest.raises(MapError, match="map file not found"):
        load_map(tmp_path / "nowhere.toml")


def test_map_error_is_a_value_error() -> None:
    assert issubclass(MapError, ValueError)
