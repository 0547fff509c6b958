"""The gateway's mails: plain text (UTF-8) with the map attached as a PNG.

A mail about a game is built from the service's views, in the reader's language: what
happened since that player's last mail (the digest), their decision with every choice's
label and the text to type, the status, the board as text, the map attached, and a footer
saying how to answer.  ``Pages`` reads those views once per round of mails (several
players reading the same status or map share one read or one drawing).

Every mail says it was sent by a program (``Auto-Submitted``, RFC 3834) so that an
auto-responder does not answer it, and carries an ``X-Courier`` header and a Message-ID
tagged with the gateway's secret, so that it is recognised if it ever comes back.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.mime.image import MIMEImage
from email.mime.multipart import MIMEMultipart
from email.mime.nonmultipart import MIMENonMultipart
from email.utils import formataddr, formatdate
from typing import Any, TypeVar

from PIL import Image

from bot.async_service import AsyncService
from bot.mail.orders import word
from bot.mail.tickets import Home, Signer
from bot.mail.words import say
from engine.core.decision import DecisionView
from engine.views import HistoryPage, Status

T = TypeVar("T")
UTF8_QP = Charset("utf-8")
UTF8_QP.body_encoding = QP       # the text readable as sent, accents aside
MESSAGE_ID = re.compile(r"<courier\.([^<>@\s]+)\.([a-z2-7]{10})@([^<>\s]+)>")


@dataclass
class Letter:
    """One mail to one address, before it is a MIME message."""

    to: str
    subject: str
    body: str
    key: str                             # unique per content and address: its Message-ID
    reply_to: str | None = None
    attachments: list[tuple[str, bytes]] = field(default_factory=list)
    in_reply_to: str = ""
    auto: str = "auto-generated"         # RFC 3834: "auto-replied" for an answer


class Stamp:
    """The gateway's marks on its mails: sender, Message-ID, loop headers."""

    def __init__(self, home: Home, signer: Signer, ticket_in_subject: bool = False) -> None:
        """``ticket_in_subject``: the tickets ride in the subjects (``[courier TICKET]``),
        for mailboxes that take no plus address, and replies go to the plain address."""
        self.home, self.signer = home, signer
        self.ticket_in_subject = ticket_in_subject

    def message_id(self, key: str) -> str:
        safe = re.sub(r"[^A-Za-z0-9.-]", "-", key)
        return f"<courier.{safe}.{self.signer.tag(safe)}@{self.home.domain}>"

    def is_own(self, message: Message) -> bool:
        """Whether ``message`` is one the gateway sent (come back by a loop)."""
        for name in ("Message-ID", "Resent-Message-ID"):
            found = MESSAGE_ID.search(str(message.get(name, "") or ""))
            if found and found[3].lower() == self.home.domain and \
                    self.signer.tag(found[1]) == found[2]:
                return True
        sender = str(message.get("From", "") or "")
        addresses = re.findall(r"[^\s<>,\"']+@[^\s<>,\"']+", sender)
        return any(self.home.owns(a) for a in addresses)

    def message(self, letter: Letter) -> Message:
        """The MIME message: text/plain in UTF-8 (quoted-printable), with the map as an
        image/png attachment.  Built with the standard library's classic classes: the
        policy-based ``EmailMessage`` parsed every header as it was set, a millisecond
        and more per mail, as long as the rest of a receipt's round together."""
        text = MIMENonMultipart("text", "plain")
        text.set_payload(letter.body, UTF8_QP)
        mail: Message = text
        if letter.attachments:
            del text["MIME-Version"]
            mail = MIMEMultipart()
            mail.attach(text)
            for name, data in letter.attachments:
                picture = MIMEImage(data, "png")
                del picture["MIME-Version"]
                picture.add_header("Content-Disposition", "attachment", filename=name)
                mail.attach(picture)
        mail["From"] = formataddr((self.home.name, self.home.address))
        mail["To"] = letter.to
        if letter.reply_to:
            reply_to = self.home.address if self.ticket_in_subject else letter.reply_to
            mail["Reply-To"] = formataddr((self.home.name, reply_to))
        mail["Subject"] = _subject(letter.subject)
        mail["Date"] = formatdate(usegmt=True)
        mail["Message-ID"] = self.message_id(letter.key)
        if letter.in_reply_to:
            mail["In-Reply-To"] = letter.in_reply_to
            mail["References"] = letter.in_reply_to
        mail["Auto-Submitted"] = letter.auto
        mail["X-Courier"] = "gateway"
        return mail


def _subject(text: str) -> Any:
    """A subject as the classic API takes it: as it is in ASCII, else a ``Header`` that
    the generator encodes (RFC 2047) and folds."""
    return text if text.isascii() else Header(text, "utf-8")


