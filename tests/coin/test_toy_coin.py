"""The shared COIN machinery (``engine.coin``) on a toy game of two Factions and three
spaces (``tests.coin.toycoin``): spec, fold of each shared event, effects, Passing and
eligibility, an Operation with a Special Activity, a Limited Operation, snapshots."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.coin import events as ev
from engine.coin.deck import Decks, build_piles
from engine.coin.effects import begin
from engine.coin.eventstep import ManualData
from engine.coin.sequence import Did
from engine.coin.snapshot import Snapshots
from engine.core.actions import Action
from engine.core.events import CardRevealed, DieRolled
from engine.randomness import Secret, SeededChance
from tests.coin.toycoin import (
    EDITS,
    EFFECTS,
    FOLD,
    MODELS,
    SPEC,
    ToyState,
    act,
    available,
    offered,
    start,
)


def test_the_spec_is_the_games_data() -> None:
    assert SPEC.factions == ("govt", "rebels")
    assert SPEC.coin == {"govt"} and SPEC.insurgents == {"rebels"}
    assert SPEC.box_kind("guerrillas_active") == "guerrillas"
    assert SPEC.box_kind("troops") == "troops" and SPEC.owner("troops") == "govt"
    assert SPEC.markers["terror"].flag and SPEC.markers["sabotage"].high == 3
    assert SPEC.tracks["aid"].holds(10) and not SPEC.tracks["aid"].holds(11)
    assert SPEC.is_box("available") and SPEC.is_box("casualties") and not SPEC.is_box("jail")


def test_events_naming_a_box_marker_or_track_the_game_lacks_are_refused() -> None:
    SPEC.check([ev.PiecesPlaced(space="a", kind="troops", count=1, source="casualties"),
                ev.PiecesMoved(kind="troops", count=1, origin="a", destination="b"),
                ev.MarkerSet(space="a", marker="terror", value=1),
                ev.TrackSet(track="aid", value=3, before=2)])
    for bad in (ev.PiecesRemoved(space="a", kind="troops", count=1, to="jail"),
                ev.MarkerSet(space="a", marker="protest", value=1),
                ev.TrackSet(track="unity", value=3, before=2),
                ev.BoxTransfer(kind="troops", count=1, origin="out_of_play",
                               destination="available")):
        with pytest.raises(ValueError):
            SPEC.check([bad])


def fold(state: ToyState, *events: Any) -> ToyState:
    for event in events:
        FOLD.evolve(state, event)
    return state


def test_the_fold_of_each_shared_event() -> None:
    state = fold(ToyState(eligible={"govt": True, "rebels": True}),
                 ev.DeckPackLoaded(hash="h", text="[cards]"))
    assert state.pack == "[cards]" and state.version == 1
    fold(state, ev.PiecesPlaced(space="a", kind="troops", count=3),
         ev.PiecesPlaced(space="a", kind="guerrillas_underground", count=2))
    assert state.space("a").pieces == {"troops": 3, "guerrillas_underground": 2}
    fold(state, ev.PiecesFlipped(space="a", kind="guerrillas_underground",
                                 to_kind="guerrillas_active", count=1))
    assert state.space("a").pieces == {"troops": 3, "guerrillas_underground": 1,
                                       "guerrillas_active": 1}
    fold(state, ev.PiecesRemoved(space="a", kind="guerrillas_active", count=1,
                                 to="casualties"))
    assert state.boxes == {"casualties": {"guerrillas": 1}}   # the box kind, 1.4.1
    fold(state, ev.PiecesMoved(kind="troops", count=2, origin="a", destination="b"))
    assert state.space("a").count("troops") == 1 and state.space("b").count("troops") == 2
    fold(state, ev.PiecesPlaced(space="c", kind="guerrillas_active", count=1,
                                source="casualties"))
    assert state.boxes == {"casualties": {}}
    fold(state, ev.PiecesRemoved(space="b", kind="troops", count=2, to="casualties"),
         ev.BoxTransfer(kind="troops", count=1, origin="casualties", destination="available"))
    assert state.boxes["casualties"] == {"troops": 1}
    assert available(state, "troops") == 6 - 1 - 1 and available(state, "guerrillas") == 4
    fold(state, ev.MarkerSet(space="b", marker="terror", value=1),
         ev.MarkerSet(space="b", marker="sabotage", value=2),
         ev.SupportShifted(space="b", level=-1, before=0))
    assert state.space("b").terror is True and state.space("b").sabotage == 2
    assert state.space("b").support == -1
    fold(state, ev.TrackSet(track="aid", value=7, before=5),
         ev.ResourcesSet(faction="govt", value=9, before=0))
    assert state.aid == 7 and state.resources == {"govt": 9}
    fold(state, CardRevealed(index=0, card="c1"), ev.CardAdvanced(card="c1"),
         CardRevealed(index=1, card="c2"), DieRolled(value=3, purpose="test"))
    assert (state.current, state.upcoming, state.revealed, state.played) == (
        "c1", "c2", 2, [])
    fold(state, ev.CardTurnBegan(card="c1", order=["rebels", "govt"]),
         ev.FactionPassed(faction="rebels"), ev.FactionActed(faction="govt", did="op_sa"),
         ev.EligibilityMarked(faction="govt", eligible=True))
    assert state.turn.order == ("rebels", "govt") and state.turn.passed == ["rebels"]
    assert state.turn.acted == [("govt", Did.OP_SA)] and state.turn.kept_eligible == ["govt"]
    fold(state, ev.EligibilitySet(eligible={"govt": False, "rebels": True}),
         ev.CardAdvanced(card="c2"))
    assert state.eligible == {"govt": False, "rebels": True}
    assert state.played == ["c1"] and state.current == "c2" and state.upcoming is None
    fold(state, begin("execution", "govt", None), ev.StepNoted(key="op", value="train"))
    assert state.step.name == "execution" and state.step.seat == "govt"
    assert state.step.data.op == "train"  # type: ignore[attr-defined]
    fold(state, ev.GameEnded(reason="test", totals={}, margins={}, ranking=["govt"]))
    assert state.over and state.result is not None and state.result["reason"] == "test"
    assert {e.model_fields["type"].default for e in ev.COIN_EVENTS} <= set(FOLD.handlers)


def test_effects_keep_resources_and_tracks_within_their_bounds() -> None:
    state = ToyState(resources={"govt": 19})
    assert [e.value for e in EFFECTS.resources(state, "govt", +5)] == [20]   # type: ignore[attr-defined]
    assert EFFECTS.resources(ToyState(resources={"govt": 0}), "govt", -1) == []
    assert [e.value for e in EFFECTS.track(state, "aid", -9)] == [0]   # type: ignore[attr-defined]
    assert EFFECTS.track(ToyState(aid=10), "aid", +1) == []
    with pytest.raises(KeyError):
        EFFECTS.track(state, "unity", 1)


def test_passing_keeps_a_faction_eligible_and_gives_its_reward() -> None:
    state = start()
    assert offered(state) == ("govt", ["train", "event unshaded", "event shaded", "pass"])
    events, state = act(state, "pass")
    assert [e.type for e in events] == ["FactionPassed", "ResourcesSet"]
    assert state.resources == {"govt": 7, "rebels": 5}   # 2.3.3 the spec's reward
    assert offered(state)[1] == ["rally", "event unshaded", "event shaded", "pass"]
    events, state = act(state, "pass")
    assert state.resources["rebels"] == 6
    # both passed: the card is over, both stay Eligible, the next card comes up
    assert state.eligible == {"govt": True, "rebels": True}
    assert (state.current, state.upcoming, state.played) == ("c2", "c3", ["c1"])
    assert offered(state)[1][0] == "train"


def test_an_operation_with_a_special_activity_then_eligibility_after_the_card() -> None:
    _, state = act(start(), "pass")
    _, state = act(state, "rally")
    assert state.step.name == "execution"
    assert offered(state) == ("rebels", ["in a", "in b", "in c"])   # Terror needs a target
    _, state = act(state, "in a")
    assert offered(state) == ("rebels", ["in b", "in c", "terror", "done"])
    _, state = act(state, "terror")
    assert offered(state) == ("rebels", ["in a", "done"])   # the SA runs to its end (4.1)
    events, state = act(state, "in a")
    assert [e.type for e in events] == ["MarkerSet", "PiecesFlipped"]
    _, state = act(state, "done")                            # back to the Operation
    assert offered(state) == ("rebels", ["in b", "in c", "done"])
    events, state = act(state, "done")
    assert events[0] == ev.FactionActed(faction="rebels", did="op_sa")
    assert state.space("a").pieces == {"guerrillas_active": 1} and state.space("a").terror
    assert state.resources["rebels"] == 4
    # 2.3.6 the executing Faction is Ineligible for the next card, the Passing one not
    assert state.eligible == {"govt": True, "rebels": False}
    assert state.current == "c2" and offered(state)[0] == "govt"
    # the government's Special Activity sends the Active Guerrilla to Casualties
    _, state = act(state, "train")
    _, state = act(state, "strike")
    _, state = act(state, "in a")
    assert state.boxes == {"casualties": {"guerrillas": 1}}
    assert available(state, "guerrillas") == 5


def test_a_limited_operation_for_the_second_eligible_after_an_operation_only() -> None:
    _, state = act(start(), "train")
    _, state = act(state, "in a")
    assert offered(state) == ("govt", ["in b", "in c", "done"])   # no target for Strike
    events, state = act(state, "done")
    assert events[0] == ev.FactionActed(faction="govt", did="op")
    assert offered(state) == ("rebels", ["limited rally", "pass"])   # 2.3.4
    _, state = act(state, "limited rally")
    assert offered(state) == ("rebels", ["in a", "in b", "in c"])    # no SA (4.1)
    _, state = act(state, "in c")
    assert offered(state) == ("rebels", ["done"])                   # one space (2.3.5)
    events, state = act(state, "done")
    assert events[0] == ev.FactionActed(faction="rebels", did="limited_op")
    # both executed: both Ineligible on c2, so nobody acts; Eligible again on c3
    assert state.current == "c3" and state.played == ["c1", "c2"]
    assert state.eligible == {"govt": True, "rebels": True}


def test_a_snapshot_gives_back_the_same_state() -> None:
    _, state = act(start(), "pass")
    _, state = act(state, "rally")
    _, state = act(state, "in b")
    snapshots = Snapshots(ToyState, MODELS)
    data = json.loads(json.dumps(snapshots.dump(state)))
    assert snapshots.load(data) == state


def test_a_manual_event_offers_only_edits_the_physical_rules_allow() -> None:
    state = start()
    state.aid = 9
    for sid in ("a", "b", "c"):
        FOLD.evolve(state, ev.PiecesPlaced(space=sid, kind="troops", count=2))
    _, state = act(state, "event shaded")
    assert state.step.name == "event" and state.step.seat == "govt"
    seat, texts = offered(state)
    assert "aid +1" in texts and "aid +2" not in texts           # 5.1.4 the track's bounds
    assert "place troops in a" not in texts                       # 5.1.1 none Available
    assert "place guerrillas_underground in a" in texts and texts[-1] == "done"
    refused = EDITS.explain(state, Action("aid", (("delta", 2),)))
    assert refused is not None and refused.key == "toycoin.reason.track_bounds"
    refused = EDITS.explain(state, Action("place", (("piece", "troops"), ("space", "a"))))
    assert refused is not None and refused.key == "toycoin.reason.not_in_box"
    _, state = act(state, "aid +1")
    assert state.aid == 10 and state.step.of(ManualData).edits == 1
    events, state = act(state, "done")
    assert events[0] == ev.FactionActed(faction="govt", did="event")   # 2.3.6
    assert offered(state)[0] == "rebels"


def test_the_deck_is_dealt_in_piles_with_a_special_card_in_the_bottom_of_some() -> None:
    events = [f"e{n}" for n in range(1, 10)]
    deck, left = build_piles(events, ["p1", "p2", "p3"], piles=3, per_pile=3,
                             special_piles=(2, 3), in_bottom=2,
                             chance=SeededChance(Secret("seed", "salt"), "setup"))
    assert len(deck) == 11 and sorted(c for c in deck if c.startswith("e")) == sorted(events)
    first, second, third = deck[:3], deck[3:7], deck[7:]
    assert not any(c.startswith("p") for c in first)
    for pile in (second, third):   # one special card among the bottom 3 of 4
        assert [c for c in pile if c.startswith("p")] and not pile[0].startswith("p")
    assert len(left) == 1 and left[0] not in deck


def test_a_deck_pack_is_checked_by_the_games_own_loader() -> None:
    class PackError(ValueError):
        pass

    def apply(deck: tuple[str, ...], pack: str) -> tuple[str, ...]:
        if "bad" in pack:
            raise PackError("card 3: no such card")
        return (*deck, pack)

    decks = Decks(lambda: ("c1", "c2"), apply, PackError)
    assert decks.deck_for(None) == ("c1", "c2") and decks.deck_for("x") == ("c1", "c2", "x")
    assert decks.pack_problem("bad") == "card 3: no such card"
    assert decks.pack_problem(3) is not None and decks.pack_problem("fine") is None
