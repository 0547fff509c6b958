"""Insurgent Operations (3.3) of the Taliban and the Warlords, their Special Activities
(4.4, 4.5) and the Islamabad effects on them (6.6.1), with the book's examples."""

from __future__ import annotations

from typing import Any

from engine.coin.events import FactionActed, MarkerSet
from engine.coin.sequence import Did
from engine.core.menu import menu, menu_problem
from engine.games.adp.derived import available, board, control
from engine.games.adp.events import ScenarioSetUp
from engine.games.adp.turn import final_event_card
from engine.games.adp.vocabulary import VOCABULARY
from tests.games.adp.helpers import Game, event_game, refold

TU, TA, TB = "taliban_underground", "taliban_active", "taliban_bases"
WU, WA, WB = "warlords_underground", "warlords_active", "warlords_bases"


def position(faction: str, spaces: dict[str, dict[str, Any]], *, islamabad: int = 2,
             resources: dict[str, int] | None = None, roll: int | None = None) -> Game:
    """A card whose 1st Eligible is ``faction``, the map holding exactly ``spaces``
    (``{"pieces": {...}, "support": n, ...}``), Islamabad at Tolerance unless told."""
    game = event_game("short", faction)
    setup = next(e for e in game.log if isinstance(e, ScenarioSetUp))
    board = {sid: {"pieces": dict(d.get("pieces", {})), "support": d.get("support", 0)}
             for sid, d in spaces.items()}
    changed = setup.model_copy(update={
        "spaces": board, "islamabad": islamabad,
        "resources": {**setup.resources, "taliban": 10, "warlords": 10, "government": 10,
                      **(resources or {})}})
    game.log = [changed if e is setup else e for e in game.log]
    game.state = refold(game)
    markers = [MarkerSet(space=sid, marker=m, value=int(d[m]))
               for sid, d in spaces.items() for m in ("terror", "sabotage") if d.get(m)]
    game.fold(list(markers))
    if roll is not None:
        game.chance.roll = lambda sides=6: roll    # type: ignore[method-assign]
    return game


def pieces(game: Game, sid: str) -> dict[str, int]:
    return {k: n for k, n in game.state.space(sid).pieces.items() if n}


def starts(game: Game, prefix: str) -> list[str]:
    return [t for t in game.offered() if t.startswith(prefix)]


def finish(game: Game) -> None:
    game.act("done")
    assert game.state.step.name != "execution"


def acted(game: Game) -> tuple[str, str]:
    last = [e for e in game.log if isinstance(e, FactionActed)][-1]
    return last.faction, last.did


# --- 3.3.1 Rally --------------------------------------------------------------------------


def test_3_3_1_taliban_rally_only_where_neutral_opposition_or_pashtun() -> None:
    game = position("taliban", {"herat": {"support": 1}, "balkh": {}, "kabul": {"support": 1},
                                "bamian": {"support": -1}})
    game.act("rally")
    spaces = starts(game, "in ")
    assert "in Herat" not in spaces                      # non-Pashtun at Support
    assert {"in Balkh", "in Kabul", "in Bamian"} <= set(spaces)
    game.act("in Balkh")
    assert game.offered() == ["place 1 guerrillas"]
    game.act("place 1 guerrillas")
    assert pieces(game, "balkh") == {TU: 1} and game.state.resources["taliban"] == 9
    assert "in Balkh" not in starts(game, "in ")         # 3.1 once per Operation
    finish(game)
    assert acted(game) == ("taliban", Did.OP.value)
    assert refold(game) == game.state


def test_3_3_1_rally_replaces_2_guerrillas_with_a_base_within_stacking() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TA: 1, TU: 2}},
                                "helmand": {"pieces": {TU: 2, WB: 1, TB: 1}}})
    game.act("rally")
    game.act("in Helmand")
    assert "base" not in game.offered()                 # 1.4.2 already 2 Bases
    game.act("place 1 guerrillas")
    game.act("in Kandahar")
    game.act("base")
    assert pieces(game, "kandahar") == {TU: 1, TB: 1}    # the Active one went first


