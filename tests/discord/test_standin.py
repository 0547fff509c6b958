"""The Discord stand-in, proved with a minimal discord.py client defined here (not courier's).

The client has three guild commands: /status (a message with a persistent DynamicItem
button), /map (autocomplete, defer, then a PNG follow-up) and /choose (a select that opens
a modal). Each test starts a fresh stand-in and client, dispatches interactions and reads
what the client sent from the stand-in's records.
"""

from __future__ import annotations

import asyncio
import io
import re
import sys
import textwrap
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from PIL import Image

from bot.discord_bot.standin import StandIn


def png(width: int = 400, height: int = 300) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "olive").save(out, "PNG")
    return out.getvalue()


MAP = png()


class Act(discord.ui.DynamicItem[discord.ui.Button[Any]],
          template=r"act:(?P<game>\w+):(?P<head>\d+)"):
    """A persistent button: its custom id carries the game and the log head."""

    def __init__(self, game: str, head: int) -> None:
        super().__init__(discord.ui.Button(label="Act", custom_id=f"act:{game}:{head}"))
        self.game, self.head = game, head

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Act:
        return cls(match["game"], int(match["head"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"{self.game} acted at {self.head}",
                                                view=None)


class Why(discord.ui.Modal, title="Why?"):
    reason: discord.ui.TextInput[Why] = discord.ui.TextInput(label="Reason", custom_id="reason")

    def __init__(self, picked: str) -> None:
        super().__init__(custom_id="why")
        self.picked = picked

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{self.picked}: {self.reason.value}")


class Pick(discord.ui.View):
    @discord.ui.select(custom_id="pick",
                       options=[discord.SelectOption(label=s) for s in ("red", "blue")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Pick]) -> None:
        await interaction.response.send_modal(Why(select.values[0]))


class Spanish(app_commands.Translator):
    WORDS = {"map": "mapa", "Show the map": "Muestra el mapa", "game": "partida"}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        return self.WORDS.get(string.message) if locale is discord.Locale.spain_spanish else None


async def games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g, value=g) for g in ("duel", "gandhi") if current in g]


