"""A Distant Plain rule 8.7: the Non-player Taliban, each step in a set position asserting
the bot's choice (the dice through ``ReplayChance``); the rule book's Non-player Terror
example (8.1.1); and whole games with the Taliban (and Warlords) bots through the service,
every bot decision verified from the log."""

from __future__ import annotations

from typing import Any

import engine.games
from engine.coin.events import BoxTransfer, PiecesMoved
from engine.core.actions import Action
from engine.core.chance import ReplayChance
from engine.core.events import Event
from engine.games.adp.derived import control
from engine.games.adp.np import taliban as bot_module
from engine.games.adp.np.dice import Dice
from engine.games.adp.ops.taliban import TalibanExecution
from engine.games.adp.propaganda import (
    DONE,
    SHARIAH,
    Shariah,
    shariah_spaces,
    taliban_moves,
)
from engine.service import Service
from engine.store import Store
from tests.games.adp.helpers import Game
from tests.games.adp.test_insurgent_ops import TA, TB, TU, WU, pieces, position

engine.games.load()

POLICE, GT, CT, GB = "police", "government_troops", "coalition_troops", "government_bases"
DICE = (1,) * 30


def np_position(spaces: dict[str, dict[str, Any]], *, out: dict[str, int] | None = None,
                **kw: Any) -> Game:
    """``position`` with the Taliban 1st Eligible; ``out``: pieces (by box kind) put out
    of play so that fewer are Available."""
    game = position("taliban", spaces, **kw)
    game.fold([BoxTransfer(kind=k, count=n, origin="available", destination="out_of_game")
               for k, n in (out or {}).items()])
    return game


# 20 Taliban Guerrillas and the 12 Bases out of play: at most 10 pieces Available (8.7.2
# fails)
FEW = {"taliban_guerrillas": 20, "taliban_bases": 12}
# and the Coalition's Troops out of play: Support + Coalition Available is 6 (8.7.4)
FEW_COALITION = {**FEW, "coalition_troops": 20}


def bot(game: Game, rolls: tuple[int, ...] = DICE) -> tuple[Action, list[Event]]:
    return game.rules.policy(game.state, "taliban", ReplayChance(rolls))


def bot_acts(game: Game, rolls: tuple[int, ...] = DICE) -> str:
    action, _ = bot(game, rolls)
    assert action.text in game.offered()
    game.act(action.text)
    return action.text


def bot_runs(game: Game, rolls: tuple[int, ...] = DICE, limit: int = 60) -> list[str]:
    """The bot's choices until its Operation ends."""
    out: list[str] = []
    for _ in range(limit):
        if game.state.step.name != "execution":
            return out
        out.append(bot_acts(game, rolls))
    raise AssertionError("no end")


# --- 8.1 Event or Operations; 8.7.6 Islamabad -------------------------------------------

def test_8_1_the_np_taliban_do_an_operation_not_the_event() -> None:
    game = np_position({"kandahar": {"pieces": {TU: 1}}})
    assert any(t.startswith("event") for t in game.offered())
    action, events = bot(game, ())
    assert action.text == "rally" and events == []     # 8.7.2: 15+ pieces Available


def test_8_7_6_at_funding_the_np_taliban_still_operate_so_stay_eligible_never_applies(
) -> None:
    """8.7.6 keeps the NP Taliban Eligible after an Event at Funding; they never choose
    an Event (8.1, docs/rules-choices.md), so they Operate and the rule has no case."""
    game = np_position({"kandahar": {"pieces": {TU: 1}}}, islamabad=4)
    assert bot(game, ())[0].text == "rally"


def test_8_1_with_no_resources_the_np_taliban_pass() -> None:
    game = np_position({"kandahar": {"pieces": {TU: 1}}}, resources={"taliban": 0})
    assert bot(game, ())[0].text == "pass"


# --- 8.7.2 Rally, Extort, Infiltrate ----------------------------------------------------

