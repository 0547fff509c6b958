"""3.2 COIN Operations (Train with Civic Action, Patrol, Sweep, Assault) and 4.2-4.3 the
COIN Special Activities, played through the ruleset from set positions; every example of
the Spanish rule book for these rules is a test named with its rule number."""

from __future__ import annotations

from typing import Any

from engine.coin.effects import begin
from engine.games.adp.ops.coin_ops import CoinExecution
from engine.games.adp.setup import cards, is_propaganda
from engine.games.adp.state import AdpSpace
from tests.games.adp.helpers import Game, event_game

GOV = "government"


def position(first: str, spaces: dict[str, dict[str, int]], *, resources: int = 20,
             **extra: Any) -> Game:
    """A game whose 1st Eligible is ``first``, with only ``spaces`` on the map (pieces;
    ``support``/``terror``/``sabotage`` as keys), Government Resources and state fields."""
    game = event_game("short", first)
    state = game.state
    state.spaces = {}
    for sid, content in spaces.items():
        pieces = {k: v for k, v in content.items()
                  if k not in ("support", "terror", "sabotage", "returnees")}
        state.spaces[sid] = AdpSpace(pieces, content.get("support", 0),
                                     content.get("terror", 0),
                                     bool(content.get("sabotage", 0)),
                                     bool(content.get("returnees", 0)))
    state.resources[GOV] = resources
    for name, value in extra.items():
        setattr(state, name, value)
    state.version += 1
    return game


def limited(game: Game, op: str) -> None:
    """2.3.5 ``op`` as a Limited Operation by the Faction to act (as 2nd Eligible)."""
    seat = game.seat
    game.fold([begin("execution", seat, CoinExecution(executing=seat, op=op, limited=True))])


def play(game: Game, *texts: str) -> None:
    for text in texts:
        assert text in game.offered(), (text, game.offered())
        game.act(text)


def pieces(game: Game, sid: str) -> dict[str, int]:
    return {k: v for k, v in game.state.space(sid).pieces.items() if v}


# --- 3.2.1 Train ------------------------------------------------------------------------


def test_3_2_1_government_train_places_up_to_6_cubes_in_kabul_for_3_resources() -> None:
    game = position(GOV, {"kabul": {"police": 1}})
    play(game, "train", "in Kabul")
    assert game.state.resources[GOV] == 17
    play(game, "place 4 police")
    assert "place 3 government_troops" not in game.offered()
    play(game, "place 2 government_troops")
    assert not [a for a in game.offered() if a.startswith("place")]
    assert pieces(game, "kabul") == {"police": 5, "government_troops": 2}


def test_3_2_1_cubes_only_in_a_province_with_a_coin_base() -> None:
    game = position(GOV, {"balkh": {"police": 1}, "herat": {"coalition_bases": 1}})
    play(game, "train", "in Balkh")
    assert not [a for a in game.offered() if a.startswith("place")]
    play(game, "in Herat", "place 2 police")
    assert game.state.resources[GOV] == 14
    assert pieces(game, "herat")["police"] == 2


def test_3_2_1_coalition_pays_only_where_it_places_and_only_with_its_base() -> None:
    game = position("coalition", {"kabul": {"coalition_bases": 1},
                                  "balkh": {"coalition_troops": 1}})
    play(game, "train")
    assert "in Herat" not in game.offered()        # no Coalition pieces there
    play(game, "in Balkh")
    assert game.state.resources[GOV] == 20
    assert not [a for a in game.offered() if a.startswith("place")]   # no Coalition Base
    play(game, "in Kabul", "place 3 police")
    assert game.state.resources[GOV] == 17
    play(game, "place 1 government_troops")
    assert game.state.resources[GOV] == 17          # paid once per space


def test_3_2_1_civic_action_removes_terror_then_shifts_toward_support() -> None:
    game = position(GOV, {"balkh": {"police": 2, "government_troops": 1, "terror": 1}})
    play(game, "train", "in Balkh", "civic action in Balkh")
    assert game.state.space("balkh").terror == 0
    play(game, "civic action in Balkh")
    assert game.state.space("balkh").support == 1
    assert game.state.resources[GOV] == 20 - 3 - 3 - 3
    assert "civic action in Balkh" not in game.offered()    # at Support already
    assert "in Herat" not in game.offered()                 # no more spaces after it


