"""6.0 The Propaganda Round, phase by phase: Victory (6.1), Resources (6.2: 6.3.1-6.3.4),
Support (6.4: Civic Action, Shariah), Redeploy (6.5: Desertion, Troops, Police, Taliban,
Control, the end of the game) and Reset (6.6).  A phase that asks a Faction is a step with
a pending decision (DESIGN.md §3); the others run by themselves.

6.5: Control is not updated until the Redeploy is done, so the Control of the spaces as
the phase begins is kept in the steps' data (``frozen``).
"""

from __future__ import annotations

from engine.coin.effects import begin, note
from engine.coin.events import (
    BoxTransfer,
    EligibilitySet,
    MarkerSet,
    PiecesFlipped,
    PiecesMoved,
    PiecesRemoved,
    SupportShifted,
)
from engine.coin.flow import Ask
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.adp.derived import board, control, pop, space_control, terror_sabotage_left
from engine.games.adp.events import MomentumCleared
from engine.games.adp.flow import EFFECTS, FLOW
from engine.games.adp.spec import (
    BACKING,
    COALITION_BASES,
    COALITION_TROOPS,
    FACTIONS,
    GOVERNMENT_BASES,
    GOVERNMENT_CUBES,
    GOVERNMENT_TROOPS,
    GUERRILLAS,
    POLICE,
    TALIBAN_BASES,
    WARLORDS_BASES,
)
from engine.games.adp.state import STEP_MODELS, AdpSpace, AdpState
from engine.games.adp.victory import game_over, victory_check
from engine.games.adp.vocabulary import verb

CIVIC, SHARIAH, DESERT, REDEPLOY, DONE = (verb(v) for v in (
    "civic", "shariah", "desert", "redeploy", "done"))
CIVIC_COST, SHARIAH_COST = 3, 1        # 6.4.1, 6.4.2


class Redeploy(StepData):
    """The Redeploy Phase's data: Control as the phase began (6.5), the cubes still to
    desert by space (6.5.1), and the pieces moved in by space (each moves once)."""

    frozen: dict[str, str] = {}
    owed: dict[str, int] = {}
    arrived: dict[str, int] = {}


for _step in ("desertion", "redeploy_troops", "redeploy_police", "redeploy_taliban"):
    STEP_MODELS.add(_step, Redeploy)


def final_round(state: AdpState) -> bool:
    """2.4.1 This round's card is the last Propaganda card of the deck."""
    return state.propaganda_played >= state.propaganda_in_deck


# --- 6.1 Victory and 6.2 Resources ----------------------------------------------------------

@FLOW.step("propaganda")
class VictoryAndResources:
    """6.1 The game ends if a victory condition is met (8.8: in a 1-player game, if the
    player is behind a Non-player); else 6.3.1-6.3.4."""

    def ask(self, state: AdpState) -> None:
        return None

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        return []

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        reason = victory_check(state)
        if reason is not None:
            return [game_over(state, reason)]
        return [*resources_phase(state), begin("civic", "coalition")]


def resources_phase(state: AdpState) -> list[Event]:
    """6.2 Resources, in order: Sabotage (6.3.1), Government earnings (6.3.2), Insurgent
    earnings (6.3.3), Casualties and Aid (6.3.4); Resources stop at 75 (1.8)."""
    b = board()
    events: list[Event] = []
    left = terror_sabotage_left(state)
    sabotaged = {loc for loc in b.locs if state.space(loc).sabotage}
    for loc in b.locs:                                   # 6.3.1
        sp = state.space(loc)
        taliban = sum(sp.count(k) for k in (*GUERRILLAS["taliban"], TALIBAN_BASES))
        if loc not in sabotaged and taliban > sum(sp.pieces.values()) - taliban and left:
            events.append(MarkerSet(space=loc, marker="sabotage", value=1))
            sabotaged.add(loc)
            left -= 1
    econ = sum(b.locs[loc].econ for loc in b.locs if loc not in sabotaged)
    events += EFFECTS.resources(state, "government", state.aid + econ)      # 6.3.2
    spaces = state.spaces.values()
    events += EFFECTS.resources(state, "taliban",                            # 6.3.3
                                sum(sp.count(TALIBAN_BASES) for sp in spaces))
    on_locs = sum(state.space(loc).count(k) for loc in b.locs if loc not in sabotaged
                  for k in GUERRILLAS["warlords"])
    events += EFFECTS.resources(state, "warlords",
                                sum(sp.count(WARLORDS_BASES) for sp in spaces) + on_locs)
    casualties = sum(state.box("casualties").values())                      # 6.3.4
    return events + EFFECTS.track(state, "aid", -3 * casualties)


