"""5.3 Capabilities and 5.4 Momentum read by the Operations and Special Activities: one test
per effect our sources state (the card texts are not in them; docs/rules-choices.md lists
what is not applied and why).  Each sets the Capability or Momentum and asserts the
choices offered change."""

from __future__ import annotations

from engine.games.adp import in_effect
from engine.games.adp.events import MomentumAdded
from engine.games.adp.in_effect import (
    MANPADS_SCARE,
    NIGHT_LETTERS,
    PRTS,
    SANDSTORMS,
    VILLAGE_STABILITY_OPERATIONS,
    capability,
    momentum,
)
from engine.games.adp.setup import card
from tests.games.adp import test_insurgent_ops as insurgent
from tests.games.adp.helpers import Game, play_card
from tests.games.adp.test_coin_ops import pieces, play, position

GOV, COALITION = "government", "coalition"
TU = "taliban_underground"


def civics(game: Game) -> list[str]:
    return [a for a in game.offered() if a.startswith("civic")]


def test_5_3_5_4_card_ids_are_the_deck_cards_so_titled_and_flagged() -> None:
    titles = {"ISR": in_effect.ISR, "Predators": in_effect.PREDATORS,
              "Village Stability Operations": in_effect.VILLAGE_STABILITY_OPERATIONS,
              "PRTs": in_effect.PRTS, "Night Letters": in_effect.NIGHT_LETTERS,
              "Accidental Guerrillas": in_effect.ACCIDENTAL_GUERRILLAS,
              "MANPADS Scare": in_effect.MANPADS_SCARE, "Tribal Elders": in_effect.TRIBAL_ELDERS,
              "Sandstorms": in_effect.SANDSTORMS, "Local Truce": in_effect.LOCAL_TRUCE}
    for title, cid in titles.items():
        assert card(cid).title["en"] == title
    assert card(PRTS).capability == "coalition" and card(NIGHT_LETTERS).capability == "taliban"
    assert card(VILLAGE_STABILITY_OPERATIONS).capability == "coalition"
    assert card(SANDSTORMS).momentum


def test_5_3_5_4_lookup_reads_the_state() -> None:
    game = position(GOV, {"kabul": {}}, capabilities={PRTS: "unshaded"}, momentum=[SANDSTORMS])
    assert capability(game.state, PRTS) == "unshaded"
    assert capability(game.state, NIGHT_LETTERS) is None
    assert momentum(game.state, SANDSTORMS) and not momentum(game.state, "1")


# --- Sandstorms (5.4) ---------------------------------------------------------------------


def test_8_7_3_3_3_2_sandstorms_taliban_do_not_march_on_from_pashtun() -> None:
    def marched(sandstorms: bool) -> list[str]:
        game = insurgent.position("taliban", {"ghazni": {"pieces": {TU: 1}}, "paktika": {}})
        if sandstorms:
            game.fold([MomentumAdded(card=SANDSTORMS)])
        game.act("march")
        game.act("move 1 taliban_underground from Ghazni")
        game.act("to Paktika")                           # Pashtun
        return game.offered()

    assert "move 1 taliban_underground from Paktika" in marched(False)
    assert "move 1 taliban_underground from Paktika" not in marched(True)


def test_5_1_2_sandstorms_no_air_lift() -> None:
    """Sandstorms in effect: no Air Lift with an Operation (the other half of the 5.1.2
    example is the next test)."""
    board = {"kabul": {"coalition_troops": 2}, "balkh": {"taliban_active": 1}}
    game = position(COALITION, board, capabilities={}, momentum=[])
    play(game, "patrol")
    assert "air lift" in game.offered()
    game = position(COALITION, board, capabilities={}, momentum=[SANDSTORMS])
    play(game, "patrol")
    assert "air lift" not in game.offered() and "air strike" in game.offered()


def test_5_1_2_example_manpads_scare_may_give_an_air_lift_under_sandstorms() -> None:
    """5.1.2 EXAMPLE: "MAMPADs Scare podría resultar en un Transporte Aéreo incluso si
    Sandstorms está vigente": the Event played now prevails over the Momentum."""
    board = {"kabul": {"coalition_troops": 2}, "balkh": {"taliban_active": 1}}
    game = position(COALITION, board, capabilities={}, momentum=[SANDSTORMS])
    play_card(game, MANPADS_SCARE)
    assert game.seat == COALITION and "air lift" not in game.offered()
    game.act("event unshaded")
    game.act("free air lift for coalition")                 # 5.5 granted by the Event
    assert game.state.step.name == "execution"
    assert "move 2 coalition_troops from Kabul" in game.offered()


# --- Night Letters (5.3) ------------------------------------------------------------------