def test_3_2_1_civic_action_needs_coin_control() -> None:
    game = position(GOV, {"balkh": {"police": 1, "taliban_active": 1}})
    play(game, "train", "in Balkh")
    assert "civic action in Balkh" not in game.offered()


def test_3_2_1_government_replaces_3_cubes_with_a_base() -> None:
    game = position(GOV, {"kabul": {"police": 2, "government_troops": 2}})
    play(game, "train", "in Kabul", "base in Kabul for 1 troop 2 police")
    assert pieces(game, "kabul") == {"government_troops": 1, "government_bases": 1}
    assert not [a for a in game.offered() if a.startswith("civic")]


def test_3_2_1_coalition_in_kabul_transfers_3_patronage() -> None:
    game = position("coalition", {"kabul": {"coalition_troops": 1}}, patronage=10)
    play(game, "train", "in Kabul", "transfer patronage")
    assert game.state.patronage == 7
    assert game.state.resources[GOV] == 23


def test_3_2_1_no_cube_available_cubes_come_from_the_map() -> None:
    game = position(GOV, {"kabul": {"police": 1}, "herat": {"police": 29},
                          "balkh": {"government_troops": 30}})
    play(game, "train", "in Kabul")
    assert "take 1 police from Herat" in game.offered()
    play(game, "take 1 government_troops from Balkh")
    assert pieces(game, "kabul") == {"police": 1, "government_troops": 1}


# --- 3.2.2 Patrol -----------------------------------------------------------------------


def test_3_2_2_patrol_moves_along_locs_activates_and_assaults_one_loc() -> None:
    game = position(GOV, {"kabul": {"police": 2, "government_troops": 2},
                          "loc_kandahar_kabul": {"taliban_underground": 3}})
    play(game, "patrol", "move 2 government_troops from Kabul")
    assert "to Kandahar" not in game.offered()           # only LoCs and Kabul
    play(game, "to Kandahar-Kabul", "move 2 police from Kabul", "to Kandahar-Kabul")
    assert game.state.resources[GOV] == 17               # 3 in all
    play(game, "end moves")
    loc = game.state.space("loc_kandahar_kabul")
    assert loc.count("taliban_active") == 3 and loc.count("taliban_underground") == 0
    play(game, "assault Kandahar-Kabul")                 # 4 cubes / 2: 2 removed
    play(game, "remove 1 taliban_active from Kandahar-Kabul")
    play(game, "remove 1 taliban_active from Kandahar-Kabul")
    assert game.state.space("loc_kandahar_kabul").count("taliban_active") == 1
    assert game.state.resources[GOV] == 17
    play(game, "done")
    assert game.state.step.name != "execution"


def test_3_2_2_patrol_needs_cubes_and_3_government_resources() -> None:
    game = position(GOV, {"kabul": {"police": 1}}, resources=2)
    assert "patrol" not in game.offered()
    game = position("coalition", {"kabul": {"coalition_bases": 1}})
    assert "patrol" not in game.offered()


def test_3_2_2_a_cube_stops_on_entering_a_sabotaged_loc() -> None:
    game = position("coalition", {"kabul": {"coalition_troops": 1},
                                  "loc_kandahar_kabul": {"sabotage": 1}})
    play(game, "patrol", "move 1 coalition_troops from Kabul")
    offered = game.offered()
    assert "to Kandahar-Kabul" in offered
    assert "to Farah-Kandahar" not in offered             # beyond the Sabotage


def test_3_2_2_activation_chosen_when_both_insurgents_hide_there() -> None:
    game = position("coalition", {"loc_kabul_aibak": {
        "coalition_troops": 1, "taliban_underground": 1, "warlords_underground": 1}})
    play(game, "patrol", "end moves")
    assert "done" not in game.offered()
    play(game, "flip 1 warlords_underground in Kabul-Aibak")
    assert pieces(game, "loc_kabul_aibak")["warlords_active"] == 1


def test_2_3_5_limited_patrol_one_destination() -> None:
    game = position("coalition", {"kabul": {"coalition_troops": 2},
                                  "balkh": {"coalition_troops": 1}})
    limited(game, "patrol")
    play(game, "move 1 coalition_troops from Kabul", "to Kabul-Aibak")
    play(game, "move 1 coalition_troops from Balkh")
    assert game.offered() == ["to Kabul-Aibak"]


