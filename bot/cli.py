"""``courier``: the command line.  Local hot-seat play, inspection, export, verify, bench.

Every subcommand goes through ``engine.service.Service``, like the Discord and e-mail
front-ends.  With no subcommand, ``courier`` runs the main job: the Discord bot when a
token is configured, otherwise a local game on the command line.

Whatever a user types, they get either the answer or one line saying what is wrong, with a
non-zero exit and nothing written: never a traceback (``COURIER_DEBUG=1`` shows one for an
internal error).
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from bot.config import Config, load_config
from engine import games
from engine.core import ruleset as registry
from engine.core.messages import CourierError, GameNotFound
from engine.i18n import LANGUAGES, t
from engine.service import Service
from engine.store import Store, is_postgres, sqlite_path
from engine.store import open_store as store_at

if TYPE_CHECKING:
    from engine.store import AnyStore

Handler = Callable[[argparse.Namespace, Service, Config], int]

# the commands that may create the database (a new game); every other command reads an
# existing one, and finds no game when there is none
CREATING = frozenset({"main", "new", "import", "play", "bot", "mail"})
# the commands that never open the games' database (they build their own, or need none)
STORELESS = frozenset({"bench", "bench-render", "bench-discord", "bench-mail", "bench-np", "fuzz",
                       "invite", "migrate"})
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports `yes | head`
EXIT_INTERNAL = 70      # EX_SOFTWARE


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: what is wrong and where the help is."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} ({self.prog} --help)\n")


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    def h(key: str) -> str:
        return t(f"cli.help.{key}", lang).replace("%", "%%")

    p = Parser(prog="courier", description=h("courier"))
    p.add_argument("--db", metavar="FILE", help=h("db"))
    p.add_argument("--lang", choices=LANGUAGES, help=h("lang"))
    p.add_argument("--plugin", action="append", default=[], metavar="MODULE", help=h("plugin"))
    p.add_argument("--user", default=None, help=h("user"))
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    new = sub.add_parser("new", help=h("new"))
    new.add_argument("ruleset", nargs="?", help=h("ruleset"))
    new.add_argument("--scenario", help=h("scenario"))
    new.add_argument("--game", metavar="ID", help=h("game_id"))
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help=h("option"))
    new.add_argument("--pack", metavar="FILE", help=h("pack"))
    new.add_argument("--seat", action="append", default=[], metavar="SEAT=USER",
                     help=h("seat"))
    new.add_argument("--admin", metavar="USER", help=h("admin"))
    new.add_argument("--bot", action="append", default=[], metavar="SEAT", help=h("new_bot"))
    sub.add_parser("games", help=h("games"))
    play = sub.add_parser("play", help=h("play"))
    play.add_argument("game", nargs="?", help=h("game_or_latest"))
    act = sub.add_parser("act", help=h("act"))
    act.add_argument("game", help=h("game"))
    act.add_argument("seat", help=h("seat_name"))
    act.add_argument("text", nargs="+", help=h("text"))
    act.add_argument("--json", action="store_true", help=h("act_json"))
    legal = sub.add_parser("legal", help=h("legal"))
    legal.add_argument("game", help=h("game"))
    legal.add_argument("seat", nargs="?", help=h("seat_or_active"))
    legal.add_argument("--json", action="store_true", help=h("legal_json"))
    show = sub.add_parser("show", help=h("show"))
    show.add_argument("game", help=h("game"))
    show.add_argument("--at", type=int, metavar="SEQ", help=h("at"))
    log = sub.add_parser("log", help=h("log"))
    log.add_argument("game", help=h("game"))
    log.add_argument("--since", type=int, default=0, metavar="SEQ", help=h("since"))
    log.add_argument("--json", action="store_true", help=h("json"))
    for name in ("undo", "approve", "deny"):
        cmd = sub.add_parser(name, help=h(name))
        cmd.add_argument("game", help=h("game"))
        cmd.add_argument("seat", help=h("seat_name"))
    exp = sub.add_parser("export", help=h("export"))
    exp.add_argument("game", help=h("game"))
    exp.add_argument("--out", metavar="FILE", help=h("export_out"))
    exp.add_argument("--seat", help=h("export_seat"))
    imp = sub.add_parser("import", help=h("import"))
    imp.add_argument("file", help=h("import_file"))
    imp.add_argument("--game", metavar="ID", help=h("import_id"))
    bots = sub.add_parser("bots", help=h("bots"))
    bots.add_argument("game", help=h("game"))
    bots.add_argument("seat", nargs="?", help=h("bots_seat"))
    bots.add_argument("switch", nargs="?", choices=("on", "off"), help=h("bots_switch"))
    ver = sub.add_parser("verify", help=h("verify"))
    ver.add_argument("game", nargs="?", help=h("game_or_all"))
    mig = sub.add_parser("migrate", help=h("migrate"))
    mig.add_argument("--from", dest="source", required=True, metavar="URL",
                     help=h("migrate_from"))
    mig.add_argument("--to", dest="target", required=True, metavar="URL", help=h("migrate_to"))
    discord_bot = sub.add_parser("bot", help=h("bot"))
    discord_bot.add_argument("--guild", type=int, metavar="ID", help=h("bot_guild"))
    discord_bot.add_argument("--invite", action="store_true", help=h("bot_invite"))
    discord_bot.add_argument("--client-id", type=int, metavar="ID", help=h("bot_client_id"))
    sub.add_parser("mail", help=h("mail"))
    bench_mail = sub.add_parser("bench-mail", help=h("bench_mail"))
    bench_mail.add_argument("--turns", type=int, default=50, help=h("bench_turns"))
    bench_mail.add_argument("--seed", type=int, default=1, help=h("seed"))
    bench_mail.add_argument("--no-discord", dest="discord", action="store_false",
                            help=h("bench_no_discord"))
    bench_mail.add_argument("--json", action="store_true", help=h("bench_json"))
    bench = sub.add_parser("bench", help=h("bench"))
    bench.add_argument("--ruleset", help=h("ruleset"))
    bench.add_argument("--scenario", help=h("scenario"))
    bench.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help=h("option"))
    bench.add_argument("--events", type=int, default=5000, help=h("events"))
    bench.add_argument("--seed", type=int, default=1, help=h("seed"))
    bench.add_argument("--kernel", action="store_true", help=h("bench_kernel"))
    bench.add_argument("--games", type=int, default=200, help=h("bench_games"))
    bench.add_argument("--json", action="store_true", help=h("bench_json"))
    bench_discord = sub.add_parser("bench-discord", help=h("bench_discord"))
    bench_discord.add_argument("--games", type=int, default=100, help=h("bench_discord_games"))
    bench_discord.add_argument("--moves", type=int, default=2000, help=h("bench_discord_moves"))
    bench_discord.add_argument("--clients", type=int, default=4,
                               help=h("bench_discord_clients"))
    bench_discord.add_argument("--pace", type=float, default=20.0, metavar="PER_SECOND",
                               help=h("bench_discord_pace"))
    bench_discord.add_argument("--seed", type=int, default=1, help=h("seed"))
    bench_discord.add_argument("--json", action="store_true", help=h("bench_json"))
    fz = sub.add_parser("fuzz", help=h("fuzz"))
    fz.add_argument("--games", type=int, default=100, help=h("fuzz_games"))
    fz.add_argument("--seed", type=int, default=1, help=h("seed"))
    fz.add_argument("--out", default="fuzz-failures", metavar="DIR", help=h("fuzz_out"))
    fz.add_argument("--ruleset", help=h("ruleset"))
    fz.add_argument("--humans", type=int, metavar="K", help=h("fuzz_humans"))
    bench_np = sub.add_parser("bench-np", help=h("bench_np"))
    bench_np.add_argument("--games", type=int, default=6, help=h("bench_np_games"))
    bench_np.add_argument("--seed", type=int, default=1, help=h("seed"))
    bench_np.add_argument("--json", action="store_true", help=h("bench_np_json"))
    _render_commands(sub, h)
    return p


def _render_commands(sub: argparse._SubParsersAction[Parser],
                     h: Callable[[str], str]) -> None:
    render = sub.add_parser("render", help=h("render"))
    render.add_argument("game", help=h("game"))
    render.add_argument("--at", type=int, metavar="SEQ", help=h("at"))
    render.add_argument("--out", metavar="FILE", help=h("render_out"))
    render.add_argument("--lang", dest="render_lang", choices=LANGUAGES, help=h("lang"))
    digest = sub.add_parser("digest", help=h("digest"))
    digest.add_argument("game", help=h("game"))
    digest.add_argument("--since", type=int, metavar="SEQ", help=h("digest_since"))
    digest.add_argument("--at", type=int, metavar="SEQ", help=h("at"))
    digest.add_argument("--out", metavar="FILE", help=h("digest_out"))
    digest.add_argument("--lang", dest="render_lang", choices=LANGUAGES, help=h("lang"))
    replay = sub.add_parser("replay", help=h("replay"))
    replay.add_argument("game", help=h("game"))
    replay.add_argument("--from", dest="first", type=int, default=0, metavar="N",
                        help=h("replay_from"))
    replay.add_argument("--to", dest="last", type=int, metavar="M", help=h("replay_to"))
    replay.add_argument("--turn", type=int, metavar="N", help=h("replay_turn"))
    replay.add_argument("--format", choices=("auto", "gif", "webp"), default=None,
                        help=h("replay_format"))
    replay.add_argument("--out", metavar="FILE", help=h("replay_out"))
    replay.add_argument("--lang", dest="render_lang", choices=LANGUAGES, help=h("lang"))
    bench_render = sub.add_parser("bench-render", help=h("bench_render"))
    bench_render.add_argument("--runs", type=int, default=30, help=h("runs"))
    bench_render.add_argument("--frames", type=int, default=100, help=h("frames"))
    bench_render.add_argument("--ruleset", help=h("ruleset"))


def _early_language(argv: Sequence[str], config: Config) -> str:
    """The language of the help texts: ``--lang`` if given, before the full parse."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _ = early.parse_known_args(argv)
    return known.lang if known.lang in LANGUAGES else config.language


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        status = _main(args_list)
        sys.stdout.flush()  # a pipe's reader may be gone: find out here, not at exit
        return status
    except BrokenPipeError:
        # the reader went away (`courier log G | head`): stop quietly, as `git log` does
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE


