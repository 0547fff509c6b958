"""``/game ...``: a game's life in a server, one game per thread (or channel).

new, join, seat, unseat, start, status, board, map, history, replay, export, import,
verify, undo, deadline, notify, abandon.  Each handler answers privately at once, then
does its work off the event loop; what the table should see is posted in the game's
place (by the handler, or by the outbox through ``poster``).
"""

from __future__ import annotations

import gzip
import io
import json
import re
from typing import Any
from uuid import uuid4

import discord
from discord import app_commands

from bot.async_service import AsyncService
from bot.discord_bot.acting import matches, seat_for
from bot.discord_bot.buttons import GameButton, game_template
from bot.discord_bot.here import FRONTEND, Here, bind, game_at, is_moderator, user_key
from bot.discord_bot.looks import history_embed, seat_list, status_embed, text_embeds, text_file
from bot.discord_bot.poster import DM_KEY
from bot.discord_bot.replies import NO_MENTIONS, answer, guarded, suggesting, thinking
from bot.discord_bot.translator import _, params
from bot.discord_bot.words import cut, lang_of, say
from bot.options import typed_options
from engine.core import ruleset as registry
from engine.core.messages import CourierError
from engine.views import seat_names

SUGGESTIONS = 25
UPLOAD_LIMIT = 10 * 1024 * 1024   # Discord's attachment limit for a bot without boosts
THREAD_ARCHIVE_MINUTES = 10080    # a week: games are slow

game = app_commands.Group(name=_("game"), description=_("A game played in this thread"),
                          guild_only=True)


def _service(interaction: discord.Interaction[Any]) -> AsyncService:
    return interaction.client.aservice  # type: ignore[no-any-return]


def _wake(interaction: discord.Interaction[Any]) -> None:
    interaction.client.poster.wake()


async def _refresh(interaction: discord.Interaction[Any], here: Here) -> None:
    """The pinned status after a change the outbox does not carry (seats, deadline)."""
    await interaction.client.poster.refresh_game(here.game)


async def _post(interaction: discord.Interaction[Any], text: str) -> None:
    """A line for the whole table, in the game's place (no one is pinged)."""
    channel = interaction.channel
    if isinstance(channel, discord.abc.Messageable):
        await channel.send(cut(text, "content"), allowed_mentions=NO_MENTIONS)


# --- creating a game ----------------------------------------------------------------------


@game.command(name=_("new"), description=_("Start a new game in a thread of this channel"))
@params(ruleset=("game", "The game"), scenario="The scenario",
                       players="How many players, and who runs two Factions",
                       options="Other game options (start typing)",
                       language="The language of the game's posts",
                       title="A name for the game and its thread",
                       bots="Factions no one plays: the bot plays them (Gandhi 8.0)")
@app_commands.choices(language=[app_commands.Choice(name=n, value=v) for n, v in
                                (("English", "en"), ("Español", "es"), ("Italiano", "it"))])
async def new(interaction: discord.Interaction[Any], ruleset: str, scenario: str,
              players: str | None = None, options: str | None = None,
              language: app_commands.Choice[str] | None = None,
              title: str | None = None, bots: str | None = None) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        service, user = _service(interaction), user_key(interaction.user)
        if await game_at(service, interaction.channel_id) is not None:
            raise CourierError("discord.game_here_already")
        lang = language.value if language else lang_of(interaction)
        chosen = _options(ruleset, players, options)
        rules = _ruleset(ruleset)
        name = cut(title or f"{rules.display_name(lang)} · "
                            f"{rules.scenario_name(scenario, lang)}", 100)
        game_id = await service.create_game(rules.name, scenario, options=chosen, admin=user,
                                            language=lang, title=name, started=False,
                                            bots=(bots or "").replace(",", " ").split())
        place = await _place_for(interaction, name)
        await bind(service, game_id, place.id, interaction.guild_id)
        await place.send(say("game.created", lang, admin=interaction.user.mention),
                         allowed_mentions=NO_MENTIONS)
        await interaction.client.poster.refresh_game(game_id)
        await answer(interaction, say("game.created_here", lang_of(interaction),
                                      place=place.mention))


def _ruleset(name: str) -> Any:
    try:
        return registry.get(name)
    except KeyError:
        raise CourierError("error.unknown_ruleset", ruleset=name,
                           choices=", ".join(registry.names())) from None