def test_8_7_2_rally_flips_builds_kabul_control_few_guerrillas_then_every_base() -> None:
    game = np_position({
        "kandahar": {"pieces": {TB: 1, TA: 2, POLICE: 1}},   # 1 all Active with a Base
        "helmand": {"pieces": {TU: 3}},                       # 2 3+ Guerrillas: a Base
        "zabol": {"pieces": {TU: 1}},                         # 4b 1-2 Guerrillas
        "oruzgan": {"pieces": {TB: 1, TU: 1}},                # 4c a Taliban Base
    })
    assert bot_acts(game, ()) == "rally"
    assert bot_acts(game, ()) == "in Kandahar"
    assert bot_acts(game, ()) == "underground"
    assert pieces(game, "kandahar") == {TB: 1, TU: 2, POLICE: 1}
    assert bot_acts(game, ()) == "in Helmand"
    assert bot_acts(game, ()) == "base"
    assert pieces(game, "helmand") == {TB: 1, TU: 1}
    assert bot_acts(game, ()) == "in Kabul"          # 3 no Underground Guerrilla in Kabul
    assert bot_acts(game, ()) == "place 1 guerrillas"
    # 4a 1 space where 1 Guerrilla adds Taliban Control: every empty one -- 8.2 decides
    added = bot_acts(game, DICE)
    assert bot_acts(game, ()) == "place 1 guerrillas"
    assert control(game.state)[added.removeprefix("in ").lower()] == "taliban"
    assert bot_acts(game, ()) == "in Zabol"          # 4b the 1 space of 1-2 Guerrillas
    assert bot_acts(game, ()) == "place 1 guerrillas"
    # 4c every Taliban Base: Oruzgan (Helmand and Kandahar were rallied in already)
    assert bot_acts(game, ()) == "in Oruzgan"
    assert bot_acts(game, ()) == "place 2 guerrillas"    # its Base + Pop 1
    assert pieces(game, "oruzgan") == {TB: 1, TU: 3}
    # finally Shariah in 1 Rally space with a Base: 1 level in each, 8.2 decides
    bought = bot_acts(game, DICE)
    assert bought in ("shariah in Kandahar", "shariah in Helmand", "shariah in Oruzgan")
    action, _ = bot(game, ())
    assert action.verb in ("activity", "done")        # the Rally is over


def test_8_7_2_flip_underground_in_up_to_3_spaces_only() -> None:
    all_active = {"pieces": {TB: 1, TA: 1}}
    game = np_position({s: all_active for s in ("kandahar", "helmand", "zabol", "oruzgan")})
    assert bot_acts(game, ()) == "rally"
    options: dict[str, str] = {}
    while game.state.step.of(TalibanExecution).op == "rally":
        space = bot_acts(game)
        if not space.startswith("in "):
            break
        options[space.removeprefix("in ").lower()] = bot_acts(game)
    assert sorted(options.values()).count("underground") == 3
    fourth = [s for s in ("kandahar", "helmand", "zabol", "oruzgan")
              if options[s] != "underground"]
    assert len(fourth) == 1 and options[fourth[0]].startswith("place ")   # at its Base


def test_8_7_2_rally_ends_with_shariah_for_the_largest_shift_in_1_rally_space() -> None:
    game = np_position({"kandahar": {"pieces": {TB: 1, TU: 1}, "support": 1},   # 2 levels
                        "helmand": {"pieces": {TB: 1, TU: 1}}})                  # 1 level
    assert bot_acts(game, ()) == "rally"
    choices = bot_runs(game)
    rallied = [c for c in choices if c.startswith("in ")]
    assert {"in Kandahar", "in Helmand"} <= set(rallied)
    bought = [c for c in choices if c.startswith("shariah ")]
    assert bought == ["shariah in Kandahar"] * 2          # the largest shift, there only
    sa = choices.index("extort")                          # then the Special Activity
    assert choices[sa - 2:sa] == bought                   # "Finalmente": the Rally's end
    assert game.state.space("kandahar").support == -1
    assert game.state.space("helmand").support == 0       # 1 of the Rally spaces only


