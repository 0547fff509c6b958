"""A Distant Plain rule 8.8: the Non-player Coalition, each step in a set position
asserting the bot's choices (its dice given through ``ReplayChance``); and whole games
with the Coalition and Warlords bots through the service, each verified (every bot
decision taken again from its logged dice)."""

from __future__ import annotations

import random
from typing import Any

import engine.games
from engine.coin.events import StepNoted
from engine.core.chance import ReplayChance
from engine.core.events import DieRolled
from engine.core.ruleset import NON_PLAYER
from engine.fuzz import _verified, checks_of, play_one
from engine.games.adp.in_effect import PRTS
from engine.games.adp.in_effect import VILLAGE_STABILITY_OPERATIONS as VSO
from engine.games.adp.np import coalition
from engine.games.adp.vocabulary import verb
from engine.service import Service
from engine.store import Store
from tests.games.adp.helpers import Game
from tests.games.adp.test_coin_ops import limited, pieces, position

engine.games.load()

CT, CB = "coalition_troops", "coalition_bases"
GT, POLICE, GB = "government_troops", "police", "government_bases"
TU, TA, TB = "taliban_underground", "taliban_active", "taliban_bases"
WU, WA = "warlords_underground", "warlords_active"


def coalition_game(spaces: dict[str, dict[str, int]], **extra: Any) -> Game:
    return position("coalition", spaces, **extra)


ONES = (1,) * 60     # 8.2 ties: the first cell of the Random Spaces table


def bot(game: Game, rolls: tuple[int, ...] = ONES) -> str:
    """The Coalition bot's choice, taken (its logged events folded first)."""
    action, pre = game.rules.policy(game.state, "coalition", ReplayChance(rolls))
    assert action.text in game.offered(), (action.text, game.offered())
    game.fold(pre)
    game.act(action.text)
    return action.text


def bot_turn(game: Game, rolls: tuple[int, ...] = ONES, most: int = 60) -> list[str]:
    """Every choice of the Coalition bot until another Faction is asked."""
    texts: list[str] = []
    for _ in range(most):
        if game.seat != "coalition":
            return texts
        texts.append(bot(game, rolls))
    raise AssertionError(texts)


def choice(game: Game, rolls: tuple[int, ...] = ONES) -> str:
    action, _ = game.rules.policy(game.state, "coalition", ReplayChance(rolls))
    return action.text


# --- 8.8 which Operation --------------------------------------------------------------------

def test_8_8_2_train_when_fewer_than_4_taliban_pieces_are_with_coin_pieces() -> None:
    game = coalition_game({"kandahar": {CT: 2, CB: 1, TU: 3},
                           "kabul": {CT: 1, CB: 1}, "zabol": {TU: 5}})
    assert coalition.taliban_with_coin(game.state) == 3     # Zabol's have no COIN piece
    assert choice(game) == "train"


def test_8_8_3_sweep_when_4_taliban_are_with_coin_and_no_assault_removes_4() -> None:
    game = coalition_game({"kandahar": {CT: 2, TU: 3}, "helmand": {CT: 1, TU: 1},
                           "kabul": {CT: 1, CB: 1}})
    assert coalition.taliban_with_coin(game.state) == 4
    assert choice(game) == "sweep"


def test_8_8_4_assault_when_it_removes_a_base_or_4_taliban_pieces() -> None:
    game = coalition_game({"kandahar": {CT: 3, TA: 2, TB: 1, TU: 0},
                           "helmand": {CT: 1, TU: 2}, "kabul": {CT: 1, CB: 1}})
    assert coalition.assault_outcome(game.state).strong
    assert choice(game) == "assault"


def test_8_8_4_sweep_impossible_or_useless_assault_and_else_pass() -> None:
    # 4+ Taliban with COIN pieces but every one Active: a Sweep Activates nothing
    game = coalition_game({"kandahar": {CT: 1, TA: 4}, "kabul": {CT: 1, CB: 1}})
    assert not coalition.assault_outcome(game.state).strong
    assert choice(game) == "assault"
    game = coalition_game({"kandahar": {CB: 1, TA: 4}, "kabul": {CT: 1, CB: 1}})
    assert choice(game) == "pass"      # no Troop with the Taliban: no Assault


