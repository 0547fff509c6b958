"""The outbox, posted: each notice the service wrote (a decision, a finished card or
round, an undo request, a reminder, the end) goes to its game's thread or channel, and
the game's pinned status message is edited in place after it.

Notices are read with this front-end's own cursor and acknowledged in order once posted,
so a restart neither loses one nor posts one twice; games are posted side by side, each
in a task of its own (a card's pictures drawn for one game hold up no other), each game's
notices in order.  Only the seats that must act are mentioned; a player who opted for
direct messages gets those there instead.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import discord

from bot.discord_bot.acting import OpenPanel
from bot.discord_bot.here import (
    FRONTEND,
    discord_id,
    game_guild_key,
    guild_of,
    mention,
    place_of,
)
from bot.discord_bot.looks import status_embed
from bot.discord_bot.undo_votes import UndoVote
from bot.discord_bot.words import cut, say
from bot.outbox_reader import OutboxReader
from bot.share import WHOLE
from engine.core.messages import GameNotFound
from engine.notices import StoredNotice

log = logging.getLogger("courier.discord")

RECHECK_SECONDS = 30.0   # how often due reminders are looked for when nothing wakes us
STATUS_KEY = "game:{game}:status"
DM_KEY = "dm:{game}:{user}"


class Gone(Exception):
    """The game's place is gone or closed to the bot: its notices are dropped."""


