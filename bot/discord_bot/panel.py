"""The ``/act`` panel: a seat's decision as select menus and buttons, generated from its
menu tree (never more than 25 entries a menu), updated in place step by step, showing
what the chosen step will do before it is confirmed.

Every item is a persistent ``DynamicItem`` whose custom id carries where the panel is
(``Spot``: game, log head, seat, language, path into the menu), so it works after a
restart; one drawn at an older head answers "this choice is out of date" and changes
nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.discord_bot.here import is_moderator, user_key
from bot.discord_bot.replies import answer, guarded, tell, updating
from bot.discord_bot.words import cut, lang_of, say
from engine.core.decision import ChoiceView, DecisionView
from engine.core.menu import Node
from engine.core.messages import Conflict, CourierError
from engine.core.vocabulary import Action, Amount

SPOT = r"(?P<game>[^:]+):(?P<head>\d+):(?P<seat>\w+):(?P<lang>[a-z]{2}):(?P<path>[\d.]*)"
NUMBERS_IN_A_MENU = 25


@dataclass(frozen=True)
class Spot:
    """Where a panel is: its game, the log head it was drawn at, the seat deciding, the
    reader's language, and the path into the menu (a group shown, or a choice picked)."""

    game: str
    head: int
    seat: str
    lang: str
    path: tuple[int, ...] = ()

    def custom_id(self, kind: str, extra: int | None = None) -> str:
        path = ".".join(str(i) for i in self.path)
        tail = "" if extra is None else f":{extra}"
        return f"{kind}:{self.game}:{self.head}:{self.seat}:{self.lang}:{path}{tail}"

    @classmethod
    def read(cls, match: re.Match[str]) -> Spot:
        path = tuple(int(i) for i in match["path"].split(".") if i)
        return cls(match["game"], int(match["head"]), match["seat"], match["lang"], path)

    def down(self, index: int) -> Spot:
        return replace(self, path=(*self.path, index))

    def up(self) -> Spot:
        return replace(self, path=self.path[:-1])


@dataclass(frozen=True)
class Panel:
    content: str | None
    embed: discord.Embed
    view: discord.ui.View | None


# --- drawing: a decision and a spot make a panel ----------------------------------------------


def node_at(decision: DecisionView, path: tuple[int, ...]) -> Node | None:
    """The menu entry at ``path`` (None for the top level); IndexError if there is none."""
    node: Node | None = None
    level = decision.menu
    for index in path:
        node = level[index]
        level = node.children
    return node


def draw(decision: DecisionView, spot: Spot, amount: int | None = None,
         note: str | None = None) -> Panel:
    """The panel of ``decision`` at ``spot``: the entries of a group, or a choice to
    confirm (with its number, when it leaves one open)."""
    lang = spot.lang
    embed = discord.Embed(title=cut(say("panel.title", lang, seat=decision.seat_label), "title"),
                          description=cut(decision.prompt, "embed"))
    if not decision.choices:
        embed.add_field(name=say("panel.nothing_title", lang),
                        value=say("panel.nothing", lang))
        return Panel(note, embed, None)
    try:
        node = node_at(decision, spot.path)
    except IndexError:
        node, spot = None, replace(spot, path=())
    trail = _trail(decision, spot.path)
    if trail:
        embed.add_field(name=say("panel.so_far", lang), value=cut(trail, "field"), inline=False)
    view = discord.ui.View(timeout=None)
    if node is not None and node.action is not None:
        chosen = {c.action: c for c in decision.choices}[node.action]
        _confirming(embed, view, chosen, spot, amount)
    else:
        view.add_item(Pick(spot, _options(decision, node)))
    if spot.path:
        view.add_item(Step(spot, "back"))
    return Panel(note, embed, view)


def _trail(decision: DecisionView, path: tuple[int, ...]) -> str:
    labels, level = [], decision.menu
    for index in path[:-1] if path else ():
        labels.append(level[index].label)
        level = level[index].children
    return " › ".join(labels)


def _options(decision: DecisionView, node: Node | None) -> list[discord.SelectOption]:
    entries = decision.menu if node is None else node.children
    described = {c.action: c.description for c in decision.choices}
    options = []
    for i, entry in enumerate(entries):
        more = described.get(entry.action) if entry.action is not None else None
        options.append(discord.SelectOption(
            label=cut(entry.label, "option"), value=str(i),
            description=cut(more, "option") if more and more != entry.label else None,
            emoji=None if entry.action is not None else "📂"))
    return options


def open_slot(action: Action) -> tuple[str, Amount] | None:
    """The number a choice leaves to the player (the panel asks for one at most)."""
    slots = [(name, value) for name, value in action.values if isinstance(value, Amount)]
    return slots[0] if len(slots) == 1 else None


def _confirming(embed: discord.Embed, view: discord.ui.View, chosen: ChoiceView, spot: Spot,
                amount: int | None) -> None:
    lang = spot.lang
    label = chosen.label
    slot = open_slot(chosen.action)
    if slot is not None and amount is not None:
        label = f"{label} → {amount}"
    embed.add_field(name=say("panel.chosen", lang), value=cut(f"**{label}**\n{chosen.description}",
                                                                "field"), inline=False)
    if chosen.action.open and slot is None:      # more than one number: typed with /do
        embed.add_field(name="…", value=say("panel.use_do", lang, text=chosen.text))
        return
    if slot is not None:
        low, high = slot[1].low, slot[1].high
        if high - low + 1 <= NUMBERS_IN_A_MENU:
            view.add_item(Number(spot, low, high, amount))
        else:
            view.add_item(Step(spot, "type"))
    ready = slot is None or amount is not None
    view.add_item(Step(spot, "ok", amount, disabled=not ready))


