r"""A local stand-in for Discord: REST API v10 and the gateway, on 127.0.0.1, for the tests
and for `courier bench-discord` (shipped with the bot, so the benchmark runs offline too).

One aiohttp server on a random free port serves what a discord.py 2.7 bot calls at startup
and for a game (commands, interaction callbacks and follow-ups, messages with attachments,
pins, threads, DMs) and the gateway websocket (HELLO, IDENTIFY, READY, GUILD_CREATE,
heartbeats, RESUME). It keeps a small world (one guild, one text channel, four members
and the bot), records every REST request in order (`requests`) and every gateway frame
(`frames`), and lets a test dispatch any event, above all INTERACTION_CREATE built by
`slash`, `autocomplete`, `click`, `select` and `modal_submit`.

discord.py is pointed at it by two class attributes: `discord.http.Route.BASE` (all REST,
interaction webhooks included) and `discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY` (a
non-sharded Client opens the gateway there without asking GET /gateway/bot, then resumes
at READY's resume_gateway_url). The `standin` fixture sets both in the test's process; a
bot in another process gets them from tests/discord/hook/sitecustomize.py, which reads
COURIER_DISCORD_API (PYTHONPATH=tests/discord/hook), so the bot's code stays unchanged.
Anything not served answers 404 and stays in `requests` so a test sees what was tried.

In a test (fixtures in conftest.py):

    it = await standin.interact(standin.slash("status", game="duel", locale="es-ES"))
    answer = await it.response()              # the callback: answer.json, answer.files
    shown = standin.messages[it.original_id]  # the message it made, as Discord keeps it
    click = await standin.interact(standin.click(it.original_id, "act:duel:12"))
    post = await standin.wait_request("POST", r"/channels/\d+/messages")
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import re
import struct
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from bot.discord_bot import shapes
from bot.discord_bot.shapes import EPHEMERAL, LOADING, Json, snowflake

API = "/api/v10"
GUILD_MEMBERS, GUILD_PRESENCES, GUILD_MESSAGES = 1 << 1, 1 << 8, 1 << 9
DIRECT_MESSAGES = 1 << 12
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Upload:
    """A file part of a multipart request (discord.py names them files[0], files[1]...)."""
    field: str
    filename: str
    content_type: str
    data: bytes


@dataclass
class Request:
    """One REST request as the stand-in saw it; `path` is without the /api/v10 prefix."""
    method: str
    path: str
    query: dict[str, str]
    json: Any = None  # the JSON body, or payload_json of a multipart body
    files: list[Upload] = field(default_factory=list)
    status: int = 0  # 0 until answered
    answer: Any = None
    received: float = 0.0  # the loop's time when its whole body had arrived

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


RECORD = web.RequestKey("record", Request)


@dataclass
class Interaction:
    """An interaction the stand-in dispatched, and what became of it."""
    payload: Json
    sent_at: float
    answered: asyncio.Future[Request]
    original_id: str | None = None  # the message of the response (or of the component)
    loading: bool = False  # deferred with "thinking" and no follow-up yet
    refused: list[Request] = field(default_factory=list)  # callbacks answered with an error

    @property
    def id(self) -> str:
        return str(self.payload["id"])

    @property
    def token(self) -> str:
        return str(self.payload["token"])

    async def response(self, timeout: float = 5.0) -> Request:
        """The bot's accepted callback (POST /interactions/{id}/{token}/callback)."""
        try:
            return await asyncio.wait_for(asyncio.shield(self.answered), timeout)
        except TimeoutError:
            refused = [(str(r), r.answer) for r in self.refused]
            raise AssertionError(f"no answer to interaction {self.id} within {timeout}s; "
                                 f"refused: {refused}") from None


@dataclass
class Session:
    id: str
    intents: int
    seq: int = 0
    events: list[Json] = field(default_factory=list)


def _ok(body: Any = None, status: int = 200) -> web.Response:
    """JSON as Discord sends it: discord.py reads JSON only for exactly application/json."""
    if body is None:
        return web.Response(status=204)
    return web.Response(status=status, body=json.dumps(body).encode(),
                        headers={"Content-Type": "application/json"})


def _error(status: int, code: int, message: str) -> web.Response:
    return _ok({"code": code, "message": message}, status)