class Pages:
    """The views of one game read for a round of mails, each read or drawn once."""

    def __init__(self, service: AsyncService, game: str,
                 users: dict[str, str | None] | None = None) -> None:
        self.service, self.game = service, game
        self.users = users          # the seats' players, when already read
        self._found: dict[tuple[Any, ...], asyncio.Future[Any]] = {}

    async def _once(self, key: tuple[Any, ...], make: Callable[[], Awaitable[T]]) -> T:
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = asyncio.ensure_future(make())
        result: T = await found
        return result

    async def status(self, lang: str, seat: str | None) -> Status:
        return await self._once(("status", lang, seat),
                                lambda: self.service.status(self.game, lang, seat))

    async def board(self, lang: str, seat: str | None, at: int | None) -> str:
        return await self._once(("board", lang, seat, at),
                                lambda: self.service.board_text(self.game, seat, lang, at))

    async def digest(self, lang: str, since: int, upto: int) -> str:
        def read() -> str:   # up to the head: the latest state, kept folded, tells it
            if since >= upto:
                return ""
            service = self.service.service
            last = None if upto >= service.head(self.game) else upto
            return service.digest(self.game, lang, since, last)
        return await self._once(("digest", lang, since, upto),
                                lambda: self.service.run(read))

    async def basics(self, lang: str, seat: str | None, since: int, upto: int,
                     seats: Sequence[str]) -> tuple[Status, str, frozenset[str],
                                                    list[DecisionView]]:
        """What every mail to a player shows, read in one go: the status as ``seat`` sees
        it, the digest of ``since``..``upto``, who decides, and the decisions of those of
        ``seats`` who do."""
        def read() -> tuple[Status, str, frozenset[str], list[DecisionView]]:
            service = self.service.service
            active = service.active(self.game)
            head = service.head(self.game)
            digest = "" if since >= upto else service.digest(
                self.game, lang, since, None if upto >= head else upto)
            decisions = [service.decision(self.game, s, lang) for s in sorted(seats)
                         if s in active]
            return service.status(self.game, lang, seat), digest, active, decisions
        return await self._once(("basics", lang, seat, since, upto, tuple(seats)),
                                lambda: self.service.run(read))

    async def decision(self, seat: str, lang: str) -> DecisionView:
        return await self._once(("decision", seat, lang),
                                lambda: self.service.decision(self.game, seat, lang))

    async def active(self) -> frozenset[str]:
        return await self._once(("active",), lambda: self.service.active(self.game))

    async def history(self, lang: str) -> HistoryPage:
        return await self._once(("history", lang),
                                lambda: self.service.history(self.game, lang, None, 0))

    async def picture(self, lang: str, since: int | None, upto: int | None) -> bytes:
        """The map at ``upto`` (now if None), what changed since ``since`` outlined, as a
        PNG for mail (``for_mail``, in the picture process)."""
        return await self._once(("picture", lang, since, upto),
                                lambda: self._draw(lang, since, upto))

    def start_picture(self, lang: str, since: int | None, upto: int | None) -> None:
        """Begin drawing the picture now, while the mails' texts are read; ``picture``
        with the same arguments then waits for it (and must be called: it reports how
        the drawing went)."""
        key = ("picture", lang, since, upto)
        if key not in self._found:
            self._found[key] = asyncio.ensure_future(self._draw(lang, since, upto))

    async def _draw(self, lang: str, since: int | None, upto: int | None) -> bytes:
        service = self.service.service
        if since is not None and upto is not None and since < upto:
            png: bytes = await self.service.picture(service.digest_picture, self.game, lang,
                                                    since, upto, then=digest_for_mail)
        else:
            png = await self.service.picture(service.map_picture, self.game, lang, upto,
                                             then=for_mail)
        return png


def for_mail(png: bytes) -> bytes:
    """The map with its colours in a palette of 256: the same picture (it is drawn in
    flat colours) at about a third of the bytes, which every player's mail carries.
    Compressed a little less than Pillow's default: half the time, a tenth more bytes."""
    with Image.open(io.BytesIO(png)) as picture:
        if picture.mode == "P":
            return bytes(png)
        fewer = picture.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    fewer.save(out, "PNG", compress_level=3)
    return out.getvalue()


def digest_for_mail(drawn: tuple[bytes, Any]) -> bytes:
    """``digest_picture``'s PNG (its first part), for mail."""
    return for_mail(bytes(drawn[0]))


def titled(title: str, text: str) -> str:
    return f"{title}\n{'-' * min(len(title), 72)}\n{text.strip()}"


def decision_text(view: DecisionView, lang: str) -> str:
    """The decision with every choice: its label in ``lang`` and the text to type."""
    lines = [view.prompt, "", say("section.choices", lang)]
    for choice in view.choices:
        same = choice.label.casefold() == choice.text.casefold()
        lines.append(f"  {choice.text}" if same else f"  {choice.label}  [{choice.text}]")
    return titled(say("section.decision", lang, seat=view.seat_label), "\n".join(lines))


def history_text(page: HistoryPage, names: dict[str, str], since: int, lang: str,
                 limit: int = 30) -> str:
    """The commands after event ``since`` (the last ``limit`` of them when ``since`` is 0),
    each with its number, seat, label and what it did."""
    commands = [c for c in page.commands if c.seq > since]
    if not since:
        commands = commands[-limit:]
    lines: list[str] = []
    for command in commands:
        head = f"#{command.seq} {names.get(command.seat, command.seat)}: {command.label}"
        if command.note:   # the bot (or the admin) decided, not the seat's player
            head += f" ({command.note})"
        if command.undone:
            head += " " + say("section.undone", lang)
        story = [s.strip() for s in command.story.strip().splitlines()[1:] if s.strip()]
        lines += [head, *(f"    {s}" for s in story)]
    return titled(say("section.history", lang),
                  "\n".join(lines) or say("section.history_empty", lang))


def footer(lang: str) -> str:
    return "-- \n" + say("reply.footer", lang)


def seat_names(status: Status, seats: Sequence[str]) -> str:
    return " + ".join(status.seat_names.get(s, s) for s in seats)


def subject(game: str | None, text: str, ticket: str | None = None) -> str:
    """``[courier GAME] text``: the game named in the subject, as replies keep it (the
    seat's ticket in its place where the gateway is told to put it there)."""
    tag = ticket or game
    return f"[courier {tag}] {text}" if tag else text


def order_words(lang: str) -> str:
    return ", ".join(word(o, lang) for o in ("status", "board", "map", "history", "undo",
                                             "approve", "deny", "help"))
