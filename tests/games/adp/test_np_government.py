"""A Distant Plain rule 8.6: the Non-player Government, each step in a set position
asserting the bot's choice (dice through ``ReplayChance``); and whole games with the
Government and Warlords bots through the service, every bot decision verified."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.coin.effects import begin
from engine.core.actions import Action
from engine.core.chance import ReplayChance
from engine.core.events import DieRolled, Event
from engine.games.adp.np.government import choose_sa, transport_origins
from engine.games.adp.ops.government import GovernmentExecution
from engine.games.adp.propaganda import Redeploy
from engine.service import Service
from engine.store import Store
from tests.games.adp.helpers import Game
from tests.games.adp.test_coin_ops import pieces
from tests.games.adp.test_coin_ops import position as coin_position

engine.games.load()

GOV = "government"
POLICE, GT, GB = "police", "government_troops", "government_bases"
CT, CB = "coalition_troops", "coalition_bases"
TU, TA, TB = "taliban_underground", "taliban_active", "taliban_bases"
WU, WA, WB = "warlords_underground", "warlords_active", "warlords_bases"
ONES = (1,) * 30
AVAILABLE = 2      # with ``few``: Police and Troops Available each (and the 3 Bases)


def parked(spaces: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Government cubes parked in Pakistan, out of every Government Operation's reach, so
    that 2 Police and 2 Troops are Available: fewer than 15 Government pieces (8.6.2's
    first trigger fails)."""
    return {"balochistan": {k: 30 - AVAILABLE - sum(sp.get(k, 0) for sp in spaces.values())
                            for k in (POLICE, GT)}}


def position(spaces: dict[str, dict[str, int]], *, resources: int = 20, few: bool = True,
             **extra: Any) -> Game:
    """The Government 1st Eligible on a card, only ``spaces`` on the map (with ``few``,
    fewer than 15 Government pieces Available)."""
    return coin_position(GOV, {**(parked(spaces) if few else {}), **spaces},
                         resources=resources, **extra)


def bot(game: Game, rolls: tuple[int, ...] = ONES) -> tuple[Action, list[Event]]:
    return game.rules.policy(game.state, GOV, ReplayChance(rolls))


def bot_acts(game: Game, rolls: tuple[int, ...] = ONES) -> str:
    action, _ = bot(game, rolls)
    assert action.text in game.offered()
    game.act(action.text)
    return action.text


def bot_plays(game: Game, rolls: tuple[int, ...] = ONES, most: int = 60) -> list[str]:
    """The bot's choices until the Government no longer decides or the step (its turn, a
    Propaganda phase) is over."""
    texts: list[str] = []
    step = game.state.step.name
    for _ in range(most):
        if game.seat != GOV or (texts and game.state.step.name not in (step, "execution")):
            break
        texts.append(bot_acts(game, rolls))
    return texts


# --- 8.1 on a card ------------------------------------------------------------------------

def test_8_1_the_np_government_passes_with_fewer_than_3_resources() -> None:
    game = position({"kabul": {POLICE: 2}}, resources=2)
    assert bot(game)[0].text == "pass"


def test_8_1_the_np_government_does_an_operation_not_the_event() -> None:
    game = position({"kabul": {POLICE: 2}}, few=False)
    offered = game.offered()
    assert any(t.startswith("event") for t in offered)
    assert bot(game)[0].text == "train"


# --- 8.6.2 Train --------------------------------------------------------------------------

def test_8_6_2_train_with_15_government_pieces_available() -> None:
    game = position({"kabul": {POLICE: 1, TA: 3}, "loc_kabul_aibak": {TA: 3}}, few=False)
    assert bot(game)[0].text == "train"          # Patrol's trigger is met too: Train first


def test_8_6_2_train_when_govern_could_add_patronage_or_returnees() -> None:
    spaces = {"kabul": {POLICE: 2, "support": 1}}
    assert bot(position(spaces, aid=5))[0].text == "train"
    # no Support (and Pop 3): Govern could add nothing; fewer than 15 Available
    game = position({"kabul": {POLICE: 2, TU: 1}})
    assert bot(game)[0].text != "train"


