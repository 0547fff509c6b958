"""The primitive edits of a manual Event (COIN 5.0-5.1): the machinery every COIN game
shares, with the kinds of edit each game declares.

The executing Faction carries out the card's text itself, one edit at a time, and the
engine checks only the physical rules.  Each kind of edit is a small class: its verb of
the game's vocabulary and the slots its values fill, the values it may take now
(``candidates``), why given values are impossible (``problem``) and its events.  Listing
(values -> choices), acting and explaining (choice -> values) go through the same verbs,
so the three never disagree.

Placing, moving and removing pieces would list too many choices at once (kinds x counts x
spaces x spaces), so a game may make them two decisions (``first_of_two``, with its second
half in ``Edits.second``): ``place 2 sepoys`` then ``in Punjab``.  A whole edit said in one
go is never offered, but ``explain`` checks it and says it takes two steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from engine.coin.state import CoinState, Executing
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.core.vocabulary import Vocabulary

S = TypeVar("S", bound=CoinState[Any])
Values = tuple[Any, ...]
Pending = tuple[str, str, int, str]  # (verb, box kind or map kind, count, box or origin space)

MAX_EDITS = 60  # a safety valve far above any card's needs; then only ``done`` is offered
MENU_CACHE = 64


class EditsData(Executing):
    """The edits of a manual Event so far: how many were made, and the first half of a
    two-decision edit (place, move, remove) while one is open."""

    edits: int = 0
    pending: Pending | None = None


def pending(state: CoinState[Any]) -> Pending | None:
    data = state.step.data
    return data.pending if isinstance(data, EditsData) else None


class EditKind:
    """One kind of edit: its verb, the slot each of its values fills (``names``), the
    values it may take now (``candidates``), why given values are impossible
    (``problem``) and its events.  ``first_of_two``: it only opens the second decision;
    ``leaves``: its events begin another step.
    ``edits``: the game's ``Edits`` it belongs to (set when they are built)."""

    verb: ClassVar[str] = ""
    names: ClassVar[tuple[str, ...]] = ()
    first_of_two: ClassVar[bool] = False
    # its events leave the Event's step (e.g. a free Operation the Event grants, which
    # comes back to it with the edits counted): no count is noted on the step
    leaves: ClassVar[bool] = False
    exact: ClassVar[bool] = False  # every candidate is legal (listing skips ``problem``)
    edits: Edits[Any]

    def action(self, values: Values) -> Action:
        said = self.edits.said
        return self.edits.vocabulary.verb(self.verb)(
            **{n: said(n, v) for n, v in zip(self.names, values, strict=True)})

    def values(self, action: Action) -> Values:
        return tuple(self.edits.meant(n, action[n]) for n in self.names)

    def candidates(self, state: Any) -> Iterator[Values]:
        return iter(())

    def problem(self, state: Any, values: Values) -> Msg | None:
        return None

    def events(self, state: Any, values: Values, chance: Chance) -> list[Event]:
        return []


class SecondKind(EditKind):
    """The second decision of a two-decision edit; ``check`` takes the first one given."""

    def problem(self, state: Any, values: Values) -> Msg | None:
        first = pending(state)
        return None if first is None else self.check(state, first, values)

    def check(self, state: Any, first: Pending, values: Values) -> Msg | None:
        return None


