"""2.3 The Event card sequence on the shared card turn (``engine.coin.cardturn``): the
card's Faction order (2.3.2), Passing (2.3.3), the Event (2.3.4, 5.0), eligibility (2.3.6)
and the next card (2.3.7); a Propaganda card (2.4) interrupts it with a Propaganda Round
(``engine.games.adp.propaganda``), never two in a row.  The Event's offer and its manual
execution are the shared ``engine.coin.eventstep`` (``engine.games.adp.edits``).

Operations and Special Activities (``engine.games.adp.ops``) register their choices on
``TURN.choices`` and their handlers on ``TURN.handlers``, and read ``final_event_card``
(2.3.8).
"""

from __future__ import annotations

from engine.coin.cardturn import CardTurn
from engine.coin.effects import advance, begin, reveal
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.adp.derived import non_players
from engine.games.adp.events import OrderCardRevealed, PropagandaPlayed
from engine.games.adp.flow import EFFECTS, FLOW
from engine.games.adp.setup import card, is_propaganda
from engine.games.adp.state import AdpState
from engine.games.adp.victory import game_over
from engine.games.adp.vocabulary import VOCABULARY


def card_label(card_id: str | None, pack: str | None = None) -> str:
    """A card as its number and English title, as the game's pack has it (``3 Reapers``)."""
    if card_id is None:
        return "-"
    found = card(card_id, pack)
    return f"{card_id} {found.title.get('en', '')}".strip()


def order(state: AdpState) -> tuple[str, ...]:
    """2.3.2 The current card's Faction order (stand-in orders: data/deck.toml; the
    game's deck pack may give the printed ones), from the symbols of ``order_card``."""
    return card(order_card(state), state.pack).order


def order_from_upcoming(state: AdpState) -> bool:
    """2.3.1 Eligibility options A and B: the order comes from the draw deck's top card."""
    return state.options.get("eligibility") in ("a", "b")


def order_card(state: AdpState) -> str:
    """The card whose symbols give the current card's Faction order: the current card;
    with eligibility option A or B (2.3.1) the upcoming card, or, when that is a
    Propaganda card, the first Event card turned up below it (``order_reveals``), or, when
    the deck holds none, the bottom Event card of the played pile."""
    assert state.current is not None
    if not order_from_upcoming(state):
        return state.current
    if state.upcoming is not None and not is_propaganda(state.upcoming):
        return state.upcoming
    if (state.order_card is not None and state.order_index >= state.revealed
            and not is_propaganda(state.order_card)):
        return state.order_card
    return bottom_played_event(state)


def bottom_played_event(state: AdpState) -> str:
    """2.3.1 Option A, the deck's last card a Propaganda card: the bottom Event card of the
    played pile, i.e. the first Event card played (docs/rules-choices.md)."""
    assert state.current is not None
    return next((c for c in state.played if not is_propaganda(c)), state.current)


def order_reveals(state: AdpState, chance: Chance) -> list[Event]:
    """2.3.1 Options A/B: with a Propaganda card upcoming, further cards are turned face up
    until an Event card appears (none, when the Propaganda card is the deck's last)."""
    if not order_from_upcoming(state) or not is_propaganda(state.upcoming):
        return []
    shown: list[Event] = []
    for index in range(state.revealed, state.deck_size):
        found = chance.card(index)
        shown.append(OrderCardRevealed(index=index, card=found))
        if not is_propaganda(found):
            break
    return shown


def executing_makes_ineligible(state: AdpState) -> bool:
    """2.3.1 Eligibility option B: executing an Operation or Event leaves a Faction
    Eligible; only Event text makes it Ineligible (2.3.6 otherwise)."""
    return state.options.get("eligibility") != "b"


def prompt(state: AdpState, position: str) -> Msg:
    return Msg(f"adp.prompt.card_{position}", card=card_label(state.current, state.pack))


def no_reveal(state: AdpState) -> bool:
    """2.2 The no-reveal option: the upcoming card stays face down."""
    return state.options.get("reveal") == "none"


def is_non_player(state: AdpState, faction: str) -> bool:
    """8.0 A Faction no player runs (the ``players`` option, 1.5)."""
    return faction in non_players(state.options)


def final_event_card(state: AdpState, faction: str) -> bool:
    """2.3.8 The last card before the final Propaganda card (2.4.1): a player's Operation
    must be Limited, without Sweep or March.  Ignored with the no-reveal option (2.2), and
    by a Non-player (8.1 "Ignora la restricción de la Carta de Evento final")."""
    return (not no_reveal(state) and is_propaganda(state.upcoming)
            and state.propaganda_played + 1 == state.propaganda_in_deck
            and not is_non_player(state, faction))


def pass_effects(state: AdpState, faction: str, action: Action) -> list[Event]:
    """2.3.3 A COIN Faction that Passes gives the Government +3 Resources (the Government's
    own reward is its ``pass_rewards``; the Coalition has no Resources)."""
    return EFFECTS.resources(state, "government", 3) if faction == "coalition" else []


def propaganda_card(state: AdpState) -> list[Event]:
    """2.4, 6.0 A Propaganda card: a Propaganda Round, except straight after another
    Propaganda card (no Event card between), when it is played without one -- and if it is
    the final one, the game ends (7.3)."""
    if not is_propaganda(state.current):
        return []
    assert state.current is not None
    final = state.propaganda_played + 1 >= state.propaganda_in_deck
    if state.played and is_propaganda(state.played[-1]):
        played = PropagandaPlayed(card=state.current, round=False, final=final)
        if final:
            return [played, game_over(EFFECTS.after(state, [played]), "final")]
        return [played, begin("next_card")]
    return [PropagandaPlayed(card=state.current, round=True, final=final),
            begin("propaganda")]


TURN: CardTurn[AdpState] = CardTurn(FLOW, EFFECTS, VOCABULARY, order=order, prompt=prompt,
                                    interrupts=[propaganda_card], pass_effects=pass_effects,
                                    order_reveals=order_reveals,
                                    executing_makes_ineligible=executing_makes_ineligible)


def start_play(state: AdpState, chance: Chance) -> list[Event]:
    """2.2 Play begins: the top card is played first, the next one is revealed as
    upcoming."""
    first = reveal(state, chance)
    after = EFFECTS.after(state, first)
    second = advance(after)
    return [*first, *second, *reveal(EFFECTS.after(after, second), chance),
            begin("card_check")]


@FLOW.step("next_card")
class NextCard:
    """2.3.7 / 6.6 The upcoming card becomes current, the next one is revealed, and the
    current card is played; with no card left the game ends as after the final
    Propaganda (7.3)."""

    def ask(self, state: AdpState) -> None:
        return None

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        if state.upcoming is None:     # never with a final Propaganda card in the deck
            return [game_over(state, "final")]
        after = EFFECTS.after(state, advance(state))
        return [*advance(state), *reveal(after, chance), begin("card_check")]
