"""Who is who by e-mail: a From address is easy to forge, so every seat has a secret.

A seat's *ticket* is ``<game>.<seat>.<token>``, where the token is an HMAC-SHA256 of the
game, the seat, the user who holds it and the seat's *generation*, keyed with the
gateway's secret (``[mail] secret``), cut to 16 base32 letters (80 bits).  It travels as a
plus address, ``courier+<ticket>@host``, in the Reply-To of every mail the gateway sends to
that seat's player (and, where a mailbox cannot take plus addresses, in the subject:
``[courier <ticket>]``).  Nothing is stored but the generation: the gateway checks a
ticket by computing it again, so

- a ticket names its seat's current holder: when the seat changes hands (by mail or on
  Discord) the old holder's tickets stop working by themselves;
- ``ROTATE`` bumps the generation: every earlier ticket of that seat stops working, and
  the player is mailed the new one;
- a game's admin has a ticket too (seat ``admin``), for ``START``, ``ROTATE``, ``LEAVE``.

The gateway's own Message-IDs carry a tag made with the same secret, so that its own mail
coming back is recognised (and never answered).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Iterable
from dataclasses import dataclass

ADMIN = "admin"            # the seat name of a game's admin ticket
TOKEN_LETTERS = 16
TICKET = re.compile(r"^(?P<game>[^\s+@]+)\.(?P<seat>[a-z0-9_-]+)\.(?P<token>[a-z2-7]{16})$")
SUBJECT_TICKET = re.compile(r"\[courier\s+([^\]\s]+\.[a-z0-9_-]+\.[a-z2-7]{16})\]",
                            re.IGNORECASE)
SUBJECT_GAME = re.compile(r"\[courier\s+([^\]\s.]+)[\].]", re.IGNORECASE)


@dataclass(frozen=True)
class Ticket:
    game: str
    seat: str
    token: str

    @property
    def text(self) -> str:
        return f"{self.game}.{self.seat}.{self.token}"

    @classmethod
    def read(cls, text: str) -> Ticket | None:
        found = TICKET.match(text.strip().lower())
        if found is None:
            return None
        return cls(found["game"], found["seat"], found["token"])


@dataclass(frozen=True)
class Home:
    """The gateway's address, ``local@domain``: players write to it; tickets ride after a
    plus (``local+ticket@domain``)."""

    local: str
    domain: str
    name: str = "courier"

    @classmethod
    def of(cls, address: str, name: str = "courier") -> Home:
        local, _, domain = address.strip().rpartition("@")
        if not local or not domain or "+" in local:
            raise ValueError(address)
        return cls(local.lower(), domain.lower(), name)

    @property
    def address(self) -> str:
        return f"{self.local}@{self.domain}"

    def with_ticket(self, ticket: Ticket) -> str:
        return f"{self.local}+{ticket.text}@{self.domain}"

    def detail(self, address: str) -> str | None:
        """For one of the gateway's addresses, what follows its plus ("" for the plain
        address); None for any other address."""
        local, _, domain = address.strip().strip("<>").lower().rpartition("@")
        if domain != self.domain:
            return None
        base, plus, rest = local.partition("+")
        if base != self.local:
            return None
        return rest if plus else ""

    def owns(self, address: str) -> bool:
        return self.detail(address) is not None


class Signer:
    """Tokens and Message-ID tags, keyed with the gateway's secret."""

    def __init__(self, secret: str) -> None:
        if len(secret) < 16:
            raise ValueError("the gateway's secret is too short")
        self._key = secret.encode()

    def _mac(self, *parts: str) -> bytes:
        return hmac.new(self._key, "\0".join(parts).encode(), hashlib.sha256).digest()

    def token(self, game: str, seat: str, holder: str, generation: int) -> str:
        digest = self._mac("seat", game.lower(), seat, holder, str(generation))
        return base64.b32encode(digest).decode().lower()[:TOKEN_LETTERS]

    def ticket(self, game: str, seat: str, holder: str, generation: int) -> Ticket:
        return Ticket(game.lower(), seat, self.token(game, seat, holder, generation))

    def valid(self, ticket: Ticket, game: str, holder: str, generation: int) -> bool:
        expected = self.token(game, ticket.seat, holder, generation)
        return hmac.compare_digest(expected, ticket.token)

    def tag(self, text: str) -> str:
        return base64.b32encode(self._mac("message", text)).decode().lower()[:10]


def tickets_in(home: Home, recipients: Iterable[str], subject: str) -> list[Ticket]:
    """The tickets a mail carries: in the gateway addresses it was sent to, then in its
    subject."""
    found: list[Ticket] = []
    for address in recipients:
        detail = home.detail(address)
        ticket = Ticket.read(detail) if detail else None
        if ticket is not None and ticket not in found:
            found.append(ticket)
    for text in SUBJECT_TICKET.findall(subject):
        ticket = Ticket.read(text)
        if ticket is not None and ticket not in found:
            found.append(ticket)
    return found


def game_in_subject(subject: str) -> str | None:
    """The game a subject names in its ``[courier GAME]`` tag, if any."""
    found = SUBJECT_GAME.search(subject)
    return found[1].lower() if found else None
