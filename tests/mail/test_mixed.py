"""One game, a seat on Discord and a seat by e-mail (issue 15): the game is made on
Discord (the real bot on the Discord stand-in), the mail player joins by mail, and the two
take turns, each through their own front-end.  Each front-end reads the outbox with its own
cursor: Discord posts in the game's thread and pings only its member; the gateway mails
only the mail player, with what the Discord member did in the digest."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.discord_bot.here import game_at
from engine.fuzz import concrete, pick
from tests.discord.table import Table
from tests.mail.conftest import Player, Servers, settled
from tests.mail.people import choices_in
from tests.mail.people import pick as pick_in_mail

TWO_PLAYERS = '[["congress", "muslim_league"], ["raj", "revolutionaries"]]'
DISCORD_SEATS = ("congress", "muslim_league")


async def test_a_discord_seat_and_a_mail_seat_take_turns_in_one_game(
        table: Table, servers: Servers, player: Callable[[str], Player]) -> None:
    made = await table.command("game new", game="gandhi", scenario="short",
                               players=TWO_PLAYERS)
    assert made.private
    table.place = next(c for c in table.standin.channels.values() if c["type"] == 11)["id"]
    game = await game_at(table.service, int(table.place))
    assert game is not None
    pinned = next(p for p in table.posts() if p.get("embeds"))["embeds"][0]
    assert pinned["footer"]["text"] == f"Game {game}"       # where the mail player reads it
    server = await servers.start()
    erin = player("erin@example.org")
    await erin.send(f"JOIN {game} raj")                      # by mail
    await table.command("game join", user="alice", faction="congress")  # on Discord
    await table.command("game start")                        # alice made it: its admin
    await table.quiet()
    await settled(server)
    assert "You play Raj + Revolutionaries" in erin.inbox[0].subject
    assert any("game begins" in m.text for m in erin.inbox)

    rng = random.Random(7)
    moves: list[str] = []
    for _ in range(60):
        seat = sorted(await table.service.active(game))[0]
        posts, mails = len(table.posts()), len(erin.inbox)
        if seat in DISCORD_SEATS:
            decision = await table.service.decision(game, seat, "en")
            choice = concrete(pick(rng, [c.action for c in decision.choices]), rng)
            reply = await table.command("do", user="alice", choice=choice.text)
            assert reply.private and "Done" in reply.text, reply.text
            moves.append("discord")
        else:
            mail = erin.last()
            typed = pick_in_mail(rng, choices_in(mail.text))
            await erin.reply(typed)
            moves.append("mail")
        await table.quiet()
        await settled(server)
        now = sorted(await table.service.active(game))[0]
        if moves[-1] == "discord" and now not in DISCORD_SEATS:   # erin's turn: by mail
            told = erin.inbox[mails:]
            assert len(told) == 1 and choices_in(told[0].text), [m.subject for m in told]
            assert any(f"• {name}:" in told[0].text for name in ("Congress", "Muslim League"))
            if "A card or round is over" in told[0].text:
                assert "map.png" in told[0].attachments
        if moves[-1] == "mail" and now in DISCORD_SEATS:           # alice's turn: pinged
            calls = [p["content"] for p in table.posts(posts) if "your decision" in
                     (p.get("content") or "")]
            alice = table.standin.users["alice"]["id"]
            assert calls and all(f"<@{alice}>" in c for c in calls), calls
        switches = sum(a != b for a, b in zip(moves, moves[1:], strict=False))
        if switches >= 3 and moves.count("mail") >= 2 and moves.count("discord") >= 2:
            break
    else:
        raise AssertionError(f"the two front-ends did not take turns: {moves}")
    # the gateway never wrote to the Discord member, nor the bot pinged the mail player
    assert {m.recipient for m in servers.relay.mails} == {"erin@example.org"}
    assert all("erin" not in (p.get("content") or "") for p in table.posts())