def test_3_3_1_rally_with_a_base_flips_underground_or_places_bases_plus_pop() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TB: 1, TA: 3}}})
    game.act("rally")
    game.act("in Kandahar")
    assert set(game.offered()) >= {"place 1 guerrillas", "underground", "base",
                                   "place 3 guerrillas"}    # 1 Base + Pop 2
    game.act("place 3 guerrillas")
    assert pieces(game, "kandahar") == {TB: 1, TA: 3, TU: 3}
    game = position("taliban", {"kandahar": {"pieces": {TB: 1, TA: 3}}})
    game.act("rally")
    game.act("in Kandahar")
    game.act("underground")
    assert pieces(game, "kandahar") == {TB: 1, TU: 3}


def test_3_3_1_warlords_base_rally_not_in_pashtun_spaces_and_never_in_pakistan() -> None:
    game = position("warlords", {"kandahar": {"pieces": {WB: 1, WA: 1}},
                                 "balkh": {"pieces": {WB: 1, WA: 1}},
                                 "waziristan": {}})
    game.act("rally")
    assert "in Waziristan" not in starts(game, "in ")
    game.act("in Kandahar")
    assert game.offered() == ["place 1 guerrillas"]     # Pashtun: the basic Rally only
    game.act("place 1 guerrillas")
    game.act("in Balkh")
    assert {"underground", "place 3 guerrillas"} <= set(game.offered())


def test_2_3_5_a_limited_rally_has_one_space() -> None:
    game = position("taliban", {"kandahar": {}, "helmand": {}})
    game.state.turn.acted.append(("coalition", Did.OP))
    game.state.version += 1
    game.act("limited rally")
    game.act("in Kandahar")
    game.act("place 1 guerrillas")
    assert starts(game, "in ") == [] and "extort" not in game.offered()
    finish(game)
    assert acted(game) == ("taliban", Did.LIMITED_OP.value)


def test_6_6_1_taliban_rally_in_pakistan_barred_at_pressure_free_at_backing() -> None:
    game = position("taliban", {"waziristan": {}}, islamabad=1)
    game.act("rally")
    assert "in Waziristan" not in starts(game, "in ")
    game = position("taliban", {"waziristan": {}}, islamabad=3, resources={"taliban": 0})
    assert "rally" in game.offered()                     # free: 0 Resources will do
    game.act("rally")
    assert "in Waziristan" in starts(game, "in ")
    game.act("in Waziristan")
    game.act("place 1 guerrillas")
    assert pieces(game, "waziristan") == {TU: 1} and game.state.resources["taliban"] == 0


def shariahs(game: Game) -> list[str]:
    return starts(game, "shariah ")


def test_3_3_1_shariah_in_a_rallied_space_with_a_taliban_base_whoever_controls_it() -> None:
    coin = {TB: 1, TU: 1, "police": 4, "coalition_troops": 4}          # COIN Control
    game = position("taliban", {"kandahar": {"pieces": coin, "support": 1, "terror": 1},
                                "helmand": {"pieces": {TU: 1}, "terror": 1}})
    game.act("rally")
    assert shariahs(game) == []                          # no space rallied yet
    game.act("in Kandahar")
    assert shariahs(game) == []                          # not while its Rally is asked
    game.act("place 3 guerrillas")                       # 1 Base + Pop 2
    assert control(game.state)["kandahar"] == "coin"
    game.act("in Helmand")
    game.act("place 1 guerrillas")
    assert shariahs(game) == ["shariah in Kandahar"]     # Helmand has no Taliban Base
    assert game.state.resources["taliban"] == 8
    game.act("shariah in Kandahar")                      # 6.4.2 the Terror marker first
    assert game.state.space("kandahar").terror == 0
    assert game.state.space("kandahar").support == 1
    game.act("shariah in Kandahar")
    game.act("shariah in Kandahar")
    assert game.state.space("kandahar").support == -1
    assert game.state.resources["taliban"] == 5          # 1 Resource each
    assert shariahs(game) == []                          # nothing more to buy there
    assert "in Zabol" in starts(game, "in ")             # the Rally may go on
    finish(game)
    assert refold(game) == game.state


