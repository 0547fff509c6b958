"""The one parser: what a player typed -> one of the legal choices, or a typed error.

A choice is read in its canonical text and in the label of every language (``pass``,
``pasar``, ``passa``), its values in any of their forms (names in three languages,
aliases, the id); every word may be cut to a prefix and the little words between values
(``from``, ``desde``, ``da``) may be left out.  The parser never guesses:

- a text that spells a choice exactly (every word whole) is that choice, even where it
  begins a longer one (``pass`` is Pass, not ``pass free congress``);
- otherwise the text must fit exactly one choice and begin no other: ``p`` fits ``pass``
  and begins ``pass free congress``, so it is refused with both listed;
- a text that fits no legal choice is read against the whole vocabulary, so the refusal
  can say why (``sweep Bengal`` from Congress: Sweep is a Raj Operation).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.messages import AmbiguousAction, IllegalAction, Msg, UnknownAction
from engine.core.vocabulary import (
    Action,
    Amount,
    Kind,
    Names,
    Number,
    Part,
    Phrase,
    SlotValue,
    Value,
    Vocabulary,
    tokens,
)
from engine.i18n import LANGUAGES

# Words that join a verb to its values; a player may leave them out.
CONNECTIVES = frozenset(tokens(
    "from to in into onto on at with of for by "                   # English
    "desde de del hacia a al en con por sobre "                    # Spanish
    "da dal dalla dai dalle verso al alla ai alle nel nella su con per di"))  # Italian

# How typed words fit a pattern: every word whole; every word at least begun; the typed
# words end where only literal words are left (``end`` for ``end turn``); they end
# earlier (inside a value, or before one); no fit.
EXACT, COMPLETE, TAIL, PARTIAL, NONE = 4, 3, 2, 1, 0


@dataclass(frozen=True)
class Segment:
    """One place in a pattern: the phrases that fill it, or a number slot."""

    phrases: frozenset[Phrase] = frozenset()
    optional: bool = False
    numbers: Amount | Kind | None = None   # an open amount, or any number of a kind
    slot: str = ""
    values: tuple[tuple[Phrase, SlotValue], ...] = ()  # a slot open to any value of a kind
    # the values by the first letter of their phrase: a typed word begins its phrase's word
    by_initial: dict[str, tuple[tuple[Phrase, SlotValue], ...]] = field(
        default_factory=dict, compare=False)


def _by_initial(values: Iterable[tuple[Phrase, SlotValue]]
                ) -> dict[str, tuple[tuple[Phrase, SlotValue], ...]]:
    index: dict[str, list[tuple[Phrase, SlotValue]]] = {}
    for phrase, value in values:
        index.setdefault(phrase[0][:1] if phrase else "", []).append((phrase, value))
    return {initial: tuple(found) for initial, found in index.items()}


Pattern = tuple[Segment, ...]
Captured = tuple[tuple[str, SlotValue], ...]


def _literal(part: Part) -> Segment:
    forms = {tokens(part.word), tokens(part.one)}
    optional = all(w in CONNECTIVES for form in forms for w in form)
    return Segment(phrases=frozenset(f for f in forms if f), optional=optional)


def _slot(vocab: Vocabulary, kind_name: str, part: Part, value: SlotValue | None) -> Segment:
    kind = vocab.kinds[kind_name]
    if isinstance(value, Amount):
        return Segment(numbers=value, slot=part.slot)
    if value is None:  # any value of the kind
        if kind.numeric:
            return Segment(numbers=kind, slot=part.slot)
        values = tuple((p, v) for v in kind.values() for p in kind.phrases(v))
        return Segment(slot=part.slot, values=values, by_initial=_by_initial(values))
    return Segment(phrases=kind.phrases(value), slot=part.slot)


def patterns(vocab: Vocabulary, verb: str, values: dict[str, SlotValue] | None
             ) -> list[Pattern]:
    """The patterns of a choice (``values``) or of any choice of ``verb`` (None): its
    canonical template and the label template of every language."""
    form = vocab.verb(verb)
    templates = {form.template, *(vocab.label_template(verb, lang) for lang in LANGUAGES)}
    out: list[Pattern] = []
    for template in templates:
        out.append(tuple(
            _slot(vocab, form.kinds[p.slot], p, None if values is None else values[p.slot])
            if p.slot else _literal(p) for p in template if p.slot or p.word))
    return out


def _number(word: str, kind: Amount | Kind) -> int | None:
    if isinstance(kind, Amount):
        value = int(word) if word.isdigit() else None
        return value if value is not None and value in kind else None
    return kind.read(word) if isinstance(kind, Number) else None


def _words(typed: Phrase, at: int, phrase: Phrase) -> tuple[int, bool] | None:
    """How ``phrase`` meets the typed words from ``at``: (words used, all whole), with
    ``(-1, _)`` when the typed words end inside it; None when they differ."""
    whole = True
    for k, word in enumerate(phrase):
        if at + k == len(typed):
            return -1, whole
        said = typed[at + k]
        if said == word:
            continue
        if word.lstrip("+-").isdigit() or not word.startswith(said):
            return None
        whole = False
    return len(phrase), whole


def match(typed: Phrase, pattern: Pattern) -> tuple[int, Captured]:
    """The best fit of ``typed`` to ``pattern`` (EXACT, COMPLETE, TAIL, PARTIAL or NONE),
    with the values read for open slots."""
    def walk(i: int, j: int, whole: bool, got: Captured) -> tuple[int, Captured]:
        if i == len(typed):
            rest = [s for s in pattern[j:] if not s.optional]
            if not rest:
                return (EXACT if whole else COMPLETE), got
            return (TAIL if all(not s.slot for s in rest) else PARTIAL), got
        if j == len(pattern):
            return NONE, got
        seg = pattern[j]
        best: tuple[int, Captured] = walk(i, j + 1, whole, got) if seg.optional else (NONE, got)
        if seg.numbers is not None:
            number = _number(typed[i], seg.numbers)
            if number is not None:
                best = max(best, walk(i + 1, j + 1, whole, (*got, (seg.slot, number))),
                           key=lambda r: r[0])
            return best
        options: Iterable[tuple[Phrase, SlotValue | None]] = (
            seg.by_initial.get(typed[i][:1], ()) if seg.values
            else ((p, None) for p in seg.phrases))
        for phrase, value in options:
            fit = _words(typed, i, phrase)
            if fit is None:
                continue
            used, all_whole = fit
            if used < 0:
                best = max(best, (PARTIAL, got), key=lambda r: r[0])
                continue
            more = got if value is None else (*got, (seg.slot, value))
            best = max(best, walk(i + used, j + 1, whole and all_whole, more),
                       key=lambda r: r[0])
            if best[0] == EXACT:
                break
        return best
    return walk(0, 0, True, ())


class Reader:
    """Reads typed texts against the choices of one decision."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self._patterns: dict[Action, list[Pattern]] = {}
        self._verb_patterns: dict[str, list[tuple[Pattern, frozenset[str] | None]]] = {}

    def of_verb(self, verb: str) -> list[tuple[Pattern, frozenset[str] | None]]:
        """The patterns of any choice of ``verb``, each with the words it can begin with
        (None: any word); built once, the catalogues being fixed."""
        cached = self._verb_patterns.get(verb)
        if cached is None:
            cached = self._verb_patterns[verb] = [
                (p, _first_words(p)) for p in patterns(self.vocab, verb, None)]
        return cached

    def fit(self, typed: Phrase, action: Action) -> tuple[int, Action]:
        cached = self._patterns.get(action)
        if cached is None:
            cached = patterns(self.vocab, action.verb, action.slots)
            if len(self._patterns) > 50_000:
                self._patterns.clear()
            self._patterns[action] = cached
        best, got = NONE, {}
        for pattern in cached:
            code, captured = match(typed, pattern)
            if code > best:
                best, got = code, {k: v for k, v in captured if isinstance(v, int)}
        return best, (action.fill(**got) if got else action)

    def read_any(self, typed: Phrase) -> Action | None:
        """The choice ``typed`` names in the whole vocabulary (legal or not), if any."""
        found: tuple[int, Action] | None = None
        first = typed[0] if typed else ""
        for name, verb in self.vocab.verbs.items():
            for pattern, firsts in self.of_verb(name):
                if firsts is not None and not any(w.startswith(first) for w in firsts):
                    continue
                code, got = match(typed, pattern)
                if code >= COMPLETE and (found is None or code > found[0]):
                    values = dict(got)
                    if all(p.slot in values for p in verb.slots):
                        found = (code, verb(**values))
        return found[1] if found else None

    def names_a_verb(self, word: str) -> bool:
        """``word`` begins the first word of some verb in some language."""
        for name in self.vocab.verbs:
            for pattern, _ in self.of_verb(name):
                first = pattern[0] if pattern else None
                if first is not None and any(p and p[0].startswith(word)
                                             for p in first.phrases):
                    return True
        return False


