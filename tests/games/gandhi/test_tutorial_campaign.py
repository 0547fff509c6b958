"""The Italian tutorial's first Campaign Round (IT l.2654-2740), step by step.

The position is the one the tutorial describes at the Round's start: victory markers
Raj 25, Congress 4, Muslim League 4, Revolutionaries 7 (facts §1.3 trail), Crisis,
four Congress Activists on the four Railways the tutorial strikes, Raj Resources 1,
two Congress Activists, one Muslim League Activist and Gandhi in Jail, Linlithgow as
Viceroy and Irwin's Campaign card just swapped in.  Pieces the tutorial does not name
are placed so that each of its numbers comes out.

The tutorial is not consistent with its own earlier moves here (test_tutorial_play.py
plays them): by then East Bengal has no Guerrilla left, so at Reset its Unrest would go
too and Revolutionaries would fall 8 -> 4, not 6 (l.2734); and Bombay holds one League
Activist, not "the Activists" (l.2728).  This position follows the numbers it states.
"""

from __future__ import annotations

from engine.games.gandhi.derived import in_crisis, raj_control, totals
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import asked, choose, position, settle

RAILS = ["rail_calcutta_north_bengal", "rail_bombay_khandesh", "rail_khandesh_south",
         "rail_south_madras"]


def tutorial_round_start() -> GandhiState:
    spaces = {
        "delhi": {"pieces": {"troops": 1, "sepoys": 2, "congress_activists": 1}, "support": 1},
        "calcutta": {"pieces": {"troops": 1, "sepoys": 6}, "support": 1},
        "bombay": {"pieces": {"troops": 1, "sepoys": 2, "ml_activists": 2}, "support": 1},
        "karachi": {"pieces": {"sepoys": 2}, "support": 1},
        "madras": {"pieces": {"sepoys": 2}, "support": 1},
        "punjab": {"pieces": {"troops": 1, "sepoys": 1}},
        "bihar": {"pieces": {"troops": 1, "sepoys": 1}},
        "bombay_presidency": {"pieces": {"troops": 2}, "support": -1, "unrest": 1},
        "central_provinces": {"pieces": {"troops": 1}, "support": 1},
        "madras_presidency": {"pieces": {"troops": 1, "sepoys": 1}, "support": 1},
        "coastal_andhra": {"support": 1},
        "united_provinces": {"pieces": {"troops": 1, "guerrillas_active": 2}, "support": 1,
                             "unrest": 1},
        "east_bengal": {"pieces": {"troops": 1, "ml_activists": 1,
                                   "guerrillas_underground": 1, "rev_bases": 1}, "unrest": 1},
        "west_bengal": {"pieces": {"ml_activists": 1}, "muslim_state": True},
        "gujarat": {"support": -1},
        "hyderabad": {"support": -1},
        "orissa": {"pieces": {"sepoys": 1}},
        **{rail: {"pieces": {"congress_activists": 1}} for rail in RAILS},
    }
    return position(spaces, step="campaign", restraint=1, unity=1,
                    resources={"raj": 1, "revolutionaries": 0},
                    jail={"congress_activists": 2, "ml_activists": 1, "gandhi": 1},
                    viceroy="77", current="75", upcoming="30", campaigns_in_deck=3)


def test_tutorial_round_start_matches_the_victory_trail() -> None:
    state = tutorial_round_start()
    assert totals(state) == {"raj": 25, "congress": 4, "muslim_league": 4,
                             "revolutionaries": 7}
    assert in_crisis(state)


