"""Seats and their players by e-mail: the service knows a mail player as the user
``mail:<address>``, holding seats whose ``email`` is that address; the gateway proves who
writes with the seat's ticket (``bot.mail.tickets``), never with the From address."""

from __future__ import annotations

from dataclasses import dataclass

from bot.async_service import AsyncService
from bot.mail.notes import Notes
from bot.mail.tickets import ADMIN, Home, Signer, Ticket
from engine.core.messages import GameNotFound

USER_PREFIX = "mail:"


def user_key(address: str) -> str:
    return f"{USER_PREFIX}{address.lower()}"


def address_of(user: str | None) -> str | None:
    """The address of a mail player's user key; None for a player elsewhere."""
    if user is None or not user.startswith(USER_PREFIX):
        return None
    return user.removeprefix(USER_PREFIX)


@dataclass(frozen=True)
class Identity:
    """Who a valid ticket proves a mail is from."""

    game: str
    seat: str | None          # None: the game's admin ticket
    user: str
    address: str
    seats: tuple[str, ...] = ()   # every seat the user holds in the game

    @property
    def is_admin_ticket(self) -> bool:
        return self.seat is None


class Identities:
    def __init__(self, service: AsyncService, notes: Notes, signer: Signer, home: Home) -> None:
        self.service, self.notes, self.signer, self.home = service, notes, signer, home
        self._languages: dict[str, str] = {}
        self._games: set[str] = set()       # games found once (a game is never deleted)

    async def find_game(self, name: str) -> str | None:
        """The game called ``name`` (as typed, or as an address wrote it, lower case)."""
        if name in self._games:
            return name
        try:
            await self.service.head(name)
            self._games.add(name)
            return name
        except GameNotFound:
            pass
        games = await self.service.games()
        exact = [g.id for g in games if g.id == name]
        folded = [g.id for g in games if g.id.lower() == name.lower()]
        found = exact or folded
        return found[0] if found else None

    async def holder(self, game: str, seat: str) -> str | None:
        if seat == ADMIN:
            return (await self.service.game_info(game)).admin
        return (await self.service.seat_users(game)).get(seat)

    async def language(self, game: str) -> str:
        """The game's language (kept: it never changes)."""
        if game not in self._languages:
            self._languages[game] = (await self.service.game_info(game)).language
        return self._languages[game]

    async def ticket(self, game: str, seat: str,
                     users: dict[str, str | None] | None = None) -> Ticket | None:
        """The current ticket of ``seat`` (or ``admin``), if a mail player holds it
        (``users``: the seats' players, if already read)."""
        holder = users.get(seat) if users is not None and seat != ADMIN else \
            await self.holder(game, seat)
        if address_of(holder) is None or holder is None:
            return None
        generation = await self.notes.generation(game, seat)
        return self.signer.ticket(game, seat, holder, generation)

    async def reply_to(self, game: str, seats: list[str], prefer: frozenset[str] = frozenset(),
                       admin: bool = False, users: dict[str, str | None] | None = None
                       ) -> str | None:
        """The address a player answers to: the ticket of one of their ``seats`` (one that
        must decide first), else the admin's."""
        for seat in sorted(seats, key=lambda s: (s not in prefer, s)):
            ticket = await self.ticket(game, seat, users)
            if ticket is not None:
                return self.home.with_ticket(ticket)
        if admin:
            ticket = await self.ticket(game, ADMIN)
            if ticket is not None:
                return self.home.with_ticket(ticket)
        return None

    async def verify(self, ticket: Ticket) -> Identity | None:
        """Who ``ticket`` proves the writer is, or None when it is not valid now."""
        game = await self.find_game(ticket.game)
        if game is None:
            return None
        users = await self.service.seat_users(game)
        holder = (await self.service.game_info(game)).admin if ticket.seat == ADMIN \
            else users.get(ticket.seat)
        address = address_of(holder)
        if holder is None or address is None:
            return None
        generation = await self.notes.generation(game, ticket.seat)
        if not self.signer.valid(ticket, game, holder, generation):
            return None
        seats = tuple(sorted(s for s, u in users.items() if u == holder))
        return Identity(game, None if ticket.seat == ADMIN else ticket.seat, holder, address,
                        seats)