# --- 3.2.3 Sweep ------------------------------------------------------------------------


def test_3_2_3_example_coalition_sweeps_kandahar_carrying_government_troops() -> None:
    """3.2.3 EJEMPLO: 2 Coalition Troops move from Kabul over the LoC south into Kandahar,
    taking 2 Government Troops; the Coalition Troops in Zabol could also enter."""
    game = position("coalition", {
        "kabul": {"coalition_troops": 2, "government_troops": 3},
        "zabol": {"coalition_troops": 1},
        "kandahar": {"taliban_underground": 5}})
    play(game, "sweep", "in Kandahar")
    assert "move 1 coalition_troops from Zabol" in game.offered()
    play(game, "move 2 coalition_troops from Kabul")
    assert "move 3 government_troops from Kabul" not in game.offered()
    assert game.state.resources[GOV] == 20
    play(game, "move 2 government_troops from Kabul")
    assert game.state.resources[GOV] == 17               # Government Troops moved in
    assert pieces(game, "kandahar") == {"coalition_troops": 2, "government_troops": 2,
                                        "taliban_underground": 1, "taliban_active": 4}


def test_3_2_3_coalition_sweep_activates_only_with_a_coalition_piece() -> None:
    game = position("coalition", {"balkh": {"police": 3, "taliban_underground": 3},
                                  "samangan": {"coalition_troops": 1}})
    play(game, "sweep", "in Balkh")
    assert game.state.space("balkh").count("taliban_active") == 0
    play(game, "move 1 coalition_troops from Samangan")
    assert game.state.space("balkh").count("taliban_active") == 3   # 4 cubes


def test_3_2_3_government_sweep_pays_warlords_for_a_loc_with_guerrillas() -> None:
    game = position(GOV, {"kabul": {"government_troops": 2, "police": 2},
                          "loc_kandahar_kabul": {"warlords_active": 1},
                          "kandahar": {"taliban_underground": 2}}, resources=10)
    game.state.resources["warlords"] = 0
    play(game, "sweep", "in Kandahar")
    assert "move 1 police from Kabul" not in game.offered()   # Troops only
    play(game, "move 2 government_troops from Kabul")
    assert game.state.resources[GOV] == 10 - 3 - 1
    assert game.state.resources["warlords"] == 1
    assert game.state.space("kandahar").count("taliban_active") == 2


def test_2_3_8_no_sweep_and_only_limited_operations_on_the_final_event_card() -> None:
    game = position("coalition", {"kabul": {"coalition_troops": 2}})
    game.state.propaganda_played = game.state.propaganda_in_deck - 1
    game.state.upcoming = next(str(c) for c in cards() if is_propaganda(str(c)))
    game.state.version += 1
    offered = game.offered()
    assert "train" not in offered and "limited train" in offered
    assert "limited sweep" not in offered and "sweep" not in offered


# --- 3.2.4 Assault ----------------------------------------------------------------------


def test_1_4_1_example_coalition_assault_with_3_troops_removes_3_of_the_target() -> None:
    game = position("coalition", {"kandahar": {
        "coalition_troops": 3, "taliban_active": 3, "warlords_active": 2}})
    play(game, "assault", "in Kandahar", "remove 1 taliban_active from Kandahar")
    assert game.offered() == ["remove 1 taliban_active from Kandahar"]   # to the full
    play(game, "remove 1 taliban_active from Kandahar",
         "remove 1 taliban_active from Kandahar")
    assert game.state.resources[GOV] == 20              # free with its own cubes
    assert pieces(game, "kandahar") == {"coalition_troops": 3, "warlords_active": 2}


def test_3_2_4_government_assault_mountain_1_per_3_troops_only_in_provinces() -> None:
    game = position(GOV, {"nuristan": {"government_troops": 5, "police": 3,
                                       "taliban_active": 3},
                          "balkh": {"government_troops": 1, "police": 6,
                                    "taliban_active": 1}})
    play(game, "assault")
    assert "in Balkh" not in game.offered()             # Police do not count there
    play(game, "in Nuristan", "remove 1 taliban_active from Nuristan")
    assert game.state.space("nuristan").count("taliban_active") == 2
    assert "remove 1 taliban_active from Nuristan" not in game.offered()