# --- 6.4 Support ----------------------------------------------------------------------------

def can_shift(state: AdpState, space_id: str, toward: int) -> bool:
    """1.6.1 Only Kabul and Afghan Provinces of Pop 1 or more show Support or Opposition."""
    space = board().spaces[space_id]
    level = state.space(space_id).support
    return not space.is_pakistan and pop(state, space_id) > 0 and level != toward


def buy(state: AdpState, space_id: str, toward: int) -> list[Event]:
    """Remove a Terror marker, or once there is none shift 1 level toward ``toward``."""
    sp = state.space(space_id)
    if sp.terror:
        return [MarkerSet(space=space_id, marker="terror", value=sp.terror - 1)]
    return [SupportShifted(space=space_id, level=sp.support + toward, before=sp.support)]


def deciding(sp: AdpSpace) -> str:
    """6.4.1 The Faction with more Troops in the space decides (the Coalition on a tie)."""
    return ("government" if sp.count(GOVERNMENT_TROOPS) > sp.count(COALITION_TROOPS)
            else "coalition")


def civic_spaces(state: AdpState, faction: str) -> list[str]:
    """6.4.1 COIN-Controlled spaces where ``faction`` decides and something is to buy."""
    if state.resources.get("government", 0) < CIVIC_COST:
        return []
    ctl = control(state)
    return [sid for sid in board().spaces if ctl[sid] == "coin"
            and deciding(state.space(sid)) == faction
            and (state.space(sid).terror or can_shift(state, sid, 1))]


@FLOW.step("civic")
class CivicAction:
    """6.4.1 The Coalition, then the Government, buy Civic Actions with Government
    Resources."""

    def ask(self, state: AdpState) -> Ask | None:
        faction = state.step.seat
        assert faction is not None
        spaces = civic_spaces(state, faction)
        if not spaces:
            return None
        return Ask(faction, Msg("adp.prompt.civic", faction=Msg(f"adp.value.faction.{faction}"),
                                resources=state.resources.get("government", 0)),
                   (*(CIVIC(space=s) for s in spaces), DONE()))

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.auto(state, chance)
        return [*EFFECTS.resources(state, "government", -CIVIC_COST),
                *buy(state, action["space"], 1)]

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        if state.step.seat == "coalition":
            return [begin("civic", "government")]
        return [begin("shariah", "taliban")]


def shariah_spaces(state: AdpState) -> list[str]:
    """6.4.2 Taliban-Controlled spaces with something to buy."""
    if state.resources.get("taliban", 0) < SHARIAH_COST:
        return []
    ctl = control(state)
    return [sid for sid in board().spaces if ctl[sid] == "taliban"
            and (state.space(sid).terror or can_shift(state, sid, -1))]


@FLOW.step("shariah")
class Shariah:
    """6.4.2 The Taliban buy Shariah with their Resources."""

    def ask(self, state: AdpState) -> Ask | None:
        spaces = shariah_spaces(state)
        if not spaces:
            return None
        return Ask("taliban", Msg("adp.prompt.shariah",
                                  resources=state.resources.get("taliban", 0)),
                   (*(SHARIAH(space=s) for s in spaces), DONE()))

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.auto(state, chance)
        return [*EFFECTS.resources(state, "taliban", -SHARIAH_COST),
                *buy(state, action["space"], -1)]

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        frozen: dict[str, str] = {sid: c for sid, c in control(state).items() if c is not None}
        owed = {sid: n // 3 for sid, sp in state.spaces.items()
                if (n := sum(sp.count(k) for k in GOVERNMENT_CUBES)) >= 3}
        return [begin("desertion", "government", Redeploy(frozen=frozen, owed=owed))]


# --- 6.5 Redeploy ---------------------------------------------------------------------------