async def until(condition: Any, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def status(interaction: discord.Interaction, game: str) -> None:
    """Show the game"""
    view = discord.ui.View(timeout=None).add_item(Act(game, 12))
    await interaction.response.send_message(f"{game}: red to act", view=view)


async def map_(interaction: discord.Interaction, game: str) -> None:
    """Show the map"""
    client: Mini = interaction.client  # type: ignore[assignment]
    client.seen["locale"] = interaction.locale
    await interaction.response.defer(thinking=True)
    sent = await interaction.followup.send(file=discord.File(io.BytesIO(MAP), "map.png"), wait=True)
    client.seen["cdn"] = await sent.attachments[0].read()


async def choose(interaction: discord.Interaction) -> None:
    """Pick a side"""
    await interaction.response.send_message("Which side?", view=Pick(timeout=None))


class Mini(discord.Client):
    def __init__(self, guild_id: str, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05, **options)
        self.guild = discord.Object(int(guild_id))
        self.tree = app_commands.CommandTree(self)
        self.errors: list[BaseException] = []
        self.seen: dict[str, Any] = {}
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        for command in (status, map_, choose):
            self.tree.add_command(app_commands.Command(
                name=command.__name__.rstrip("_"), description=command.__doc__ or "",
                callback=command), guild=self.guild)
        self.tree.get_command("map", guild=self.guild).autocomplete("game")(games)  # type: ignore[union-attr]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Act)
        await self.tree.set_translator(Spanish())

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before identifying again; no need against the stand-in."""

    async def on_tree_error(self, interaction: discord.Interaction, error: Exception) -> None:
        self.errors.append(error)


@pytest.fixture
async def bot(standin: StandIn, run_bot: Any) -> Mini:
    client: Mini = await run_bot(Mini(standin.guild_id))
    await client.tree.sync(guild=client.guild)
    return client


async def test_connects_with_ready_and_the_guild(standin: StandIn, run_bot: Any) -> None:
    client = await run_bot(Mini(standin.guild_id))
    assert client.user is not None and str(client.user.id) == standin.app_id
    guild = client.get_guild(int(standin.guild_id))
    assert guild is not None and [c.name for c in guild.text_channels] == ["games"]
    assert standin.identifies[0]["intents"] == discord.Intents.default().value
    assert [f"{r.method} {r.path}" for r in standin.requests] == [
        "GET /users/@me", "GET /oauth2/applications/@me"]
    sent = [f[1]["t"] for f in standin.frames if f[0] == "out" and f[1]["op"] == 0]
    assert sent[:2] == ["READY", "GUILD_CREATE"]


async def test_sync_records_the_commands_with_translations(standin: StandIn, bot: Mini) -> None:
    put = standin.find("PUT", rf"/applications/{standin.app_id}/guilds/{standin.guild_id}/commands")
    sent = {c["name"]: c for c in put[0].json}
    assert sorted(sent) == ["choose", "map", "status"]
    assert sent["map"]["name_localizations"] == {"es-ES": "mapa"}
    assert sent["map"]["description_localizations"] == {"es-ES": "Muestra el mapa"}
    assert sent["map"]["options"][0]["name_localizations"] == {"es-ES": "partida"}
    assert all(c["id"] for c in put[0].answer)


async def test_a_command_the_docs_forbid_is_refused(standin: StandIn, bot: Mini) -> None:
    Spanish.WORDS["map"] = "Mapa"  # upper case: Discord answers 400 Invalid Form Body
    try:
        with pytest.raises(discord.HTTPException) as refused:
            await bot.tree.sync(guild=bot.guild)
    finally:
        Spanish.WORDS["map"] = "mapa"
    assert refused.value.code == 50035 and "name_localizations.es-ES" in refused.value.text


async def test_slash_command_defers_then_follows_up_with_a_file(standin: StandIn,
                                                                bot: Mini) -> None:
    it = await standin.interact(standin.slash("map", game="duel", user="bob", locale="es-ES"))
    assert (await it.response()).json == {"type": 5}
    followup = await standin.wait_request("POST", rf"/webhooks/{standin.app_id}/{it.token}")
    assert [(f.filename, f.data) for f in followup.files] == [("map.png", MAP)]
    message = standin.messages[it.original_id or ""]
    assert message["flags"] == 0 and message["interaction_metadata"]["user"]["username"] == "bob"
    assert (message["attachments"][0]["width"], message["attachments"][0]["height"]) == (400, 300)
    await standin.wait_request("GET", r"/attachments/.*")
    assert bot.seen == {"locale": discord.Locale.spain_spanish, "cdn": MAP}
    assert not bot.errors


async def test_autocomplete_answers_choices(standin: StandIn, bot: Mini) -> None:
    it = await standin.interact(standin.autocomplete("map", "game", game="gan"))
    assert (await it.response()).json == {
        "type": 8, "data": {"choices": [{"name": "gandhi", "value": "gandhi"}]}}


async def test_button_click_edits_the_message(standin: StandIn, bot: Mini) -> None:
    it = await standin.interact(standin.slash("status", game="duel"))
    await it.response()
    status = it.original_id or ""
    assert standin.messages[status]["components"][0]["components"][0]["custom_id"] == "act:duel:12"
    click = await standin.interact(standin.click(status, "act:duel:12", user="carol"))
    assert (await click.response()).json["type"] == 7
    assert standin.messages[status]["content"] == "duel acted at 12"
    assert standin.messages[status]["components"] == []


async def test_select_opens_a_modal_whose_submit_is_answered(standin: StandIn, bot: Mini) -> None:
    it = await standin.interact(standin.slash("choose"))
    await it.response()
    picked = await standin.interact(standin.select(it.original_id or "", "pick", ["blue"]))
    assert (await picked.response()).json["type"] == 9
    submitted = await standin.interact(standin.modal_submit("why", {"reason": "more money"}))
    answer = await submitted.response()
    assert answer.json["type"] == 4 and answer.json["data"]["content"] == "blue: more money"


async def test_channel_message_with_attachment_is_pinned(standin: StandIn, bot: Mini) -> None:
    channel = bot.get_channel(int(standin.channel_id))
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("Status of duel", file=discord.File(io.BytesIO(MAP), "status.png"))
    await message.pin()
    await message.edit(content="Status of duel, turn 2")
    assert [m.id async for m in channel.pins()] == [message.id]
    stored = standin.messages[str(message.id)]
    assert stored["pinned"] and stored["content"] == "Status of duel, turn 2"
    assert [a["filename"] for a in stored["attachments"]] == ["status.png"]  # kept on edit
    assert [m["type"] for m in standin.channel_messages(standin.channel_id)] == [0, 6]
    posted = standin.find("POST", rf"/channels/{standin.channel_id}/messages")[0]
    assert posted.json["content"] == "Status of duel" and posted.files[0].data == MAP


async def test_reconnects_and_resumes_then_identifies_again(standin: StandIn, bot: Mini) -> None:
    await standin.close_gateway(code=4000)
    it = await standin.interact(standin.slash("status", game="resumed"))  # kept, replayed
    await asyncio.wait_for(standin.ready.wait(), 10)
    assert [f[1]["op"] for f in standin.frames if f[0] == "in" and f[1]["op"] in (2, 6)] == [2, 6]
    assert (await it.response()).json["type"] == 4

    await standin.close_gateway(code=4000, forget_session=True)  # RESUME refused: IDENTIFY
    await asyncio.wait_for(standin.ready.wait(), 10)
    assert len(standin.identifies) == 2
    it = await standin.interact(standin.slash("status", game="identified"))
    assert (await it.response()).json["type"] == 4

    await standin.send_op(7)  # RECONNECT: the bot closes, reconnects and resumes
    await until(lambda: sum(f[0] == "connect" for f in standin.frames) == 4)
    await asyncio.wait_for(standin.ready.wait(), 10)
    it = await standin.interact(standin.slash("status", game="reconnected"))
    assert (await it.response()).json["type"] == 4
    assert [f[1]["op"] for f in standin.frames if f[0] == "in" and f[1]["op"] in (2, 6)] == [
        2, 6, 6, 2, 6]


async def test_late_answer_is_an_unknown_interaction(standin: StandIn, bot: Mini) -> None:
    standin.deadline = 0.0  # every answer comes too late, as after Discord's 3 seconds
    it = await standin.interact(standin.slash("status", game="duel"))
    await until(lambda: bot.errors)
    assert isinstance(bot.errors[0], app_commands.CommandInvokeError)
    assert isinstance(bot.errors[0].original, discord.NotFound)
    assert bot.errors[0].original.code == 10062 and not it.answered.done()


async def test_every_request_goes_to_the_standin_only(standin: StandIn, run_bot: Any,
                                                      loopback_only: list[Any]) -> None:
    urls: list[str] = []
    trace = aiohttp.TraceConfig()

    async def on_start(session: Any, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
        urls.append(str(params.url))

    trace.on_request_start.append(on_start)
    client = await run_bot(Mini(standin.guild_id, http_trace=trace))
    await client.tree.sync(guild=client.guild)
    it = await standin.interact(standin.slash("map", game="duel"))
    await standin.wait_request("GET", r"/attachments/.*")
    assert it.answered.done() and len(urls) >= 6
    assert {u.split("/")[2] for u in urls} == {standin.url.split("/")[2]}
    assert loopback_only == []
    async with aiohttp.ClientSession() as session:  # and the guard holds
        with pytest.raises(aiohttp.ClientConnectorError):
            await session.get("http://192.0.2.1/")
    assert loopback_only == [("192.0.2.1", 80)]


BOT = """
    import asyncio, discord
    from discord import app_commands
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)
    @tree.command(description="Say hello")
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hello from " + discord.http.Route.BASE)
    @client.event
    async def on_ready() -> None:
        await tree.sync()
    client.run({token!r}, log_handler=None)
