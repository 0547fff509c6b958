"""The bot: a discord.py client with the command tree, its persistent buttons, and the
outbox poster; ``run`` starts it from the configuration and stops it cleanly on a signal.

Intents: only ``guilds`` (channels and threads; slash commands and buttons arrive as
interactions, which need no intent).  Commands sync to one guild when
``[discord] guild`` is set (instant: for setting up and testing), otherwise globally.
``invite_url`` is the link a server owner opens to add the bot, with ``PERMISSIONS``.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import logging
import os
import signal
from typing import Any

import discord
from discord import app_commands

from bot.async_service import AsyncService
from bot.discord_bot import acting, game_commands, panel, undo_votes
from bot.discord_bot.here import FRONTEND
from bot.discord_bot.poster import RECHECK_SECONDS, Poster
from bot.discord_bot.replies import guarded
from bot.discord_bot.translator import CommandWords
from bot.share import WHOLE, Share
from engine.core.messages import CourierError

log = logging.getLogger("courier.discord")

# What the bot itself does in a server, each permission with the calls that need it
# (discord.com/developers/docs: resources/message, resources/channel, topics/threads).
# Replies to commands, buttons and menus go through the interaction's own webhook: of
# these, only Embed Links and Attach Files apply to them.  Nothing else is asked: no
# Read Message History (the bot reads no message), no Manage Messages or Manage Threads.
# tests/discord/test_process.py derives this set from every call the bot makes in a game.
PERMISSIONS = discord.Permissions(
    view_channel=True,              # every call in a channel or thread: nothing works unseen
    create_public_threads=True,     # /game new, /game import: POST /channels/{id}/threads
    send_messages_in_threads=True,  # a game's posts in its thread (SEND_MESSAGES does not
                                    # count there); a post unarchives a quiet thread
    send_messages=True,             # a game's posts in a channel, where no thread can be made
    embed_links=True,               # the pinned status and each turn's digest are embeds
    attach_files=True,              # the map, focus and final pictures; export, replay
    pin_messages=True,              # pinning the status (PUT .../messages/pins/{id}); its own
                                    # bit (1 << 51) since 2025, no longer Manage Messages
)
# ``bot`` adds the bot user; ``applications.commands`` the slash commands (Discord now
# grants it with ``bot``; asked for explicitly as its documentation shows).
SCOPES = ("bot", "applications.commands")
GUILD_INSTALL = 0  # integration_type: installed to a server, not to a user

# A stop (SIGTERM, Ctrl-C) lets the poster finish the notices it is posting for at most
# this long, so they are not posted again after the restart.
GRACE_SECONDS = 10.0
TEST_GUILD_KEY = "commands:guild"   # the test guild the commands were last synced to
TIME = "%Y-%m-%d %H:%M:%S"

ITEMS = (panel.Pick, panel.Number, panel.Step, acting.OpenPanel, undo_votes.UndoVote,
         *game_commands.ITEMS)


def intents() -> discord.Intents:
    return discord.Intents(guilds=True)


class CourierBot(discord.Client):
    def __init__(self, service: AsyncService, *, guild: int | None = None,
                 recheck: float = RECHECK_SECONDS, sync: bool = True, share: Share = WHOLE,
                 **options: Any) -> None:
        super().__init__(intents=intents(), **options)
        self.share = share
        self.aservice = service
        self.guild_id = guild
        self.sync_commands = sync
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self._command_failed  # type: ignore[method-assign]
        self.tree.add_command(game_commands.game)
        self.tree.add_command(acting.act)
        self.tree.add_command(acting.do)
        self.poster = Poster(self, recheck)
        self._posting = False   # the poster was started
        self._stopping = False

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CommandWords())
        self.add_dynamic_items(*ITEMS)
        if self.sync_commands:
            await self.sync()
        self.poster.start()
        self._posting = True

    async def sync(self) -> list[app_commands.AppCommand]:
        """Upload the commands: to the test guild (at once) or globally.  The copies an
        earlier test guild was given are taken back, or its members would see every
        command twice once the commands are global."""
        await self._unsync_test_guild(keep=self.guild_id)
        if self.guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        await self.aservice.remember(FRONTEND, TEST_GUILD_KEY, str(self.guild_id))
        return synced

    async def _unsync_test_guild(self, keep: int | None) -> None:
        old = await self.aservice.recall(FRONTEND, TEST_GUILD_KEY)
        if not old or int(old) == keep:
            return
        guild = discord.Object(int(old))
        self.tree.clear_commands(guild=guild)
        try:
            await self.tree.sync(guild=guild)
            log.info("the commands of the test server %s were removed", old)
        except discord.HTTPException:   # the bot is no longer there
            log.warning("could not remove the commands of the test server %s", old)
        await self.aservice.remember(FRONTEND, TEST_GUILD_KEY, None)

    async def close(self) -> None:
        """Stop: the poster (after the notices it is posting), then the gateway and HTTP."""
        if not self._stopping:
            self._stopping = True
            if self._posting and not self.poster.idle.is_set():
                try:
                    async with asyncio.timeout(GRACE_SECONDS):
                        await self.poster.idle.wait()
                except TimeoutError:
                    log.warning("stopping with notices still being posted; they go out "
                                "after the restart")
        await self.poster.stop()
        await super().close()

    async def _command_failed(self, interaction: discord.Interaction[Any],
                              error: app_commands.AppCommandError) -> None:
        """What escaped a handler (a check, a transformer): told, never a traceback."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        async with guarded(interaction):
            raise cause


