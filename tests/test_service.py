"""The service: permissions, errors that change nothing, undo, observers, conflicts."""

from __future__ import annotations

from typing import Any

import pytest

from engine import snapshots
from engine.coin.snapshot import OldSnapshot
from engine.core.events import ActionTaken
from engine.core.messages import (
    AmbiguousAction,
    BatchError,
    Conflict,
    CourierError,
    IllegalAction,
    NotSeated,
    NotYourDecision,
    UndoRefused,
    UnknownAction,
)
from engine.service import Service
from engine.store import Store, open_store
from tests.toy import Added


def head(service: Service, game: str) -> int:
    return service._store.head(game)[0]


@pytest.mark.parametrize(("seat", "user", "text", "error"), [
    ("red", "alice", "", UnknownAction),
    ("red", "alice", "fly away", UnknownAction),
    ("red", "alice", "end turn", IllegalAction),        # must do a step first
    ("red", "alice", "add t", AmbiguousAction),          # add two / add three
    ("red", "alice", "add four", IllegalAction),
    ("blue", "bob", "add one", NotYourDecision),
    ("red", "bob", "add one", NotSeated),
    ("red", None, "add one", NotSeated),
    ("green", "alice", "add one", CourierError),
])
def test_bad_commands_append_nothing(service: Service, duel: str, seat: str,
                                     user: str | None, text: str,
                                     error: type[Exception]) -> None:
    before = service._store.events(duel)
    with pytest.raises(error) as err:
        service.act(duel, seat, user, text)
    assert service._store.events(duel) == before
    assert isinstance(err.value, CourierError)
    for lang in ("en", "es", "it"):  # a message a player understands, in their language
        text_out = err.value.message(lang)
        assert text_out and not text_out.startswith("error.")


def test_illegal_action_gives_the_games_reason(service: Service, duel: str) -> None:
    with pytest.raises(IllegalAction) as err:
        service.act(duel, "red", "alice", "end turn")
    assert "at least one step" in err.value.message("en")


def test_a_legal_action_appends_one_batch(service: Service, duel: str) -> None:
    start = head(service, duel)
    result = service.act(duel, "red", "alice", "ad tw")
    assert [r.type for r in result.events] == ["ActionTaken", "Added"]
    assert result.events[0].event == ActionTaken(seat="red", text="add two")
    assert [r.seq for r in result.events] == [start + 1, start + 2]
    assert result.state.game.totals["red"] == 2
    assert service.kernel_state(duel).game.totals["red"] == 2


def test_admin_may_act_for_a_seat_and_the_log_says_who(service: Service, duel: str) -> None:
    result = service.act(duel, "red", "carol", "add one")
    assert {(r.actor_seat, r.actor_user) for r in result.events} == {("red", "carol")}


def test_stale_expected_head_is_a_conflict(service: Service, duel: str) -> None:
    seen = head(service, duel)
    service.act(duel, "red", "alice", "add one")
    with pytest.raises(Conflict) as err:
        service.act(duel, "red", "alice", "add one", expected_head=seen)
    assert (err.value.expected, err.value.actual) == (seen, seen + 2)
    assert head(service, duel) == seen + 2


def test_the_outbox_tells_who_must_act_only_when_it_changes(service: Service,
                                                            duel: str) -> None:
    service.start_reading("test")
    service.act(duel, "red", "alice", "add one")
    assert service.notices("test") == []  # still red's turn: nobody new is pinged
    service.act(duel, "red", "alice", "end turn")
    assert [(n.kind, n.seats) for n in service.notices("test")] == [
        ("turn", ("red", "blue")), ("decision", ("blue",))]


def test_seating_rules(service: Service) -> None:
    game = service.create_game("toy", "standard", admin="carol")
    service.seat(game, "red", "alice", by_user="alice")        # a free seat
    with pytest.raises(NotSeated):
        service.seat(game, "red", "bob", by_user="bob")        # taken
    service.seat(game, "red", "bob", by_user="carol")          # the admin reassigns
    assert service.seat_users(game)["red"] == "bob"
    service.seat(game, "red", None, by_user="bob")             # leave one's own seat
    assert service.seat_users(game)["red"] is None


