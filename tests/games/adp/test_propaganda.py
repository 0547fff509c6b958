"""6.0 The Propaganda Round, phase by phase, and 7.0 victory, on the Short scenario."""

from __future__ import annotations

from engine.coin.events import (
    BoxTransfer,
    MarkerSet,
    PiecesFlipped,
    PiecesPlaced,
    ResourcesSet,
    TrackSet,
)
from engine.games.adp.derived import meets
from engine.games.adp.mapdata import default_map
from engine.games.adp.propaganda import Redeploy, reset_phase
from engine.games.adp.spec import COALITION_BASES, COALITION_TROOPS, POLICE
from tests.games.adp.helpers import Game, answer_all, event_game, play_card, refold

LOC = "loc_kandahar_kabul"


def at_round(**before: list) -> Game:  # type: ignore[type-arg]
    game = event_game("short")
    game.inject(before.get("events", []))
    play_card(game, "73")
    return game


def until(game: Game, step: str) -> None:
    for _ in range(300):
        if game.state.step.name == step:
            return
        offered = game.offered()
        game.act("done" if "done" in offered else offered[0])
    raise AssertionError(step)


def test_6_3_2_to_6_3_3_earnings_of_the_short_scenario() -> None:
    game = at_round()
    res = game.state.resources
    assert res["government"] == 30 + 24 + 12     # Aid + Econ of every LoC (none Sabotaged)
    assert res["taliban"] == 15 + 9              # Taliban Bases on the map, Pakistan too
    assert res["warlords"] == 20 + 5             # Warlords Bases (none on LoCs)


def test_6_3_1_sabotage_where_taliban_outnumber_others_and_6_3_3_warlords_on_locs() -> None:
    game = at_round(events=[
        PiecesPlaced(space=LOC, kind="taliban_underground", count=2),
        PiecesPlaced(space="loc_kabul_aibak", kind="warlords_underground", count=2)])
    b = default_map()
    assert game.state.space(LOC).sabotage and not game.state.space("loc_kabul_aibak").sabotage
    assert game.state.resources["government"] == 30 + 24 + 12 - b.locs[LOC].econ
    assert game.state.resources["warlords"] == 20 + 5 + 2


def test_6_3_4_aid_loses_3_per_piece_in_the_casualties_box() -> None:
    game = at_round(events=[BoxTransfer(kind=COALITION_TROOPS, count=2, origin="available",
                                        destination="casualties")])
    assert game.state.aid == 24 - 6


def test_6_4_1_civic_action_the_faction_with_more_troops_decides() -> None:
    game = at_round(events=[MarkerSet(space="helmand", marker="terror", value=1)])
    assert game.seat == "coalition"
    assert set(game.offered()) == {"civic action in Helmand", "civic action in Kandahar",
                                   "done"}
    prompt = game.rules.legal_actions(game.state, "coalition").prompt
    assert prompt.render("es").startswith("Acción Cívica (6.4.1): Coalición,")
    game.act("civic action in Helmand")           # Terror first
    assert game.state.space("helmand").terror == 0
    assert game.state.space("helmand").support == 0
    game.act("civic action in Helmand")           # then toward Support
    assert game.state.space("helmand").support == 1
    assert game.state.resources["government"] == 66 - 6
    game.act("done")
    assert game.seat == "government"              # more Government Troops there
    assert "civic action in Herat" in game.offered()
    assert "civic action in Kabul" not in game.offered()   # Kabul is at Support already
    assert refold(game) == game.state


def test_6_4_2_shariah_in_taliban_controlled_spaces_1_resource_each() -> None:
    """Zabol (Pop 0) never shows Opposition (1.6.1) and Pakistan neither: Shariah there
    only removes Terror."""
    game = at_round(events=[MarkerSet(space="waziristan", marker="terror", value=1)])
    until(game, "shariah")
    assert game.seat == "taliban"
    assert game.offered() == ["shariah in Waziristan", "done"]
    before = game.state.resources["taliban"]
    game.act("shariah in Waziristan")
    assert game.state.space("waziristan").terror == 0
    assert game.state.space("waziristan").support == 0
    assert game.state.resources["taliban"] == before - 1
    assert game.state.step.name != "shariah"      # nothing left to buy


def test_6_5_1_desertion_1_of_every_3_government_cubes() -> None:
    game = at_round()
    until(game, "desertion")
    data = game.state.step.of(Redeploy)
    assert data.owed == {s: 1 for s in ("kabul", "herat", "helmand", "kandahar", "ghazni",
                                        "paktika", "khowst", "konduz")}
    game.act("desert police in Kabul")
    assert game.state.space("kabul").count(POLICE) == 1
    assert "desert police in Kabul" not in game.offered()


def test_6_5_2_troops_off_locs_and_provinces_without_coin_bases_all_redeploy() -> None:
    game = at_round()
    until(game, "redeploy_troops")
    assert game.seat == "coalition"
    origins = {a.split(" from ")[1].split(" to ")[0] for a in game.offered()}
    assert origins == {"Oruzgan", "Nuristan", "Zabol"}
    assert "done" not in game.offered()           # they must go (docs/rules-choices.md)
    until(game, "redeploy_police")
    for sid in ("oruzgan", "nuristan", "zabol"):
        assert game.state.space(sid).count(COALITION_TROOPS) == 0
        assert game.state.space(sid).count("government_troops") == 0


