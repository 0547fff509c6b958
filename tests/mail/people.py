"""What a player reads in the gateway's mails: the choices of their decision, as listed."""

from __future__ import annotations

import random
import re

from bot.mail.words import say

OPEN = re.compile(r"<(\d+)-(\d+)>")


def choices_in(text: str, lang: str = "en") -> list[tuple[str, str]]:
    """Each listed choice as (label, text to type); [] when the mail asks nothing."""
    lines = text.splitlines()
    heading = say("section.choices", lang)
    if heading not in lines:
        return []
    found = []
    for line in lines[lines.index(heading) + 1:]:
        if not line.startswith("  "):
            break
        item = line.strip()
        typed = re.search(r"\[(.+)\]$", item)
        found.append((item[:typed.start()].strip(), typed[1]) if typed else (item, item))
    return found


def pick(rng: random.Random, choices: list[tuple[str, str]], label: bool = False) -> str:
    """A choice as a player types it (its label in their language, or its text), with any
    open number named; ``pass`` and ``done`` are preferred, so that cards end."""
    texts = [c for c in choices if c[1] in ("pass", "done")]
    chosen = texts[0] if texts and rng.random() < 0.6 else rng.choice(choices)
    typed = chosen[0] if label and not OPEN.search(chosen[1]) else chosen[1]
    return OPEN.sub(lambda m: str(rng.randint(int(m[1]), int(m[2]))), typed)
