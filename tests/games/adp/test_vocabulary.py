"""Every A Distant Plain choice reads in English, Spanish and Italian with each slot
filled, and its canonical text parses back to it."""

from __future__ import annotations

from engine.games.adp.vocabulary import VOCABULARY, verb

SAMPLES = [verb("pass")(), verb("done")(), verb("event")(side="unshaded"),
           verb("civic")(space="kabul"), verb("shariah")(space="waziristan"),
           verb("desert")(piece="police", space="herat"),
           verb("redeploy")(piece="taliban_active", origin="loc_kandahar_kabul",
                            destination="northwest_frontier"),
           verb("cancel")(), verb("place_pieces")(count=2, piece="police"),
           verb("place_from")(count=1, piece="coalition_troops", box="casualties"),
           verb("in")(space="kabul"), verb("to")(space="kabul"),
           verb("move_from")(count=1, piece="police", space="kabul"),
           verb("remove_from")(count=3, piece="police", space="kabul"),
           verb("to_box")(box="out_of_game"),
           verb("flip")(count=1, piece="warlords_active", space="balkh"),
           verb("shift")(space="kabul", direction="opposition"),
           verb("marker")(marker="terror", space="kabul", switch="on"),
           verb("track")(track="aid", delta=-3), verb("resources")(faction="taliban", delta=2),
           verb("eligible")(faction="taliban"), verb("ineligible")(faction="taliban"),
           verb("capability")(), verb("momentum")(), verb("roll")(),
           verb("operation")(operation="train"), verb("limited")(operation="march"),
           verb("activity")(activity="air_strike"),
           verb("take_from")(count=1, piece="police", space="kabul"),
           verb("replace_base")(space="kabul", troops=1, police=2),
           verb("transfer_patronage")(), verb("end_moves")(),
           verb("assault_loc")(space="loc_kandahar_kabul"), verb("in_paid")(space="kandahar"),
           verb("govern_pop")(space="kabul"), verb("govern_aid")(space="balkh"),
           verb("bring")(count=2, piece="coalition_troops", space="kabul"),
           verb("split")(count=3),
           verb("vso_police")(space="kandahar"),
           verb("vso_police_from")(origin="kabul", destination="kandahar"),
           verb("place_guerrillas")(count=2), verb("base")(), verb("underground")(),
           verb("remove")(piece="police"), verb("stop")(),
           verb("replace")(piece="warlords_active"),
           verb("withdraw")(piece="taliban_active", space="kandahar"),
           verb("transfer")(amount=5, faction="warlords"),
           verb("patronage_to_warlords")(amount=3),
           verb("free_operation")(operation="sweep", faction="government"),
           verb("free_activity")(activity="suborn", faction="warlords"),
           verb("deploy")(count=2, piece="police", space="kandahar"),
           verb("reveal")(deception="hidden_agenda")]


def test_every_verb_label_and_help_fills_its_slots_in_every_language() -> None:
    assert {a.verb for a in SAMPLES} == set(VOCABULARY.verbs)
    for action in SAMPLES:
        for lang in ("en", "es", "it"):
            for text in (VOCABULARY.label(action, lang), VOCABULARY.describe(action, lang)):
                assert text and "{" not in text and "adp." not in text, (lang, text)


def test_canonical_texts_read_as_typed() -> None:
    assert VOCABULARY.text(SAMPLES[6]) == (
        "redeploy taliban_active from Kandahar-Kabul to Northwest Frontier")


def test_3_0_operations_and_4_0_special_activities_are_named_in_each_language() -> None:
    train = verb("operation")(operation="train")
    assert VOCABULARY.text(train) == "train"
    assert [VOCABULARY.label(train, lang) for lang in ("en", "es", "it")] == [
        "Train", "Entrenamiento", "Addestramento"]
    strike = verb("activity")(activity="air_strike")
    assert VOCABULARY.text(strike) == "air strike"
    assert VOCABULARY.label(strike, "es") == "Ataque Aéreo"
    assert VOCABULARY.text(verb("limited")(operation="march")) == "limited march"