def test_3_3_1_shariah_in_pakistan_only_removes_terror() -> None:
    game = position("taliban", {"waziristan": {"pieces": {TB: 1}, "terror": 1}})
    game.act("rally")
    game.act("in Waziristan")
    game.act("place 1 guerrillas")
    game.act("shariah in Waziristan")
    assert game.state.space("waziristan").terror == 0
    assert shariahs(game) == []                          # 1.6.1 no Opposition there


def test_3_3_1_shariah_after_the_one_space_of_a_limited_rally() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TB: 1}}, "helmand": {}})
    game.state.turn.acted.append(("coalition", Did.OP))
    game.state.version += 1
    game.act("limited rally")
    game.act("in Kandahar")
    game.act("place 1 guerrillas")
    assert starts(game, "in ") == [] and shariahs(game) == ["shariah in Kandahar"]
    game.act("shariah in Kandahar")
    assert game.state.space("kandahar").support == -1
    finish(game)
    assert acted(game) == ("taliban", Did.LIMITED_OP.value)


def test_3_3_1_shariah_is_paid_even_in_a_free_rally() -> None:
    game = position("coalition", {"kandahar": {"pieces": {TB: 1}}}, resources={"taliban": 2})
    game.act("event unshaded")
    game.act("free rally for taliban")
    game.act("in Kandahar")
    game.act("place 3 guerrillas")
    assert game.state.resources["taliban"] == 2         # 3.1.2 the Rally is free
    game.act("shariah in Kandahar")                     # 3.3.1 "incluso si ... gratuita"
    assert game.state.resources["taliban"] == 1
    assert game.state.space("kandahar").support == -1
    game.act("done")
    assert game.state.step.name == "event" and game.seat == "coalition"
    game = position("coalition", {"kandahar": {"pieces": {TB: 1}}}, resources={"taliban": 0})
    game.act("event unshaded")
    game.act("free rally for taliban")
    game.act("in Kandahar")
    game.act("place 3 guerrillas")
    assert shariahs(game) == []                         # no Resource to pay it with


def test_3_3_1_shariah_offers_in_14_rallied_spaces_fit_a_discord_menu() -> None:
    b = board()
    ids = [s for s in b.spaces if not b.spaces[s].is_pakistan and s != "kabul"][:14]
    game = position("taliban", {s: {"pieces": {TB: 1, TU: 1}, "terror": 1} for s in ids},
                    resources={"taliban": 40})
    game.act("rally")
    for sid in ids:
        game.act(f"in {b.spaces[sid].name}")
        game.act("place 1 guerrillas")
    offered = game.rules.legal_actions(game.state, "taliban").actions
    assert sum(a.verb == "shariah" for a in offered) == 14    # one entry per space
    for lang in ("en", "es", "it"):
        assert menu_problem(menu(offered, VOCABULARY, lang), offered) == ""


# --- 3.3.2 March --------------------------------------------------------------------------


def test_3_3_2_example_taliban_marching_into_bamian_are_activated() -> None:
    """3.3.2 EJEMPLO: 2 Underground Taliban from Ghazni to Bamian (1 Police, 1 Warlords
    Guerrilla): not Pashtun and 2 + 1 + 1 > 3, so they flip Active."""
    game = position("taliban", {"ghazni": {"pieces": {TU: 2}},
                                "bamian": {"pieces": {"police": 1, WU: 1}}})
    game.act("march")
    game.act("move 2 taliban_underground from Ghazni")
    assert "to Bamian" in game.offered()
    game.act("to Bamian")
    assert pieces(game, "bamian") == {"police": 1, WU: 1, TA: 2}
    assert game.state.resources["taliban"] == 9
    finish(game)


