"""Interactive hot-seat play in a terminal, with tab-completion of the legal actions.

Besides the game's own actions it understands: ``legal`` (list them again), ``undo``,
``log`` (the last events), ``as SEAT`` (switch between seats that decide at once),
``help`` and ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.cli import default_ruleset, say
from bot.commands import format_record
from bot.config import Config
from engine.core.messages import CourierError
from engine.service import Service

META = ("legal", "undo", "log", "help", "quit")


def install_completion(words: Callable[[], list[str]]) -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return

    def complete(text: str, state: int) -> str | None:
        line = readline.get_line_buffer().lower()
        options = [w for w in words() if w.lower().startswith(line)]
        # complete only the word under the cursor, keep what was typed before it
        start = len(line) - len(text)
        matches = [w[start:] for w in options]
        return str(matches[state]) if state < len(matches) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def choose_game(service: Service, config: Config, game: str | None) -> str | None:
    if game:
        return game
    existing = service.store.games()
    live = [str(g["id"]) for g in existing if service.active(g["id"])]
    if live:
        return live[-1]
    name = default_ruleset(config)
    if name is None:
        say(config, "cli.placeholder")
        return None
    from engine.core import ruleset as registry

    new = service.create_game(name, registry.get(name).scenarios()[0], language=config.language)
    say(config, "cli.game_created", game=new, ruleset=name, scenario="")
    return new


def play(service: Service, config: Config, game: str | None, user: str | None) -> int:
    chosen = choose_game(service, config, game)
    if chosen is None:
        return 1
    lang = config.language
    ruleset = service.ruleset_of(chosen)
    seat_override: list[str] = []
    texts: list[str] = []
    install_completion(lambda: [*texts, *META])
    while True:
        active = sorted(service.active(chosen))
        state = service.load(chosen)
        print(ruleset.summary(state.game, lang))
        if not active:
            say(config, "cli.game_over")
            return 0
        seat = seat_override[0] if seat_override and seat_override[0] in active else active[0]
        choice = service.legal(chosen, seat)
        texts[:] = choice.texts()
        print(f"{choice.prompt.render(lang)}\n  " + "\n  ".join(texts))
        try:
            line = input(f"[{seat}] > ").strip()
        except EOFError:
            print()
            return 0
        if line in ("quit", "q", "exit"):
            return 0
        seat_override[:] = [line[3:].strip()] if line.startswith("as ") else seat_override
        if not line or line in ("legal", "help") or line.startswith("as "):
            continue
        try:
            if line == "undo":
                service.undo(chosen, seat, user)
            elif line == "log":
                for record in service.records(chosen)[-15:]:
                    print(format_record(record))
            else:
                result = service.act(chosen, seat, user, line)
                for record in result.events[1:]:
                    print(f"  {record.type}: {record.event.model_dump(exclude={'type'})}")
        except CourierError as err:
            print(err.message(lang))