def _first_words(pattern: Pattern) -> frozenset[str] | None:
    """The words a text of ``pattern`` can begin with, when its first segment is a
    literal that must be said (None otherwise)."""
    if not pattern or pattern[0].optional or pattern[0].slot or pattern[0].numbers:
        return None
    return frozenset(p[0] for p in pattern[0].phrases if p)


_READERS: dict[int, Reader] = {}


def reader(vocab: Vocabulary) -> Reader:
    if id(vocab) not in _READERS:
        _READERS[id(vocab)] = Reader(vocab)
    return _READERS[id(vocab)]


Explain = Callable[[Phrase, Action | None], Msg | None]


def parse(text: str, actions: Sequence[Action], vocab: Vocabulary, seat: str | None = None,
          explain: Explain | None = None, legacy: bool = False) -> Action:
    """Turn typed text into one of ``actions`` (with any amount filled in), or raise
    ``UnknownAction``, ``AmbiguousAction`` or ``IllegalAction``.  ``legacy`` also takes
    the one choice a text begins (a logged text of an older ruleset, which has since
    gained words): ``verify`` decides it again, so a wrong reading cannot pass."""
    typed = tokens(text)
    if not typed:
        raise UnknownAction(text=text)
    read = reader(vocab)
    fits: dict[int, list[Action]] = {EXACT: [], COMPLETE: [], TAIL: [], PARTIAL: []}
    for action in actions:
        code, filled = read.fit(typed, action)
        if code:
            fits[code].append(filled)
    exact = fits[EXACT]
    if len(exact) == 1:
        return exact[0]
    candidates = exact or [*fits[COMPLETE], *fits[TAIL], *fits[PARTIAL]]
    if len(candidates) == 1 and (legacy or not fits[PARTIAL]):
        return candidates[0]
    if candidates:
        raise AmbiguousAction(text, Labels(vocab, candidates[:12]),
                              [a.text for a in candidates])
    raise refusal(text, typed, actions, vocab, seat, explain)