def _main(argv: list[str]) -> int:
    try:
        config = load_config()
    except CourierError as err:
        return fail(err.message("en"))
    args = build_parser(_early_language(argv, config)).parse_args(argv)
    if args.lang:
        config.language = args.lang
    lang = config.language
    try:
        added = load_games([*config.plugins, *args.plugin])
    except CourierError as err:
        return fail(err.message(lang))
    if added:  # DESIGN.md: a plugin given on the command line is the game to play
        config.default_ruleset = added[0]
    if args.db:
        config.db_path, config.db_is_default = args.db, False
    command = args.command or "main"
    try:  # `bot --invite` prints a link: it neither reads nor creates the games' file
        store, created = open_store(config, "invite" if getattr(args, "invite", False)
                                    else command)
    except CourierError as err:
        return fail(err.message(lang))
    import bot.render_commands  # noqa: F401
    from bot import commands  # the handlers; imported late to keep start-up light

    status = 1
    try:
        status = run_handler(commands.HANDLERS[command], args, Service(store), config)
    finally:
        store.close()
        if created and status != 0:
            forget_new_store(config, created)
    return status


def run_handler(handler: Handler, args: argparse.Namespace, service: Service,
                config: Config) -> int:
    lang = config.language
    try:
        return handler(args, service, config)
    except GameNotFound as err:
        return fail(err.message(lang) + " " + t("cli.where_games_are", lang,
                                                 path=shown_url(config.db_path)))
    except CourierError as err:
        return fail(err.message(lang))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        raise
    except database_errors() as exc:
        return fail(t("cli.database_error", lang, path=shown_url(config.db_path),
                      problem=str(exc)))
    except Exception as exc:  # a bug: one line for the user, the details on request
        if os.environ.get("COURIER_DEBUG"):
            raise
        return fail(t("cli.internal_error", lang, problem=f"{type(exc).__name__}: {exc}"),
                    EXIT_INTERNAL)