def test_8_7_2_rally_shariah_fewest_terror_on_equal_shifts() -> None:
    game = np_position({"kandahar": {"pieces": {TB: 1, TU: 1}, "terror": 1},
                        "helmand": {"pieces": {TB: 1, TU: 1}}})
    assert bot_acts(game, ()) == "rally"
    choices = bot_runs(game)
    assert [c for c in choices if c.startswith("shariah ")] == ["shariah in Helmand"]
    assert game.state.space("helmand").support == -1
    assert game.state.space("kandahar").terror == 1       # no Terror bought for nothing
    assert game.state.space("kandahar").support == 0


def test_8_7_2_no_rally_below_15_pieces_available_and_15_active() -> None:
    game = np_position({"kandahar": {"pieces": {TU: 1}}}, out=FEW)
    assert not bot_module.rally_trigger(game.state)
    game = np_position({"waziristan": {"pieces": {TA: 15}}}, out={"taliban_guerrillas": 13})
    assert bot_module.rally_trigger(game.state)       # 15 Active Guerrillas


def rallied(game: Game) -> str:
    """Rally in Oruzgan only, by hand; then the bot's Special Activity (8.7.2), begun."""
    game.act("rally")
    game.act("in Oruzgan")
    game.act("place 1 guerrillas")
    actions = game.rules.legal_actions(game.state, "taliban").actions
    chosen = bot_module.choose_sa(game.state, game.state.step.of(TalibanExecution), actions)
    assert chosen is not None
    game.act(chosen.text)
    return chosen.text


def test_8_7_2_extort_the_unsabotaged_econ_3_and_4_locs_only() -> None:
    game = np_position({"loc_kabul_tor_kham": {"pieces": {TU: 1}},
                        "loc_kandahar_kabul": {"pieces": {TU: 1}},
                        "zabol": {"pieces": {TU: 1}}})
    assert rallied(game) == "extort"
    assert bot_acts(game, ()) == "in Kabul-Tor Kham"     # Econ 4
    assert game.state.resources["taliban"] == 9 + 4
    assert bot_acts(game, ()) == "done"                  # not the Econ 1 LoC nor Zabol


def test_8_7_2_infiltrate_a_loc_first_government_first_replacing_with_a_guerrilla() -> None:
    game = np_position({"loc_kabul_aibak": {"pieces": {TU: 1, POLICE: 1, WU: 1}},
                        "balkh": {"pieces": {TU: 1, GB: 1}}})
    assert rallied(game) == "infiltrate"                 # no Econ 3-4 LoC to Extort
    assert bot_acts(game, ()) == "in Kabul-Aibak"        # a LoC first
    assert bot_acts(game, ()) == "replace police"        # the Government first
    assert pieces(game, "loc_kabul_aibak") == {TU: 2, WU: 1}


def test_8_7_2_infiltrate_to_remove_a_government_base_then_the_last_police() -> None:
    game = np_position({"balkh": {"pieces": {TU: 1, GB: 1}},
                        "herat": {"pieces": {TU: 1, POLICE: 1}}})
    assert rallied(game) == "infiltrate"
    assert bot_acts(game, ()) == "in Balkh"              # the Government Base
    assert bot_acts(game, ()) == f"replace {GB}"


def test_8_7_2_no_infiltrate_target_extort_anywhere() -> None:
    game = np_position({"zabol": {"pieces": {TU: 1}}, "ghazni": {"pieces": {TU: 2}}})
    assert rallied(game) == "extort"
    # everywhere it may: Oruzgan's new Guerrilla too
    assert bot_runs(game, ()) == ["in Ghazni", "in Oruzgan", "in Zabol", "done", "done"]


# --- 8.7.3 March ------------------------------------------------------------------------