"""


async def test_a_bot_process_runs_unchanged_against_the_standin(standin: StandIn,
                                                                 bot_env: dict[str, str]) -> None:
    code = textwrap.dedent(BOT).format(token=standin.token)
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", code, env=bot_env)
    try:
        await standin.wait_request("PUT", rf"/applications/{standin.app_id}/commands", timeout=20)
        it = await standin.interact(standin.slash("hello"))
        assert (await it.response()).json["data"]["content"] == f"hello from {standin.url}/api/v10"
    finally:
        proc.terminate()
        await proc.wait()


async def test_threads_and_direct_messages(standin: StandIn, bot: Mini) -> None:
    channel = bot.get_channel(int(standin.channel_id))
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("New game: duel")
    thread = await first.create_thread(name="duel")
    assert thread.id == first.id  # a thread started from a message takes its id
    await thread.send("Turn 1")
    assert [m["content"] for m in standin.channel_messages(str(thread.id))] == ["Turn 1"]
    bob = await bot.fetch_user(int(standin.user("bob")["id"]))
    await bob.send("Your turn in duel")
    dm = standin.find("POST", "/users/@me/channels")[0].answer
    assert [m["content"] for m in standin.channel_messages(dm["id"])] == ["Your turn in duel"]


async def test_anything_else_answers_404_and_is_recorded(standin: StandIn, bot: Mini) -> None:
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/guilds/{guild_id}/audit-logs",
                                                  guild_id=standin.guild_id))
    assert [str(r) for r in standin.find(path=r"/guilds/\d+/audit-logs")] == [
        f"GET /guilds/{standin.guild_id}/audit-logs -> 404"]


async def test_a_sharded_client_asks_for_the_gateway(standin: StandIn, run_bot: Any) -> None:
    client = await run_bot(discord.AutoShardedClient(intents=discord.Intents.default(),
                                                     guild_ready_timeout=0.05))
    assert standin.find("GET", "/gateway/bot") and standin.identifies[0]["shard"] == [0, 1]
    assert client.get_guild(int(standin.guild_id)) is not None
