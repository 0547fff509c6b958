"""The Gandhi board as text (engine/games/gandhi/board_text.py): what ``courier show`` and
``play`` print, space by space, in the reader's language."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.games.gandhi.board_text import board_text, player_capability
from engine.games.gandhi.deck import deck_for
from engine.games.gandhi.state import GandhiState
from engine.i18n import LANGUAGES
from tests.games.gandhi.helpers import position

LOCALES = Path(__file__).resolve().parents[3] / "engine" / "games" / "gandhi" / "locales"


def punjab() -> GandhiState:
    return position({"punjab": {"pieces": {"troops": 1, "guerrillas_underground": 2,
                                           "guerrillas_active": 1, "congress_activists": 3,
                                           "gandhi": 1, "ml_bases": 1},
                                "protest": True, "unrest": 2, "support": -1},
                     "rail_delhi_ganges": {"strike": True},
                     "bihar": {"pieces": {"ml_activists": 2}}},
                    jail={"congress_activists": 2}, campaigns_in_deck=1,
                    current="30", upcoming="75")


def line_of(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(start))


def test_every_space_is_a_line_with_its_pieces_and_markers() -> None:
    text = board_text(punjab(), "en")
    assert line_of(text, "Punjab") == (
        "  Punjab (Pop 2, Muslim): Passive Opposition, Protest, Unrest 2 — Troops 1, "
        "Congress Activists 3 (Active), Gandhi, Muslim League Base 1, "
        "Guerrillas 2 Underground, 1 Active")
    assert line_of(text, "Bihar") == ("  Bihar (Pop 2): Neutral — Muslim League Activists 2 "
                                      "(Inactive)")
    assert line_of(text, "Railway Delhi–Allahabad") == (
        "  Railway Delhi–Allahabad (Econ 4): Strike — empty")
    assert line_of(text, "Mysore") == "  Mysore (Pop 1): empty"
    assert line_of(text, "Jail:") == "Jail: Congress Activists 2"
    assert line_of(text, "Available:").startswith("Available: Troops 14, Sepoys 45, ")
    spaces = [line for line in text.splitlines() if line.startswith("  ") and "(Pop" in line
              or "(Econ" in line]
    assert len(spaces) == 25 + 11  # 1.3: 25 spaces, and the Railways


def test_raj_control_is_shown() -> None:
    state = position({"delhi": {"pieces": {"troops": 2}, "support": 2}})
    assert line_of(board_text(state, "en"), "Delhi") == (
        "  Delhi (Pop 1): Active Support, Raj Control — Troops 2")


def test_the_cards_with_their_texts_and_a_stand_in_order_marked() -> None:
    text = board_text(punjab(), "en")
    card = deck_for(None).events["30"]
    assert f"Current card 30: {card.title.en}" in text
    assert "  Faction order: Congress, Raj, Revolutionaries, Muslim League (a stand-in: the " \
           "printed order is not known)" in text
    assert f"  Unshaded: {card.text_unshaded.en}" in text
    assert f"  Shaded: {card.text_shaded.en}" in text
    assert "Next card 75: Lord Irwin (a Campaign card)" in text


@pytest.mark.parametrize(("status", "note"), [
    ("printed", ""),
    ("partial", " (partly a stand-in: the printed order is only partly known)"),
    ("stand-in", " (a stand-in: the printed order is not known)")])
def test_the_order_note_follows_what_is_known(status: str, note: str) -> None:
    card = next(c for c in deck_for(None).events.values() if c.order_status == status)
    text = board_text(position({}, current=card.id), "en")
    order_line = line_of(text, "Faction order:")
    assert order_line.endswith(note) if note else "(" not in order_line


def test_counts_are_said_in_words_and_the_viceroy_by_name() -> None:
    text = board_text(punjab(), "en")
    assert "Deck: 40 cards left, 1 Campaign card among them" in text
    assert "Viceroy: Lord Linlithgow. The Defender: Martial Law does not place an Unrest " \
           "marker." in text
    one_card = position({}, campaigns_in_deck=2)
    one_card.revealed = one_card.deck_size - 1
    assert "Deck: 1 card left, 2 Campaign cards among them" in board_text(one_card, "en")


def test_a_capability_ends_with_one_full_stop() -> None:
    wavell = deck_for(None).campaigns["78"].capability.en
    assert wavell.endswith(".")
    assert player_capability(wavell).endswith("Assault.")
    assert not player_capability(wavell).endswith("..")
    assert player_capability("The Negotiator: Imperialism costs 2 NP Raj: no effect") == \
        "The Negotiator: Imperialism costs 2."


@pytest.mark.parametrize(("lang", "words"), [
    ("es", ("Carta actual 30", "Orden de Facciones", "Ciudades", "Prisión: ", "provisional")),
    ("it", ("Carta attuale 30", "Ordine delle Fazioni", "Città", "Prigione: ",
            "provvisorio"))])
def test_the_board_in_the_readers_language(lang: str, words: tuple[str, ...]) -> None:
    text = board_text(punjab(), lang)
    for word in words:
        assert word in text
    assert "gandhi.board" not in text


def test_an_empty_state_says_the_board_is_not_set_up() -> None:
    assert board_text(GandhiState(), "en") == \
        "The board is not set up yet at this point of the game."


def test_the_three_catalogues_keep_the_same_keys() -> None:
    def keys(table: dict[str, object], prefix: str = "") -> set[str]:
        out: set[str] = set()
        for key, value in table.items():
            out |= keys(value, f"{prefix}{key}.") if isinstance(value, dict) \
                else {prefix + key}
        return out
    found = [keys(tomllib.loads((LOCALES / f"board_text.{lang}.toml").read_text()))
             for lang in LANGUAGES]
    assert found[0] and found[0] == found[1] == found[2]
