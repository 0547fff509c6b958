"""A Distant Plain's game state: what is on the board and where play stands.

Only facts are stored: Available pieces, Control (1.7), victory totals and margins are
derived (``engine.games.adp.derived``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.coin.state import CoinSpace, CoinState, Step, cached, clone_state
from engine.coin.stepdata import StepModels

# the model of each step's working data (``engine.coin.stepdata``)
STEP_MODELS = StepModels()


@dataclass
class AdpSpace(CoinSpace):
    """A Province, Kabul or a LoC."""

    support: int = 0          # 1.6: -1 Opposition, 0 Neutral, +1 Support
    terror: int = 0           # 3.3.4 Terror markers (Provinces and Kabul; several may stack)
    sabotage: bool = False    # 3.3.4 LoCs only, one each
    returnees: bool = False   # 4.3.1 a +1 Pop marker: permanent

    def copy(self) -> AdpSpace:
        return AdpSpace(dict(self.pieces), self.support, self.terror, self.sabotage,
                        self.returnees)


@dataclass
class AdpState(CoinState[AdpSpace]):
    """``CoinState`` with A Distant Plain's own: Aid, Patronage, the Islamabad track and its
    Hard side, the Propaganda cards of the deck, and the Capabilities in effect."""

    SPACE: ClassVar[type[Any]] = AdpSpace

    aid: int = 0                 # 1.8
    patronage: int = 0           # 1.8
    islamabad: int = 3           # 6.6.1 box 0 Hostility .. 3 Backing .. 4 Sponsorship
    islamabad_hard: int = 0      # 6.6.1 1: the marker shows its Hard side
    propaganda_in_deck: int = 0  # 2.4 the Propaganda cards shuffled into the deck
    propaganda_played: int = 0   # Propaganda cards played so far (with a round or not)
    propaganda_rounds: int = 0   # Propaganda Rounds carried out (6.0)
    # 5.3 Capabilities in effect: card -> "unshaded" or "shaded"
    capabilities: dict[str, str] = field(default_factory=dict)
    momentum: list[str] = field(default_factory=list)   # 5.4 cards in the Momentum boxes
    removed: list[str] = field(default_factory=list)     # setup: the cards removed face up
    # 2.3.1 eligibility options A/B: the latest card turned face up below the upcoming
    # Propaganda card to find the Faction order, and its place in the deck
    order_card: str | None = None
    order_index: int = -1
    # 7.3 the Deception option, by player (their Factions joined by "+"): the markers
    # held face down ("unknown" where this copy may not see them), those revealed, and
    # the Hidden Assets used
    deception_held: dict[str, list[str]] = field(default_factory=dict)
    deception_revealed: dict[str, list[str]] = field(default_factory=dict)
    deception_used: dict[str, list[str]] = field(default_factory=dict)


def clone(state: AdpState) -> AdpState:
    """A copy that shares nothing mutable with ``state``."""
    return clone_state(state, capabilities=dict(state.capabilities),
                       momentum=list(state.momentum), removed=list(state.removed),
                       deception_held=_lists(state.deception_held),
                       deception_revealed=_lists(state.deception_revealed),
                       deception_used=_lists(state.deception_used))


def _lists(by: dict[str, list[str]]) -> dict[str, list[str]]:
    return {k: list(v) for k, v in by.items()}


__all__ = ["STEP_MODELS", "AdpSpace", "AdpState", "Step", "cached", "clone"]