def refusal(text: str, typed: Phrase, actions: Sequence[Action], vocab: Vocabulary,
            seat: str | None, explain: Explain | None) -> Exception:
    """Why ``text`` is no legal choice, in the player's terms."""
    read = reader(vocab)
    cut, named = next(((n, found) for n in range(len(typed), 0, -1)
                       if (found := read.read_any(typed[:n])) is not None), (0, None))
    if named is None and not read.names_a_verb(typed[0]):
        return UnknownAction(text=text)
    reason = explain(typed, named) if explain is not None else None
    if reason is None and named is not None:
        if cut < len(typed) and any(a.text == named.text for a in actions):
            reason = Msg("reason.extra_words", what=ActionLabel(vocab, named),
                         extra=" ".join(text.split()[cut:]) or " ".join(typed[cut:]))
        else:
            reason = _why(vocab, named, actions, seat)
    return IllegalAction(text=text, reason=reason or Msg("reason.not_offered_now"))


def _why(vocab: Vocabulary, named: Action, actions: Sequence[Action], seat: str | None
         ) -> Msg:
    """Another seat's verb or value (``Sweep is a Raj Operation``); else the values this
    verb may take now; else: not now."""
    verb = vocab.verb(named.verb)
    if seat is not None and verb.owner is not None and verb.owner != seat and verb.role:
        return _belongs(vocab, VerbLabel(vocab, verb.group), (verb.owner,), verb.role)
    for slot, value in named.values:
        kind = vocab.kinds[verb.kinds[slot]]
        if isinstance(kind, Names) and kind.role and isinstance(value, str):
            owners = kind.named[value].owners
            if seat is not None and owners and seat not in owners:
                return _belongs(vocab, ValueLabel(vocab, kind.name, value), owners, kind.role)
    same = [a for a in actions if a.verb == named.verb]
    if same:
        return Msg("reason.other_values", what=ActionLabel(vocab, named),
                   choices=Labels(vocab, same[:10]))
    return Msg("reason.not_now", what=ActionLabel(vocab, named))