def test_3_3_2_a_group_of_three_stays_underground_and_a_group_moves_as_one() -> None:
    game = position("taliban", {"ghazni": {"pieces": {TU: 3, TA: 1}},
                                "bamian": {}})
    game.act("march")
    game.act("move 3 taliban_underground from Ghazni")
    game.act("to Bamian")
    assert pieces(game, "bamian") == {TU: 3}             # 3 does not exceed 3
    game.act("move 1 taliban_active from Ghazni")
    game.act("to Bamian")                                # same group: now 4
    assert pieces(game, "bamian") == {TA: 4}
    assert game.state.resources["taliban"] == 9          # 1 per space entered
    assert not starts(game, "move")                      # non-Pashtun: they stop


def test_3_3_2_taliban_march_on_from_pashtun_warlords_only_once() -> None:
    game = position("taliban", {"ghazni": {"pieces": {TU: 1}}, "paktika": {}})
    game.act("march")
    game.act("move 1 taliban_underground from Ghazni")
    game.act("to Paktika")                               # Pashtun: may go on
    assert "move 1 taliban_underground from Paktika" in game.offered()
    game.act("move 1 taliban_underground from Paktika")
    assert "to Paktika" not in game.offered()
    game.act("to Waziristan")
    assert pieces(game, "waziristan") == {TU: 1} and game.state.resources["taliban"] == 8
    game = position("warlords", {"ghazni": {"pieces": {WU: 1}}})
    game.act("march")
    game.act("move 1 warlords_underground from Ghazni")
    assert "to Paktika" in game.offered()
    game.act("to Paktika")
    assert not starts(game, "move")


def test_3_3_2_warlords_activated_entering_pashtun_and_never_enter_pakistan() -> None:
    game = position("warlords", {"khowst": {"pieces": {WU: 3}},
                                 "paktika": {"pieces": {TU: 1, "police": 3}}})
    game.act("march")
    game.act("move 3 warlords_underground from Khowst")
    assert "to Waziristan" not in game.offered()
    game.act("to Paktika")                               # 3 + 1 Taliban (cubes do not count)
    assert pieces(game, "paktika")[WA] == 3


def test_3_3_2_loc_is_free_and_activates_a_large_group() -> None:
    game = position("taliban", {"ghazni": {"pieces": {TU: 4}}})
    game.act("march")
    game.act("move 4 taliban_underground from Ghazni")
    game.act("to Kandahar-Kabul")
    assert pieces(game, "loc_kandahar_kabul") == {TA: 4}
    assert game.state.resources["taliban"] == 10


def test_2_3_5_limited_march_has_one_destination() -> None:
    game = position("taliban", {"ghazni": {"pieces": {TU: 2}}, "oruzgan": {"pieces": {TU: 1}}})
    game.state.turn.acted.append(("coalition", Did.OP))
    game.state.version += 1
    game.act("limited march")
    game.act("move 1 taliban_underground from Ghazni")
    game.act("to Zabol")
    assert not any(t.endswith("from Zabol") for t in starts(game, "move"))
    game.act("move 1 taliban_underground from Oruzgan")
    assert game.offered() == ["to Zabol"]


def test_6_6_1_march_into_or_out_of_pakistan_free_at_backing() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 1}},
                                "waziristan": {"pieces": {TU: 1}}}, islamabad=3)
    game.act("march")
    game.act("move 1 taliban_underground from Kandahar")
    game.act("to Waziristan")
    game.act("move 1 taliban_underground from Waziristan")
    game.act("to Paktika")
    assert game.state.resources["taliban"] == 10


def test_2_3_8_final_event_card_no_march_and_only_limited() -> None:
    game = position("taliban", {"ghazni": {"pieces": {TU: 2}}})
    state = game.state
    state.propaganda_played = state.propaganda_in_deck - 1
    state.upcoming = next(c for c in ("73", "74", "75", "76") if c != state.current)
    state.version += 1
    assert final_event_card(state, "taliban")
    offered = game.offered()
    assert "march" not in offered and "limited march" not in offered
    assert "rally" not in offered


# --- 3.3.3 Attack -------------------------------------------------------------------------


