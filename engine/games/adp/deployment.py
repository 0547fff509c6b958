"""2.1 Open Deployment ("Despliegue Abierto", the ``deployment=open`` option): the markers
and the Non-player Factions' forces are set up as printed; then the players' Factions
place their forces as decisions, line by line of the scenario's list
(``data/scenarios.toml`` ``open_deployment``: Warlords, Government, Taliban, Coalition),
keeping stacking (1.4.2); Control (1.7) and the victory markers (1.9) are derived from the
pieces, so they follow.  Play begins when the last line is placed (2.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.coin.effects import begin, note
from engine.coin.events import PiecesPlaced, StepBegan
from engine.coin.flow import Ask
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.adp.derived import available, board
from engine.games.adp.flow import FLOW
from engine.games.adp.mapdata import Placement, default_data
from engine.games.adp.physical import entry_problem
from engine.games.adp.spec import FACTIONS, PLACED_AS
from engine.games.adp.state import STEP_MODELS, AdpState
from engine.games.adp.turn import start_play
from engine.games.adp.victory import players
from engine.games.adp.vocabulary import verb

DEPLOY = verb("deploy")


class Deployment(StepData):
    """The line of the scenario's Open Deployment list being placed, and what of it has
    been placed so far: space -> data piece type -> count."""

    prefix = "deployment"
    line: int = 0
    placed: dict[str, dict[str, int]] = {}


STEP_MODELS.add("deployment", Deployment)


def deploying(options: Mapping[str, Any]) -> frozenset[str]:
    """The Factions that place their forces: with the option, the players' (a Non-player
    Faction's forces are set up as printed); none without it."""
    if options.get("deployment") != "open":
        return frozenset()
    return frozenset(f for group in players(options) for f in group if f in FACTIONS)


def lines(state: AdpState) -> tuple[Placement, ...]:
    return default_data().scenarios[state.scenario].open_deployment


def next_line(state: AdpState, start: int) -> int | None:
    """The first line from ``start`` whose Faction deploys."""
    who = deploying(state.options)
    return next((i for i, line in enumerate(lines(state)) if i >= start
                 and line.faction in who), None)


def begin_deployment(state: AdpState, start: int = 0) -> StepBegan:
    found = next_line(state, start)
    assert found is not None
    return begin("deployment", lines(state)[found].faction, Deployment(line=found))


def places(where: str) -> tuple[str, ...]:
    """Where a line's pieces go (docs/rules-choices.md): ``afghan`` every Afghan space
    (Provinces, Kabul and LoCs, 1.3.1); ``afghan_province_pop_1_2`` the Afghan Provinces
    printed with Pop 1 or 2; ``pashtun`` the Pashtun spaces and every Pakistan space;
    ``other_pashtun_afghan`` the Afghan Pashtun spaces, Kabul included as printed;
    ``each_pakistan`` / ``each_waziristan_nwfp`` those spaces, the line's pieces each."""
    b = board()
    afghan = [s for s in b.afghan]
    found: list[str]
    if where == "kabul":
        found = ["kabul"]
    elif where == "afghan":
        found = [s.id for s in afghan] + list(b.locs)
    elif where == "afghan_province_pop_1_2":
        found = [s.id for s in afghan if s.kind == "province" and s.pop in (1, 2)]
    elif where == "pashtun":
        found = [s.id for s in b.spaces.values() if s.pashtun or s.is_pakistan]
    elif where == "other_pashtun_afghan":
        found = [s.id for s in afghan if s.pashtun]
    elif where == "each_pakistan":
        found = [s.id for s in b.pakistan]
    elif where == "each_waziristan_nwfp":
        found = ["waziristan", "northwest_frontier"]
    else:
        raise ValueError(f"Open Deployment: unknown place {where!r}")
    return tuple(sorted(found))


def placed_of(data: Deployment, piece: str) -> int:
    return sum(by.get(piece, 0) for by in data.placed.values())


def left(line: Placement, data: Deployment) -> dict[str, int]:
    """The line's pieces still to place, by data piece type (in the line's order)."""
    out = {p: n * line.each - placed_of(data, p) for p, n in line.pieces.items() if n}
    return {p: n for p, n in out.items() if n > 0}


def room(state: AdpState, line: Placement, data: Deployment, piece: str, sid: str) -> int:
    """How many of ``piece`` may go to ``sid`` now: what is left of the line, Available
    (1.4.1), an ``each`` line's share of the space, and stacking (1.4.2)."""
    most = min(left(line, data).get(piece, 0), available(state).get(piece, 0))
    if line.where.startswith("each_"):
        most = min(most, line.pieces[piece] - data.placed.get(sid, {}).get(piece, 0))
    kind = PLACED_AS[piece]
    while most > 0 and entry_problem(state, kind, most, sid) is not None:
        most -= 1
    return most


def choices(state: AdpState, line: Placement, data: Deployment) -> list[Action]:
    return [DEPLOY(count=n, piece=PLACED_AS[piece], space=sid)
            for piece in left(line, data) for sid in places(line.where)
            for n in range(1, room(state, line, data, piece, sid) + 1)]


def left_text(pieces: Mapping[str, int]) -> Msg:
    named = list(pieces.items())
    params: dict[str, Any] = {}
    for i, (piece, n) in enumerate(named, start=1):
        params[f"p{i}"], params[f"c{i}"] = Msg(f"adp.box_kind.{piece}"), n
    return Msg(f"adp.deployment.left_{len(named)}", params)


DATA_TYPE = {kind: piece for piece, kind in PLACED_AS.items()}


@FLOW.step("deployment")
class OpenDeployment:
    """2.1 A Faction places the pieces of its current line, a choice at a time."""

    def ask(self, state: AdpState) -> Ask | None:
        data = state.step.of(Deployment)
        line = lines(state)[data.line]
        actions = choices(state, line, data)
        if not actions:
            return None
        prompt = Msg("adp.prompt.deployment", pieces=left_text(left(line, data)),
                     where=Msg(f"adp.deployment.where.{line.where}"))
        return Ask(line.faction, prompt, tuple(actions))

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        data = state.step.of(Deployment)
        sid, kind, count = action["space"], action["piece"], action["count"]
        piece = DATA_TYPE[kind]
        here = dict(data.placed.get(sid, {}))
        here[piece] = here.get(piece, 0) + count
        return [PiecesPlaced(space=sid, kind=kind, count=count),
                *note(Deployment(placed={**data.placed, sid: here}))]

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        """The line is placed (or nothing of it can be): the next line, or play begins."""
        data = state.step.of(Deployment)
        if next_line(state, data.line + 1) is not None:
            return [begin_deployment(state, data.line + 1)]
        return start_play(state, chance)