def test_8_6_2_3_2_1_night_letters_shaded_government_train_places_at_most_4() -> None:
    for side, most in ((None, 6), ("unshaded", 6), ("shaded", 4)):
        caps = {NIGHT_LETTERS: side} if side else {}
        game = position(GOV, {"kabul": {}}, capabilities=caps)
        play(game, "train", "in Kabul")
        assert f"place {most} police" in game.offered()
        assert f"place {most + 1} police" not in game.offered()
        play(game, f"place {most} police")
        assert not [a for a in game.offered() if a.startswith("place")]


def test_8_6_2_night_letters_shaded_leaves_the_coalition_train_at_6() -> None:
    game = position(COALITION, {"kabul": {"coalition_bases": 1}},
                    capabilities={NIGHT_LETTERS: "shaded"})
    play(game, "train", "in Kabul")
    assert "place 6 police" in game.offered()


# --- PRTs (5.3) ---------------------------------------------------------------------------

CIVIC_BOARD = {"kabul": {"coalition_troops": 2, "terror": 1},
               "balkh": {"coalition_troops": 2, "terror": 1},
               "konduz": {"coalition_troops": 2}}


def test_8_8_2_3_2_1_prts_unshaded_coalition_civic_action_in_2_spaces() -> None:
    game = position(COALITION, CIVIC_BOARD, capabilities={PRTS: "unshaded"})
    play(game, "train", "in Kabul", "in Balkh", "in Konduz", "civic action in Kabul")
    assert civics(game) == ["civic action in Kabul", "civic action in Balkh",
                            "civic action in Konduz"]
    play(game, "civic action in Balkh")
    assert civics(game) == ["civic action in Kabul", "civic action in Balkh"]
    assert game.state.space("balkh").terror == 0


def test_8_8_2_without_prts_civic_action_in_1_space() -> None:
    for caps in ({}, {PRTS: "shaded"}):
        game = position(COALITION, CIVIC_BOARD, capabilities=caps)
        play(game, "train", "in Kabul", "in Balkh", "civic action in Kabul")
        assert civics(game) == ["civic action in Kabul"]


def test_8_8_2_prts_unshaded_leaves_the_government_train_at_1_space() -> None:
    board = {"kabul": {"police": 2, "terror": 1}, "balkh": {"police": 2}}
    game = position(GOV, board, capabilities={PRTS: "unshaded"})
    play(game, "train", "in Kabul", "in Balkh", "civic action in Kabul")
    assert civics(game) == ["civic action in Kabul"]


# --- Village Stability Operations (5.3) ---------------------------------------------------

VSO_BOARD = {"kabul": {"coalition_troops": 1},
             "kandahar": {"coalition_troops": 2, "police": 1},
             "helmand": {"coalition_troops": 1, "police": 1}}


def test_8_8_2_vso_unshaded_coalition_train_places_1_police_where_troops_outnumber_it() -> None:
    game = position(COALITION, VSO_BOARD,
                    capabilities={VILLAGE_STABILITY_OPERATIONS: "unshaded"})
    play(game, "train")
    assert not [a for a in game.offered() if a.startswith("police")]   # no Train yet
    play(game, "in Kabul")
    assert [a for a in game.offered() if a.startswith("police")] == [
        "police to Kabul", "police to Kandahar"]                      # not Helmand (1 = 1)
    play(game, "police to Kandahar")
    assert pieces(game, "kandahar") == {"coalition_troops": 2, "police": 2}
    assert not [a for a in game.offered() if a.startswith("police")]   # once per Train
    assert game.state.resources[GOV] == 20                            # no cost


def test_8_8_2_vso_police_from_the_space_with_most_when_none_available() -> None:
    board = {"kabul": {"coalition_troops": 1, "police": 14},
             "balkh": {"police": 14}, "herat": {"police": 2},
             "kandahar": {"coalition_troops": 2}}
    game = position(COALITION, board,
                    capabilities={VILLAGE_STABILITY_OPERATIONS: "unshaded"})
    play(game, "train", "in Kabul")
    assert [a for a in game.offered() if a.startswith("police")] == [
        "police from Kabul to Kandahar", "police from Balkh to Kandahar"]
    play(game, "police from Balkh to Kandahar")
    assert pieces(game, "kandahar") == {"coalition_troops": 2, "police": 1}
    assert pieces(game, "balkh") == {"police": 13}


def test_8_8_2_no_vso_police_shaded_or_for_the_government() -> None:
    game = position(COALITION, VSO_BOARD,
                    capabilities={VILLAGE_STABILITY_OPERATIONS: "shaded"})
    play(game, "train", "in Kabul")
    assert not [a for a in game.offered() if a.startswith("police")]
    game = position(GOV, VSO_BOARD,
                    capabilities={VILLAGE_STABILITY_OPERATIONS: "unshaded"})
    play(game, "train", "in Kabul")
    assert not [a for a in game.offered() if a.startswith("police")]
