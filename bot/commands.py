"""The handlers of the ``courier`` subcommands: thin calls into the service.

What they print is for people: the plain-language result of a command (the ruleset's
``narrate``), the board as text; raw events only with ``log --json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from bot.cli import (
    Handler,
    cmd_migrate,
    default_ruleset,
    read_file,
    read_text,
    say,
    shown_url,
    write_file,
)
from bot.config import Config
from bot.options import pairs, typed_options
from engine.core import ruleset as registry
from engine.core.events import (
    ActionTaken,
    Recorded,
    SecretRevealed,
    UndoApproved,
    UndoDenied,
    Undone,
    UndoRequested,
    payload_json,
)
from engine.core.messages import CourierError, GameOver
from engine.i18n import t
from engine.service import Result, Service


def read_pack(path: str) -> str:
    """A deck pack's text exactly as written (its SHA-256 is logged with the game)."""
    return read_text(path)


def cmd_new(args: argparse.Namespace, service: Service, config: Config) -> int:
    name = args.ruleset or default_ruleset(config)
    if name is None:
        say(config, "cli.placeholder")
        return 1
    if name not in registry.names():
        raise CourierError("error.unknown_ruleset", ruleset=name,
                           choices=", ".join(registry.names()))
    scenario = args.scenario or registry.get(name).scenarios()[0]
    options = typed_options(pairs(args.option, "option"))
    if getattr(args, "pack", None):  # DESIGN.md §1: the pack's text is logged with the game
        options["pack"] = read_pack(args.pack)
    game = service.create_game(name, scenario, options=options,
                               seats=pairs(args.seat, "seat"), admin=args.admin,
                               language=config.language, game_id=args.game,
                               bots=getattr(args, "bot", []))
    say(config, "cli.game_created", game=game, ruleset=name, scenario=scenario)
    report_bots(service, config, game)
    return 0


def report_bots(service: Service, config: Config, game: str) -> None:
    """Which seats the bot plays, and where the game stands after their moves."""
    bots = service.bots(game)
    if not bots:
        return
    say(config, "cli.bots", seats=seat_list(service, config, game, bots))
    outcome = service.outcome(game, config.language)
    if outcome is not None:
        print(game_over(outcome, config.language))
    elif service.active(game):
        say(config, "cli.to_act", seats=seat_list(service, config, game, service.active(game)))


def cmd_bots(args: argparse.Namespace, service: Service, config: Config) -> int:
    """``courier bots GAME``: the seats the bot plays; ``courier bots GAME SEAT on|off``:
    the admin gives a player's seat to the bot, or takes it back."""
    if args.seat is not None:
        if args.switch is None:
            raise CourierError("cli.bots_switch")
        result = service.set_bot(args.game, args.seat, args.switch == "on", args.user)
        if result is not None:
            print_result(result, service, config)
    bots = service.bots(args.game)
    if bots:
        say(config, "cli.bots", seats=seat_list(service, config, args.game, bots))
    else:
        say(config, "cli.no_bots")
    return 0


def cmd_games(args: argparse.Namespace, service: Service, config: Config) -> int:
    found = service.games()
    say(config, "cli.games_in" if found else "cli.no_games_in",
        path=shown_url(config.db_path))
    for game in found:
        active = "" if game.over else seat_list(service, config, game.id,
                                                service.active(game.id))
        status = t("cli.game_status_over", config.language) if game.over else \
            t("cli.game_status_to_act", config.language, seats=active)
        print(f"{game.id}\t{game.ruleset}\t{game.scenario}\t"
              + t("cli.game_events", config.language, events=game.head) + f"\t{status}")
    here = Path("courier.db")
    if here.exists() and here.resolve() != Path(config.db_path).resolve():
        say(config, "cli.other_db_here")
    return 0


def print_result(result: Result, service: Service, config: Config) -> None:
    """What a command did, in plain language, then who decides next."""
    text = describe(service, config, result.events)
    if text:
        print(text)
    if result.over:
        print(game_over(service.outcome(result.game_id, config.language), config.language))
    else:
        say(config, "cli.to_act", seats=seat_list(service, config, result.game_id, result.active))


def seat_list(service: Service, config: Config, game: str, seats: Iterable[str]) -> str:
    """Seats by their names in the reader's language (``Muslim League``, ``Liga Musulmana``)."""
    names = service.status(game, config.language).seat_names
    return ", ".join(names.get(s, s) for s in sorted(seats))


def game_over(outcome: str | None, lang: str) -> str:
    """``This game is over. Ranking: …``"""
    return t("cli.game_over_outcome", lang, outcome=outcome) if outcome else \
        t("cli.game_over", lang)