def test_6_1_to_6_3_tutorial_victory_resources_and_support() -> None:
    state = settle(tutorial_round_start())
    # 6.1 nobody wins; 6.2.1 the four Railways with more Activists than cubes strike
    assert state.campaign == 1 and state.result is None
    assert [r for r in RAILS if state.space(r).strike] == RAILS
    # 6.2.2 40 - 17 = 23 -> 24, less 2 x 4 jailed NV pieces -> 16; 6.2.3 Rev 0 -> 2
    assert state.resources == {"raj": 16, "revolutionaries": 2}
    # 6.3.1 Imperialism in Bihar then Punjab, Neutral -> Active Support
    seat, _ = asked(state)
    assert (seat, state.step.name) == ("raj", "imperialism")
    choose(state, "raj", "imperialism Bihar 2")
    assert totals(state)["raj"] == 29 and state.resources["raj"] == 10
    choose(state, "raj", "imperialism Punjab 2")
    assert totals(state)["raj"] == 33 and state.resources["raj"] == 4
    choose(state, "raj", "done")
    # two spaces release four Activists: only three are jailed, all go (no choice left)
    assert state.jail == {"gandhi": 1}
    assert asked(state)[0] == "raj" and state.step.name == "gandhi_release"
    choose(state, "raj", "release Gandhi to Gujarat")
    assert state.jail == {} and state.space("gujarat").count("gandhi") == 1
    # 6.3.2 Congress has no Activist outside Raj Control: the League takes the one space
    assert (asked(state)[0], state.step.name) == ("muslim_league", "constructive")
    choose(state, "muslim_league", "programme East Bengal 2")
    assert totals(state)["muslim_league"] == 8 and totals(state)["congress"] == 8
    # 6.3.3 Pakistan Movement in the Muslim State of West Bengal
    choose(state, "muslim_league", "base West Bengal")
    assert state.space("west_bengal").count("ml_bases") == 1
    # 6.3.4 Secret Societies in United Provinces: Rev 7 -> 8
    choose(state, "revolutionaries", "base United Provinces")
    assert totals(state)["revolutionaries"] == 8
    # 6.4.1 Irwin replaces Linlithgow
    assert state.viceroy == "75" and (asked(state)[0], state.step.name) == ("raj", "redeploy")


RAJ_MOVES = ["move troop from East Bengal to Calcutta", "move troop from United Provinces to Delhi",
             "move sepoy from Karachi to Punjab", "move troop from Punjab to Karachi",
             "move sepoy from Orissa to Central Provinces",
             "move troop from Central Provinces to Delhi",
             "move sepoy from Calcutta to Bihar", "move sepoy from Calcutta to Bombay Presidency",
             "move sepoy from Calcutta to Madras Presidency",
             "move troop from Bihar to Calcutta",
             "move troop from Bombay Presidency to Bombay",
             "move troop from Bombay Presidency to Bombay",
             "move troop from Madras Presidency to Madras"]


def test_6_4_and_6_5_tutorial_redeploy_and_reset() -> None:
    state = settle(tutorial_round_start())
    for text in ("imperialism Bihar 2", "imperialism Punjab 2", "done",
                 "release Gandhi to Gujarat"):
        choose(state, "raj", text)
    choose(state, "muslim_league", "programme East Bengal 2")
    choose(state, "muslim_league", "base West Bengal")
    choose(state, "revolutionaries", "base United Provinces")
    controlled = {s for s in state.spaces if raj_control(state, s)}
    for text in RAJ_MOVES:
        choose(state, "raj", text)
    choose(state, "raj", "done")
    # no Troop stayed in a Province: nothing to pay; all but one Troop leave each City
    assert state.resources["raj"] == 4
    assert [state.space(c).count("troops") for c in ("delhi", "calcutta", "bombay")] \
        == [1, 1, 1]
    assert state.space("calcutta").count("sepoys") == 3
    # "these moves let Raj keep Control of every space it had at the Round's start"
    assert controlled <= {s for s in state.spaces if raj_control(state, s)}
    # 6.4.3 Congress must clear the Railways before it may say done
    assert "done" not in asked(state)[1]
    for text in ("move Gandhi from Gujarat to United Provinces",
                 "move activist from Railway Calcutta–Siliguri to United Provinces",
                 "move activist from Railway Bombay–Bhusawal to United Provinces",
                 "move activist from Railway Bhusawal–Raichur to Central India Agency",
                 "move activist from Railway Raichur–Madras to Central India Agency", "done"):
        choose(state, "congress", text)
    for text in ("move activist from Bombay to East Bengal",
                 "move activist from Bombay to East Bengal", "done"):
        choose(state, "muslim_league", text)
    choose(state, "revolutionaries", "done", cards={20: "31"})
    # 6.5 Bombay Presidency loses its Unrest (no Guerrillas): Rev 8 -> 6; tracks reset to
    # the three Campaign cards left; the Crisis ends; the next card is played
    assert totals(state)["revolutionaries"] == 6
    assert (state.restraint, state.unity) == (3, 3) and not in_crisis(state)
    assert not any(sp.strike or sp.protest for sp in state.spaces.values())
    assert state.current == "30" and state.upcoming == "31"
    assert all(state.eligible.values()) and state.step.name == "card"
