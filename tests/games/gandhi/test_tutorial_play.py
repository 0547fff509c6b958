"""The Italian tutorial played from its setup to the first Campaign Round (IT l.2230-2656).

The Main scenario is set up through the ruleset with the tutorial's special deck (IT
l.2304-2330: nine Event cards, then Lord Irwin #75) and Lord Linlithgow #77 as the first
Viceroy (IT l.2332); Congress places Gandhi in United Provinces (IT l.2298).  Then every
card is played as the tutorial tells it, Operations and Special Activities through their
canonical texts, and each victory total of the trail (facts §1.3) is checked where the
tutorial moves a marker:

    Raj 24 -> 28 -> 30 -> 28 -> 26 -> 33 -> 29 (-> 31 -> 29) -> 25 -> 23 -> 21 -> 19 -> 25
    Congress 4 -> 8 -> 6 -> 4; Muslim League 2 -> 6 -> 4; Revolutionaries 3 -> 5 -> 7

The six Events are scripted (engine/games/gandhi/scripts): #60, #65, #1 and #4 by
cards_d.py, #20 and #44 by cards_a.py and cards_b.py; each is played through the choices
its script offers (``add congress Rail ...``, ``muslim state West Bengal``, ``remove
sepoy East Bengal``, ``add league Punjab``...), and the tutorial's resulting position is
checked.

The last test carries the same game into the Campaign Round's Victory, Resources and
Support Phases (IT l.2654-2700) up to the Redeploy Phase, so that the rest of the trail
(Raj 25 -> 29 -> 33, Congress 4 -> 8, League 4 -> 8, Revolutionaries 7 -> 8) is read off
the position the tutorial's own moves produce (test_tutorial_campaign.py plays the Round
from a described position).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import engine.games.gandhi.ops  # noqa: F401  (registers the Operations)
from engine.coin.sequence import Did
from engine.games.gandhi.derived import (
    available,
    in_crisis,
    margins,
    protests_for_operations,
    raj_control,
    totals,
)
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import apply, asked, choose

T = TypeVar("T")

RAJ, CONGRESS, LEAGUE, REV = "raj", "congress", "muslim_league", "revolutionaries"
U, A = "guerrillas_underground", "guerrillas_active"
# IT l.2310-2328: the tutorial deck, top first (cards 11-13: any three Event cards)
TUTORIAL_DECK = ["60", "57", "65", "26", "1", "20", "44", "4", "32", "75", "30", "31", "2"]
CARDS = dict(enumerate(TUTORIAL_DECK))
LINLITHGOW, IRWIN = "77", "75"
RAILS = ["rail_calcutta_north_bengal", "rail_khandesh_south", "rail_bombay_khandesh",
         "rail_south_madras"]


class TutorialSetupChance:
    """Setup's randomness, fixed so that the secret deck starts as the tutorial's: the
    Event cards dealt in the tutorial's order, Irwin shuffled into the first pile's bottom
    six at its 4th place (deck index 9), and Linlithgow left over as the Viceroy (the fifth
    Campaign card after the four piles)."""

    def roll(self, sides: int = 6) -> int:
        return 4

    def shuffle(self, items: Sequence[T]) -> list[T]:
        listed = list(items)
        order: list[str] = [IRWIN, "73", "74", "76", LINLITHGOW, "78", "79"]
        if LINLITHGOW not in map(str, listed):
            top = [c for c in TUTORIAL_DECK if c != IRWIN]
            order = top + [c for c in map(str, listed) if c not in top]
        return [next(i for i in listed if str(i) == c) for c in order]

    def card(self, index: int) -> str:
        return TUTORIAL_DECK[index]


def play(state: GandhiState, seat: str, *texts: str, rolls: tuple[int, ...] = ()) -> None:
    """``seat`` is the one asked, and says each text in turn (cards come from the deck)."""
    for text in texts:
        assert asked(state)[0] == seat, (seat, text, asked(state))
        choose(state, seat, text, rolls=rolls, cards=CARDS)


def trail(state: GandhiState, raj: int, congress: int, league: int, rev: int) -> None:
    assert totals(state) == {RAJ: raj, CONGRESS: congress, LEAGUE: league, REV: rev}


def pieces(state: GandhiState, space: str) -> dict[str, int]:
    return {k: v for k, v in state.space(space).pieces.items() if v}


# --- Setup (IT l.2254-2338) ---------------------------------------------------------------


def tutorial_setup() -> GandhiState:
    rules = Gandhi()
    setup = rules.setup("main", {}, TutorialSetupChance())
    assert setup.deck[:len(TUTORIAL_DECK)] == TUTORIAL_DECK      # IT l.2310-2328
    state = apply(rules.initial_state(), setup.events)
    assert state.viceroy == LINLITHGOW                            # IT l.2332
    assert (state.restraint, state.unity) == (4, 3)                       # IT l.2276
    assert state.resources == {RAJ: 35, REV: 8}
    trail(state, 24, 4, 2, 3)
    # IT l.2298: Congress places Gandhi, an Activist and the Protest in United Provinces
    play(state, CONGRESS, "place United Provinces")
    up = state.space("united_provinces")
    assert up.protest and pieces(state, "united_provinces") == {
        U: 1, "gandhi": 1, "congress_activists": 1}
    # IT l.2349: the first card is current, the second revealed on the deck
    assert (state.current, state.upcoming) == ("60", "57")
    trail(state, 24, 4, 2, 3)
    return state


# --- Card 1: Young India (IT l.2353-2415) -------------------------------------------------


def card_1(state: GandhiState) -> None:
    assert asked(state) == (CONGRESS, [
        "event unshaded", "event shaded", "rally", "demonstrate", "civil disobedience",
        "non-cooperation", "pass", "pass free congress", "pass free muslim league"])
    # shaded Event (#60 is scripted): one Active Activist on each of four Railways next to
    # Opposition (IT l.2359-2363: East Bengal, Gujarat and Hyderabad are at Opposition;
    # South-Madras is adjacent to Hyderabad across a town, 1.3.8)
    play(state, CONGRESS, "event shaded")
    offered = {t for t in asked(state)[1] if t.startswith("add congress")}
    assert {f"add congress activist in Railway {r}" for r in (
        "Calcutta–Siliguri", "Bhusawal–Raichur", "Bombay–Bhusawal", "Raichur–Madras")} <= offered
    assert "add congress activist in Railway Delhi–Allahabad" not in offered   # no Opposition
    assert "done" in asked(state)[1]                           # "sino a 4" (IT l.2361)
    for rail in ("Calcutta-North-Bengal", "Khandesh-South", "Bombay-Khandesh", "South-Madras"):
        play(state, CONGRESS, f"add congress Rail {rail}")
    # the fourth Railway ends the Event by itself
    assert all(pieces(state, r) == {"congress_activists": 1} for r in RAILS)
    # 2nd Eligible after an Event: Operation (+ Special Activity) or Pass
    assert asked(state) == (REV, ["rally", "march", "attack", "unrest", "pass"])
    # Rally (3.4.1): East Bengal 1 + Base = 2, then Punjab, Hyderabad, Central India Agency
    play(state, REV, "rally", "in East Bengal", "place 2 guerrillas")
    for space in ("Punjab", "Hyderabad", "Central India Agency"):
        play(state, REV, f"in {space}", "place 1 guerrilla")
    assert available(state, "guerrillas") == 0          # IT l.2393 none left
    assert not any(t.startswith("in ") for t in asked(state)[1])
    play(state, REV, "recall guerrilla")                # IT l.2395 one from Out of Play
    assert state.resources[REV] == 4                    # 8 - 4 spaces
    # Infiltrate (4.5.2) United Provinces: the Protest is replaced by the last Guerrilla
    play(state, REV, "infiltrate", "in United Provinces", "replace protest", "done", "done")
    up = state.space("united_provinces")
    assert not up.protest and pieces(state, "united_provinces") == {
        U: 2, "gandhi": 1, "congress_activists": 1}
    assert available(state, "guerrillas") == 0 and state.resources[REV] == 4
    assert state.turn.acted == [] and (state.current, state.upcoming) == ("57", "65")
    assert state.eligible == {RAJ: True, CONGRESS: False, LEAGUE: True, REV: False}
    trail(state, 24, 4, 2, 3)


# --- Card 2: Sarojini Naidu (IT l.2417-2463) ----------------------------------------------


def card_2(state: GandhiState) -> None:
    # the League Passes and frees one of its own Activists (a Congress one: Unity +1)
    assert {"pass", "pass free congress", "pass free muslim league"} <= set(asked(state)[1])
    play(state, LEAGUE, "pass free muslim league")
    assert available(state, "ml_activists") == 6 and state.out_of_play["ml_activists"] == 5
    assert state.unity == 3
    # Deploy (3.2.1): Delhi 3 Troops 3 Sepoys, Calcutta 6 Sepoys, Bombay the last Troop
    play(state, RAJ, "deploy", "in Delhi", "place 3 troops 3 sepoys")
    play(state, RAJ, "in Calcutta", "place 0 troops 6 sepoys")
    assert available(state, "troops") == 1              # IT l.2431
    play(state, RAJ, "in Bombay", "place 1 troop 0 sepoys")
    play(state, RAJ, "recall troop", "recall troop")
    assert not any(t.startswith(("recall", "in ")) for t in asked(state)[1])  # two at most
    assert state.resources[RAJ] == 27 and state.out_of_play["troops"] == 4   # 35 - 2 x 4
    assert pieces(state, "calcutta")["sepoys"] == 9
    # Govern (4.2.2): Imperialism twice in Punjab (Pop 2) and in Orissa (Pop 1)
    play(state, RAJ, "govern")
    assert "in East Bengal" not in asked(state)[1]      # IT l.2447 the Base is Active
    play(state, RAJ, "in Punjab", "buy imperialism", "buy imperialism")
    assert state.space("punjab").support == 2
    trail(state, 28, 4, 2, 3)
    assert state.resources[RAJ] == 21
    play(state, RAJ, "in Orissa", "buy imperialism", "buy imperialism")
    trail(state, 30, 4, 2, 3)
    assert state.resources[RAJ] == 15
    play(state, RAJ, "done", "done")
    assert (state.current, state.upcoming) == ("65", "26")
    assert state.eligible == {RAJ: False, CONGRESS: True, LEAGUE: True, REV: True}


# --- Card 3: United Bengal (IT l.2465-2497) -----------------------------------------------


def card_3(state: GandhiState) -> None:
    assert asked(state)[0] == LEAGUE
    # shaded Event (#65 is scripted): a Muslim State in a Province without Raj Control
    # (IT l.2465-2467: any such Province, Muslim or not; no Troops to move out)
    play(state, LEAGUE, "event shaded")
    offered = asked(state)[1]
    assert {"muslim state in West Bengal", "muslim state in Bihar"} <= set(offered)
    # Punjab and East Bengal have Raj Control (as the tutorial's setup leaves them)
    assert "muslim state in Punjab" not in offered
    assert "muslim state in East Bengal" not in offered
    play(state, LEAGUE, "muslim state West Bengal")
    assert state.space("west_bengal").muslim_state
    trail(state, 30, 4, 6, 3)                           # 2 + 2 x Pop 2
    # Unrest (3.4.4) in United Provinces at Restraint 4, Aid during it, then Bombay Pres.
    play(state, REV, "unrest", "in United Provinces")
    up = state.space("united_provinces")
    assert (up.unrest, up.support, up.count(A), up.count(U)) == (1, 0, 1, 1)
    trail(state, 28, 4, 6, 5)
    assert state.resources[REV] == 0
    play(state, REV, "aid")
    for space in ("East Bengal", "Hyderabad", "Central India Agency"):
        play(state, REV, f"in {space}", "gain resources")
    play(state, REV, "done")
    assert state.resources[REV] == 4
    assert "aid" not in asked(state)[1]                 # one Special Activity only
    play(state, REV, "in Bombay Presidency")
    trail(state, 26, 4, 6, 7)
    assert state.resources[REV] == 0 and state.restraint == 4
    play(state, REV, "done")
    assert state.restraint == 3                         # IT l.2495 lastly Restraint -1
    assert (state.current, state.upcoming) == ("26", "1")


# --- Card 4: Rowlatt Act (IT l.2499-2527) -------------------------------------------------


def card_4(state: GandhiState) -> None:
    assert asked(state)[0] == RAJ
    # Sweep (3.2.3), Operation only; Sepoys cost Restraint 3 per space
    play(state, RAJ, "sweep", "into United Provinces", "move 1 troop from Delhi",
         "move 3 sepoys from Delhi")
    up = state.space("united_provinces")
    assert (up.count(A), up.count(U)) == (2, 0) and raj_control(state, "united_provinces")
    play(state, RAJ, "into Bihar", "move 1 troop from Delhi", "move 1 sepoy from Calcutta")
    assert raj_control(state, "bihar")
    play(state, RAJ, "into West Bengal")
    assert not any("troops" in t for t in asked(state)[1] if t.startswith("move"))  # a State
    play(state, RAJ, "move 2 sepoys from Calcutta")
    assert not raj_control(state, "west_bengal")
    before = state.resources[RAJ]
    play(state, RAJ, "into Central Provinces", "move 1 troop from Delhi")
    assert state.resources[RAJ] == before and raj_control(state, "central_provinces")
    play(state, RAJ, "into Bombay Presidency", "move 1 troop from Bombay",
         "move 1 sepoy from Bombay")
    assert raj_control(state, "bombay_presidency")
    # Punjab: the lone Troop Sweeps in place and Activates one of the two Guerrillas
    play(state, RAJ, "into Punjab")
    punjab = state.space("punjab")
    assert (punjab.count(A), punjab.count(U)) == (1, 1) and raj_control(state, "punjab")
    assert state.resources[RAJ] == 3                    # 15 - 4 x 3
    trail(state, 33, 4, 6, 7)                           # Control of 7 Pop
    play(state, RAJ, "done")
    assert state.turn.acted == [(RAJ, Did.OP)]
    # Operation only: Congress may only do a Limited Operation, or Pass
    seat, texts = asked(state)
    assert seat == CONGRESS and "event shaded" not in texts
    assert {"limited civil disobedience", "pass free congress"} <= set(texts)
    assert not {"civil disobedience", "non-cooperation"} & set(texts)
    play(state, CONGRESS, "pass free congress")
    assert state.out_of_play["congress_activists"] == 5
    assert (state.current, state.upcoming) == ("1", "20")


# --- Card 5: British Indian Army (IT l.2529-2565) -----------------------------------------


def card_5(state: GandhiState) -> None:
    assert asked(state)[0] == CONGRESS
    assert protests_for_operations(state) == 4           # IT l.2533 Restraint 3
    # Civil Disobedience (3.3.3): Gandhi's space plus up to Restraint 3 spaces
    play(state, CONGRESS, "civil disobedience", "in United Provinces", "in Punjab")
    assert not raj_control(state, "united_provinces") and not raj_control(state, "punjab")
    trail(state, 29, 4, 6, 7)
    play(state, CONGRESS, "in Calcutta")
    assert raj_control(state, "calcutta") and protests_for_operations(state) == 1
    trail(state, 29, 4, 6, 7)
    # Satyagraha (4.3.2): Gandhi to Bombay Presidency; UP regains Control (29 -> 31), BP
    # loses it (31 -> 29); a Congress Activist is placed there, Inactive
    play(state, CONGRESS, "satyagraha", "in Bombay Presidency")
    assert raj_control(state, "united_provinces") and not raj_control(state, "bombay_presidency")
    trail(state, 29, 4, 6, 7)
    play(state, CONGRESS, "place", "done")
    assert pieces(state, "bombay_presidency") == {
        "troops": 1, "sepoys": 1, A: 1, "gandhi": 1, "congress_activists": 1}
    # back to the Operation: the space with Gandhi gets the last Available Protest
    play(state, CONGRESS, "in Bombay Presidency")
    assert state.space("bombay_presidency").protest and protests_for_operations(state) == 0
    play(state, CONGRESS, "done")
    assert [s for s, sp in state.spaces.items() if sp.protest] == [
        "punjab", "united_provinces", "bombay_presidency", "calcutta"]
    trail(state, 29, 4, 6, 7)
    # the League cannot add a Special Activity: it Passes, freeing an Activist
    seat, texts = asked(state)
    assert seat == LEAGUE and "non-cooperation" not in texts
    play(state, LEAGUE, "pass free muslim league")
    # the Revolutionaries take the shaded Event (#1 is scripted): 5 Sepoys, at most 2 per
    # space, the first 3 to Available, the rest to Out of Play (IT l.2557-2561)
    before = state.out_of_play["sepoys"]
    play(state, REV, "event shaded", "remove sepoy East Bengal", "remove sepoy East Bengal")
    assert "remove sepoy East Bengal" not in asked(state)[1]     # no more than 2 per space
    play(state, REV, "remove sepoy United Provinces")
    assert state.out_of_play["sepoys"] == before                 # three to Available
    play(state, REV, "remove sepoy United Provinces", "remove sepoy Central India Agency")
    assert not raj_control(state, "east_bengal") and not raj_control(state, "united_provinces")
    trail(state, 25, 4, 6, 7)
    # the fifth Sepoy ends the Event by itself
    assert state.out_of_play["sepoys"] == 14 == before + 2
    assert (state.current, state.upcoming) == ("20", "44")


# --- Card 6: Jugantar (IT l.2567-2581) ----------------------------------------------------


def card_6(state: GandhiState) -> None:
    assert asked(state)[0] == RAJ
    # unshaded Event: one Guerrilla per cube (EB: one Troop), Hidden first; Activate the rest
    assert pieces(state, "east_bengal") == {"troops": 1, "ml_activists": 1, U: 2, A: 1,
                                            "rev_bases": 1}
    play(state, RAJ, "event unshaded")                  # #20 is scripted
    assert (state.space("east_bengal").count(A), state.space("east_bengal").count(U)) == (2, 0)
    assert state.resources[RAJ] == 3
    # Non-Cooperation (3.3.4): only Punjab qualifies; Restraint 3 -> 2 at its end
    play(state, LEAGUE, "non-cooperation")
    assert [t for t in asked(state)[1] if t.startswith("in ")] == ["in Punjab"]
    assert protests_for_operations(state) == 0
    play(state, LEAGUE, "in Punjab")
    assert state.space("punjab").support == 1
    trail(state, 23, 4, 6, 7)
    play(state, LEAGUE, "end operation")
    assert state.restraint == 2 and protests_for_operations(state) == 1
    # Persuade (4.4.3): the Congress Activist in Punjab, an Active Guerrilla in East Bengal
    play(state, LEAGUE, "persuade", "in Punjab", "remove congress activist",
         "in East Bengal", "remove active guerrilla", "done")
    assert state.unity == 2                             # an NV piece was removed
    assert pieces(state, "punjab") == {"troops": 1, "sepoys": 1, "ml_activists": 1, A: 1, U: 1}
    play(state, LEAGUE, "done")
    trail(state, 23, 4, 6, 7)
    assert (state.current, state.upcoming) == ("44", "4")


# --- Card 7: HSRA (IT l.2583-2617) ---------------------------------------------------------


def card_7(state: GandhiState) -> None:
    assert asked(state)[0] == REV
    # shaded Event: Guerrillas in 2 spaces, each shifted 1 level towards Active Opposition
    # (#44 is scripted: both spaces are named first, both shift when the Event closes)
    play(state, REV, "event shaded", "in Punjab", "in Bihar", "place 1 guerrilla in Punjab")
    assert available(state, "guerrillas") == 1          # IT l.2585 only one left
    # 1.4.1: the Revolutionaries take two Guerrillas back to place 3 in Bihar
    play(state, REV, "remove 1 active guerrillas Hyderabad",
         "remove 1 active guerrillas Central India Agency", "place 3 guerrillas in Bihar")
    assert pieces(state, "bihar") == {"troops": 1, "sepoys": 1, U: 3}
    trail(state, 19, 4, 6, 7)
    # Non-Cooperation: United Provinces and Bombay Presidency, Neutral -> Passive Opposition
    play(state, CONGRESS, "non-cooperation")
    assert [t for t in asked(state)[1] if t.startswith("in ")] == [
        "in United Provinces", "in Bombay Presidency"]
    play(state, CONGRESS, "in United Provinces", "in Bombay Presidency")
    trail(state, 19, 8, 6, 7)
    play(state, CONGRESS, "end operation")
    assert state.restraint == 1
    # Persuade (4.3.3): the League Activist in Calcutta, the Sepoy in United Provinces
    play(state, CONGRESS, "persuade", "in Calcutta", "remove muslim league activist",
         "in United Provinces", "remove sepoy", "done")
    assert state.unity == 1 and in_crisis(state)        # IT l.2601 Crisis!
    # 6.8 at the end of the turn the Raj rolls (4) and brings 4 cubes from Out of Play
    play(state, CONGRESS, "done", rolls=(4,))
    assert (asked(state)[0], state.step.name) == (RAJ, "crisis_placement")
    play(state, RAJ, "place sepoy Punjab", "place troop Bombay Presidency",
         "place sepoy Bombay Presidency", "place troop Madras Presidency")
    assert all(raj_control(state, s) for s in ("punjab", "bombay_presidency",
                                               "madras_presidency"))
    trail(state, 25, 8, 6, 7)
    assert (state.current, state.upcoming) == ("4", "32")


# --- Card 8: Simon Commission (IT l.2619-2656) --------------------------------------------


def card_8(state: GandhiState) -> None:
    assert asked(state)[0] == RAJ and state.resources[RAJ] == 3
    # Assault (3.2.4) at Restraint 1: Punjab with all cubes, League first, then the Rev
    play(state, RAJ, "assault", "in Punjab", "with troops and sepoys",
         "arrest muslim league activist", "remove active guerrilla")
    assert pieces(state, "punjab") == {"troops": 1, "sepoys": 2, U: 2}
    play(state, RAJ, "in United Provinces", "with troops", "remove active guerrilla")
    play(state, RAJ, "in Bombay Presidency", "with troops and sepoys", "arrest Gandhi",
         "arrest congress activist", "remove active guerrilla")
    assert pieces(state, "bombay_presidency") == {"troops": 2, "sepoys": 2}
    play(state, RAJ, "in Calcutta", "with troops", "arrest congress activist")
    play(state, RAJ, "in East Bengal", "with troops", "remove active guerrilla")
    assert pieces(state, "east_bengal") == {"troops": 1, "ml_activists": 1, "rev_bases": 1}
    assert state.resources[RAJ] == 1                    # Sepoys in two spaces
    assert state.jail == {"ml_activists": 1, "gandhi": 1, "congress_activists": 2}
    trail(state, 25, 8, 6, 7)
    # Martial Law (4.2.3), two spaces in Crisis, no Unrest under Linlithgow
    play(state, RAJ, "martial law", "in United Provinces", "remove 1 congress 0 league")
    up = state.space("united_provinces")
    assert not up.protest and up.support == 0 and up.unrest == 1
    trail(state, 25, 6, 6, 7)
    play(state, RAJ, "in East Bengal", "remove 0 congress 1 league")
    eb = state.space("east_bengal")
    assert eb.support == 0 and eb.unrest == 1
    trail(state, 25, 4, 4, 7)
    play(state, RAJ, "done", "done")
    # Gandhi arrested: Restraint cannot go below 1; Congress places two Protests
    assert state.restraint == 1 and (asked(state)[0], state.step.name) == (
        CONGRESS, "gandhi_protests")
    play(state, CONGRESS, "protest Delhi", "protest Madras Presidency")
    assert state.space("delhi").protest and state.space("madras_presidency").protest
    # the League's shaded Event (#4 is scripted): 4 Activists, no Unrest (IT l.2646-2652)
    seat, texts = asked(state)
    assert seat == LEAGUE and "event shaded" in texts
    play(state, LEAGUE, "event shaded", "add league Punjab", "add league Punjab",
         "add league Sind", "add league East Bengal")
    assert state.space("punjab").count("ml_activists") == 2
    assert state.space("east_bengal").count("ml_activists") == 1
    # four Activists added: only the Unrest markers are left, "sino a 2" (IT l.2652)
    seat, texts = asked(state)
    assert seat == LEAGUE and "done" in texts and "unrest Punjab" in texts
    assert not any(t.startswith("add ") for t in texts)
    trail(state, 25, 4, 4, 7)
    assert state.resources == {RAJ: 1, REV: 0} and in_crisis(state)
    play(state, LEAGUE, "done")                          # Lord Irwin is revealed


def play_to_the_campaign_round() -> GandhiState:
    state = tutorial_setup()
    for card in (card_1, card_2, card_3, card_4, card_5, card_6, card_7, card_8):
        card(state)
    return state


def test_tutorial_setup_with_its_deck_and_viceroy() -> None:
    state = tutorial_setup()
    assert asked(state)[0] == CONGRESS and state.step.name == "card"


def test_tutorial_cards_1_to_8_follow_the_victory_trail() -> None:
    state = play_to_the_campaign_round()
    # IT l.2656: the Campaign card swaps with Cellular Jail and the Round begins (6.1 and
    # 6.2 need no decision: the Round waits for the Raj's Imperialism, 6.3.1)
    assert state.current == IRWIN and state.upcoming == "32" and state.campaign == 1
    assert state.jail == {"ml_activists": 1, "gandhi": 1, "congress_activists": 2}
    assert in_crisis(state) and (asked(state)[0], state.step.name) == (RAJ, "imperialism")
    trail(state, 25, 4, 4, 7)


def test_tutorial_continues_into_the_campaign_round_phases_6_1_to_6_3() -> None:
    state = play_to_the_campaign_round()
    # 6.1 (IT l.2662-2667): the margins; nobody wins
    assert margins(state) == {RAJ: -13, CONGRESS: -16, LEAGUE: -10, REV: -7}
    assert state.result is None
    # 6.2 the four Railways with more Activists than cubes strike: 23 + 1, less 4 x 2
    assert [r for r in RAILS if state.space(r).strike] == RAILS
    assert state.resources == {RAJ: 16, REV: 2}
    # 6.3.1 Imperialism: Bihar 25 -> 29, Punjab 29 -> 33
    play(state, RAJ, "imperialism Bihar 2")
    trail(state, 29, 4, 4, 7)
    play(state, RAJ, "imperialism Punjab 2")
    trail(state, 33, 4, 4, 7)
    assert state.resources[RAJ] == 4
    play(state, RAJ, "done", "release Gandhi to Gujarat")
    assert state.jail == {}
    # 6.3.2 Constructive Programme in East Bengal by the League: both NV totals 4 -> 8
    play(state, LEAGUE, "programme East Bengal 2")
    trail(state, 33, 8, 8, 7)
    # 6.3.3-6.3.4 Bases in West Bengal and United Provinces: Revolutionaries 7 -> 8
    play(state, LEAGUE, "base West Bengal")
    play(state, REV, "base United Provinces")
    trail(state, 33, 8, 8, 8)
    assert state.viceroy == IRWIN and (asked(state)[0], state.step.name) == (RAJ, "redeploy")