def _options(ruleset: str, players: str | None, options: str | None) -> dict[str, Any]:
    """The game options from the ``players`` choice and ``key=value`` words."""
    chosen: dict[str, Any] = {}
    for word in (options or "").split():
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise CourierError("discord.game.option_form", got=word)
        chosen.update(typed_options({key: value}))
    if players and players != "default":
        chosen["players"] = typed_options({"players": players})["players"]
    return chosen


async def _place_for(interaction: discord.Interaction[Any], name: str) -> Any:
    """A new public thread of this channel for the game, or this thread (or channel when
    threads cannot be made here)."""
    channel = interaction.channel
    if isinstance(channel, discord.TextChannel):
        try:
            return await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES)  # type: ignore[arg-type]
        except discord.HTTPException:
            pass
    if channel is None:
        raise CourierError("discord.no_place")
    return channel


@new.autocomplete("ruleset")
async def ruleset_suggestions(interaction: discord.Interaction[Any], typed: str
                              ) -> list[app_commands.Choice[str]]:
    lang = lang_of(interaction)
    found = [(registry.get(n).display_name(lang), n) for n in registry.names()]
    return [app_commands.Choice(name=label, value=n) for label, n in found
            if matches(typed, label)][:SUGGESTIONS]


@new.autocomplete("scenario")
async def scenario_suggestions(interaction: discord.Interaction[Any], typed: str
                               ) -> list[app_commands.Choice[str]]:
    rules = _named_ruleset(interaction)
    if rules is None:
        return []
    lang = lang_of(interaction)
    return [app_commands.Choice(name=cut(rules.scenario_name(s, lang), "option"), value=s)
            for s in rules.scenarios() if matches(typed, rules.scenario_name(s, lang))]


@new.autocomplete("players")
async def players_suggestions(interaction: discord.Interaction[Any], typed: str
                              ) -> list[app_commands.Choice[str]]:
    rules = _named_ruleset(interaction)
    if rules is None:
        return []
    return [app_commands.Choice(name=cut(c.label, "option"),
                                value="default" if c.value is None else json.dumps(c.value))
            for c in rules.option_choices(lang_of(interaction))
            if c.key == "players" and matches(typed, c.label)][:SUGGESTIONS]


@new.autocomplete("options")
async def options_suggestions(interaction: discord.Interaction[Any], typed: str
                              ) -> list[app_commands.Choice[str]]:
    """Options one after another: what was typed in full stays, the last word is
    completed (``gujarat=province attack...``)."""
    rules = _named_ruleset(interaction)
    if rules is None:
        return []
    kept, _, last = typed.rpartition(" ") if not typed.endswith(" ") else (typed.strip(), "", "")
    taken = {w.partition("=")[0] for w in kept.split()}
    out = []
    for c in rules.option_choices(lang_of(interaction)):
        if c.key == "players" or c.key in taken or c.value is None:
            continue
        word = f"{c.key}={c.value}"
        if last and not (word.startswith(last) or matches(last, c.label)):
            continue
        value = f"{kept} {word}".strip()
        out.append(app_commands.Choice(name=cut(c.label, "option"), value=cut(value, "option")))
    return out[:SUGGESTIONS]


@new.autocomplete("bots")
async def bots_suggestions(interaction: discord.Interaction[Any], typed: str
                           ) -> list[app_commands.Choice[str]]:
    """The game's Factions one after another, as ``options`` does: what was typed in
    full stays, the last word is completed (``raj revolutionaries``)."""
    rules = _named_ruleset(interaction)
    if rules is None or not rules.has_bots():
        return []
    kept, _, last = typed.rpartition(" ") if not typed.endswith(" ") else (typed.strip(), "", "")
    kept = kept.replace(",", " ")
    taken = set(kept.split())
    out = []
    for seat, label in seat_names(rules, lang_of(interaction)).items():
        if seat in taken or (last and not (seat.startswith(last) or matches(last, label))):
            continue
        value = f"{kept} {seat}".strip()
        shown = ", ".join([*(seat_names(rules, lang_of(interaction)).get(w, w)
                             for w in kept.split()), label])
        out.append(app_commands.Choice(name=cut(shown, "option"), value=cut(value, "option")))
    return out[:SUGGESTIONS]


