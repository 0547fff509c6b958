"""The rule book's own examples of non-player play (rule 8), each a test named after its
rule, played by the non-player policy (engine/games/gandhi/np) on the position the example
describes.  Where the example leaves the rest of the board open, the position adds only
what makes the example's choice the one the tables give (said in each test)."""

from __future__ import annotations

from engine.coin.np_random import random_space
from engine.games.gandhi.derived import protests_for_operations
from engine.games.gandhi.np.data import np_data
from engine.games.gandhi.np.effective import event_effect
from engine.games.gandhi.state import GandhiState
from tests.games.gandhi.helpers import choose, on_card
from tests.games.gandhi.np_helpers import Said, after_first, bots, plan_card, texts

SIXES = (6,) * 60   # every die high: Activation rolls pass, random spaces start at 6-6
NP_RAJ = {"players": [["congress"], ["muslim_league"], ["revolutionaries"]]}
NP_CONGRESS = {"players": [["raj"], ["muslim_league"], ["revolutionaries"]]}
NP_LEAGUE = {"players": [["raj"], ["congress"], ["revolutionaries"]]}
NEXT_CARD = {20: "30"}   # the card drawn when the Event ends the card


def pieces(state: GandhiState, sid: str) -> dict[str, int]:
    return {k: n for k, n in state.space(sid).pieces.items() if n}


def activities(said: list[Said]) -> list[str]:
    return [w["activity"] for s in said for w in s.said("activity")]


# --- 8.1.5 "Get" ----------------------------------------------------------------------------


def deploy_delhi(sepoys_out_of_play: int) -> GandhiState:
    """Card AA's Deploy with Delhi selected first: Delhi holds 2 Troops and, with a Protest
    and 2 Congress Activists there, is the only City without Raj Control (the Place Cubes
    column's first row); the other Cities hold 3 Troops each."""
    cities = {c: {"pieces": {"troops": 3}} for c in ("bombay", "calcutta", "karachi", "madras")}
    spaces = {"delhi": {"pieces": {"troops": 2, "congress_activists": 2}, "protest": True},
              **cities}
    state = on_card("5", "raj", spaces, options=NP_RAJ,
                    out_of_play={"sepoys": sepoys_out_of_play})
    plan_card(state, "raj", "AA")
    choose(state, "raj", "deploy")
    return state


def test_8_1_5_get_3_troops_then_sepoys_up_to_6_cubes() -> None:
    state = deploy_delhi(0)
    said = bots(state, "raj", SIXES)
    assert said[0].text == "in Delhi"
    assert said[0].said("column")[0]["rows"][0] == ["no_raj_control", 1]
    # two Troops there: one more makes three; then five Sepoys: six cubes placed
    assert said[1].text == "place 1 troop 5 sepoys"
    assert pieces(state, "delhi") == {"troops": 3, "sepoys": 5, "congress_activists": 2}


def test_8_1_5_get_places_all_three_sepoys_when_only_three_are_available() -> None:
    state = deploy_delhi(42)   # 45 Sepoys, 42 Out of Play: 3 Available
    said = bots(state, "raj", SIXES)
    assert texts(said)[:2] == ["in Delhi", "place 1 troop 3 sepoys"]
    assert pieces(state, "delhi")["sepoys"] == 3


# --- 8.4.1 Selecting a space -----------------------------------------------------------------


