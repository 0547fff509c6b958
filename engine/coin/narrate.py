"""The plain-language story of a stretch of a COIN game's log, built from the events alone
(DESIGN.md §3 "Events are facts"): a paragraph per card (and per Campaign or Propaganda
card), a bullet per action (``Taliban: pass``) and what it did under it.  Each game gives
its vocabulary, its catalogue prefix, the events that open a paragraph, and one line per
event (``describe``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.events import ActionTaken, Event, Recorded
from engine.core.parse import reader
from engine.core.vocabulary import Vocabulary, tokens
from engine.i18n import t

MAX_LINES_PER_ACTION = 8
Describe = Callable[[Event, str | None], str]   # (event, seat of the action) -> line or ""


@dataclass
class _Group:
    seat: str | None
    text: str               # the action as said, or a section's title
    lines: list[str] = field(default_factory=list)


class Narrator:
    """``sections``: event types that open a paragraph (their line is its title);
    ``faction_name(faction, lang)``: a Faction's name in the reader's language."""

    def __init__(self, vocabulary: Vocabulary, prefix: str, sections: Sequence[str],
                 faction_name: Callable[[str, str], str]) -> None:
        self.vocabulary, self.prefix = vocabulary, prefix
        self.sections, self.faction_name = tuple(sections), faction_name

    def choice_label(self, text: str, lang: str) -> str:
        """A logged choice as the reader's language says it (its text if unreadable)."""
        found = reader(self.vocabulary).read_any(tokens(text))
        return self.vocabulary.label(found, lang) if found is not None else text

    def digest(self, events: Iterable[Event | Recorded], lang: str, describe: Describe,
               notes: Mapping[int, str] | None = None) -> str:
        """The story of ``events``; ``notes`` adds a remark to the action logged at a
        seq."""
        groups: list[_Group] = [_Group(None, "")]
        for item in events:
            event = item.event if isinstance(item, Recorded) else item
            if isinstance(event, ActionTaken):
                said = self.choice_label(event.text, lang)
                note = (notes or {}).get(item.seq) if isinstance(item, Recorded) else None
                groups.append(_Group(event.seat, f"{said} ({note})" if note else said))
                continue
            line = describe(event, groups[-1].seat)
            if event.type in self.sections:
                groups.append(_Group(None, line))
            elif line:
                groups[-1].lines.append(line)
        out = [self._format(g, lang) for g in groups if g.seat is not None or g.text or g.lines]
        return "\n".join(out) if out else t(f"{self.prefix}.digest.nothing", lang)

    def _format(self, group: _Group, lang: str) -> str:
        if group.seat is None:
            head = f"▶ {group.text}" if group.text else \
                f"• {t(f'{self.prefix}.digest.system', lang)}"
        else:
            head = "• " + t(f"{self.prefix}.digest.action", lang,
                            faction=self.faction_name(group.seat, lang), text=group.text)
        lines = group.lines[:MAX_LINES_PER_ACTION]
        if len(group.lines) > MAX_LINES_PER_ACTION:
            lines.append(f"… (+{len(group.lines) - MAX_LINES_PER_ACTION})")
        return "\n".join([head, *(f"   – {line}" for line in lines)])
