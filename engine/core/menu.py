"""The choices of a decision as a menu tree (DESIGN.md §3): what a Discord panel, an
e-mail or a screen reader offers when the flat list is too long.

Each level groups the choices by one thing -- the verb, then a slot (spaces before
other values, numbers last) -- and holds at most ``WIDTH`` entries; the tree is at most
``DEPTH`` levels deep; every choice is reachable through it exactly once.  A level that
would be too wide is split by the values' sections (Cities, Provinces, Railways...) or
into runs (``Assam – Bihar``); a group too large for the levels left is cut into runs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from engine.core.vocabulary import Action, Amount, Vocabulary
from engine.i18n import has_key, t

WIDTH = 25   # Discord: options of a select menu, choices of an autocomplete
DEPTH = 3


@dataclass(frozen=True)
class Node:
    """An entry of a menu: a group (``children``) or one choice (``action``)."""

    label: str
    children: tuple[Node, ...] = ()
    action: Action | None = None

    def leaves(self) -> Iterator[Action]:
        if self.action is not None:
            yield self.action
        for child in self.children:
            yield from child.leaves()

    def depth(self) -> int:
        return 1 + max((c.depth() for c in self.children), default=0)


Key = Callable[[Action], tuple[str, str] | None]   # action -> (group id, group label)


def menu(actions: Sequence[Action], vocab: Vocabulary, lang: str) -> tuple[Node, ...]:
    """The top level of the menu of ``actions`` (in their order), labelled in ``lang``."""
    return tuple(_Builder(vocab, lang).build(list(actions), DEPTH))


class _Builder:
    def __init__(self, vocab: Vocabulary, lang: str) -> None:
        self.vocab, self.lang = vocab, lang

    def leaf(self, action: Action) -> Node:
        return Node(self.vocab.label(action, self.lang), action=action)

    def build(self, actions: list[Action], depth: int) -> list[Node]:
        if len(actions) <= WIDTH:
            return [self.leaf(a) for a in actions]
        cap = WIDTH ** (depth - 1)
        for key in self.keys(actions):
            groups = _partition(actions, key)
            if len(groups) > 1:
                nodes = self.nodes(groups, depth, cap, key)
                if nodes is not None:
                    return nodes
        return self.runs(actions, depth)

    def nodes(self, groups: list[tuple[str, list[Action]]], depth: int, cap: int,
              key: Key) -> list[Node] | None:
        """One entry per group, or per section or run of groups when there are too many;
        None when the groups cannot be laid out within ``depth``."""
        if len(groups) > WIDTH:
            groups = self.sections(groups, cap) or _runs_of_groups(groups, cap)
            if not groups:
                return None
        out: list[Node] = []
        for label, members in groups:
            if len(members) > cap:
                return None
            out.append(self.leaf(members[0]) if len(members) == 1 else
                       Node(label, tuple(self.build(members, depth - 1))))
        return out

    def sections(self, groups: list[tuple[str, list[Action]]], cap: int
                 ) -> list[tuple[str, list[Action]]]:
        """Groups of values that have sections (spaces: Cities, Provinces...) gathered by
        section, when that gives few enough entries."""
        by_section: dict[str, tuple[str, list[Action]]] = {}
        for _, members in groups:
            found = self.section_of(members[0])
            if found is None:
                return []
            label, bucket = by_section.setdefault(found[0], (found[1], []))
            bucket.extend(members)
        gathered = list(by_section.values())
        if len(gathered) > WIDTH or any(len(m) > cap for _, m in gathered) or len(gathered) < 2:
            return []
        return gathered

    def section_of(self, action: Action) -> tuple[str, str] | None:
        verb = self.vocab.verb(action.verb)
        for slot, value in action.values:
            kind = self.vocab.kinds[verb.kinds[slot]]
            if not isinstance(value, Amount):
                section = kind.section(value, self.lang)
                if section is not None:
                    return section
        return None

    def runs(self, actions: list[Action], depth: int) -> list[Node]:
        """Consecutive runs of choices, labelled by their first and last."""
        if depth <= 1:
            raise ValueError(f"{len(actions)} choices do not fit in a menu")
        cap = WIDTH ** (depth - 1)
        size = max(math.ceil(len(actions) / WIDTH), 1)
        size = min(cap, max(size, math.ceil(len(actions) / WIDTH)))
        out: list[Node] = []
        for start in range(0, len(actions), size):
            chunk = actions[start:start + size]
            if len(chunk) == 1:
                out.append(self.leaf(chunk[0]))
                continue
            first, last = (self.vocab.label(a, self.lang) for a in (chunk[0], chunk[-1]))
            out.append(Node(f"{first} … {last}", tuple(self.build(chunk, depth - 1))))
        return out

    def keys(self, actions: list[Action]) -> Iterator[Key]:
        """Grouping dimensions in order: the verb, then slots (spaces first, numbers last)."""
        vocab, lang = self.vocab, self.lang
        yield lambda a: (vocab.verb(a.verb).group, vocab.group_label(vocab.verb(a.verb).group,
                                                                         lang))
        ranked: dict[str, int] = {}
        for action in actions:
            verb = vocab.verb(action.verb)
            for slot, value in action.values:
                kind = vocab.kinds[verb.kinds[slot]]
                sectioned = not isinstance(value, Amount) and kind.section(value, lang)
                rank = 2 if kind.numeric else (0 if sectioned else 1)
                ranked.setdefault(slot, rank)
        for slot in sorted(ranked, key=lambda s: ranked[s]):
            yield self.slot_key(slot)

    def slot_key(self, slot: str) -> Key:
        vocab, lang = self.vocab, self.lang

        def key(action: Action) -> tuple[str, str] | None:
            if slot not in action.slots:
                return None
            value = action[slot]
            kind = vocab.verb(action.verb).kinds[slot]
            label = vocab.value_label(kind, value, lang)
            if vocab.kinds[kind].numeric:
                name_key = f"{vocab.game}.slot.{slot}"
                if has_key(name_key, "en"):
                    label = f"{t(name_key, lang)}: {label}"
            return f"{slot}={value}", label
        return key


def _partition(actions: list[Action], key: Key) -> list[tuple[str, list[Action]]]:
    """Actions grouped by ``key`` in order of first appearance; an action the key does not
    apply to stands alone."""
    groups: dict[str, tuple[str, list[Action]]] = {}
    for index, action in enumerate(actions):
        found = key(action)
        gid, label = found if found is not None else (f"#{index}", "")
        groups.setdefault(gid, (label, []))[1].append(action)
    return list(groups.values())


def _runs_of_groups(groups: list[tuple[str, list[Action]]], cap: int
                    ) -> list[tuple[str, list[Action]]]:
    """Consecutive groups gathered so that at most ``WIDTH`` remain, each within ``cap``."""
    per = math.ceil(len(groups) / WIDTH)
    out: list[tuple[str, list[Action]]] = []
    for start in range(0, len(groups), per):
        run = groups[start:start + per]
        members = [a for _, m in run for a in m]
        if len(members) > cap:
            return []
        label = run[0][0] if len(run) == 1 else f"{run[0][0]} – {run[-1][0]}"
        out.append((label, members))
    return out


def menu_problem(nodes: tuple[Node, ...], actions: Sequence[Action]) -> str:
    """Why ``nodes`` is not a good menu of ``actions`` ("" when it is): a level wider than
    ``WIDTH``, deeper than ``DEPTH``, an unlabelled entry, a choice missing or twice."""
    def walk(level: tuple[Node, ...], depth: int) -> str:
        if not 0 < len(level) <= WIDTH:
            return f"a level of {len(level)} entries"
        if depth > DEPTH:
            return f"{depth} levels deep"
        for node in level:
            if not node.label:
                return "an entry without a label"
            if (node.action is None) == (not node.children):
                return f"entry {node.label!r} is both or neither a group and a choice"
            found = walk(node.children, depth + 1) if node.children else ""
            if found:
                return found
        return ""
    if not actions:
        return "" if not nodes else "a menu of no choice"
    problem = walk(nodes, 1)
    reached = [a for node in nodes for a in node.leaves()]
    if not problem and sorted(map(str, reached)) != sorted(map(str, actions)):
        problem = "the menu does not reach every choice exactly once"
    return problem
