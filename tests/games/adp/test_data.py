"""A Distant Plain's printed data (engine/games/adp/data): the map's stated facts, the
inventory, and each scenario's victory markers recomputed from its pieces equal to the
printed ones.  Rule numbers are those of the Spanish rule book."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.games.adp.mapdata import (
    AFGHAN_POP,
    DATA_DIR,
    FACTIONS,
    PIECE_FACTION,
    PIECE_TYPES,
    AdpDataError,
    control,
    default_data,
    load_data,
    parse_forces,
    parse_map,
    victory_totals,
)

DATA = default_data()
BOARD = DATA.map


def _toml(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as handle:
        return tomllib.load(handle)


# --- the map (1.3) --------------------------------------------------------------------

def test_1_3_the_map_has_kabul_21_afghan_and_3_pakistan_provinces_and_7_locs() -> None:
    kinds = Counter((s.kind, s.country) for s in BOARD.spaces.values())
    assert kinds == {("city", "afghanistan"): 1, ("province", "afghanistan"): 21,
                     ("province", "pakistan"): 3}
    assert len(BOARD.locs) == 7
    assert {s.name for s in BOARD.pakistan} == {"Balochistan", "Waziristan",
                                                "Northwest Frontier"}


def test_1_3_3_kabul_is_the_pashtun_city_of_pop_3() -> None:
    kabul = BOARD.spaces["kabul"]
    assert (kabul.kind, kabul.pop, kabul.pashtun) == ("city", 3, True)


def test_1_9_afghan_pop_is_25_and_the_pakistan_pops_as_printed() -> None:
    assert sum(s.pop for s in BOARD.afghan) == AFGHAN_POP == 25
    assert {s.id: s.pop for s in BOARD.pakistan} == {
        "balochistan": 0, "waziristan": 1, "northwest_frontier": 1}


def test_the_populations_and_pashtun_flags_are_the_public_facts() -> None:
    """public facts §1.6, the machine-readable summary."""
    pops = {"badakhshan": 1, "badghis": 1, "baghlan": 2, "balkh": 2, "bamian": 1, "farah": 0,
            "faryab": 1, "ghazni": 1, "ghowr": 1, "helmand": 1, "herat": 1, "kandahar": 2,
            "khowst": 2, "konduz": 2, "nimruz": 0, "nuristan": 2, "oruzgan": 1,
            "paktika": 1, "samangan": 0, "sar_e_pol": 0, "zabol": 0}
    pashtun = {"farah", "ghazni", "ghowr", "helmand", "kandahar", "khowst", "nimruz",
               "nuristan", "oruzgan", "paktika", "zabol", "kabul", "waziristan",
               "northwest_frontier"}
    assert {s.id: s.pop for s in BOARD.afghan if s.kind == "province"} == pops
    assert {s.id for s in BOARD.spaces.values() if s.pashtun} == pashtun


def test_1_3_4_loc_econ_as_printed_and_summing_to_12() -> None:
    assert {loc.name: loc.econ for loc in BOARD.locs.values()} == {
        "Kabul-Tor Kham": 4, "Kandahar-Spin Boldak": 3, "Kabul-Aibak": 1,
        "Shibirghan-Aibak": 1, "Farah-Kandahar": 1, "Toraghondi-Farah": 1,
        "Kandahar-Kabul": 1}
    assert sum(loc.econ for loc in BOARD.locs.values()) == 12   # 6.3.1


def test_1_3_6_adjacency_is_symmetric_and_every_loc_end_is_kabul_or_a_town() -> None:
    for place, near in BOARD.adjacency.items():
        assert place not in near
        for other in near:
            assert place in BOARD.adjacency[other], (place, other)
    for loc in BOARD.locs.values():
        for end in loc.ends:
            assert end == "kabul" or end in BOARD.towns
    assert "town_shibirghan" in BOARD.towns


def test_1_3_6_the_examples_of_the_book() -> None:
    """Faryab touches the LoC ending at Shibirghan (1.3.6); Ghazni-Bamian (3.3.2 March);
    Kabul -> LoC -> Kandahar and Zabol-Kandahar (3.2.3 Sweep)."""
    shibirghan = next(loc for loc in BOARD.locs.values() if "town_shibirghan" in loc.ends)
    assert BOARD.adjacent("faryab", shibirghan.id)
    assert BOARD.adjacent("ghazni", "bamian") and not BOARD.spaces["bamian"].pashtun
    assert any(BOARD.adjacent("kabul", loc) and BOARD.adjacent("kandahar", loc)
               for loc in BOARD.locs)
    assert BOARD.adjacent("zabol", "kandahar")


def test_1_3_6_locs_meeting_at_a_town_are_adjacent_but_not_through_kabul() -> None:
    assert BOARD.adjacent("loc_farah_kandahar", "loc_toraghondi_farah")
    assert BOARD.adjacent("loc_kabul_aibak", "loc_shibirghan_aibak")
    assert BOARD.adjacent("loc_kandahar_kabul", "loc_kandahar_spin_boldak")
    assert not BOARD.adjacent("loc_kabul_aibak", "loc_kabul_tor_kham")


def test_1_3_2_terrain_mountain_or_plain_in_afghanistan_only_and_marked_inferred() -> None:
    for space in BOARD.spaces.values():
        if space.kind == "city":
            assert space.terrain == "city"
        elif space.is_pakistan:
            assert (space.terrain, space.terrain_source) == ("pakistan", "stated")
        else:
            assert space.terrain in ("mountain", "plain")
            assert space.terrain_source == "inferred"


def test_every_fact_is_marked_stated_derived_or_inferred() -> None:
    for name in ("map.toml", "forces.toml", "scenarios.toml", "deck.toml",
                 "random_spaces.toml"):
        text = (DATA_DIR / name).read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.startswith("source = ") and name != "deck.toml":
                assert line.split("=", 1)[1].strip().strip('"') in (
                    "stated", "derived", "inferred"), (name, line)


def test_the_loader_refuses_a_one_way_adjacency() -> None:
    raw = _toml("map.toml")
    raw["spaces"]["farah"]["adjacent"].remove("herat")
    with pytest.raises(AdpDataError, match="not symmetric"):
        parse_map(raw)


def test_the_loader_refuses_an_loc_ending_nowhere_and_a_wrong_econ_total() -> None:
    raw = _toml("map.toml")
    raw["locs"]["loc_kabul_aibak"]["ends"] = ["kabul", "mazar"]
    with pytest.raises(AdpDataError, match="neither Kabul nor a Town"):
        parse_map(raw)
    raw = _toml("map.toml")
    raw["locs"]["loc_kabul_aibak"]["econ"] = 2
    with pytest.raises(AdpDataError, match="not 12"):
        parse_map(raw)


# --- forces (1.4, Available Forces) ------------------------------------------------

def test_1_4_1_the_inventory_is_the_available_forces_table_158_pieces() -> None:
    inv = DATA.forces.inventory
    assert dict(inv) == {"coalition_troops": 20, "coalition_bases": 6,
                         "government_troops": 30, "police": 30, "government_bases": 3,
                         "taliban_guerrillas": 30, "taliban_bases": 12,
                         "warlords_guerrillas": 15, "warlords_bases": 12}
    assert sum(inv.values()) == 158
    assert set(PIECE_FACTION.values()) == set(FACTIONS)


def test_1_8_tracks_and_6_6_1_islamabad() -> None:
    tracks = DATA.forces.tracks
    assert (tracks["aid"].max, tracks["patronage"].max) == (75, 40)
    assert all(tracks[f"{f}_resources"].max == 75 for f in ("government", "taliban",
                                                             "warlords"))
    assert "coalition_resources" not in tracks
    assert {t.faction: t.threshold for t in tracks.values() if t.threshold} == {
        "coalition": 30, "government": 35, "taliban": 20, "warlords": 15}
    assert DATA.forces.islamabad == ("hostility", "pressure", "tolerance", "backing",
                                     "sponsorship")
    markers = DATA.forces.markers
    assert (markers["terror_sabotage"]["count"], markers["returnees"]["count"],
            markers["deception"]["count"]) == (30, 6, 12)


def test_the_loader_refuses_an_inventory_that_is_not_158() -> None:
    raw = _toml("forces.toml")
    raw["pieces"]["police"]["count"] = 29
    with pytest.raises(AdpDataError, match="158"):
        parse_forces(raw)


# --- scenarios (2.1) -----------------------------------------------------------------

SCENARIOS = ("short", "main", "extended")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_1_4_1_every_scenario_places_pieces_within_the_inventory(scenario: str) -> None:
    setup = DATA.scenarios[scenario]
    for piece in PIECE_TYPES:
        assert 0 <= setup.on_map(piece) <= DATA.forces.inventory[piece]
    assert setup.returnees() <= 6


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_1_7_printed_control_markers_match_the_pieces(scenario: str) -> None:
    for space_id, setup in DATA.scenarios[scenario].spaces.items():
        assert setup.control == control(setup), space_id


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_2_1_open_deployment_places_the_same_pieces_as_the_standard_setup(
        scenario: str) -> None:
    setup = DATA.scenarios[scenario]
    placed: Counter[str] = Counter()
    for line in setup.open_deployment:
        for piece, n in line.pieces.items():
            assert PIECE_FACTION[piece] == line.faction
            placed[piece] += n * line.each
    assert {p: n for p, n in placed.items() if n} == \
        {p: setup.on_map(p) for p in PIECE_TYPES if setup.on_map(p)}


def _check_totals(scenario: str) -> None:
    setup = DATA.scenarios[scenario]
    assert victory_totals(setup).markers() == dict(setup.printed_victory)


def test_2_1_short_scenario_victory_totals() -> None:
    """Short 2009-2013: Support + Available 10, COIN + Patronage 21, Opposition + Bases
    9, Uncontrolled Pop 13 (7.2 formulas, 1.7 Control, +1 Pop markers counted)."""
    _check_totals("short")
    short = DATA.scenarios["short"]
    assert victory_totals(short).warlords_resources == 20
    # Coalition: 6 Bases and 14 Troops on the map, 6 Available (facts §9.3)
    assert [short.available(p, DATA.forces) for p in ("coalition_bases",
                                                      "coalition_troops")] == [0, 6]


def test_2_1_main_scenario_victory_totals() -> None:
    """Main 2005-2013: 17 / 17 / 8 / 9."""
    _check_totals("main")


def test_2_1_extended_scenario_victory_totals() -> None:
    """Extended 2003-2013: 20 / 13 / 4 / 16."""
    _check_totals("extended")


def test_7_2_victory_totals_follow_the_pieces() -> None:
    """Not just the printed numbers: removing Kabul's Coalition Base makes it Available
    (+1 Support + Available) and Kabul stays COIN; Opposition counts Pop with +1 Pop."""
    from dataclasses import replace
    from types import MappingProxyType

    short = DATA.scenarios["short"]
    kabul = short.spaces["kabul"]
    pieces = dict(kabul.pieces)
    pieces["coalition_bases"] = 0
    spaces = dict(short.spaces)
    spaces["kabul"] = replace(kabul, pieces=MappingProxyType(pieces), support=-1)
    totals = victory_totals(replace(short, spaces=MappingProxyType(spaces)))
    assert totals.support_plus_available == 7        # 0 Support + 7 Available
    assert totals.opposition_plus_bases == 9 + 4     # Kabul Pop 3 + 1 Returnees
    assert totals.coin_control_plus_patronage == 21


def test_2_1_deck_construction_and_starting_tracks() -> None:
    decks = {s: DATA.scenarios[s].deck for s in SCENARIOS}
    assert [(d.events_removed, d.propaganda_removed, d.piles) for d in decks.values()] == \
        [(24, 2, 4), (12, 1, 5), (0, 0, 6)]
    for deck in decks.values():   # one Propaganda card per pile; 72 - removed Events
        assert 6 - deck.propaganda_removed == deck.piles
    assert [(DATA.scenarios[s].aid, DATA.scenarios[s].patronage) for s in SCENARIOS] == \
        [(24, 5), (15, 5), (9, 5)]
    assert all(DATA.scenarios[s].islamabad == "backing" and
               not DATA.scenarios[s].islamabad_hard for s in SCENARIOS)


# --- the deck and the Random Spaces table -------------------------------------------

def test_5_0_the_deck_has_72_events_and_6_propaganda_cards_with_stand_in_orders() -> None:
    deck = DATA.deck
    events = [c for c in deck.values() if not c.propaganda]
    assert len(events) == 72 and len(deck) == 78
    assert all(c.stand_in and c.effect == "manual" for c in events)
    assert Counter(c.order[0] for c in events) == {f: 18 for f in FACTIONS}
    assert deck[45].title["en"] == "Tribal Elders" and deck[24].title["en"] == \
        "US-Taliban Talks"
    assert sorted(n for n, c in deck.items() if c.capability == "coalition") == \
        [1, 2, 3, 5, 7, 12, 18]
    assert sorted(n for n, c in deck.items() if c.capability == "taliban") == \
        [23, 29, 30, 31, 33, 34, 46]


def test_5_0_event_texts_are_empty_and_known_fragments_are_kept_apart() -> None:
    """No card text is in our sources: every text is empty and marked so; what the NP
    rules and the bot tell of a few Events is kept as ``fragment``, never as text."""
    raw = _toml("deck.toml")["cards"]
    for key, card in raw.items():
        for side in ("text_unshaded", "text_shaded"):
            if side in card:
                assert card[side]["en"] == card[side]["es"] == "", key
                assert card[side]["en_source"] == "not in our sources", key
    assert "Sponsorship" in DATA.deck[6].fragments["shaded"]
    assert set(DATA.deck[45].fragments) == {"unshaded", "shaded"}


def test_8_2_random_spaces_table_walks_from_balochistan_to_kandahar() -> None:
    table = DATA.random_spaces
    assert table.order[0] == "balochistan" and table.order[-1] == "kandahar"
    assert table.order.count("kabul") == 3 and len(set(table.order)) == 25
    assert table.order[table.cell(3, 4, 6)] == "kabul"
    assert table.order[table.cell(1, 1, 1)] == "balochistan"
    assert table.order[table.cell(6, 6, 6)] == "kandahar"
    # not a candidate: down the column, then wrap from Kandahar to Balochistan
    assert table.pick(6, 6, 6, frozenset({"nimruz", "herat"})) == "nimruz"
    assert table.pick(1, 1, 1, frozenset({"farah"})) == "farah"


def test_the_data_loads_from_a_copy_of_the_files(tmp_path: Path) -> None:
    for name in ("map.toml", "forces.toml", "scenarios.toml", "deck.toml",
                 "random_spaces.toml"):
        (tmp_path / name).write_bytes((DATA_DIR / name).read_bytes())
    assert load_data(tmp_path).map.spaces.keys() == BOARD.spaces.keys()


def test_adp_is_a_built_in_game_whose_spec_inventory_is_the_forces_table() -> None:
    import engine.games
    from engine.games.adp.spec import SPEC

    assert "engine.games.adp" in engine.games.BUILTIN
    assert dict(SPEC.inventory) == dict(default_data().forces.inventory)


def test_neighbours_are_met_in_the_same_order_in_every_process() -> None:
    """Rules walk the map: a frozenset of names would be iterated in an order that
    changes with each process's hash seed, and a replay would choose otherwise."""
    assert all(list(n) == sorted(n) for n in BOARD.adjacency.values())