def fail(message: str, status: int = 2) -> int:
    print(message, file=sys.stderr)
    return status


def load_games(plugins: list[str]) -> list[str]:
    """Register the built-in games and the plugins; the rulesets the plugins define."""
    games.load()
    for module in plugins:
        try:
            games.load([module])
        except ImportError as exc:
            raise CourierError("cli.bad_plugin", module=module, problem=str(exc)) from None
    return [name for name in registry.names()
            if type(registry.get(name)).__module__ in plugins]


def open_store(config: Config, command: str) -> tuple[AnyStore, list[Path]]:
    """The games' database, and what this run created for it (to remove again if the
    command fails).  A command that only reads never creates one: it gets an empty store
    in memory, in which it finds no game.  A ``postgresql://`` URL is a PostgreSQL server
    (issue 18); ``sqlite:///FILE`` or a plain path a SQLite file."""
    if is_postgres(config.db_path):
        if command in STORELESS:
            return Store(":memory:"), []
        try:
            return store_at(config.db_path), []
        except database_errors() as exc:
            raise CourierError("cli.database_error", path=shown_url(config.db_path),
                               problem=str(exc)) from None
    path = Path(sqlite_path(config.db_path))
    if command in STORELESS or (command not in CREATING and not path.exists()):
        return Store(":memory:"), []
    created: list[Path] = []
    if not path.exists():
        if config.db_is_default:
            missing = [d for d in (path.parent, *path.parent.parents) if not d.exists()]
            path.parent.mkdir(parents=True, exist_ok=True)
            created += missing
        created.insert(0, path)
    try:
        return Store(path), created
    except sqlite3.Error as exc:
        raise CourierError("cli.database_error", path=str(path), problem=str(exc)) from None