class Poster(OutboxReader):
    """The outbox read into the games' threads (and direct messages)."""

    reader = FRONTEND
    failure = "posting the outbox failed; trying again soon"
    log = log

    def __init__(self, client: Any, every: float = RECHECK_SECONDS) -> None:
        super().__init__()
        self.client = client
        self.share = getattr(client, "share", WHOLE)
        self.every = every
        self._posted: set[int] = set()      # posted, not yet acknowledged (a retry skips)
        self._games: dict[str, asyncio.Task[bool]] = {}   # the games being posted

    @property
    def service(self) -> Any:
        return self.client.aservice

    async def stop(self) -> None:
        """Stop, and the games being posted with it."""
        await super().stop()
        self._games.clear()

    def _helpers(self) -> list[asyncio.Task[Any]]:
        return list(self._games.values())

    def _round_done(self) -> bool:
        return not self._games and not self._wake.is_set()   # else there is more to do

    async def drain(self) -> None:
        """Start posting every waiting notice, each game's in order in a task of its own
        (a game already being posted is looked at again when its task is done), and
        acknowledge what is posted, in order."""
        notices = await self.service.notices(self.cursor)
        mine, done = await self._sorted([n for n in notices if n.id not in self._posted],
                                        self._has)
        self._posted |= done
        by_game: dict[str, list[StoredNotice]] = defaultdict(list)
        for notice in mine:
            by_game[notice.game_id].append(notice)
        for game, listed in by_game.items():
            if game not in self._games and not self._stopping:
                task = asyncio.create_task(self._post_game(game, listed))
                self._games[game] = task
                task.add_done_callback(partial(self._game_done, game))
        for notice in notices:            # the cursor moves over what is done, in order
            if notice.id not in self._posted and notice.due is None:
                break
            if notice.id in self._posted:
                await self.service.acknowledge(self.cursor, notice)
                self._posted.discard(notice.id)

    async def _has(self, game: str) -> bool | None:
        """Whether the game's server (guild) is in this process's shards; None while that
        cannot be known yet (the gateway not yet ready).  A game without a place here is
        not a Discord game: no process posts it."""
        guild = await guild_of(self.service, game)
        if guild is None:
            place = await place_of(self.service, game)
            if place is None:
                return False
            channel = self.client.get_channel(place)
            if channel is None or getattr(channel, "guild", None) is None:
                return False if self.client.is_ready() else None
            guild = channel.guild.id
            await self.service.remember(FRONTEND, game_guild_key(game), str(guild))
        return self.share.has_guild(guild)

    def _game_done(self, game: str, task: asyncio.Task[bool]) -> None:
        """A game's notices are posted: acknowledge them and look for more; after a
        failure, the next look (a wake, or the recheck) tries again."""
        self._games.pop(game, None)
        if task.cancelled():
            return
        if task.exception() is not None:
            log.error("posting game %s failed; trying again soon", game,
                      exc_info=task.exception())
        elif task.result():
            self.wake()
            return
        if not self._games:
            self.idle.set()

    async def _post_game(self, game: str, notices: list[StoredNotice]) -> bool:
        """Post ``notices`` of ``game`` in order; False if one must be tried again."""
        try:
            place = await place_of(self.service, game)
            info = await self.service.game_info(game)
        except GameNotFound:
            place = None
        if place is None:                 # not a Discord game (the command line, e-mail)
            self._posted.update(n.id for n in notices)
            return True
        lang = info.language
        for notice in notices:
            try:
                await self.post(notice, place, lang)
            except Gone:
                log.warning("game %s: its channel is gone; notice %s dropped", game, notice.id)
            except (discord.HTTPException, OSError):
                log.exception("game %s: notice %s not posted; will retry", game, notice.id)
                return False
            self._posted.add(notice.id)
            await self._sent([notice])
        await self.refresh_status(game, place, lang)
        return True

    async def post(self, notice: StoredNotice, place: int, lang: str) -> None:
        handler = HANDLERS.get(notice.kind)
        if handler is None:
            return
        try:
            await handler(self, notice, place, lang)
        except (discord.NotFound, discord.Forbidden) as err:
            raise Gone() from err

    # --- the pinned status --------------------------------------------------------------
    async def refresh_game(self, game: str) -> None:
        """The status of ``game`` in its place (after a change no notice carries)."""
        place = await place_of(self.service, game)
        if place is not None:
            info = await self.service.game_info(game)
            await self.refresh_status(game, place, info.language)

    async def refresh_status(self, game: str, place: int, lang: str) -> None:
        """Edit the game's status message in place (or post and pin a new one)."""
        status = await self.service.status(game, lang)
        embed = status_embed(status, lang)
        channel = self.client.get_partial_messageable(place)
        key = STATUS_KEY.format(game=game)
        known = await self.service.recall(FRONTEND, key)
        if known:
            try:
                await channel.get_partial_message(int(known)).edit(embed=embed)
                return
            except discord.NotFound:
                pass                       # deleted: post a new one
        message = await channel.send(embed=embed)
        await self.service.remember(FRONTEND, key, str(message.id))
        try:
            await message.pin(reason=say("status.pin_reason", lang))
        except discord.HTTPException:
            log.warning("game %s: the status message could not be pinned", game)

    # --- the notices --------------------------------------------------------------------
    async def names(self, game: str, lang: str) -> dict[str, str]:
        return dict((await self.service.status(game, lang)).seat_names)

    async def call(self, notice: StoredNotice, place: int, lang: str, key: str,
                   view: discord.ui.View | None = None, **params: Any) -> None:
        """Tell the players of ``notice.seats``: a mention in the game's place, or a direct
        message to those who asked for one."""
        users = await self.service.seat_users(notice.game_id)
        names = await self.names(notice.game_id, lang)
        seats = ", ".join(names[s] for s in notice.seats)
        holders = sorted({u for s in notice.seats if (u := users.get(s)) is not None})
        direct = [u for u in holders if await self.service.recall(
            FRONTEND, DM_KEY.format(game=notice.game_id, user=u))]
        pinged = [u for u in holders if u not in direct]
        text = say(key, lang, seats=seats, **params)
        mentions = " ".join(m for u in pinged if (m := mention(u)))
        channel = self.client.get_partial_messageable(place)
        allowed = discord.AllowedMentions(users=[discord.Object(i) for u in pinged
                                                 if (i := discord_id(u)) is not None],
                                          everyone=False, roles=False)
        await channel.send(cut(f"{mentions} {text}".strip(), "content"), view=view,
                           allowed_mentions=allowed)
        for user in direct:
            await self.direct(user, place, cut(text, "content"), view)

    async def direct(self, user: str, place: int, text: str,
                     view: discord.ui.View | None) -> None:
        found = discord_id(user)
        if found is None:
            return
        try:
            person = await self.client.fetch_user(found)
            await person.send(f"{text}\n<#{place}>", view=view)
        except discord.HTTPException:
            log.warning("could not send a direct message to %s", user)

    async def decision(self, notice: StoredNotice, place: int, lang: str) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(OpenPanel(notice.game_id, lang))
        await self.call(notice, place, lang, "notice.decision", view)

    async def reminder(self, notice: StoredNotice, place: int, lang: str) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(OpenPanel(notice.game_id, lang))
        hours = notice.data.get("hours", 0)
        await self.call(notice, place, lang, "notice.reminder", view, hours=f"{hours:g}")

    async def turn(self, notice: StoredNotice, place: int, lang: str) -> None:
        """The digest of a card or round: what happened, the changed spaces large enough
        to read on a phone, and the whole map one tap away."""
        since = int(notice.data.get("since", 0))
        upto = int(notice.data.get("upto", notice.seq))
        service = self.service.service
        focus, (whole, text) = await asyncio.gather(
            self.service.picture(service.focus_picture, notice.game_id, lang, since, upto),
            self.service.picture(service.digest_picture, notice.game_id, lang, since, upto))
        embed = discord.Embed(description=cut(text, "embed"), colour=0xC9A227)
        embed.set_image(url="attachment://changes.png")
        channel = self.client.get_partial_messageable(place)
        await channel.send(embed=embed, files=[discord.File(io.BytesIO(focus), "changes.png"),
                                               discord.File(io.BytesIO(whole), "map.png")])

    async def started(self, notice: StoredNotice, place: int, lang: str) -> None:
        service = self.service.service
        png = await self.service.picture(service.map_picture, notice.game_id, lang)
        channel = self.client.get_partial_messageable(place)
        await channel.send(say("notice.started", lang),
                           files=[discord.File(io.BytesIO(png), "map.png")])

    async def undo_requested(self, notice: StoredNotice, place: int, lang: str) -> None:
        names = await self.names(notice.game_id, lang)
        view = discord.ui.View(timeout=None)
        for approve in (True, False):
            view.add_item(UndoVote(notice.game_id, notice.seq, approve, lang))
        by = names.get(str(notice.data.get("by")), "?")
        await self.call(notice, place, lang, "notice.undo_requested", view, by=by)

    async def undo_decided(self, notice: StoredNotice, place: int, lang: str) -> None:
        names = await self.names(notice.game_id, lang)
        outcome = str(notice.data.get("outcome"))
        by = names.get(str(notice.data.get("by")), "")
        channel = self.client.get_partial_messageable(place)
        await channel.send(say(f"notice.undo_{outcome}", lang, by=by))

    async def game_over(self, notice: StoredNotice, place: int, lang: str) -> None:
        outcome = await self.service.outcome(notice.game_id, lang) or ""
        service = self.service.service
        png = await self.service.picture(service.map_picture, notice.game_id, lang)
        channel = self.client.get_partial_messageable(place)
        await channel.send(cut(say("notice.game_over", lang, outcome=outcome), "content"),
                           files=[discord.File(io.BytesIO(png), "final.png")])

    async def abandoned(self, notice: StoredNotice, place: int, lang: str) -> None:
        channel = self.client.get_partial_messageable(place)
        await channel.send(say("notice.abandoned", lang))


Handler = Callable[[Poster, StoredNotice, int, str], Awaitable[None]]
HANDLERS: dict[str, Handler] = {
    "decision": Poster.decision, "reminder": Poster.reminder, "turn": Poster.turn,
    "started": Poster.started, "undo_requested": Poster.undo_requested,
    "undo_decided": Poster.undo_decided, "game_over": Poster.game_over,
    "abandoned": Poster.abandoned,
}