def _named_ruleset(interaction: discord.Interaction[Any]) -> Any:
    name = getattr(interaction.namespace, "game", None)   # (the option's name as shown)
    try:
        return registry.get(name) if name else None
    except KeyError:
        return None


# --- seats ----------------------------------------------------------------------------------


@game.command(name=_("join"), description=_("Take a Faction (with the one you run beside it)"))
@params(faction="The Faction to play")
async def join(interaction: discord.Interaction[Any], faction: str) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        group = await here.service.join(here.game, faction, here.user)
        await _seated(interaction, here, group, interaction.user)


async def _seated(interaction: discord.Interaction[Any], here: Here, group: tuple[str, ...],
                  member: discord.abc.User) -> None:
    info = await here.service.game_info(here.game)
    names = (await here.service.status(here.game, info.language)).seat_names
    await _post(interaction, say("game.joined", info.language, member=member.mention,
                                 seats=seat_list(group, names)))
    await _refresh(interaction, here)
    mine = (await here.service.status(here.game, here.lang)).seat_names
    await answer(interaction, say("game.seated", here.lang, member=member.mention,
                                  seats=seat_list(group, mine)))


@game.command(name=_("seat"), description=_("Admin: give a Faction to a member"))
@params(member="Who plays it", faction="The Faction")
async def seat(interaction: discord.Interaction[Any], member: discord.Member,
               faction: str) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        group = await here.service.join(here.game, faction, user_key(member), by_user=here.user,
                                        moderator=here.moderator)
        await _seated(interaction, here, group, member)


@game.command(name=_("unseat"), description=_("Free a Faction (yours, or any for the admin)"))
@params(faction="The Faction to free")
async def unseat(interaction: discord.Interaction[Any], faction: str) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        group = await here.service.leave(here.game, faction, here.user,
                                         moderator=here.moderator)
        info = await here.service.game_info(here.game)
        names = (await here.service.status(here.game, info.language)).seat_names
        await _post(interaction, say("game.freed", info.language, seats=seat_list(group, names)))
        await _refresh(interaction, here)
        await answer(interaction, say("game.freed", here.lang, seats=seat_list(group, names)))


@game.command(name=_("bot"),
              description=_("Admin: the bot plays a Faction for its player, or gives it back"))
@params(faction="The Faction", on="True: the bot plays it; False: its player takes it back")
async def bot(interaction: discord.Interaction[Any], faction: str, on: bool) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        await here.service.set_bot(here.game, faction, on, here.user, here.moderator)
        _wake(interaction)
        info = await here.service.game_info(here.game)
        seat = await here.service.resolve_seat(here.game, faction)
        names = (await here.service.status(here.game, info.language)).seat_names
        key = "game.bot_on" if on else "game.bot_off"
        await _post(interaction, say(key, info.language, seat=names[seat]))
        await _refresh(interaction, here)
        await answer(interaction, say(key, here.lang, seat=names[seat]))


@join.autocomplete("faction")
@bot.autocomplete("faction")
@seat.autocomplete("faction")
@unseat.autocomplete("faction")
@suggesting
async def faction_suggestions(interaction: discord.Interaction[Any], typed: str
                              ) -> list[app_commands.Choice[str]]:
    here = await Here.of(_service(interaction), interaction)
    names = (await here.service.status(here.game, here.lang)).seat_names
    groups = await here.service.seat_groups(here.game)
    out = []
    for group in groups:
        label = seat_list(group, names)
        if matches(typed, label):
            out.append(app_commands.Choice(name=cut(label, "option"), value=group[0]))
    return out[:SUGGESTIONS]


