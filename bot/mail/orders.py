"""The orders of a mail: each line either one of the gateway's own orders (``JOIN g1 raj``,
``STATUS``, ``HISTORY since 12``...) in any of the three languages, or a choice of the
game, which the service's parser reads (canonical text or any language, by unique
prefix).  Pure: this module only reads lines and says which are malformed.

A gateway order is known by its first word, whole (``status``, ``situación``,
``situazione``); its words are in the catalogue (``mail.word.*``), and a test checks that
none is the first word of a game's choice, so no choice is ever shadowed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bot.mail.words import say
from engine.core.messages import Msg
from engine.i18n import LANGUAGES

# what each order may carry after its word: nothing, an optional word, or its own form
ORDERS = ("new", "option", "join", "leave", "start", "status", "board", "map", "history",
          "undo", "approve", "deny", "rotate", "bot", "lang", "help")
BARE = frozenset({"start", "status", "board", "map", "undo", "approve", "deny", "help"})
# orders that change something: a mail carries one kind of them (choices are one kind)
WRITES = frozenset({"new", "join", "leave", "start", "undo", "approve", "deny", "rotate",
                    "bot", "choice"})
READS = ("status", "board", "map", "history")
LANGUAGE_NAMES = {
    "en": ("en", "english", "ingles", "inglese"),
    "es": ("es", "espanol", "spanish", "spagnolo", "castellano"),
    "it": ("it", "italiano", "italian"),
}
MAX_LINES = 60
MAX_LINE = 300   # characters: no choice is longer


@dataclass(frozen=True)
class Order:
    """One line of a mail: a gateway order (``kind``) with its words, or a ``choice``."""

    kind: str
    number: int                # the line's place among the mail's orders, from 1
    text: str                  # as written
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Problem:
    number: int
    text: str
    reason: Msg


def fold(word: str) -> str:
    """A word as orders are compared: lower case, without accents."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def keywords() -> dict[str, str]:
    """Every word of every order in every language -> the order."""
    found: dict[str, str] = {}
    for lang in LANGUAGES:
        for order in ORDERS:
            for each in say(f"word.{order}", lang).split(","):
                if each.strip():
                    found.setdefault(fold(each.strip()), order)
    return found


@cache
def since_words() -> frozenset[str]:
    return frozenset(fold(w.strip()) for lang in LANGUAGES
                     for w in say("word.since", lang).split(",") if w.strip())


def switch(args: tuple[str, ...]) -> bool | None:
    """``BOT raj ON`` -> True, ``BOT raj OFF`` -> False (its last word, in any of the three
    languages: ON/OFF, SÍ/NO, SÌ/NO); None: no Faction, or no switch."""
    if len(args) < 2:
        return None
    last = fold(args[-1])
    for value, key in ((True, "word.on"), (False, "word.off")):
        if any(last == fold(w.strip()) for lang in LANGUAGES
               for w in say(key, lang).split(",") if w.strip()):
            return value
    return None


def word(order: str, lang: str) -> str:
    """How ``order`` is shown to a player of ``lang`` (upper case, as mails show orders)."""
    return say(f"word.{order}", lang).split(",")[0].strip().upper()


def order_of(line: str) -> str | None:
    """The gateway order ``line`` begins with, or None (a choice, or nothing)."""
    first = line.split(maxsplit=1)[0] if line.split() else ""
    return keywords().get(fold(first))


def language(text: str) -> str | None:
    """``en``/``es``/``it`` from a code or a language's name in any of the three."""
    wanted = fold(text.strip())
    return next((code for code, names in LANGUAGE_NAMES.items() if wanted in names), None)


def read_orders(lines: Sequence[str]) -> tuple[list[Order], list[Problem]]:
    """Each line as an order, and the lines that are malformed on their own."""
    orders: list[Order] = []
    problems: list[Problem] = []
    for number, line in enumerate(lines, start=1):
        kind = order_of(line)
        if kind is None:
            orders.append(Order("choice", number, line))
            continue
        args = tuple(line.split()[1:])
        reason = _malformed(kind, args)
        if reason is not None:
            problems.append(Problem(number, line, reason))
        else:
            orders.append(Order(kind, number, line, args))
    return orders, problems


def _malformed(kind: str, args: tuple[str, ...]) -> Msg | None:
    if kind in BARE and args:
        return Msg("mail.error.takes_nothing", order=kind.upper())
    if kind == "new" and len(args) > 2:
        return Msg("mail.error.takes_nothing", order="NEW GAME SCENARIO")
    if kind == "join" and len(args) < 2:
        return Msg("mail.error.needs_game", example="a1b2c3d4e5")
    if kind == "option" and "=" not in " ".join(args):
        return Msg("mail.error.option_form", got=" ".join(args))
    if kind == "bot" and switch(args) is None:
        return Msg("mail.error.bot_form")
    if kind == "history" and history_since(args) is None:
        return Msg("mail.error.bad_since")
    if kind == "lang" and (len(args) != 1 or language(args[0]) is None):
        return Msg("mail.error.bad_language")
    return None


def history_since(args: tuple[str, ...]) -> int | None:
    """``()`` -> 0 (the latest page), ``(12,)`` or ``(since, 12)`` -> 12; None: malformed."""
    words = [a for a in args if fold(a) not in since_words()]
    if len(words) > 1 or len(args) > 2:
        return None
    if not words:
        return 0 if not args else None
    return int(words[0]) if words[0].isdigit() else None


def option_pair(order: Order) -> tuple[str, str]:
    key, _, value = " ".join(order.args).partition("=")
    return key.strip(), value.strip()


def kinds_of_writes(orders: Sequence[Order]) -> list[str]:
    """The kinds of orders that change something, in the order they first appear."""
    seen: list[str] = []
    for order in orders:
        if order.kind in WRITES and order.kind not in seen:
            seen.append(order.kind)
    return seen
