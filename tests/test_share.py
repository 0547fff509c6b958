"""Which games a process of several sends the notices of (``bot.share``): ``--share K/N``
by the game's stable hash, ``--shards N --shard-ids ...`` by discord.py's rule for the
game's server; the default is the whole, with the front-end's own cursor."""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.outbox_reader import OutboxReader
from bot.share import WHOLE, Share, game_slot, guild_shard, shard_ids_arg, shards, share_arg
from engine.notices import StoredNotice


def test_the_default_is_the_whole_with_the_front_ends_cursor() -> None:
    assert WHOLE.whole and WHOLE.cursor("mail") == "mail"
    assert all(WHOLE.has_game(f"g{i}") for i in range(50))
    assert WHOLE.has_guild(123456789012345678)
    assert shards(None, None).whole and shards(None, None).cursor("discord") == "discord"
    everything = shards(4, None)          # one process running all 4 shards: nothing to take
    assert everything.whole and everything.by == "guild" and everything.count == 4


def test_every_game_is_in_exactly_one_share_and_the_split_is_even() -> None:
    games = [f"game-{i:04d}" for i in range(2000)]
    parts = [share_arg(f"{k}/3") for k in range(3)]
    owners = [[p.has_game(g) for p in parts].count(True) for g in games]
    assert set(owners) == {1}
    sizes = Counter(game_slot(g, 3) for g in games)
    assert all(600 < n < 730 for n in sizes.values()), sizes


def test_the_game_hash_is_stable_across_processes_and_pythons() -> None:
    # the first 8 bytes of sha256, not Python's salted hash(): every process agrees
    for game in ("a1b2c3", "g", "Ã©t\u00e9"):
        expected = int(hashlib.sha256(game.encode()).hexdigest()[:16], 16)
        assert [game_slot(game, n) for n in (2, 3, 7)] == [expected % n for n in (2, 3, 7)]
    assert [game_slot("g", 7) for _ in range(3)] == [game_slot("g", 7)] * 3


def test_a_guild_belongs_to_discord_pys_shard() -> None:
    guild = 81384788765712384                       # Discord API's own example id
    assert guild_shard(guild, 4) == (guild >> 22) % 4
    share = shards(4, (0, 1))
    assert share.has_guild(guild) == ((guild >> 22) % 4 in (0, 1))
    assert share.cursor("discord") == "discord/shards 0,1/4"
    assert sum(shards(4, (k,)).has_guild(guild) for k in range(4)) == 1


def test_arguments() -> None:
    assert share_arg("1/2") == Share((1,), 2)
    assert share_arg("1/2").cursor("mail") == "mail/share 1/2"
    assert not share_arg("1/2").whole and share_arg("0/1").whole
    for bad in ("2/2", "x", "1/0", "-1/2", "1"):
        with pytest.raises(argparse.ArgumentTypeError):
            share_arg(bad)
    assert shard_ids_arg("1,0,1") == (0, 1)
    for bad in ("", "a", "-1"):
        with pytest.raises(argparse.ArgumentTypeError):
            shard_ids_arg(bad)
    with pytest.raises(ValueError):
        shards(2, (2,))
    with pytest.raises(ValueError):
        shards(None, (0,))
    assert share_arg("0/2").owner != share_arg("0/2").owner      # each process its own


class Taking(OutboxReader):
    reader = "r"

    def __init__(self, share: Share, states: dict[int, str]) -> None:
        super().__init__()
        self.share, self.states, self.taken = share, states, []

        async def run(fn: Any, *args: Any) -> Any:
            return fn(*args)

        def take(reader: str, notice: StoredNotice, owner: str, lease: float) -> str:
            self.taken.append(notice.id)
            return self.states.get(notice.id, "mine")

        self.service = SimpleNamespace(run=run, service=SimpleNamespace(take=take))


def notice(i: int, game: str) -> StoredNotice:
    return StoredNotice(i, game, i, "turn", (), {}, None, "now")


async def test_a_share_sends_its_own_games_and_waits_for_a_notice_another_holds() -> None:
    games = [f"g{i}" for i in range(40)]
    a, b = [g for g in games if game_slot(g, 2) == 0][:2]
    theirs = next(g for g in games if game_slot(g, 2) == 1)
    listed = [notice(1, a), notice(2, theirs), notice(3, b), notice(4, a), notice(5, b),
              notice(6, b)]
    reader = Taking(share_arg("0/2"), {3: "held", 4: "sent"})

    async def has(game: str) -> bool:
        return reader.share.has_game(game)

    mine, done = await reader._sorted(listed, has)
    assert [n.id for n in mine] == [1]        # 3 held elsewhere: b's 5 and 6 wait behind it
    assert done == {2, 4}                     # another share's game; sent by another process
    assert reader.taken == [1, 3, 4]
    whole = Taking(WHOLE, {})
    assert await whole._sorted(listed, has) == (listed, set()) and whole.taken == []


async def test_a_game_not_yet_known_to_be_ours_waits() -> None:
    reader = Taking(shards(2, (0,)), {})

    async def unknown(game: str) -> bool | None:
        return None

    assert await reader._sorted([notice(1, "g")], unknown) == ([], set())


def test_bad_shares_are_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")}
    env["COURIER_DB"] = str(tmp_path / "games.db")
    for argv, said in ((["bot", "--shards", "2", "--shard-ids", "2"], "--shards 2 --shard-ids 2"),
                       (["bot", "--shard-ids", "0"], "--shards ? --shard-ids 0"),
                       (["mail", "--share", "2/2"], "is not K/N")):
        result = subprocess.run([sys.executable, "-m", "bot.cli", *argv], env=env,
                                capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert result.returncode == 2, result
        assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1