# --- the persistent items -------------------------------------------------------------------


class Pick(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"pick:" + SPOT):
    """The menu of a group: picking an entry opens it, or shows the choice to confirm."""

    def __init__(self, spot: Spot, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=spot.custom_id("pick"), options=options or [discord.SelectOption(label="…")],
            placeholder=say("panel.choose", spot.lang), min_values=1, max_values=1))
        self.spot = spot

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Pick:
        return cls(Spot.read(match))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            picked = int(self.item.values[0])
            await redraw(interaction, self.spot.down(picked))


class Number(discord.ui.DynamicItem[discord.ui.Select[Any]],
             template=r"num:" + SPOT + r":(?P<low>\d+):(?P<high>\d+)"):
    """The number an open choice needs, when there are few enough to list."""

    def __init__(self, spot: Spot, low: int, high: int, chosen: int | None = None) -> None:
        options = [discord.SelectOption(label=str(n), value=str(n), default=n == chosen)
                   for n in range(low, high + 1)]
        super().__init__(discord.ui.Select(
            custom_id=f"{spot.custom_id('num')}:{low}:{high}", options=options,
            placeholder=say("panel.how_many", spot.lang)))
        self.spot = spot

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Number:
        return cls(Spot.read(match), int(match["low"]), int(match["high"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            await redraw(interaction, self.spot, amount=int(self.item.values[0]))


STEPS = {"back": discord.ButtonStyle.secondary, "ok": discord.ButtonStyle.success,
         "type": discord.ButtonStyle.primary}


class Step(discord.ui.DynamicItem[discord.ui.Button[Any]],
           template=r"(?P<kind>back|ok|type):" + SPOT + r"(?::(?P<amount>\d+))?"):
    """Back up a level; confirm the choice (with its number); type a number."""

    def __init__(self, spot: Spot, kind: str, amount: int | None = None,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            style=STEPS[kind], label=cut(say(f"panel.{kind}", spot.lang), "button"),
            custom_id=spot.custom_id(kind, amount), disabled=disabled))
        self.spot, self.kind, self.amount = spot, kind, amount

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Step:
        amount = int(match["amount"]) if match["amount"] else None
        return cls(Spot.read(match), match["kind"], amount)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            if self.kind == "back":
                await redraw(interaction, self.spot.up())
            elif self.kind == "type":
                await interaction.response.send_modal(NumberForm(self.spot))
            else:
                await confirm(interaction, self.spot, self.amount)


class NumberForm(discord.ui.Modal):
    """A number too large a range for a menu, typed (a form lives only while it is open)."""

    def __init__(self, spot: Spot) -> None:
        super().__init__(title=cut(say("panel.how_many", spot.lang), 45), timeout=600,
                         custom_id=spot.custom_id("form"))
        self.spot = spot
        self.number: discord.ui.TextInput[NumberForm] = discord.ui.TextInput(
            label=cut(say("panel.number", spot.lang), 45), max_length=4, custom_id="number")
        self.add_item(self.number)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            text = self.number.value.strip()
            if not text.isdigit():
                raise CourierError("discord.panel.not_a_number", text=text)
            await redraw(interaction, self.spot, amount=int(text))


# --- what the items do ----------------------------------------------------------------------


def _client(interaction: discord.Interaction[Any]) -> Any:
    return interaction.client


async def current(interaction: discord.Interaction[Any], spot: Spot) -> DecisionView | None:
    """The decision at the spot's head, or None (and the user told) if the game moved on."""
    decision: DecisionView = await _client(interaction).aservice.decision(
        spot.game, spot.seat, spot.lang)
    if decision.head != spot.head:
        await tell(interaction, say("panel.stale", lang_of(interaction)))
        return None
    return decision


async def redraw(interaction: discord.Interaction[Any], spot: Spot, amount: int | None = None,
                 ) -> None:
    await updating(interaction)
    decision = await current(interaction, spot)
    if decision is None:
        return
    if amount is not None:
        leaf = node_at(decision, spot.path)
        slot = open_slot(leaf.action) if leaf is not None and leaf.action is not None else None
        if slot is None or amount not in slot[1]:
            low, high = (slot[1].low, slot[1].high) if slot else (0, 0)
            raise CourierError("discord.panel.out_of_range", number=amount, low=low, high=high)
    await show(interaction, draw(decision, spot, amount))


async def show(interaction: discord.Interaction[Any], panel: Panel) -> None:
    await answer(interaction, panel.content, embeds=[panel.embed], view=panel.view)


async def confirm(interaction: discord.Interaction[Any], spot: Spot, amount: int | None) -> None:
    """Take the chosen step, pinned to the head the panel was drawn at."""
    await updating(interaction)
    decision = await current(interaction, spot)
    if decision is None:
        return
    leaf = node_at(decision, spot.path)
    if leaf is None or leaf.action is None:
        raise CourierError("discord.panel.stale")
    action = leaf.action
    slot = open_slot(action)
    if slot is not None and amount is not None:
        action = action.fill(**{slot[0]: amount})
    label = {c.action: c.label for c in decision.choices}[leaf.action]
    service = _client(interaction).aservice
    try:
        await service.act(spot.game, spot.seat, user_key(interaction.user), action,
                          expected_head=spot.head, moderator=is_moderator(interaction))
    except Conflict:
        await tell(interaction, say("panel.stale", lang_of(interaction)))
        return
    _client(interaction).poster.wake()
    after = await service.decision(spot.game, spot.seat, spot.lang)
    note = say("panel.done", spot.lang, label=label if slot is None else f"{label} → {amount}")
    await show(interaction, draw(after, Spot(spot.game, after.head, spot.seat, spot.lang),
                                 note=note))