def test_8_4_1_np_congress_civil_disobedience_places_protests_in_bihar_then_west_bengal(
) -> None:
    # Restraint 3 and two Protests Available (two of the four are on the map already, in
    # spaces without Activists); four spaces with Congress Activists are eligible.
    spaces = {"united_provinces": {"pieces": {"congress_activists": 2}, "support": -2},
              "bihar": {"pieces": {"congress_activists": 2}},
              "west_bengal": {"pieces": {"congress_activists": 1}},
              "central_india_agency": {"pieces": {"congress_activists": 1}},
              "sind": {"protest": True}, "madras": {"protest": True}}
    state = on_card("5", "congress", spaces, options=NP_CONGRESS, restraint=3)
    assert protests_for_operations(state) == 2
    plan_card(state, "congress", "H", sas=[])
    choose(state, "congress", "civil disobedience")
    said = bots(state, "congress", SIXES)
    first, second = said[0].said("column")[0], said[1].said("column")[0]
    # "not at Active Opposition" (3 left), "2-Pop" (2), "non-Muslim space" (Bihar)
    assert first["space"] == "bihar" and first["among"] == 4
    assert first["rows"] == [["not_active_opposition", 3], ["two_pop", 2], ["non_muslim", 1]]
    # then among the three left: not at Active Opposition (2), 2-Pop (West Bengal)
    assert second["space"] == "west_bengal" and second["among"] == 3
    assert second["rows"] == [["not_active_opposition", 2], ["two_pop", 1]]
    assert state.space("bihar").protest and state.space("west_bengal").protest
    assert not state.space("central_india_agency").protest
    assert protests_for_operations(state) == 0


# --- 8.5 Adversary Priorities ------------------------------------------------------------------


def test_8_5_np_raj_assault_in_punjab_targets_gandhi_the_players_guerrilla_and_the_activist(
) -> None:
    # Raj and the Muslim League are non-players; Congress and the Revolutionaries play.
    options = {"players": [["congress"], ["revolutionaries"]]}
    punjab = {"pieces": {"sepoys": 8, "gandhi": 1, "congress_activists": 1,
                         "guerrillas_active": 1, "ml_activists": 1},
              "protest": True, "unrest": 1, "muslim_state": True, "support": -1}
    state = on_card("5", "raj", {"punjab": punjab}, options=options)
    plan_card(state, "raj", "A")
    choose(state, "raj", "assault")
    said = bots(state, "raj", SIXES)
    targets = [(w["piece"], w["priority"]) for s in said for w in s.said("adversary")]
    # Gandhi first, with the Congress Activist by 1.4.4; the player's Guerrilla before the
    # non-player's Activist.  3.2.4 makes the Raj target Congress and the League as one
    # Faction, so the engine takes the League's Activist right after the Congress one; the
    # example lists it last (docs/rules-choices.md): the same four pieces go.
    assert targets[0] == ("gandhi", "gandhi")
    assert sorted(p for p, _ in targets) == ["congress_activists", "gandhi",
                                             "guerrillas_active", "ml_activists"]
    assert pieces(state, "punjab") == {"sepoys": 8}
    assert state.jail == {"gandhi": 1, "congress_activists": 1, "ml_activists": 1}
    # Later the same turn, Govern's Imperialism there: the Unrest first, then the Muslim State
    assert activities(said) == ["govern"]
    assert not state.space("punjab").unrest and not state.space("punjab").muslim_state


def test_8_5_the_player_factions_piece_before_the_most_common_one() -> None:
    # Only the Guerrilla (a player's) and the League Activist (a non-player's) are left
    options = {"players": [["congress"], ["revolutionaries"]]}
    punjab = {"pieces": {"sepoys": 2, "guerrillas_active": 1, "ml_activists": 1},
              "protest": True}
    state = on_card("5", "raj", {"punjab": punjab}, options=options)
    plan_card(state, "raj", "A", sas=[])
    choose(state, "raj", "assault")
    said = bots(state, "raj", SIXES)
    first = next(w for s in said for w in s.said("adversary"))
    assert (first["piece"], first["priority"]) == ("guerrillas_active", "player_faction")
    assert pieces(state, "punjab") == {"sepoys": 2, "ml_activists": 1}


# --- 8.7 Special Activities: skipping what cannot be done ---------------------------------------