def test_8_6_2_train_replaces_3_cubes_with_a_base_then_cubes_in_kabul() -> None:
    game = position({"balkh": {POLICE: 2, GT: 2}, "kabul": {POLICE: 1}}, few=False)
    texts = bot_plays(game)
    assert texts[:4] == ["train", "in Balkh", "in Kabul", "place 3 police"]
    assert texts[4] == "place 3 government_troops"       # 6 cubes, Police first, evenly
    # 8.1.2 the cubes replaced: evenly, Police first (2 Police and 2 Troops there)
    assert "base in Balkh for 1 troop 2 police" in texts
    assert pieces(game, "balkh") == {GB: 1, GT: 1}
    assert not any(t.startswith("civic") for t in texts)    # a Base was placed
    # Govern impossible: Transport Kabul's excess Troops (1 stays) where they add the most
    # COIN-Controlled Pop (Baghlan, Khowst, Nuristan: Pop 2 each; 8.2 dice all 1)
    assert texts[6:9] == ["transport", "move 2 government_troops from Kabul", "to Khowst"]
    assert pieces(game, "kabul") == {POLICE: 4, GT: 1}
    assert texts[-1] == "done"


def test_8_6_2_no_base_civic_action_toward_support_in_a_trained_space() -> None:
    game = position({"kabul": {POLICE: 1, "support": -1}}, few=False, resources=30)
    texts = bot_plays(game)
    assert texts[:5] == ["train", "in Kabul", "place 3 police", "place 3 government_troops",
                         "civic action in Kabul"]
    assert texts[5] == "civic action in Kabul"       # as far as possible: to Support
    assert game.state.resources[GOV] == 30 - 3 - 3 - 3
    # then Govern: Support, no Coalition Base, no +1 Pop marker; die 1 > 0 markers
    assert texts[6:8] == ["govern", "patronage from Kabul"]


def test_8_6_2_cubes_in_kabul_and_up_to_3_spaces_with_coin_bases() -> None:
    spaces = {"kabul": {POLICE: 1}, "herat": {CB: 1}, "balkh": {GB: 1}, "konduz": {CB: 1},
              "kandahar": {CB: 1}}
    game = position(spaces, few=False, resources=40)
    texts = bot_plays(game)
    selected = [t for t in texts if t.startswith("in ")]
    assert selected[0] == "in Kabul" and len(selected) == 4


def test_8_6_2_shaded_night_letters_4_cubes_a_space() -> None:
    game = position({"kabul": {POLICE: 1}}, few=False, capabilities={"29": "shaded"})
    assert bot_plays(game)[:4] == ["train", "in Kabul", "place 2 police",
                                   "place 2 government_troops"]


def test_8_6_2_no_cube_available_from_a_space_with_a_coalition_base_not_trained() -> None:
    # Herat has a COIN Base but 59 cubes more than Control needs: not Trained in; Train
    # as Govern could add Patronage in Kabul
    spaces = {"kabul": {POLICE: 1, "support": 1}, "herat": {CB: 1, POLICE: 29, GT: 30}}
    game = position(spaces, few=False, aid=5)
    texts = bot_plays(game)
    assert texts[:4] == ["train", "in Kabul", "take 1 government_troops from Herat",
                         "take 1 police from Herat"]          # evenly in Kabul
    assert pieces(game, "kabul") == {POLICE: 4, GT: 3}


def test_8_6_2_govern_die_above_the_returnees_markers_transfers_patronage() -> None:
    spaces = {"kabul": {POLICE: 4, "support": 1}, "balkh": {POLICE: 2, "support": 1},
              "herat": {POLICE: 2, "returnees": 1}}
    # 1 +1 Pop marker on the map: a die of 2 transfers Patronage, a die of 1 adds +1 Pop
    for die, patronage in ((2, True), (1, False)):
        game = position(spaces, few=False, aid=10, patronage=0)
        game.act("train")
        game.act("in Kabul")
        game.act("place 1 police")
        game.act("govern")
        action, events = bot(game, (3, 4, 1, die))      # Random Spaces 3-4: Kabul
        assert action.text == ("patronage from Kabul" if patronage else "returnees in Kabul")
        assert [e.purpose for e in events if isinstance(e, DieRolled)][-1] == "8.6.2 Govern"


