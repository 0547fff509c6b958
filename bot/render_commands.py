"""``courier render``, ``digest``, ``replay`` and ``bench-render``: pictures of a game.

Thin handlers: they read states and events through the service and hand them to the pure
renderers in ``renders.gandhi``.  Their arguments are in ``bot.cli.build_parser``; the handlers
are registered in ``bot.commands.HANDLERS`` at the foot of this module (imported by
``bot.cli.main``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from bot.bench import percentile
from bot.cli import Handler, say, write_file
from bot.config import Config
from engine.core.messages import CourierError
from engine.service import Service
from engine.store import Store
from renders.animate import Format
from renders.gandhi.digest import render_digest
from renders.gandhi.map import render_map
from renders.gandhi.replay import render_frame, replay_with_format
from renders.gandhi.timeline import Frame, caption, frames_of

RENDERED_RULESETS = ("gandhi",)


def language(args: argparse.Namespace, service: Service, config: Config) -> str:
    """--lang of the subcommand, then the global --lang, then the game's language."""
    meta = service.store.game(args.game)
    if meta["ruleset"] not in RENDERED_RULESETS:
        raise CourierError("renders.cli.no_renderer", ruleset=meta["ruleset"])
    # --lang is one of en, es, it (argparse refuses others); a game's language too
    return str(args.render_lang or args.lang or meta.get("language") or config.language)


def write(config: Config, path: str | Path, data: bytes) -> int:
    write_file(path, data)  # one clear line when the folder is missing
    say(config, "renders.cli.wrote", path=str(path), size=len(data))
    return 0


def cmd_render(args: argparse.Namespace, service: Service, config: Config) -> int:
    lang = language(args, service, config)
    if args.at is not None:
        service.check_event(args.game, args.at)
    state = service.load(args.game, args.at)
    return write(config, args.out or f"{args.game}-{state.seq}.png",
                 render_map(state.game, lang))


def game_frames(service: Service, game: str) -> list[Frame]:
    frames = frames_of(service.ruleset_of(game), service.records(game))
    if not frames:
        raise CourierError("renders.cli.no_frames")
    return frames


def cmd_digest(args: argparse.Namespace, service: Service, config: Config) -> int:
    lang = language(args, service, config)
    if args.at is not None:
        service.check_event(args.game, args.at)
    after = service.load(args.game, args.at)
    since = args.since
    if since is not None and not 0 <= since < after.seq:
        raise CourierError("cli.bad_since", asked=since, last=after.seq - 1)
    if since is None:
        frames = [f for f in game_frames(service, args.game) if f.seq < after.seq]
        since = frames[-1].seq if frames else 0
    before = service.load(args.game, since)
    events = service.records(args.game, after=since, upto=after.seq)
    png, text = render_digest(before.game, after.game, events, lang)
    print(text)
    return write(config, args.out or f"{args.game}-digest-{after.seq}.png", png)


def _turn(frames: list[Frame], n: int) -> int:
    if not 0 <= n < len(frames):
        raise CourierError("renders.cli.bad_range", last=len(frames) - 1, asked=n)
    return n


def _format(args: argparse.Namespace) -> Format:
    if args.format:
        return args.format  # type: ignore[no-any-return]
    suffix = Path(args.out or "").suffix.lower().lstrip(".")
    return "gif" if suffix == "gif" else "webp" if suffix == "webp" else "auto"


def cmd_replay(args: argparse.Namespace, service: Service, config: Config) -> int:
    lang = language(args, service, config)
    frames = game_frames(service, args.game)
    total = len(frames)
    if args.turn is not None:
        n = _turn(frames, args.turn)
        png = render_frame(frames[n].state, caption(frames[n], n, total, lang), lang)
        return write(config, args.out or f"{args.game}-turn-{n}.png", png)
    first = _turn(frames, args.first)
    last = _turn(frames, total - 1 if args.last is None else args.last)
    if last < first:
        raise CourierError("cli.replay_order", first=first, last=last)
    chosen = [(frames[i].state, caption(frames[i], i, total, lang))
              for i in range(first, last + 1)]
    data, kind = replay_with_format(chosen, _format(args), lang)
    out = Path(args.out) if args.out else Path(f"{args.game}-replay.{kind}")
    if out.suffix.lower() != f".{kind}":
        out = out.with_suffix(f".{kind}")
    return write(config, out, data)


# --- bench-render ---------------------------------------------------------------------


def _play(service: Service, scenario: str, game: str) -> str:
    """A whole game in which every Faction passes, says done or skips."""
    service.create_game("gandhi", scenario, game_id=game)
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


def run_render_bench(runs: int, frame_count: int) -> str:
    service = Service(Store(":memory:"))
    games = [_play(service, scenario, f"bench-{i}")
             for i, scenario in enumerate(("main", "short", "main", "short"))]
    first = game_frames(service, games[0])
    before, mid = first[len(first) // 2 - 1], first[len(first) // 2]
    frames = [f for g in games for f in game_frames(service, g)]
    while len(frames) < frame_count:
        frames += frames
    frames = frames[:frame_count]
    (cold,), _ = _timed(lambda: render_map(mid.state, "en"), 1)  # builds the background
    map_times, png = _timed(lambda: render_map(mid.state, "en"), runs)
    events = service.records(games[0], after=before.seq, upto=mid.seq)
    digest_times, _ = _timed(lambda: render_digest(before.state, mid.state, events, "en"), 5)
    chosen = [(f.state, caption(f, i, len(frames), "en")) for i, f in enumerate(frames)]
    lines = [f"map: median {statistics.median(map_times) * 1000:.0f} ms, "
             f"p99 {percentile(map_times, 0.99) * 1000:.0f} ms over {runs} renders; "
             f"PNG {len(png) / 1024:.0f} KiB; first render (draws the background once) "
             f"{cold * 1000:.0f} ms",
             f"digest: median {statistics.median(digest_times) * 1000:.0f} ms"]
    for fmt in ("gif", "webp", "auto"):
        (elapsed,), (data, kind) = _timed(lambda f=fmt: replay_with_format(chosen, f), 1)
        lines.append(f"replay {fmt}: {len(frames)} frames in {elapsed:.1f} s, "
                     f"{len(data) / 1024 / 1024:.2f} MiB ({kind})")
    return "\n".join(lines)


def cmd_bench_render(args: argparse.Namespace, service: Service, config: Config) -> int:
    print(run_render_bench(args.runs, args.frames))
    return 0


RENDER_HANDLERS: dict[str, Handler] = {
    "render": cmd_render, "digest": cmd_digest, "replay": cmd_replay,
    "bench-render": cmd_bench_render}

from bot.commands import HANDLERS  # noqa: E402

HANDLERS.update(RENDER_HANDLERS)