def test_state_at_any_seq_and_view(service: Service, duel: str) -> None:
    service.act(duel, "red", "alice", "add three")
    first = head(service, duel)
    service.act(duel, "red", "alice", "add two")
    assert service.kernel_state(duel, at=first).game.totals["red"] == 3
    assert service.view(duel, "blue").totals["red"] == 5


# --- undo (DESIGN.md §3) -------------------------------------------------------------------


def test_undo_inside_ones_own_turn_is_free(service: Service, duel: str) -> None:
    service.act(duel, "red", "alice", "add one")
    service.act(duel, "red", "alice", "add three")
    result = service.undo(duel, "red", "alice")
    assert [r.type for r in result.events] == ["Undone"]
    assert result.state.game.totals["red"] == 1
    service.undo(duel, "red", "alice")
    assert service.kernel_state(duel).game.totals["red"] == 0
    with pytest.raises(UndoRefused):
        service.undo(duel, "red", "alice")


def test_undone_actions_stay_in_the_log_and_are_skipped(service: Service, duel: str) -> None:
    service.act(duel, "red", "alice", "add three")
    before = len(service._store.events(duel))
    service.undo(duel, "red", "alice")
    types = [r.type for r in service._store.events(duel)]
    assert len(types) == before + 1 and types[-3:] == ["ActionTaken", "Added", "Undone"]
    assert service.kernel_state(duel).game.totals["red"] == 0
    service.act(duel, "red", "alice", "add two")   # play goes on from the undone point
    assert service.kernel_state(duel).game.totals["red"] == 2
    assert service.verify(duel).ok


def test_undo_after_a_die_roll_needs_approval(service: Service, duel: str) -> None:
    service.act(duel, "red", "alice", "roll")
    rolled = service.kernel_state(duel).game.totals["red"]
    result = service.undo(duel, "red", "alice")
    assert [r.type for r in result.events] == ["UndoRequested"]
    assert service.kernel_state(duel).game.totals["red"] == rolled     # refused for now
    with pytest.raises(UndoRefused):
        service.vote_undo(duel, "red", "alice", True)           # cannot approve oneself
    result = service.vote_undo(duel, "blue", "bob", True)
    assert [r.type for r in result.events] == ["UndoApproved", "Undone"]
    assert service.kernel_state(duel).game.totals["red"] == 0


def test_denied_undo_changes_nothing(service: Service, duel: str) -> None:
    service.act(duel, "red", "alice", "draw card")              # a card reveal is a barrier
    drawn = service.kernel_state(duel).game.totals["red"]
    service.undo(duel, "red", "alice")
    service.vote_undo(duel, "blue", "bob", False)
    state = service.kernel_state(duel)
    assert state.game.totals["red"] == drawn and state.undo_request is None


def test_undo_after_hand_over_needs_approval(service: Service, duel: str) -> None:
    service.act(duel, "red", "alice", "add one")
    service.act(duel, "red", "alice", "end turn")
    result = service.undo(duel, "red", "alice")
    assert result.state.undo_request is not None
    assert result.state.undo_request.needs == {"blue"}
    service.vote_undo(duel, "blue", "bob", True)   # reaches before the hand-over snapshot
    state = service.kernel_state(duel)
    assert state.game.turn == "red" and state.game.totals["red"] == 1
    assert state.game == Service(service._store, snapshots=False).kernel_state(duel).game


def test_a_new_action_voids_an_open_undo_request(service: Service, duel: str) -> None:
    service.act(duel, "red", "alice", "roll")
    service.undo(duel, "red", "alice")
    service.act(duel, "red", "alice", "add one")
    assert service.kernel_state(duel).undo_request is None
    with pytest.raises(UndoRefused):
        service.vote_undo(duel, "blue", "bob", True)