def congress_with_card_h(jail: dict[str, int]) -> GandhiState:
    """NP Congress follows Arjuna card H: Civil Disobedience, then "A Negotiate to Release
    Gandhi from Jail; B Satyagraha to Move Gandhi".  Two Protests Available: Civil
    Disobedience takes Bihar and West Bengal, leaving Central Provinces to Negotiate in."""
    gandhi = {} if jail else {"gandhi": 1}
    spaces = {"bihar": {"pieces": {"congress_activists": 2}},
              "west_bengal": {"pieces": {"congress_activists": 2, **gandhi}},
              "central_provinces": {"pieces": {"congress_activists": 1}},
              "sind": {"protest": True}, "madras": {"protest": True}}
    state = on_card("5", "congress", spaces, options=NP_CONGRESS, jail=jail)
    plan_card(state, "congress", "H")
    choose(state, "congress", "civil disobedience")
    return state


def test_8_7_arjuna_h_gandhi_not_in_jail_skips_negotiate_for_satyagraha() -> None:
    state = congress_with_card_h({})
    said = bots(state, "congress", SIXES)
    assert "negotiate" not in texts(said)
    assert activities(said) == ["satyagraha"]
    assert said[texts(said).index("satyagraha")].said("activity")[0]["option"] == 1  # B
    assert not state.space("west_bengal").count("gandhi")   # Satyagraha moved him


def test_8_7_arjuna_h_gandhi_in_jail_negotiates_his_release() -> None:
    state = congress_with_card_h({"gandhi": 1})
    said = bots(state, "congress", SIXES)
    assert activities(said) == ["negotiate"]
    assert "in Central Provinces" in texts(said)
    assert state.space("central_provinces").count("gandhi") == 1   # a 6 beats 4 Protests
    assert not state.jail.get("gandhi")


def league_with_card_n(crisis: bool) -> GandhiState:
    """NP Muslim League follows Arjuna card N (6+ League Activists: its Special Activity
    first): "A ✓ Crisis: Infiltrate to Place a Muslim State; B Persuade...; C Infiltrate
    to replace"."""
    spaces = {"punjab": {"pieces": {"ml_activists": 3, "ml_bases": 1,
                                    "guerrillas_underground": 1}, "support": -1},
              "sind": {"pieces": {"ml_activists": 3, "sepoys": 1}}}
    restraint = unity = 1 if crisis else 3   # 6.8 Crisis: Unity and Restraint both 1
    state = on_card("5", "muslim_league", spaces, options=NP_LEAGUE, unity=unity,
                    restraint=restraint)
    plan_card(state, "muslim_league", "N", sa_first=True)
    choose(state, "muslim_league", "rally")
    return state


def test_8_7_arjuna_n_no_crisis_skips_infiltrate_to_place_a_muslim_state() -> None:
    state = league_with_card_n(crisis=False)
    said = bots(state, "muslim_league", SIXES)
    assert activities(said) == ["persuade"]
    assert said[0].said("activity")[0]["option"] == 1   # B, after skipping A
    assert not state.space("punjab").muslim_state


def test_8_7_arjuna_n_in_crisis_infiltrates_to_place_a_muslim_state() -> None:
    state = league_with_card_n(crisis=True)
    said = bots(state, "muslim_league", SIXES)
    assert activities(said) == ["infiltrate"]
    assert said[0].said("activity")[0]["option"] == 0   # A
    assert state.space("punjab").muslim_state


# --- 8.7.1 NP Raj Govern (the example printed inside 8.6.6) -------------------------------------


