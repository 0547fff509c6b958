"""Setting up a scenario (2.1, "Preparación del Mazo", the three scenarios).

The deck is built with the service's Chance and stays secret (DESIGN.md §3): the 72 Event
cards are shuffled; the scenario's number of them are removed at random and revealed (a
Capability on them is in effect: unshaded for the Coalition, shaded for the Taliban); the
short-game option removes 8 more face down; the rest are dealt into the scenario's number
of about equal piles, one Propaganda card is shuffled into each, and the piles are stacked
(the Propaganda cards left over are set aside).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.coin.deck import pack_events as coin_pack_events
from engine.coin.deck import shuffle_into_bottom
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.deck import deck_for
from engine.games.adp.events import ScenarioSetUp
from engine.games.adp.mapdata import PIECE_FACTION, Card, DeckSetup, Scenario
from engine.games.adp.spec import BACKING, ISLAMABAD_BOXES, PLACED_AS

EVENT_CARDS = [str(n) for n in range(1, 73)]        # 1.1
PROPAGANDA_CARDS = [str(n) for n in range(73, 79)]  # 1.1
SHORT_GAME_REMOVED = 8                              # 2.1 short-game option


def cards(pack: str | None = None) -> Mapping[int, Card]:
    """The cards by number, as the game's deck pack (DESIGN.md §1) has them."""
    return deck_for(pack).cards


def card(card_id: str, pack: str | None = None) -> Card:
    return cards(pack)[int(card_id)]


def pack_events(pack: str | None) -> list[Event]:
    """DESIGN.md §1: the game's deck pack, logged whole with its hash (already checked)."""
    if pack is None:
        return []
    deck = deck_for(pack)
    return coin_pack_events(pack, deck.pack_name, deck.pack_hash)


def is_propaganda(card_id: str | None) -> bool:
    return card_id is not None and card(card_id).propaganda


def build_deck(spec: DeckSetup, chance: Chance, short_game: bool
               ) -> tuple[list[str], list[str]]:
    """The draw deck (top first) and the Event cards removed face up."""
    events = chance.shuffle(EVENT_CARDS)
    removed, events = events[:spec.events_removed], events[spec.events_removed:]
    if short_game:
        events = events[SHORT_GAME_REMOVED:]     # face down: nobody sees them
    propaganda = chance.shuffle(PROPAGANDA_CARDS)[:spec.piles]
    piles = deal(events, spec.piles)
    deck: list[str] = []
    for pile, prop in zip(piles, propaganda, strict=True):   # anywhere in its pile
        deck += shuffle_into_bottom(pile, prop, len(pile), chance)
    return deck, removed


def deal(cards_left: Sequence[str], piles: int) -> list[list[str]]:
    """About equal piles: the first ones take one card more when they do not divide."""
    size, extra = divmod(len(cards_left), piles)
    out, at = [], 0
    for i in range(piles):
        n = size + (1 if i < extra else 0)
        out.append(list(cards_left[at:at + n]))
        at += n
    return out


def capabilities_of(removed: Sequence[str], pack: str | None = None) -> dict[str, str]:
    """2.1 Capabilities on the removed cards (as the game's pack marks them) are in effect:
    the Coalition's unshaded, the Taliban's shaded (5.3)."""
    out = {}
    for cid in removed:
        owner = card(cid, pack).capability
        if owner is not None:
            out[cid] = "unshaded" if owner == "coalition" else "shaded"
    return out


def space_payload(scenario: Scenario, space_id: str,
                  deploying: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A space as printed; the pieces of the ``deploying`` Factions are left off (2.1
    Open Deployment: those Factions place them)."""
    setup = scenario.spaces[space_id]
    pieces = {PLACED_AS[kind]: n for kind, n in setup.pieces.items()
              if n and PIECE_FACTION[kind] not in deploying}
    return {"pieces": pieces, "support": setup.support, "returnees": setup.returnees}


def scenario_event(scenario: Scenario, options: dict[str, Any], deck: list[str],
                   removed: list[str], deploying: frozenset[str] = frozenset(),
                   pack: str | None = None) -> ScenarioSetUp:
    return ScenarioSetUp(
        scenario=scenario.id, options=options,
        spaces={sid: space_payload(scenario, sid, deploying) for sid in scenario.spaces},
        casualties={k: v for k, v in scenario.casualties.items() if v},
        resources=dict(scenario.resources), aid=scenario.aid, patronage=scenario.patronage,
        islamabad=ISLAMABAD_BOXES.index(scenario.islamabad) if scenario.islamabad
        else BACKING, islamabad_hard=int(scenario.islamabad_hard),
        eligible=list(scenario.eligible), deck_size=len(deck),
        propaganda_in_deck=scenario.deck.piles, removed=removed,
        capabilities=capabilities_of(removed, pack))
