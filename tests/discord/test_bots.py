"""/game new with bots and /game bot: seats the bot plays (Gandhi rule 8), through the real
command tree and the stand-in; the posts say when the bot decided."""

from __future__ import annotations

from tests.discord.table import Table

FACTIONS = ("congress", "raj", "muslim_league", "revolutionaries")


async def _thread(table: Table) -> None:
    table.place = next(c["id"] for c in table.standin.channels.values() if c["type"] == 11)


async def _game(table: Table) -> str:
    from bot.discord_bot.here import game_at

    found = await game_at(table.service, int(table.place))
    assert found is not None
    return found


async def test_new_with_bots_leaves_their_seats_to_the_bot(table: Table) -> None:
    created = await table.command("game new", game="gandhi", scenario="short",
                                  bots="raj, revolutionaries")
    assert created.private and "Created" in created.text
    await _thread(table)
    game = await _game(table)
    assert await table.service.bots(game) == {"raj", "revolutionaries"}
    # only the players' seats are offered and needed
    found = await table.suggest("game join", "faction", faction="")
    assert {c["value"] for c in found} == {"congress", "muslim_league"}
    await table.command("game join", user="alice", faction="congress")
    await table.command("game join", user="bob", faction="muslim_league")
    started = await table.command("game start")
    assert "Started" in started.text
    # a person decides again only after the bots' moves, which the history marks
    active = await table.service.active(game)
    assert active and active <= {"congress", "muslim_league"}
    holder = {"congress": "alice", "muslim_league": "bob"}
    for _ in range(3):   # people Eligible before the bots pass: the card goes on to them
        page = await table.service.history(game, "en", limit=10)
        by_bot = [c for c in page.commands if c.user == "np"]
        if by_bot:
            break
        (seat,) = await table.service.active(game)
        await table.command("do", user=holder[seat], choice="pass")
    assert by_bot
    history = await table.command("game history")
    assert history.text.count("(non-player)") == len(by_bot)
    spanish = await table.command("game history", locale="es-ES")
    assert spanish.text.count("(Sin Jugador)") == len(by_bot)
    # the people pass until the card is over: its digest is posted, the bots' moves marked
    for _ in range(6):
        if any(p.get("embeds") and p.get("attachments") for p in table.posts()):
            break
        active = await table.service.active(game)
        if not active:
            break
        (seat,) = active
        texts = [c.action.text for c in (await table.service.decision(game, seat, "en")).choices]
        await table.command("do", user=holder[seat], choice="pass" if "pass" in texts
                            else texts[0])
        await table.quiet()
    digests = [e.get("description") or "" for p in table.posts()
               for e in p.get("embeds") or [] if p.get("attachments")]
    assert digests and "(non-player)" in digests[0]


async def test_new_refuses_a_bot_that_is_not_a_faction(table: Table) -> None:
    refused = await table.command("game new", game="gandhi", scenario="short", bots="gandhi")
    assert refused.private and "Created" not in refused.text
    assert not [c for c in table.standin.channels.values() if c["type"] == 11]


async def test_the_admin_gives_a_seat_to_the_bot_and_takes_it_back(table: Table) -> None:
    await table.command("game new", game="gandhi", scenario="short")
    await _thread(table)
    for user, faction in zip(("alice", "bob", "carol", "dave"), FACTIONS, strict=True):
        await table.command("game join", user=user, faction=faction)
    await table.command("game start")
    game = await _game(table)
    (first,) = await table.service.active(game)
    refused = await table.command("game bot", user="bob", faction=first, on=True)
    assert refused.private and "Only the game's admin" in refused.text
    given = await table.command("game bot", faction=first, on=True)
    assert "The bot now plays" in given.text
    assert first not in await table.service.active(game)   # the bot took the turn
    assert any("The bot now plays" in (p.get("content") or "") for p in table.posts())
    spanish = await table.command("game bot", faction=first, on=False, locale="es-ES")
    assert "vuelve a jugarla su jugador" in spanish.text
    assert await table.service.bots(game) == frozenset()
    suggested = await table.suggest("game bot", "faction", faction="rev")
    assert [c["value"] for c in suggested] == ["revolutionaries"]
    await table.quiet(60)