@game.command(name=_("start"), description=_("Admin: start the game once every Faction is taken"))
async def start(interaction: discord.Interaction[Any]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        await here.service.start(here.game, here.user, here.moderator)
        _wake(interaction)
        await answer(interaction, say("game.started", here.lang))


# --- looking at the game --------------------------------------------------------------------


@game.command(name=_("status"), description=_("Cards, tracks, margins and who decides"))
async def status(interaction: discord.Interaction[Any]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        shown = await here.service.status(here.game, here.lang)
        await answer(interaction, embeds=[status_embed(shown, here.lang)])


@game.command(name=_("board"), description=_("The board as text, space by space"))
async def board(interaction: discord.Interaction[Any]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        text = await here.service.board_text(here.game, None, here.lang)
        title = say("board.title", here.lang)
        embeds = text_embeds(title, text)
        if embeds is None:
            await answer(interaction, title, files=[text_file("board.txt", text)])
        else:
            await answer(interaction, embeds=embeds)


@game.command(name=_("map"), description=_("The map now, or after an earlier card"))
@params(at="Which moment (start typing: a card, a Campaign round)")
async def map_(interaction: discord.Interaction[Any], at: int | None = None) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        seq = None
        if at is not None:
            seqs = await here.service.frame_seqs(here.game)
            if not 0 <= at < len(seqs):
                raise CourierError("discord.game.no_moment", last=len(seqs) - 1)
            seq = seqs[at]
        service = here.service.service
        png = await here.service.picture(service.map_picture, here.game, here.lang, seq)
        await answer(interaction, files=[discord.File(io.BytesIO(png), "map.png")])


@game.command(name=_("replay"), description=_("The game as an animation (or some of its cards)"))
@params(first="From which moment (start typing)", last="To which moment")
async def replay(interaction: discord.Interaction[Any], first: int | None = None,
                 last: int | None = None) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        service = here.service.service
        data, fmt = await here.service.picture(service.replay_picture, here.game, here.lang,
                                               first or 0, last)
        if len(data) > UPLOAD_LIMIT:
            raise CourierError("discord.game.too_large")
        await answer(interaction, files=[discord.File(io.BytesIO(data), f"replay.{fmt}")])


@map_.autocomplete("at")
@replay.autocomplete("first")
@replay.autocomplete("last")
@suggesting
async def moment_suggestions(interaction: discord.Interaction[Any], typed: str
                             ) -> list[app_commands.Choice[int]]:
    here = await Here.of(_service(interaction), interaction)
    captions = await here.service.frame_captions(here.game, here.lang)
    found = [(n, c) for n, c in enumerate(captions)
             if not typed or str(n).startswith(str(typed)) or matches(str(typed), c)]
    return [app_commands.Choice(name=cut(f"{n} · {c}", "option"), value=n)
            for n, c in reversed(found)][:SUGGESTIONS]


@game.command(name=_("history"), description=_("What was done, command by command"))
@params(mine="Only what happened since your last turn")
async def history(interaction: discord.Interaction[Any], mine: bool = False) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        if mine:
            seat_ = await seat_for(here, None)
            since = await here.service.last_acted(here.game, seat_)
            text = await here.service.digest(here.game, here.lang, since)
            embeds = text_embeds(say("history.since_mine", here.lang), text)
            await answer(interaction, embeds=embeds or [],
                         files=[] if embeds else [text_file("since.txt", text)])
            return
        await show_history(interaction, here, None)


async def show_history(interaction: discord.Interaction[Any], here: Here,
                       before: int | None) -> None:
    page = await here.service.history(here.game, here.lang, before, limit=10)
    names = (await here.service.status(here.game, here.lang)).seat_names
    view = None
    if page.older is not None:
        view = discord.ui.View(timeout=None)
        view.add_item(Older(here.game, page.older, here.lang))
    await answer(interaction, embeds=[history_embed(page, names, here.lang)], view=view)


class Older(discord.ui.DynamicItem[discord.ui.Button[Any]],
            template=r"older:(?P<game>[^:]+):(?P<before>\d+)"):
    """The page of history before event ``before``."""

    def __init__(self, game: str, before: int, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=cut(say("history.older", lang), "button"),
                                           custom_id=f"older:{game}:{before}"))
        self.game, self.before = game, before

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Older:
        return cls(match["game"], int(match["before"]), lang_of(interaction))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            await interaction.response.defer()
            here = await Here.of(_service(interaction), interaction, self.game)
            await show_history(interaction, here, self.before)


# --- the log ----------------------------------------------------------------------------------


@game.command(name=_("export"), description=_("The game's log as a JSON Lines file"))
async def export(interaction: discord.Interaction[Any]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        # a player's copy: the secrets of the other seats stay sealed until the game ends
        users = await here.service.seat_users(here.game)
        mine = tuple(seat for seat, user in users.items() if user == here.user)
        data = ("\n".join(await here.service.export(here.game, mine)) + "\n").encode("utf-8")
        name = f"{here.game}.jsonl"
        if len(data) > UPLOAD_LIMIT:
            data, name = gzip.compress(data), name + ".gz"
        await answer(interaction, say("game.exported", here.lang),
                     files=[discord.File(io.BytesIO(data), name)])


@game.command(name=_("import"), description=_("Load a game from an exported log, in a new thread"))
@params(log="The .jsonl (or .jsonl.gz) file from /game export or courier export")
async def import_(interaction: discord.Interaction[Any], log: discord.Attachment) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        service, lang = _service(interaction), lang_of(interaction)
        data = await log.read()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        try:
            lines = data.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise CourierError("error.invalid_data", problem="not UTF-8 text") from None
        game_id, report = await service.import_game(lines, user_key(interaction.user),
                                                    uuid4().hex[:10])
        info = await service.game_info(game_id)
        place = await _place_for(interaction, cut(info.title, 100))
        await bind(service, game_id, place.id, interaction.guild_id)
        await interaction.client.poster.refresh_game(game_id)
        await answer(interaction, say("game.imported", lang, events=report.events,
                                      place=place.mention))


@game.command(name=_("verify"), description=_("Check the log: hash chain, dice, every action"))
async def verify(interaction: discord.Interaction[Any]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        report = await here.service.verify(here.game)
        key = "game.verify_ok" if report.ok else "game.verify_bad"
        await answer(interaction, say(key, here.lang, events=report.events,
                                      seq=report.first_bad_seq, problem=report.problem))


# --- conduct ----------------------------------------------------------------------------------


@game.command(name=_("undo"), description=_("Undo your last command (others may have to approve)"))
@params(faction="The Faction whose command to undo, if you hold several")
async def undo(interaction: discord.Interaction[Any], faction: str | None = None) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        seat_ = await seat_for(here, faction)
        result = await here.service.undo(here.game, seat_, here.user, here.moderator)
        _wake(interaction)
        asked = any(r.type == "UndoRequested" for r in result.events)
        await answer(interaction, say("undo.asked" if asked else "undo.done", here.lang))


@game.command(name=_("deadline"), description=_("Admin: hours each decision may take (0: none)"))
@params(hours="Hours before the deciding players are reminded; 0 for none")
async def deadline(interaction: discord.Interaction[Any],
                   hours: app_commands.Range[float, 0, 1440]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        await here.service.set_deadline(here.game, hours or None, here.user, here.moderator)
        await _refresh(interaction, here)
        key = "game.deadline_set" if hours else "game.deadline_off"
        await answer(interaction, say(key, here.lang, hours=f"{hours:g}"))


@game.command(name=_("notify"), description=_("Be pinged in the thread, or sent a direct message"))
@params(where="Where to hear that it is your turn")
@app_commands.choices(where=[
    app_commands.Choice(name=_("Mention me in the thread"), value="mention"),
    app_commands.Choice(name=_("Send me a direct message"), value="dm")])
async def notify(interaction: discord.Interaction[Any], where: app_commands.Choice[str]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        key = DM_KEY.format(game=here.game, user=here.user)
        await here.service.remember(FRONTEND, key, "1" if where.value == "dm" else None)
        await answer(interaction, say(f"game.notify_{where.value}", here.lang))


@game.command(name=_("abandon"), description=_("Admin: end the game here for good"))
async def abandon(interaction: discord.Interaction[Any]) -> None:
    async with guarded(interaction):
        await thinking(interaction)
        here = await Here.of(_service(interaction), interaction)
        info = await here.service.game_info(here.game)
        if not (here.moderator or info.admin == here.user):
            raise CourierError("error.not_admin")
        view = discord.ui.View(timeout=None)
        view.add_item(Abandon(here.game, here.lang))
        await answer(interaction, say("game.abandon_sure", here.lang), view=view)


class Abandon(GameButton, template=game_template("abandon")):
    """The admin's confirmation that the game ends here."""

    prefix, label_key, style = "abandon", "game.abandon", discord.ButtonStyle.danger

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guarded(interaction):
            await interaction.response.defer()
            here = await Here.of(_service(interaction), interaction, self.game)
            await here.service.abandon(here.game, here.user, is_moderator(interaction))
            _wake(interaction)
            await answer(interaction, say("game.abandoned", here.lang), view=None)


ITEMS = (Older, Abandon)
