"""Raj Operations (3.2).  Deploy so far; the others follow the same shape."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.gandhi.derived import available, board
from engine.games.gandhi.effects import resources
from engine.games.gandhi.events import BoxTransfer, PiecesPlaced
from engine.games.gandhi.names import space_text
from engine.games.gandhi.ops.framework import note, operation
from engine.games.gandhi.pieces import RAJ, SEPOYS, TROOPS
from engine.games.gandhi.state import GandhiState

WILLINGDON, READING = "76", "74"   # 2.5.1 Viceroy capabilities
MOST_PER_CITY = 6


def sepoy_cost(state: GandhiState, selected_before: int) -> int:
    """3.2 Restraint per space where Sepoys are used; Willingdon: 1 per City (3.2.1);
    Reading: the first space selected is free."""
    if state.viceroy == READING and selected_before == 0:
        return 0
    return 1 if state.viceroy == WILLINGDON else state.restraint


@operation
class Deploy:
    """3.2.1 Select any Cities; in each place up to six cubes (Sepoys cost Restraint per
    City, Troops nothing); then move up to two cubes from Out of Play to Available."""

    name, faction = "deploy", RAJ

    def can_start(self, state: GandhiState, limited: bool) -> bool:
        return self.placeable(state, 0)

    def placeable(self, state: GandhiState, selected_before: int) -> bool:
        """Something can be placed in the next City: a Troop, or an affordable Sepoy."""
        affordable = state.resources.get(RAJ, 0) >= sepoy_cost(state, selected_before)
        return available(state, TROOPS) > 0 or (affordable and available(state, SEPOYS) > 0)

    def choices(self, state: GandhiState, data: dict[str, Any]) -> list[Action]:
        b = board(state)
        chosen = data.get("deploy_cities", [])
        if data.get("deploy_city"):
            return self.amounts(state, data)
        actions: list[Action] = []
        more = not data.get("deploy_recalled") and not (data.get("limited") and chosen)
        if more and self.placeable(state, len(chosen)):
            actions += [Action(f"in {space_text(b, c)}", args=(c,))
                        for c in b.cities if c not in chosen]
        if chosen and data.get("deploy_recalled", 0) < 2:
            actions += [Action(f"recall {word}", args=(kind,))
                        for kind, word in ((TROOPS, "troop"), (SEPOYS, "sepoy"))
                        if state.out_of_play.get(kind, 0)]
        return actions

    def amounts(self, state: GandhiState, data: dict[str, Any]) -> list[Action]:
        cost = sepoy_cost(state, len(data.get("deploy_cities", [])))
        sepoys_ok = state.resources.get(RAJ, 0) >= cost
        troops, sepoys = available(state, TROOPS), available(state, SEPOYS) if sepoys_ok else 0
        return [Action(f"place {t} troops {s} sepoys", args=(str(t), str(s)))
                for t in range(min(troops, MOST_PER_CITY) + 1)
                for s in range(min(sepoys, MOST_PER_CITY - t) + 1) if t + s > 0]

    def act(self, state: GandhiState, data: dict[str, Any], action: Action,
            chance: Chance) -> list[Event]:
        if action.verb == "in":
            return note(deploy_city=action.args[0])
        if action.verb == "recall":
            return [BoxTransfer(kind=action.args[0], count=1, origin="out_of_play",
                                destination="available"),
                    *note(deploy_recalled=data.get("deploy_recalled", 0) + 1)]
        city, chosen = data["deploy_city"], data.get("deploy_cities", [])
        troops, sepoys = int(action.args[0]), int(action.args[1])
        events: list[Event] = []
        if sepoys:
            events += resources(state, RAJ, -sepoy_cost(state, len(chosen)))
        events += [PiecesPlaced(space=city, kind=kind, count=n)
                   for kind, n in ((TROOPS, troops), (SEPOYS, sepoys)) if n]
        return [*events, *note(deploy_city=None, deploy_cities=[*chosen, city])]

    def can_finish(self, state: GandhiState, data: dict[str, Any]) -> bool:
        return bool(data.get("deploy_cities")) and not data.get("deploy_city")

    def finish(self, state: GandhiState, data: dict[str, Any]) -> list[Event]:
        return []
