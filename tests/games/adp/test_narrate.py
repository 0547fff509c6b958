"""The digest of an ADP stretch of log (DESIGN.md §3 "Events are facts"): a paragraph per
card, named by its number and its title in the reader's language, and a Non-player's die
saying the rule it was rolled for."""

from __future__ import annotations

import engine.games
from engine.core.events import DieRolled
from engine.games.adp.narrate import digest_text
from engine.games.adp.setup import card as card_of
from tests.games.adp.helpers import event_game

engine.games.load()


def test_a_card_paragraph_is_named_by_number_and_title_in_the_readers_language() -> None:
    game = event_game("short")
    card = game.state.current
    assert card is not None
    text = digest_text(game.state, game.log, "es")
    title = card_of(card).title
    assert f"▶ Carta {card} {title.get('es') or title['en']}" in text   # es where printed


def test_8_2_a_non_players_die_says_its_rule_an_events_die_only_its_value() -> None:
    game = event_game("short")
    rolls = [DieRolled(sides=6, value=4, purpose="8.2 tan"),
             DieRolled(sides=6, value=2, purpose="event")]
    text = digest_text(game.state, rolls, "en")
    assert "rolled 4 (8.2)" in text and "rolled 2" in text and "rolled 2 (" not in text
