"""7.3 The Deception option ("Opción de Victoria con Engaño", ``deception=on``, 3 or 4
players): each player draws 2 of the 12 Deception markers face down at the start (sealed
to their seats in the log: ``engine.core.seal``; the rest are set aside unseen) and may
reveal one whenever they are asked to decide (``reveal <marker>``):

- False Threat: no effect;
- Hidden Agenda: +1 to the owner's victory margin for good (``derived.margins``);
- Hidden Assets: turns one Limited Operation option (2.3.5) into a full Operation with a
  Special Activity (``engine.games.adp.ops``).

A player is named by their Factions joined by ``+`` (1.5: one player may run two)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.seal import seal
from engine.games.adp.events import DeceptionDrawn, DeceptionRevealed, DeceptionUsed
from engine.games.adp.mapdata import default_data
from engine.games.adp.spec import DECEPTION_HAND, UNKNOWN
from engine.games.adp.state import AdpState, clone
from engine.games.adp.victory import players
from engine.games.adp.vocabulary import verb

MARKERS = ("false_threat", "hidden_agenda", "hidden_assets")
HIDDEN_AGENDA, HIDDEN_ASSETS = "hidden_agenda", "hidden_assets"
PLAYERS = (3, 4)         # 7.3 "en las partidas de 3 o 4 jugadores"
REVEAL = verb("reveal")


def enabled(options: Mapping[str, Any]) -> bool:
    return options.get("deception") == "on"


def players_problem(options: Mapping[str, Any]) -> bool:
    """7.3 The option is for games of 3 or 4 players."""
    return enabled(options) and len(players(options)) not in PLAYERS


def player_key(group: Sequence[str]) -> str:
    return "+".join(group)


def player_of(state: AdpState, seat: str) -> str | None:
    return next((player_key(g) for g in players(state.options) if seat in g), None)


def pool() -> list[str]:
    """The 12 markers (the split between the kinds is inferred: data/forces.toml)."""
    mix = default_data().forces.markers["deception"]["mix"]
    return [m for m in MARKERS for _ in range(int(mix[m]))]


def draw(options: Mapping[str, Any], chance: Chance) -> list[Event]:
    """7.3 At the start each player draws 2 markers at random, sealed to their seats."""
    if not enabled(options):
        return []
    markers = chance.shuffle(pool())
    out: list[Event] = []
    for i, group in enumerate(players(options)):
        hand = sorted(markers[i * DECEPTION_HAND:(i + 1) * DECEPTION_HAND])
        out.append(DeceptionDrawn(player=player_key(group),
                                  hand=seal(hand, group, chance.salt())))
    return out


def reveal_choices(state: AdpState, seat: str) -> list[Action]:
    """7.3 A player may reveal any of their markers whenever they decide."""
    player = player_of(state, seat) if enabled(state.options) else None
    if player is None or state.result is not None:
        return []
    held = state.deception_held.get(player, [])
    return [REVEAL(deception=m) for m in MARKERS if m in held]


def reveal(state: AdpState, seat: str, action: Action) -> list[Event]:
    player = player_of(state, seat)
    assert player is not None
    return [DeceptionRevealed(player=player, kind=action["deception"])]


def assets_ready(state: AdpState, faction: str) -> bool:
    """7.3 The Faction's player has revealed a Hidden Assets marker not yet used."""
    player = player_of(state, faction) if enabled(state.options) else None
    if player is None:
        return False
    return (state.deception_revealed.get(player, []).count(HIDDEN_ASSETS)
            > state.deception_used.get(player, []).count(HIDDEN_ASSETS))


def use_assets(state: AdpState, faction: str) -> list[Event]:
    player = player_of(state, faction)
    assert player is not None
    return [DeceptionUsed(player=player, kind=HIDDEN_ASSETS)]


def hidden_from(state: AdpState, seat: str | None) -> AdpState:
    """DESIGN.md §3 view: the markers other players hold face down are unknown to
    ``seat`` (all of them to an onlooker) until revealed, or the game ends."""
    own = player_of(state, seat) if seat is not None else None
    if not state.deception_held or state.result is not None:
        return state
    copy = clone(state)
    copy.deception_held = {p: list(held) if p == own else [UNKNOWN] * len(held)
                           for p, held in state.deception_held.items()}
    return copy