def test_8_8_4_shaded_accidental_guerrillas_an_assault_removing_1_guerrilla_passes() -> None:
    spaces = {"kandahar": {CT: 1, TA: 1}, "kabul": {CT: 1, CB: 1, "support": 1}}
    game = coalition_game(spaces, resources=0, patronage=0)   # no Train the bot would do
    assert choice(game) == "assault"
    game = coalition_game(spaces, resources=0, patronage=0, capabilities={"34": "shaded"})
    assert choice(game) == "pass"


def test_8_1_the_np_coalition_operates_with_no_government_resources() -> None:
    spaces = {"kandahar": {CT: 3, TA: 2, TB: 1}, "kabul": {CT: 1, CB: 1}}
    game = coalition_game(spaces, resources=0, patronage=0)
    assert choice(game) == "assault"
    # 8.8.2 with Patronage to move, a Government under 3 Resources has the Train in Kabul
    assert choice(coalition_game(spaces, resources=0, patronage=3)) == "train"


def test_8_1_as_2nd_eligible_the_np_coalition_takes_the_limited_operation_offered() -> None:
    game = coalition_game({"kandahar": {CT: 3, TA: 2, TB: 1}, "kabul": {CT: 1, CB: 1}},
                          resources=0, patronage=0)
    offered = [verb("limited")(operation=op) for op in ("patrol", "assault")]
    action, _ = coalition.choose_op(game.state, [*offered, verb("pass")()])
    assert action.text == "limited assault"


# --- 8.8.2 Train ----------------------------------------------------------------------------

def test_8_8_2_patronage_over_20_train_in_kabul_places_cubes_and_moves_exactly_3() -> None:
    game = coalition_game({"kabul": {CT: 2, CB: 1}, "zabol": {TU: 1}}, patronage=22, aid=0)
    texts = bot_turn(game)
    assert texts[:9] == ["train", "in Kabul", "place 1 police", "place 1 government_troops",
                         "place 1 police", "place 1 government_troops", "place 1 police",
                         "place 1 government_troops", "transfer patronage"]   # 8.1.2
    assert game.state.patronage == 19
    assert game.state.resources["government"] == 20 - 3 + 3
    # then the Surge (8.8.2): a die of 1, no Base, 1 Troop
    assert texts[9:] == ["surge", "bring 1 coalition_troops to Kabul", "roll",
                         f"aid {game.state.aid}", "done", "done"]   # all the roll to Aid
    assert pieces(game, "kabul") == {CT: 3, CB: 1, POLICE: 3, GT: 3}


def test_8_8_2_otherwise_civic_action_where_it_shifts_most_then_the_fewest_terror() -> None:
    game = coalition_game({"kabul": {CT: 2, CB: 1, "support": 1},           # nothing to shift
                           "balkh": {CT: 2, "support": -1, "terror": 1},     # 1 level for 9
                           "herat": {CT: 2, "support": -1}},                 # 2 levels for 6
                          resources=9)
    texts = bot_turn(game)
    # Herat for the Civic Action, then Kabul's Coalition Base (6 left: both shifts kept)
    assert texts[:3] == ["train", "in Herat", "in Kabul"]
    assert texts[9:11] == ["civic action in Herat", "civic action in Herat"]
    assert game.state.space("herat").support == 1
    assert game.state.resources["government"] == 0


def test_8_8_2_cubes_in_the_civic_action_space_only_if_its_shift_stays_affordable() -> None:
    game = coalition_game({"herat": {CT: 2, CB: 1, "support": -1}}, resources=6)
    texts = bot_turn(game)
    assert texts[:4] == ["train", "in Herat", "civic action in Herat", "civic action in Herat"]
    assert pieces(game, "herat") == {CT: 2 + 1, CB: 1}      # + the Surge's Troop


PRTS_BOARD = {"herat": {CT: 2, CB: 1, "support": -1},                # 2 levels for 6
              "balkh": {CT: 2, "support": -1, "terror": 1},           # 2 levels for 9
              "kandahar": {CT: 2},                                    # 1 level for 3
              "kabul": {CT: 1, CB: 1, "support": 1}}                  # nothing to shift