class StandIn:
    """The stand-in server; `await start()`, then point discord.py at `url`."""

    deadline = 3.0  # seconds to answer an interaction, as on Discord
    max_pins = 50

    def __init__(self, token: str = "standin-token", heartbeat_ms: int = 41250) -> None:
        self.token, self.heartbeat_ms = token, heartbeat_ms
        self.app_id = snowflake()
        self.bot = shapes.user(self.app_id, "courier", bot=True)
        self.users = {name: shapes.user(snowflake(), name)
                      for name in ("alice", "bob", "carol", "dave")}
        self.guild_id, self.channel_id = snowflake(), snowflake()
        self.guild = shapes.guild(self.guild_id, "Wargames", self.users["carol"]["id"])
        self.moderators = {"carol"}  # members with Manage Server (the owner has it)
        games = shapes.text_channel(self.channel_id, self.guild_id, "games")
        self.channels = {self.channel_id: games}
        self.messages: dict[str, Json] = {}
        self.pins: dict[str, dict[str, str]] = {}  # channel id -> message id -> pinned_at
        self.files: dict[str, bytes] = {}  # attachment id -> bytes
        self.commands: dict[str | None, list[Json]] = {}  # guild id (None: global) -> commands
        self.interactions: dict[str, Interaction] = {}
        self.requests: list[Request] = []
        self.faults: list[BaseException] = []  # the stand-in's own errors (a test fails on them)
        self.frames: list[tuple[str, Json]] = []  # ("in" | "out", gateway frame)
        self.identifies: list[Json] = []
        self.session: Session | None = None
        self.ready = asyncio.Event()  # a bot is identified or resumed on the gateway
        self._ws: web.WebSocketResponse | None = None
        self._news = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._runner: web.AppRunner | None = None
        self.url = ""

    # --- life ---------------------------------------------------------------------------

    async def start(self) -> StandIn:
        app = web.Application(middlewares=[self._record], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)  # as GET /gateway/bot gives it
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._attachment)
        self._routes(app.router)
        app.router.add_route("*", "/{tail:.*}", self._not_found)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"
        return self

    async def stop(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def gateway_url(self) -> str:
        return self.url.replace("http", "ws", 1) + "/gateway/"

    # --- recording ----------------------------------------------------------------------

    @web.middleware
    async def _record(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path in ("/gateway", "/gateway/"):
            return await handler(request)
        rec = Request(request.method, request.path.removeprefix(API), dict(request.query))
        self.requests.append(rec)
        await self._read_body(request, rec)
        rec.received = asyncio.get_running_loop().time()
        request[RECORD] = rec
        try:
            if not self._authorized(request):
                response: web.StreamResponse = _error(401, 0, "401: Unauthorized")
            else:
                response = await handler(request)
        except Exception as fault:  # a bug here: fail the client at once (no 5xx retries)
            self.faults.append(fault)
            response = _error(400, -1, f"stand-in fault: {fault!r}")
        rec.status = response.status
        if isinstance(response, web.Response) and response.content_type == "application/json":
            rec.answer = json.loads(response.body)  # type: ignore[arg-type]
        self._news.set()
        self._news = asyncio.Event()
        return response

    @staticmethod
    async def _read_body(request: web.Request, rec: Request) -> None:
        if request.content_type == "multipart/form-data":
            async for part in await request.multipart():
                assert isinstance(part, BodyPartReader)
                data = await part.read()
                if part.name == "payload_json":
                    rec.json = json.loads(data)
                else:
                    rec.files.append(Upload(part.name or "", part.filename or "",
                                            part.headers.get("Content-Type", ""), bytes(data)))
        elif request.can_read_body:
            raw = await request.read()
            rec.json = json.loads(raw) if raw else None

    def _authorized(self, request: web.Request) -> bool:
        """Bot-token auth, except where Discord needs none (interaction webhooks, the CDN)."""
        path = request.path.removeprefix(API)
        if path.startswith(("/webhooks/", "/interactions/", "/attachments/")):
            return True
        return request.headers.get("Authorization") == f"Bot {self.token}"

    def find(self, method: str | None = None, path: str = ".*", since: int = 0) -> list[Request]:
        """Answered requests from index `since`, by method and path (a regex, full match)."""
        return [r for r in self.requests[since:] if r.status
                and (method is None or r.method == method) and re.fullmatch(path, r.path)]

    async def wait_request(self, method: str | None = None, path: str = ".*", since: int = 0,
                           timeout: float = 5.0) -> Request:
        """The first answered request matching, waiting for it if need be."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not (found := self.find(method, path, since)):
            news = self._news
            try:
                await asyncio.wait_for(news.wait(), max(0.0, end - loop.time()))
            except TimeoutError:
                seen = "\n  ".join(map(str, self.requests[since:])) or "(none)"
                raise AssertionError(f"no {method or ''} {path} within {timeout}s; "
                                     f"requests:\n  {seen}") from None
        return found[0]

    # --- REST: routes -------------------------------------------------------------------

    def _routes(self, r: web.UrlDispatcher) -> None:
        a, ch, msg = API, API + "/channels/{channel}", r"/{message:\d+}"
        hook = API + "/webhooks/{app}/{token}"
        r.add_get(a + "/gateway", self._get_gateway)
        r.add_get(a + "/gateway/bot", self._get_gateway)
        r.add_get(a + "/users/@me", self._serve(lambda: self.bot))
        r.add_get(a + "/oauth2/applications/@me", self._application)
        r.add_get(a + "/applications/@me", self._application)
        r.add_route("*", a + "/applications/{app}/commands", self._commands)
        r.add_route("*", a + "/applications/{app}/guilds/{guild}/commands", self._commands)
        r.add_post(a + "/interactions/{id}/{token}/callback", self._callback)
        r.add_post(hook, self._followup)
        r.add_route("*", hook + "/messages/{message}", self._webhook_message)
        r.add_get(ch + "/messages/pins", self._list_pins)
        r.add_get(ch + "/pins", self._list_pins)
        r.add_route("*", ch + "/messages/pins" + msg, self._pin)
        r.add_route("*", ch + "/pins" + msg, self._pin)
        r.add_post(ch + "/messages" + msg + "/threads", self._thread)
        r.add_post(ch + "/threads", self._thread)
        r.add_route("*", ch + "/messages", self._channel_messages)
        r.add_route("*", ch + "/messages" + msg, self._channel_message)
        r.add_get(ch, self._get_channel)
        r.add_post(a + "/users/@me/channels", self._open_dm)
        r.add_get(a + r"/users/{user:\d+}", self._get_user)
        r.add_get(a + "/guilds/{guild}", self._serve(lambda: self.guild))
        r.add_get(a + "/guilds/{guild}/channels", self._serve(self._guild_channels))
        r.add_get(a + "/guilds/{guild}/members", self._serve(self._members))
        r.add_get(a + "/guilds/{guild}/members/{user}", self._member)

    @staticmethod
    def _serve(get: Callable[[], Any]) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            return _ok(get())
        return handler

    async def _not_found(self, request: web.Request) -> web.Response:
        return _error(404, 0, "404: Not Found")

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _ok({"url": self.gateway_url.rstrip("/"), "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})

    async def _application(self, request: web.Request) -> web.Response:
        return _ok({"id": self.app_id, "name": "courier", "icon": None, "description": "",
                    "bot_public": True, "bot_require_code_grant": False, "bot": self.bot,
                    "owner": self.users["carol"], "team": None, "verify_key": "0" * 64,
                    "flags": 0, "summary": "", "interactions_endpoint_url": None})

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self.files.get(request.match_info["attachment"])
        if data is None:
            return _error(404, 0, "404: Not Found")
        kind = mimetypes.guess_type(request.match_info["filename"])[0]
        return web.Response(body=data, content_type=kind or "application/octet-stream")

    # --- REST: application commands -----------------------------------------------------

    async def _commands(self, request: web.Request) -> web.Response:
        guild = request.match_info.get("guild")
        if request.method == "GET":
            return _ok(self.commands.get(guild, []))
        if request.method != "PUT":
            return _error(405, 0, "405: Method Not Allowed")
        payload = request[RECORD].json or []
        if errors := shapes.command_errors(payload):
            return _ok(shapes.invalid_form_body(errors), 400)
        old = {(c.get("type", 1), c["name"]): c["id"] for c in self.commands.get(guild, [])}
        self.commands[guild] = [self._command(c, guild, old) for c in payload]
        return _ok(self.commands[guild])

    def _command(self, c: Json, guild: str | None, old: dict[tuple[int, str], str]) -> Json:
        """A registered command as Discord answers it (ids kept for unchanged names)."""
        kind = c.get("type", 1)
        command = {"id": old.get((kind, c["name"])) or snowflake(), "type": kind,
                   "application_id": self.app_id, "version": snowflake(),
                   "name_localizations": None, "description_localizations": None,
                   "default_member_permissions": None, "nsfw": False, "options": [], **c}
        if guild is not None:
            command["guild_id"] = guild
        return command

    # --- REST: interaction responses ----------------------------------------------------

    async def _callback(self, request: web.Request) -> web.Response:
        rec: Request = request[RECORD]
        it = self.interactions.get(request.match_info["id"])
        if it is None or it.token != request.match_info["token"]:
            return _error(404, 10062, "Unknown interaction")
        refusal = self._refusal(it, rec)
        if refusal is not None:
            it.refused.append(rec)
            return refusal
        kind: int = rec.json["type"]
        data: Json = rec.json.get("data") or {}
        message = self._respond(it, kind, data, rec.files)
        it.answered.set_result(rec)
        if "with_response" not in request.query:
            return _ok()
        resource: Json = {"type": kind} | ({"message": message} if message else {})
        return _ok({"interaction": {
            "id": it.id, "type": it.payload["type"], "response_message_id": it.original_id,
            "response_message_loading": it.loading,
            "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
        }, "resource": resource})

    def _refusal(self, it: Interaction, rec: Request) -> web.Response | None:
        """Discord's answer to a callback it refuses: late, repeated, or an invalid body."""
        if asyncio.get_running_loop().time() - it.sent_at > self.deadline:
            return _error(404, 10062, "Unknown interaction")
        if it.answered.done():
            return _error(400, 40060, "Interaction has already been acknowledged.")
        kind, data = (rec.json or {}).get("type"), (rec.json or {}).get("data") or {}
        check = shapes.choices_errors if kind == 8 else shapes.message_errors
        if errors := check(data) or self._size_errors(rec):
            return _ok(shapes.invalid_form_body(errors), 400)
        return None

    def _respond(self, it: Interaction, kind: int, data: Json, files: list[Upload]) -> Json | None:
        """The effect of a callback: 4 reply, 5 deferred reply, 6 deferred update, 7 update."""
        channel, on_message = it.payload["channel_id"], it.payload.get("message")
        if kind == 4:
            message = self._create_message(channel, data, files, interaction=it)
        elif kind == 5:
            flags = LOADING | (data.get("flags", 0) & EPHEMERAL)
            message = self._create_message(channel, {"flags": flags}, [], interaction=it)
            it.loading = True
        elif kind in (6, 7) and on_message and on_message["id"] in self.messages:
            message = self.messages[on_message["id"]]
            if kind == 7:
                self._edit_message(message, data, files)
        else:  # 8 autocomplete result, 9 modal, 6/7 without a message
            return None
        it.original_id = message["id"]
        return message

    def _size_errors(self, rec: Request) -> dict[str, str]:
        too_big = [u.filename for u in rec.files if len(u.data) > shapes.ATTACHMENT_SIZE_LIMIT]
        return {"files": f"Request entity too large: {too_big}"} if too_big else {}

    def _by_token(self, token: str) -> Interaction | None:
        return next((i for i in self.interactions.values() if i.token == token), None)

    async def _followup(self, request: web.Request) -> web.Response:
        rec: Request = request[RECORD]
        it = self._by_token(request.match_info["token"])
        if it is None or not it.answered.done():
            return _error(404, 10015, "Unknown Webhook")
        if errors := shapes.message_errors(rec.json or {}) or self._size_errors(rec):
            return _ok(shapes.invalid_form_body(errors), 400)
        if it.loading and it.original_id:  # the first follow-up fills the "thinking" message
            it.loading = False
            message = self._edit_message(self.messages[it.original_id], rec.json or {}, rec.files)
        else:
            message = self._create_message(it.payload["channel_id"], rec.json or {}, rec.files,
                                           interaction=it)
        return _ok(message) if request.query.get("wait") in ("true", "1", "True") else _ok()

    async def _webhook_message(self, request: web.Request) -> web.Response:
        it = self._by_token(request.match_info["token"])
        mid = request.match_info["message"]
        if it is not None and mid == "@original":
            mid = it.original_id or ""
        message = self.messages.get(mid)
        if it is None or message is None or not (mid == it.original_id or "webhook_id" in message):
            return _error(404, 10008, "Unknown Message")
        if mid == it.original_id and request.method in ("PATCH", "DELETE"):
            it.loading = False
        return await self._message_verb(request, message)

    # --- REST: messages -----------------------------------------------------------------

    async def _channel_messages(self, request: web.Request) -> web.Response:
        channel = request.match_info["channel"]
        if channel not in self.channels:
            return _error(404, 10003, "Unknown Channel")
        if request.method == "GET":
            limit = int(request.query.get("limit", 50))
            return _ok(self.channel_messages(channel)[::-1][:limit])
        rec: Request = request[RECORD]
        body = rec.json or {}
        if not (body.get("content") or body.get("embeds") or body.get("components")
                or rec.files or body.get("sticker_ids") or body.get("poll")):
            return _error(400, 50006, "Cannot send an empty message")
        if errors := shapes.message_errors(body) or self._size_errors(rec):
            return _ok(shapes.invalid_form_body(errors), 400)
        return _ok(self._create_message(channel, body, rec.files))

    async def _channel_message(self, request: web.Request) -> web.Response:
        message = self.messages.get(request.match_info["message"])
        if message is None or message["channel_id"] != request.match_info["channel"]:
            return _error(404, 10008, "Unknown Message")
        return await self._message_verb(request, message)

    async def _message_verb(self, request: web.Request, message: Json) -> web.Response:
        rec: Request = request[RECORD]
        if request.method == "GET":
            return _ok(message)
        if request.method == "DELETE":
            self._delete_message(message)
            return _ok()
        if request.method == "PATCH":
            if errors := shapes.message_errors(rec.json or {}) or self._size_errors(rec):
                return _ok(shapes.invalid_form_body(errors), 400)
            return _ok(self._edit_message(message, rec.json or {}, rec.files))
        return _error(405, 0, "405: Method Not Allowed")

    def channel_messages(self, channel_id: str) -> list[Json]:
        """The channel's messages everyone sees (not ephemeral), oldest first."""
        return [m for m in self.messages.values()
                if m["channel_id"] == channel_id and not m["flags"] & EPHEMERAL]

    def _create_message(self, channel_id: str, body: Json, files: list[Upload], *,
                        interaction: Interaction | None = None, kind: int = 0) -> Json:
        message: Json = {
            "id": snowflake(), "channel_id": channel_id, "author": self.bot,
            "content": body.get("content") or "", "timestamp": shapes.now(),
            "edited_timestamp": None, "tts": bool(body.get("tts")), "mention_everyone": False,
            "mentions": [], "mention_roles": [], "embeds": body.get("embeds") or [],
            "components": body.get("components") or [], "pinned": False, "type": kind,
            "flags": body.get("flags") or 0, "attachments": [],
        }
        if "guild_id" in self.channels[channel_id]:
            message["guild_id"] = self.channels[channel_id]["guild_id"]
        if "message_reference" in body:
            message.update(type=kind or 19, message_reference=body["message_reference"])
        if interaction is not None:
            self._mark_interaction(message, interaction.payload)
        message["attachments"] = self._attachments(message, body, files)
        self.messages[message["id"]] = message
        self.channels[channel_id]["last_message_id"] = message["id"]
        self._echo("MESSAGE_CREATE", message, message)
        return message

    def _mark_interaction(self, message: Json, payload: Json) -> None:
        invoker = payload.get("member", {}).get("user") or payload.get("user")
        message.update(webhook_id=self.app_id, application_id=self.app_id,
                       type=20 if payload["type"] == 2 else 0,
                       interaction_metadata={"id": payload["id"], "type": payload["type"],
                                             "user": invoker,
                                             "authorizing_integration_owners": {}})

    def _edit_message(self, message: Json, body: Json, files: list[Upload]) -> Json:
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in body:
                message[key] = body[key] or empty
        message["flags"] &= ~LOADING
        message["attachments"] = self._attachments(message, body, files)
        message["edited_timestamp"] = shapes.now()
        self._echo("MESSAGE_UPDATE", message, message)
        return message

    def _delete_message(self, message: Json) -> None:
        del self.messages[message["id"]]
        self.pins.get(message["channel_id"], {}).pop(message["id"], None)
        event = {"id": message["id"], "channel_id": message["channel_id"]}
        self._echo("MESSAGE_DELETE", event | {"guild_id": message.get("guild_id")}, message)

    def _attachments(self, message: Json, body: Json, files: list[Upload]) -> list[Json]:
        """Kept attachments (listed by id in `attachments`) and new ones from `files`."""
        existing = {a["id"]: a for a in message["attachments"]}
        uploads = {u.field.removeprefix("files[").rstrip("]"): u for u in files}
        if "attachments" not in body:
            return list(existing.values()) + [self._attachment_of(message, u, {})
                                              for u in uploads.values()]
        kept = []
        for a in body["attachments"] or []:
            if str(a["id"]) in existing:
                kept.append(existing[str(a["id"])])
            elif str(a["id"]) in uploads:
                kept.append(self._attachment_of(message, uploads[str(a["id"])], a))
        return kept

    def _attachment_of(self, message: Json, upload: Upload, meta: Json) -> Json:
        aid, name = snowflake(), meta.get("filename") or upload.filename
        self.files[aid] = upload.data
        url = f"{self.url}/attachments/{message['channel_id']}/{aid}/{name}"
        kind = mimetypes.guess_type(name)[0] or upload.content_type
        attachment = {"id": aid, "filename": name, "size": len(upload.data), "url": url,
                      "proxy_url": url, "content_type": kind}
        if meta.get("description"):
            attachment["description"] = meta["description"]
        if upload.data[:8] == b"\x89PNG\r\n\x1a\n":
            attachment["width"], attachment["height"] = struct.unpack(">II", upload.data[16:24])
        return attachment

    # --- REST: pins, channels, threads, DMs, members ------------------------------------

    async def _pin(self, request: web.Request) -> web.Response:
        channel, mid = request.match_info["channel"], request.match_info["message"]
        message = self.messages.get(mid)
        if message is None or message["channel_id"] != channel:
            return _error(404, 10008, "Unknown Message")
        pins = self.pins.setdefault(channel, {})
        if request.method == "PUT" and mid not in pins:
            if len(pins) >= self.max_pins:
                return _error(400, 30003, "Maximum number of pins reached (50)")
            pins[mid] = shapes.now()
            notice = {"message_reference": {"message_id": mid, "channel_id": channel}}
            self._create_message(channel, notice, [], kind=6)  # "pinned a message" notice
        elif request.method == "DELETE":
            pins.pop(mid, None)
        message["pinned"] = mid in pins
        event = {"channel_id": channel, "last_pin_timestamp": max(pins.values(), default=None)}
        if "guild_id" in self.channels[channel]:
            event["guild_id"] = self.channels[channel]["guild_id"]
        self._echo("CHANNEL_PINS_UPDATE", event)
        return _ok()

    async def _list_pins(self, request: web.Request) -> web.Response:
        channel = request.match_info["channel"]
        pinned = sorted(self.pins.get(channel, {}).items(), key=lambda p: p[1], reverse=True)
        if request.path.endswith("/messages/pins"):
            return _ok({"items": [{"pinned_at": at, "message": self.messages[mid]}
                                  for mid, at in pinned], "has_more": False})
        return _ok([self.messages[mid] for mid, _ in pinned])

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel = self.channels.get(request.match_info["channel"])
        return _ok(channel) if channel else _error(404, 10003, "Unknown Channel")

    async def _thread(self, request: web.Request) -> web.Response:
        parent = self.channels.get(request.match_info["channel"])
        body = request[RECORD].json or {}
        mid = request.match_info.get("message")
        if parent is None or (mid and mid not in self.messages):
            return _error(404, 10003 if parent is None else 10008, "Unknown Channel")
        kind = 11 if mid else body.get("type", 12)
        new = shapes.thread(mid or snowflake(), parent, self.app_id, body.get("name", ""), kind,
                            body.get("auto_archive_duration", 1440))
        self.channels[new["id"]] = new
        self._echo("THREAD_CREATE", new | {"newly_created": True})
        return _ok(new, 201)

    async def _open_dm(self, request: web.Request) -> web.Response:
        uid = str((request[RECORD].json or {}).get("recipient_id"))
        recipient = next((u for u in self.users.values() if u["id"] == uid), None)
        if recipient is None:
            return _error(400, 50007, "Cannot send messages to this user")
        found = next((c for c in self.channels.values()
                      if c["type"] == 1 and c["recipients"][0]["id"] == uid), None)
        channel = found or shapes.dm_channel(snowflake(), recipient)
        self.channels[channel["id"]] = channel
        return _ok(channel)

    async def _get_user(self, request: web.Request) -> web.Response:
        uid = request.match_info["user"]
        found = [u for u in (self.bot, *self.users.values()) if u["id"] == uid]
        return _ok(found[0]) if found else _error(404, 10013, "Unknown User")

    def _guild_channels(self) -> list[Json]:
        return [c for c in self.channels.values()
                if c.get("guild_id") and c["type"] in (0, 2, 4, 5)]

    def _members(self) -> list[Json]:
        return [shapes.member(u) for u in (self.bot, *self.users.values())]

    async def _member(self, request: web.Request) -> web.Response:
        uid = request.match_info["user"]
        found = [m for m in self._members() if m["user"]["id"] == uid]
        return _ok(found[0]) if found else _error(404, 10007, "Unknown Member")

    # --- gateway ------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        self.ready.clear()  # until this connection identifies or resumes
        self.frames.append(("connect", dict(request.query)))
        await self._send(ws, {"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}})
        async for msg in ws:
            if msg.type == WSMsgType.TEXT:
                frame = json.loads(msg.data)
                self.frames.append(("in", frame))
                await self._on_frame(ws, frame)
        if self._ws is ws:
            self._ws = None
            self.ready.clear()
        return ws

    async def _send(self, ws: web.WebSocketResponse, frame: Json) -> None:
        self.frames.append(("out", frame))
        await ws.send_json(frame)

    async def _on_frame(self, ws: web.WebSocketResponse, frame: Json) -> None:
        op, d = frame.get("op"), frame.get("d") or {}
        if op == 1:
            await self._send(ws, {"op": 11})
        elif op == 2 and d.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
        elif op == 2:
            self.identifies.append(d)
            self.session = Session(snowflake(), d.get("intents", 0))
            await self._identified(d, self.session)
        elif op == 6:
            await self._resume(ws, d)
        elif op == 8 and self.session and self.session.intents & GUILD_MEMBERS:
            await self.dispatch("GUILD_MEMBERS_CHUNK", {
                "guild_id": self.guild_id, "members": self._members(), "chunk_index": 0,
                "chunk_count": 1, "nonce": d.get("nonce")})

    async def _identified(self, identify: Json, session: Session) -> None:
        ready = {"v": 10, "user": self.bot, "guilds": [{"id": self.guild_id, "unavailable": True}],
                 "session_id": session.id, "resume_gateway_url": self.gateway_url,
                 "application": {"id": self.app_id, "flags": 0}}
        if "shard" in identify:
            ready["shard"] = identify["shard"]
        self.ready.set()
        await self.dispatch("READY", ready)
        await self.dispatch("GUILD_CREATE", self._guild_create())

    def _guild_create(self) -> Json:
        """Members beyond the bot itself come only with the presences intent, as on Discord."""
        members = self._members()
        if not self.session or not self.session.intents & GUILD_PRESENCES:
            members = members[:1]
        threads = [c for c in self.channels.values() if c["type"] in (10, 11, 12)]
        return shapes.guild_create(self.guild, self._guild_channels(), members, threads)

    async def _resume(self, ws: web.WebSocketResponse, d: Json) -> None:
        s = self.session
        if s is None or d.get("session_id") != s.id or d.get("token") != self.token:
            await self._send(ws, {"op": 9, "d": False})
            return
        for event in s.events:  # events dispatched meanwhile are appended, and sent here
            if event["s"] > (d.get("seq") or 0):
                await self._send(ws, event)
        self.ready.set()
        await self.dispatch("RESUMED", {})

    async def dispatch(self, event: str, data: Json) -> None:
        """Send a DISPATCH (op 0) to the bot; kept for replay if it is away and resumes."""
        s = self.session
        if s is None:
            raise RuntimeError("no gateway session: the bot has not identified")
        s.seq += 1
        frame = {"op": 0, "t": event, "s": s.seq, "d": data}
        s.events.append(frame)
        if self._ws is not None and not self._ws.closed and self.ready.is_set():
            await self._send(self._ws, frame)

    def _echo(self, event: str, payload: Json, message: Json | None = None) -> None:
        """What Discord tells the bot of its own doings, per its intents: message events
        (not for ephemeral messages) with GUILD_MESSAGES or DIRECT_MESSAGES, others with GUILDS."""
        wanted = 1  # GUILDS
        if message is not None:
            in_guild = "guild_id" in self.channels.get(message["channel_id"], {})
            wanted = GUILD_MESSAGES if in_guild else DIRECT_MESSAGES
            if message["flags"] & EPHEMERAL:
                return
        if self.session is None or not self.session.intents & wanted:
            return
        task = asyncio.get_running_loop().create_task(self.dispatch(event, payload))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def send_op(self, op: int, d: Any = None) -> None:
        """A raw frame, e.g. 7 (RECONNECT) or 9 (INVALID_SESSION)."""
        if self._ws is not None:
            await self._send(self._ws, {"op": op, "d": d})

    async def close_gateway(self, code: int = 4000, forget_session: bool = False) -> None:
        """Close the bot's websocket; with forget_session its RESUME is refused (op 9)."""
        if forget_session:
            self.session = None
        ws, self._ws = self._ws, None
        self.ready.clear()
        if ws is not None:
            await ws.close(code=code)

    # --- interactions -------------------------------------------------------------------

    async def interact(self, payload: Json) -> Interaction:
        """Dispatch INTERACTION_CREATE; the handle awaits the bot's response."""
        loop = asyncio.get_running_loop()
        it = Interaction(payload, loop.time(), loop.create_future())
        self.interactions[it.id] = it
        await self.dispatch("INTERACTION_CREATE", payload)
        return it

    def user(self, who: str) -> Json:
        """A member's user by name ("alice") or id."""
        by_id = {u["id"]: u for u in self.users.values()}
        found = self.users.get(who) or by_id.get(who)
        if found is None:
            raise KeyError(f"no user {who!r}; there are {sorted(self.users)}")
        return found

    def _interaction(self, kind: int, data: Json, *, user: str, locale: str,
                     guild_locale: str | None, channel_id: str | None,
                     message: Json | None = None) -> Json:
        channel = self.channels[channel_id or (message or {}).get("channel_id") or self.channel_id]
        u = self.user(user)
        guild = "guild_id" in channel
        allowed = shapes.MEMBER_PERMISSIONS | (
            shapes.MANAGE_GUILD if u["username"] in self.moderators else 0)
        invoker = shapes.member(u, permissions=allowed) if guild else u
        partial = channel | {"permissions": str(allowed)}
        return shapes.interaction(kind, data, application_id=self.app_id, channel=partial,
                                  invoker=invoker, locale=locale, message=message,
                                  guild_locale=guild_locale or self.guild["preferred_locale"])

    def slash(self, name: str, *, user: str = "alice", locale: str = "en-US",
              guild_locale: str | None = None, channel_id: str | None = None,
              **options: Any) -> Json:
        """A slash command (type 2) as registered: name "game new" for a subcommand."""
        guild = self.channels[channel_id or self.channel_id].get("guild_id")
        data = self._command_data(name, guild, options, focused=None)
        return self._interaction(2, data, user=user, locale=locale, guild_locale=guild_locale,
                                 channel_id=channel_id)

    def autocomplete(self, name: str, focused: str, *, user: str = "alice",
                     locale: str = "en-US", guild_locale: str | None = None,
                     channel_id: str | None = None, **options: Any) -> Json:
        """An autocomplete (type 4): `focused` is the option being typed, its text in options."""
        guild = self.channels[channel_id or self.channel_id].get("guild_id")
        options.setdefault(focused, "")
        data = self._command_data(name, guild, options, focused=focused)
        return self._interaction(4, data, user=user, locale=locale, guild_locale=guild_locale,
                                 channel_id=channel_id)

    def _find_command(self, name: str, guild: str | None) -> Json:
        for scope in (guild, None):
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        raise KeyError(f"/{name} is not registered (the bot syncs its commands first)")

    def _command_data(self, name: str, guild: str | None, values: dict[str, Any],
                      focused: str | None) -> Json:
        top, *subs = name.split()
        command = self._find_command(top, guild)
        data: Json = {"id": command["id"], "name": top, "type": 1}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        holder, schema = data, command.get("options") or []
        for sub in subs:
            found = [o for o in schema if o["name"] == sub and o["type"] in (1, 2)]
            if not found:
                raise KeyError(f"/{name}: no subcommand {sub!r}")
            node: Json = {"name": sub, "type": found[0]["type"]}
            holder["options"] = [node]
            holder, schema = node, found[0].get("options") or []
        holder["options"], resolved = self._options(name, schema, values, focused)
        if resolved:
            data["resolved"] = resolved
        return data

    def _options(self, name: str, schema: list[Json], values: dict[str, Any],
                 focused: str | None) -> tuple[list[Json], Json]:
        known = {o["name"]: o for o in schema}
        if unknown := set(values) - set(known):
            raise KeyError(f"/{name} has no option {sorted(unknown)}; it has {sorted(known)}")
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in values]
        if missing and focused is None:
            raise KeyError(f"/{name} needs {missing}")
        options: list[Json] = []
        resolved: dict[str, Json] = {}
        for key, value in values.items():
            kind = known[key]["type"]
            if kind == 6 and key != focused:  # a user: its id, and the user and member resolved
                u = self.user(str(value))
                value = u["id"]
                resolved.setdefault("users", {})[value] = u
                resolved.setdefault("members", {})[value] = {
                    k: v for k, v in shapes.member(u, permissions=shapes.MEMBER_PERMISSIONS).items()
                    if k != "user"}
            elif kind == 11 and key != focused:  # an attachment: (filename, bytes) uploaded
                name, data = value
                value = snowflake()
                self.files[value] = data
                url = f"{self.url}/attachments/{self.channel_id}/{value}/{name}"
                resolved.setdefault("attachments", {})[value] = {
                    "id": value, "filename": name, "size": len(data), "url": url,
                    "proxy_url": url, "content_type": mimetypes.guess_type(name)[0]}
            elif kind == 7 and key != focused:  # a channel
                value = str(value)
                resolved.setdefault("channels", {})[value] = self.channels[value] | {
                    "permissions": str(shapes.MEMBER_PERMISSIONS)}
            option = {"name": key, "type": kind, "value": str(value) if key == focused else value}
            if key == focused:
                option["focused"] = True
            options.append(option)
        return options, resolved

    def _component(self, message_id: str, custom_id: str,
                   kinds: tuple[int, ...]) -> tuple[Json, Json]:
        message = self.messages.get(str(message_id))
        if message is None:
            raise KeyError(f"no message {message_id}")
        component = shapes.find_component(message, custom_id)
        if component is None or component["type"] not in kinds:
            raise KeyError(f"message {message_id} has no component {custom_id!r} of type {kinds}")
        if component.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled: Discord would not send it")
        return message, component

    def click(self, message_id: str, custom_id: str, *, user: str = "alice",
              locale: str = "en-US", guild_locale: str | None = None) -> Json:
        """A button click (type 3) on a message the bot sent."""
        message, _ = self._component(message_id, custom_id, (2,))
        return self._interaction(3, {"custom_id": custom_id, "component_type": 2}, user=user,
                                 locale=locale, guild_locale=guild_locale, channel_id=None,
                                 message=message)

    def select(self, message_id: str, custom_id: str, values: list[str], *, user: str = "alice",
               locale: str = "en-US", guild_locale: str | None = None) -> Json:
        """A select menu choice (type 3) on a message the bot sent; values must be offered."""
        message, component = self._component(message_id, custom_id, (3, 5, 6, 7, 8))
        offered = {o["value"] for o in component.get("options") or []}
        if component["type"] == 3 and not set(values) <= offered:
            raise ValueError(f"{sorted(set(values) - offered)} not in {sorted(offered)}")
        data = {"custom_id": custom_id, "component_type": component["type"], "values": values}
        return self._interaction(3, data, user=user, locale=locale, guild_locale=guild_locale,
                                 channel_id=None, message=message)

    def modal_submit(self, custom_id: str, fields: dict[str, Any], *, user: str = "alice",
                     locale: str = "en-US", guild_locale: str | None = None) -> Json:
        """A modal submit (type 5) mirroring the last modal the bot showed with this custom_id."""
        shown = [i for i in self.interactions.values() if i.answered.done()
                 and i.answered.result().json.get("type") == 9
                 and i.answered.result().json["data"]["custom_id"] == custom_id]
        if not shown:
            raise KeyError(f"the bot showed no modal {custom_id!r}")
        origin = shown[-1]
        modal = origin.answered.result().json["data"]
        components = [_submitted(c, fields) for c in modal["components"]]
        return self._interaction(5, {"custom_id": custom_id, "components": components},
                                 user=user, locale=locale, guild_locale=guild_locale,
                                 channel_id=origin.payload["channel_id"],
                                 message=origin.payload.get("message"))


def _submitted(c: Json, fields: dict[str, Any]) -> Json:
    """One component of a modal as its submit carries it back, with the user's values."""
    kind = c["type"]
    if kind == 1:
        return {"type": 1, "components": [_submitted(x, fields) for x in c["components"]]}
    if kind == 18:  # a label around one input
        return {"type": 18, "id": c.get("id"), "component": _submitted(c["component"], fields)}
    if kind == 4:
        return {"type": 4, "id": c.get("id"), "custom_id": c["custom_id"],
                "value": fields.get(c["custom_id"], "")}
    if kind in (3, 5, 6, 7, 8):
        return {"type": kind, "id": c.get("id"), "custom_id": c["custom_id"],
                "values": list(fields.get(c["custom_id"], []))}
    return {"type": kind, "id": c.get("id")}
