"""Setting up a scenario (2.1, Set Up p.39-43, Quick Start p.48).

The deck is built with the service's Chance and stays secret (DESIGN.md §3): Event cards
are dealt into piles, one Campaign card is shuffled into the bottom of each pile the
scenario names, piles are stacked first on top, and one unused Campaign card, drawn at
random, becomes the first Viceroy (2.5).
"""

from __future__ import annotations

from typing import Any

from engine.coin.deck import build_piles
from engine.coin.deck import pack_events as coin_pack_events
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.gandhi.deck import deck_for
from engine.games.gandhi.events import ScenarioSetUp
from engine.games.gandhi.pieces import CONGRESS_ACTIVISTS, MAP_KINDS, ML_ACTIVISTS
from engine.games.gandhi.scenarios import DeckSpec, Scenario, SpaceSetup

EVENT_CARDS = [str(n) for n in range(1, 73)]      # 1.2
CAMPAIGN_CARDS = [str(n) for n in range(73, 80)]  # 1.2, 2.5


def build_deck(spec: DeckSpec, chance: Chance) -> tuple[list[str], str]:
    """The draw deck (top first) and the starting Viceroy (2.1: a Campaign card shuffled
    into the bottom cards of each pile; the first one left over is the Viceroy)."""
    deck, left = build_piles(EVENT_CARDS, CAMPAIGN_CARDS, piles=spec.event_piles,
                             per_pile=spec.events_per_pile, special_piles=spec.campaign_piles,
                             in_bottom=spec.campaign_in_bottom, chance=chance)
    return deck, left[0]


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
    return coin_pack_events(pack, deck.pack_name, deck.pack_hash)
