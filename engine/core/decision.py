"""A seat's decision as every front-end shows it: the prompt, each choice with its
canonical text, label, description, verb and slots, and the menu tree -- in one language,
and as plain data for ``--json``, scripts and bots (DESIGN.md §3).  Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.actions import Choice
from engine.core.menu import Node, menu
from engine.core.vocabulary import Action, Amount, SlotValue, Vocabulary


@dataclass(frozen=True)
class ChoiceView:
    text: str            # canonical: what the log stores and ``act`` accepts
    label: str           # in the reader's language
    description: str     # what it will do
    verb: str
    slots: dict[str, SlotValue]
    action: Action


@dataclass(frozen=True)
class DecisionView:
    seat: str
    seat_label: str      # the seat's name in the reader's language
    head: int            # the log's head it was read at: pass it back to pin a command
    prompt: str
    choices: tuple[ChoiceView, ...]
    menu: tuple[Node, ...]

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "seat_label": self.seat_label, "head": self.head,
                "prompt": self.prompt,
                "choices": [{"text": c.text, "label": c.label, "description": c.description,
                             "verb": c.verb, "slots": _slots(c.slots)} for c in self.choices],
                "menu": [_node(n) for n in self.menu]}


def decision_view(seat: str, head: int, choice: Choice, vocab: Vocabulary, lang: str
                  ) -> DecisionView:
    choices = tuple(ChoiceView(a.text, vocab.label(a, lang), vocab.describe(a, lang), a.verb,
                               a.slots, a) for a in choice.actions)
    seat_label = vocab.kinds[vocab.seat_kind].label(seat, lang)
    return DecisionView(seat, seat_label, head, choice.prompt.render(lang), choices,
                        menu(choice.actions, vocab, lang))


def _slots(slots: dict[str, SlotValue]) -> dict[str, Any]:
    return {k: {"min": v.low, "max": v.high} if isinstance(v, Amount) else v
            for k, v in slots.items()}


def _node(node: Node) -> dict[str, Any]:
    if node.action is not None:
        return {"label": node.label, "text": node.action.text}
    return {"label": node.label, "children": [_node(c) for c in node.children]}
