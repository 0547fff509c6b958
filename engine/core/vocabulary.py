"""A game's vocabulary (DESIGN.md §3): its verbs, each with named, typed slots, and the
kinds of values the slots take.

Every choice is a value of the vocabulary -- a verb and its slot values (``Action``) --
and from that one value come the canonical text stored in the log (English, stable), the
label in each language, the description of what it does, the menu it sits in and the
parse of what a player types.  No choice text is assembled anywhere else.

A verb is declared by its canonical template, ``move {count:number} {piece} from
{origin:space}``: literal words, and slots ``{name:kind}`` (the kind defaults to the
name).  A literal ``troop/troops`` is said in the singular after the number 1 and in the
plural otherwise, as are the values of a kind that has both forms.  Labels and
descriptions are templates over the same slot names in the game's catalogues
(``<game>.verb.<verb>`` and ``<game>.verb_help.<verb>``); the parser reads the canonical
template and the label templates of every language.
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from engine.i18n import LANGUAGES, has_key, t

Value = str | int
Phrase = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Amount:
    """An open number slot of a legal choice: any whole number from ``low`` to ``high``
    (``give <1-32> to revolutionaries``); the player names the number."""

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"<{self.low}-{self.high}>"


SlotValue = Value | Amount


# --- words ---------------------------------------------------------------------------------

_SIGNED = re.compile(r"[+-]\d+")
_SEPARATORS = re.compile(r"[\s_\-‐‑‒–—―/,;:.!?()\[\]{}&'’\"«»]+")


def fold_word(word: str) -> str:
    """Lower case without accents: ``Città`` and ``citta`` read the same."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokens(text: str) -> Phrase:
    """The words of a typed or rendered text, as the parser compares them: case, accents,
    dashes, underscores and punctuation do not matter (``Jammu & Kashmir`` is ``jammu
    kashmir``, ``non_cooperation`` is ``non cooperation``); a signed number stays one word."""
    out: list[str] = []
    for chunk in text.split():
        if _SIGNED.fullmatch(chunk):
            out.append(chunk)
            continue
        out += [fold_word(w) for w in _SEPARATORS.split(chunk) if w]
    return tuple(out)


def split_forms(text: str) -> tuple[str, str]:
    """``Troop|Troops`` -> (singular, plural); a single form serves both."""
    one, sep, other = text.partition("|")
    return (one, other) if sep else (one, one)


# --- kinds of values ----------------------------------------------------------------------


class Kind(ABC):
    """The values a slot may take and how each is said."""

    name: str
    numeric: bool = False

    @abstractmethod
    def canonical(self, value: Value, plural: bool = True) -> str:
        """The value in a canonical text (English, stable)."""

    @abstractmethod
    def label(self, value: Value, lang: str, plural: bool = True) -> str:
        """The value as a player of ``lang`` reads it."""

    @abstractmethod
    def phrases(self, value: Value) -> frozenset[Phrase]:
        """Every way of typing the value, in every language, as ``tokens``."""

    def values(self) -> tuple[Value, ...]:
        """The whole domain (empty for numbers)."""
        return ()

    def section(self, value: Value, lang: str) -> tuple[str, str] | None:
        """A group a long menu of these values may be split by: (key, label)."""
        return None

    def has(self, value: object) -> bool:
        return value in self.values()