def describe(service: Service, config: Config, records: list[Recorded]) -> str:
    """The ruleset's story of the game's events, and the kernel's own (undo, secret)."""
    lang = config.language
    lines: list[str] = []
    game_records: list[Recorded] = []
    for record in records:
        kernel = kernel_line(record, lang)
        if kernel is None:
            game_records.append(record)
            continue
        if game_records:
            lines.append(service.narrate(record.game_id, game_records, lang))
            game_records = []
        if kernel:
            lines.append(kernel)
    if game_records:
        lines.append(service.narrate(game_records[0].game_id, game_records, lang))
    return "\n".join(line for line in lines if line)


def kernel_line(record: Recorded, lang: str) -> str | None:
    """A line for the kernel's events (None: a game event, for the ruleset to tell)."""
    event = record.event
    if isinstance(event, UndoRequested):
        return t("cli.event.undo_requested", lang, seat=event.seat,
                 seats=", ".join(event.needs))
    if isinstance(event, UndoApproved):
        return t("cli.event.undo_approved", lang, seat=event.seat)
    if isinstance(event, UndoDenied):
        return t("cli.event.undo_denied", lang, seat=event.seat)
    if isinstance(event, Undone):
        return t("cli.event.undone", lang, seq=event.to_seq)
    if isinstance(event, SecretRevealed):
        return t("cli.event.secret_revealed", lang)
    return None


def cmd_act(args: argparse.Namespace, service: Service, config: Config) -> int:
    result = service.act(args.game, args.seat, args.user, " ".join(args.text))
    if args.json:
        print(json.dumps({"events": [record_json(r) for r in result.events],
                          "decisions": decisions_json(service, config, args.game)},
                         ensure_ascii=False, indent=1))
        return 0
    print_result(result, service, config)
    return 0


def decisions_json(service: Service, config: Config, game: str,
                   seats: list[str] | None = None) -> list[dict[str, Any]]:
    """Each deciding seat's decision (prompt, choices, menu) as plain data."""
    return [service.decision(game, seat, config.language).as_json()
            for seat in (seats or sorted(service.active(game)))]


def record_json(record: Recorded) -> dict[str, Any]:
    return {"seq": record.seq, "type": record.type, "seat": record.actor_seat,
            "user": record.actor_user, "time": record.time,
            "payload": record.event.model_dump(mode="json", exclude={"type"})}


def print_legal(service: Service, config: Config, game: str, seat: str) -> None:
    """The prompt, then each choice: its label in the reader's language and, where it
    differs, the canonical text that may always be typed."""
    view = service.decision(game, seat, config.language)
    if not view.choices:
        say(config, "cli.none_legal", seat=seat)
        return
    print(view.prompt)
    say(config, "cli.legal_header", seat=seat)
    for choice in view.choices:
        same = choice.label.casefold() == choice.text.casefold()
        print(f"  {choice.label}" if same else f"  {choice.label}  [{choice.text}]")


def print_undo_request(service: Service, config: Config, game: str) -> None:
    """A pending undo request, and how to answer it."""
    status = service.status(game, config.language)
    if status.undo is not None:
        names = status.seat_names
        waiting = [names[s] for s in status.undo.needs if s not in status.undo.approved]
        say(config, "cli.undo_pending", seat=names[status.undo.seat], seats=", ".join(waiting),
            game=game)


def refuse_finished(service: Service, config: Config, game: str) -> None:
    outcome = service.outcome(game, config.language)
    if outcome is not None:
        raise GameOver("cli.game_over_outcome", outcome=outcome)


def cmd_legal(args: argparse.Namespace, service: Service, config: Config) -> int:
    refuse_finished(service, config, args.game)
    seats = [args.seat] if args.seat else sorted(service.active(args.game))
    if args.json:
        print(json.dumps(decisions_json(service, config, args.game, seats), ensure_ascii=False,
                         indent=1))
        return 0
    for seat in seats:
        print_legal(service, config, args.game, seat)
    print_undo_request(service, config, args.game)
    return 0


def cmd_show(args: argparse.Namespace, service: Service, config: Config) -> int:
    print(service.board_text(args.game, None, config.language, args.at))
    if args.at is None:
        active = sorted(service.active(args.game))
        if active:
            say(config, "cli.to_act", seats=seat_list(service, config, args.game, active))
        print_undo_request(service, config, args.game)
    return 0


