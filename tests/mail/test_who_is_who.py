"""Who is who by mail: only a seat's ticket (in the address written to, or the subject)
lets a mail change a game; a forged From, a made-up or renewed ticket change nothing and
get an answer saying why; the admin renews a seat's ticket with ROTATE."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.mail.app import MailServer
from tests.mail.conftest import GATEWAY, Player, decider, game_by_mail, settled
from tests.mail.people import choices_in


def seat_of(reply_to: str) -> str:
    """``courier+GAME.SEAT.TOKEN@host`` -> SEAT."""
    return reply_to.split("@")[0].split(".")[-2]


async def test_a_forged_sender_or_ticket_changes_nothing_and_is_told_why(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    players = {n: player(f"{n}@example.org") for n in ("ann", "bob", "cat", "dan")}
    game = await game_by_mail(server, players)
    victim = decider(players)
    seat = seat_of(victim.last().reply_to)
    service = server.gateway.service
    head = await service.head(game)
    mallory = player("mallory@evil.test")

    # the decider's From, to the gateway's plain address, from mallory's server
    forged = mallory.message("pass", f"Re: [courier {game}] Your decision", GATEWAY)
    forged.replace_header("From", victim.address)
    await mallory.deliver(forged, envelope_from="mallory@evil.test")
    # a ticket made up for the decider's seat
    await mallory.send("pass", to=f"courier+{game}.{seat}.{'a' * 16}@games.test")
    # a real ticket of another game's seat, named under this game's subject
    await settled(server)

    assert await service.head(game) == head
    told = victim.last()                      # the From's owner hears of it, not mallory
    assert "Not done" in told.subject and "no seat's secret" in told.text
    assert not choices_in(told.text)
    refused = mallory.last()
    assert "not valid" in refused.text and refused.reply_to == ""
    outcomes = [o for _, o in server.gateway.outcomes[-2:]]
    assert all(o.startswith("refused") for o in outcomes), outcomes


async def test_the_admin_rotates_a_ticket_and_the_old_address_stops_working(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    players = {n: player(f"{n}@example.org") for n in ("ann", "bob", "cat", "dan")}
    await game_by_mail(server, players)
    bob, ann = players["bob"], players["ann"]
    old = bob.last()
    created = ann.inbox[0]
    await ann.reply("ROTATE raj", to=created)           # from the admin's address
    await settled(server)
    renewed = bob.last()
    assert "new address" in renewed.subject, (server.gateway.outcomes[-1], ann.last().text)
    assert "new address" in renewed.subject and renewed.reply_to != old.reply_to
    assert "renewed" in ann.last().text.lower()

    await bob.reply("STATUS", to=old)                    # the old address
    await settled(server)
    assert "not valid" in bob.last().text
    await bob.reply("STATUS", to=renewed)                # the new one
    await settled(server)
    answer = bob.last()
    assert "Status" in answer.text and answer.reply_to == renewed.reply_to


async def test_a_ticket_in_the_subject_works_where_plus_addresses_do_not(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway(ticket_in_subject=True)
    players = {n: player(f"{n}@example.org") for n in ("ann", "bob", "cat", "dan")}
    game = await game_by_mail(server, players)
    dan = players["dan"]
    joined = next(m for m in dan.inbox if "You play" in m.subject)   # an answer's subject
    ticket = joined.subject.split("]")[0].removeprefix("[courier ")
    assert ticket.startswith(f"{game}.revolutionaries.")
    assert all(m.reply_to == GATEWAY for m in dan.inbox)       # no plus address anywhere
    assert f"[courier {ticket}]" in dan.last().subject
    await dan.reply("MAP\nHISTORY")                           # to the plain address
    await settled(server)
    answer = dan.last()
    assert "map.png" in answer.attachments and "History" in answer.text
    assert answer.subject.startswith(f"[courier {ticket}]")