def test_8_7_3_march_into_the_loc_then_2_provinces_leaving_1_underground() -> None:
    game = np_position({"paktika": {"pieces": {TU: 2, TA: 2}}}, out=FEW)
    assert bot_acts(game, ()) == "march"
    # 1 the LoC next to the origin, until the Taliban outnumber the others by 1
    assert bot_acts(game, ()) == f"move 1 {TA} from Paktika"     # the Active first
    assert bot_acts(game, ()) == "to Kandahar-Kabul"
    # 2 then 2 Provinces with no Opposition nor Taliban Control (all empty: 8.2)
    assert bot_acts(game, DICE) == f"move 1 {TA} from Paktika"
    bot_acts(game, DICE)
    assert bot_acts(game, DICE) == f"move 1 {TU} from Paktika"
    bot_acts(game, DICE)
    assert pieces(game, "paktika") == {TU: 1}                     # 1 stays, Underground
    entered = [s for s in ("ghazni", "khowst", "waziristan", "zabol")
               if pieces(game, s)]
    assert len(entered) == 2
    assert all(control(game.state)[s] == "taliban" for s in entered)
    action, _ = bot(game, ())
    assert action.verb in ("activity", "done")


def test_8_7_3_march_on_through_pashtun_spaces_the_nearest_first_leaving_1_on_the_way(
) -> None:
    """No LoC nor Province next to Kandahar wants Guerrillas (the LoCs are held, the
    Provinces have Opposition or Taliban Control): they march on through Pashtun spaces
    to the nearest open Provinces; a Pashtun space on the way is an origin and keeps 1."""
    held = {"pieces": {TA: 2}}
    game = np_position({
        "kandahar": {"pieces": {TU: 5}},
        "loc_farah_kandahar": held, "loc_kandahar_kabul": held,
        "loc_kandahar_spin_boldak": held,
        "helmand": {"support": -1}, "oruzgan": {"support": -1},
        "zabol": {"pieces": {TA: 1}}, "balochistan": {"pieces": {TA: 1}},
        "waziristan": {"pieces": {TA: 1}}}, out=FEW)
    assert bot_acts(game, ()) == "march"
    # 2 into the first Pashtun space: 1 for the Province beyond, 1 to stay (8.2: Helmand)
    assert bot_acts(game, DICE) == f"move 2 {TU} from Kandahar"
    assert bot_acts(game, DICE) == "to Helmand"
    assert bot_acts(game, DICE) == f"move 1 {TU} from Helmand"
    assert bot_acts(game, DICE) == "to Nimruz"
    while bot_acts(game) not in ("infiltrate", "extort", "done"):
        pass
    assert pieces(game, "kandahar") == {TU: 1}
    assert pieces(game, "helmand") == {TU: 1}
    reached = [s for s in game.state.step.of(TalibanExecution).march.dests
               if s not in game.state.step.of(TalibanExecution).march.closed]
    assert "nimruz" in reached and len(reached) <= 4
    assert all(control(game.state)[s] == "taliban" for s in reached)


def test_8_7_3_march_never_takes_control_away_from_an_origin() -> None:
    game = np_position({"kandahar": {"pieces": {TU: 3, POLICE: 1}}}, out=FEW)
    assert bot_acts(game, ()) == "march"
    while bot_acts(game) not in ("infiltrate", "extort", "done"):
        pass
    assert control(game.state)["kandahar"] == "taliban"
    assert pieces(game, "kandahar")[TU] == 2


def test_8_7_3_no_march_while_a_support_space_or_a_loc_has_an_underground_guerrilla(
) -> None:
    spaces: dict[str, dict[str, Any]] = {
        "paktika": {"pieces": {TU: 2, TA: 2}},
        "kabul": {"pieces": {TU: 1, POLICE: 3}, "support": 1}}
    game = np_position(spaces, out=FEW)
    assert not bot_module.march_trigger(game.state)
    assert bot(game)[0].text == "terror"        # 8.7.5 Support + Available > 20


# --- 8.7.4 Attack and Ambush ------------------------------------------------------------