def test_6_5_3_police_may_redeploy_each_once_or_stay() -> None:
    game = at_round()
    until(game, "redeploy_police")
    game.act("redeploy police from Oruzgan to Kandahar-Kabul")
    assert game.state.space(LOC).count(POLICE) == 1
    assert not [a for a in game.offered() if "from Kandahar-Kabul" in a]
    game.act("done")
    assert game.state.step.name == "redeploy_taliban"


def test_6_5_4_taliban_guerrillas_without_bases_go_to_bases_or_pakistan() -> None:
    game = at_round(events=[PiecesPlaced(space="kabul", kind="taliban_underground",
                                         count=1)])
    until(game, "redeploy_taliban")
    origins = {a.split(" from ")[1].split(" to ")[0] for a in game.offered()}
    assert origins == {"Oruzgan", "Nuristan"}     # Kabul's stay
    answer_all(game)
    assert game.state.space("kabul").count("taliban_underground") == 1
    assert game.state.space("oruzgan").count("taliban_underground") == 0


def test_6_6_reset_casualties_islamabad_markers_guerrillas_eligibility() -> None:
    game = event_game("short")
    game.inject([BoxTransfer(kind=COALITION_TROOPS, count=3, origin="available",
                             destination="casualties"),
                 BoxTransfer(kind=COALITION_BASES, count=1, origin="available",
                             destination="casualties"),
                 MarkerSet(space="helmand", marker="terror", value=2),
                 MarkerSet(space=LOC, marker="sabotage", value=1),
                 PiecesFlipped(space="helmand", kind="taliban_underground",
                               to_kind="taliban_active", count=2),
                 TrackSet(track="islamabad", value=0, before=3)])
    game.fold(reset_phase(game.state))
    s = game.state
    assert s.box("out_of_game") == {COALITION_BASES: 1, COALITION_TROOPS: 1}
    assert s.box("casualties") == {}
    assert s.islamabad == 1 and all(s.eligible.values())
    assert s.space("helmand").terror == 0 and not s.space(LOC).sabotage
    assert s.space("helmand").count("taliban_active") == 0


def test_6_6_1_hard_flips_back_instead_of_moving() -> None:
    game = event_game("short")
    game.inject([TrackSet(track="islamabad", value=4, before=3),
                 TrackSet(track="islamabad_hard", value=1, before=0)])
    game.fold(reset_phase(game.state))
    assert (game.state.islamabad, game.state.islamabad_hard) == (4, 0)
    game.fold(reset_phase(game.state))
    assert game.state.islamabad == 3


def test_6_1_7_2_a_faction_over_its_threshold_ends_the_game_at_the_round() -> None:
    game = at_round(events=[TrackSet(track="patronage", value=20, before=5)])
    assert game.state.result is not None and game.state.result["reason"] == "victory"
    assert game.state.result["ranking"][0] == "government"
    assert game.state.result["margins"]["government"] == 21 + 15 - 35


def test_7_2_warlords_need_uncontrolled_pop_and_more_than_40_resources() -> None:
    game = event_game("short")
    game.inject([ResourcesSet(faction="warlords", value=41, before=20)])
    assert not meets(game.state, "warlords")      # Uncontrolled Pop 13


def test_1_5_a_player_running_two_factions_wins_only_if_both_meet() -> None:
    game = event_game("short")
    game.state.options = {"players": [["coalition", "government"], ["taliban", "warlords"]]}
    game.inject([TrackSet(track="patronage", value=20, before=5)])
    play_card(game, "73")
    assert game.state.result is None and game.state.step.name == "civic"


def test_6_5_6_the_final_round_ends_after_redeploy_without_reset() -> None:
    game = event_game("short")
    game.state.propaganda_played = 3
    game.inject([MarkerSet(space="helmand", marker="terror", value=1)])
    play_card(game, "73")
    answer_all(game)
    assert game.state.result is not None and game.state.result["reason"] == "final"
    assert game.state.space("helmand").terror == 1           # no Reset (2.4.1)


def test_snapshots_round_trip_in_the_middle_of_a_round_and_of_an_event() -> None:
    game = at_round()
    until(game, "desertion")
    game.act(game.offered()[0])
    rules = game.rules
    assert rules.load_state(rules.dump_state(game.state)) == game.state
    until(game, "redeploy_police")
    game.act("redeploy police from Oruzgan to Kandahar-Kabul")
    assert rules.load_state(rules.dump_state(game.state)) == game.state
    assert refold(game) == game.state


def test_the_digest_of_a_whole_round_reads_in_every_language() -> None:
    game = at_round()
    answer_all(game)
    for lang in ("en", "es", "it"):
        text = game.rules.narrate(game.state, game.log, lang)  # type: ignore[arg-type]
        assert "{" not in text and "adp." not in text, text
        assert "Propaganda" in text