def test_3_3_3_attack_activates_all_and_removes_gov_cubes_before_coalition() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 2, TA: 1, "police": 1,
                                                        "coalition_troops": 1,
                                                        "coalition_bases": 1}}}, roll=3)
    game.act("attack")
    game.act("in Kandahar")
    assert game.offered() == ["remove police", "stop"]  # cubes first, Government first
    game.act("remove police")
    assert game.offered() == ["remove coalition_troops", "stop"]   # a new Faction: may stop
    game.act("remove coalition_troops")
    assert pieces(game, "kandahar") == {TA: 3, "coalition_bases": 1}
    assert game.state.boxes["casualties"] == {"coalition_troops": 1}
    assert game.state.resources["taliban"] == 9
    finish(game)
    assert refold(game) == game.state


def test_3_3_3_attack_fails_above_the_guerrillas_and_bases_come_last() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 2, TU: 1, TB: 1}}}, roll=3)
    game.act("attack")
    game.act("in Balkh")
    assert pieces(game, "balkh") == {WA: 2, TU: 1, TB: 1}   # 3 > 2: no removal
    game = position("warlords", {"balkh": {"pieces": {WU: 2, TU: 1, TB: 1}}}, roll=2)
    game.act("attack")
    game.act("in Balkh")
    assert game.offered() == ["remove taliban_underground", "stop"]
    game.act("remove taliban_underground")
    game.act("remove taliban_bases")
    assert pieces(game, "balkh") == {WA: 2}


def test_3_3_3_captured_goods_on_a_1() -> None:
    game = position("taliban", {"helmand": {"pieces": {TU: 1, WU: 1}}}, roll=1)
    game.act("attack")
    game.act("in Helmand")
    assert pieces(game, "helmand") == {TA: 1, TU: 1, WU: 1}
    game.act("stop")
    assert pieces(game, "helmand") == {TA: 1, TU: 1, WU: 1}


# --- 3.3.4 Terror -------------------------------------------------------------------------


def test_3_3_4_taliban_terror_shifts_toward_opposition_and_sabotages_locs() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 2}, "support": 1},
                                "loc_kandahar_kabul": {"pieces": {TU: 1}}})
    game.act("terror")
    game.act("in Kandahar")
    game.act("in Kandahar-Kabul")
    space = game.state.space("kandahar")
    assert (space.terror, space.support, pieces(game, "kandahar")) == (1, 0, {TU: 1, TA: 1})
    assert game.state.space("loc_kandahar_kabul").sabotage
    assert game.state.resources["taliban"] == 9         # LoCs free
    finish(game)


def test_3_3_4_warlords_terror_sets_neutral_and_no_marker_when_all_are_out() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 1}, "support": -1},
                                 "herat": {"terror": 30}})
    game.act("terror")
    game.act("in Balkh")
    space = game.state.space("balkh")
    assert (space.terror, space.support) == (0, 0)


# --- 4.4 Taliban Special Activities -------------------------------------------------------


def test_4_1_example_extort_with_0_resources_funds_terror_4_4_1_warlords_bases() -> None:
    """4.1 EJEMPLO: the Taliban, with 0 Resources, Extort to pay for the Terror."""
    game = position("taliban", {"kandahar": {"pieces": {TU: 3, WB: 1}},
                                "loc_kabul_tor_kham": {"pieces": {TU: 1}}},
                    resources={"taliban": 0, "warlords": 5})
    assert "terror" in game.offered()                    # 4.1 Extort may fund it
    game.act("terror")
    game.act("extort")
    game.act("in Kandahar")
    game.act("in Kabul-Tor Kham")
    assert game.state.resources == {**game.state.resources, "taliban": 6, "warlords": 3}
    game.act("done")                                     # back to the Terror
    game.act("in Kandahar")
    assert game.state.resources["taliban"] == 5
    finish(game)
    assert acted(game) == ("taliban", Did.OP_SA.value)


