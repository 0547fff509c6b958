"""Several `courier mail` processes on one PostgreSQL database (issue 18): games played
through the outbox by another front-end (this test, acting through the service) reach
every mail player through exactly the process whose share holds the game; a second
process given the same share sends nothing twice; a process killed with SIGKILL in the
middle of play and started again loses nothing (at least once: only a notice it was
sending as it died may go out twice, and only to that share's players)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sys
from collections import Counter
from pathlib import Path

import pytest

import engine.games
from bot.mail.postman import _recipients
from bot.share import game_slot
from engine.core.ruleset import Action
from engine.fuzz import concrete, pick
from engine.service import Service
from engine.store import StoredNotice, open_store
from tests.mail.conftest import Catcher
from tests.mail.test_process import SECRET, _listening, free_port

COURIER = Path(sys.executable).with_name("courier")
# long enough for a round of mails with maps on a busy machine; a killed share waits it out
LEASE = 20
KEY = re.compile(r"<courier\.n(\d+)-(\d+)\.")     # the notices a mail is about (its key)


def config(tmp_path: Path, relay: int) -> Path:
    path = tmp_path / "config.toml"
    path.write_text('[mail]\naddress = "courier@games.test"\nrecheck_seconds = 0.3\n'
                    '[mail.smtp]\nhost = "127.0.0.1"\nport = 2525\n'
                    f'[mail.relay]\nhost = "127.0.0.1"\nport = {relay}\nstarttls = false\n',
                    encoding="utf-8")
    return path


class Gateways:
    """The `courier mail` processes of a test, by name."""

    def __init__(self, url: str, config: Path, cwd: Path) -> None:
        base = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")}
        self.env = base | {"COURIER_DB": url, "COURIER_CONFIG": str(config),
                           "COURIER_MAIL_SECRET": SECRET}
        self.cwd = cwd
        self.procs: dict[str, asyncio.subprocess.Process] = {}
        self.runs = 0

    async def start(self, name: str, share: str) -> None:
        port = free_port()
        proc = await asyncio.create_subprocess_exec(
            COURIER, "mail", "--share", share, "--smtp-port", str(port), "--lease", str(LEASE),
            env=self.env, cwd=self.cwd, stdout=asyncio.subprocess.DEVNULL,
            stderr=(self.cwd / f"{name}.log").open("ab"), start_new_session=True)
        self.procs[name] = proc
        await _listening(port, timeout=60)

    async def kill(self, name: str) -> None:
        """SIGKILL to the process and its picture processes, as a crash under systemd
        (whose cgroup takes them all; killed alone, they would outlive the test)."""
        proc = self.procs.pop(name)
        _kill_group(proc)
        await proc.wait()

    async def stop_all(self) -> None:
        for proc in self.procs.values():
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
        for name, proc in list(self.procs.items()):
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                proc.kill()
                await proc.wait()
            assert proc.returncode == 0, (self.cwd / f"{name}.log").read_text()
        self.procs.clear()


def _kill_group(proc: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)   # the process's own group (start_new_session)


def new_games(service: Service, count: int) -> list[str]:
    """Games whose every seat is a player by e-mail, started; half in each share."""
    games: list[str] = []
    while len(games) < count:
        game = service.create_game("gandhi", "short", admin="admin", started=False,
                                   seed=f"seed-{len(games)}")
        slot = game_slot(game, 2)
        if sum(game_slot(g, 2) == slot for g in games) >= count // 2:
            continue                          # an even split keeps both processes busy
        while free := service.free_seats(game):
            service.join(game, free[0], f"{free[0]}@{game}", by_user="admin",
                         email=f"{free[0].lower()}.{game}@players.test")
        service.start(game, "admin")
        games.append(game)
    return games


def play(service: Service, games: list[str], rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        game = rng.choice(games)
        active = sorted(service.active(game))
        if not active:
            continue
        seat = rng.choice(active)
        offered: list[Action] = [c.action for c in service.decision(game, seat, "en").choices]
        if offered:
            service.act(game, seat, "admin", concrete(pick(rng, offered), rng))


def wanted(service: Service, notices: list[StoredNotice]) -> Counter[tuple[str, int]]:
    """(address, notice) for every notice each mail player must be told of."""
    out: Counter[tuple[str, int]] = Counter()
    for notice in notices:
        holders: dict[str, list[str]] = {}
        for seat, address in service.seat_addresses(notice.game_id).items():
            if address:
                holders.setdefault(address, []).append(seat)
        for address in _recipients(notice, holders):
            out[address, notice.id] += 1
    return out


def told(relay: Catcher, notices: list[StoredNotice],
         want: Counter[tuple[str, int]]) -> Counter[tuple[str, int]]:
    """(address, notice) for each notice each mail told its player about: a mail's key
    names the first and last notice of the game it tells of."""
    out: Counter[tuple[str, int]] = Counter()
    ids = sorted(n.id for n in notices)
    for mail in relay.mails:
        found = KEY.search(str(mail.message["Message-ID"]))
        assert found, mail.message["Message-ID"]
        first, last = int(found[1]), int(found[2])
        for n in ids:
            if first <= n <= last and (mail.recipient, n) in want:
                out[mail.recipient, n] += 1
    return out


async def settle(service: Service, relay: Catcher, timeout: float = 120) -> None:
    """Until every share's cursor is past every notice and the relay has been quiet."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        last = max((n.id for n in service._store.all_notices() if n.due is None), default=0)
        readers = service._store.readers()
        shares = [p for r, (p, _) in readers.items() if r.startswith("mail/")]
        if len(shares) >= 2 and min(shares) >= last:
            count = len(relay.mails)
            await asyncio.sleep(1.0)
            if len(relay.mails) == count:
                return
        assert loop.time() < end, f"cursors {readers}, last notice {last}"
        await asyncio.sleep(0.3)