def test_8_8_2_prts_unshaded_civic_action_in_2_spaces_the_2nd_for_what_the_1st_leaves() -> None:
    """8.8.2 "en 1 casillas -2 si la parte sin sombrear de 'PRTs' está vigente": Herat
    (2 levels, no Terror: before Balkh's) first; its 6 leave 3, enough for Kandahar's 1
    level, not Balkh's 2 (which 9 Resources would have bought); no cube may eat them."""
    game = coalition_game(PRTS_BOARD, resources=9, capabilities={PRTS: "unshaded"})
    assert bot(game) == "train"
    assert bot(game) == "in Herat"
    noted = [e for e in game.log if isinstance(e, StepNoted) and e.key == "train_civic_planned"]
    assert [e.value for e in noted] == [["herat", "kandahar"]]
    # the 2nd space follows the noted plan, whatever the dice of this choice
    assert choice(game, (6,) * 60) == "in Kandahar"
    texts = bot_turn(game)
    assert texts[:4] == ["in Kandahar", "civic action in Herat", "civic action in Herat",
                         "civic action in Kandahar"]
    assert "in Kabul" not in texts and "in Balkh" not in texts
    assert pieces(game, "herat").get(POLICE, 0) + pieces(game, "herat").get(GT, 0) == 0
    assert [game.state.space(s).support for s in ("herat", "kandahar", "balkh")] == [1, 1, -1]
    assert game.state.resources["government"] == 0


def test_8_8_2_prts_unshaded_without_it_or_shaded_civic_action_in_1_space() -> None:
    for capabilities in ({}, {PRTS: "shaded"}):
        game = coalition_game(PRTS_BOARD, resources=9, capabilities=capabilities)
        texts = bot_turn(game)
        # Herat's 6 leave 3: its cubes are paid, and nothing else is bought
        assert texts[:3] == ["train", "in Herat", "place 1 police"], capabilities
        assert not any(t.startswith("civic action in") and t != "civic action in Herat"
                       for t in texts)
        assert texts.count("civic action in Herat") == 2
        assert "in Kandahar" not in texts and "in Kabul" not in texts
        assert pieces(game, "herat")[POLICE] == 3 and pieces(game, "herat")[GT] == 3
        assert [game.state.space(s).support for s in ("herat", "kandahar")] == [1, 0]
        assert game.state.resources["government"] == 0


def test_8_8_2_prts_unshaded_cubes_in_a_civic_action_space_only_if_both_shifts_stay() -> None:
    """12 Resources: Herat's 6 and Kandahar's 3 leave 3, one space's cubes: Herat's."""
    game = coalition_game(PRTS_BOARD, resources=12, capabilities={PRTS: "unshaded"})
    texts = bot_turn(game)
    assert texts[:3] == ["train", "in Herat", "place 1 police"]
    assert "in Kabul" not in texts     # its cubes would cost a level
    assert [game.state.space(s).support for s in ("herat", "kandahar")] == [1, 1]
    assert pieces(game, "herat")[POLICE] == 3 and pieces(game, "herat")[GT] == 3
    assert game.state.resources["government"] == 0


def test_8_8_2_prts_unshaded_a_limited_train_buys_civic_action_in_1_space() -> None:
    game = coalition_game(PRTS_BOARD, resources=9, capabilities={PRTS: "unshaded"})
    limited(game, "train")
    texts = bot_turn(game)
    assert texts[:2] == ["in Herat", "place 1 police"]
    assert "civic action in Kandahar" not in texts
    assert game.state.space("kandahar").support == 0


def test_8_8_2_civic_action_removes_terror_only_toward_a_shift() -> None:
    game = coalition_game({"herat": {CT: 2, "terror": 2}}, resources=6)
    assert not coalition.civic_shift(game.state, "herat", 6)   # 2 Terror: 9 needed
    game = coalition_game({"herat": {CT: 2, "terror": 2}}, resources=9)
    assert coalition.civic_shift(game.state, "herat", 9) == 1


def test_8_8_2_finally_coalition_bases_with_no_more_than_6_government_pieces_spare() -> None:
    game = coalition_game({"kabul": {CT: 1, CB: 1, "support": 1},
                           "kandahar": {CB: 1, GT: 4, POLICE: 4, "support": 1},   # 7 spare
                           "helmand": {CB: 1, GT: 3, TU: 1, "support": 1}})      # 2 spare
    texts = bot_turn(game)
    assert texts[:2] == ["train", "in Helmand"] and "in Kandahar" not in texts
    assert "in Kabul" in texts
    assert pieces(game, "helmand") == {CB: 1, GT: 4, POLICE: 5, TU: 1, CT: 1}   # + Surge


