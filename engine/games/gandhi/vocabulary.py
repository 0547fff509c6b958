"""Gandhi's vocabulary (``engine.core.vocabulary``): every verb a choice of this game
uses, and the kinds of values its slots take.

The kinds are data (``data/vocabulary.toml``), the spaces are the map's, named as every
picture and digest names them (``names.place_name``); the verbs are data too
(``data/verbs/*.toml``, one file per part of the rules so that each module owns its
own), with their labels and descriptions in the catalogues (``locales/verbs*.toml``).
Rules code gets a verb by name (``verb("rally")``), which fails at import when the verb
is not declared, and builds choices from it: ``IN(space="punjab")``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.vocabulary import Kind, Named, Names, Number, Verb, Vocabulary, split_forms
from engine.games.gandhi.board import default_map
from engine.games.gandhi.names import place_name
from engine.i18n import t

DATA = Path(__file__).parent / "data"
GAME = "gandhi"


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def _names(name: str, spec: Mapping[str, Any]) -> Names:
    values: Mapping[str, str] = spec["values"]
    owners: Mapping[str, list[str]] = spec.get("owners", {})
    named = [Named(vid, *split_forms(text), owners=tuple(owners.get(vid, ())))
             for vid, text in values.items()]
    prefix = spec.get("labels")

    def labeller(value: str, lang: str, plural: bool) -> str:
        return t(f"{prefix}.{value}", lang)
    return Names(GAME, name, named, labeller if prefix else None, role=spec.get("role"))


def _spaces() -> Names:
    """The map's spaces, by the names every picture and digest uses; menus split them by
    type (Cities, Provinces, States, Railways)."""
    board = default_map()
    named = [Named(sid, place_name(board, sid, "en"), place_name(board, sid, "en"),
                   section=space.kind) for sid, space in board.spaces.items()]
    return Names(GAME, "space", named,
                 labeller=lambda value, lang, plural: place_name(board, value, lang),
                 sections=lambda section, lang: t(f"gandhi.section.{section}", lang))


def _kinds() -> list[Kind]:
    data = _read(DATA / "vocabulary.toml")
    kinds: list[Kind] = [_names(name, spec) for name, spec in data["kinds"].items()]
    kinds += [Number(name, signed=form == "signed") for name, form in data["numbers"].items()]
    return [*kinds, _spaces()]


def build() -> Vocabulary:
    vocab = Vocabulary(GAME, _kinds(), seat_kind="faction")
    for path in sorted((DATA / "verbs").glob("*.toml")):
        for name, spec in _read(path).items():
            vocab.add(name, spec["text"], owner=spec.get("owner"), role=spec.get("role"))
    return vocab


VOCABULARY = build()


def verb(name: str) -> Verb:
    """A declared verb (a KeyError at import names a verb missing from data/verbs)."""
    return VOCABULARY.verb(name)


def verbs(*names: str) -> tuple[Verb, ...]:
    """Several declared verbs at once: ``IN, TO = verbs("in", "to")``."""
    return tuple(VOCABULARY.verb(n) for n in names)
