"""Bots by mail (issue 16): the admin hands a seat to the bot standing in for its player
(``BOT raj ON``) and back (``BOT raj OFF``) with the admin's ticket, and a game created by
mail names the Factions no one plays (``OPTION bots=raj,revolutionaries``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.mail.app import MailServer
from bot.mail.orders import read_orders
from engine.core.events import ActionTaken
from engine.core.ruleset import NON_PLAYER
from tests.mail.conftest import FACTIONS, Player, game_by_mail, settled

NAMES = ("ann", "bob", "cat", "dan")


def test_bot_lines_are_read_in_the_three_languages() -> None:
    orders, problems = read_orders(["BOT raj ON", "bot liga musulmana sí", "Bot raj no",
                                    "BOT raj", "BOT raj maybe"])
    assert [(o.kind, o.args) for o in orders] == [
        ("bot", ("raj", "ON")), ("bot", ("liga", "musulmana", "sí")), ("bot", ("raj", "no"))]
    assert [p.number for p in problems] == [4, 5]
    assert "BOT FACTION ON" in problems[0].reason.render("en")
    assert "BOT FACCIÓN SÍ" in problems[0].reason.render("es")


async def test_the_admin_gives_a_seat_to_the_bot_by_mail_and_takes_it_back(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    ann = player("ann@example.org")                            # the admin, who plays nothing
    players = {n: player(f"{n}@example.org") for n in ("bob", "cat", "dan", "eve")}
    await ann.send("", subject="NEW gandhi short")
    await settled(server)
    admin_mail = ann.last()
    assert ".admin." in admin_mail.reply_to
    game = admin_mail.subject.split()[-1]
    for someone, faction in zip(players.values(), FACTIONS.values(), strict=True):
        await someone.send(f"JOIN {game} {faction}")
    await settled(server)
    await ann.reply("START", to=admin_mail)
    await settled(server)
    service = server.gateway.service
    seat = sorted(await service.active(game))[0]
    head = await service.head(game)

    await ann.reply(f"BOT {seat} ON\nHISTORY", to=admin_mail)
    await settled(server)
    answer = next(m for m in reversed(ann.inbox) if "The bot now decides for" in m.text)
    assert seat in await service.bots(game)
    assert seat not in await service.active(game)          # the bot decided for it at once
    records = await service.run(service.service.records, game)
    moved = [r for r in records if r.seq > head and r.actor_user == NON_PLAYER]
    assert moved and all(isinstance(r.event, ActionTaken) for r in moved[:1])
    assert {r.event.seat for r in moved if isinstance(r.event, ActionTaken)} == {seat}
    assert f"#{moved[0].seq} " in answer.text                # HISTORY says who decided
    assert "(bot standing in)" in answer.text, answer.text
    assert "bot sustituto" in await service.digest(game, "es", head)
    holder = next(p for p in players.values()
                  if any(f".{seat}." in m.reply_to for m in p.inbox))
    assert any("it decides for your seat" in m.text for m in holder.inbox)

    await ann.reply(f"BOT {seat} OFF", to=admin_mail)
    await settled(server)
    assert "The bot no longer decides for" in ann.last().text
    assert any("is yours again" in m.text for m in holder.inbox)
    assert seat not in await service.bots(game)


async def test_only_the_admin_ticket_hands_a_seat_to_the_bot(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    players = {n: player(f"{n}@example.org") for n in NAMES}
    game = await game_by_mail(server, players)
    service = server.gateway.service
    head = await service.head(game)
    bob, ann = players["bob"], players["ann"]

    await bob.reply("BOT raj ON", to=bob.inbox[-1])          # his own seat's address
    await settled(server)
    assert "Not done" in bob.last().subject
    assert "BOT raj ON" in bob.last().text
    await bob.reply("bot Congress on", to=bob.inbox[-2])
    await settled(server)
    assert "Not done" in bob.last().subject

    seat_mail = next(m for m in ann.inbox if ".congress." in m.reply_to)
    await ann.reply("BOT raj ON", to=seat_mail)              # the admin, from a seat's address
    await settled(server)
    assert "Not done" in ann.last().subject
    assert "admin address" in ann.last().text

    assert await service.bots(game) == frozenset()
    assert await service.head(game) == head


async def test_a_game_created_by_mail_with_bots(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    ann, cat = player("ann@example.org"), player("cat@example.org")
    await ann.send("OPTION bots=raj, revolucionarios", subject="NEW gandhi short")
    await settled(server)
    created = ann.last()
    assert "New game" in created.subject, created.text
    game = created.subject.split()[-1]
    assert "The bot plays Raj, Revolutionaries" in created.text, created.text
    service = server.gateway.service
    assert await service.bots(game) == frozenset({"raj", "revolutionaries"})
    assert "Raj" not in created.text.split("The seats are:")[1].split("\n")[0]

    await ann.reply("BOT congress ON\nBOT raj OFF", to=created)   # raj has no player
    await settled(server)
    assert "Not done" in ann.last().subject
    assert "Line 2 (“BOT raj OFF”): Raj has no player in this game" in ann.last().text
    assert await service.bots(game) == frozenset({"raj", "revolutionaries"})

    await ann.send(f"JOIN {game} congress")
    await cat.send(f"JOIN {game} muslim league")
    await settled(server)
    await ann.reply("START", to=created)
    await settled(server)
    assert await service.run(service.service.free_seats, game) == []
    assert (await service.active(game)) <= {"congress", "muslim_league"}
    records = await service.run(service.service.records, game)
    assert not any(r.actor_user not in (None, NON_PLAYER) and isinstance(r.event, ActionTaken)
                   and r.event.seat in ("raj", "revolutionaries") for r in records)
