"""Issue 13: the command line as a newcomer meets it.

Every error a user can cause is one clear line on stderr, a non-zero exit, and nothing
written; inputs outside what a game has are refused; the board is text space by space;
results are plain language (raw events only with ``--json``); the games live in one
place per user.  Run through the real ``main()`` (in this process, or as a subprocess
where the process itself matters: pipes, the default data directory)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import EXIT_BROKEN_PIPE, build_parser, main
from tests.conftest import REPO


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No setting from the machine: no COURIER_*, a data directory of the test's own."""
    for key in list(os.environ):
        if key.startswith("COURIER_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield


class Run:
    """``courier`` through the real ``main()``: exit code, stdout, stderr."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys, self.db = capsys, db

    def __call__(self, *args: str, db: bool = True) -> tuple[int, str, str]:
        self.capsys.readouterr()
        code = main([*(["--db", str(self.db)] if db else []), "--plugin", "tests.toy", *args])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Run:
    return Run(capsys, tmp_path / "games.db")


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.strip()


def events_of(run: Run, game: str) -> list[str]:
    code, out, _ = run("log", game, "--json")
    assert code == 0
    return out.splitlines()


# --- errors that were tracebacks ---------------------------------------------------------


def test_new_with_an_existing_id_is_one_line_and_writes_nothing(run: Run) -> None:
    assert run("new", "gandhi", "--game", "g1")[0] == 0
    before = events_of(run, "g1")
    code, out, err = run("new", "gandhi", "--game", "g1")
    assert code == 2 and out == ""
    assert one_line(err) == ("There is already a game “g1”; choose another id with --game.")
    assert events_of(run, "g1") == before


def test_import_of_a_log_whose_id_exists(run: Run, tmp_path: Path) -> None:
    run("new", "toy", "--game", "g1")
    log = tmp_path / "g1.jsonl"
    assert run("export", "g1", "--out", str(log))[0] == 0
    code, _, err = run("import", str(log))
    assert code == 2 and "already a game “g1”" in one_line(err)
    assert run("import", str(log), "--game", "g2")[0] == 0


def test_option_players_wants_json_and_says_so(run: Run) -> None:
    code, _, err = run("new", "gandhi", "--option", "players=2")
    assert code == 2
    assert one_line(err) == (
        "The option “players” is not valid: give a JSON list of players, each a list of "
        'Factions, e.g. [["congress","muslim_league"],["raj","revolutionaries"]].')
    assert run("games")[1].startswith("No games yet")
    good = '[["congress","muslim_league"],["raj","revolutionaries"]]'
    assert run("new", "gandhi", "--option", f"players={good}")[0] == 0


def test_import_of_a_missing_file(run: Run) -> None:
    code, out, err = run("import", "missing.jsonl")
    assert code == 2 and out == ""
    assert one_line(err) == "Cannot read missing.jsonl: No such file or directory."


def test_render_into_a_missing_folder(run: Run, tmp_path: Path) -> None:
    run("new", "gandhi", "--game", "g1")
    target = tmp_path / "missing" / "dir" / "x.png"
    code, _, err = run("render", "g1", "--out", str(target))
    assert code == 2 and one_line(err).startswith(f"Cannot write {target}:")
    assert not target.parent.exists()


@pytest.mark.parametrize("command", [("legal", "g1"), ("log", "g1"), ("show", "g1")])
def test_a_closed_pipe_ends_quietly(tmp_path: Path, command: tuple[str, ...]) -> None:
    """``courier legal G | head -3``: the reader has gone; no traceback, exit 141."""
    db = str(tmp_path / "games.db")
    base = [sys.executable, "-m", "bot.cli", "--db", db]
    subprocess.run([*base, "new", "gandhi", "--game", "g1"], cwd=REPO, check=True,
                   capture_output=True)
    read, write = os.pipe()
    os.close(read)  # as when `head` has read its lines and gone
    try:
        done = subprocess.run([*base, *command], cwd=REPO, stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert done.returncode == EXIT_BROKEN_PIPE
    assert done.stderr == ""


# --- inputs that must be refused ---------------------------------------------------------


@pytest.mark.parametrize("at", ["99999", "0", "-5"])
def test_show_and_render_refuse_an_event_the_game_does_not_have(run: Run, at: str,
                                                                tmp_path: Path) -> None:
    run("new", "gandhi", "--game", "g1")
    last = len(events_of(run, "g1"))
    for command in (("show", "g1", f"--at={at}"),
                    ("render", "g1", f"--at={at}", "--out", str(tmp_path / "x.png"))):
        code, out, err = run(*command)
        assert code == 2 and out == ""
        assert one_line(err) == (f"There is no event {at} in this game: events run from 1 "
                                 f"to {last}.")
    assert not (tmp_path / "x.png").exists()
    code, out, _ = run("show", "g1", "--at", "1")  # the first event: said, not a repr
    assert code == 0 and "GandhiState" not in out


@pytest.mark.parametrize("args", [("--lang", "de", "games"),
                                  ("render", "g1", "--lang", "fr")])
def test_a_language_courier_does_not_speak_is_refused(run: Run, args: tuple[str, ...]
                                                      ) -> None:
    run("new", "gandhi", "--game", "g1")
    with pytest.raises(SystemExit) as exit_:
        run(*args)
    assert exit_.value.code == 2
    err = run.capsys.readouterr().err
    assert "invalid choice" in one_line(err) and "'en', 'es', 'it'" in err


def test_replay_with_from_after_to_is_refused(run: Run, tmp_path: Path) -> None:
    run("new", "gandhi", "--game", "g1")
    run("act", "g1", *first_seat_passes(run, "g1"))
    out = tmp_path / "r.gif"
    code, _, err = run("replay", "g1", "--from", "1", "--to", "0", "--out", str(out))
    assert code == 2 and one_line(err) == ("--from 1 comes after --to 0: give the earlier "
                                           "turn first.")
    assert not out.exists()


def first_seat_passes(run: Run, game: str) -> list[str]:
    out = run("legal", game)[1]
    return [out.split(" may:")[0].splitlines()[-1], "pass"]


def finish_toy_game(run: Run) -> None:
    run("new", "toy", "--game", "t1", "--option", "target=3")
    assert run("act", "t1", "red", "add", "three")[0] == 0


def test_legal_on_a_finished_game_says_it_is_over_and_who_won(run: Run) -> None:
    finish_toy_game(run)
    code, out, err = run("legal", "t1")
    assert code == 2 and out == ""
    assert one_line(err) == "This game is over. red wins"


def test_play_as_nobody_says_there_is_no_such_seat(run: Run, monkeypatch: pytest.MonkeyPatch
                                                   ) -> None:
    run("new", "toy", "--game", "t1")
    monkeypatch.setattr("sys.stdin", _Lines("as nobody\nas blue\nquit\n"))
    code, out, _ = run("play", "t1")
    assert code == 0
    assert "There is no seat “nobody”. Seats: “red”, “blue”." in out
    assert "blue has nothing to decide now; waiting for: red." in out


class _Lines:
    """A stand-in for standard input (``input()`` reads ``readline``)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines(keepends=True)

    def readline(self) -> str:
        return self.lines.pop(0) if self.lines else ""


# --- texts ---------------------------------------------------------------------------------


def test_an_unknown_option_lists_the_options(run: Run) -> None:
    code, _, err = run("new", "gandhi", "--option", "foo=bar")
    assert code == 2
    assert one_line(err) == "There is no option “foo”. Options: gujarat, attack_unrest, " \
                            "players, pack."


def test_an_option_without_a_value_shows_the_form(run: Run) -> None:
    code, _, err = run("new", "gandhi", "--option", "gujarat")
    assert code == 2 and one_line(err) == ("Write options as KEY=VALUE, for example --option "
                                           "gujarat=province (got “gujarat”).")


def test_a_json_error_names_the_line_of_the_file(run: Run, tmp_path: Path) -> None:
    run("new", "toy", "--game", "g1")
    log = tmp_path / "g1.jsonl"
    run("export", "g1", "--out", str(log))
    lines = log.read_text().splitlines()
    lines[2] = lines[2][:-5]  # cut the third line short
    log.write_text("\n\n" + "\n".join(lines) + "\n")  # two blank lines before the header
    code, _, err = run("import", str(log), "--game", "g2")
    assert code == 2 and "line 5: not JSON" in one_line(err)


def test_show_names_the_viceroy_and_counts_in_words(run: Run) -> None:
    run("new", "gandhi", "--game", "g1")
    out = run("show", "g1")[1]
    assert "Viceroy: Lord " in out and "Viceroy 7" not in out
    assert "Campaign cards among them" in out and "1 Campaign cards" not in out


def test_every_option_and_argument_has_help() -> None:
    parser = build_parser("en")
    missing = []
    for action in parser._actions:
        if isinstance(action, type(parser._subparsers._group_actions[0])):  # type: ignore[union-attr]
            for name, sub in action.choices.items():
                missing += [f"{name} {a.dest}" for a in sub._actions if not a.help]
        elif not action.help:
            missing.append(action.dest)
    assert missing == []
    new_help = parser._subparsers._group_actions[0].choices["new"].format_help()  # type: ignore[union-attr]
    assert "a JSON list of players" in new_help and "who holds a seat" in new_help


def test_undo_confirms_and_a_pending_request_shows_in_legal_and_show(run: Run) -> None:
    run("new", "toy", "--game", "g1", "--seat", "red=alice", "--seat", "blue=bob")
    main_as = ["--user", "alice"]
    run(*main_as, "act", "g1", "red", "roll")
    code, out, _ = run(*main_as, "undo", "g1", "red")
    assert code == 0 and "waiting for approval from: blue" in out
    pending = "red asks to undo the last command; waiting for: blue (courier approve g1 SEAT"
    assert pending in run("legal", "g1")[1] and pending in run("show", "g1")[1]
    code, out, _ = run("--user", "bob", "approve", "g1", "blue")
    assert code == 0 and "Undone: back to before event" in out
    log = run("log", "g1")[1]  # the undone command stays in the log, marked
    assert "(undone)\n  red: roll" in log and "\n  Undone: back to before event 3" in log
    run(*main_as, "act", "g1", "red", "add", "one")
    code, out, _ = run(*main_as, "undo", "g1", "red")  # free: its own, no die
    assert code == 0 and out.startswith("Undone: the game is as it was before event")


def test_undo_in_play_confirms(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    run("new", "toy", "--game", "t1")
    monkeypatch.setattr("sys.stdin", _Lines("add one\nundo\nquit\n"))
    out = run("play", "t1")[1]
    assert "red: add one" in out and "Undone: the game is as it was before event 3." in out


# --- playing: the board as text, plain-language results -----------------------------------


def test_show_is_the_board_space_by_space_with_the_card(run: Run) -> None:
    run("new", "gandhi", "--game", "g1")
    out = run("show", "g1")[1]
    for part in ("Current card ", "Faction order: ", "Unshaded: ", "Shaded: ", "Next card ",
                 "\nCities\n  Delhi (Pop 1): ", "\nProvinces\n", "  Punjab (Pop 2, Muslim): ",
                 "\nRailways\n", "Available: Troops ", "Jail: ", "Out of Play: "):
        assert part in out
    assert len(out.splitlines()) > 40
    assert "{" not in out and "GandhiState" not in out


def test_act_and_log_say_what_happened_and_json_only_when_asked(run: Run) -> None:
    run("new", "gandhi", "--game", "g1")
    code, out, _ = run("act", "g1", *first_seat_passes(run, "g1"))
    # "• Raj: pass", what it did ("– Raj Resources 32 → 35", when the pass pays), who is next
    assert code == 0 and out.startswith("• ") and ": Pass\n" in out and "\nTo act: " in out
    assert "{" not in out and "StepNoted" not in out and "FactionPassed" not in out
    log = run("log", "g1")[1]
    assert "{" not in log and "▶ Card " in log and ": Pass" in log
    raw = run("log", "g1", "--json")[1].splitlines()
    assert json.loads(raw[0])["type"] == "GameCreated"


def test_play_shows_the_board_before_the_faction_chooses(run: Run,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    run("new", "gandhi", "--game", "g1")
    monkeypatch.setattr("sys.stdin", _Lines("pass\nquit\n"))
    out = run("play", "g1")[1]
    board, _, rest = out.partition("you are 1st Eligible")
    assert "Current card " in board and "Faction order: " in board and "\nCities\n" in board
    assert "{'" not in out and "StepNoted" not in out


# --- where the data lives ----------------------------------------------------------------


def test_games_live_in_the_user_data_directory(run: Run, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert run("new", "toy", "--game", "g1", db=False)[0] == 0
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.chdir(other)
    expected = tmp_path / "data" / "courier" / "courier.db"
    code, out, _ = run("games", db=False)
    assert code == 0 and out.startswith(f"Games in {expected}:\n") and "g1\ttoy" in out
    assert run("show", "g1", db=False)[0] == 0
    assert list(other.iterdir()) == [] and list(elsewhere.iterdir()) == []
    monkeypatch.setenv("COURIER_DB", str(tmp_path / "env.db"))
    assert run("games", db=False)[1].startswith(f"No games yet in {tmp_path / 'env.db'}")


def test_a_read_command_never_creates_a_database(run: Run, tmp_path: Path) -> None:
    code, _, err = run("show", "nope")
    assert code == 2 and one_line(err).startswith("There is no game “nope”. (Games are kept")
    for command in (("games",), ("legal", "nope"), ("log", "nope"), ("verify",),
                    ("export", "nope")):
        run(*command)
    assert not run.db.exists()
    assert not (tmp_path / "data").exists()
    run("games", db=False)
    assert not (tmp_path / "data").exists()


def test_a_failed_new_leaves_no_database_behind(run: Run, tmp_path: Path) -> None:
    assert run("new", "gandhi", "--option", "foo=bar")[0] == 2
    assert run("new", "gandhi", "--option", "foo=bar", db=False)[0] == 2
    assert not run.db.exists() and not (tmp_path / "data").exists()


# --- the README's commands ----------------------------------------------------------------


def test_plugin_play_on_an_empty_database_starts_the_plugins_game(
        run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", _Lines("quit\n"))
    code, out, _ = run("play")
    assert code == 0 and "(toy, standard)" in out.splitlines()[0]


def test_digest_refuses_a_since_outside_the_game(run: Run, tmp_path: Path) -> None:
    run("new", "gandhi", "--game", "g1")
    last = len(events_of(run, "g1"))
    code, _, err = run("digest", "g1", "--since", str(last), "--out", str(tmp_path / "d.png"))
    assert code == 2
    assert one_line(err) == f"--since must be an event from 0 to {last - 1}, not {last}."
    assert not (tmp_path / "d.png").exists()


def test_a_language_from_the_environment_is_checked_too(run: Run,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    monkeypatch.setenv("COURIER_LANGUAGE", "de")
    code, out, err = run("games")
    assert code == 2 and out == ""
    assert one_line(err) == "“de” is not a language courier speaks; choose one of en, es, it."


def test_help_and_errors_in_the_readers_language(run: Run) -> None:
    code, _, err = run("--lang", "it", "new", "gandhi", "--option", "gujarat")
    assert code == 2 and one_line(err).startswith("Scrivi le opzioni come CHIAVE=VALORE")
    assert "un'opzione di gioco" in build_parser("it").format_help() or \
        "crea una partita" in build_parser("it").format_help()