def test_3_2_4_bases_last_and_6_aid_per_taliban_base_for_the_government() -> None:
    game = position(GOV, {"kabul": {"government_troops": 4, "police": 2,
                                    "taliban_active": 1, "taliban_bases": 1,
                                    "warlords_underground": 1, "warlords_bases": 1}},
                    aid=10)
    play(game, "assault", "in Kabul")                   # 6 cubes: 3 removals
    assert "remove 1 taliban_bases from Kabul" not in game.offered()
    assert "remove 1 warlords_bases from Kabul" not in game.offered()   # Underground
    play(game, "remove 1 taliban_active from Kabul", "remove 1 taliban_bases from Kabul")
    assert game.state.aid == 16
    assert game.offered()[:1] != ["remove 1 warlords_bases from Kabul"]


def test_3_2_4_coalition_counts_government_cubes_only_if_paid() -> None:
    game = position("coalition", {"kandahar": {"coalition_troops": 1, "government_troops": 2,
                                               "taliban_active": 4}})
    play(game, "assault")
    assert "in Kandahar with government cubes" in game.offered()
    play(game, "in Kandahar with government cubes")
    assert game.state.resources[GOV] == 17
    for _ in range(3):
        play(game, "remove 1 taliban_active from Kandahar")
    assert game.state.space("kandahar").count("taliban_active") == 1


def test_2_3_5_limited_assault_one_space() -> None:
    game = position(GOV, {"kabul": {"police": 2, "taliban_active": 1},
                          "loc_kabul_aibak": {"police": 2, "taliban_active": 1}})
    limited(game, "assault")
    play(game, "in Kabul", "remove 1 taliban_active from Kabul")
    assert game.offered() == ["done"]


# --- 4.3 Government Special Activities ---------------------------------------------------


def test_4_3_1_govern_places_returnees_or_moves_aid_to_patronage() -> None:
    game = position(GOV, {"kabul": {"police": 2, "support": 1},
                          "balkh": {"police": 1, "support": 1},
                          "herat": {"police": 1, "coalition_bases": 1, "support": 1}},
                    aid=10, patronage=5)
    play(game, "patrol", "govern")
    assert "patronage from Herat" not in game.offered()   # a Coalition Base there
    assert "returnees in Herat" in game.offered()
    play(game, "patronage from Kabul")
    assert (game.state.aid, game.state.patronage) == (7, 8)
    assert game.state.space("kabul").support == 0
    play(game, "returnees in Balkh")
    assert game.state.space("balkh").returnees
    assert not [a for a in game.offered() if a.startswith(("returnees", "patronage"))]


def test_4_3_1_govern_only_with_train_or_patrol() -> None:
    game = position(GOV, {"kabul": {"police": 2, "support": 1, "taliban_active": 1}})
    play(game, "assault")
    assert "govern" not in game.offered()


def test_4_3_2_transport_moves_troops_along_locs_and_pays_warlords() -> None:
    game = position(GOV, {"kabul": {"government_troops": 3},
                          "loc_kandahar_kabul": {"taliban_active": 1},
                          "kandahar": {"warlords_underground": 1}}, resources=9)
    game.state.resources["warlords"] = 0
    play(game, "train", "transport", "move 3 government_troops from Kabul")
    assert "to Kandahar" in game.offered() and "to Waziristan" not in game.offered()
    play(game, "to Kandahar")
    assert pieces(game, "kandahar")["government_troops"] == 3
    assert game.state.resources == {**game.state.resources, GOV: 7, "warlords": 2}


def test_4_3_3_eradicate_removes_a_warlords_base_and_places_a_taliban_guerrilla() -> None:
    game = position(GOV, {"kandahar": {"police": 3, "warlords_bases": 1,
                                       "warlords_underground": 1, "support": 0}},
                    aid=5, patronage=5)
    play(game, "train", "eradicate", "in Kandahar")
    assert (game.state.aid, game.state.patronage) == (8, 6)
    assert game.state.space("kandahar").support == -1
    assert pieces(game, "kandahar") == {"police": 3, "warlords_underground": 1,
                                        "taliban_underground": 1}


