"""Every A Distant Plain choice reads in English, Spanish and Italian with each slot
filled, and its canonical text parses back to it."""

from __future__ import annotations

from engine.games.adp.vocabulary import VOCABULARY, verb

SAMPLES = [verb("pass")(), verb("done")(), verb("event")(side="unshaded"),
           verb("civic")(space="kabul"), verb("shariah")(space="waziristan"),
           verb("desert")(piece="police", space="herat"),
           verb("redeploy")(piece="taliban_active", origin="loc_kandahar_kabul",
                            destination="northwest_frontier")]


def test_every_verb_label_and_help_fills_its_slots_in_every_language() -> None:
    assert {a.verb for a in SAMPLES} == set(VOCABULARY.verbs)
    for action in SAMPLES:
        for lang in ("en", "es", "it"):
            for text in (VOCABULARY.label(action, lang), VOCABULARY.describe(action, lang)):
                assert text and "{" not in text and "adp." not in text, (lang, text)


def test_canonical_texts_read_as_typed() -> None:
    assert VOCABULARY.text(SAMPLES[6]) == (
        "redeploy taliban_active from Kandahar-Kabul to Northwest Frontier")
