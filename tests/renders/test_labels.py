"""Every label the renderer can draw exists in all three languages and has its glyphs in
every bundled face (no .notdef boxes)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import renders
from engine.i18n import catalogue
from renders.fonts import FONT_DIR, Face, missing_glyphs
from renders.gandhi.cards import card_face, deck, viceroy_face
from renders.gandhi.layout import load_layout
from renders.gandhi.panel import PAD
from renders.gandhi.panel_cards import capability_lines, title_lines

LANGS = ("en", "es", "it")
RENDERS = Path(renders.__file__).parent


def _keys(table: dict[str, object], prefix: str = "") -> set[str]:
    out: set[str] = set()
    for key, value in table.items():
        out |= _keys(value, f"{prefix}{key}.") if isinstance(value, dict) else {prefix + key}
    return out


def test_the_render_catalogues_have_the_same_keys() -> None:
    keys = [_keys(tomllib.loads((RENDERS / "locales" / f"{lang}.toml").read_text("utf-8")))
            for lang in LANGS]
    assert keys[0] == keys[1] == keys[2]


def _source_symbols() -> str:
    """Non-ASCII characters written in the renderer's code (✓, ★, →, …)."""
    text = "".join(p.read_text("utf-8") for p in RENDERS.rglob("*.py"))
    return "".join(sorted({ch for ch in text if ord(ch) > 127}))


def labels(lang: str) -> list[str]:
    words = [v for k, v in catalogue(lang).items() if k.startswith(("gandhi.", "renders."))]
    cards = deck()
    words += [c.title.get(lang) for c in cards.events.values()]
    words += [c.title.get(lang) for c in cards.campaigns.values()]
    for card_id in cards.campaigns:
        face = viceroy_face(card_id, lang)
        words += [face.name, face.epithet, face.years, face.capability]
    return [*words, _source_symbols(), "0123456789"]


@pytest.mark.parametrize("face", list(Face))
@pytest.mark.parametrize("lang", LANGS)
def test_every_label_has_every_glyph(lang: str, face: Face) -> None:
    missing = missing_glyphs("".join(labels(lang)), face)
    assert not missing, f"{face.value} lacks {sorted(missing)} for {lang}"


def test_the_check_would_see_a_missing_glyph() -> None:
    assert missing_glyphs("a\u4e00", Face.REGULAR) == {"\u4e00"}


def test_the_fonts_are_bundled_with_their_license() -> None:
    assert (FONT_DIR / "LICENSE.txt").read_text("utf-8").count("Bitstream") > 1
    for face in Face:
        assert (FONT_DIR / face.value).stat().st_size > 100_000
    assert re.search(r"never a host font", (RENDERS / "fonts.py").read_text("utf-8"),
                     re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_title_and_viceroy_capability_fits_the_panel(lang: str) -> None:
    """Long Italian and Spanish titles take a fourth line in smaller type, never an
    ellipsis; a capability fits its three lines."""
    layout = load_layout()
    width = layout.width - layout.map_width - 2 * PAD
    card_w = (width - 12) // 2 - 20
    for card_id in [*deck().events, *deck().campaigns]:
        lines, f = title_lines(card_face(card_id, lang).title, card_w)
        assert not lines[-1].endswith("…") and f.size >= 13, (card_id, lines)
    for card_id in deck().campaigns:
        lines = capability_lines(viceroy_face(card_id, lang).capability, width)
        assert not lines[-1].endswith("…"), (card_id, lines)


@pytest.mark.parametrize("lang", ["es", "it"])
def test_pictures_show_card_titles_and_viceroy_texts_in_their_language(lang: str) -> None:
    cards = deck()
    for card_id, card in [*cards.events.items(), *cards.campaigns.items()]:
        assert card_face(card_id, lang).title == getattr(card.title, lang) != "", card_id
    for card_id, camp in cards.campaigns.items():
        face = viceroy_face(card_id, lang)
        assert face.capability.rstrip(".")[1:] in getattr(camp.capability, lang), card_id
        assert face.capability not in camp.capability.en, card_id
