"""The handlers of the ``courier`` subcommands: thin calls into the service."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.cli import Handler, default_ruleset, read_file, say
from bot.config import Config
from engine.core import ruleset as registry
from engine.core.events import Recorded, payload_json
from engine.core.messages import CourierError
from engine.service import Result, Service


def pairs(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise CourierError("error.invalid_data", problem=f"expected KEY=VALUE, got {item}")
        out[key.strip()] = value.strip()
    return out


def typed_options(raw: dict[str, str]) -> dict[str, object]:
    def convert(value: str) -> object:
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return {k: convert(v) for k, v in raw.items()}


def read_pack(path: str) -> str:
    """A deck pack's text exactly as written (its SHA-256 is logged with the game)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CourierError("error.invalid_data", problem=f"{path}: {exc}") from None


def cmd_new(args: argparse.Namespace, service: Service, config: Config) -> int:
    name = args.ruleset or default_ruleset(config)
    if name is None:
        say(config, "cli.placeholder")
        return 1
    if name not in registry.names():
        raise CourierError("error.unknown_ruleset", ruleset=name,
                           choices=", ".join(registry.names()))
    scenario = args.scenario or registry.get(name).scenarios()[0]
    options = typed_options(pairs(args.option))
    if getattr(args, "pack", None):  # DESIGN.md §1: the pack's text is logged with the game
        options["pack"] = read_pack(args.pack)
    game = service.create_game(name, scenario, options=options,
                               seats=pairs(args.seat), admin=args.admin,
                               language=config.language, game_id=args.game)
    say(config, "cli.game_created", game=game, ruleset=name, scenario=scenario)
    return 0


def cmd_games(args: argparse.Namespace, service: Service, config: Config) -> int:
    for game in service.store.games():
        head = service.store.head(game["id"])[0]
        print(f"{game['id']}\t{game['ruleset']}\t{game['scenario']}\t{head} events")
    return 0


def print_result(result: Result, service: Service, config: Config) -> None:
    for record in result.events:
        print(f"  {record.seq:>5} {record.type} {payload_json(record.event)}")
    if result.over:
        say(config, "cli.game_over")
    else:
        say(config, "cli.to_act", seats=", ".join(sorted(result.active)))


def cmd_act(args: argparse.Namespace, service: Service, config: Config) -> int:
    result = service.act(args.game, args.seat, args.user, " ".join(args.text))
    print_result(result, service, config)
    return 0


def print_legal(service: Service, config: Config, game: str, seat: str) -> None:
    choice = service.legal(game, seat)
    if not choice.actions:
        say(config, "cli.none_legal", seat=seat)
        return
    print(choice.prompt.render(config.language))
    say(config, "cli.legal_header", seat=seat)
    for action in choice.actions:
        label = f"  ({action.label.render(config.language)})" if action.label else ""
        print(f"  {action.text}{label}")


def cmd_legal(args: argparse.Namespace, service: Service, config: Config) -> int:
    seats = [args.seat] if args.seat else sorted(service.active(args.game))
    for seat in seats:
        print_legal(service, config, args.game, seat)
    return 0


def cmd_show(args: argparse.Namespace, service: Service, config: Config) -> int:
    ruleset = service.ruleset_of(args.game)
    state = service.load(args.game, args.at)
    print(ruleset.summary(state.game, config.language) or repr(state.game))
    return 0


def format_record(record: Recorded) -> str:
    who = f"{record.actor_seat or '-'}/{record.actor_user or '-'}"
    return f"{record.seq:>6}  {record.time}  {who:<20} {record.type} {payload_json(record.event)}"


def cmd_log(args: argparse.Namespace, service: Service, config: Config) -> int:
    for record in service.records(args.game, after=args.since):
        print(format_record(record))
    return 0


def cmd_undo(args: argparse.Namespace, service: Service, config: Config) -> int:
    result = service.undo(args.game, args.seat, args.user)
    request = result.state.undo_request
    if request is not None:
        say(config, "undo.requested", seats=", ".join(sorted(request.needs)))
    else:
        say(config, "undo.done")
    return 0


def cmd_vote(approve: bool) -> Handler:
    def handler(args: argparse.Namespace, service: Service, config: Config) -> int:
        result = service.vote_undo(args.game, args.seat, args.user, approve)
        print_result(result, service, config)
        return 0
    return handler


def cmd_export(args: argparse.Namespace, service: Service, config: Config) -> int:
    lines = service.export(args.game)
    text = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        say(config, "cli.exported", events=len(lines) - 1, file=args.out)
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace, service: Service, config: Config) -> int:
    game, report = service.import_game(read_file(args.file), args.game, args.user)
    say(config, "cli.imported", game=game, events=report.events)
    return 0


def cmd_verify(args: argparse.Namespace, service: Service, config: Config) -> int:
    ids = [args.game] if args.game else [g["id"] for g in service.store.games()]
    status = 0
    for game in ids:
        report = service.verify(game)
        if report.ok:
            say(config, "cli.verify_ok", game=game, events=report.events)
        else:
            status = 1
            say(config, "cli.verify_bad", game=game, seq=report.first_bad_seq,
                problem=report.problem)
    return status


def cmd_play(args: argparse.Namespace, service: Service, config: Config) -> int:
    from bot.play import play

    return play(service, config, args.game, args.user)


def cmd_bench(args: argparse.Namespace, service: Service, config: Config) -> int:
    from bot.bench import run_bench

    name = args.ruleset or default_ruleset(config)
    if name is None:
        say(config, "cli.placeholder")
        return 1
    options = typed_options(pairs(args.option))
    print(run_bench(name, args.scenario, options, args.events, args.seed))
    return 0


def cmd_fuzz(args: argparse.Namespace, service: Service, config: Config) -> int:
    import time

    from engine.fuzz import fuzz

    started = time.perf_counter()
    report = fuzz(args.games, args.seed, out_dir=Path(args.out))
    seconds = time.perf_counter() - started
    print(f"{report.games} games, {report.actions} actions, {report.events} events, "
          f"{seconds:.1f} s; {len(report.failures)} failed")
    for failure in report.failures:
        print(f"  {failure}")
    return 1 if report.failures else 0


def cmd_main(args: argparse.Namespace, service: Service, config: Config) -> int:
    if config.discord_token:
        say(config, "cli.discord_pending")
        return 1
    return cmd_play(argparse.Namespace(game=None, **vars(args)), service, config)


HANDLERS: dict[str, Handler] = {
    "main": cmd_main, "new": cmd_new, "games": cmd_games, "play": cmd_play, "act": cmd_act,
    "legal": cmd_legal, "show": cmd_show, "log": cmd_log, "undo": cmd_undo,
    "approve": cmd_vote(True), "deny": cmd_vote(False), "export": cmd_export,
    "import": cmd_import, "verify": cmd_verify, "bench": cmd_bench, "fuzz": cmd_fuzz,
}
