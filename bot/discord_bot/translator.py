"""Command names, descriptions and choices in Spanish and Italian (discord.py's
``Translator``): the strings in the code are English ``locale_str``; the translation of
each is found by where it is (``discord.command.game.new.name``, ``...param.faction.name``,
``discord.choice.dm``) in the catalogues of ``locales/``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engine.i18n import has_key, t

LANGUAGE_OF = {discord.Locale.spain_spanish: "es", discord.Locale.latin_american_spanish: "es",
               discord.Locale.italian: "it"}
NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


def key_of(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of a command's, group's, parameter's or choice's words."""
    where = context.location
    named: Any = context.data     # a command, group, parameter or choice, by ``where``
    part = "name" if where in NAMES else "description"
    if where in (Where.command_name, Where.command_description, Where.group_name,
                 Where.group_description):
        return f"discord.command.{named.qualified_name.replace(' ', '.')}.{part}"
    if where in (Where.parameter_name, Where.parameter_description):
        command = named.command.qualified_name.replace(" ", ".")
        return f"discord.command.{command}.param.{named.name}.{part}"
    if where is Where.choice_name:
        return f"discord.choice.{named.value}"
    return None


class CommandWords(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = LANGUAGE_OF.get(locale)
        key = key_of(context)
        if lang is None or key is None or not has_key(key, lang):
            return None
        return t(key, lang)



_ = app_commands.locale_str


F = TypeVar("F", bound=Callable[..., Any])


def params(**described: str | tuple[str, str]) -> Callable[[F], F]:
    """Describe a command's parameters in English (``name="what it is"``, or ``name=
    ("shown name", "what it is")``) and make their names and descriptions translatable."""
    def apply(callback: F) -> F:
        texts = {k: v[1] if isinstance(v, tuple) else v for k, v in described.items()}
        shown = {k: v[0] if isinstance(v, tuple) else k for k, v in described.items()}
        callback = app_commands.describe(**{k: _(v) for k, v in texts.items()})(callback)
        return app_commands.rename(**{k: _(v) for k, v in shown.items()})(callback)
    return apply