def test_8_7_1_np_raj_govern_example_card_bb() -> None:
    # No Protest space lacks Activists (United Provinces has one), so instruction 1 is
    # skipped.  Bihar, Madras Presidency and Bombay Presidency are 2-Pop spaces with cubes
    # and no Active adversary; Bombay Presidency has a Protest (its Activist is Active:
    # no Imperialism there), Madras Presidency Unrest but no Opposition.
    spaces = {"bihar": {"pieces": {"troops": 2}, "unrest": 1, "support": -1},
              "madras_presidency": {"pieces": {"troops": 1}, "unrest": 1},
              "bombay_presidency": {"pieces": {"troops": 1}},
              "united_provinces": {"pieces": {"troops": 1, "congress_activists": 1},
                                   "support": -2, "protest": True},
              "punjab": {"pieces": {"troops": 2, "guerrillas_active": 1, "ml_activists": 1}}}
    state = on_card("5", "raj", spaces, options=NP_RAJ)
    plan_card(state, "raj", "BB", sa_first=True)
    choose(state, "raj", "assault")
    said = bots(state, "raj", (2, *SIXES))   # the Imperialism die: 2
    assert texts(said)[:5] == ["govern", "in Bihar", "buy imperialism", "buy imperialism",
                               "in United Provinces"]
    assert said[1].said("die")[0] == {"k": "die", "roll": 2, "what": "imperialism"}
    bihar = said[1].said("column")[0]
    assert bihar["column"] == "shift_to_support"
    assert [r for r, n in bihar["rows"] if n] == ["two_pop", "no_protest", "unrest",
                                                  "most_opposition"]
    # the Unrest removed, then one level: Passive Opposition to Neutral (2 of the die's 2)
    assert state.space("bihar").unrest == 0 and state.space("bihar").support == 0
    # Imperialism is done: the last space by Remove or Replace, its piece by 8.5
    last = said[4].said("column")[0]
    assert last["column"] == "remove_or_replace"
    assert said[5].said("adversary")[0]["piece"] == "congress_activists"
    assert state.jail == {"congress_activists": 1}


# --- 8.8.4 Implementing Event text ---------------------------------------------------------------


def test_8_8_4_card_6_np_raj_removes_an_adversary_faction_never_its_cubes() -> None:
    # Congress executed an Operation with a Special Activity: NP Raj, 2nd Eligible, takes
    # the Event, effective for it (8.2.1).  Punjab (no Raj Control) is the Protest space
    # Remove or Replace selects; there the League's two Activists go first (8.5: the most
    # common piece), never the Troop.
    spaces = {"bihar": {"protest": True, "pieces": {"sepoys": 3, "congress_activists": 2}},
              "punjab": {"protest": True, "pieces": {"troops": 1, "ml_activists": 2,
                                                     "guerrillas_active": 1}}}
    state = after_first("6", "congress", "raj", spaces, options=NP_RAJ)
    effect = event_effect(state, "raj", "unshaded")
    assert effect["effective"] and effect["column"] == "remove_or_replace"
    said = bots(state, "raj", SIXES, cards=NEXT_CARD)
    assert texts(said) == ["event unshaded", "in Punjab", "muslim league"]
    assert said[1].said("event_choice")[0]["column"] == "remove_or_replace"
    assert pieces(state, "punjab") == {"troops": 1, "guerrillas_active": 1}
    assert state.jail == {"ml_activists": 2}


def test_8_8_4_card_6_the_adversary_table_picks_the_faction_among_equals() -> None:
    # One League Activist and one Guerrilla: equally effective; the Revolutionaries are a
    # player, the League is not: 8.5 takes the player Faction's piece first
    options = {"players": [["congress"], ["revolutionaries"]]}
    spaces = {"punjab": {"protest": True, "pieces": {"troops": 1, "ml_activists": 1,
                                                     "guerrillas_active": 1}}}
    state = after_first("6", "congress", "raj", spaces, options=options)
    said = bots(state, "raj", SIXES, cards=NEXT_CARD)
    assert texts(said) == ["event unshaded", "in Punjab", "revolutionaries"]
    assert pieces(state, "punjab") == {"troops": 1, "ml_activists": 1}


