"""Discord API payloads in their documented shapes (discord.com/developers/docs, API v10).

Plain dicts, as they travel in JSON: the stand-in builds what Discord would send (users,
members, channels, guilds, messages, interactions) and checks what a bot sends against the
documented limits (command names, lengths, counts), answering 400 "Invalid Form Body"
(code 50035) as Discord does, so a mistake shows offline rather than on a real server.
"""

from __future__ import annotations

import itertools
import time
import unicodedata
from datetime import UTC, datetime
from typing import Any

Json = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count(1)

# https://discord.com/developers/docs/reference#locales
LOCALES = frozenset([
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko"])

# https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags
VIEW_CHANNEL, SEND_MESSAGES, MANAGE_MESSAGES, EMBED_LINKS = 1 << 10, 1 << 11, 1 << 13, 1 << 14
ATTACH_FILES, READ_MESSAGE_HISTORY, USE_EXTERNAL_EMOJIS = 1 << 15, 1 << 16, 1 << 18
USE_APPLICATION_COMMANDS, CREATE_PUBLIC_THREADS = 1 << 31, 1 << 35
SEND_MESSAGES_IN_THREADS, PIN_MESSAGES = 1 << 38, 1 << 51
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
                      | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS | SEND_MESSAGES_IN_THREADS)
BOT_PERMISSIONS = (MEMBER_PERMISSIONS | MANAGE_MESSAGES | USE_EXTERNAL_EMOJIS
                   | CREATE_PUBLIC_THREADS | PIN_MESSAGES)

EPHEMERAL, LOADING = 1 << 6, 1 << 7  # message flags
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


def snowflake() -> str:
    """A fresh id, increasing, with the current time in it as Discord's ids have."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return str((ms << 22) | (next(_counter) & 0x3FFFFF))


def now() -> str:
    return datetime.now(UTC).isoformat()


def user(user_id: str, username: str, *, bot: bool = False) -> Json:
    return {"id": user_id, "username": username, "discriminator": "0", "global_name": username,
            "avatar": None, "bot": bot, "public_flags": 0}


def member(u: Json, *, permissions: int | None = None) -> Json:
    """A guild member; `permissions` (a string) appears only in interaction payloads."""
    m: Json = {"user": u, "nick": None, "avatar": None, "roles": [], "joined_at": now(),
         "deaf": False, "mute": False, "flags": 0, "pending": False}
    if permissions is not None:
        m["permissions"] = str(permissions)
    return m


def text_channel(channel_id: str, guild_id: str, name: str, position: int = 0) -> Json:
    return {"id": channel_id, "type": 0, "guild_id": guild_id, "name": name,
            "position": position, "permission_overwrites": [], "topic": None, "nsfw": False,
            "last_message_id": None, "rate_limit_per_user": 0, "parent_id": None, "flags": 0}


def thread(thread_id: str, parent: Json, owner_id: str, name: str, kind: int = 11,
           auto_archive: int = 1440) -> Json:
    """A thread channel (11 public, 12 private) under the text channel `parent`."""
    return {"id": thread_id, "type": kind, "guild_id": parent["guild_id"],
            "parent_id": parent["id"], "owner_id": owner_id, "name": name,
            "last_message_id": None, "rate_limit_per_user": 0,
            "message_count": 0, "member_count": 1, "flags": 0, "total_message_sent": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": auto_archive,
                                "archive_timestamp": now(), "locked": False}}


def dm_channel(channel_id: str, recipient: Json) -> Json:
    return {"id": channel_id, "type": 1, "recipients": [recipient], "last_message_id": None,
            "flags": 0}


def guild(guild_id: str, name: str, owner_id: str, locale: str = "en-US") -> Json:
    """The guild object as REST returns it (no channels nor members)."""
    everyone = {"id": guild_id, "name": "@everyone", "color": 0, "hoist": False, "icon": None,
                "unicode_emoji": None, "position": 0, "permissions": str(MEMBER_PERMISSIONS),
                "managed": False, "mentionable": False, "flags": 0}
    return {"id": guild_id, "name": name, "icon": None, "splash": None, "discovery_splash": None,
            "owner_id": owner_id, "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 1,
            "explicit_content_filter": 0, "roles": [everyone], "emojis": [], "stickers": [],
            "features": [], "mfa_level": 0, "application_id": None, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "description": None, "banner": None, "premium_tier": 0,
            "preferred_locale": locale, "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False}


def guild_create(g: Json, channels: list[Json], members: list[Json], threads: list[Json]) -> Json:
    """The GUILD_CREATE event: the guild plus the extra gateway fields."""
    return {**g, "joined_at": now(), "large": False, "unavailable": False,
            "member_count": len(members), "voice_states": [], "members": members,
            "channels": channels, "threads": threads, "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": []}


def interaction(kind: int, data: Json, *, application_id: str, channel: Json, invoker: Json,
                locale: str, guild_locale: str, message: Json | None = None) -> Json:
    """An INTERACTION_CREATE payload; `invoker` is a member (guild) or a user (DM)."""
    payload: Json = {
        "id": snowflake(), "application_id": application_id, "type": kind, "data": data,
        "channel": channel, "channel_id": channel["id"], "token": "tok-" + snowflake(),
        "version": 1, "app_permissions": str(BOT_PERMISSIONS), "locale": locale,
        "entitlements": [], "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if "guild_id" in channel:
        payload.update(guild_id=channel["guild_id"], member=invoker, guild_locale=guild_locale,
                       guild={"id": channel["guild_id"], "locale": guild_locale, "features": []},
                       context=0, authorizing_integration_owners={"0": channel["guild_id"]})
    else:
        payload.update(user=invoker, context=1, authorizing_integration_owners={"0": "0"})
    if message is not None:
        payload["message"] = message
    return payload


# --- checks of what a bot sends ---------------------------------------------------------

def _name_ok(name: Any) -> bool:
    """CHAT_INPUT names: ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, lower case."""
    return (isinstance(name, str) and 1 <= len(name) <= 32 and name == name.lower()
            and all(c in "-_'" or c.isalnum() or unicodedata.category(c)[0] == "M"
                    for c in name))


def _text_errors(obj: Json, path: str, errors: dict[str, str]) -> None:
    """Name and description of a command or option, with their localizations."""
    names = {"": obj.get("name"), **(obj.get("name_localizations") or {})}
    for locale, name in names.items():
        if locale and locale not in LOCALES:
            errors[f"{path}.name_localizations.{locale}"] = "Invalid locale"
        elif not _name_ok(name):
            where = f"{path}.name_localizations.{locale}" if locale else f"{path}.name"
            errors[where] = f"Invalid name {name!r}"
    descriptions = {"": obj.get("description"), **(obj.get("description_localizations") or {})}
    for locale, text in descriptions.items():
        if locale and locale not in LOCALES:
            errors[f"{path}.description_localizations.{locale}"] = "Invalid locale"
        elif not (isinstance(text, str) and 1 <= len(text) <= 100):
            errors[f"{path}.description{'_localizations.' + locale if locale else ''}"] = (
                f"Must be between 1 and 100 in length: {text!r}")


def _option_errors(options: list[Json], path: str, errors: dict[str, str]) -> None:
    if len(options) > 25:
        errors[path] = "Must be 25 or fewer in length."
    seen_optional = False
    for i, option in enumerate(options):
        where = f"{path}.{i}"
        _text_errors(option, where, errors)
        if option.get("type") in (1, 2):
            _option_errors(option.get("options") or [], where + ".options", errors)
            continue
        if option.get("required") and seen_optional:
            errors[where + ".required"] = "Required options must come before optional ones"
        elif not option.get("required"):
            seen_optional = True
        if len(option.get("choices") or []) > 25:
            errors[where + ".choices"] = "Must be 25 or fewer in length."
        if option.get("choices") and option.get("autocomplete"):
            errors[where + ".autocomplete"] = "Autocomplete cannot be set with choices"


def command_errors(commands: list[Json]) -> dict[str, str]:
    """What Discord would refuse in a bulk overwrite of application commands."""
    errors: dict[str, str] = {}
    names = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(set(names)) != len(names):
        errors["_"] = "Application command names must be unique"
    for i, command in enumerate(commands):
        if command.get("type", 1) == 1:
            _text_errors(command, str(i), errors)
            _option_errors(command.get("options") or [], f"{i}.options", errors)
    return errors


def _walk(components: list[Json]) -> list[Json]:
    found = []
    for c in components:
        found.append(c)
        found += _walk(c.get("components") or [])
        found += _walk([c["component"]] if "component" in c else [])
        found += _walk([c["accessory"]] if "accessory" in c else [])
    return found


def find_component(message: Json, custom_id: str) -> Json | None:
    return next((c for c in _walk(message.get("components") or [])
                 if c.get("custom_id") == custom_id), None)


def message_errors(payload: Json) -> dict[str, str]:
    """What Discord would refuse in a message create or edit."""
    errors: dict[str, str] = {}
    if len(payload.get("content") or "") > 2000:
        errors["content"] = "Must be 2000 or fewer in length."
    if len(payload.get("embeds") or []) > 10:
        errors["embeds"] = "Must be 10 or fewer in length."
    components = payload.get("components") or []
    if not (payload.get("flags") or 0) & (1 << 15) and len(components) > 5:  # not components v2
        errors["components"] = "Must be 5 or fewer in length."
    for i, c in enumerate(_walk(components)):
        if len(c.get("custom_id") or "") > 100:
            errors[f"components.{i}.custom_id"] = "Must be 100 or fewer in length."
        if c.get("type") == 2 and len(c.get("label") or "") > 80:
            errors[f"components.{i}.label"] = "Must be 80 or fewer in length."
        if c.get("type") == 1 and len(c.get("components") or []) > 5:
            errors[f"components.{i}.components"] = "Must be 5 or fewer in length."
        if c.get("type") == 3 and not 1 <= len(c.get("options") or []) <= 25:
            errors[f"components.{i}.options"] = "Must be between 1 and 25 in length."
    return errors


def choices_errors(data: Json) -> dict[str, str]:
    """What Discord would refuse in an autocomplete result."""
    choices = data.get("choices") or []
    errors = {"choices": "Must be 25 or fewer in length."} if len(choices) > 25 else {}
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            errors[f"choices.{i}.name"] = "Must be between 1 and 100 in length."
        if isinstance(choice.get("value"), str) and len(choice["value"]) > 100:
            errors[f"choices.{i}.value"] = "Must be 100 or fewer in length."
    return errors


def invalid_form_body(errors: dict[str, str]) -> Json:
    return {"code": 50035, "message": "Invalid Form Body",
            "errors": {k: {"_errors": [{"code": "BASE_TYPE_BAD", "message": v}]}
                       for k, v in errors.items()}}

