"""Export and import of one game as JSON Lines (DESIGN.md §4).

The first line is a header naming the format, the ruleset and its version, the scenario
and options; every further line is one stored event with its chain hash.  Seats (user
ids) and the secret seed are not exported: a log of a running game reveals nothing that
the players could not see.  An import checks the chain, re-folds and re-verifies the
whole game before anything is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from engine.core.messages import InvalidGameData
from engine.store import StoredEvent
from engine.store.sqlite import EVENT_COLUMNS

if TYPE_CHECKING:
    from engine.store import AnyStore

FORMAT = "courier-log"
FORMAT_VERSION = 1


def export_lines(store: AnyStore, game_id: str,
                 redact: Callable[[str], str] | None = None) -> Iterator[str]:
    """The header and every event row; ``redact`` rewrites each payload (a player's copy
    of a game with secrets: ``engine.core.seal``)."""
    game = store.game(game_id)
    header = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": {
        k: game[k] for k in ("id", "ruleset", "ruleset_version", "scenario", "options",
                             "language", "title")}}
    yield json.dumps(header, sort_keys=True, ensure_ascii=False)
    for row in store.events(game_id):
        line = {k: getattr(row, k) for k in EVENT_COLUMNS if k != "game_id"}
        if redact is not None:
            line["payload"] = redact(row.payload)
        yield json.dumps(line, sort_keys=True, ensure_ascii=False)


def read_lines(lines: Iterable[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Parse an exported log into its header and event rows, or raise InvalidGameData."""
    # (line number in the file, text): an error names the line an editor shows
    items = [(n, line) for n, line in enumerate((raw.strip() for raw in lines), start=1)
             if line]
    if not items:
        raise InvalidGameData(problem="the file is empty")
    parsed: list[Any] = []
    for number, line in items:
        try:
            parsed.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InvalidGameData(problem=f"line {number}: not JSON ({exc.msg})") from None
    header, rows = parsed[0], parsed[1:]
    if not isinstance(header, dict) or not all(isinstance(r, dict) for r in rows):
        raise InvalidGameData(problem="not a courier game log (a line is not an object)")
    if header.get("format") != FORMAT or header.get("format_version") != FORMAT_VERSION:
        raise InvalidGameData(problem="not a courier game log (bad header)")
    return header, rows


def to_stored(game_id: str, row: dict[str, Any]) -> StoredEvent:
    try:
        return StoredEvent(game_id=game_id, **{k: row[k] for k in EVENT_COLUMNS
                                               if k != "game_id"})
    except (KeyError, TypeError) as exc:
        raise InvalidGameData(problem=f"event row is missing a field: {exc}") from exc