@FLOW.step("desertion")
class Desertion:
    """6.5.1 In each space the Government removes 1 of every 3 of its cubes (rounded
    down), choosing which, to Available."""

    def ask(self, state: AdpState) -> Ask | None:
        data = state.step.of(Redeploy)
        actions = [DESERT(piece=k, space=sid) for sid, n in data.owed.items() if n
                   for k in GOVERNMENT_CUBES if state.space(sid).count(k)]
        if not actions:
            return None
        return Ask("government", Msg("adp.prompt.desertion", left=sum(data.owed.values())),
                   tuple(actions))

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        data = state.step.of(Redeploy)
        sid = action["space"]
        owed = {**data.owed, sid: data.owed[sid] - 1}
        return [PiecesRemoved(space=sid, kind=action["piece"], count=1),
                *note(Redeploy(owed={k: v for k, v in owed.items() if v}))]

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        data = state.step.of(Redeploy)
        return [begin("redeploy_troops", "coalition", Redeploy(frozen=data.frozen))]


def coin_bases(sp: AdpSpace) -> int:
    return sp.count(COALITION_BASES) + sp.count(GOVERNMENT_BASES)


def troop_moves(state: AdpState, kind: str, frozen: dict[str, str]) -> list[Action]:
    """6.5.2 Troops on LoCs or in Provinces without COIN Bases (only) go to COIN-Controlled
    spaces with COIN Bases, or to Kabul."""
    b = board()
    origins = [p for p in (*b.locs, *b.spaces) if state.space(p).count(kind)
               and (p in b.locs or b.kind(p) == "province" and not coin_bases(state.space(p)))]
    destinations = [sid for sid in b.spaces if sid == "kabul"
                    or frozen.get(sid) == "coin" and coin_bases(state.space(sid))]
    return [REDEPLOY(piece=kind, origin=o, destination=d)
            for o in origins for d in destinations if d != o]


TROOPS_OF = {"coalition": COALITION_TROOPS, "government": GOVERNMENT_TROOPS}


def _move(state: AdpState, action: Action, data: Redeploy) -> list[Event]:
    to = action["destination"]
    return [PiecesMoved(kind=action["piece"], count=1, origin=action["origin"],
                        destination=to),
            *note(Redeploy(arrived={**data.arrived, to: data.arrived.get(to, 0) + 1}))]


@FLOW.step("redeploy_troops")
class TroopRedeploy:
    """6.5.2 The Coalition, then the Government, must move those Troops (every one: the
    choice written in docs/rules-choices.md)."""

    def ask(self, state: AdpState) -> Ask | None:
        faction = state.step.seat
        assert faction is not None
        data = state.step.of(Redeploy)
        actions = troop_moves(state, TROOPS_OF[faction], data.frozen)
        if not actions:
            return None
        left = len({(a["origin"]) for a in actions})
        named = Msg(f"adp.value.faction.{faction}")
        return Ask(faction, Msg("adp.prompt.redeploy_troops", faction=named, left=left),
                   tuple(actions))

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        return _move(state, action, state.step.of(Redeploy))

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        data = state.step.of(Redeploy)
        if state.step.seat == "coalition":
            return [begin("redeploy_troops", "government", Redeploy(frozen=data.frozen))]
        return [begin("redeploy_police", "government", Redeploy(frozen=data.frozen))]


@FLOW.step("redeploy_police")
class PoliceRedeploy:
    """6.5.3 The Government may move any Police to any LoC or COIN-Controlled space (each
    Police moves once: one moved in stays)."""

    def ask(self, state: AdpState) -> Ask | None:
        data = state.step.of(Redeploy)
        b = board()
        destinations = [*b.locs, *(s for s in b.spaces if data.frozen.get(s) == "coin")]
        origins = [p for p, sp in state.spaces.items()
                   if sp.count(POLICE) > data.arrived.get(p, 0)]
        actions = [REDEPLOY(piece=POLICE, origin=o, destination=d)
                   for o in origins for d in destinations if d != o]
        if not actions:
            return None
        return Ask("government", Msg("adp.prompt.redeploy_police"), (*actions, DONE()))

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.auto(state, chance)
        return _move(state, action, state.step.of(Redeploy))

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        data = state.step.of(Redeploy)
        return [begin("redeploy_taliban", "taliban", Redeploy(frozen=data.frozen))]