def test_8_6_2_govern_with_a_returnees_marker_transfers_patronage() -> None:
    spaces = {"balkh": {POLICE: 2, "support": 1, "returnees": 1}}
    game = position(spaces, aid=10, patronage=0)
    game.act("train")
    game.act("in Balkh")
    game.act("govern")
    assert bot_acts(game) == "patronage from Balkh"
    assert game.state.patronage == 3 and game.state.space("balkh").support == 0


def test_8_6_2_govern_with_a_coalition_base_adds_1_pop() -> None:
    spaces = {"balkh": {POLICE: 2, CB: 1, "support": 1}}
    game = position(spaces, aid=10)
    game.act("train")
    game.act("in Balkh")
    game.act("govern")
    assert bot_acts(game) == "returnees in Balkh"


def test_8_6_2_transport_excess_troops_to_a_province_with_police_only() -> None:
    spaces = {"kabul": {GT: 5, POLICE: 1}, "kandahar": {POLICE: 1, TA: 2},
              "ghazni": {POLICE: 1}}
    game = position(spaces)
    game.act("train")
    game.act("in Kabul")
    data = game.state.step.of(GovernmentExecution)
    offered = game.rules.legal_actions(game.state, GOV).actions
    chosen = choose_sa(game.state, data, offered)
    assert chosen is not None and chosen.text == "transport"   # Govern impossible
    assert transport_origins(game.state) == {"kabul": 4}      # 5 excess: leave 1 Troop
    game.act("transport")
    assert bot_acts(game) == "move 4 government_troops from Kabul"
    # Kandahar and Ghazni have Police, no Troops, no COIN Base: random (8.2)
    assert bot_acts(game, (6, 6, 1)) in ("to Kandahar", "to Ghazni")


def test_8_6_2_transport_else_where_the_troops_add_the_most_controlled_pop() -> None:
    spaces = {"kabul": {GT: 4}, "kandahar": {TA: 2}, "ghazni": {TA: 1}}
    game = position(spaces)
    game.act("train")
    game.act("in Kabul")
    game.act("transport")
    assert bot_acts(game) == "move 3 government_troops from Kabul"
    assert bot_acts(game) == "to Kandahar"        # Pop 2 under Taliban Control


# --- 8.6.3 Patrol -------------------------------------------------------------------------

def test_8_6_3_patrol_when_taliban_outnumber_others_on_a_loc_or_kabul() -> None:
    spaces = {"kabul": {POLICE: 3, GT: 4}, "loc_kabul_tor_kham": {TU: 3}}
    game = position(spaces)
    assert bot(game)[0].text == "patrol"


def test_8_6_3_no_patrol_when_no_cube_can_reach_the_loc() -> None:
    # Konduz touches no LoC and not Kabul: its cubes cannot Patrol (then Sweep, 8.6.4)
    spaces = {"konduz": {POLICE: 3, GT: 4, TU: 1}, "loc_kabul_tor_kham": {TU: 3}}
    game = position(spaces)
    assert "patrol" in game.offered()
    assert bot(game)[0].text == "sweep"


def test_8_6_3_patrol_1_police_then_troops_to_equal_the_taliban_then_assault() -> None:
    spaces = {"kabul": {POLICE: 3, GT: 4}, "baghlan": {GT: 2},
              "loc_kabul_tor_kham": {TU: 3}}
    game = position(spaces)
    texts = bot_plays(game)
    assert texts[:6] == ["patrol", "move 1 police from Kabul", "to Kabul-Tor Kham",
                         "move 2 government_troops from Kabul", "to Kabul-Tor Kham",
                         "end moves"]
    # 3 cubes Activate the 3 Taliban; 3 cubes remove 1 (1 per 2 cubes)
    assert "assault Kabul-Tor Kham" in texts
    assert pieces(game, "loc_kabul_tor_kham") == {POLICE: 1, GT: 2, TA: 2}


