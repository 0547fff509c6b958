"""Answering interactions: within Discord's 3 seconds (defer first, then the work off the
event loop), and every refusal ephemeral, in the user's language, changing nothing."""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord

from bot.discord_bot.words import cut, lang_of, say
from engine.core.messages import CourierError

log = logging.getLogger("courier.discord")

NO_MENTIONS = discord.AllowedMentions.none()


async def thinking(interaction: discord.Interaction[Any]) -> None:
    """Answer at once, privately ("courier is thinking..."); the result edits it."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def updating(interaction: discord.Interaction[Any]) -> None:
    """A button or menu of a message: answer at once; the result edits that message."""
    if not interaction.response.is_done():
        await interaction.response.defer()


async def answer(interaction: discord.Interaction[Any], content: str | None = None, *,
                 embeds: Sequence[discord.Embed] = (), files: Sequence[discord.File] = (),
                 view: discord.ui.View | None = None) -> None:
    """The result of a deferred interaction, in place of the thinking message (or of the
    message whose button was pressed)."""
    await interaction.edit_original_response(
        content=cut(content, "content") if content else None, embeds=list(embeds),
        attachments=list(files), view=view, allowed_mentions=NO_MENTIONS)


async def tell(interaction: discord.Interaction[Any], content: str) -> None:
    """A private note beside the answer (a message the user alone sees)."""
    text = cut(content, "content")
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)
    elif interaction.response.type == discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(content=text, embeds=[], attachments=[],
                                                 view=None, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


@asynccontextmanager
async def guarded(interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
    """Run a handler: a ``CourierError`` becomes a private message in the user's language;
    anything else is logged and the user told briefly, never shown a traceback."""
    try:
        yield
    except CourierError as err:
        await _quietly(tell(interaction, err.message(lang_of(interaction))))
    except discord.HTTPException:
        log.exception("Discord refused an answer")
    except Exception:
        log.exception("a command failed")
        await _quietly(tell(interaction, say("internal_error", lang_of(interaction))))


async def _quietly(sending: Any) -> None:
    try:
        await sending
    except discord.HTTPException:
        log.exception("could not tell the user about an error")


T = TypeVar("T")
Suggest = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[T]]]


def suggesting(suggest: Suggest[T]) -> Suggest[T]:
    """An autocomplete that offers nothing where it cannot help (no game here, no seat):
    what is typed is then refused, with the reason, when the command is sent."""
    @functools.wraps(suggest)
    async def offer(interaction: discord.Interaction[Any], typed: str) -> list[T]:
        try:
            return await suggest(interaction, typed)
        except CourierError:
            return []
    return offer
