"""The one parser from typed text to a legal action (issue 2: unknown / illegal / ambiguous)."""

from __future__ import annotations

import pytest

from engine.core.actions import Action, Choice, parse
from engine.core.messages import AmbiguousAction, IllegalAction, Msg, UnknownAction

CHOICE = Choice(Msg("p"), tuple(Action(t) for t in (
    "rally Punjab", "rally Bombay", "rally Bihar", "rally Bombay Presidency", "march Delhi",
    "pass",
    "end turn")))
VERBS = ["rally", "march", "pass", "end", "sweep"]


@pytest.mark.parametrize(("typed", "expected"), [
    ("rally Punjab", "rally Punjab"),
    ("RALLY punjab", "rally Punjab"),
    ("ral pun", "rally Punjab"),
    ("  r   p ", "rally Punjab"),
    ("rally bombay", "rally Bombay"),          # exact words beat a longer action
    ("ral bombay pres", "rally Bombay Presidency"),
    ("m d", "march Delhi"),
    ("e t", "end turn"),
    ("pa", "pass"),
])
def test_unique_prefix_and_case_insensitive(typed: str, expected: str) -> None:
    assert parse(typed, CHOICE, VERBS).text == expected


def test_ambiguous_lists_the_candidates() -> None:
    with pytest.raises(AmbiguousAction) as err:
        parse("ral b", CHOICE, VERBS)
    assert err.value.candidates == ["rally Bombay", "rally Bihar"]
    assert "rally Bihar" in err.value.message("en")


def test_no_word_may_be_left_out() -> None:
    """A command that is not legal never silently becomes a longer legal one."""
    only_province = Choice(Msg("p"), (Action("rally Bombay Presidency"),
                                      Action("place 2 troops from out of play")))
    for typed in ("rally Bombay", "place 2 troops", "rally"):
        with pytest.raises(IllegalAction):
            parse(typed, only_province, VERBS + ["place"])


def test_unknown_word() -> None:
    with pytest.raises(UnknownAction):
        parse("dance Delhi", CHOICE, VERBS)
    with pytest.raises(UnknownAction):
        parse("   ", CHOICE, VERBS)


def test_known_verb_not_offered_is_illegal_with_reason() -> None:
    with pytest.raises(IllegalAction) as err:
        parse("sweep Punjab", CHOICE, VERBS, lambda typed: Msg("reason.not_offered_now"))
    assert "not one of the choices" in err.value.message("en")
    assert "no es una de las opciones" in err.value.message("es")
    assert "non è una delle scelte" in err.value.message("it")


def test_extra_words_do_not_match() -> None:
    with pytest.raises(IllegalAction):
        parse("pass now please", CHOICE, VERBS)