# --- 8.6.4 Sweep --------------------------------------------------------------------------

def test_8_6_4_sweep_when_an_assault_would_remove_little() -> None:
    spaces = {"kabul": {GT: 4}, "bamian": {TU: 1}}
    game = position(spaces)
    assert bot(game)[0].text == "sweep"


def test_8_6_4_sweep_first_brings_troops_to_control_the_highest_pop() -> None:
    spaces = {"kabul": {GT: 5}, "khowst": {TU: 2}, "bamian": {TU: 1}}
    game = position(spaces, resources=20)
    texts = bot_plays(game)
    assert texts[0] == "sweep"
    # the Pop-2 spaces Troops can reach and Control (Baghlan, Khowst, Nuristan, Kandahar
    # ...): Random Spaces (dice 1, 1, 1) -> Khowst, where 3 Troops add COIN Control
    assert texts[1:3] == ["in Khowst", "move 3 government_troops from Kabul"]
    assert pieces(game, "khowst") == {GT: 3, TA: 2}


def test_8_6_4_then_sweep_in_place_where_most_taliban_activate_kabul_first() -> None:
    # no Troop can leave its space without losing Control there (8.1.2): no first space
    spaces = {"kabul": {POLICE: 1, TU: 1, GT: 1}, "balkh": {POLICE: 1, TU: 1},
              "herat": {POLICE: 3, WU: 2}, "farah": {POLICE: 1, WU: 1}}
    game = position(spaces, resources=20)
    assert bot_acts(game) == "sweep"
    assert bot_acts(game) == "in Kabul"                # 1 Taliban, tie with Balkh
    assert bot_acts(game) == "in Balkh"
    assert bot_acts(game) == "in Herat"                # then the most Warlords
    assert pieces(game, "herat") == {POLICE: 3, WA: 2}


# --- 8.6.5 Assault, Eradicate -------------------------------------------------------------

def test_8_6_5_assault_when_it_removes_a_base_or_2_guerrillas() -> None:
    spaces = {"kabul": {POLICE: 2, GT: 2, TA: 2}}
    game = position(spaces)
    assert bot(game)[0].text == "assault"


def test_8_6_5_assault_taliban_bases_first_then_taliban_then_warlords() -> None:
    spaces = {"kandahar": {GT: 2, TA: 1, WA: 1}, "herat": {GT: 2, TB: 1},
              "balkh": {GT: 2, WA: 2}, "loc_kabul_aibak": {GT: 2, TA: 1}}
    game = position(spaces, resources=9)
    assert bot_acts(game) == "assault"
    assert bot_acts(game) == "in Herat"                         # a Taliban Base
    assert bot_acts(game) == "remove 1 taliban_bases from Herat"
    assert bot_acts(game) == "in Kandahar"                      # a Taliban Guerrilla
    assert bot_acts(game) == "remove 1 taliban_active from Kandahar"   # Taliban first
    assert bot_acts(game) == "in Kabul-Aibak"      # the LoC ties Kandahar's Taliban
    assert game.state.aid >= 6                                  # 3.2.4 +6 Aid per Base


def test_8_6_5_eradicate_where_opposition_first_after_assault() -> None:
    spaces = {"kabul": {POLICE: 2, GT: 2, TA: 2},
              "balkh": {POLICE: 3, WB: 1}, "herat": {POLICE: 3, WB: 1, "support": -1}}
    game = position(spaces)
    texts = bot_plays(game)
    assert texts[:4] == ["assault", "in Kabul", "remove 1 taliban_active from Kabul",
                         "remove 1 taliban_active from Kabul"]
    assert "eradicate" in texts
    after = texts[texts.index("eradicate") + 1:]
    assert after[:2] == ["in Herat", "in Balkh"]                # Opposition first


