"""Who, where and in which language an interaction is: every command finds its game from
the thread or channel it is used in (one game per place, many per server)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.async_service import AsyncService
from bot.discord_bot.words import lang_of
from engine.core.messages import CourierError

FRONTEND = "discord"   # the service's name for this front-end: its outbox cursor, its notes
USER_PREFIX = "discord:"


def user_key(user: discord.abc.Snowflake) -> str:
    """How the service knows a Discord user (seats, admin, the log's actor)."""
    return f"{USER_PREFIX}{user.id}"


def discord_id(key: str | None) -> int | None:
    """The Discord user id of a service user key, None for a seat held elsewhere."""
    if key is None or not key.startswith(USER_PREFIX):
        return None
    return int(key.removeprefix(USER_PREFIX))


def mention(key: str | None) -> str | None:
    found = discord_id(key)
    return f"<@{found}>" if found is not None else None


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """A member with Manage Server (or Administrator) may administer any game here."""
    allowed = interaction.permissions
    return bool(allowed.manage_guild or allowed.administrator)


def place_key(place_id: int) -> str:
    return f"place:{place_id}"


def game_place_key(game_id: str) -> str:
    return f"game:{game_id}:place"


@dataclass(frozen=True)
class Here:
    """The game played where an interaction happened, and who asks, in their language."""

    service: AsyncService
    game: str
    user: str
    lang: str
    moderator: bool

    @classmethod
    async def of(cls, service: AsyncService, interaction: discord.Interaction[Any],
                 game: str | None = None) -> Here:
        """The game ``game`` (a button names it), else the one played in this thread or
        channel; raises ``CourierError`` when there is none."""
        game = game or await game_at(service, interaction.channel_id)
        if game is None:
            raise CourierError("discord.no_game_here")
        return cls(service, game, user_key(interaction.user), lang_of(interaction),
                   is_moderator(interaction))


async def game_at(service: AsyncService, place_id: int | None) -> str | None:
    if place_id is None:
        return None
    return await service.recall(FRONTEND, place_key(place_id))


async def bind(service: AsyncService, game: str, place_id: int,
               guild_id: int | None = None) -> None:
    """Play ``game`` in the thread or channel ``place_id`` (of the server ``guild_id``:
    the bot process whose shards hold that server posts the game's notices)."""
    await service.remember(FRONTEND, place_key(place_id), game)
    await service.remember(FRONTEND, game_place_key(game), str(place_id))
    if guild_id is not None:
        await service.remember(FRONTEND, game_guild_key(game), str(guild_id))


def game_guild_key(game_id: str) -> str:
    return f"game:{game_id}:guild"


async def guild_of(service: AsyncService, game: str) -> int | None:
    found = await service.recall(FRONTEND, game_guild_key(game))
    return int(found) if found else None


async def place_of(service: AsyncService, game: str) -> int | None:
    found = await service.recall(FRONTEND, game_place_key(game))
    return int(found) if found else None
