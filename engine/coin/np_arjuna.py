"""Instruction decks of non-player Factions (Gandhi 8.3 "Arjuna"), shared by COIN games.

A non-player Faction's instruction cards are double-sided: a front (light, one letter) and
a back (dark, two letters).  A card is a small flowchart: question boxes whose yes/no
arrows lead on, to an Operation or Special Activity box, or to one of three icons: *draw*
a new card, *flip* the card (read its back), *stop*.

Two pure parts live here:

- ``draw``: the next card of one Faction's stack.  The rules let each Faction's cards be
  kept as a separate stack (Gandhi 8.3 PLAY NOTE) that is shuffled at the start and at each
  Reset and cycled (the card read goes to the bottom).  Drawing lazily from a shuffled
  stack is the same as drawing uniformly among the cards not yet seen since the shuffle,
  and, once all were seen, cycling in the order seen; so nothing of the order is decided
  (or logged) before it is shown, and each draw needs one die of as many sides as there
  are unseen cards.
- ``walk``: a card's program read top-down, asking a callback for each question; it
  returns the boxes passed and the icon it ends on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Icon = Literal["draw", "flip", "stop"]
ICONS: tuple[str, ...] = ("draw", "flip", "stop")


def draw(cards: Sequence[str], seen: Sequence[str], top: str | None,
         roll: Callable[[int], int]) -> str:
    """The next card of a stack: ``cards`` its (front) cards, ``seen`` those drawn since the
    last shuffle in the order drawn, ``top`` the card shown now (the last drawn).  ``roll``
    gives 1..n; it is called only when more than one card is unseen."""
    unseen = [c for c in cards if c not in seen]
    if unseen:
        return unseen[roll(len(unseen)) - 1] if len(unseen) > 1 else unseen[0]
    # every card seen: the stack cycles in the order it was seen
    at = list(seen).index(top) if top is not None and top in seen else len(seen) - 1
    return seen[(at + 1) % len(seen)]


@dataclass(frozen=True)
class Box:
    """One box of a card's program.

    ``kind``: ``ask`` (a question: ``test`` names it; ``yes``/``no`` say where to go),
    ``op`` (an Operation) or ``sa`` (a list of Special Activities, tried in order).  A
    target is ``next`` (the following box), an icon, or ``@label``.  ``then`` is where an
    ``op``/``sa`` box leads (default ``next``); past the last box the card stops."""

    kind: Literal["ask", "op", "sa"]
    label: str | None = None
    test: str | None = None
    yes: str = "next"
    no: str = "next"
    then: str = "next"
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Walked:
    """A card read top-down: the boxes passed (a question with its answer) and the icon
    it ended on."""

    path: tuple[tuple[Box, bool | None], ...]
    end: Icon

    def boxes(self, kind: str) -> list[Box]:
        return [b for b, _ in self.path if b.kind == kind]


def walk(program: Sequence[Box], answer: Callable[[Box], bool]) -> Walked:
    """Read ``program`` from its first box; ``answer`` says yes or no to each question."""
    labels = {b.label: i for i, b in enumerate(program) if b.label}
    path: list[tuple[Box, bool | None]] = []
    at = 0
    for _ in range(4 * len(program) + 4):   # a program never loops; a bad one stops
        if at >= len(program):
            return Walked(tuple(path), "stop")
        box = program[at]
        if box.kind == "ask":
            said = answer(box)
            path.append((box, said))
            target = box.yes if said else box.no
        else:
            path.append((box, None))
            target = box.then
        if target in ICONS:
            return Walked(tuple(path), target)  # type: ignore[arg-type]
        if target == "next":
            at += 1
        elif target.startswith("@") and target[1:] in labels:
            at = labels[target[1:]]
        else:
            raise ValueError(f"unknown target {target!r}")
    return Walked(tuple(path), "stop")


def check_program(program: Sequence[Box]) -> str | None:
    """Why a program cannot be read (an unknown target, a loop), or None."""
    labels = {b.label for b in program if b.label}
    for box in program:
        targets = (box.yes, box.no) if box.kind == "ask" else (box.then,)
        for target in targets:
            if target in ICONS or target == "next":
                continue
            if not (target.startswith("@") and target[1:] in labels):
                return f"unknown target {target!r}"
    # every path must end: follow both answers of every question
    order = {b.label: i for i, b in enumerate(program) if b.label}

    def goes(i: int, target: str) -> int | None:
        if target in ICONS:
            return None
        return i + 1 if target == "next" else order[target[1:]]

    for start in range(len(program)):
        seen: set[int] = set()
        todo = [start]
        while todo:
            i = todo.pop()
            if i is None or i >= len(program):
                continue
            if i in seen:
                continue
            seen.add(i)
            box = program[i]
            targets = (box.yes, box.no) if box.kind == "ask" else (box.then,)
            for target in targets:
                nxt = goes(i, target)
                if nxt is not None and nxt <= i:
                    return f"box {i} leads back to box {nxt}"
                if nxt is not None:
                    todo.append(nxt)
    return None