class ShardedCourierBot(CourierBot, discord.AutoShardedClient):
    """The bot on some of Discord's shards (``courier bot --shards N --shard-ids 0,1``):
    discord.py connects those shards only, and the poster posts the games of their
    servers only (``bot.share``)."""


def make_bot(service: AsyncService, guild: int | None = None,
             share: Share = WHOLE) -> CourierBot:
    if share.by != "guild":
        return CourierBot(service, guild=guild, share=share)
    return ShardedCourierBot(service, guild=guild, share=share, shard_count=share.count,
                             shard_ids=list(share.ids))


def run(service: AsyncService, token: str, guild: int | None = None, *, db: str = "",
        share: Share = WHOLE) -> None:
    """Run the bot until it is stopped: SIGTERM (the service manager) or SIGINT (Ctrl-C)
    closes it cleanly and returns; a second signal ends the process at once.  A token
    Discord refuses is a ``CourierError``.  Log lines are for the operator, in English
    like discord.py's."""
    start_logging(token)
    log.info("courier's Discord bot: games in %s; commands sync %s", db or "?",
             f"to the server {guild} only (at once)" if guild is not None
             else "globally (to every server the bot is in)")
    if share.by == "guild":
        log.info("Discord shards %s of %s", ",".join(map(str, share.ids)), share.count)
    bot = make_bot(service, guild, share)
    try:
        asyncio.run(_serve(bot, token))
    except KeyboardInterrupt:  # where signals cannot be caught by the loop (Windows)
        pass
    except discord.LoginFailure:
        raise CourierError("cli.bad_token") from None
    finally:
        service.close()


def start_logging(token: str) -> None:
    """discord.py's log lines at INFO on stderr, never showing the token, without the
    warnings about voice support (courier uses no voice).  In colour on a terminal only
    (discord.py would colour a pipe too inside a container); without a time of their own
    in systemd's journal, which adds one."""
    handler = logging.StreamHandler()
    if handler.stream.isatty():
        discord.utils.setup_logging(handler=handler, level=logging.INFO)
    else:
        journal = bool(os.environ.get("JOURNAL_STREAM"))
        line = "[{levelname}] {name}: {message}" if journal else \
            "[{asctime}] [{levelname:<8}] {name}: {message}"
        discord.utils.setup_logging(handler=handler, level=logging.INFO,
                                    formatter=logging.Formatter(line, TIME, style="{"))
    handler.setFormatter(Redacting(handler.formatter or logging.Formatter(), token))
    logging.getLogger("discord.client").addFilter(not_about_voice)


def not_about_voice(record: logging.LogRecord) -> bool:
    """False for "PyNaCl/davey is not installed, voice will NOT be supported"."""
    return "voice will NOT be supported" not in record.getMessage()


class Redacting(logging.Formatter):
    """Another formatter's lines with the token replaced, wherever a library put it
    (a message, its arguments, a traceback)."""

    def __init__(self, inner: logging.Formatter, secret: str) -> None:
        super().__init__()
        self.inner, self.secret = inner, secret

    def format(self, record: logging.LogRecord) -> str:
        line = self.inner.format(record)
        return line.replace(self.secret, "[token]") if self.secret else line


async def _serve(bot: CourierBot, token: str) -> None:
    stop = Stop(bot)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        # on Windows the loop cannot: Ctrl-C stays a KeyboardInterrupt (``run``)
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop, signum)
    async with bot:
        try:
            await bot.start(token)
        except Exception:
            if not stop.asked:   # a failure of a call that the stop cut short is no failure
                raise


class Stop:
    """The signal handler: the first signal closes the bot, a second exits at once."""

    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        self.asked = False
        self.closing: asyncio.Task[None] | None = None  # held, or it could be collected

    def __call__(self, signum: int) -> None:
        name = signal.Signals(signum).name
        if self.asked:
            log.warning("%s again: exiting at once", name)
            os._exit(128 + signum)
        self.asked = True
        log.info("%s: stopping (the bot closes, nothing is lost; %s again exits at once)",
                 name, name)
        self.closing = asyncio.get_running_loop().create_task(self.bot.close())


def application_id(token: str) -> int:
    """The application's id, read from its bot token offline: a token's first part is
    the bot user's id in base64, and a bot user's id is its application's."""
    first = token.strip().split(".")[0]
    try:
        found = base64.b64decode(first + "=" * (-len(first) % 4), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        raise CourierError("cli.invite_needs_id") from None
    if not found.isdigit():
        raise CourierError("cli.invite_needs_id")
    return int(found)


def invite_url(client_id: int, guild: int | None = None) -> str:
    """The link that adds the bot to a server, asking for exactly ``PERMISSIONS``; with a
    guild, that server is preselected."""
    if guild:
        url = discord.utils.oauth_url(client_id, permissions=PERMISSIONS, scopes=SCOPES,
                                      guild=discord.Object(guild))
    else:
        url = discord.utils.oauth_url(client_id, permissions=PERMISSIONS, scopes=SCOPES)
    return f"{url}&integration_type={GUILD_INSTALL}"