def test_8_8_2_no_cube_available_police_from_the_space_with_the_most() -> None:
    many = {"balkh": {POLICE: 15, CT: 1, "support": 1},
            "herat": {POLICE: 9, GT: 30, CT: 1, "support": 1},
            "konduz": {POLICE: 6, CT: 1, "support": 1}}     # every Government cube
    game = coalition_game({"kabul": {CT: 1, CB: 1, "support": 1},
                           "helmand": {CB: 1, CT: 1, "support": 1}, **many})
    assert game.offered()[0] == "train"
    bot(game)
    assert bot(game) == "in Helmand"
    assert [bot(game) for _ in range(3)] == ["take 1 police from Balkh"] * 3   # up to 3
    assert bot(game) == "in Kabul"


def test_8_8_2_village_stability_operations_1_police_where_coalition_troops_outnumber() -> None:
    """8.8.2: after Training, with the unshaded side of "Village Stability Operations" in
    effect, 1 Police goes where Coalition Troops outnumber the Police."""
    board = {"kabul": {CT: 1, CB: 1, "support": 1},
             "kandahar": {CB: 1, GT: 3, TU: 1, "support": 1},
             "zabol": {CT: 3, POLICE: 1}}                    # Troops 3 > Police 1
    texts = bot_turn(coalition_game(board, capabilities={VSO: "unshaded"}))
    assert "police to Zabol" in texts
    texts = bot_turn(coalition_game(board, capabilities={VSO: "shaded"}))
    assert not any(t.startswith("police to") for t in texts)


def test_8_1_2_police_never_taken_where_control_would_change() -> None:
    many = {"balkh": {POLICE: 15, TU: 14, "support": 1},      # COIN Control by 1
            "herat": {POLICE: 9, GT: 30, CT: 1, "support": 1},
            "konduz": {POLICE: 6, CT: 1, "support": 1}}
    game = coalition_game({"kabul": {CT: 1, CB: 1, "support": 1},
                           "helmand": {CB: 1, CT: 1, "support": 1}, **many})
    game.act("train")
    assert bot(game) == "in Helmand"
    assert bot(game) == "take 1 police from Herat"


# --- 8.8.2 Surge, Air Lift --------------------------------------------------------------------

def test_8_8_2_surge_die_half_in_bases_at_highest_pop_then_troops_evenly_in_3() -> None:
    game = coalition_game({"kabul": {CT: 1, CB: 1, "support": 1},
                           "kandahar": {CT: 1, GB: 1},            # Pop 2, a Government Base
                           "balkh": {CT: 1},                      # Pop 2
                           "herat": {CT: 1},                      # Pop 1
                           "helmand": {CT: 2, TU: 1}}, aid=0)    # Pop 1, Taliban there
    game.state.resources["government"] = 2      # Train in Kabul for the Patronage only
    game.state.patronage = 3
    texts = bot_turn(game, (4,) * 40)            # the Surge die: 4 -> 2 Bases, 4 Troops
    assert texts[:4] == ["train", "in Kabul", "transfer patronage", "surge"]
    assert texts[4:9] == ["bring 1 coalition_bases to Balkh",     # no Government Base
                          "bring 1 coalition_bases to Kandahar",
                          "bring 2 coalition_troops to Helmand",  # the Taliban: the odd one
                          "bring 1 coalition_troops to Balkh",
                          "bring 1 coalition_troops to Kandahar"]
    assert texts[9:] == ["roll", f"aid {game.state.aid}", "done", "done"]
    assert pieces(game, "kandahar") == {CT: 2, GB: 1, CB: 1}
    assert pieces(game, "herat") == {CT: 1}
    dice = [e for e in game.log if isinstance(e, DieRolled) and e.purpose == "8.8.2 Surge"]
    assert [e.value for e in dice] == [4]      # one die for the whole Surge (its plan logged)


def test_8_8_2_before_the_final_round_surge_removes_every_troop_of_1_space() -> None:
    game = coalition_game({"kabul": {CT: 1, CB: 1, "support": 1},
                           "herat": {CT: 3}, "balkh": {CT: 3}, "helmand": {CT: 1}}, aid=0)
    game.state.propaganda_played = game.state.propaganda_in_deck - 1
    texts = bot_turn(game, (2,) * 40)
    surge = texts[texts.index("surge") + 1:]
    # the most Troops: Herat and Balkh, 3 each; on the tie the least Pop: Herat (1)
    assert surge == ["remove 3 coalition_troops from Herat", "roll",
                     f"aid {game.state.aid}", "done", "done"]
    assert pieces(game, "herat") == {}


