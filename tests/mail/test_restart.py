"""No answer lost or sent twice: across a restart of the gateway, a relay that defers an
address, and a mail that arrives twice (also after a crash between carrying it out and
noting it as seen)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.service import Service
from engine.store import Store
from tests.mail.conftest import (
    Catcher,
    Clock,
    Player,
    Servers,
    decider,
    game_by_mail,
    holder_of_decision,
    settled,
)
from tests.mail.people import choices_in

NAMES = ("ann", "bob", "cat", "dan")


def message_ids(relay: Catcher) -> Counter[tuple[str, str]]:
    return Counter((m.recipient, str(m.message["Message-ID"])) for m in relay.mails)


async def test_a_restart_between_two_turns_loses_and_doubles_no_mail(
        servers: Servers, player: Callable[[str], Player], relay: Catcher,
        games_db: object, clock: Clock) -> None:
    server = await servers.start()
    players = {n: player(f"{n}@example.org") for n in NAMES}
    game = await game_by_mail(server, players)
    first = decider(players)
    await first.reply("pass")                          # a turn by mail
    await settled(server)
    await servers.stop(server)

    # meanwhile, a moderator plays for the next seat from the command line
    offline = Service(Store(games_db), clock=clock)  # type: ignore[arg-type]
    seat = sorted(offline.active(game))[0]
    before = len(relay.mails)
    offline.act(game, seat, "operator", "pass", moderator=True)
    told = sorted(offline.active(game))

    server = await servers.start()                     # the gateway again
    await settled(server)
    after_restart = relay.mails[before:]
    remark = "taken for them by a moderator"
    assert after_restart, "the move made meanwhile reached nobody"
    for name, someone in players.items():
        got = [m for m in after_restart if m.recipient == someone.address]
        assert len(got) <= 1, (name, [m.subject for m in got])
        assert sum(remark in m.text for m in got) == len(got)
    deciding = await holder_of_decision(server, game, players)
    assert deciding.last() in after_restart and told

    await deciding.reply(choices_in(deciding.last().text)[-1][1])   # the next turn by mail
    await settled(server)
    assert all(count == 1 for count in message_ids(relay).values())
    for someone in players.values():                   # nobody was told the move twice
        assert sum(remark in m.text for m in someone.inbox) <= 1
    assert not await server.postman.pending()


async def test_a_relay_deferring_one_address_mails_it_later_and_nobody_twice(
        servers: Servers, player: Callable[[str], Player], relay: Catcher) -> None:
    server = await servers.start()
    players = {n: player(f"{n}@example.org") for n in NAMES}
    relay.refuse["bob@example.org"] = "451 4.7.1 Greylisted, try again later"
    relay.refuse["dan@example.org"] = "550 5.1.1 No such user"
    game = await game_by_mail(server, players, drained=False)
    assert game and not players["bob"].inbox and not players["dan"].inbox
    begun = {n: len(p.inbox) for n, p in players.items()}
    await settled(server, drained=False)               # the postman tries again...
    await servers.stop(server)
    server = await servers.start()                     # ...and after a restart
    await settled(server, drained=False)
    assert {n: len(p.inbox) for n, p in players.items()} == begun
    assert await server.postman.pending()              # bob's mail still waits

    del relay.refuse["bob@example.org"]
    await settled(server)
    assert not players["dan"].inbox                    # refused for good: dropped
    bob = players["bob"].inbox
    # the deferred mails all arrive, in whatever order their retries fall due (the
    # answer to JOIN waits out its own retry time, the notices are tried every round)
    assert {m.subject.split("] ")[1] for m in bob} & {"The game begins", "Your decision: Raj"}
    assert {n: len(p.inbox) for n, p in players.items() if n not in ("bob",)} == \
        {n: c for n, c in begun.items() if n != "bob"}
    assert all(count == 1 for count in message_ids(relay).values())


async def test_a_mail_that_arrives_twice_is_carried_out_once(
        servers: Servers, player: Callable[[str], Player]) -> None:
    """A mail carried out is known by its receipt, written with its events: a second
    delivery (the sender's server retrying after a crash before the gateway said 250,
    the IMAP mail not yet deleted) finds it.  A refused mail is noted as seen."""
    server = await servers.start()
    players = {n: player(f"{n}@example.org") for n in NAMES}
    game = await game_by_mail(server, players)
    someone = decider(players)
    service = server.gateway.service
    head = await service.head(game)
    sent = await someone.reply("pass")
    await settled(server)
    after = await service.head(game)
    assert after > head
    mails = len(someone.inbox)
    await someone.deliver(sent)                        # the sender's server sends it again
    await settled(server)
    assert server.gateway.outcomes[-1][1] == "carried out before"
    assert await service.head(game) == after
    assert len(someone.inbox) == mails

    wrong = await someone.reply("build a railway to Lhasa")
    await settled(server)
    await someone.deliver(wrong)
    await settled(server)
    assert server.gateway.outcomes[-1][1] == "seen before"
    assert len(someone.inbox) == mails + 1             # one answer, not two
    assert await service.head(game) == after
