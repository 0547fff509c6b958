"""The one parser from typed text to a legal choice (typed choices): unique prefixes of
each word, little words left out, exact words before prefixes, never a guess between
choices, and refusals that say why."""

from __future__ import annotations

import pytest

from engine.core.actions import Amount, Choice
from engine.core.messages import AmbiguousAction, IllegalAction, Msg, UnknownAction
from engine.core.parse import parse, tokens
from engine.core.vocabulary import Named, Names, Number, Vocabulary

SPACES = {"punjab": "Punjab", "bombay": "Bombay", "bihar": "Bihar",
          "bombay_presidency": "Bombay Presidency", "delhi": "Delhi",
          "jammu_kashmir": "Jammu & Kashmir"}


def vocabulary() -> Vocabulary:
    vocab = Vocabulary("partest", [
        Names("partest", "seat", [Named(f, f, f) for f in ("raj", "congress", "league")]),
        Names("partest", "space", [Named(k, v, v) for k, v in SPACES.items()]),
        Names("partest", "box", [Named("out_of_play", "out of play", "out of play")]),
        Number("count"), Number("amount")])
    vocab.add("rally", "rally {space}")
    vocab.add("march", "march {space}")
    vocab.add("pass", "pass")
    vocab.add("pass_free", "pass free {faction:seat}")
    vocab.add("end", "end turn")
    vocab.add("sweep", "sweep {space}", owner="raj", role="operation")
    vocab.add("place", "place {count} troop/troops")
    vocab.add("place_from", "place {count} troop/troops from {box}")
    vocab.add("give", "give {amount} to {faction:seat}")
    return vocab


V = vocabulary()
RALLY, MARCH, PASS, PASS_FREE, END, PLACE, PLACE_FROM, GIVE = (
    V.verb(n) for n in ("rally", "march", "pass", "pass_free", "end", "place", "place_from",
                        "give"))
CHOICES = (RALLY(space="punjab"), RALLY(space="bombay"), RALLY(space="bihar"),
           RALLY(space="bombay_presidency"), RALLY(space="jammu_kashmir"),
           MARCH(space="delhi"), PASS(), END())


def read(typed: str, actions: tuple = CHOICES, seat: str | None = None) -> str:  # type: ignore[type-arg]
    return parse(typed, actions, V, seat).text


@pytest.mark.parametrize(("typed", "expected"), [
    ("rally Punjab", "rally Punjab"),
    ("RALLY punjab", "rally Punjab"),
    ("ral pun", "rally Punjab"),
    ("  r   p ", "rally Punjab"),
    ("rally bombay", "rally Bombay"),          # whole words beat a longer choice
    ("ral bombay pres", "rally Bombay Presidency"),
    ("rally jammu kashmir", "rally Jammu & Kashmir"),
    ("rally jammu_kashmir", "rally Jammu & Kashmir"),   # the id reads too
    ("m d", "march Delhi"),
    ("e t", "end turn"),
    ("end", "end turn"),                       # only literal words left out
    ("pa", "pass"),
])
def test_unique_prefix_and_case_insensitive(typed: str, expected: str) -> None:
    assert read(typed) == expected


def test_ambiguous_lists_the_candidates_and_never_picks_one() -> None:
    with pytest.raises(AmbiguousAction) as err:
        read("ral b")
    assert err.value.candidates == ["rally Bombay", "rally Bihar", "rally Bombay Presidency"]
    assert "“Rally Bihar”" in err.value.message("en")


def test_a_prefix_of_several_choices_is_refused_even_if_it_fits_one_whole() -> None:
    """``p`` fits ``pass`` and begins ``pass free congress``: refused, both listed; the
    whole word ``pass`` is Pass."""
    choices = (PASS(), PASS_FREE(faction="congress"), PASS_FREE(faction="league"))
    with pytest.raises(AmbiguousAction) as err:
        read("p", choices)
    assert err.value.candidates == ["pass", "pass free congress", "pass free league"]
    assert read("pass", choices) == "pass"
    assert read("p f c", choices) == "pass free congress"


def test_no_value_may_be_left_out() -> None:
    """A text that is not legal never silently becomes a longer legal one."""
    only_province = (RALLY(space="bombay_presidency"), PLACE_FROM(count=2, box="out_of_play"))
    for typed in ("rally Bombay", "place 2 troops"):
        with pytest.raises(AmbiguousAction):
            read(typed, only_province)
    assert read("place 2 troops", (PLACE(count=2), PLACE_FROM(count=2, box="out_of_play"))) \
        == "place 2 troops"


def test_singular_and_plural_after_a_number() -> None:
    assert PLACE(count=1).text == "place 1 troop"
    assert PLACE(count=0).text == "place 0 troops"
    assert read("place 1 troops", (PLACE(count=1),)) == "place 1 troop"


def test_an_open_amount_is_named_by_the_player() -> None:
    choices = (GIVE(amount=Amount(1, 12), faction="raj"),)
    assert GIVE(amount=Amount(1, 12), faction="raj").text == "give <1-12> to raj"
    action = parse("give 5 to raj", choices, V)
    assert action.text == "give 5 to raj" and action["amount"] == 5
    assert Choice(Msg("p"), choices).find("give 12 to raj") is not None
    assert Choice(Msg("p"), choices).find("give 13 to raj") is None
    with pytest.raises(IllegalAction):
        parse("give 13 to raj", choices, V)


def test_unknown_word() -> None:
    with pytest.raises(UnknownAction):
        read("dance Delhi")
    with pytest.raises(UnknownAction):
        read("   ")


def test_another_seats_verb_is_explained() -> None:
    with pytest.raises(IllegalAction) as err:
        read("sweep Bihar", seat="congress")
    assert "sweep is a raj" in err.value.message("en").lower()   # no catalogue: raw words


def test_a_verb_with_other_values_lists_them() -> None:
    with pytest.raises(IllegalAction) as err:
        read("march Bihar")
    assert "“March Delhi”" in err.value.message("en")


def test_extra_words_do_not_match() -> None:
    with pytest.raises(IllegalAction) as err:
        read("pass now please")
    assert "Pass takes nothing more (“now please”)" in err.value.message("en")


def test_tokens_fold_case_accents_dashes_and_punctuation() -> None:
    assert tokens("Città – Non-Cooperation") == ("citta", "non", "cooperation")
    assert tokens("Jammu & Kashmir") == ("jammu", "kashmir")
    assert tokens("track unity +1") == ("track", "unity", "+1")