def test_8_8_2_no_surge_possible_air_lift_adds_coin_control_where_taliban_are() -> None:
    game = coalition_game({"kabul": {CT: 12, CB: 2, "support": 1},     # every Coalition
                           "balkh": {CT: 4, CB: 2, "support": 1},      # piece on the map:
                           "herat": {CT: 4, CB: 2, "support": 1},      # nothing to Surge
                           "kandahar": {TU: 3},                        # Taliban, Pop 2
                           "konduz": {}}, resources=2, patronage=3)
    assert not coalition.surge_possible(game.state)
    texts = bot_turn(game)
    assert texts[:4] == ["train", "in Kabul", "transfer patronage", "air lift"]
    # from the 2 spaces with the most Troops beyond Control: Kabul, then Balkh (map order)
    assert texts[4:8] == ["move 11 coalition_troops from Kabul", "to Kandahar",
                          "move 3 coalition_troops from Balkh", "to Kandahar"]
    assert pieces(game, "kandahar") == {CT: 14, TU: 3}
    assert pieces(game, "kabul") == {CT: 1, CB: 2}          # never the last Troop


# --- 8.8.3 Sweep ------------------------------------------------------------------------------

def test_8_8_3_air_lift_first_to_activate_the_last_taliban_then_sweep_where_coalition() -> None:
    game = coalition_game({"kandahar": {CT: 2, TU: 3, POLICE: 1},      # 3 cubes: all Active
                           "helmand": {CT: 1, TU: 2},                  # 1 cube: 1 of 2
                           "kabul": {CT: 6, GT: 3}})
    texts = bot_turn(game)
    assert texts[:5] == ["sweep", "air lift", "move 5 coalition_troops from Kabul",
                         "to Helmand", "move 2 government_troops from Kabul"]
    assert {"in Kabul", "in Helmand", "in Kandahar"} <= set(texts)
    assert pieces(game, "helmand")[TA] == 2 and pieces(game, "kandahar")[TA] == 3
    assert "air strike" not in texts


def test_8_8_3_shaded_isr_no_air_lift_an_air_strike_instead() -> None:
    game = coalition_game({"kandahar": {CT: 2, TU: 4, POLICE: 2},       # 4 Activated
                           "helmand": {CT: 1, TU: 2, TA: 1},            # 3, 1 Underground
                           "kabul": {CT: 6, GT: 3}}, capabilities={"1": "shaded"})
    texts = bot_turn(game)
    assert texts[0] == "sweep" and "air lift" not in texts
    # the most Guerrillas: Kandahar's 4
    assert texts[texts.index("air strike") + 1] == "remove 1 taliban_active from Kandahar"


def test_8_8_3_otherwise_air_strike_bases_first_then_the_last_taliban() -> None:
    game = coalition_game({"kandahar": {CT: 4, TU: 4},
                           "helmand": {CT: 1, TU: 1},
                           "zabol": {TB: 1},                          # a Base alone
                           "oruzgan": {TA: 3},
                           "paktika": {TA: 1}})                       # the last Taliban
    texts = bot_turn(game, (1,) * 40)
    assert texts[0] == "sweep" and "air lift" not in texts
    strikes = texts[texts.index("air strike") + 1:]
    # 8.8.3 Bases first, then the last Taliban of a space (Helmand's, now Active), not
    # Oruzgan's 3 Guerrillas
    assert strikes == ["remove 1 taliban_bases from Zabol",
                       "remove 1 taliban_active from Helmand",
                       "remove 1 taliban_active from Paktika", "done", "done"]
    assert pieces(game, "zabol") == {} and pieces(game, "oruzgan") == {TA: 3}


def test_8_8_3_air_strike_with_assault_pakistan_first_at_funding_and_hard() -> None:
    spaces = {"kandahar": {CT: 2, TU: 2, TA: 2}, "helmand": {CT: 1},
              "oruzgan": {TA: 2}, "waziristan": {TA: 2}}       # 2 Guerrillas in each
    game = coalition_game(spaces, islamabad=4, islamabad_hard=1)
    texts = bot_turn(game)
    strikes = texts[texts.index("air strike") + 1:]
    assert strikes[0] == "remove 1 taliban_active from Waziristan"
    game = coalition_game(spaces, islamabad=4)                 # not Hard: a random one
    texts = bot_turn(game)
    strikes = texts[texts.index("air strike") + 1:]
    assert strikes[0] == "remove 1 taliban_active from Oruzgan"


# --- 8.8.4 Assault ----------------------------------------------------------------------------