async def run_shares(pg_url: str, tmp_path: Path, relay: Catcher, *, games: int,
                     moves: int, kill: bool) -> None:
    engine.games.load()
    service = Service(open_store(pg_url))
    gateways = Gateways(pg_url, config(tmp_path, relay.port), tmp_path)
    try:
        await asyncio.gather(gateways.start("a", "0/2"), gateways.start("b", "1/2"),
                             gateways.start("twin", "1/2"))   # b's twin: takes, never twice
        rng = random.Random(18)
        ids = await asyncio.to_thread(new_games, service, games)
        await asyncio.to_thread(play, service, ids, rng, moves)
        at_kill = 0
        if kill:
            await asyncio.sleep(rng.uniform(0.2, 1.5))      # a's mails being sent
            at_kill = max(n.id for n in service._store.all_notices())
            await gateways.kill("a")
            await asyncio.to_thread(play, service, ids, rng, moves)   # a's games go on
            await gateways.start("a", "0/2")
        await asyncio.to_thread(play, service, ids, rng, moves)
        await settle(service, relay)
        await gateways.stop_all()
    finally:
        for proc in gateways.procs.values():
            _kill_group(proc)
            await proc.wait()
    notices = [n for n in service._store.all_notices() if n.due is None]
    want = wanted(service, notices)
    got = told(relay, notices, want)
    service._store.close()
    assert want and len(relay.mails) > games
    lost = sorted(k for k in want if got[k] == 0)
    assert not lost, f"never told: {lost[:10]} ({len(lost)})"
    twice = sorted(k for k in want if got[k] > 1)
    by_id = {n.id: n for n in notices}
    if kill:       # only a's notices, those about when it died, may have gone out twice
        assert all(game_slot(by_id[n].game_id, 2) == 0 and n <= at_kill for _, n in twice), \
            twice
    else:
        assert not twice, twice
    shares = Counter(game_slot(by_id[n].game_id, 2) for _, n in want)
    assert shares[0] and shares[1]           # both processes had mail to send


@pytest.mark.skipif(not COURIER.exists(), reason="the courier console script is not installed")
async def test_two_shares_and_a_twin_send_each_notice_once(
        pg_url: str, tmp_path: Path, relay: Catcher) -> None:
    await run_shares(pg_url, tmp_path, relay, games=2, moves=10, kill=False)


@pytest.mark.long
@pytest.mark.skipif(not COURIER.exists(), reason="the courier console script is not installed")
async def test_a_share_killed_mid_play_and_restarted_loses_nothing(
        pg_url: str, tmp_path: Path, relay: Catcher) -> None:
    await run_shares(pg_url, tmp_path, relay, games=6, moves=25, kill=True)