class Edits(Generic[S]):
    """One game's edits.  ``menu``: the kinds offered; ``second``: by the first kind's
    pending verb, the kind that completes it; ``aliases``: other verbs that say a menu
    kind (``place 2 sepoys`` for ``place 2 sepoys from available``); ``whole``: an edit and
    its second half said in one go, ``verb -> (pending verb, first names, second
    names)``; ``said``: slot values that are words to the player (``on``/``off``) by slot;
    ``position_key``: everything the candidates read (the same key, the same menu)."""

    def __init__(self, vocabulary: Vocabulary, prefix: str, menu: Sequence[EditKind], *,
                 second: Mapping[str, SecondKind] | None = None,
                 first: Mapping[str, EditKind] | None = None,
                 aliases: Mapping[str, EditKind] | None = None,
                 whole: Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...]]] | None = None,
                 said: Mapping[str, Mapping[Any, str]] | None = None,
                 position_key: Callable[[S], tuple[Any, ...]] | None = None) -> None:
        self.vocabulary, self.prefix = vocabulary, prefix
        self.menu_kinds = tuple(menu)
        self.second = dict(second or {})
        self.first = dict(first or {})
        self.aliases = dict(aliases or {})
        self.whole = dict(whole or {})
        self.said_words = {slot: dict(words) for slot, words in (said or {}).items()}
        self.meant_words = {slot: {w: v for v, w in words.items()}
                            for slot, words in self.said_words.items()}
        self.position_key = position_key
        self._menus: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        for kind in (*self.menu_kinds, *self.second.values(), *self.first.values(),
                     *self.aliases.values()):
            kind.edits = self

    def said(self, slot: str, value: Any) -> Any:
        return self.said_words[slot][value] if slot in self.said_words else value

    def meant(self, slot: str, value: Any) -> Any:
        return self.meant_words[slot][value] if slot in self.meant_words else value

    # --- listing, reading and explaining ---------------------------------------------------

    def offered(self, state: S) -> tuple[EditKind, ...]:
        """What may be said now: the second half of a started edit, or the menu."""
        first = pending(state)
        return (self.second[first[0]],) if first is not None else self.menu_kinds

    @staticmethod
    def actions(state: S, kind: EditKind) -> Iterator[Action]:
        """Every legal edit of ``kind`` now.  An ``exact`` kind's candidates are all legal
        (a game's tests check it), so listing skips ``problem`` for it."""
        for values in kind.candidates(state):
            if kind.exact or kind.problem(state, values) is None:
                yield kind.action(values)

    def menu(self, state: S) -> tuple[Action, ...]:
        """Every legal edit now (the second half of a started one, or the menu)."""
        def listed() -> tuple[Action, ...]:
            return tuple(a for kind in self.offered(state) for a in self.actions(state, kind))
        if self.position_key is None:
            return listed()
        key = self.position_key(state)
        found = self._menus.get(key)
        if found is None:
            if len(self._menus) >= MENU_CACHE:
                self._menus.clear()
            found = self._menus[key] = listed()
        return found

    def kind_of(self, state: S, action: Action) -> EditKind | None:
        """The kind of edit an action of the vocabulary is, if it may be said now."""
        if action.verb in self.aliases and pending(state) is None:
            return self.aliases[action.verb]
        return {k.verb: k for k in self.offered(state)}.get(action.verb)

    def read(self, state: S, action: Action) -> tuple[EditKind, Values]:
        """The edit a listed choice stands for."""
        kind = self.kind_of(state, action)
        if kind is None:
            raise ValueError(f"not an edit now: {action.text}")
        return kind, kind.values(action)

    def explain(self, state: S, named: Action) -> Msg | None:
        """Why an edit is impossible now; a whole ``place 2 troops in Punjab`` is checked
        too, and if it is possible the player is told to say it in two steps."""
        kind = self.kind_of(state, named)
        if kind is not None:
            return kind.problem(state, kind.values(named))
        if named.verb not in self.whole or pending(state) is not None:
            return None
        first_verb, head_names, tail_names = self.whole[named.verb]
        first, second = self.first[first_verb], self.second[first_verb]
        head = first.values(_cut(named, head_names))
        tail = tuple(self.meant(n, named[n]) for n in tail_names)
        problem = first.problem(state, head)
        if problem is None:
            opened = (first_verb, head[1], head[0], head[2])
            problem = second.check(state, opened, tail) or Msg(
                f"{self.prefix}.reason.two_steps", first=first.action(head).text,
                second=second.action(tail).text)
        return problem


def _cut(whole: Action, names: tuple[str, ...]) -> Action:
    """The first half of a whole edit, as the action that says it."""
    values = dict(whole.values)
    return Action("", tuple((n, values[n]) for n in names))