def test_hot_seat_undo_of_a_roll_needs_nobody(service: Service) -> None:
    game = service.create_game("toy", "standard")
    service.act(game, "red", None, "roll")
    result = service.undo(game, "red", None)
    assert [r.type for r in result.events] == ["Undone"]


def test_snapshots_give_the_same_state(service: Service, duel: str, store) -> None:  # type: ignore[no-untyped-def]
    script = [("red", "alice", "add one"), ("red", "alice", "end turn"),
              ("blue", "bob", "add two"), ("blue", "bob", "add three"),
              ("blue", "bob", "end turn"), ("red", "alice", "add one")]
    for seat, user, text in script:
        service.act(duel, seat, user, text)
    service.undo(duel, "red", "alice")
    without = Service(store, snapshots=False)
    assert service.kernel_state(duel) .game == without.kernel_state(duel).game
    assert service.kernel_state(duel).game.totals == {"red": 1, "blue": 5}


def test_a_snapshot_of_an_older_layout_is_not_used_the_log_is_folded_again(
        service: Service, duel: str, store, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    for seat, user, text in [("red", "alice", "add one"), ("red", "alice", "end turn")]:
        service.act(duel, seat, user, text)
    ruleset, _ = service._ruleset(duel)
    head_seq = head(service, duel)
    store.put_snapshot(duel, head_seq, ruleset.version, snapshots.dumps(
        ruleset, service.kernel_state(duel)), keep=3)

    def older(ruleset: Any, raw: bytes) -> Any:
        raise OldSnapshot("snapshot format 1, not 2")   # as a game's load_state refuses it

    monkeypatch.setattr(snapshots, "loads", older)
    again = Service(store)
    assert again.kernel_state(duel).game == Service(store, snapshots=False).kernel_state(
        duel).game


def test_seats_of_a_user_and_settings(service: Service, duel: str) -> None:
    assert service.seats_of(duel, "alice") == ["red"]
    service.seat(duel, "blue", "alice", by_user="carol")
    assert sorted(service.seats_of(duel, "alice")) == ["blue", "red"]
    store = service._store
    assert store.setting("guild:1", "language", "en") == "en"
    store.set_setting("guild:1", "language", "it")
    assert store.setting("guild:1", "language") == "it"


def test_a_batch_is_all_or_nothing_and_names_its_bad_line(service: Service, duel: str) -> None:
    before = service._store.events(duel)
    with pytest.raises(BatchError) as err:
        service.act_many(duel, "red", "alice", ["add one", "add two", "add three"])
    assert err.value.line == 3                                   # only two steps a turn
    assert "Line 3 (“add three”)" in err.value.message("en")
    assert "Línea 3" in err.value.message("es").replace("La línea", "Línea")
    assert service._store.events(duel) == before                  # nothing appended
    result = service.act_many(duel, "red", "alice", ["add one", "add two", "end turn"])
    assert [r.type for r in result.events] == ["ActionTaken", "Added", "ActionTaken", "Added",
                                               "ActionTaken", "TurnEnded"]
    assert service.active(duel) == frozenset({"blue"})


def test_a_batch_with_dice_verifies(service: Service, duel: str) -> None:
    service.act_many(duel, "red", "alice", ["roll", "draw card", "end turn"])
    assert service.verify(duel).ok


class RacingStore:
    """A store (of either backend) where another writer appends just before this one's
    next append."""

    def __init__(self, path: str, game: str, text: str, seat: str = "red",
                 user: str = "alice") -> None:
        self.path, self._inner = path, open_store(path)
        self.race, self.raced = (game, seat, user, text), False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def append(self, game_id, expected_head, events, notices=()):  # type: ignore[no-untyped-def]
        if not self.raced:
            self.raced = True
            Service(open_store(self.path)).act(*self.race)
        return self._inner.append(game_id, expected_head, events, notices)


def test_an_unpinned_command_is_decided_again_after_a_conflict(store: Store,
                                                               duel: str) -> None:
    racing = Service(RacingStore(store.path, duel, "add one"))
    result = racing.act(duel, "red", "alice", "add two")       # loses the race, retried
    assert [r.event for r in racing.records(duel)][-4:-2] == [
        ActionTaken(seat="red", text="add one"), Added(seat="red", amount=1)]
    assert result.events[0].event == ActionTaken(seat="red", text="add two")
    raced = Service(RacingStore(store.path, duel, "end turn"))
    with pytest.raises(NotYourDecision):   # retried, but it is blue's decision now
        raced.act(duel, "red", "alice", "end turn")
    head = store.head(duel)[0]
    pinned = Service(RacingStore(store.path, duel, "add one", "blue", "bob"))
    with pytest.raises(Conflict):          # a pinned head is never retried
        pinned.act(duel, "blue", "bob", "add two", expected_head=head)
    assert store.head(duel)[0] == head + 2   # only the racer's command was appended


def test_a_game_created_to_start_later_waits_for_its_admin(service: Service) -> None:
    game = service.create_game("toy", "standard", admin="carol", game_id="later",
                               started=False)
    service.start_reading("front")
    service.seat(game, "red", "alice", by_user="alice")
    with pytest.raises(CourierError) as err:
        service.act(game, "red", "alice", "add one")
    assert err.value.msg.key == "error.not_started"
    assert not service.game_info(game).started
    with pytest.raises(NotSeated):
        service.start(game, "alice")                 # not the admin
    with pytest.raises(CourierError) as free:
        service.start(game, "carol")
    assert free.value.msg.key == "error.seats_free" and "blue" in free.value.message("en")
    assert service.join(game, "blue", "bob") == ("blue",)
    service.start(game, "carol")
    assert service.game_info(game).started
    assert [(n.kind, n.seats) for n in service.notices("front")] == [
        ("started", ("red", "blue")), ("decision", ("red",))]
    with pytest.raises(CourierError) as again:
        service.start(game, "carol")
    assert again.value.msg.key == "error.already_started"
    service.act(game, "red", "alice", "add one")


def test_an_abandoned_game_refuses_commands_and_keeps_its_log(service: Service,
                                                              duel: str) -> None:
    service.act(duel, "red", "alice", "add one")
    service.start_reading("front")
    with pytest.raises(NotSeated):
        service.abandon(duel, "alice")
    service.abandon(duel, "dave", moderator=True)   # vouched for by the front-end
    assert service.game_info(duel).abandoned
    assert [n.kind for n in service.notices("front")] == ["abandoned"]
    before = service._store.events(duel)
    for attempt in (lambda: service.act(duel, "red", "alice", "end turn"),
                    lambda: service.undo(duel, "red", "alice")):
        with pytest.raises(CourierError) as err:
            attempt()
        assert err.value.msg.key == "error.abandoned"
    assert service._store.events(duel) == before
    assert service.history(duel, "en").commands


def test_a_moderator_acts_for_a_seat_and_the_log_names_them(service: Service,
                                                            duel: str) -> None:
    with pytest.raises(NotSeated):
        service.act(duel, "red", "dave", "add one")
    result = service.act(duel, "red", "dave", "add one", moderator=True)
    assert (result.events[0].actor_user, result.events[0].actor_seat) == ("dave", "red")
    service.set_deadline(duel, 12, "dave", moderator=True)
    assert service.deadline(duel) == 12


def test_a_front_end_remembers_its_notes(service: Service) -> None:
    assert service.recall("discord", "place:1") is None
    service.remember("discord", "place:1", "duel")
    assert service.recall("discord", "place:1") == "duel"
    assert service.recall("mail", "place:1") is None
    service.remember("discord", "place:1", None)
    assert service.recall("discord", "place:1") is None


def test_the_digest_says_when_the_admin_took_a_seats_command(service: Service,
                                                            duel: str) -> None:
    service.act(duel, "red", "carol", "add one")        # carol is the admin
    service.act(duel, "red", "alice", "add two")
    told = service.digest(duel, "en").splitlines()
    assert "red: add one (taken for them by the game's admin)" in told
    assert "red: add two" in told
    assert "amministratore" in service.digest(duel, "it")