ATTACK_MAP: dict[str, dict[str, Any]] = {
    # a Sabotaged LoC holding Underground Guerrillas: no March (8.7.3), no Terror there
    "loc_kabul_aibak": {"pieces": {TU: 2}, "sabotage": 1},
    "helmand": {"pieces": {TU: 1, CT: 1}},                  # an Ambush removes the Coalition
    "kandahar": {"pieces": {TU: 1, POLICE: 2, CT: 1}},      # only Police would go
    "oruzgan": {"pieces": {TA: 4, CT: 1}},                  # 4 Active and the Coalition
}


def test_8_7_4_attack_ambushing_the_coalition_first_then_with_4_active_guerrillas(
) -> None:
    game = np_position(ATTACK_MAP, out=FEW_COALITION)
    assert bot_module.support_plus_available(game.state) <= 20
    assert bot_acts(game, ()) == "attack"
    assert bot_acts(game, ()) == "ambush"
    assert bot_acts(game, ()) == "in Helmand"          # first to remove the Coalition
    assert bot_acts(game, ()) == f"remove {CT}"
    assert bot_acts(game, ()) == "in Kandahar"         # the other space it may Ambush
    assert bot_acts(game, ()) == "remove police"
    assert bot_acts(game, ()) == "remove police"
    assert bot_acts(game, ()) == "done"                # no third space to Ambush
    game.chance.roll = lambda sides=6: 2               # type: ignore[method-assign]
    assert bot_acts(game, ()) == "in Oruzgan"          # 4+ Active and a Coalition piece
    assert bot_acts(game, ()) == f"remove {CT}"        # the Coalition first
    assert bot_acts(game, ()) == "done"
    assert game.state.box("casualties")[CT] == 2


def test_8_7_4_no_space_to_ambush_nor_4_active_with_the_coalition_pass() -> None:
    game = np_position({"loc_kabul_aibak": {"pieces": {TU: 2}, "sabotage": 1},
                        "oruzgan": {"pieces": {TA: 3, CT: 1}}}, out=FEW_COALITION)
    assert "attack" in game.offered()
    assert bot(game, ())[0].text == "pass"       # 3 Active only; nowhere to Ambush


# --- 8.7.5 Terror, and the 8.1.1 example ------------------------------------------------

TERROR_MAP: dict[str, dict[str, Any]] = {
    "loc_kabul_aibak": {"pieces": {TU: 2}, "sabotage": 1},   # no March (8.7.3)
    "loc_kandahar_kabul": {"pieces": {TU: 1}},                 # to Sabotage (free)
    "kabul": {"pieces": {TU: 1, POLICE: 2}, "support": 1},     # Pop 3
    "herat": {"pieces": {TU: 1}},                              # Pop 1
    "farah": {"pieces": {TU: 1}},                              # Pop 0: no shift
    "baghlan": {"pieces": {TA: 2}, "support": 1},              # no Underground Guerrilla
}


def test_8_1_1_np_terror_activates_an_underground_guerrilla_and_costs_1_per_province(
) -> None:
    """8.1.1 EJEMPLO: "El Terror de una Facción Sin Jugador requiere que se active una
    Guerrilla Oculta y cuesta 1 Recurso por Provincia, según 3.3.4"."""
    game = np_position(TERROR_MAP, out=FEW, resources={"taliban": 2})
    assert bot_module.support_plus_available(game.state) > 20
    assert bot_acts(game, ()) == "terror"
    # 8.7.5: Sabotage every LoC (free), then the largest shifts (8.2 among equals)
    assert bot_acts(game, ()) == "in Kandahar-Kabul"
    assert game.state.resources["taliban"] == 2                # a LoC costs nothing
    assert pieces(game, "loc_kandahar_kabul") == {TA: 1}       # its Guerrilla Activated
    assert game.state.space("loc_kandahar_kabul").sabotage
    assert bot_acts(game, ()) == "in Kabul"
    assert game.state.resources["taliban"] == 1                # 1 for Kabul
    assert pieces(game, "kabul") == {TA: 1, POLICE: 2}
    assert game.state.space("kabul").support == 0
    assert bot_acts(game, ()) == "in Herat"
    assert game.state.resources["taliban"] == 0                # 1 for the Province
    assert game.state.space("herat").support == -1
    # no Resources left for another Province; Baghlan (Support) had no Underground one
    assert game.state.space("baghlan").support == 1 and pieces(game, "baghlan") == {TA: 2}
    assert bot_acts(game, ()) == "extort"                      # 8.7.5 then Extort
    assert bot_runs(game) == ["in Farah", "in Kabul-Aibak", "done", "done"]


