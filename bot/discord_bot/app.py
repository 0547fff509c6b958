"""The bot: a discord.py client with the command tree, its persistent buttons, and the
outbox poster; ``run`` starts it from the configuration.

Intents: only ``guilds`` (channels and threads; slash commands and buttons arrive as
interactions, which need no intent).  Commands sync to one guild when
``[discord] guild`` is set (instant: for setting up and testing), otherwise globally.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.async_service import AsyncService
from bot.discord_bot import acting, game_commands, panel, undo_votes
from bot.discord_bot.poster import RECHECK_SECONDS, Poster
from bot.discord_bot.replies import guarded
from bot.discord_bot.translator import CommandWords

log = logging.getLogger("courier.discord")

ITEMS = (panel.Pick, panel.Number, panel.Step, acting.OpenPanel, undo_votes.UndoVote,
         *game_commands.ITEMS)


def intents() -> discord.Intents:
    return discord.Intents(guilds=True)


class CourierBot(discord.Client):
    def __init__(self, service: AsyncService, *, guild: int | None = None,
                 recheck: float = RECHECK_SECONDS, sync: bool = True, **options: Any) -> None:
        super().__init__(intents=intents(), **options)
        self.aservice = service
        self.guild_id = guild
        self.sync_commands = sync
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self._command_failed  # type: ignore[method-assign]
        self.tree.add_command(game_commands.game)
        self.tree.add_command(acting.act)
        self.tree.add_command(acting.do)
        self.poster = Poster(self, recheck)

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CommandWords())
        self.add_dynamic_items(*ITEMS)
        if self.sync_commands:
            await self.sync()
        self.poster.start()

    async def sync(self) -> list[app_commands.AppCommand]:
        """Upload the commands: to the test guild (at once) or globally."""
        if self.guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    async def close(self) -> None:
        await self.poster.stop()
        await super().close()

    async def _command_failed(self, interaction: discord.Interaction[Any],
                              error: app_commands.AppCommandError) -> None:
        """What escaped a handler (a check, a transformer): told, never a traceback."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        async with guarded(interaction):
            raise cause


def run(service: AsyncService, token: str, guild: int | None = None) -> None:
    """Run the bot until it is stopped (Ctrl-C, or the service manager)."""
    discord.utils.setup_logging(level=logging.INFO)
    bot = CourierBot(service, guild=guild)
    try:
        asyncio.run(_serve(bot, token))
    except KeyboardInterrupt:
        pass
    finally:
        service.close()


async def _serve(bot: CourierBot, token: str) -> None:
    async with bot:
        await bot.start(token)
