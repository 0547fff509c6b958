"""A Distant Plain rule 8: the Non-player framework (8.1-8.4) and the Non-player Warlords
(8.5), each in a set position asserting the bot's choice; and fuzzed games with the
Warlords bot through the service (each game verified: every bot decision taken again
from its logged dice)."""

from __future__ import annotations

import pytest

import engine.games
from engine.core.actions import Action
from engine.core.chance import ReplayChance
from engine.core.events import DieRolled, Event
from engine.core.messages import CourierError
from engine.games.adp.np.dice import Dice, random_loc, random_space
from engine.games.adp.np.warlords import choose_sa, terror_targets
from engine.games.adp.ops.warlords import WarlordsExecution
from engine.games.adp.ruleset import ADistantPlain
from engine.games.adp.spec import FACTIONS
from engine.service import Service
from engine.store import Store
from tests.games.adp.helpers import Game, play_card
from tests.games.adp.test_insurgent_ops import WA, WB, WU, pieces, position

engine.games.load()

POLICE, GT, TB, TU = "police", "government_troops", "taliban_bases", "taliban_underground"


def bot(game: Game, rolls: tuple[int, ...] = ()) -> tuple[Action, list[Event]]:
    return game.rules.policy(game.state, "warlords", ReplayChance(rolls))


def bot_acts(game: Game, rolls: tuple[int, ...] = ()) -> str:
    action, _ = bot(game, rolls)
    assert action.text in game.offered()
    game.act(action.text)
    return action.text


# --- 8.2 Random Spaces, 8.3 random LoCs ------------------------------------------------

def test_8_2_the_three_dice_point_to_a_cell_and_the_walk_goes_down_the_columns() -> None:
    dice = Dice(ReplayChance((1, 1, 1)))          # Balochistan, not a candidate: walk on
    assert random_space(dice, ["kandahar", "nimruz"]) == "nimruz"
    assert [(e.value, e.purpose) for e in dice.rolled if isinstance(e, DieRolled)] == [
        (1, "8.2 tan"), (1, "8.2 black"), (1, "8.2 green")]
    # Kandahar is the last cell: from it the walk wraps to Balochistan
    assert random_space(Dice(ReplayChance((6, 6, 6))), ["balochistan", "nimruz"]) \
        == "balochistan"
    # Kabul fills its whole triplet (tan 3-4, black 3-4)
    for green in (1, 4, 6):
        assert random_space(Dice(ReplayChance((3, 4, green))), ["kabul", "kandahar"]) \
            == "kabul"


def test_8_2_a_single_candidate_needs_no_roll() -> None:
    dice = Dice(ReplayChance(()))
    assert random_space(dice, ["herat"]) == "herat" and dice.rolled == []


def test_8_3_only_locs_the_highest_econ_then_a_split_die() -> None:
    dice = Dice(ReplayChance(()))
    assert random_loc(dice, ["loc_kabul_aibak", "loc_kabul_tor_kham"]) == "loc_kabul_tor_kham"
    tied = ["loc_kabul_aibak", "loc_shibirghan_aibak"]
    assert random_loc(Dice(ReplayChance((1,))), tied) == "loc_kabul_aibak"
    assert random_loc(Dice(ReplayChance((6,))), tied) == "loc_shibirghan_aibak"


# --- 8.1 Event or Operations; no Limited Operation; low Resources ----------------------

def test_8_1_the_np_warlords_do_a_full_operation_not_the_event() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 1}}})
    offered = game.offered()
    assert any(t.startswith("event") for t in offered) and "rally" in offered
    action, events = bot(game)
    assert action.text == "rally" and events == []     # 8.5.1: 6+ Guerrillas Available


def test_8_1_example_ineffective_event_change_in_tactics_the_warlords_operate() -> None:
    """8.1 EXAMPLE DE EVENTO INEFECTIVO: the NP Warlords 1st Eligible for "Change in
    Tactics" (card 67) with no Capability marker in play: the Event would do nothing, so
    they execute Operations and a Special Activity."""
    game = position("warlords", {"balkh": {"pieces": {WU: 1}}})
    play_card(game, "67")
    game.state.capabilities = {}
    game.state.version += 1
    assert game.state.current == "67" and game.seat == "warlords"
    assert "event unshaded" in game.offered()
    action, _ = bot(game)
    assert action.text == "rally"
    game.act(action.text)
    assert game.state.step.name == "execution" and game.state.step.data.sa_allowed


