"""A mail that cannot be carried out changes nothing: the answer lists each bad line and
why, in the player's language, and the log is as it was."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.mail.app import MailServer
from tests.mail.conftest import Player, decider, game_by_mail, settled
from tests.mail.people import choices_in


async def test_a_bad_order_is_refused_line_by_line_and_nothing_is_appended(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    players = {n: player(f"{n}@example.org") for n in ("ann", "bob", "cat", "dan")}
    game = await game_by_mail(server, players)
    service = server.gateway.service
    head = await service.head(game)
    someone = decider(players)
    first = choices_in(someone.last().text)[0][1]

    # a good first line, then one no game knows: the batch is all or nothing
    await someone.reply(f"{first}\nbuild a railway to Lhasa\npass")
    await settled(server)
    refused = someone.last()
    assert refused.subject.endswith("Not done: your orders")
    assert "Line 2 (“build a railway to Lhasa”)" in refused.text
    assert "The lines after it were not tried" in refused.text
    assert await service.head(game) == head

    # a line no game knows, alone: the answer lists the choices to write instead
    decision = someone.inbox[-2]
    await someone.reply("build a railway to Lhasa", to=decision)
    await settled(server)
    refused = someone.last()
    assert "is not a choice of this game" in refused.text and "“legal”" not in refused.text
    assert choices_in(refused.text) == choices_in(decision.text)
    assert await service.head(game) == head

    # malformed gateway orders are each listed, and nothing else is tried
    await someone.reply(f"HISTORY since yesterday\nSTATUS please\n{first}")
    await settled(server)
    text = someone.last().text
    assert "Line 1 (“HISTORY since yesterday”)" in text and "Line 2 (“STATUS please”)" in text
    assert "Line 3" not in text

    # two kinds of orders that change the game, in one mail
    await someone.reply(f"{first}\nUNDO")
    await settled(server)
    assert "Line 2 (“UNDO”)" in someone.last().text and "one kind" in someone.last().text

    # a mail with nothing but quoted text and a signature
    await someone.reply("\n-- \nSomeone\nTel. 555")
    await settled(server)
    assert "no order" in someone.last().text
    assert await service.head(game) == head

    # in Spanish for a player who asked for it
    await someone.reply("IDIOMA es\nSITUACIÓN")
    await settled(server)
    assert "español" in someone.last().text and "Situación" in someone.last().text
    await someone.reply(f"{first}\nconstruir un ferrocarril")
    await settled(server)
    assert "Línea 2 (“construir un ferrocarril”)" in someone.last().text
    assert await service.head(game) == head


async def test_not_ones_turn_and_unknown_games_are_told_not_crashed(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    players = {n: player(f"{n}@example.org") for n in ("ann", "bob", "cat", "dan")}
    game = await game_by_mail(server, players)
    deciding = decider(players)
    waiting = next(p for p in players.values() if p is not deciding)
    taken = deciding.last().reply_to.split("@")[0].split(".")[-2]
    head = await server.gateway.service.head(game)
    await waiting.reply("pass")
    await waiting.send("JOIN nosuchgame raj")
    await waiting.send(f"JOIN {game} {taken}")               # someone else's seat
    await settled(server)
    told = [m.text for m in waiting.inbox[-3:]]
    assert "It is not" in told[0] and "waiting for" in told[0]
    assert "no game “nosuchgame”" in told[1]
    assert "held by someone else" in told[2]
    assert await server.gateway.service.head(game) == head