def test_8_8_4_card_16_np_congress_adds_unrest_to_remove_a_base() -> None:
    # The League executed an Operation with a Special Activity; NP Congress is 2nd.  The
    # unshaded text (the example's; 8.8.2 would give NP Congress the shaded text unless
    # the card has a halo for it, docs/rules-choices.md) is effective only by the Base.
    spaces = {"punjab": {"pieces": {"ml_activists": 2, "ml_bases": 1}},
              "sind": {"pieces": {"ml_activists": 1}}}
    state = after_first("16", "muslim_league", "congress", spaces, upcoming="6",
                        options=NP_CONGRESS)
    effect = event_effect(state, "congress", "unshaded")
    assert effect["outcomes"] == {"removes_adversaries": 1}
    assert effect["column"] == "remove_or_replace"
    choose(state, "congress", "event unshaded")
    said = bots(state, "congress", SIXES, cards=NEXT_CARD)
    # the Muslim space with the Base; then "up to 2": a second space would only add Unrest,
    # which is not effective for Congress, so it stops; the Unrest is placed all the same
    assert texts(said) == ["in Punjab", "done", "remove muslim league base in Punjab"]
    assert said[1].said("event_choice")[0]["stop"] is True
    assert state.space("punjab").unrest == 1 and not state.space("punjab").count("ml_bases")
    assert not state.space("sind").unrest


def test_8_8_4_card_16_without_a_base_is_not_effective_for_np_congress() -> None:
    spaces = {"punjab": {"pieces": {"ml_activists": 2}}, "sind": {"pieces": {"ml_activists": 1}}}
    state = after_first("16", "muslim_league", "congress", spaces, upcoming="6",
                        options=NP_CONGRESS)
    assert not event_effect(state, "congress", "unshaded")["effective"]


# --- 8.8.5 Selecting spaces for Events -----------------------------------------------------------


def test_8_8_5_card_44_np_raj_uses_shift_to_support_the_leftmost_effective_column() -> None:
    # Removing Guerrillas (Remove or Replace) and shifting toward Support (Shift to
    # Support) are both effective for NP Raj: the leftmost column selects the spaces, and
    # the Guerrillas there are removed all the same.
    spaces = {"bihar": {"pieces": {"guerrillas_active": 1}, "support": -1},
              "punjab": {"pieces": {"guerrillas_underground": 2}},
              "madras_presidency": {"pieces": {"guerrillas_active": 1, "sepoys": 1},
                                    "support": 1}}
    state = after_first("44", "revolutionaries", "raj", spaces, options=NP_RAJ)
    effect = event_effect(state, "raj", "unshaded")
    assert {"adds_support", "removes_adversaries"} <= set(effect["outcomes"])
    columns = np_data(None).columns["raj"]
    assert columns.index("shift_to_support") < columns.index("remove_or_replace")
    assert effect["column"] == "shift_to_support"
    said = bots(state, "raj", SIXES, cards=NEXT_CARD)
    assert said[0].text == "event unshaded"
    assert all(w["column"] == "shift_to_support" for s in said[1:]
               for w in s.said("event_choice"))
    # the 2-Pop spaces, not Madras Presidency (1 Guerrilla, already at Support)
    assert state.space("bihar").support == 0 and not state.space("bihar").pieces
    assert state.space("punjab").support == 1
    assert pieces(state, "madras_presidency") == {"guerrillas_active": 1, "sepoys": 1}


# --- 8.1.2 Random spaces (the Spanish and Italian example) -------------------------------------


def test_8_1_2_random_space_dice_3_and_5_east_bengal_then_the_next_slots() -> None:
    regions = np_data(None).regions

    def roll(eligible: set[str]) -> tuple[str, tuple[int, ...], int]:
        dice = iter((3, 5))
        pick = random_space(regions, eligible, lambda n: next(dice))
        assert pick is not None
        return pick.space, pick.dice, pick.steps

    assert roll({"east_bengal", "calcutta"}) == ("east_bengal", (3, 5), 0)
    # East Bengal not eligible: Calcutta (3-6), then Sind (4-1), then Gujarat (4-2)
    assert roll({"calcutta", "gujarat"}) == ("calcutta", (3, 5), 1)
    assert roll({"sind", "gujarat"}) == ("sind", (3, 5), 2)
    assert roll({"gujarat"}) == ("gujarat", (3, 5), 3)

