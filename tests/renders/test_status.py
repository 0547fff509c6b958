"""The title block says where play stands: on a card, the card and the step under way (an
Operation, its Special Activity, an Event and its side), never "Setup" mid-turn."""

from __future__ import annotations

import pytest

from engine.service import Service
from renders.gandhi.layout import load_layout
from renders.gandhi.legend import title_lines
from renders.gandhi.status import status_line
from tests.renders.positions import service


@pytest.fixture
def game() -> tuple[Service, str]:
    """A Short game (seed "cards"): card 31, the Muslim League 1st Eligible."""
    s = service()
    return s, s.create_game("gandhi", "short", game_id="g", seed="cards")


def _first(s: Service, g: str) -> str:
    return sorted(s.active(g))[0]


def test_on_a_card_the_title_names_the_card_and_who_decides(game: tuple[Service, str]) -> None:
    s, g = game
    assert status_line(s.kernel_state(g).game, "en") == \
        "Card 31: Champaran Satyagraha · Waiting for Muslim League"


def test_in_an_operation_the_title_names_it_and_its_special_activity(
        game: tuple[Service, str]) -> None:
    s, g = game
    s.act(g, _first(s, g), None, "rally")
    assert status_line(s.kernel_state(g).game, "en") == \
        "Card 31: Champaran Satyagraha · Rally · Waiting for Muslim League"
    s.act(g, "muslim_league", None, "negotiate")
    line = status_line(s.kernel_state(g).game, "it")
    assert line.startswith("Carta 31: Il Champaran Satyagraha Sfida le Tasse · Raduno + ")
    assert "Preparazione" not in line and line.endswith("In attesa di Lega Musulmana")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Card 31: Champaran Satyagraha · Event (Shaded) · Waiting for Muslim League"),
    ("es", "Carta 31: La Satyagraha de Champaran · Evento (Sombreada) · "
           "Esperando a Liga Musulmana"),
])
def test_in_an_event_the_title_names_the_card_and_its_side(
        game: tuple[Service, str], lang: str, expected: str) -> None:
    s, g = game
    s.act(g, _first(s, g), None, "event shaded")
    assert s.kernel_state(g).game.step.name == "event_choices"
    assert status_line(s.kernel_state(g).game, lang) == expected


def test_a_limited_operation_says_so(game: tuple[Service, str]) -> None:
    """2.3.4 after the 1st Eligible's Operation, the Raj as 2nd Eligible: a Limited one."""
    s, g = game
    for text in ("rally", "in Sind", "place 1", "done"):
        s.act(g, "muslim_league", None, text)
    s.act(g, "raj", None, "limited garrison")
    assert status_line(s.kernel_state(g).game, "en") == \
        "Card 31: Champaran Satyagraha · Limited Operation: Garrison · Waiting for Raj"


def test_a_title_too_long_for_the_title_block_leaves_the_card_s_number(
        game: tuple[Service, str]) -> None:
    s, g = game
    state = s.kernel_state(g).game
    state.current = "49"   # "Se Proclama Desafiante el Día de la Independencia"
    assert status_line(state, "es", titled=False).startswith("Carta 49 · Esperando a ")
    lines = [text for text, _, _ in title_lines(state, load_layout(), "es")]
    assert any("Carta 49" in line for line in lines)
    assert not any(line.endswith("…") for line in lines)