def test_4_4_2_infiltrate_removes_two_and_patronage_falls() -> None:
    game = position("taliban", {"kabul": {"pieces": {TU: 1, "police": 1, "government_bases": 1,
                                                     "coalition_troops": 2}},
                                "ghazni": {}})
    game.state.patronage = 5
    game.act("rally")
    game.act("infiltrate")
    game.act("in Kabul")
    assert set(game.offered()) == {"remove police", "replace police"}
    game.act("remove police")
    game.act("remove government_bases")                  # Coalition Troops do not protect
    assert pieces(game, "kabul") == {TU: 1, "coalition_troops": 2}
    assert game.state.patronage == 3
    game.act("done")
    game.act("in Ghazni")


def test_4_4_2_infiltrate_replaces_a_warlords_piece() -> None:
    game = position("taliban", {"balkh": {"pieces": {TU: 1, WA: 1, WB: 1}}})
    game.act("march")
    game.act("infiltrate")
    game.act("in Balkh")
    game.act("replace warlords_active")
    assert pieces(game, "balkh") == {TU: 2, WB: 1}


def test_4_4_3_ambush_activates_one_succeeds_and_places_a_guerrilla() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 2, "coalition_troops": 2}}},
                    roll=6)
    game.act("attack")
    game.act("ambush")
    game.act("in Kandahar")
    assert pieces(game, "kandahar") == {TU: 2, TA: 1, "coalition_troops": 2}
    game.act("remove coalition_troops")
    game.act("remove coalition_troops")
    assert game.state.boxes["casualties"] == {"coalition_troops": 2}
    game.act("done")
    assert "in Kandahar" not in game.offered()           # already attacked
    finish(game)


# --- 4.5 Warlords Special Activities ------------------------------------------------------


def test_4_5_1_cultivate_in_a_rallied_province_with_more_guerrillas_than_police() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 1, "police": 1}},
                                 "samangan": {"pieces": {WU: 2}}})
    game.act("rally")
    game.act("in Balkh")
    game.act("place 1 guerrillas")
    game.act("in Samangan")
    game.act("place 1 guerrillas")
    game.act("cultivate")
    assert starts(game, "in ") == ["in Balkh"]           # Samangan Pop 0
    game.act("in Balkh")
    assert pieces(game, "balkh") == {WU: 2, "police": 1, WB: 1}


def test_4_5_2_traffic_pays_per_base_and_taliban_or_patronage_by_control() -> None:
    game = position("warlords", {"balkh": {"pieces": {WB: 2, WU: 1}},
                                 "kandahar": {"pieces": {WB: 1, TU: 3}},
                                 "herat": {"pieces": {WB: 1, "police": 3}},
                                 "kabul": {"pieces": {WB: 1, "coalition_troops": 1}}})
    game.state.patronage = 5
    game.act("rally")
    game.act("traffic")
    assert "in Kabul" not in game.offered()              # Coalition there
    for s in ("Balkh", "Kandahar", "Herat"):
        game.act(f"in {s}")
    assert game.state.resources["warlords"] == 14
    assert game.state.resources["taliban"] == 11 and game.state.patronage == 6


def test_4_5_3_suborn_up_to_3_cubes_for_2_resources() -> None:
    game = position("warlords", {"balkh": {"pieces": {WA: 2, "police": 2,
                                                      "government_troops": 2}},
                                 "herat": {"pieces": {WA: 1}}})
    game.act("terror") if "terror" in game.offered() else game.act("attack")
    game.act("suborn")
    game.act("in Balkh")
    game.act("remove police")
    game.act("remove police")
    game.act("remove government_troops")
    assert pieces(game, "balkh") == {WA: 2, "government_troops": 1}
    game.act("in Herat")
    game.act("underground")
    assert pieces(game, "herat") == {WU: 1}
    assert game.state.resources["warlords"] == 6


def test_1_4_1_available_guerrillas_limit_placements() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 30}}, "helmand": {}})
    assert available(game.state)["taliban_guerrillas"] == 0
    game.act("rally")
    assert "in Helmand" not in game.offered()


def test_1_4_4_an_attack_targeting_a_faction_removes_to_the_full_extent() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 3, "police": 2}}}, roll=3)
    game.act("attack")
    game.act("in Balkh")
    game.act("remove police")
    assert game.offered() == ["remove police"]           # no stop: Government targeted
    game.act("remove police")
    assert pieces(game, "balkh") == {WA: 3}


