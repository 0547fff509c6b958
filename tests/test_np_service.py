"""The service drives the bots (Gandhi rule 8): seats chosen at creation, a bot standing
in for an absent player and handing the seat back, who decided in the log, history and
digest, undo over the bots' commands, and verify deciding every bot command again."""

from __future__ import annotations

import json

import pytest

import engine.games
from engine.core.messages import CourierError, NotSeated
from engine.core.ruleset import NON_PLAYER
from engine.games.adp.ruleset import ADistantPlain
from engine.service import Service
from engine.store import Store

engine.games.load()

PEOPLE = {"congress": "alice", "muslim_league": "bob"}


@pytest.fixture
def service() -> Service:
    return Service(Store(":memory:"))


def bot_commands(service: Service, game: str) -> list[str]:
    return [r.event.seat for r in service.records(game)   # type: ignore[attr-defined]
            if r.type == "ActionTaken" and r.actor_user == NON_PLAYER]


def two_bots(service: Service, **kw: object) -> str:
    return service.create_game("gandhi", "short", seed="np-service", seats=PEOPLE,
                               admin="alice", bots=["raj", "revolutionaries"], **kw)  # type: ignore[arg-type]


def test_8_0_seats_given_to_the_bot_at_creation_are_non_player_factions(
        service: Service) -> None:
    game = two_bots(service)
    assert service.non_player_seats(game) == {"raj", "revolutionaries"}
    assert service.bots(game) == {"raj", "revolutionaries"}
    meta_players = json.loads(service.export(game)[0])["game"]["options"]["players"]
    assert sorted(map(tuple, meta_players)) == [("congress",), ("muslim_league",)]
    # the Raj is 1st Eligible on the short scenario's first card: the bot has played
    assert set(bot_commands(service, game)) <= {"raj", "revolutionaries"}
    assert bot_commands(service, game)
    assert service.active(game) <= {"congress", "muslim_league"} and service.active(game)
    assert service.free_seats(game) == []


def test_who_decided_is_in_the_history_and_the_digest_in_each_language(
        service: Service) -> None:
    game = two_bots(service)
    page = service.history(game, "en", limit=200)
    by_bot = [c for c in page.commands if c.user == NON_PLAYER]
    assert by_bot and all(c.note == "non-player" for c in by_bot)
    assert any("Why: NP Eligibility (8.2.1)" in c.story for c in by_bot)
    assert "Raj: " in service.digest(game, "en") and "(non-player)" in service.digest(game, "en")
    assert "Por qué: " in service.digest(game, "es")
    assert "Perché: " in service.digest(game, "it")


def test_bots_must_be_the_seats_the_seating_leaves_without_a_player(service: Service) -> None:
    with pytest.raises(CourierError, match="must be the seats no player has"):
        service.create_game("gandhi", "short", bots=["raj"],
                            options={"players": [["congress"], ["muslim_league"], ["raj"]]})
    game = service.create_game("gandhi", "short", bots=["revolutionaries"], seed="agree",
                               options={"players": [["congress"], ["muslim_league"], ["raj"]]})
    assert service.non_player_seats(game) == {"revolutionaries"}


def test_the_admin_gives_an_absent_players_seat_to_the_bot_and_takes_it_back(
        service: Service) -> None:
    users = {"raj": "rita", "congress": "alice", "muslim_league": "bob",
             "revolutionaries": "rev"}
    game = service.create_game("gandhi", "short", seed="stand-in", seats=users, admin="alice")
    assert service.bots(game) == frozenset()
    (first,) = service.active(game)
    with pytest.raises(NotSeated):
        service.set_bot(game, first, True, "bob")          # only the admin
    result = service.set_bot(game, first, True, "alice")
    assert result is not None and first in bot_commands(service, game)
    assert service.bots(game) == {first}
    assert service.non_player_seats(game) == frozenset()     # still a player's Faction
    assert service.seat_users(game)[first] == users[first]   # who keeps the seat
    assert first not in service.active(game)                 # the bot played its turn
    stand_in = [c for c in service.history(game, "en", limit=500).commands
                if c.user == NON_PLAYER]
    assert stand_in and {c.note for c in stand_in} == {"bot standing in"}
    before = len(bot_commands(service, game))
    assert service.set_bot(game, first, False, "alice") is None
    assert service.bots(game) == frozenset()
    # the seat is its player's again: the bot no longer decides for it
    while first not in service.active(game) and not service.outcome(game, "en"):
        (seat,) = service.active(game)
        choice = service.decision(game, seat, "en").choices[0].action
        service.act(game, seat, users[seat], choice)
    assert len(bot_commands(service, game)) == before


