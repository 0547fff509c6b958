"""Interactive hot-seat play in a terminal, with tab-completion of the legal actions.

Whenever the seat that must decide changes, the board is printed as text (the card, its
Faction order and texts, every space), then the prompt and the choices.  After each
command, what it did in plain language.  Besides the game's own actions it understands:
``legal`` (list them again), ``show`` (the board again), ``undo``, ``log`` (the last
commands), ``as SEAT`` (switch between seats that decide at once), ``help`` and ``quit``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.cli import default_ruleset, say
from bot.commands import (
    batches,
    describe,
    format_batch,
    game_over,
    print_undo_request,
    report_undo,
    undone_ranges,
)
from bot.config import Config
from engine.core import ruleset as registry
from engine.core.messages import CourierError
from engine.i18n import t
from engine.service import Service

META = ("legal", "show", "undo", "log", "help", "quit")
LOG_COMMANDS = 5  # how many recent commands ``log`` shows


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
    """The game named, else the latest unfinished game of the default ruleset, else a
    new one of it."""
    if game:
        service.head(game)  # GameNotFound, said in one line
        return game
    name = default_ruleset(config)
    if name is None:
        say(config, "cli.placeholder")
        return None
    live = [g.id for g in service.games() if g.ruleset == name and not g.over]
    if live:
        return live[-1]
    scenario = registry.get(name).scenarios()[0]
    new = service.create_game(name, scenario, language=config.language)
    say(config, "cli.game_created", game=new, ruleset=name, scenario=scenario)
    return new


class Session:
    """One terminal's hot-seat play of one game."""

    def __init__(self, service: Service, config: Config, game: str, user: str | None) -> None:
        self.service, self.config, self.game, self.user = service, config, game, user
        self.lang = config.language
        self.chosen: str | None = None   # the seat picked with ``as SEAT``
        self.shown_for: str | None = None  # the seat the board was last printed for
        self.texts: list[str] = []

    def say(self, key: str, **params: object) -> None:
        print(t(key, self.lang, **params))

    def seat(self, active: list[str]) -> str:
        return self.chosen if self.chosen in active else active[0]

    def prompt(self, seat: str) -> None:
        """The board when the deciding seat changed, then the question and the choices."""
        if seat != self.shown_for:
            print(self.service.board_text(self.game, seat, self.lang))
            self.shown_for = seat
        print_undo_request(self.service, self.config, self.game)
        view = self.service.decision(self.game, seat, self.lang)
        self.texts[:] = [*(c.label for c in view.choices), *(c.text for c in view.choices)]
        print(view.prompt)
        for choice in view.choices:
            same = choice.label.casefold() == choice.text.casefold()
            print(f"  {choice.label}" if same else f"  {choice.label}  [{choice.text}]")

    def switch(self, wanted: str, active: list[str]) -> None:
        """``as SEAT``: decide for another seat that must decide now."""
        try:
            wanted = self.service.resolve_seat(self.game, wanted)
        except CourierError as err:
            print(err.message(self.lang))
            return
        if wanted not in active:
            self.say("cli.play.not_deciding", seat=wanted, waiting=", ".join(active))
        else:
            self.chosen = wanted
            self.say("cli.play.now_as", seat=wanted)

    def command(self, line: str, seat: str) -> None:
        if line == "undo":
            report_undo(self.service, self.service.undo(self.game, seat, self.user),
                        self.config)
            self.shown_for = None
        elif line == "log":
            records = self.service.records(self.game)
            undone = undone_ranges(records)
            for batch in list(batches(records))[-LOG_COMMANDS:]:
                print(format_batch(self.service, self.config, batch, undone))
        elif line == "show":
            print(self.service.board_text(self.game, seat, self.lang))
        else:
            result = self.service.act(self.game, seat, self.user, line)
            print(describe(self.service, self.config, result.events))

    def run(self) -> int:
        install_completion(lambda: [*self.texts, *META])
        while True:
            active = sorted(self.service.active(self.game))
            if not active:
                print(self.service.board_text(self.game, None, self.lang))
                print(game_over(self.service.outcome(self.game, self.lang), self.lang))
                return 0
            seat = self.seat(active)
            self.prompt(seat)
            try:
                line = input(f"[{seat}] > ").strip()
            except EOFError:
                print()
                return 0
            if line in ("quit", "q", "exit"):
                return 0
            if line == "help":
                self.say("cli.play.help")
            elif line.startswith("as "):
                self.switch(line[3:].strip(), active)
            elif line and line != "legal":
                try:
                    self.command(line, seat)
                except CourierError as err:
                    print(err.message(self.lang))


def play(service: Service, config: Config, game: str | None, user: str | None) -> int:
    chosen = choose_game(service, config, game)
    if chosen is None:
        return 1
    return Session(service, config, chosen, user).run()