def taliban_destination(state: AdpState, sid: str, frozen: dict[str, str]) -> bool:
    """6.5.4 A space with Taliban Bases and Taliban Control, or a Pashtun space in
    Pakistan."""
    space = board().spaces.get(sid)
    if space is None:
        return False
    return (bool(state.space(sid).count(TALIBAN_BASES)) and frozen.get(sid) == "taliban"
            or space.is_pakistan and space.pashtun)


def taliban_moves(state: AdpState, frozen: dict[str, str]) -> list[Action]:
    """6.5.4 Guerrillas on LoCs or in Provinces without Taliban Bases (Kabul's stay; one
    already in a space it could go to stays too)."""
    b = board()
    destinations = [sid for sid in b.spaces if taliban_destination(state, sid, frozen)]
    out = []
    for place in (*b.locs, *b.spaces):
        sp = state.space(place)
        if place in b.spaces and (b.kind(place) != "province" or sp.count(TALIBAN_BASES)
                                  or taliban_destination(state, place, frozen)):
            continue
        out += [REDEPLOY(piece=k, origin=place, destination=d)
                for k in GUERRILLAS["taliban"] if sp.count(k) for d in destinations]
    return out


@FLOW.step("redeploy_taliban")
class TalibanRedeploy:
    """6.5.4 The Taliban must move those Guerrillas (every one, as 6.5.2)."""

    def ask(self, state: AdpState) -> Ask | None:
        data = state.step.of(Redeploy)
        actions = taliban_moves(state, data.frozen)
        if not actions:
            return None
        left = len({a["origin"] for a in actions})
        return Ask("taliban", Msg("adp.prompt.redeploy_taliban", left=left), tuple(actions))

    def act(self, state: AdpState, action: Action, chance: Chance) -> list[Event]:
        return _move(state, action, state.step.of(Redeploy))

    def auto(self, state: AdpState, chance: Chance) -> list[Event]:
        # 6.5.5 Control is derived: from here on it reflects the moves.
        if final_round(state):                      # 6.5.6, 2.4.1
            return [game_over(state, "final")]
        return [*reset_phase(state), begin("next_card")]


# --- 6.6 Reset ------------------------------------------------------------------------------

def islamabad_reset(state: AdpState) -> list[Event]:
    """6.6 Hard flips back instead of moving; otherwise 1 box toward Backing (6.6.1)."""
    if state.islamabad_hard:
        return EFFECTS.track(state, "islamabad_hard", -1)
    step = (state.islamabad < BACKING) - (state.islamabad > BACKING)
    return EFFECTS.track(state, "islamabad", step)


def reset_phase(state: AdpState) -> list[Event]:
    """6.6 Casualties, Islamabad, all Eligible, Terror and Sabotage off, Momentum ends,
    Guerrillas Underground (Taliban in Pakistan stay Active at Hostility, 6.6.1)."""
    events: list[Event] = []
    box = state.box("casualties")
    gone = {COALITION_BASES: box.get(COALITION_BASES, 0),
            COALITION_TROOPS: box.get(COALITION_TROOPS, 0) // 2}
    for kind, n in gone.items():
        if n:
            events.append(BoxTransfer(kind=kind, count=n, origin="casualties",
                                      destination="out_of_game"))
    back = box.get(COALITION_TROOPS, 0) - gone[COALITION_TROOPS]
    if back:
        events.append(BoxTransfer(kind=COALITION_TROOPS, count=back, origin="casualties",
                                  destination="available"))
    islamabad = islamabad_reset(state)
    events += islamabad
    hostility = EFFECTS.after(state, islamabad).islamabad == 0
    events.append(EligibilitySet(eligible=dict.fromkeys(FACTIONS, True)))
    for sid, sp in state.spaces.items():
        if sp.terror:
            events.append(MarkerSet(space=sid, marker="terror", value=0))
        if sp.sabotage:
            events.append(MarkerSet(space=sid, marker="sabotage", value=0))
    if state.momentum:
        events.append(MomentumCleared())
    pakistan = {s.id for s in board().pakistan}
    for sid, sp in state.spaces.items():
        for faction, (underground, active) in GUERRILLAS.items():
            if sp.count(active) and not (hostility and faction == "taliban"
                                         and sid in pakistan):
                events.append(PiecesFlipped(space=sid, kind=active, to_kind=underground,
                                            count=sp.count(active)))
    return events


__all__ = ["final_round", "reset_phase", "resources_phase", "space_control"]