def _belongs(vocab: Vocabulary, what: Msg, owners: Sequence[str], role: str) -> Msg:
    return Msg("reason.belongs_to", what=what,
               owner=ValueLabel(vocab, vocab.seat_kind, owners[0]),
               role=Msg(f"{vocab.game}.role.{role}"))


class Labels(Msg):
    """Choices listed by their labels, in the reader's language."""

    def __init__(self, vocab: Vocabulary, actions: Sequence[Action]) -> None:
        super().__init__("parse.labels", vocab=vocab, actions=tuple(actions))

    def render(self, lang: str | None = None) -> str:
        vocab: Vocabulary = self.params["vocab"]
        return ", ".join(f"“{vocab.label(a, lang or 'en')}”" for a in self.params["actions"])


class ActionLabel(Msg):
    """One choice by its label, in the reader's language."""

    def __init__(self, vocab: Vocabulary, action: Action) -> None:
        super().__init__("parse.action", vocab=vocab, action=action)

    def render(self, lang: str | None = None) -> str:
        vocab: Vocabulary = self.params["vocab"]
        return vocab.label(self.params["action"], lang or "en")


class VerbLabel(Msg):
    """A verb's name (its menu group), in the reader's language."""

    def __init__(self, vocab: Vocabulary, group: str) -> None:
        super().__init__("parse.verb", vocab=vocab, group=group)

    def render(self, lang: str | None = None) -> str:
        vocab: Vocabulary = self.params["vocab"]
        return vocab.group_label(self.params["group"], lang or "en")


class ValueLabel(Msg):
    """A value of a kind (a Faction, a space...), in the reader's language."""

    def __init__(self, vocab: Vocabulary, kind: str, value: Any, plural: bool = True) -> None:
        super().__init__("parse.value", vocab=vocab, kind=kind, value=value, plural=plural)

    def render(self, lang: str | None = None) -> str:
        vocab: Vocabulary = self.params["vocab"]
        kind = vocab.kinds.get(self.params["kind"])
        value = self.params["value"]
        return kind.label(value, lang or "en", self.params["plural"]) if kind else str(value)


def read_value(text: str, kind: Kind) -> Value | None:
    """The one value of ``kind`` that ``text`` names (whole words first, then unique
    prefixes; ``liga`` and ``ml`` are the Muslim League), or None; several raise
    ``AmbiguousAction`` with their names."""
    typed = tokens(text)
    if not typed:
        return None
    found: dict[int, list[Value]] = {EXACT: [], COMPLETE: []}
    for value in kind.values():
        code, _ = match(typed, (Segment(phrases=kind.phrases(value)),))
        if code in found:
            found[code].append(value)
    best = found[EXACT] or found[COMPLETE]
    if len(best) > 1:
        raise AmbiguousAction(text, ValueLabels(kind, best), [str(v) for v in best])
    return best[0] if best else None


class ValueLabels(Msg):
    """Values of a kind listed by their names, in the reader's language."""

    def __init__(self, kind: Kind, values: Sequence[Value]) -> None:
        super().__init__("parse.values", kind=kind, values=tuple(values))

    def render(self, lang: str | None = None) -> str:
        kind: Kind = self.params["kind"]
        return ", ".join(f"“{kind.label(v, lang or 'en')}”" for v in self.params["values"])