def test_a_non_player_seat_is_always_the_bots(service: Service) -> None:
    game = two_bots(service)
    with pytest.raises(CourierError, match="has no player in this game"):
        service.set_bot(game, "raj", False, "alice")


def test_undo_steps_back_over_the_bots_commands_to_the_persons(service: Service) -> None:
    game = two_bots(service)
    # people take their first choices until one hands the decision to a bot
    for _ in range(200):
        (seat,) = service.active(game)
        head = service.head(game)
        choice = service.decision(game, seat, "en").choices[0].action
        service.act(game, seat, PEOPLE[seat], choice)
        bots_after = [r for r in service.records(game, after=head + 1)
                      if r.type == "ActionTaken" and r.actor_user == NON_PLAYER]
        if bots_after:
            break
    else:
        pytest.fail("no command handed over to a bot")
    result = service.undo(game, seat, PEOPLE[seat])
    if service.status(game, "en").undo is not None:   # the other person consents
        other = next(s for s in PEOPLE if s != seat)  # (a bot consents by itself)
        assert service.status(game, "en").undo.needs == (other,)   # type: ignore[union-attr]
        result = service.vote_undo(game, other, PEOPLE[other], True)
    undone = result.events[-1].event
    assert undone.to_seq == head + 1                         # type: ignore[attr-defined]
    assert service.active(game) == {seat}                    # the person's decision again
    assert service.kernel_state(game).game == service.kernel_state(game, head).game


def test_verify_decides_every_bot_command_again(service: Service,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    game = service.create_game("gandhi", "short", seed="verify-bots",
                               bots=["raj", "congress", "muslim_league", "revolutionaries"])
    assert service.outcome(game, "en") is not None           # no player: played to its end
    assert service.verify(game).ok
    # a policy that would now choose otherwise is caught
    from engine.games.gandhi.np import policy

    real = policy.decide

    def contrary(state, seat, chance):  # type: ignore[no-untyped-def]
        action, pre = real(state, seat, chance)
        others = [a for a in policy.question(state).actions if a.text != action.text
                  and not a.open]
        return (others[0] if others else action), pre

    monkeypatch.setattr(policy, "decide", contrary)
    report = service.verify(game)
    assert not report.ok and "the bot now chooses" in report.problem


def test_a_seat_is_given_to_the_bot_only_where_the_game_has_a_bot_for_it(
        service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose bot plays some seats only (here A Distant Plain as it was with the
    Warlords' bot alone): handing another seat to the bot is refused in words, never
    accepted to fail when that seat must decide."""
    monkeypatch.setattr(ADistantPlain, "bot_seats", lambda self: frozenset({"warlords"}))
    game = service.create_game("adp", "short", seed="stand-in", admin="alice")
    with pytest.raises(CourierError) as refused:
        service.set_bot(game, "coalition", True, "alice")
    assert refused.value.msg.key == "error.no_bot_for_seat"
    assert refused.value.msg.render("en") == (
        "There is no bot for “Coalition” yet; the bot can play: “Warlords”.")
    with pytest.raises(CourierError) as refused:
        service.create_game("adp", "short", seed="s", bots=["taliban"])
    assert refused.value.msg.render("es") == (
        "Aún no hay bot para “Talibanes”; el bot puede jugar: “Señores de la Guerra”.")
    assert service.bots(game) == frozenset()
    service.set_bot(game, "warlords", True, "alice")
    assert service.bots(game) == frozenset({"warlords"})