def test_6_6_1_at_hostility_taliban_marching_into_pakistan_are_active() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 1}}}, islamabad=0)
    game.act("march")
    game.act("move 1 taliban_underground from Kandahar")
    game.act("to Waziristan")
    assert pieces(game, "waziristan") == {TA: 1}
    assert game.state.resources["taliban"] == 9


def test_6_6_1_at_sponsorship_a_taliban_limited_operation_has_several_spaces() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 1}}, "helmand": {"pieces": {TU: 1}}},
                    islamabad=4)
    game.state.turn.acted.append(("coalition", Did.OP))
    game.state.version += 1
    game.act("limited terror")
    game.act("in Kandahar")
    game.act("in Helmand")
    assert "extort" not in game.offered()                # still no Special Activity
    finish(game)
    assert acted(game) == ("taliban", Did.LIMITED_OP.value)


def test_1_4_1_example_insurgents_without_available_guerrillas_withdraw_to_rally() -> None:
    """1.4.1 EJEMPLO: Insurgents without Available Guerrillas may remove Guerrillas during
    a Rally to place them Underground."""
    game = position("taliban", {"kandahar": {"pieces": {TA: 30}}, "helmand": {}})
    game.act("rally") if "rally" in game.offered() else None
    assert "in Helmand" not in game.offered()
    game.act("withdraw taliban_active from Kandahar")
    assert available(game.state)["taliban_guerrillas"] == 1
    assert not starts(game, "withdraw")                 # one Available again
    game.act("in Helmand")
    game.act("place 1 guerrillas")
    assert pieces(game, "helmand") == {TU: 1} and pieces(game, "kandahar") == {TA: 29}


def test_6_6_1_at_hostility_taliban_in_pakistan_are_active_no_terror_or_extort() -> None:
    game = position("taliban", {"waziristan": {"pieces": {TU: 2}},
                                "kandahar": {"pieces": {TU: 1}}}, islamabad=0)
    game.act("terror")
    assert starts(game, "in ") == ["in Kandahar"]
    game.act("extort")
    assert starts(game, "in ") == ["in Kandahar"]


def test_4_1_an_operation_extort_cannot_pay_for_is_not_offered() -> None:
    game = position("taliban", {"kandahar": {"pieces": {TU: 3, WB: 1}}},
                    resources={"taliban": 0, "warlords": 0})
    assert "terror" not in game.offered() and "attack" not in game.offered()


def test_4_5_3_suborn_removes_a_government_base_or_a_taliban_guerrilla() -> None:
    game = position("warlords", {"herat": {"pieces": {WU: 1, "police": 1,
                                                      "government_bases": 1}},
                                 "balkh": {"pieces": {WU: 1, TA: 2}}})
    game.act("terror")
    game.act("suborn")
    game.act("in Herat")
    game.act("remove government_bases")
    assert pieces(game, "herat") == {WU: 1, "police": 1}
    game.act("in Balkh")
    game.act("remove taliban_active")
    assert pieces(game, "balkh") == {WU: 1, TA: 1}
    assert "in Herat" not in game.offered() and game.state.resources["warlords"] == 6


def test_3_3_2_warlords_may_still_enter_a_destination_others_left() -> None:
    game = position("warlords", {"balkh": {"pieces": {WU: 2}},
                                 "samangan": {"pieces": {WU: 2}}})
    game.act("march")
    game.act("move 1 warlords_underground from Balkh")
    game.act("to Samangan")
    game.act("move 2 warlords_underground from Samangan")
    game.act("to Kabul")
    assert not starts(game, "move 1 warlords_underground from Samangan")   # moved once
    game.act("move 1 warlords_underground from Balkh")
    game.act("to Samangan")
    assert pieces(game, "samangan") == {WU: 2} and pieces(game, "kabul") == {WU: 2}
    assert game.state.resources["warlords"] == 8         # Samangan paid once