def test_8_7_5_terror_impossible_attack_else_pass() -> None:
    spaces: dict[str, dict[str, Any]] = {
        "loc_kabul_aibak": {"pieces": {TU: 2}, "sabotage": 1},
        "farah": {"pieces": {TU: 1, POLICE: 1}}}
    game = np_position(spaces, out=FEW)
    assert bot(game)[0].text == "attack"                 # Ambush possible in Farah
    spaces["farah"] = {"pieces": {TU: 1}}
    assert bot(np_position(spaces, out=FEW))[0].text == "pass"


# --- 8.7.7 Shariah, 8.7.8 Redeploy --------------------------------------------------------

def shariah_bought(spaces: dict[str, dict[str, Any]], resources: int) -> tuple[Game, list[str]]:
    game = np_position(spaces, resources={"taliban": resources})
    bought: list[str] = []
    for _ in range(10):
        actions = [*(SHARIAH(space=s) for s in shariah_spaces(game.state)), DONE()]
        action, _why = bot_module.shariah(game.state, Dice(ReplayChance(DICE)), actions)
        if action.verb == "done":
            break
        bought.append(action["space"])
        game.fold(Shariah().act(game.state, action, game.chance))
    return game, bought


def test_8_7_7_shariah_all_it_can_the_largest_shift_first() -> None:
    game, bought = shariah_bought({"herat": {"pieces": {TU: 2}, "support": 1},
                                   "kandahar": {"pieces": {TU: 2}}}, 2)
    assert bought == ["herat", "herat"]          # 2 levels there, 1 in Kandahar
    assert game.state.space("herat").support == -1
    assert game.state.resources["taliban"] == 0


def test_8_7_7_shariah_fewest_terror_first_and_terror_removed_only_for_a_shift() -> None:
    game, bought = shariah_bought({
        "kandahar": {"pieces": {TU: 2}, "support": 1, "terror": 1},
        "helmand": {"pieces": {TU: 2}},
        "zabol": {"pieces": {TU: 2}, "terror": 1}}, 2)          # Pop 0: no shift there
    assert bought == ["helmand"]      # 1 level either way: Helmand has no Terror
    assert game.state.space("helmand").support == -1
    assert game.state.space("kandahar").terror == 1     # 1 Resource: no shift would follow
    assert game.state.space("zabol").terror == 1
    assert game.state.resources["taliban"] == 1


def test_8_7_8_redeploy_evenly_the_odd_guerrilla_in_afghanistan() -> None:
    game = np_position({"loc_kabul_aibak": {"pieces": {TU: 3}},
                        "kandahar": {"pieces": {TB: 1, TU: 1}}})
    frozen: dict[str, str] = {s: c for s, c in control(game.state).items() if c is not None}
    for _ in range(3):
        actions = taliban_moves(game.state, frozen)
        action, _why = bot_module.redeploy(game.state, Dice(ReplayChance(DICE)), actions)
        game.fold([PiecesMoved(kind=action["piece"], count=1, origin=action["origin"],
                               destination=action["destination"])])
    assert pieces(game, "northwest_frontier") == {TU: 1}
    assert pieces(game, "waziristan") == {TU: 1}
    assert pieces(game, "kandahar") == {TB: 1, TU: 2}      # the odd one: Afghanistan


# --- seating and whole games through the service -----------------------------------------

def test_8_7_the_taliban_may_be_a_non_player() -> None:
    service = Service(Store(":memory:"))
    game = service.create_game("adp", "short", seed="s", bots=["taliban", "warlords"])
    assert service.non_player_seats(game) == frozenset({"taliban", "warlords"})
