"""/game: a game's life in a Discord server, through the real command tree and the
stand-in (DESIGN.md §9: handlers tested offline, the HTTP layer recorded)."""

from __future__ import annotations

from tests.discord.table import PLAYERS, Table

FACTIONS = ("congress", "raj", "muslim_league", "revolutionaries")


async def new_game(table: Table, **options: str) -> str:
    reply = await table.command("game new", game="gandhi", scenario="short", **options)
    assert reply.private and "Created" in reply.text
    thread = next(c for c in table.standin.channels.values() if c["type"] == 11)
    table.place = thread["id"]
    return thread["id"]


async def seated_game(table: Table) -> str:
    await new_game(table)
    for user, faction in zip(PLAYERS, FACTIONS, strict=True):
        await table.command("game join", user=user, faction=faction)
    return table.place


async def test_new_opens_a_thread_with_a_pinned_status(table: Table) -> None:
    thread = await new_game(table, title="Tuesday night")
    assert table.standin.channels[thread]["name"] == "Tuesday night"
    posts = table.posts()
    assert "created by" in posts[0]["content"]
    status = posts[1]
    assert status["embeds"][0]["title"] == "Tuesday night"
    assert status["id"] in table.standin.pins[thread]
    assert "Waiting for players" in str(status["embeds"][0])


async def test_a_command_where_no_game_is_played_says_how_to_start(table: Table) -> None:
    reply = await table.command("game status")
    assert reply.private and "/game new" in reply.text
    spanish = await table.command("game status", locale="es-ES")
    assert "/partida nueva" in spanish.text


async def test_joining_takes_a_seat_and_a_taken_seat_is_refused(table: Table) -> None:
    await new_game(table)
    joined = await table.command("game join", user="bob", faction="raj")
    assert "now plays Raj" in joined.text
    taken = await table.command("game join", user="carol", faction="raj", locale="it")
    assert taken.private and "Raj" in taken.text and "amministratore" in taken.text
    assert any("plays Raj" in p["content"] for p in table.posts())
    users = await table.service.seat_users(await _game(table))
    assert users["raj"] == f"discord:{table.standin.users['bob']['id']}"


async def test_join_suggests_the_factions_in_the_users_language(table: Table) -> None:
    await new_game(table, players='[["congress", "muslim_league"], ["raj"], ["revolutionaries"]]')
    found = await table.suggest("game join", "faction", locale="es-ES", faction="lig")
    assert [c["name"] for c in found] == ["Congreso + Liga Musulmana"]
    joined = await table.command("game join", user="bob", faction=found[0]["value"])
    assert "Congress + Muslim League" in joined.text


async def test_only_the_admin_starts_and_only_when_every_seat_is_taken(table: Table) -> None:
    await new_game(table)
    early = await table.command("game start")
    assert early.private and "no player yet" in early.text
    for user, faction in zip(PLAYERS, FACTIONS, strict=True):
        await table.command("game join", user=user, faction=faction)
    refused = await table.command("game start", user="bob")
    assert "Only the game's admin" in refused.text
    started = await table.command("game start")
    assert "Started" in started.text
    await table.quiet()
    contents = [p.get("content") or "" for p in table.posts()]
    assert any("The game begins" in c for c in contents)
    calls = [c for c in contents if "your decision" in c]
    assert len(calls) == 1 and calls[0].startswith("<@")


async def _game(table: Table) -> str:
    from bot.discord_bot.here import game_at

    found = await game_at(table.service, int(table.place))
    assert found is not None
    return found