def batches(records: list[Recorded]) -> Iterator[list[Recorded]]:
    """The log cut into commands: each ``ActionTaken`` opens one, and so does every other
    append (an undo, a vote), whose events share one time and author."""
    batch: list[Recorded] = []
    for record in records:
        if batch and (isinstance(record.event, ActionTaken) or _stamp(record) != _stamp(
                batch[-1])):
            yield batch
            batch = []
        batch.append(record)
    if batch:
        yield batch


def _stamp(record: Recorded) -> tuple[str, str | None, str | None]:
    return record.time, record.actor_seat, record.actor_user


def undone_ranges(records: list[Recorded]) -> list[range]:
    """The seqs each ``Undone`` took back (they stay in the log, marked)."""
    return [range(r.event.to_seq, r.seq) for r in records if isinstance(r.event, Undone)]


def format_record(record: Recorded) -> str:
    """One event as stored (``log --json``)."""
    return json.dumps({"seq": record.seq, "time": record.time, "seat": record.actor_seat,
                       "user": record.actor_user, "type": record.type,
                       "event": json.loads(payload_json(record.event))}, ensure_ascii=False)


def format_batch(service: Service, config: Config, batch: list[Recorded],
                 undone: list[range] | None = None) -> str:
    """A command as a player reads it: event number, time, who, and what it did."""
    first = batch[0]
    when = first.time.replace("T", " ")[:16]
    who = f" ({first.actor_user})" if first.actor_user else ""
    head = f"#{first.seq}  {when}{who}"
    if any(first.seq in taken_back for taken_back in undone or ()):
        head += "  " + t("cli.undone_mark", config.language)
    return head + "\n" + "\n".join(
        f"  {line}" for line in describe(service, config, batch).splitlines())


def cmd_log(args: argparse.Namespace, service: Service, config: Config) -> int:
    records = service.seen_records(args.game, (), after=args.since)   # secrets sealed
    if args.json:
        for record in records:
            print(format_record(record))
        return 0
    undone = undone_ranges(service.records(args.game))
    for batch in batches(records):
        print(format_batch(service, config, batch, undone))
    return 0


def cmd_undo(args: argparse.Namespace, service: Service, config: Config) -> int:
    result = service.undo(args.game, args.seat, args.user)
    report_undo(service, result, config)
    return 0


def report_undo(service: Service, result: Result, config: Config) -> None:
    status = service.status(result.game_id, config.language)
    if status.undo is not None:
        say(config, "undo.requested",
            seats=", ".join(status.seat_names[s] for s in status.undo.needs))
        return
    undone = result.events[-1].event
    assert isinstance(undone, Undone)
    say(config, "cli.undone", seq=undone.to_seq)
    if not result.over:
        say(config, "cli.to_act", seats=seat_list(service, config, result.game_id, result.active))


def cmd_vote(approve: bool) -> Handler:
    def handler(args: argparse.Namespace, service: Service, config: Config) -> int:
        result = service.vote_undo(args.game, args.seat, args.user, approve)
        print_result(result, service, config)
        return 0
    return handler


def cmd_export(args: argparse.Namespace, service: Service, config: Config) -> int:
    lines = service.export(args.game, [args.seat] if args.seat else [])
    text = "\n".join(lines) + "\n"
    if args.out:
        write_file(args.out, text)
        say(config, "cli.exported", events=len(lines) - 1, file=args.out)
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace, service: Service, config: Config) -> int:
    game, report = service.import_game(read_file(args.file), args.game, args.user)
    say(config, "cli.imported", game=game, events=report.events)
    return 0


def cmd_verify(args: argparse.Namespace, service: Service, config: Config) -> int:
    ids = [args.game] if args.game else [g.id for g in service.games()]
    if not ids:
        say(config, "cli.no_games_in", path=shown_url(config.db_path))
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

    if not args.kernel:
        from bot.bench_service import describe, run_service_bench

        numbers = run_service_bench(args.games, args.seed)
        print(json.dumps(numbers, indent=1) if args.json else describe(numbers))
        return 0
    name = args.ruleset or default_ruleset(config)
    if name is None:
        say(config, "cli.placeholder")
        return 1
    options = typed_options(pairs(args.option, "option"))
    print(run_bench(name, args.scenario, options, args.events, args.seed))
    return 0


def cmd_bench_discord(args: argparse.Namespace, service: Service, config: Config) -> int:
    """The Discord bot's latencies with many games live, against the offline stand-in."""
    from bot.bench_discord import Plan, describe, run_discord_bench

    numbers = run_discord_bench(Plan(games=args.games, moves=args.moves,
                                     clients=args.clients, pace=args.pace, seed=args.seed))
    print(json.dumps(numbers, indent=1) if args.json else describe(numbers))
    return 0