def database_errors() -> tuple[type[Exception], ...]:
    """The errors of the store backends that are installed."""
    try:
        import psycopg
    except ImportError:
        return (sqlite3.DatabaseError,)
    return (sqlite3.DatabaseError, psycopg.Error)


def shown_url(url: str) -> str:
    """A database URL fit to print: without its password."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def forget_new_store(config: Config, created: list[Path]) -> None:
    """A failed command leaves nothing behind: the database it created, if still without
    a game, and the folders made for it."""
    db = created[0]
    try:
        probe = Store(db)
        empty = not probe.games()
        probe.close()
    except sqlite3.Error:
        return
    if not empty:
        return
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    for folder in created[1:]:
        try:
            folder.rmdir()
        except OSError:
            break


def say(config: Config, key: str, **params: object) -> None:
    print(t(key, config.language, **params))


def default_ruleset(config: Config) -> str | None:
    names = registry.names()
    if config.default_ruleset in names:
        return config.default_ruleset
    return names[0] if names else None


def read_text(path: str) -> str:
    """A file a user named, exactly as written; one clear line when it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CourierError("cli.cannot_read", file=path, problem=_reason(exc)) from None


def read_file(path: str) -> list[str]:
    return read_text(path).splitlines()


def write_file(path: str | Path, data: bytes | str) -> None:
    """Write a file a user named; one clear line when it cannot be written."""
    try:
        if isinstance(data, bytes):
            Path(path).write_bytes(data)
        else:
            Path(path).write_text(data, encoding="utf-8")
    except OSError as exc:
        raise CourierError("cli.cannot_write", file=str(path), problem=_reason(exc)) from None


def _reason(exc: Exception) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


if __name__ == "__main__":
    sys.exit(main())


def cmd_migrate(args: argparse.Namespace, service: Service, config: Config) -> int:
    """Copy every game from ``--from`` into the empty ``--to``, then verify each copy."""
    from engine.store.migrate import migrate

    if not is_postgres(args.source) and not Path(sqlite_path(args.source)).exists():
        raise CourierError("cli.database_error", path=args.source, problem="no such file")
    source, target = store_at(args.source), store_at(args.target)
    try:
        if target.games():
            say(config, "cli.migrate_not_empty", target=shown_url(args.target))
            return 2
        done = migrate(source, target)
        say(config, "cli.migrated", games=len(done.games), events=done.events,
            notices=done.notices, source=shown_url(args.source),
            target=shown_url(args.target))
        status = 0
        copy = Service(target)
        for game in done.games:
            report = copy.verify(game)
            if report.ok:
                say(config, "cli.verify_ok", game=game, events=report.events)
            else:
                status = 1
                say(config, "cli.verify_bad", game=game, seq=report.first_bad_seq,
                    problem=report.problem)
        return status
    finally:
        source.close()
        target.close()
