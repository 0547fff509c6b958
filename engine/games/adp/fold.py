"""``evolve`` for A Distant Plain: the shared COIN fold (``engine.coin.fold``) and a small
function per event type of its own; never validates."""

from __future__ import annotations

from engine.coin.fold import Fold
from engine.games.adp import events as ev
from engine.games.adp.spec import DECEPTION_HAND as HAND
from engine.games.adp.spec import FACTIONS, SPEC, UNKNOWN
from engine.games.adp.state import STEP_MODELS, AdpSpace, AdpState


def _setup(s: AdpState, e: ev.ScenarioSetUp) -> None:
    s.scenario, s.options = e.scenario, dict(e.options)
    s.spaces = {sid: AdpSpace(pieces=dict(d.get("pieces", {})), support=d.get("support", 0),
                              returnees=d.get("returnees", False))
                for sid, d in e.spaces.items()}
    s.boxes = {"casualties": dict(e.casualties), "out_of_game": {}}
    s.resources = dict(e.resources)
    s.aid, s.patronage = e.aid, e.patronage
    s.islamabad, s.islamabad_hard = e.islamabad, e.islamabad_hard
    s.eligible = {f: f in e.eligible for f in FACTIONS}
    s.deck_size, s.propaganda_in_deck = e.deck_size, e.propaganda_in_deck
    s.removed, s.capabilities = list(e.removed), dict(e.capabilities)


def _propaganda(s: AdpState, e: ev.PropagandaPlayed) -> None:
    s.propaganda_played += 1
    s.propaganda_rounds += 1 if e.round else 0


def _capability(s: AdpState, e: ev.CapabilitySet) -> None:
    if e.side:
        s.capabilities[e.card] = e.side
    else:
        s.capabilities.pop(e.card, None)


def _momentum_cleared(s: AdpState, e: ev.MomentumCleared) -> None:
    s.momentum = []   # the cards are on the played pile already (2.3.7)


def _order_card(s: AdpState, e: ev.OrderCardRevealed) -> None:
    s.order_card, s.order_index = e.card, e.index


def _drawn(s: AdpState, e: ev.DeceptionDrawn) -> None:
    hand = e.hand.value if e.hand.known else None
    s.deception_held[e.player] = list(hand) if hand is not None else [UNKNOWN] * HAND


def _revealed(s: AdpState, e: ev.DeceptionRevealed) -> None:
    held = s.deception_held.setdefault(e.player, [])
    held.remove(e.kind if e.kind in held else UNKNOWN)
    s.deception_revealed.setdefault(e.player, []).append(e.kind)


FOLD: Fold[AdpState] = Fold(SPEC, STEP_MODELS, {
    "AdpScenarioSetUp": _setup,
    "PropagandaPlayed": _propaganda,
    "CapabilitySet": _capability,
    "MomentumAdded": lambda s, e: s.momentum.append(e.card),
    "MomentumCleared": _momentum_cleared,
    "OrderCardRevealed": _order_card,
    "DeceptionDrawn": _drawn,
    "DeceptionRevealed": _revealed,
    "DeceptionUsed": lambda s, e: s.deception_used.setdefault(e.player, []).append(e.kind),
})
HANDLERS = FOLD.handlers
evolve = FOLD.evolve
