"""A Distant Plain's pictures through Discord: /game map and /game replay post the map
drawn by renders/adp, through the real command tree and the stand-in."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from bot.discord_bot.here import bind, user_key
from engine.fuzz import concrete, pick
from tests.discord.table import PLAYERS, Table

FACTIONS = ("coalition", "government", "taliban", "warlords")


def _member(table: Table, user: str) -> Any:
    class Member:
        id = int(table.standin.users[user]["id"])
    return Member()


async def adp_game(table: Table, moves: int = 12, seed: str = "adp") -> str:
    users = {f: user_key(_member(table, u)) for u, f in zip(PLAYERS, FACTIONS, strict=True)}
    game = await table.service.create_game("adp", "short", seed=seed, seats=users,
                                           admin=users["coalition"])
    await bind(table.service, game, int(table.place))
    rng = random.Random(seed)
    for _ in range(moves):
        active = sorted(await table.service.active(game))
        if not active:
            break
        offered = [c.action for c in (await table.service.decision(game, active[0],
                                                                    "en")).choices]
        await table.service.act(game, active[0], None, concrete(pick(rng, offered), rng),
                                moderator=True)
    return game


async def test_the_map_of_an_adp_game_is_posted(table: Table) -> None:
    await adp_game(table)
    reply = await table.command("game map", locale="it")
    [picture] = reply.message["attachments"]
    assert picture["filename"] == "map.png"
    data = table.standin.files[picture["id"]]
    assert Image.open(io.BytesIO(data)).size[0] == 1000


async def test_the_replay_of_an_adp_game_is_an_animation(table: Table) -> None:
    await adp_game(table)
    reply = await table.command("game replay", first=0, last=1)
    [animation] = reply.message["attachments"]
    assert animation["filename"].startswith("replay.") and animation["size"] > 1000


async def test_an_adp_game_is_made_joined_and_played_with_slash_commands(table: Table) -> None:
    """Nothing in the bot names a game: /game new, /game join and /do serve A Distant Plain
    as they serve Gandhi, in the player's language."""
    from bot.discord_bot.here import game_at

    made = await table.command("game new", game="adp", scenario="short")
    assert "Created" in made.text
    table.place = next(c for c in table.standin.channels.values() if c["type"] == 11)["id"]
    for user, faction in zip(PLAYERS, FACTIONS, strict=True):
        joined = await table.command("game join", user=user, faction=faction)
        assert "now plays" in joined.text, joined.text
    started = await table.command("game start")
    assert "Started" in started.text
    game = await game_at(table.service, int(table.place))
    assert game is not None
    [seat] = sorted(await table.service.active(game))
    user = PLAYERS[FACTIONS.index(seat)]
    before = await table.service.head(game)
    choice = (await table.service.decision(game, seat, "es")).choices[0]   # e.g. "Pasar"
    typed = await table.command("do", user=user, locale="es-ES", choice=choice.label)
    assert "Hecho" in typed.text, (choice.label, typed.text)
    assert await table.service.head(game) > before
