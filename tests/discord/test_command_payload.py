"""The commands sync would upload (issue 12): every name, description and choice has its
Spanish and Italian, and every name is one Discord accepts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.discord_bot.shapes import Json
from tests.discord.table import Table

# https://discord.com/developers/docs/interactions/application-commands#application-command-object
NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
LOCALES = ("es-ES", "es-419", "it")


def entries(commands: list[Json]) -> Iterator[tuple[str, Json]]:
    """Every command, subcommand and option, with its path."""
    def walk(node: Json, path: str) -> Iterator[tuple[str, Json]]:
        yield path, node
        for option in node.get("options") or []:
            yield from walk(option, f"{path} {option['name']}")
    for command in commands:
        yield from walk(command, command["name"])


@pytest.fixture
async def synced(table: Table) -> list[Json]:
    put = table.standin.find("PUT", r"/applications/\d+/commands")
    assert put, "the bot synced no commands"
    return list(put[-1].json)


async def test_every_name_and_description_is_translated(synced: list[Json]) -> None:
    seen = 0
    for path, entry in entries(synced):
        for locale in LOCALES:
            name = entry["name_localizations"][locale]
            description = entry["description_localizations"][locale]
            assert NAME.match(name) and name == name.lower(), (path, locale, name)
            assert 1 <= len(description) <= 100, (path, locale, description)
        assert 1 <= len(entry["description"]) <= 100, path
        seen += 1
    assert seen >= 40          # 3 commands, 18 subcommands, their options


async def test_translated_names_are_unique_among_their_siblings(synced: list[Json]) -> None:
    def check(nodes: list[Json], where: str) -> None:
        for locale in LOCALES:
            names = [n["name_localizations"][locale] for n in nodes]
            assert len(names) == len(set(names)), (where, locale, names)
        for node in nodes:
            check([o for o in node.get("options") or [] if "name_localizations" in o],
                  f"{where} {node['name']}")
    check(synced, "/")


async def test_the_spanish_and_italian_names_players_type(synced: list[Json]) -> None:
    by_name = {c["name"]: c for c in synced}
    game: Any = by_name["game"]
    assert game["name_localizations"]["es-ES"] == "partida"
    assert game["name_localizations"]["it"] == "partita"
    assert by_name["do"]["name_localizations"] == {"es-ES": "hacer", "es-419": "hacer",
                                                   "it": "fai"}
    notify = next(o for o in game["options"] if o["name"] == "notify")
    dm = next(c for c in notify["options"][0]["choices"] if c["value"] == "dm")
    assert dm["name_localizations"]["it"] == "Mandami un messaggio diretto"


async def test_only_the_guilds_intent_is_asked(table: Table) -> None:
    assert [i["intents"] for i in table.standin.identifies] == [1]   # GUILDS
