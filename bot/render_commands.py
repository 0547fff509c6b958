"""``courier render``, ``digest``, ``replay`` and ``bench-render``: pictures of a game.

Thin handlers: they read states and events through the service and hand them to the pure
renderers each game registers (``renders``).  Their arguments are in
``bot.cli.build_parser``; the handlers are registered in ``bot.commands.HANDLERS`` at the
foot of this module (imported by ``bot.cli.main``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

import renders
from bot.bench import percentile
from bot.cli import Handler, default_ruleset, say, write_file
from bot.config import Config
from engine.core import ruleset as registry
from engine.core.messages import CourierError
from engine.games import DEFAULT as DEFAULT_RULESET
from engine.pictures import Job
from engine.service import Service
from engine.store import Store
from renders.animate import Format

renders.load()   # every game's pictures, registered with the engine


def language(args: argparse.Namespace, service: Service, config: Config) -> str:
    """--lang of the subcommand, then the global --lang, then the game's language."""
    info = service.game_info(args.game)
    # --lang is one of en, es, it (argparse refuses others); a game's language too
    return str(args.render_lang or args.lang or info.language or config.language)


def write(config: Config, path: str | Path, data: bytes) -> int:
    write_file(path, data)  # one clear line when the folder is missing
    say(config, "renders.cli.wrote", path=str(path), size=len(data))
    return 0


def cmd_render(args: argparse.Namespace, service: Service, config: Config) -> int:
    lang = language(args, service, config)
    png = service.draw(service.map_picture(args.game, lang, args.at))
    seq = args.at if args.at is not None else service.head(args.game)
    return write(config, args.out or f"{args.game}-{seq}.png", png)


def cmd_digest(args: argparse.Namespace, service: Service, config: Config) -> int:
    lang = language(args, service, config)
    if args.at is not None:
        service.check_event(args.game, args.at)
    upto = args.at if args.at is not None else service.head(args.game)
    since = args.since
    if since is not None and not 0 <= since < upto:
        raise CourierError("cli.bad_since", asked=since, last=upto - 1)
    if since is None:   # from the end of the last card or round before ``upto``
        since = max((seq for seq in service.frame_seqs(args.game) if seq < upto), default=0)
    png, text = service.draw(service.digest_picture(args.game, lang, since, upto))
    print(text)
    return write(config, args.out or f"{args.game}-digest-{upto}.png", png)


def _format(args: argparse.Namespace) -> Format:
    if args.format:
        return args.format  # type: ignore[no-any-return]
    suffix = Path(args.out or "").suffix.lower().lstrip(".")
    return "gif" if suffix == "gif" else "webp" if suffix == "webp" else "auto"


def cmd_replay(args: argparse.Namespace, service: Service, config: Config) -> int:
    lang = language(args, service, config)
    if args.turn is not None:
        png = service.draw(service.frame_picture(args.game, args.turn, lang))
        return write(config, args.out or f"{args.game}-turn-{args.turn}.png", png)
    data, kind = service.draw(service.replay_picture(args.game, lang, args.first, args.last,
                                                     _format(args)))
    out = Path(args.out) if args.out else Path(f"{args.game}-replay.{kind}")
    if out.suffix.lower() != f".{kind}":
        out = out.with_suffix(f".{kind}")
    return write(config, out, data)


# --- bench-render ---------------------------------------------------------------------


def _play(service: Service, name: str, scenario: str, game: str) -> str:
    """A whole game in which every Faction passes, says done or skips."""
    service.create_game(name, scenario, game_id=game)
    while active := sorted(service.active(game)):
        texts = service.legal(game, active[0]).texts()
        pick = next((x for x in texts if x in ("pass", "done", "skip")), None)
        service.act(game, active[0], None, pick or next(
            (x for x in texts if x.startswith("pass")), texts[0]))
    return game


def _timed(fn: Any, runs: int) -> tuple[list[float], Any]:
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return times, result


def run_render_bench(runs: int, frame_count: int, name: str | None = None) -> str:
    """Times the pictures of four games of the ruleset ``name`` (default:
    ``engine.games.DEFAULT``), on its first two scenarios in turn."""
    name = name or DEFAULT_RULESET
    scenarios = registry.get(name).scenarios()[:2]
    service = Service(Store(":memory:"))
    games = [_play(service, name, scenarios[i % len(scenarios)], f"bench-{i}")
             for i in range(4)]
    seqs = service.frame_seqs(games[0])
    before, mid = seqs[len(seqs) // 2 - 1], seqs[len(seqs) // 2]
    map_job = service.map_picture(games[0], "en", mid)
    (cold,), _ = _timed(lambda: service.draw(map_job), 1)  # builds the background
    map_times, png = _timed(lambda: service.draw(map_job), runs)
    digest_job = service.digest_picture(games[0], "en", before, mid)
    digest_times, _ = _timed(lambda: service.draw(digest_job), 5)
    lengths = [(g, service.replay_length(g)) for g in games]
    lines = [f"map: median {statistics.median(map_times) * 1000:.0f} ms, "
             f"p99 {percentile(map_times, 0.99) * 1000:.0f} ms over {runs} renders; "
             f"PNG {len(png) / 1024:.0f} KiB; first render (draws the background once) "
             f"{cold * 1000:.0f} ms",
             f"digest: median {statistics.median(digest_times) * 1000:.0f} ms"]
    frames = [frame for game, _ in lengths
              for frame in service.replay_picture(game, "en").args[0]]
    while len(frames) < frame_count:   # as many frames as asked, from the four games
        frames += frames
    for fmt in ("gif", "webp", "auto"):
        job = Job(name, "replay", (frames[:frame_count], fmt, "en"))
        (elapsed,), (data, kind) = _timed(lambda j=job: service.draw(j), 1)
        lines.append(f"replay {fmt}: {frame_count} frames in {elapsed:.1f} s, "
                     f"{len(data) / 1024 / 1024:.2f} MiB ({kind})")
    return "\n".join(lines)


def cmd_bench_render(args: argparse.Namespace, service: Service, config: Config) -> int:
    print(run_render_bench(args.runs, args.frames,
                           getattr(args, "ruleset", None) or default_ruleset(config)))
    return 0


RENDER_HANDLERS: dict[str, Handler] = {
    "render": cmd_render, "digest": cmd_digest, "replay": cmd_replay,
    "bench-render": cmd_bench_render}

from bot.commands import HANDLERS  # noqa: E402

HANDLERS.update(RENDER_HANDLERS)