def test_8_8_4_assault_most_bases_first_government_cubes_paid_where_they_first_add() -> None:
    game = coalition_game({"kandahar": {CT: 4, TA: 3, TB: 1},
                           "helmand": {CT: 1, TA: 2, GT: 2},
                           "kabul": {CT: 6, GT: 3}}, resources=20)
    texts = bot_turn(game)
    assert texts[:6] == ["assault", "in Kandahar", "remove 1 taliban_active from Kandahar",
                         "remove 1 taliban_active from Kandahar",
                         "remove 1 taliban_active from Kandahar",
                         "remove 1 taliban_bases from Kandahar"]
    assert "in Helmand with government cubes" in texts
    assert game.state.resources["government"] == 17
    assert pieces(game, "helmand") == {CT: 1, GT: 2}


def test_8_8_4_taliban_first_then_warlords() -> None:
    game = coalition_game({"kandahar": {CT: 5, TA: 3, WA: 3, TB: 1}, "kabul": {CT: 1}})
    texts = bot_turn(game)
    assert texts[:7] == ["assault", "in Kandahar", "remove 1 taliban_active from Kandahar",
                         "remove 1 taliban_active from Kandahar",
                         "remove 1 taliban_active from Kandahar",
                         "remove 1 taliban_bases from Kandahar",
                         "remove 1 warlords_active from Kandahar"]
    assert pieces(game, "kandahar") == {CT: 5, WA: 2}


def test_8_8_4_air_lift_first_where_it_removes_4_taliban_pieces() -> None:
    game = coalition_game({"zabol": {CT: 1, TA: 5},
                           "kabul": {CT: 5, GT: 0},
                           "kandahar": {CT: 1, TA: 1, TB: 1}})
    texts = bot_turn(game)
    assert texts[:4] == ["assault", "air lift", "move 4 coalition_troops from Kabul", "to Zabol"]
    assert pieces(game, "zabol") == {CT: 5}


# --- 8.8.5 Civic Action, 8.8.6 Redeploy -------------------------------------------------------

def test_8_8_5_all_civic_action_largest_shift_then_fewest_terror() -> None:
    from engine.coin.effects import begin  # noqa: PLC0415
    game = coalition_game({"herat": {CT: 2, "support": -1, "terror": 1},
                           "balkh": {CT: 2, "support": -1},
                           "kabul": {CT: 2, "support": 1}}, resources=12)
    game.fold([begin("civic", "coalition")])
    assert game.seat == "coalition"
    texts: list[str] = []
    while game.state.step.name == "civic" and game.seat == "coalition":
        texts.append(bot(game))
    # a tie (2 levels each): the fewest Terror, Balkh; then Herat shifts most (2 to 1)
    assert texts == ["civic action in Balkh", "civic action in Herat",
                     "civic action in Herat", "civic action in Herat"]
    assert game.state.space("balkh").support == 0 and game.state.space("herat").support == 1
    assert game.state.resources["government"] == 0


def test_8_8_6_redeploy_from_spaces_without_police_to_the_fewest_coalition_troops() -> None:
    from engine.coin.effects import begin  # noqa: PLC0415
    from engine.games.adp.propaganda import Redeploy  # noqa: PLC0415
    game = coalition_game({"herat": {CT: 1, POLICE: 1}, "balkh": {CT: 1},
                           "kabul": {CT: 3, CB: 1}, "kandahar": {CT: 1, CB: 1}})
    game.fold([begin("redeploy_troops", "coalition",
                     Redeploy(frozen={"kabul": "coin", "kandahar": "coin"}))])
    assert bot(game) == "redeploy coalition_troops from Balkh to Kandahar"


# --- whole games through the service ----------------------------------------------------------

def play_verified(games: range) -> None:
    """Whole Short games with the Coalition and Warlords bots (people choosing at random
    for the Government and Taliban): no dead end, no exception, every invariant kept,
    and each game verifies (every bot decision taken again from its logged dice)."""
    service = Service(Store(":memory:"))
    for index in games:
        rng = random.Random(f"coalition:{index}")
        game, _, problem = play_one(service, "adp", "short", {"length": "short"}, rng,
                                    checks_of("adp"),
                                    20_000, ["coalition", "warlords"])
        assert problem == "", problem
        assert _verified(service, game) == []
        records = service.records(game)
        assert any(r.actor_user == NON_PLAYER and getattr(r.event, "seat", "") == "coalition"
                   for r in records)


def test_8_8_games_with_the_coalition_and_warlords_bots_verify() -> None:
    play_verified(range(1))