# --- 4.2 Coalition Special Activities ----------------------------------------------------


def test_4_2_1_surge_brings_and_removes_coalition_pieces_then_rolls_for_aid() -> None:
    game = position("coalition", {"kabul": {"coalition_troops": 1},
                                  "balkh": {"coalition_troops": 2},
                                  "herat": {"coalition_troops": 1},
                                  "konduz": {"coalition_troops": 1}}, aid=5)
    game.state.resources["warlords"] = 0
    play(game, "train", "surge", "bring 2 coalition_troops to Kabul",
         "remove 1 coalition_troops from Balkh", "bring 1 coalition_bases to Herat")
    assert "bring 1 coalition_troops to Konduz" not in game.offered()   # 3 spaces used
    play(game, "roll")
    die = game.state.step.data.surge.die  # type: ignore[attr-defined]
    assert game.offered() == [f"aid {n}" for n in range(die + 1)]
    play(game, "aid 1")
    assert game.state.aid == 6 and game.state.resources["warlords"] == die - 1
    assert pieces(game, "kabul") == {"coalition_troops": 3}


def test_4_2_2_air_lift_moves_troops_among_3_spaces_at_most_3_government() -> None:
    game = position("coalition", {"kabul": {"coalition_troops": 4, "government_troops": 5},
                                  "balkh": {}, "herat": {}, "konduz": {}})
    play(game, "patrol", "air lift")
    assert "move 4 government_troops from Kabul" not in game.offered()
    play(game, "move 3 government_troops from Kabul", "to Balkh",
         "move 2 coalition_troops from Kabul", "to Herat",
         "move 1 coalition_troops from Kabul")
    assert "to Konduz" not in game.offered() and "to Balkh" in game.offered()


def test_4_2_3_air_strike_in_pakistan_shifts_islamabad_toward_funding() -> None:
    game = position("coalition", {"waziristan": {"taliban_active": 1, "taliban_bases": 1},
                                  "kabul": {"coalition_troops": 1, "taliban_active": 1},
                                  "balochistan": {"taliban_bases": 1}},
                    islamabad=3)
    play(game, "patrol", "air strike")
    offered = game.offered()
    assert "remove 1 taliban_active from Kabul" not in offered      # never Kabul
    assert "remove 1 taliban_bases from Waziristan" not in offered  # Bases last
    play(game, "remove 1 taliban_active from Waziristan")
    assert game.state.islamabad == 4
    play(game, "remove 1 taliban_bases from Balochistan")
    assert game.state.islamabad == 4 and game.state.islamabad_hard == 0   # once per SA


def test_4_2_3_air_strike_beyond_funding_turns_islamabad_hard() -> None:
    game = position("coalition", {"waziristan": {"taliban_active": 1},
                                  "kabul": {"coalition_troops": 1}}, islamabad=4)
    play(game, "patrol", "air strike", "remove 1 taliban_active from Waziristan")
    assert game.state.islamabad_hard == 1


# --- 2.3.5 Limited Operations, and the log ------------------------------------------------


def test_2_3_5_limited_sweep_one_destination_and_train_one_space() -> None:
    game = position(GOV, {"kabul": {"government_troops": 2},
                          "bamian": {"government_troops": 1}})
    limited(game, "sweep")
    play(game, "in Bamian", "move 1 government_troops from Kabul")
    assert not [a for a in game.offered() if a.startswith("in ")]
    game = position(GOV, {"kabul": {"government_troops": 2}})
    limited(game, "train")
    play(game, "in Kabul")
    assert not [a for a in game.offered() if a.startswith("in ")]


def test_3_2_operations_and_special_activities_fold_back_from_their_log() -> None:
    """A Coalition Patrol with an Air Lift and a Government Train with Transport, from
    the short scenario: the log folds back to the same position."""
    from tests.games.adp.helpers import refold  # noqa: PLC0415

    game = event_game("short", "coalition")
    play(game, "patrol", "air lift")
    play(game, "move 1 government_troops from Kabul", "to Bamian", "done")
    play(game, "move 2 coalition_troops from Kabul", "to Kandahar-Kabul", "end moves")
    while game.state.step.name == "execution":
        game.act("done" if "done" in game.offered() else game.offered()[0])
    assert refold(game) == game.state