def test_8_6_5_nothing_to_train_patrol_sweep_or_assault_pass() -> None:
    game = position({"kabul": {POLICE: 2}})       # no Troop to Sweep with, no enemy
    assert "sweep" in game.offered() and "pass" in game.offered()
    assert bot(game)[0].text == "pass"


# --- 8.6.6 Civic Action -------------------------------------------------------------------

def at_civic(spaces: dict[str, dict[str, int]], final: bool = False, **extra: Any) -> Game:
    game = position(spaces, few=False, **extra)
    if final:
        game.state.propaganda_in_deck = game.state.propaganda_played
    else:
        game.state.propaganda_in_deck = game.state.propaganda_played + 1
    game.fold([begin("civic", GOV)])
    return game


def test_8_6_6_civic_action_removes_opposition_first_then_support() -> None:
    spaces = {"balkh": {GT: 2, "support": -1}, "kandahar": {GT: 2, "support": -1,
                                                            "terror": 1},
              "herat": {GT: 2}, "konduz": {GT: 2, CB: 1}}
    game = at_civic(spaces, resources=30)
    texts = bot_plays(game)
    # Pop 2 each: the one without Terror first (it costs less); then Support, the highest
    # Pop first (Herat: Pop 1)
    assert texts == ["civic action in Balkh", "civic action in Kandahar",
                     "civic action in Kandahar", "civic action in Balkh",
                     "civic action in Kandahar", "civic action in Herat", "done"]
    assert game.state.space("konduz").support == 0        # a Coalition Base: no Support


def test_8_6_6_in_the_final_round_only_opposition_is_removed() -> None:
    spaces = {"balkh": {GT: 2, "support": -1}, "herat": {GT: 2}}
    game = at_civic(spaces, final=True, resources=30)
    assert bot_plays(game) == ["civic action in Balkh", "done"]


# --- 6.5.1 Desertion, 8.6.7 Redeploy ------------------------------------------------------

def at(step: str, spaces: dict[str, dict[str, int]], data: Redeploy) -> Game:
    game = position(spaces, few=False)
    game.fold([begin(step, GOV, data)])
    return game


def test_6_5_1_desertion_removes_police_and_troops_evenly_police_first() -> None:
    game = at("desertion", {"kabul": {POLICE: 3, GT: 3}}, Redeploy(owed={"kabul": 2}))
    assert bot_plays(game) == ["desert police in Kabul", "desert government_troops in Kabul"]


def test_8_6_7_troops_secure_kabul_then_spread_evenly() -> None:
    frozen = {"kandahar": "coin", "herat": "coin"}
    spaces = {"kabul": {TA: 1}, "balkh": {GT: 3}, "kandahar": {CB: 1, GT: 2},
              "herat": {GB: 1, POLICE: 1}}
    game = at("redeploy_troops", spaces, Redeploy(frozen=frozen))
    texts = bot_plays(game, most=5)
    assert texts[:2] == ["redeploy government_troops from Balkh to Kabul"] * 2
    assert texts[2] == "redeploy government_troops from Balkh to Herat"   # the fewest


def test_8_6_7_police_keep_control_then_2_on_each_econ_3_and_4_loc() -> None:
    frozen = {"kandahar": "coin"}
    spaces = {"kabul": {POLICE: 5}, "kandahar": {POLICE: 1, TA: 1},
              "loc_kandahar_kabul": {POLICE: 1}}
    game = at("redeploy_police", spaces, Redeploy(frozen=frozen))
    texts = bot_plays(game)
    assert texts[0] == "redeploy police from Kandahar-Kabul to Kandahar"   # keep Control
    assert texts.count("redeploy police from Kabul to Kabul-Tor Kham") == 2
    assert texts.count("redeploy police from Kabul to Kandahar-Spin Boldak") == 2
    assert texts[-1] == "done"


# --- whole games through the service ------------------------------------------------------

def test_8_6_the_government_may_be_a_non_player() -> None:
    service = Service(Store(":memory:"))
    game = service.create_game("adp", "short", seed="s", bots=["government", "warlords"])
    assert service.non_player_seats(game) == frozenset({"government", "warlords"})
