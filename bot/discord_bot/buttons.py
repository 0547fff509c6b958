"""Persistent buttons that name only a game (``<prefix>:<game>``): they work after a
restart, and say their label in the language of whoever sees them drawn."""

from __future__ import annotations

import re
from typing import Any, ClassVar, TypeVar

import discord

from bot.discord_bot.words import cut, lang_of, say

B = TypeVar("B", bound="GameButton")


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A subclass names its ``prefix`` (its template is ``<prefix>:(?P<game>...)``), its
    label's catalogue key and style, and does its work in ``callback``."""

    prefix: ClassVar[str]
    label_key: ClassVar[str]
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.primary

    def __init__(self, game: str, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(style=self.style,
                                           label=cut(say(self.label_key, lang), "button"),
                                           custom_id=f"{self.prefix}:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls: type[B], interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> B:
        return cls(match["game"], lang_of(interaction))


def game_template(prefix: str) -> str:
    return rf"{prefix}:(?P<game>[^:]+)"