def test_8_5_3_in_a_game_without_players_the_coalition_is_a_non_player() -> None:
    """8.5.3 Terror with Opposition first if the Coalition is a Non-player: in a game of
    no players (``players = []``, 8.0) every Faction is one -- the bot read that seating
    as "no Non-player" and chose among Support and Opposition alike."""
    game = position("warlords", {"balkh": {"pieces": {WU: 1}, "support": 1},
                                 "kandahar": {"pieces": {WU: 1}, "support": -1}})
    game.state.options = {**game.state.options, "players": []}
    game.state.version += 1
    assert terror_targets(game.state, ["balkh", "kandahar"]) == ["kandahar"]


def test_8_1_with_no_resources_the_np_warlords_pass() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 1}}}, resources={"warlords": 0})
    assert bot(game)[0].text == "pass"


# --- 8.5.1 Rally -----------------------------------------------------------------------

def test_8_5_1_rally_flips_underground_first_then_builds_bases_then_places() -> None:
    game = position("warlords", {
        "balkh": {"pieces": {WB: 1, WA: 2, POLICE: 1}},    # 1: all Active, a Base, a cube
        "konduz": {"pieces": {WU: 2}},                       # 2: room for a Base
        "badakhshan": {"pieces": {WB: 1}},                   # 3a: a Base, no Guerrilla
    })
    assert bot_acts(game) == "rally"
    assert bot_acts(game) == "in Balkh"
    assert bot_acts(game) == "underground"
    assert pieces(game, "balkh") == {WB: 1, WU: 2, POLICE: 1}
    assert bot_acts(game) == "in Konduz"
    assert bot_acts(game) == "base"
    assert bot_acts(game) == "in Badakhshan"
    assert bot_acts(game).startswith("place ")        # as many as may be placed
    assert pieces(game, "badakhshan")[WU] >= 1
    # 3 Provinces: no more Rally; 8.5.4 the Special Activity next
    action, _ = bot(game)
    assert action.verb in ("activity", "done")


# --- 8.5.2 March -----------------------------------------------------------------------

def full_map() -> dict[str, dict[str, dict[str, int]]]:
    """Warlords Guerrillas on the map so that fewer than 6 are Available (8.5.1 fails)."""
    return {"herat": {"pieces": {WA: 10}}}


def test_8_5_2_march_first_sends_1_guerrilla_to_the_empty_loc_of_highest_econ() -> None:
    spaces = {**full_map(), "baghlan": {"pieces": {WU: 3}}}
    game = position("warlords", spaces)
    assert bot_acts(game) == "march"          # Bases + Resources <= 50
    # the empty LoCs within reach all have Econ 1 (8.3): a split die, 1 -> Kabul-Aibak
    action = bot_acts(game, (1,))
    assert action == "move 1 warlords_underground from Baghlan"
    assert bot_acts(game, (1,)) == "to Kabul-Aibak"
    assert pieces(game, "loc_kabul_aibak") == {WU: 1}


def test_8_5_2_never_the_last_guerrilla_out_of_a_space_with_a_base() -> None:
    spaces = {**full_map(), "baghlan": {"pieces": {WB: 1, WU: 1}}}
    game = position("warlords", spaces)
    game.act("march")
    for _ in range(10):
        action, _ = bot(game, (1,) * 12)
        if action.verb != "move_from":
            break
        assert action["space"] != "baghlan"
        game.act(action.text)
        game.act(bot(game, (1,) * 12)[0].text)


def test_8_5_2_march_only_while_bases_and_resources_are_50_or_fewer() -> None:
    spaces = {**full_map(), "baghlan": {"pieces": {WU: 3}},
              "kabul": {"pieces": {WU: 1}, "support": 1}}
    game = position("warlords", spaces, resources={"warlords": 51})
    offered = game.offered()
    assert "march" in offered and "terror" in offered
    assert bot(game)[0].text == "terror"        # 0 Bases + 51 Resources: March fails


# --- 8.5.3 Terror ----------------------------------------------------------------------