class Number(Kind):
    """A whole number (``2``), or a signed one (``+3``, ``-1``)."""

    numeric = True

    def __init__(self, name: str, signed: bool = False) -> None:
        self.name, self.signed = name, signed

    def canonical(self, value: Value, plural: bool = True) -> str:
        return f"{value:+d}" if self.signed and isinstance(value, int) else str(value)

    def label(self, value: Value, lang: str, plural: bool = True) -> str:
        return self.canonical(value)

    def phrases(self, value: Value) -> frozenset[Phrase]:
        forms = {self.canonical(value)}
        if self.signed and isinstance(value, int) and value >= 0:
            forms.add(str(value))
        return frozenset((f,) for f in forms)

    def read(self, word: str) -> int | None:
        if self.signed and _SIGNED.fullmatch(word):
            return int(word)
        return int(word) if word.isdigit() else None

    def has(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and (
            self.signed or value >= 0)


@dataclass(frozen=True)
class Named:
    """One value of a ``Names`` kind: its canonical forms, and where its labels are."""

    id: str
    one: str            # canonical, singular
    other: str          # canonical, plural
    section: str | None = None
    owners: tuple[str, ...] = ()   # the seats whose value it is (a Raj Operation...)


class Names(Kind):
    """A finite set of named values (Factions, piece kinds, spaces, sides...).

    Labels come from the catalogue key ``<game>.value.<kind>.<id>`` (``Troop|Troops``) or
    from ``labeller`` (a space's name in a language); extra typed forms from
    ``<game>.alias.<kind>.<id>`` (``tr|ml|liga``), in any language.  The id itself is
    always accepted (``muslim_league`` reads as ``muslim league``), so old texts still
    parse."""

    def __init__(self, game: str, name: str, named: Sequence[Named],
                 labeller: Callable[[str, str, bool], str] | None = None,
                 aliases: Mapping[str, Iterable[str]] | None = None,
                 sections: Callable[[str, str], str] | None = None,
                 role: str | None = None) -> None:
        self.game, self.name, self.role = game, name, role
        self.named = {n.id: n for n in named}
        self._labeller = labeller
        self._aliases = {k: tuple(v) for k, v in (aliases or {}).items()}
        self._sections = sections
        self._labels: dict[tuple[str, str, bool], str] = {}

    def values(self) -> tuple[Value, ...]:
        return tuple(self.named)

    def has(self, value: object) -> bool:
        return isinstance(value, str) and value in self.named

    def canonical(self, value: Value, plural: bool = True) -> str:
        entry = self.named[str(value)]
        return entry.other if plural else entry.one

    def label(self, value: Value, lang: str, plural: bool = True) -> str:
        key = (str(value), lang, plural)
        if key not in self._labels:
            self._labels[key] = self._label(str(value), lang, plural)
        return self._labels[key]

    def _label(self, value: str, lang: str, plural: bool) -> str:
        if self._labeller is not None:
            return self._labeller(value, lang, plural)
        catalogue_key = f"{self.game}.value.{self.name}.{value}"
        if not has_key(catalogue_key, "en"):
            return self.canonical(value, plural)
        one, other = split_forms(t(catalogue_key, lang))
        return other if plural else one

    @cached_property
    def _phrases(self) -> dict[str, frozenset[Phrase]]:
        out: dict[str, frozenset[Phrase]] = {}
        for vid, entry in self.named.items():
            forms = {entry.one, entry.other, vid, *self._aliases.get(vid, ())}
            for lang in LANGUAGES:
                forms |= {self.label(vid, lang, False), self.label(vid, lang, True)}
                alias_key = f"{self.game}.alias.{self.name}.{vid}"
                if has_key(alias_key, lang):
                    forms |= {a for a in t(alias_key, lang).split("|") if a.strip()}
            out[vid] = frozenset(p for p in (tokens(f) for f in forms) if p)
        return out

    def phrases(self, value: Value) -> frozenset[Phrase]:
        return self._phrases[str(value)]

    def section(self, value: Value, lang: str) -> tuple[str, str] | None:
        entry = self.named[str(value)]
        if entry.section is None or self._sections is None:
            return None
        return entry.section, self._sections(entry.section, lang)


# --- verbs ------------------------------------------------------------------------------------

_GLUED = re.compile(r" ([.,;:!?)])")
_PIECE = re.compile(r"\{(\w+)(?::(\w+))?\}|(\S+)")


@dataclass(frozen=True)
class Part:
    """A piece of a template: a slot (``name`` and ``kind``), or literal words (``word``,
    with its singular form in ``one`` when it is written ``troop/troops``)."""

    word: str = ""
    one: str = ""
    slot: str = ""
    kind: str = ""


@lru_cache(maxsize=4096)
def read_template(template: str) -> tuple[Part, ...]:
    """A template's parts; the same few templates are read for every label and
    description of every choice shown (a third of a fuzzed game's time), so each once."""
    parts: list[Part] = []
    for match in _PIECE.finditer(template):
        slot, kind, word = match.groups()
        if slot:
            parts.append(Part(slot=slot, kind=kind or slot))
        else:
            one, other = word.split("/", 1) if "/" in word[1:-1] else (word, word)
            parts.append(Part(word=other, one=one))
    return tuple(parts)


@dataclass(frozen=True)
class Verb:
    """One verb of a vocabulary: its name, canonical template and slots.  ``owner`` and
    ``role`` say whose it is (a Raj Operation...), so a refusal can explain."""

    name: str
    template: tuple[Part, ...]
    vocabulary: Vocabulary = field(repr=False, compare=False)
    owner: str | None = None
    role: str | None = None

    @cached_property
    def slots(self) -> tuple[Part, ...]:
        return tuple(p for p in self.template if p.slot)

    @cached_property
    def kinds(self) -> dict[str, str]:
        """Each slot's kind by slot name (label templates name slots only)."""
        return {p.slot: p.kind for p in self.slots}

    @cached_property
    def group(self) -> str:
        """The verb's first word, so that the choices of every ``move ...`` share one menu
        group; a template that begins with a value is a group of its own (its name)."""
        first = self.template[0] if self.template else None
        return first.word if first is not None and first.word else self.name

    def __call__(self, **values: SlotValue) -> Action:
        return Action(self.name, tuple((p.slot, values[p.slot]) for p in self.slots), self)

    def check(self, values: Mapping[str, SlotValue]) -> str | None:
        """Why ``values`` do not fit the slots, or None."""
        names = [p.slot for p in self.slots]
        if sorted(values) != sorted(names):
            return f"{self.name} takes {names}, given {sorted(values)}"
        for part in self.slots:
            kind, value = self.vocabulary.kinds[part.kind], values[part.slot]
            if not (isinstance(value, Amount) and kind.numeric) and not kind.has(value):
                return f"{self.name}: {value!r} is not a {part.kind}"
        return None


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """One choice: a verb and its slot values.  Its canonical text is its identity in the
    log; it compares by verb and values."""

    verb: str
    values: tuple[tuple[str, SlotValue], ...] = ()
    form: Verb | None = field(default=None, compare=False, repr=False)

    def __getitem__(self, slot: str) -> Any:
        for name, value in self.values:
            if name == slot:
                return value
        raise KeyError(slot)

    def get(self, slot: str, default: Any = None) -> Any:
        return next((v for n, v in self.values if n == slot), default)

    @property
    def slots(self) -> dict[str, SlotValue]:
        return dict(self.values)

    @property
    def open(self) -> bool:
        """It holds an ``Amount`` the player must still name."""
        return any(isinstance(v, Amount) for _, v in self.values)

    @property
    def text(self) -> str:
        assert self.form is not None, "an action built without its vocabulary"
        return self.form.vocabulary.text(self)

    def fill(self, **numbers: int) -> Action:
        """This open choice with its amounts named."""
        values = tuple((n, numbers.get(n, v)) for n, v in self.values)
        return Action(self.verb, values, self.form)

    def __str__(self) -> str:
        return self.text


# --- the vocabulary -------------------------------------------------------------------------


class Vocabulary:
    """The verbs and kinds of one game (``game`` prefixes its catalogue keys)."""

    def __init__(self, game: str, kinds: Iterable[Kind], seat_kind: str = "seat") -> None:
        self.game, self.seat_kind = game, seat_kind
        self.kinds: dict[str, Kind] = {k.name: k for k in kinds}
        self.verbs: dict[str, Verb] = {}
        self._texts: dict[Action, str] = {}
        # a choice's label and description in a language: the same choices are shown again
        # and again (a decision lists each of them with both), and every word of them comes
        # from catalogues and maps read once at start
        self._said: dict[tuple[str, Action, str], str] = {}

    def add(self, name: str, template: str, owner: str | None = None,
            role: str | None = None) -> Verb:
        if name in self.verbs:
            raise ValueError(f"verb {name} declared twice")
        verb = Verb(name, read_template(template), self, owner, role)
        missing = [p.kind for p in verb.slots if p.kind not in self.kinds]
        if missing:
            raise ValueError(f"verb {name}: unknown kinds {missing}")
        self.verbs[name] = verb
        return verb

    def verb(self, name: str) -> Verb:
        return self.verbs[name]

    # --- rendering ---------------------------------------------------------------------
    def text(self, action: Action) -> str:
        """The canonical text (English, stable): what the log stores."""
        cached = self._texts.get(action)
        if cached is None:
            cached = self._render(self.verbs[action.verb].template, action, None)
            if len(self._texts) > 200_000:
                self._texts.clear()
            self._texts[action] = cached
        return cached

    def label(self, action: Action, lang: str) -> str:
        """The choice as a player of ``lang`` reads it."""
        return self._remembered("label", action, lang)

    def describe(self, action: Action, lang: str) -> str:
        """What the choice will do, in ``lang``."""
        return self._remembered("describe", action, lang)

    def _remembered(self, what: str, action: Action, lang: str) -> str:
        key = (what, action, lang)
        said = self._said.get(key)
        if said is None:
            said = self._label(action, lang) if what == "label" else \
                self._describe(action, lang)
            if len(self._said) > 200_000:
                self._said.clear()
            self._said[key] = said
        return said

    def _label(self, action: Action, lang: str) -> str:
        return self._render(self.label_template(action.verb, lang), action, lang)

    def _describe(self, action: Action, lang: str) -> str:
        key = f"{self.game}.verb_help.{action.verb}"
        if not has_key(key, "en"):
            return self._label(action, lang)
        return self._render(read_template(t(key, lang)), action, lang)

    def label_template(self, verb: str, lang: str) -> tuple[Part, ...]:
        key = f"{self.game}.verb.{verb}"
        if not has_key(key, "en"):
            return self.verbs[verb].template
        return read_template(t(key, lang))

    def group_label(self, group: str, lang: str) -> str:
        key = f"{self.game}.verb_group.{group}"
        return t(key, lang) if has_key(key, "en") else group

    def value_label(self, kind: str, value: SlotValue, lang: str) -> str:
        if isinstance(value, Amount):
            return str(value)
        return self.kinds[kind].label(value, lang)

    def _render(self, template: Sequence[Part], action: Action, lang: str | None) -> str:
        """Words in order.  After a number, the words up to the next value are said in the
        plural unless the number is 1, and so is a value right after it; everything else
        in the singular (``recall troop``, ``move 2 troops``, ``2 Guerrillas Ocultas``)."""
        values, kinds = dict(action.values), self.verbs[action.verb].kinds
        words: list[str] = []
        plural = False
        for part in template:
            if not part.slot:
                words.append(part.word if plural else part.one)
                continue
            value, kind = values[part.slot], self.kinds[kinds[part.slot]]
            if isinstance(value, Amount):
                words.append(str(value))
                plural = True
                continue
            said = kind.canonical(value, plural) if lang is None else \
                kind.label(value, lang, plural)
            if said:
                words.append(said)
            plural = kind.numeric and value != 1
        text = _GLUED.sub(r"\1", " ".join(words))   # "Delhi ." -> "Delhi."
        return text[:1].upper() + text[1:] if lang is not None else text