def cmd_fuzz(args: argparse.Namespace, service: Service, config: Config) -> int:
    import time

    from engine.fuzz import fuzz

    started = time.perf_counter()
    report = fuzz(args.games, args.seed, name=args.ruleset or default_ruleset(config),
                  out_dir=Path(args.out), humans=args.humans)
    seconds = time.perf_counter() - started
    bots = f" (+{report.bot_actions} by bots)" if report.bot_actions else ""
    print(f"{report.games} games, {report.actions} actions{bots}, {report.events} events, "
          f"{seconds:.1f} s; {len(report.failures)} failed")
    if report.endings:
        print("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(report.endings.items())))
    for failure in report.failures:
        print(f"  {failure}")
    return 1 if report.failures else 0


def cmd_bench_np(args: argparse.Namespace, service: Service, config: Config) -> int:
    from bot.bench_np import describe as describe_np
    from bot.bench_np import run_np_bench

    numbers = run_np_bench(args.games, args.seed)
    print(json.dumps(numbers, indent=2) if args.json else describe_np(numbers))
    return 0


def cmd_main(args: argparse.Namespace, service: Service, config: Config) -> int:
    """``./run``: the Discord bot when a token is configured, else a game here."""
    if config.discord_token:
        return cmd_bot(argparse.Namespace(guild=None, **vars(args)), service, config)
    return cmd_play(argparse.Namespace(game=None, **vars(args)), service, config)


def cmd_bot(args: argparse.Namespace, service: Service, config: Config) -> int:
    """Run the Discord bot (DESIGN.md §5) until stopped; ``--invite``: print the link
    that adds it to a server."""
    guild = getattr(args, "guild", None) or config.discord_guild
    if getattr(args, "invite", False):
        return cmd_invite(getattr(args, "client_id", None), guild, config)
    if not config.discord_token:
        say(config, "cli.no_token")
        return 2
    import renders
    from bot.async_service import AsyncService
    from bot.discord_bot.app import run

    renders.load()
    aservice = AsyncService(service)
    aservice.start_drawing()
    run(aservice, config.discord_token, guild, db=shown_url(config.db_path))
    return 0


def cmd_invite(client_id: int | None, guild: int | None, config: Config) -> int:
    """The invite link, for the application given or the one the token belongs to."""
    from bot.discord_bot.app import application_id, invite_url

    if client_id is None and not config.discord_token:
        raise CourierError("cli.invite_needs_id")
    print(invite_url(client_id or application_id(config.discord_token), guild))
    return 0


def cmd_mail(args: argparse.Namespace, service: Service, config: Config) -> int:
    """Run the play-by-e-mail gateway (DESIGN.md §5) until stopped."""
    from bot.mail.settings import check

    check(config.mail)   # one line and exit 2 for a missing address, secret, mailbox...
    import renders
    from bot.async_service import AsyncService
    from bot.mail.app import run

    renders.load()
    mail = config.mail
    where = f"{mail.smtp.host}:{mail.smtp.port}" if mail.inbound == "smtp" else \
        f"imap {mail.imap.user}@{mail.imap.host}"
    say(config, "cli.mail_starting", address=mail.address, inbound=where,
        relay=f"{mail.relay.host}:{mail.relay.port}", db=shown_url(config.db_path))
    run(AsyncService(service), mail, config.language, default_ruleset(config) or "")
    return 0


def cmd_bench_mail(args: argparse.Namespace, service: Service, config: Config) -> int:
    from bot.bench_mail import describe, run_mail_bench

    if args.turns < 1:
        raise CourierError("cli.bench_no_turns", value=args.turns)
    numbers = run_mail_bench(turns=args.turns, seed=args.seed, discord=args.discord)
    print(json.dumps(numbers, indent=2) if args.json else describe(numbers))
    return 0


HANDLERS: dict[str, Handler] = {
    "main": cmd_main, "new": cmd_new, "games": cmd_games, "play": cmd_play, "act": cmd_act,
    "legal": cmd_legal, "show": cmd_show, "log": cmd_log, "undo": cmd_undo,
    "approve": cmd_vote(True), "deny": cmd_vote(False), "export": cmd_export,
    "import": cmd_import, "verify": cmd_verify, "migrate": cmd_migrate, "bench": cmd_bench,
    "fuzz": cmd_fuzz,
    "bot": cmd_bot, "bots": cmd_bots, "bench-np": cmd_bench_np, "mail": cmd_mail,
    "bench-discord": cmd_bench_discord, "bench-mail": cmd_bench_mail,
}
