"""Several processes of one front-end on one database (issue 18): each holds a share of
the games and sends only their notices.

- ``--share K/N`` (the mail gateway, or a bot without guilds): the games whose stable
  hash (the first 8 bytes of the SHA-256 of the game's id) modulo N is K.
- ``--shards N --shard-ids 0,1`` (the Discord bot, discord.py's sharding): the games
  whose Discord server (guild) belongs to one of these shards, by discord.py's rule
  ``(guild_id >> 22) % N``.

A process with a share reads the outbox with a cursor of its own (``mail/share 1/2``),
started where the front-end's whole cursor was, and takes each of its notices on a lease
before sending it (``Store.take``): two processes given the same share never both send
one, and a process killed between taking and sending leaves the notice to the next one
with that share once the lease has run out (at least once: a notice is sent twice only
when a process dies after sending and before noting it sent).  Without a share (the
default) a process is the only one: one cursor, nothing taken, as before.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import socket
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta

LEASE_SECONDS = 120.0   # a notice taken and not sent by then is another process's to send


def game_slot(game_id: str, count: int) -> int:
    """The share (0..count-1) a game belongs to: the same in every process and Python."""
    return int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:8], "big") % count


def guild_shard(guild_id: int, count: int) -> int:
    """discord.py's (and Discord's) shard of a guild."""
    return (guild_id >> 22) % count


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True)
class Share:
    """The part of the games one process sends the notices of."""

    ids: tuple[int, ...] = (0,)
    count: int = 1
    by: str = "game"              # "game" (the game's hash) or "guild" (its guild's shard)
    lease: float = LEASE_SECONDS
    owner: str = field(default_factory=_owner, compare=False)   # this process, for leases

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"share {self.ids} of {self.count}")

    @property
    def whole(self) -> bool:
        """All the games: the single process of the default, taking nothing."""
        return set(self.ids) == set(range(self.count))

    @property
    def tag(self) -> str:
        ids = ",".join(str(i) for i in sorted(self.ids))
        return f"shards {ids}/{self.count}" if self.by == "guild" else f"share {ids}/{self.count}"

    def cursor(self, reader: str) -> str:
        """The outbox cursor of this share of the front-end ``reader``."""
        return reader if self.whole else f"{reader}/{self.tag}"

    def has_game(self, game_id: str) -> bool:
        return self.whole or game_slot(game_id, self.count) in self.ids

    def has_guild(self, guild_id: int) -> bool:
        return self.whole or guild_shard(guild_id, self.count) in self.ids

    def stale(self, now: datetime) -> datetime:
        """A lease taken before this has run out."""
        return now - timedelta(seconds=self.lease)


WHOLE = Share()


def share_arg(text: str) -> Share:
    """``--share K/N``."""
    try:
        k, n = (int(part) for part in text.split("/"))
        return Share((k,), n)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not K/N with 0 <= K < N (e.g. 0/2)") from None


def shard_ids_arg(text: str) -> tuple[int, ...]:
    """``--shard-ids 0,1``."""
    try:
        ids = tuple(sorted({int(part) for part in text.split(",")}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list like 0,1") from None
    if not ids or ids[0] < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list like 0,1")
    return ids


def shards(count: int | None, ids: tuple[int, ...] | None, lease: float = LEASE_SECONDS) -> Share:
    """``--shards N [--shard-ids 0,1]`` (all N shards when no ids are given)."""
    if count is None:
        if ids is not None:
            raise ValueError("--shard-ids needs --shards N")
        return Share(lease=lease)
    return Share(ids if ids is not None else tuple(range(count)), count, "guild", lease)
