"""The menu tree of a decision (typed choices): at most 25 entries a level, at most 3
levels, every choice reachable exactly once, groups labelled."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.menu import DEPTH, WIDTH, Node, menu
from engine.core.vocabulary import Action, Named, Names, Number, Vocabulary

SPACES = [f"s{n:02}" for n in range(40)]
SECTION = {s: ("city" if i < 9 else "railway" if i >= 29 else "province")
           for i, s in enumerate(SPACES)}


def vocabulary() -> Vocabulary:
    vocab = Vocabulary("menutest", [
        Names("menutest", "space", [Named(s, f"Space {s}", f"Space {s}", section=SECTION[s])
                                    for s in SPACES],
              sections=lambda key, lang: key.title()),
        Names("menutest", "piece", [Named(p, p, p + "s") for p in ("troop", "sepoy", "base")]),
        Number("count")])
    vocab.add("in", "in {space}")
    vocab.add("move", "move {count} {piece} from {space}")
    vocab.add("place", "place {count} {piece} in {space}")
    vocab.add("done", "done")
    return vocab


V = vocabulary()
IN, MOVE, PLACE, DONE = (V.verb(n) for n in ("in", "move", "place", "done"))


def check(nodes: tuple[Node, ...], actions: list[Action]) -> None:
    def walk(level: tuple[Node, ...], depth: int) -> None:
        assert 0 < len(level) <= WIDTH
        assert depth <= DEPTH
        for node in level:
            assert node.label
            assert (node.action is None) == bool(node.children)
            walk(node.children, depth + 1) if node.children else None
    walk(nodes, 1)
    reached = Counter(a for node in nodes for a in node.leaves())
    assert reached == Counter(actions)          # every choice exactly once, nothing else


@pytest.mark.parametrize("size", [1, 25, 26, 40, 175, 458, 625, 2000])
def test_menu_fits_any_number_of_choices(size: int) -> None:
    actions = [MOVE(count=n, piece=p, space=s) for s in SPACES for p in ("troop", "sepoy", "base")
               for n in range(1, 20)][:size - 1] + [DONE()]
    check(menu(actions, V, "en"), actions)


def test_a_short_list_is_one_level() -> None:
    actions = [IN(space=s) for s in SPACES[:10]] + [DONE()]
    nodes = menu(actions, V, "en")
    assert [n.action for n in nodes] == actions


def test_many_spaces_are_grouped_by_their_section() -> None:
    actions = [IN(space=s) for s in SPACES] + [DONE()]
    nodes = menu(actions, V, "en")
    check(nodes, actions)
    assert [n.label for n in nodes] == ["in", "Done"]   # the verb level first
    spaces = next(n for n in nodes if n.children)
    assert [n.label for n in spaces.children] == ["City", "Province", "Railway"]


def test_several_verbs_are_the_first_level() -> None:
    actions = [*(IN(space=s) for s in SPACES[:30]),
               *(PLACE(count=1, piece="troop", space=s) for s in SPACES[:30]), DONE()]
    nodes = menu(actions, V, "en")
    check(nodes, actions)
    assert [n.label for n in nodes] == ["in", "place", "Done"]
