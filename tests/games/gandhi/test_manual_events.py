"""Manual Events (DESIGN.md §1; rules 5.0-5.2): the card's offer, the executing Faction's
edits checked against the physical rules only (5.1.1, 5.1.4, 1.4.2, 1.10-1.12), and
eligibility after the card (2.3.6, 5.0)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine.games
from engine.core.chance import ReplayChance
from engine.core.events import Event
from engine.core.messages import IllegalAction
from engine.games.gandhi import edits
from engine.games.gandhi.deck import is_campaign
from engine.games.gandhi.events import (
    CardTurnBegan,
    EligibilitySet,
    FactionActed,
    MarkerSet,
    PiecesRemoved,
    ResourcesSet,
)
from engine.games.gandhi.pieces import FACTIONS
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps import event as event_step
from engine.games.gandhi.steps.event import ManualData
from engine.service import Service
from engine.store import Store
from tests.games.gandhi.helpers import RULES, apply, asked, choose, position

engine.games.load()

ORDER = ["raj", "congress", "muslim_league", "revolutionaries"]
TWO_STEPS = ("place ", "move ", "remove ")


def edit(state: GandhiState, seat: str, text: str, rolls: tuple[int, ...] = ()) -> list[Event]:
    """One edit; ``place 2 sepoys in Punjab`` / ``move 1 troops Delhi to Punjab`` /
    ``remove 1 troops Delhi to available`` are given as their two decisions."""
    cut = " in " if text.startswith("place ") else " to "
    if text.startswith(TWO_STEPS) and cut in text:
        first, _, second = text.rpartition(cut)
        return [*edit(state, seat, first), *edit(state, seat, f"{cut.strip()} {second}")]
    events = RULES.decide(state, seat, RULES.parse(state, seat, text), ReplayChance(rolls))
    apply(state, events)
    return events


def refused(state: GandhiState, seat: str, text: str) -> str:
    """The reason an edit is refused, in English; the state is left as it was."""
    before = (state.version, repr(state))
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, seat, RULES.parse(state, seat, text), ReplayChance(()))
    assert (state.version, repr(state)) == before
    return err.value.message("en")


# Card 5 played by hand whether or not it has a script: a deck pack marks it manual.
MANUAL_5 = '[cards.5]\neffect = "manual"\n'
# Every card played by hand (a group that types its own card faces, DESIGN.md §1).
ALL_MANUAL = "".join(f'[cards.{n}]\neffect = "manual"\n' for n in range(1, 73))


def executing(spaces: dict[str, dict[str, Any]] | None = None, faction: str = "raj",
              **kw: Any) -> GandhiState:
    """Card 5 (marked manual) with ``faction`` 1st Eligible, which chose the unshaded Event."""
    order = [faction, *[f for f in ORDER if f != faction]]
    state = position(spaces or {}, step="card", current="5", upcoming="6", **kw)
    state.pack = MANUAL_5
    apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                  CardTurnBegan(card="5", order=order)])
    choose(state, faction, "event unshaded")
    assert state.step.name == "event" and state.step.of(ManualData).executing == faction
    return state


# --- the card's offer --------------------------------------------------------------------------


def test_5_2_the_1st_eligible_may_execute_either_text_and_the_2nd_not_after_an_event() -> None:
    state = position({}, step="card", current="5", upcoming="6")
    state.pack = MANUAL_5
    apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                  CardTurnBegan(card="5", order=ORDER)])
    seat, texts = asked(state)
    assert seat == "raj" and {"event unshaded", "event shaded"} <= set(texts)
    choose(state, "raj", "event shaded")
    assert state.step.data == ManualData(executing="raj", card="5", side="shaded", edits=0)
    choose(state, "raj", "done")
    seat, texts = asked(state)
    assert seat == "congress" and not any(t.startswith("event") for t in texts)  # 2.3.4


def test_every_card_is_manual_until_a_script_is_registered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def script(state: GandhiState, faction: str, side: str, chance: object) -> list[Event]:
        return [MarkerSet(space="bihar", marker="protest", value=1),
                *event_step.finish(faction)]

    monkeypatch.delitem(event_step.SCRIPTED, "5", raising=False)
    state = position({}, current="5")
    assert event_step.is_manual(state, "5")
    monkeypatch.setitem(event_step.SCRIPTED, "5", script)
    assert not event_step.is_manual(state, "5")
    scripted = executing_scripted()
    assert scripted.space("bihar").protest and scripted.turn.acted == [("raj", "event")]
    state.pack = '[cards.5]\neffect = "manual"\n'   # a pack may overrule a script
    assert event_step.is_manual(state, "5")


def executing_scripted() -> GandhiState:
    state = position({}, step="card", current="5", upcoming="6")
    apply(state, [EligibilitySet(eligible={f: True for f in FACTIONS}),
                  CardTurnBegan(card="5", order=ORDER)])
    choose(state, "raj", "event unshaded")
    return state


# --- through the service -----------------------------------------------------------------------

# Card 14 has a script; this game's deck pack marks it manual, so it is played by hand.
MANUAL_14 = '[cards.14]\neffect = "manual"\n'


def test_5_1_a_manual_event_through_the_service_then_the_faction_is_ineligible() -> None:
    service = Service(Store(":memory:"))
    game = service.create_game("gandhi", "short", seed="manual-1",
                               options={"pack": MANUAL_14})
    state = service.kernel_state(game).game
    assert state.current == "14" and service.active(game) == {"congress"}
    assert not is_campaign(state.upcoming or "")
    # Card 14 unshaded: "Remove up to 4 Guerrillas from up to 2 spaces. Revolutionaries
    # Resources -3."
    for text in ("event unshaded", "remove 2 underground guerrillas Punjab", "to available",
                 "remove 2 underground guerrillas East Bengal", "to available",
                 "resources revolutionaries -3", "done"):
        service.act(game, "congress", None, text)
    events = [r.event for r in service.records(game)]
    assert [e for e in events if isinstance(e, PiecesRemoved)] == [
        PiecesRemoved(space="punjab", kind="guerrillas_underground", count=2),
        PiecesRemoved(space="east_bengal", kind="guerrillas_underground", count=2)]
    assert ResourcesSet(faction="revolutionaries", value=2, before=5) in events
    assert FactionActed(faction="congress", did="event") in events
    for seat in ("raj", "muslim_league", "revolutionaries"):
        assert service.active(game) == {seat}
        service.act(game, seat, None, "pass")
    after = service.kernel_state(game).game
    assert after.current == "28" and after.eligible == {
        "raj": True, "congress": False, "muslim_league": True, "revolutionaries": True}
    assert service.active(game) != {"congress"}
    assert service.verify(game).ok


def test_refused_edits_append_nothing() -> None:
    service = Service(Store(":memory:"))
    game = service.create_game("gandhi", "short", seed="manual-1",
                               options={"pack": MANUAL_14})
    service.act(game, "congress", None, "event shaded")
    head = service._store.head(game)[0]
    with pytest.raises(IllegalAction) as err:
        service.act(game, "congress", None, "place 1 troop in Hyderabad")
    assert "Troops may never be placed or moved into States" in err.value.message("en")
    with pytest.raises(IllegalAction) as err:
        service.act(game, "congress", None, "place 99 sepoys")
    assert "Sepoys in Available (5.1.1" in err.value.message("en")
    service.act(game, "congress", None, "place 1 troop")
    head = service._store.head(game)[0]
    with pytest.raises(IllegalAction) as err:
        service.act(game, "congress", None, "in Hyderabad")
    assert "1.4.2" in err.value.message("es") and "1.4.2" in err.value.message("it")
    assert service._store.head(game)[0] == head


# --- pieces (5.1.1, 1.4.2) -----------------------------------------------------------------------


def test_5_1_4_troops_are_never_placed_or_moved_into_states() -> None:
    state = executing({"delhi": {"pieces": {"troops": 2}}})
    edit(state, "raj", "place 1 troop")
    seat, texts = asked(state)
    assert "in Punjab" in texts and "in Hyderabad" not in texts and texts[-1] == "cancel"
    assert "Hyderabad is one" in refused(state, "raj", "in Hyderabad")
    edit(state, "raj", "in Punjab")
    assert "Troops may never" in refused(state, "raj", "move 1 troop Delhi to Mysore")
    edit(state, "raj", "move 2 troops Delhi to Bombay")
    assert state.space("bombay").count("troops") == 2 and state.space("punjab").count("troops")


def test_1_3_5_a_muslim_state_is_a_state_and_needs_its_troops_gone_first() -> None:
    state = executing({"sind": {"pieces": {"troops": 1}}}, faction="muslim_league")
    assert "move the Troops out of Sind first" in refused(
        state, "muslim_league", "marker muslim state Sind on")
    assert "only be placed in a Province" in refused(
        state, "muslim_league", "marker muslim state Hyderabad on")
    edit(state, "muslim_league", "move 1 troop Sind to Karachi")
    edit(state, "muslim_league", "marker muslim state Sind on")
    assert state.space("sind").muslim_state
    assert "Troops may never" in refused(state, "muslim_league", "place 1 troop in Sind")
    edit(state, "muslim_league", "place 2 sepoys in Sind")   # Sepoys may enter States


def test_5_1_1_never_place_what_is_not_available() -> None:
    on_map = {"delhi": {"pieces": {"sepoys": 37}}}      # 45 Sepoys: 37 + 3 + 5 Available
    state = executing(on_map, out_of_play={"sepoys": 3})
    texts = asked(state)[1]
    assert "place 5 sepoys" in texts and "place 6 sepoys" not in texts
    assert "place 3 sepoys from out of play" in texts
    assert "place 4 sepoys from out of play" not in texts
    assert "only 5 Sepoys in Available" in refused(state, "raj", "place 6 sepoys")
    assert "only 3 Sepoys in Out of Play" in refused(
        state, "raj", "place 4 sepoys from out of play in Delhi")
    edit(state, "raj", "place 3 sepoys from out of play in Punjab")
    assert state.out_of_play == {} and state.space("punjab").count("sepoys") == 3


def test_1_4_2_bases_within_population() -> None:
    state = executing({"sind": {"pieces": {"ml_bases": 1}}}, faction="muslim_league")
    edit(state, "muslim_league", "place 1 revolutionary bases")
    texts = asked(state)[1]
    assert "in Sind" not in texts and "in Punjab" in texts     # Sind: Pop 1
    assert all(not t.startswith("in Rail") for t in texts)     # Railways: Pop 0
    assert "room for 0 more Bases" in refused(state, "muslim_league", "in Sind")


def test_5_1_3_removed_to_available_arrested_to_jail_gandhi_only_to_jail() -> None:
    state = executing({"bihar": {"pieces": {"gandhi": 1, "congress_activists": 2,
                                            "troops": 1}}})
    edit(state, "raj", "remove 1 Gandhi Bihar")
    assert asked(state)[1] == ["to jail", "cancel"]                 # 1.4.5
    edit(state, "raj", "cancel")
    assert "may only be arrested" in refused(state, "raj", "remove 1 Gandhi Bihar to available")
    assert "only Gandhi and Activists go to Jail" in refused(
        state, "raj", "remove 1 troop Bihar to jail")
    edit(state, "raj", "remove 1 Gandhi Bihar to jail")
    edit(state, "raj", "remove 2 congress activists Bihar to out of play")
    edit(state, "raj", "remove 1 troop Bihar to available")
    assert state.jail == {"gandhi": 1} and state.out_of_play == {"congress_activists": 2}
    assert state.space("bihar").pieces == {}


def test_1_4_3_flip_guerrillas_and_new_ones_are_placed_underground() -> None:
    state = executing({"bihar": {"pieces": {"guerrillas_underground": 3}}},
                      faction="revolutionaries")
    edit(state, "revolutionaries", "flip 2 guerrillas Bihar active")
    edit(state, "revolutionaries", "place 1 guerrilla in Bihar")
    assert state.space("bihar").pieces == {"guerrillas_underground": 2, "guerrillas_active": 2}
    assert "flip 3 guerrillas Bihar active" not in asked(state)[1]


def test_2_3_3_freeing_the_other_nv_factions_activist_from_out_of_play_shifts_unity() -> None:
    state = executing(faction="congress", unity=2, jail={"congress_activists": 2},
                      out_of_play={"ml_activists": 2, "congress_activists": 1})
    edit(state, "congress", "free 2 congress activists from jail")
    edit(state, "congress", "free 1 congress activists from out of play")
    assert state.unity == 2
    edit(state, "congress", "free 2 league activists from out of play")
    assert state.unity == 4 and state.jail == {} and state.out_of_play == {}


# --- markers, tracks, Resources ---------------------------------------------------------------


def test_5_1_4_an_unrest_marker_on_a_railway_is_a_strike_and_one_strike_per_railway() -> None:
    state = executing(faction="revolutionaries")
    edit(state, "revolutionaries", "marker unrest Railway Delhi–Allahabad on")
    rail = state.space("rail_delhi_ganges")
    assert (rail.strike, rail.unrest) == (True, 0)
    assert "already has a Strike marker" in refused(
        state, "revolutionaries", "marker unrest Railway Delhi–Allahabad on")
    assert "only placed on Railways" in refused(state, "revolutionaries", "marker strike Bihar on")
    edit(state, "revolutionaries", "marker unrest Bihar on")
    edit(state, "revolutionaries", "marker unrest Bihar on")   # any number of Unrest (1.4.2)
    assert state.space("bihar").unrest == 2
    edit(state, "revolutionaries", "marker unrest Bihar off")
    assert state.space("bihar").unrest == 1


def test_1_11_twelve_unrest_strike_markers_and_1_10_six_protests_one_per_space() -> None:
    spaces = {sid: {"unrest": 2} for sid in ("bihar", "assam", "orissa", "sind", "punjab")}
    spaces["rail_delhi_ganges"] = {"strike": True}
    spaces.update({sid: {"protest": True} for sid in ("delhi", "bombay", "madras", "mysore")})
    state = executing(spaces, faction="congress")
    edit(state, "congress", "marker unrest Assam on")
    texts = asked(state)[1]
    assert not any(t.startswith(("marker unrest", "marker strike")) and t.endswith(" on")
                   for t in texts)
    assert "all 12 Unrest/Strike markers" in refused(state, "congress", "marker unrest Assam on")
    assert "already has a Protest marker" in refused(state, "congress", "marker protest Delhi on")
    edit(state, "congress", "marker protest Bihar on")      # 1.10 Restraint does not limit
    edit(state, "congress", "marker protest Assam on")
    assert "all 6 Protest markers" in refused(state, "congress", "marker protest Sind on")


def test_5_1_4_tracks_stay_within_1_5_and_resources_within_0_50() -> None:
    state = executing(restraint=4, unity=2, resources={"raj": 48, "revolutionaries": 1})
    texts = asked(state)[1]
    assert {"track restraint +1", "track restraint -3", "track unity +3",
            "track unity -1"} <= set(texts)
    assert "track restraint +2" not in texts and "track unity -2" not in texts
    assert "Restraint stays between 1 and 5" in refused(state, "raj", "track restraint +2")
    assert "resources raj +2" in texts and "resources raj +3" not in texts
    assert "between 0 and 50" in refused(state, "raj", "resources revolutionaries -2")
    edit(state, "raj", "resources raj +2")
    edit(state, "raj", "track unity -1")
    assert (state.resources["raj"], state.unity) == (50, 1)


def test_1_6_1_shift_one_level_and_never_on_railways() -> None:
    state = executing({"bihar": {"support": 2}, "assam": {"support": -2}})
    texts = asked(state)[1]
    assert "shift Bihar opposition" in texts and "shift Bihar support" not in texts
    assert "end of the Support/Opposition scale" in refused(state, "raj", "shift Bihar support")
    assert "Railways show no Support" in refused(state, "raj",
                                                 "shift Railway Delhi–Allahabad support")
    edit(state, "raj", "shift Assam support")
    assert state.space("assam").support == -1


# --- eligibility (2.3.6, 5.0), Crisis (6.8), transfers (1.5.2) -----------------------------------


def finish_card(state: GandhiState, executor: str) -> None:
    """``done``, then every other Eligible Faction passes until the next card (6)."""
    choose(state, executor, "done")
    while state.current == "5":
        seat, _ = asked(state)
        choose(state, seat, "pass", cards={20: "7"})


def test_5_0_ineligible_raj_for_the_next_card() -> None:
    state = executing(faction="congress")
    edit(state, "congress", "ineligible raj")
    assert "ineligible raj" not in asked(state)[1]
    finish_card(state, "congress")
    assert state.current == "6"
    assert state.eligible == {"raj": False, "congress": False, "muslim_league": True,
                              "revolutionaries": True}


def test_5_0_the_executing_faction_stays_eligible() -> None:
    state = executing(faction="muslim_league")
    edit(state, "muslim_league", "eligible muslim league")
    edit(state, "muslim_league", "ineligible congress")
    edit(state, "muslim_league", "eligible congress")          # the last word wins
    finish_card(state, "muslim_league")
    assert all(state.eligible.values())


def test_6_8_a_crisis_from_an_event_is_placed_after_the_card() -> None:
    state = executing(restraint=1, unity=2, out_of_play={"troops": 2})
    edit(state, "raj", "track unity -1")
    assert state.crisis_placement_due and state.step.name == "event"  # the Event goes on
    choose(state, "raj", "done", rolls=(2,))
    seat, texts = asked(state)
    assert (seat, state.step.name) == ("raj", "crisis_placement")
    assert "place troop in Delhi" in texts


def test_1_5_2_transfers_are_open_while_raj_executes() -> None:
    state = executing(resources={"raj": 3, "revolutionaries": 2})
    assert RULES.legal_actions(state, "revolutionaries").find("give 2 to raj")
    assert RULES.legal_actions(state, "raj").find("give 3 to revolutionaries")


def test_roll_logs_a_die_for_the_text() -> None:
    state = executing()
    (rolled, *_) = edit(state, "raj", "roll", rolls=(4,))
    assert rolled.model_dump()["value"] == 4 and state.step.of(ManualData).edits == 1


def test_a_generous_cap_then_only_done() -> None:
    state = executing()
    apply(state, edits.note(edits.EditsData(edits=edits.MAX_EDITS)))
    assert asked(state)[1] == ["done"]
    choose(state, "raj", "done")
    assert state.turn.acted == [("raj", "event")]


def test_a_whole_two_step_edit_is_explained() -> None:
    state = executing()
    assert "say it in two steps: “place 2 sepoys”, then “in Punjab”" in refused(
        state, "raj", "place 2 sepoys in Punjab")


# --- the listing is exactly the legal edits ----------------------------------------------------


def positions() -> Iterator[GandhiState]:
    service = Service(Store(":memory:"))
    for seed in ("manual-1", "manual-2", "manual-3"):
        game = service.create_game("gandhi", "main", seed=seed, options={"pack": ALL_MANUAL})
        (seat,) = service.active(game)
        if seat == "congress" and service.kernel_state(game).game.step.name == "congress_setup":
            service.act(game, seat, None, "place Bihar")
            (seat,) = service.active(game)
        service.act(game, seat, None, "event unshaded")
        yield service.kernel_state(game).game


def test_every_listed_edit_reads_back_and_is_legal_and_exact_kinds_list_only_legal() -> None:
    for state in positions():
        for kind in edits.MENU:
            for values in kind.candidates(state):
                legal = kind.problem(state, values) is None
                assert legal or not kind.exact, (type(kind).__name__, values)
                if legal:
                    action = kind.action(values)
                    assert edits.read(state, RULES.parse(state, state.step.seat or "",
                                                         action.text)) == (kind, values)
