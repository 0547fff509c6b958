"""Copy every game from one store to another (``courier migrate``, issue 18).

Games, seats and settings are copied as they are; each game's events verbatim, with their
hashes (both backends chain alike); the outbox in order, every reader's cursor moved to the
copied ids so nothing is sent again or skipped.  Snapshots are a cache and are not copied:
they are rebuilt by folding.  The destination must hold no games.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.messages import GameExists

if TYPE_CHECKING:
    from engine.store import AnyStore


@dataclass(frozen=True)
class Migrated:
    games: list[str]
    events: int
    notices: int


def migrate(source: AnyStore, target: AnyStore) -> Migrated:
    """Copy ``source`` into the empty ``target``; ``GameExists`` if a game is there."""
    present = target.games()
    if present:
        raise GameExists(game=present[0]["id"])
    copied: list[str] = []
    events = 0
    for game in source.games():
        game_id = game["id"]
        target.create_game(source.game(game_id))  # options decoded, as create_game takes
        for seat, row in source.seats(game_id).items():
            target.set_seat(game_id, seat, row["user_id"], row.get("email"), row.get("name"))
        rows = source.events(game_id)
        target.insert_verbatim(game_id, rows)
        events += len(rows)
        copied.append(game_id)
    for scope, key, value in source.all_settings():
        target.set_setting(scope, key, value)
    old_ids: list[int] = []
    new_ids: list[int] = []
    for notice in source.all_notices():
        old_ids.append(notice.id)
        new_ids.append(target.copy_notice(notice))
    ids = dict(zip(old_ids, new_ids, strict=True))
    for reader, (position, reminders) in source.readers().items():
        passed = bisect.bisect_right(old_ids, position)  # the notices it has handled
        target.set_reader(reader, new_ids[passed - 1] if passed else 0,
                          [ids[n] for n in reminders if n in ids])
    return Migrated(copied, events, len(old_ids))
