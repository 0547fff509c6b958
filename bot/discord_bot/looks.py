"""How the game's views look in Discord: the status embed, long texts as embeds (or a
file when too long), a page of history."""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.discord_bot.words import cut, say
from engine.views import Command, HistoryPage, Status

EMBED_TEXT = 4096
MESSAGE_EMBED_TEXT = 6000   # all of a message's embeds together
GREEN, GREY, GOLD = 0x2E7D32, 0x757575, 0xC9A227


def status_embed(status: Status, lang: str) -> discord.Embed:
    """What the pinned status message shows: cards, tracks, margins, who decides."""
    colour = GREY if status.over or status.phase != "started" else GREEN
    embed = discord.Embed(title=cut(status.title, "title"),
                          description=cut(f"{status.game_name} — {status.scenario_name}",
                                          "embed"), colour=colour)
    for name, value in status.fields[:20]:
        embed.add_field(name=cut(name or "·", 256), value=cut(value or "—", "field"),
                        inline=len(value) < 40)
    embed.add_field(name=say("status.now", lang), value=cut(_now(status, lang), "field"),
                    inline=False)
    # the id the command line and the e-mail gateway know the game by (JOIN GAME FACTION)
    embed.set_footer(text=say("status.game_id", lang, game=status.game_id))
    return embed


def _now(status: Status, lang: str) -> str:
    """Who decides, the deadline, an undo request; or how the game ended."""
    return "\n".join(status.situation(lang)) or "—"


def text_embeds(title: str, text: str) -> list[discord.Embed] | None:
    """``text`` in embeds cut at line ends, or None when it is too long for one message
    (then it goes as a file: ``text_file``)."""
    if len(text) + len(title) > MESSAGE_EMBED_TEXT:
        return None
    chunks: list[str] = [""]
    for line in text.splitlines():
        if len(chunks[-1]) + len(line) + 1 > EMBED_TEXT:
            chunks.append("")
        chunks[-1] += line + "\n"
    embeds = [discord.Embed(description=chunk) for chunk in chunks if chunk.strip()]
    if embeds:
        embeds[0].title = cut(title, "title")
    return embeds


def text_file(name: str, text: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=name)


def history_embed(page: HistoryPage, names: dict[str, str], lang: str) -> discord.Embed:
    lines = [_command_line(c, names, lang) for c in page.commands]
    embed = discord.Embed(title=say("history.title", lang), colour=GOLD)
    embed.description = cut("\n".join(lines) or say("history.empty", lang), "embed")
    return embed


def _command_line(command: Command, names: dict[str, str], lang: str) -> str:
    head = f"`{command.seq}` **{names.get(command.seat, command.seat)}**: {command.label}"
    if command.note:   # the bot (or the admin) decided, not the seat's player
        head += f" *({command.note})*"
    if command.undone:
        head = f"~~{head}~~ {say('history.undone', lang)}"
    story = command.story.strip().splitlines()
    return "\n".join([head, *(f"> {line.strip('• –')}" for line in story[1:4])])


def seat_list(seats: Sequence[str], names: dict[str, str]) -> str:
    return " + ".join(names.get(s, s) for s in seats)
