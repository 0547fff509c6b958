"""5.0-5.4 Manual Events: the executing Faction carries the text out with edits (the shared
``engine.coin`` edits), which ADP's physical rules check (1.4.2 stacking, Pakistan, no
Bases on LoCs, Available only; 1.6.1; 3.3.4; 4.3.1; 6.6.1)."""

from __future__ import annotations

import pytest

from engine.core.messages import IllegalAction
from engine.games.adp.setup import card
from tests.games.adp.helpers import Game, event_game, play_card, refold


def executing(first: str | None = None, side: str = "unshaded") -> Game:
    game = event_game("short", first)
    game.act(f"event {side}")
    return game


def test_5_1_an_event_is_carried_out_with_edits_then_done_and_2_3_6_ineligible() -> None:
    game = executing()
    who = game.seat
    game.act("place 2 police")
    assert game.offered()[-1] == "cancel"
    game.act("in Badghis")
    assert game.state.space("badghis").count("police") == 2
    game.act("shift Badghis toward support")
    assert game.state.space("badghis").support == 1
    game.act("done")
    assert game.seat != who and who in [f for f, _ in game.state.turn.acted]
    assert refold(game) == game.state


def test_1_4_3_guerrillas_are_placed_underground() -> None:
    game = executing()
    assert "place 1 taliban_active" not in game.offered()
    game.act("place 1 taliban_underground")
    game.act("in Zabol")
    assert game.state.space("zabol").count("taliban_underground") == 3


def test_1_4_2_at_most_2_bases_in_a_province_and_none_on_locs() -> None:
    game = executing()
    game.act("place 1 warlords_bases")
    offered = game.offered()
    assert "in Farah" in offered            # 1 Base there
    assert "in Helmand" not in offered      # 2 Bases already
    assert "in Kandahar-Kabul" not in offered
    with pytest.raises(IllegalAction):
        game.act("in Helmand")


def test_1_4_2_only_taliban_pieces_in_pakistan() -> None:
    game = executing()
    game.act("place 1 police")
    assert "in Waziristan" not in game.offered()
    game.act("cancel")
    game.act("move 1 taliban_underground from Zabol")
    assert "to Waziristan" in game.offered()


def test_5_1_1_events_place_only_available_pieces() -> None:
    game = executing()
    offered = game.offered()
    assert "place 6 coalition_troops" in offered                # 6 Available
    assert not [a for a in offered if a.startswith("place 1 coalition_bases")]  # all on map


def test_3_3_3_only_coalition_pieces_go_to_casualties() -> None:
    game = executing()
    game.act("remove 1 police from Kabul")
    assert "to casualties" not in game.offered()
    game.act("cancel")
    game.act("remove 1 coalition_troops from Kabul")
    game.act("to casualties")
    assert game.state.box("casualties") == {"coalition_troops": 1}


def test_1_6_1_no_support_in_pakistan_on_locs_or_pop_0() -> None:
    game = executing()
    offered = game.offered()
    assert "shift Zabol toward opposition" not in offered       # Pop 0
    assert "shift Waziristan toward opposition" not in offered
    assert "shift Kabul toward support" not in offered           # already at Support
    assert "shift Kabul toward opposition" in offered


def test_3_3_4_terror_stacks_in_provinces_sabotage_once_on_locs() -> None:
    game = executing()
    game.act("marker terror Helmand on")
    game.act("marker terror Helmand on")
    assert game.state.space("helmand").terror == 2
    assert "marker terror Kandahar-Kabul on" not in game.offered()
    game.act("marker sabotage Kandahar-Kabul on")
    assert "marker sabotage Kandahar-Kabul on" not in game.offered()
    assert "marker returnees Kabul off" not in game.offered()   # 4.3.1 permanent


def test_6_6_1_an_islamabad_shift_beyond_its_end_flips_it_hard() -> None:
    game = executing()
    game.act("track islamabad +1")          # Backing -> Sponsorship
    game.act("track islamabad +1")          # beyond: Hard
    assert (game.state.islamabad, game.state.islamabad_hard) == (4, 1)
    game.act("track islamabad -1")          # a Hard marker moves normally
    assert (game.state.islamabad, game.state.islamabad_hard) == (3, 1)


def test_1_8_the_coalition_has_no_resources_and_tracks_stay_in_bounds() -> None:
    game = executing()
    offered = game.offered()
    assert not [a for a in offered if a.startswith("resources coalition")]
    assert "track patronage -6" not in offered and "track patronage -5" in offered


def test_5_0_an_event_may_keep_a_faction_eligible_or_make_one_ineligible() -> None:
    game = executing()
    who = game.seat
    assert who is not None
    game.act(f"eligible {who}")
    assert f"eligible {who}" not in game.offered()     # marked once is enough
    game.act("ineligible warlords" if who != "warlords" else "ineligible taliban")
    game.act("done")
    while game.state.current == game.chance.deck[0]:
        game.act("pass")
    assert game.state.eligible[who]
    assert not game.state.eligible["warlords" if who != "warlords" else "taliban"]


def test_5_3_a_capability_card_offers_to_put_its_capability_in_effect() -> None:
    game = event_game("short")
    play_card(game, "1")                    # ISR: a Coalition Capability
    game.act("event unshaded")
    assert card("1").capability == "coalition"
    game.act("capability")
    assert game.state.capabilities["1"] == "unshaded"
    assert "capability" not in game.offered()


def test_5_4_momentum_lasts_until_the_reset() -> None:
    momentum = next(str(n) for n in range(1, 73) if card(str(n)).momentum)
    side = card(momentum).momentum[0]
    game = event_game("short")
    play_card(game, momentum)
    game.act(f"event {side}")
    game.act("momentum")
    assert game.state.momentum == [momentum]
    game.act("done")
    from engine.games.adp.propaganda import reset_phase  # noqa: PLC0415

    game.fold(reset_phase(game.state))
    assert game.state.momentum == []


def test_5_1_1_an_impossible_edit_is_refused_with_the_rule_it_breaks() -> None:
    game = executing()
    game.act("place 1 police")
    with pytest.raises(IllegalAction) as refused:
        game.act("in Waziristan")
    assert "Pakistan" in refused.value.message("en")


def test_a_snapshot_taken_halfway_through_an_edit_reads_back_the_same() -> None:
    game = executing()
    game.act("move 1 police from Kabul")
    rules = game.rules
    assert rules.load_state(rules.dump_state(game.state)) == game.state
    assert refold(game) == game.state
