"""``courier``: the command line.  Local hot-seat play, inspection, export, verify, bench.

Every subcommand goes through ``engine.service.Service``, like the Discord and e-mail
front-ends.  With no subcommand, ``courier`` runs the main job: the Discord bot when a
token is configured, otherwise a local game on the command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.config import Config, load_config
from engine import games
from engine.core import ruleset as registry
from engine.core.messages import CourierError
from engine.i18n import t
from engine.service import Service
from engine.store import Store

Handler = Callable[[argparse.Namespace, Service, Config], int]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="courier", description=__doc__)
    p.add_argument("--db", help="SQLite file (default: config or courier.db)")
    p.add_argument("--lang", help="en, es or it")
    p.add_argument("--plugin", action="append", default=[], help="extra ruleset module")
    p.add_argument("--user", default=None, help="who is acting (default: local hot-seat)")
    sub = p.add_subparsers(dest="command")
    new = sub.add_parser("new", help="create a game")
    new.add_argument("ruleset", nargs="?")
    new.add_argument("--scenario")
    new.add_argument("--game", help="game id (default: random)")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    new.add_argument("--pack", metavar="FILE", help="a deck pack (TOML) for this game")
    new.add_argument("--seat", action="append", default=[], metavar="SEAT=USER")
    new.add_argument("--admin")
    sub.add_parser("games", help="list games")
    play = sub.add_parser("play", help="play a game hot-seat in this terminal")
    play.add_argument("game", nargs="?")
    act = sub.add_parser("act", help="one action for one seat")
    act.add_argument("game")
    act.add_argument("seat")
    act.add_argument("text", nargs="+")
    legal = sub.add_parser("legal", help="what a seat may do now")
    legal.add_argument("game")
    legal.add_argument("seat", nargs="?")
    show = sub.add_parser("show", help="the state of a game")
    show.add_argument("game")
    show.add_argument("--at", type=int)
    log = sub.add_parser("log", help="the event log")
    log.add_argument("game")
    log.add_argument("--since", type=int, default=0)
    for name in ("undo", "approve", "deny"):
        cmd = sub.add_parser(name, help=f"{name} the last command / an undo request")
        cmd.add_argument("game")
        cmd.add_argument("seat")
    exp = sub.add_parser("export", help="write a game as JSON Lines")
    exp.add_argument("game")
    exp.add_argument("--out")
    imp = sub.add_parser("import", help="read a game from JSON Lines (verified first)")
    imp.add_argument("file")
    imp.add_argument("--game")
    ver = sub.add_parser("verify", help="re-fold and re-check games")
    ver.add_argument("game", nargs="?")
    bench = sub.add_parser("bench", help="measure fold, load and append speed")
    bench.add_argument("--ruleset")
    bench.add_argument("--scenario")
    bench.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    bench.add_argument("--events", type=int, default=5000)
    bench.add_argument("--seed", type=int, default=1)
    fz = sub.add_parser("fuzz", help="play random legal games and check invariants")
    fz.add_argument("--games", type=int, default=100)
    fz.add_argument("--seed", type=int, default=1)
    fz.add_argument("--out", default="fuzz-failures", help="where failing logs go")
    render = sub.add_parser("render", help="write the map picture of a game (PNG)")
    render.add_argument("game")
    render.add_argument("--at", type=int, help="as of this event (default: now)")
    render.add_argument("--out", help="file to write (default: GAME-SEQ.png)")
    render.add_argument("--lang", dest="render_lang", help="en, es or it")
    digest = sub.add_parser("digest", help="the map and text of what happened since SEQ")
    digest.add_argument("game")
    digest.add_argument("--since", type=int, help="from this event (default: last card)")
    digest.add_argument("--at", type=int, help="up to this event (default: now)")
    digest.add_argument("--out", help="file to write (default: GAME-digest-SEQ.png)")
    digest.add_argument("--lang", dest="render_lang", help="en, es or it")
    replay = sub.add_parser("replay", help="an animation of a game, or one turn as PNG")
    replay.add_argument("game")
    replay.add_argument("--from", dest="first", type=int, default=0, help="first turn")
    replay.add_argument("--to", dest="last", type=int, help="last turn (default: the end)")
    replay.add_argument("--turn", type=int, help="write only this turn, as PNG")
    replay.add_argument("--format", choices=("auto", "gif", "webp"), default=None,
                        help="default: from --out's extension, else the smaller")
    replay.add_argument("--out", help="file to write (default: GAME-replay.EXT)")
    replay.add_argument("--lang", dest="render_lang", help="en, es or it")
    bench_render = sub.add_parser("bench-render", help="time map, digest and replay renders")
    bench_render.add_argument("--runs", type=int, default=30)
    bench_render.add_argument("--frames", type=int, default=100)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    config = load_config()
    if args.lang:
        config.language = args.lang
    games.load([*config.plugins, *args.plugin])
    store = Store(args.db or config.db_path)
    service = Service(store)
    import bot.render_commands  # noqa: F401
    from bot import commands  # the handlers; imported late to keep start-up light

    handler: Handler = commands.HANDLERS[args.command or "main"]
    try:
        return handler(args, service, config)
    except CourierError as err:
        print(err.message(config.language), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        store.close()


def say(config: Config, key: str, **params: object) -> None:
    print(t(key, config.language, **params))


def default_ruleset(config: Config) -> str | None:
    names = registry.names()
    if config.default_ruleset in names:
        return config.default_ruleset
    return names[0] if names else None


def read_file(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


if __name__ == "__main__":
    sys.exit(main())
