"""Approve / Deny under an undo request: persistent buttons for the seats whose consent
the undo needs (DESIGN.md §3 "Undo is an event")."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_bot.here import Here
from bot.discord_bot.replies import answer, guarded, thinking
from bot.discord_bot.words import cut, say
from engine.core.messages import CourierError


class UndoVote(discord.ui.DynamicItem[discord.ui.Button[Any]],
               template=r"undo:(?P<game>[^:]+):(?P<seq>\d+):(?P<vote>yes|no)"):
    """One vote on the undo requested at event ``seq``; a vote on an older request (or
    one already decided) changes nothing."""

    def __init__(self, game: str, seq: int, approve: bool, lang: str = "en") -> None:
        vote = "yes" if approve else "no"
        super().__init__(discord.ui.Button(
            style=discord.ButtonStyle.success if approve else discord.ButtonStyle.danger,
            label=cut(say(f"undo.{vote}", lang), "button"),
            custom_id=f"undo:{game}:{seq}:{vote}"))
        self.game, self.seq, self.approve = game, seq, approve

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> UndoVote:
        return cls(match["game"], int(match["seq"]), match["vote"] == "yes")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            await thinking(interaction)
            here = await Here.of(interaction.client.aservice, interaction,
                                 game=self.game)
            status = await here.service.status(here.game, here.lang)
            request = status.undo
            if request is None or request.seq != self.seq:
                raise CourierError("discord.panel.stale")
            users = await here.service.seat_users(here.game)
            mine = [s for s in request.needs
                    if users.get(s) == here.user and s not in request.approved]
            if not mine:
                raise CourierError("discord.undo.not_asked")
            for seat in mine:
                await here.service.vote_undo(here.game, seat, here.user, self.approve)
                if not self.approve:
                    break
            interaction.client.poster.wake()
            names = ", ".join(status.seat_names[s] for s in mine)
            await answer(interaction, say("undo.voted_yes" if self.approve else "undo.voted_no",
                                          here.lang, seats=names))
