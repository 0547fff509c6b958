"""Gandhi's vocabulary (typed choices): every verb's text reads back as the same value in
the canonical form and in the labels of every language; every verb, slot value and menu
group has a label in English, Spanish and Italian; refusals say why; seats are named in
every language; a whole card can be played typing only Spanish, or only Italian."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import engine.games
from engine.core.messages import AmbiguousAction, CourierError, IllegalAction
from engine.core.parse import parse
from engine.core.vocabulary import Action, Kind, Names, Number, Verb
from engine.games.gandhi.vocabulary import VOCABULARY as V
from engine.i18n import LANGUAGES, has_key
from engine.service import Service
from tests.games.gandhi.helpers import RULES, asked, choose, on_card

engine.games.load()


def samples(kind: Kind) -> list[Any]:
    """A few values of a kind: its first, a middle and its last; numbers 1 and 2."""
    if isinstance(kind, Number):
        return [-1, 2] if kind.signed else [1, 2]
    values = list(kind.values())
    return sorted({values[0], values[len(values) // 2], values[-1]}, key=values.index)


def sample_actions(verb: Verb) -> list[Action]:
    slots = [(p.slot, samples(V.kinds[p.kind])) for p in verb.slots]
    combos = itertools.product(*(values for _, values in slots))
    return [verb(**dict(zip((n for n, _ in slots), combo, strict=True))) for combo in combos]


@pytest.mark.parametrize("name", sorted(V.verbs))
def test_every_verb_reads_back_from_its_text_and_from_its_label_in_each_language(
        name: str) -> None:
    actions = sample_actions(V.verb(name))
    for action in actions:
        assert parse(action.text, actions, V) == action, action.text
        for lang in LANGUAGES:
            label = V.label(action, lang)
            assert parse(label, actions, V) == action, (lang, label)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_verb_value_section_and_group_has_a_label_in_each_language(lang: str) -> None:
    missing = [f"gandhi.{part}.{name}" for name in V.verbs for part in ("verb", "verb_help")
               if not has_key(f"gandhi.{part}.{name}", lang)]
    missing += [f"gandhi.verb_group.{v.group}" for v in V.verbs.values()
                if not has_key(f"gandhi.verb_group.{v.group}", lang)]
    for kind in V.kinds.values():
        if isinstance(kind, Names):
            missing += [f"{kind.name}.{value}" for value in kind.values()
                        if not kind.label(value, lang) or kind.label(value, lang).startswith(
                            "gandhi.")]
            if kind.role:
                missing += [] if has_key(f"gandhi.role.{kind.role}", lang) else [kind.role]
    missing += [f"gandhi.section.{s}" for s in ("city", "province", "princely_state",
                                                  "railway")
                if not has_key(f"gandhi.section.{s}", lang)]
    assert missing == []


def test_values_are_named_one_way_the_ids_never_show() -> None:
    texts = [a.text for name in V.verbs for a in sample_actions(V.verb(name))]
    assert not [t for t in texts if "_" in t]             # muslim_league, civil_disobedience
    assert V.verb("pass_free")(faction="muslim_league").text == "pass free muslim league"
    assert V.verb("operation")(operation="non_cooperation").text == "non-cooperation"
    rail = V.verb("in")(space="rail_delhi_gujarat")
    assert rail.text == "in Railway Delhi–Ahmedabad"
    assert V.label(rail, "es") == "En Ferrocarril Delhi–Ahmedabad"
    assert V.verb("give")(amount=1, faction="raj").text == "give 1 to raj"
    assert V.label(V.verb("give")(amount=1, faction="raj"), "en") == "Give 1 Resource to Raj"
    assert V.label(V.verb("give")(amount=3, faction="raj"), "it") == "Dai 3 Risorse a Raj"


def test_old_texts_still_read_through_aliases_and_ids() -> None:
    state = on_card("5", "congress", {"bihar": {"pieces": {"congress_activists": 1}}},
                    out_of_play={"ml_activists": 1})
    assert RULES.parse(state, "congress", "pass free league").text == "pass free muslim league"
    assert RULES.parse(state, "congress", "civil_disobedience").text == "civil disobedience"


def test_5_a_prefix_of_several_choices_is_refused_with_them_and_changes_nothing() -> None:
    state = on_card("5", "congress", out_of_play={"ml_activists": 1,
                                                  "congress_activists": 1})
    before = repr(state)
    with pytest.raises(AmbiguousAction) as err:
        RULES.parse(state, "congress", "pa")
    assert err.value.candidates == ["pass", "pass free congress", "pass free muslim league"]
    assert "“Pasar”" in err.value.message("es")
    assert RULES.parse(state, "congress", "pass").text == "pass"
    assert repr(state) == before


def test_an_ambiguous_command_appends_nothing_through_the_service(service: Service) -> None:
    game = service.create_game("gandhi", "short", seed="amb")
    seat = sorted(service.active(game))[0]
    before = service.records(game)
    with pytest.raises(AmbiguousAction) as err:
        service.act(game, seat, None, "ev")
    assert err.value.candidates == ["event unshaded", "event shaded"]
    assert service.records(game) == before


def test_a_verb_of_another_faction_is_explained_in_the_players_terms() -> None:
    state = on_card("5", "congress")
    with pytest.raises(IllegalAction) as err:
        RULES.parse(state, "congress", "sweep Bengal")
    assert "Sweep is a Raj Operation." in err.value.message("en")
    assert "Barrido es una Operación de Raj." in err.value.message("es")
    assert "Perlustrazione è una Operazione di Raj." in err.value.message("it")


@pytest.mark.parametrize(("typed", "seat"), [
    ("raj", "raj"), ("congress", "congress"), ("congreso", "congress"),
    ("congresso", "congress"), ("league", "muslim_league"), ("ml", "muslim_league"),
    ("liga", "muslim_league"), ("lega", "muslim_league"), ("Lega Musulmana", "muslim_league"),
    ("muslim_league", "muslim_league"), ("revolutionaries", "revolutionaries"),
    ("revolucionarios", "revolutionaries"), ("rivoluzionari", "revolutionaries"),
    ("rev", "revolutionaries")])
def test_seats_have_names_and_aliases_in_three_languages(service: Service, typed: str,
                                                         seat: str) -> None:
    game = service.create_game("gandhi", "short", seed="seats")
    assert service.resolve_seat(game, typed) == seat


def test_a_seat_prefix_of_two_seats_is_refused(service: Service) -> None:
    game = service.create_game("gandhi", "short", seed="seats")
    with pytest.raises(AmbiguousAction):
        service.resolve_seat(game, "r")                 # Raj or Revolutionaries
    with pytest.raises(CourierError) as err:
        service.resolve_seat(game, "sikhs")
    assert "Liga Musulmana" in err.value.message("es")


@pytest.mark.parametrize(("lang", "words"), [
    ("es", ["reagrupamiento", "en bihar", "colocar 2", "hecho", "pasar", "pasar", "pasar"]),
    ("it", ["raduno", "in bihar", "poni 2", "fatto", "passa", "passa", "passa"]),
])
def test_2_3_a_whole_card_typed_only_in_one_language(lang: str, words: list[str]) -> None:
    """Card 5 with Congress 1st Eligible: Rally in Bihar placing 2 Activists, then every
    other Faction passes (2.3.3) and the card is over (2.3.6)."""
    state = on_card("5", "congress", {"bihar": {"support": 0}})
    for word in words:
        seat, _ = asked(state)
        choose(state, seat, word, cards={20: "7"})
    assert state.space("bihar").count("congress_activists") == 2
    assert state.eligible == {"raj": True, "congress": False, "muslim_league": True,
                              "revolutionaries": True}
    assert state.current == "6"