def test_8_5_3_terror_in_1_space_with_support_or_opposition_then_suborn() -> None:
    spaces = {**full_map(), "kabul": {"pieces": {WU: 1, POLICE: 2}, "support": 1},
              "balkh": {"pieces": {WU: 1}}}
    game = position("warlords", spaces, resources={"warlords": 60})
    assert bot_acts(game) == "terror"
    assert bot_acts(game) == "in Kabul"        # Balkh is Neutral: not a target
    action, _ = bot(game)
    assert action.text == "suborn"             # 8.5.4 after Terror: Suborn
    game.act(action.text)
    assert bot_acts(game) == "in Kabul"        # the only space with Government pieces
    assert bot_acts(game) == "remove police"   # 8.1.2 #2 Police first


def test_8_5_3_no_space_with_support_or_opposition_rally_instead() -> None:
    spaces = {**full_map(), "balkh": {"pieces": {WU: 1}}}
    game = position("warlords", spaces, resources={"warlords": 60})
    assert "terror" in game.offered()
    assert bot(game)[0].text == "rally"


# --- 8.5.4 Special Activities ----------------------------------------------------------

def test_8_5_4_after_rally_cultivate_first() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 1}}, "konduz": {"pieces": {WB: 1}}})
    game.act("rally")
    game.act("in Balkh")
    game.act("place 1 guerrillas")
    game.act("in Konduz")
    game.act("place 1 guerrillas")
    game.act("in Badakhshan")
    game.act("place 1 guerrillas")
    assert "cultivate" in game.offered()
    assert bot_acts(game) == "cultivate"
    assert bot_acts(game) == "in Konduz"       # a space with a Warlords Base first


def sa_after_rally_in_kandahar(resources: int) -> str | None:
    """8.5.4 the Special Activity the bot picks once it has Rallied in Kandahar (2
    Warlords Bases, so no room for Cultivate's)."""
    spaces = {"kandahar": {"pieces": {WB: 2, WU: 2}}, "herat": {"pieces": {WA: 10}}}
    game = position("warlords", spaces, resources={"warlords": resources})
    game.act("rally")
    game.act("in Kandahar")
    game.act("place 1 guerrillas")
    actions = game.rules.legal_actions(game.state, "warlords").actions
    assert "cultivate" not in [a.text for a in actions]
    chosen = choose_sa(game.state, game.state.step.of(WarlordsExecution), actions)
    return chosen.text if chosen else None


def test_8_5_4_traffic_unless_it_would_reach_75() -> None:
    assert sa_after_rally_in_kandahar(20) == "traffic"
    assert sa_after_rally_in_kandahar(73) == "traffic"     # 72 after Rally, +2: 74
    assert sa_after_rally_in_kandahar(74) != "traffic"     # 73 after Rally, +2: 75


# --- seating: every Faction has a bot (8.5-8.8) -------------------------------------------

def test_8_0_any_faction_may_be_a_non_player_and_1_5_a_lone_player_is_coin_or_taliban(
        ) -> None:
    service = Service(Store(":memory:"))
    rules = ADistantPlain()
    assert rules.seat_non_players({}, frozenset(FACTIONS))["players"] == []   # 0 players
    game = service.create_game("adp", "short", seed="s",
                               bots=["coalition", "government", "warlords"])
    assert service.non_player_seats(game) == frozenset({"coalition", "government",
                                                        "warlords"})
    with pytest.raises(CourierError) as refused:      # 8.8 (1 player): Coalition or Taliban
        service.create_game("adp", "short", seed="s",
                            bots=["coalition", "taliban", "warlords"])
    assert refused.value.msg.key == "error.bad_option"


# --- fuzzed games with the Warlords bot --------------------------------------------------

def test_8_1_2_march_no_more_underground_guerrillas_than_stay_underground() -> None:
    """8.1.2 #8 (the rule book's example): Warlords Guerrillas marching into a Pashtun
    space: with Underground movers only 3 go, so that none is Activated."""
    spaces = {**full_map(), "ghazni": {"pieces": {"government_troops": 1}},
              "bamian": {"pieces": {WU: 6}}}
    game = position("warlords", spaces)
    game.act("march")
    # 1 goes to the empty LoC; Ghazni is COIN-Controlled: an arrival would end Control
    texts = []
    for _ in range(6):
        action, _ = bot(game, (1,) * 12)
        if action.verb != "move_from":
            break
        texts.append(action.text)
        game.act(action.text)
        game.act(bot(game, (1,) * 12)[0].text)
    assert texts[0] == "move 1 warlords_underground from Bamian"     # the empty LoC
    assert pieces(game, "ghazni") == {WU: 3, "government_troops": 1}
