"""The async service (issue: the service front-ends stand on): calls on one game are
serialized, calls on many run side by side, nothing is lost or doubled, pictures are drawn
in a process, and reads from many threads while a writer acts see consistent positions."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

import engine.games
from bot.async_service import AsyncService
from engine.core.messages import CourierError
from engine.fuzz import concrete
from engine.service import Service
from engine.store import Store

engine.games.load()


async def client(aservice: AsyncService, games: list[str], rng: random.Random,
                 moves: int) -> int:
    """A front-end acting for whoever must decide, in random games, as fast as it can."""
    done = 0
    for _ in range(moves):
        game = rng.choice(games)
        active = sorted(await aservice.active(game))
        if not active:
            continue
        seat = active[0]
        view = await aservice.decision(game, seat, "en")
        if not view.choices:
            continue      # the game moved on since ``active``
        try:
            await aservice.act(game, seat, None, concrete(rng.choice(
                [c.action for c in view.choices]), rng), expected_head=view.head)
            done += 1
        except CourierError:
            pass   # another client moved this game first: the choice went stale
    return done


async def test_four_clients_on_many_games_lose_and_double_nothing(tmp_path: Path) -> None:
    service = Service(Store(tmp_path / "games.db"))
    aservice = AsyncService(service)
    games = [await aservice.create_game("toy", "standard", seed=str(n)) for n in range(10)]
    counts = await asyncio.gather(*(client(aservice, games, random.Random(n), 60)
                                    for n in range(4)))
    assert sum(counts) > 100
    for game in games:
        assert service.verify(game).ok                      # chain, folds and actions
        taken = [r for r in service.records(game) if r.type == "ActionTaken"]
        assert len({r.seq for r in taken}) == len(taken)
    aservice.close()


async def test_concurrent_commands_on_one_game_are_serialized(tmp_path: Path) -> None:
    service = Service(Store(tmp_path / "games.db"))
    aservice = AsyncService(service)
    game = await aservice.create_game("toy", "standard", seed="one")
    results = await asyncio.gather(*(aservice.act(game, "red", None, text)
                                     for text in ("add one", "add two", "add three")),
                                   return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, CourierError)]
    assert len(ok) == 2 and len(refused) == 1            # two steps a turn, then refused
    assert service.verify(game).ok and service.head(game) == 2 + 2 * 2  # setup, 2 commands
    aservice.close()


async def test_pictures_are_drawn_in_a_process(tmp_path: Path) -> None:
    service = Service(Store(tmp_path / "games.db"))
    aservice = AsyncService(service)
    game = await aservice.create_game("gandhi", "short", seed="pic")
    png = await aservice.picture(service.map_picture, game, "es")
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 100_000
    aservice.close()


def test_readers_in_threads_see_consistent_positions_while_a_writer_acts(
        tmp_path: Path) -> None:
    service = Service(Store(tmp_path / "games.db"))
    game = service.create_game("gandhi", "short", seed="threads")
    seen: list[tuple[int, list[str]]] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            try:
                for seat in sorted(service.active(game)):
                    view = service.decision(game, seat, "en")
                    service.status(game, "en")
                    service.board_text(game, None, "en")
                    seen.append((view.head, [c.text for c in view.choices]))
            except BaseException as err:   # noqa: BLE001  (any error fails the test)
                errors.append(err)

    readers = [threading.Thread(target=read) for _ in range(4)]
    for thread in readers:
        thread.start()
    rng = random.Random(3)
    for _ in range(120):
        if not service.active(game):
            break
        seat = sorted(service.active(game))[0]
        service.act(game, seat, None, concrete(rng.choice(service.legal(game, seat).actions),
                                               rng))
    stop.set()
    for thread in readers:
        thread.join()
    assert errors == [] and len(seen) > 20
    fresh = Service(Store(tmp_path / "games.db"))
    for seq, texts in seen[:: max(1, len(seen) // 40)]:    # what each read saw was real
        state = fresh.kernel_state(game, at=seq).game
        ruleset = fresh.ruleset_of(game)
        assert any(texts == ruleset.legal_actions(state, s).texts()
                   for s in ruleset.seats), seq


async def test_picture_processes_are_started_warm_before_the_first_picture(
        tmp_path: Path) -> None:
    """``courier bot`` starts its picture processes before it logs in, each having drawn
    the latest game's pictures once, so the first card after a restart is not late."""
    service = Service(Store(tmp_path / "games.db"))
    aservice = AsyncService(service, processes=2)
    game = await aservice.create_game("gandhi", "short", seed="warm")
    assert await asyncio.to_thread(aservice.start_drawing) == 2
    since, upto = service.last_turn(game)
    png = await aservice.picture(service.focus_picture, game, "en", since, upto)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert await asyncio.to_thread(aservice.start_drawing) == 2   # once is enough
    aservice.close()
