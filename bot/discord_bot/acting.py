"""``/act`` (the panel) and ``/do <text>`` (a choice typed in the user's language, with
autocomplete from the legal choices), and the button under a "your decision" post that
opens the panel."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.buttons import GameButton, game_template
from bot.discord_bot.here import Here
from bot.discord_bot.panel import Spot, draw, show
from bot.discord_bot.replies import answer, guarded, suggesting, thinking
from bot.discord_bot.translator import _, params
from bot.discord_bot.words import cut, say
from engine.core.decision import ChoiceView
from engine.core.messages import CourierError

SUGGESTIONS = 25   # Discord shows at most 25 autocomplete choices


async def seat_for(here: Here, given: str | None) -> str:
    """The seat a user acts for: the one named, else the one of theirs that must decide.
    The admin (or a moderator) acts for another seat only by naming it."""
    if given:
        return await here.service.resolve_seat(here.game, given)
    users = await here.service.seat_users(here.game)
    mine = sorted(s for s, u in users.items() if u == here.user)
    active = await here.service.active(here.game)
    deciding = [s for s in mine if s in active]
    if len(deciding) == 1 or (len(mine) == 1 and not deciding):
        return (deciding or mine)[0]
    status = await here.service.status(here.game, here.lang)
    if deciding:
        raise CourierError("discord.which_seat",
                           seats=", ".join(status.seat_names[s] for s in deciding))
    if mine:
        raise CourierError("error.not_your_decision",
                           seat=", ".join(status.seat_names[s] for s in mine),
                           waiting=", ".join(status.seat_names[s] for s in sorted(active)))
    raise CourierError("discord.no_seat")


async def open_panel(interaction: discord.Interaction[Any], seat: str | None,
                     game: str | None = None) -> None:
    await thinking(interaction)
    here = await Here.of(interaction.client.aservice, interaction,
                         game)
    chosen = await seat_for(here, seat)
    decision = await here.service.decision(here.game, chosen, here.lang)
    await show(interaction, draw(decision, Spot(here.game, decision.head, chosen, here.lang)))


@app_commands.guild_only()
@app_commands.command(name=_("act"), description=_("Your decision as menus and buttons"))
@params(seat="The Faction to act for, if you hold several (admins: any)")
async def act(interaction: discord.Interaction[Any], seat: str | None = None) -> None:
    async with guarded(interaction):
        await open_panel(interaction, seat)


@app_commands.guild_only()
@app_commands.command(name=_("do"), description=_("Take a choice by typing it, in your language"))
@params(choice="What to do: start typing to see the legal choices",
                       seat="The Faction to act for, if you hold several (admins: any)")
async def do(interaction: discord.Interaction[Any], choice: str, seat: str | None = None) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(interaction.client.aservice, interaction)
        chosen = await seat_for(here, seat)
        result = await here.service.act(here.game, chosen, here.user, choice,
                                        moderator=here.moderator)
        interaction.client.poster.wake()
        told = await here.service.narrate(here.game, list(result.events), here.lang)
        decision = await here.service.decision(here.game, chosen, here.lang)
        panel = draw(decision, Spot(here.game, decision.head, chosen, here.lang))
        done = say("do.done", here.lang, story=cut(told, 1800))
        await answer(interaction, done, embeds=[panel.embed] if decision.choices else [],
                     view=panel.view if decision.choices else None)


@do.autocomplete("choice")
@suggesting
async def choice_suggestions(interaction: discord.Interaction[Any], typed: str
                             ) -> list[app_commands.Choice[str]]:
    """The legal choices whose words begin with what was typed, labelled in the user's
    language; the value sent back is the canonical text."""
    here = await Here.of(interaction.client.aservice, interaction)
    seat = interaction.namespace.seat
    chosen = await seat_for(here, seat if isinstance(seat, str) else None)
    decision = await here.service.decision(here.game, chosen, here.lang)
    found = [c for c in decision.choices if matches(typed, c)]
    return [app_commands.Choice(name=cut(c.label, "option"), value=cut(c.text, "option"))
            for c in found[:SUGGESTIONS]]


@do.autocomplete("seat")
@act.autocomplete("seat")
@suggesting
async def seat_suggestions(interaction: discord.Interaction[Any], typed: str
                           ) -> list[app_commands.Choice[str]]:
    here = await Here.of(interaction.client.aservice, interaction)
    status = await here.service.status(here.game, here.lang)
    users = await here.service.seat_users(here.game)
    seats = [s for s, u in users.items() if u == here.user or here.moderator]
    return [app_commands.Choice(name=status.seat_names[s], value=s) for s in seats
            if matches(typed, status.seat_names[s])][:SUGGESTIONS]


def fold(text: str) -> str:
    """Lower case without accents: what typing compares."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


WORD = re.compile(r"[\w<>-]+")


def matches(typed: str, choice: ChoiceView | str) -> bool:
    """Every typed word begins a word of the choice's label or canonical text."""
    texts = [choice] if isinstance(choice, str) else [choice.label, choice.text]
    words = [set(WORD.findall(fold(t))) for t in texts]
    wanted = WORD.findall(fold(typed))
    return any(all(any(w.startswith(t) for w in ws) for t in wanted) for ws in words)


class OpenPanel(GameButton, template=game_template("open")):
    """Under a "your decision" post: opens the clicker's panel (only they see it)."""

    prefix, label_key = "open", "panel.open"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            await open_panel(interaction, None, self.game)
