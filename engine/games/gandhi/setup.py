"""Setting up a scenario (2.1, Set Up p.39-43, Quick Start p.48).

The deck is built with the service's Chance and stays secret (DESIGN.md §3): Event cards
are dealt into piles, one Campaign card is shuffled into the bottom of each pile the
scenario names, piles are stacked first on top, and one unused Campaign card, drawn at
random, becomes the first Viceroy (2.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.gandhi.deck import deck_for
from engine.games.gandhi.events import DeckPackLoaded, ScenarioSetUp
from engine.games.gandhi.pieces import CONGRESS_ACTIVISTS, MAP_KINDS, ML_ACTIVISTS
from engine.games.gandhi.scenarios import DeckSpec, Scenario, SpaceSetup

EVENT_CARDS = [str(n) for n in range(1, 73)]      # 1.2
CAMPAIGN_CARDS = [str(n) for n in range(73, 80)]  # 1.2, 2.5

T = TypeVar("T")


def build_deck(spec: DeckSpec, chance: Chance) -> tuple[list[str], str]:
    """The draw deck (top first) and the starting Viceroy."""
    events = chance.shuffle(EVENT_CARDS)
    campaigns = chance.shuffle(CAMPAIGN_CARDS)
    size = spec.events_per_pile
    piles = [events[i * size:(i + 1) * size] for i in range(spec.event_piles)]
    used = len(spec.campaign_piles)
    for campaign, pile_number in zip(campaigns[:used], spec.campaign_piles, strict=True):
        piles[pile_number - 1] = _shuffle_into_bottom(piles[pile_number - 1], campaign,
                                                      spec.campaign_in_bottom, chance)
    return [card for pile in piles for card in pile], campaigns[used]


def _shuffle_into_bottom(pile: Sequence[T], card: T, bottom: int, chance: Chance) -> list[T]:
    top, low = list(pile[:-bottom]), list(pile[-bottom:])
    low.insert(chance.roll(bottom + 1) - 1, card)
    return top + low


def space_payload(setup: SpaceSetup) -> dict[str, Any]:
    counts = {kind: getattr(setup, kind) for kind in MAP_KINDS}
    # 1.4.3: whether Activists are Active follows from Protest/Railway; it is not stored
    counts[CONGRESS_ACTIVISTS] += setup.congress_activists_active
    counts[ML_ACTIVISTS] += setup.ml_activists_active
    pieces = {k: v for k, v in counts.items() if v}
    return {"pieces": pieces, "support": setup.support, "protest": setup.protest,
            "unrest": setup.unrest, "strike": setup.strike,
            "muslim_state": setup.muslim_state}


def scenario_event(scenario: Scenario, options: dict[str, Any], deck: list[str],
                   viceroy: str) -> ScenarioSetUp:
    return ScenarioSetUp(
        scenario=scenario.id, options=options,
        spaces={sid: space_payload(sp) for sid, sp in scenario.spaces.items()},
        jail={k: v for k, v in scenario.jail.counts().items() if v},
        out_of_play={k: v for k, v in scenario.out_of_play.counts().items() if v},
        restraint=scenario.restraint, unity=scenario.unity,
        resources={"raj": scenario.resources.raj,
                   "revolutionaries": scenario.resources.revolutionaries},
        eligible=list(scenario.eligible),
        deck_size=len(deck), campaigns_in_deck=len(scenario.deck.campaign_piles),
        viceroy=viceroy)


def pack_events(pack: str | None) -> list[Event]:
    """DESIGN.md §1: the game's deck pack, logged whole with its hash (already checked)."""
    if pack is None:
        return []
    deck = deck_for(pack)
    assert deck.pack_hash is not None
    return [DeckPackLoaded(name=deck.pack_name, hash=deck.pack_hash, text=pack)]
