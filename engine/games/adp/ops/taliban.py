"""Taliban Operations (3.3) and Special Activities (4.4): Extort, Infiltrate, Ambush.

The Operations are the shared Insurgent ones (``insurgent_ops``) with the Taliban's
differences (Rally where Neutral, Opposition or Pashtun; March on from Pashtun spaces;
Islamabad in Pakistan, 6.6.1).
"""

from __future__ import annotations

from pydantic import Field

from engine.coin.effects import note
from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.games.adp.derived import available, board, faction_pieces
from engine.games.adp.flow import EFFECTS
from engine.games.adp.ops import insurgent_ops as ins
from engine.games.adp.ops.framework import alone, execution_data, operation, special
from engine.games.adp.ops.insurgent_ops import (
    AttackData,
    InsurgentExecution,
    RallyData,
    removal_choices,
    remove_piece,
    texts,
)
from engine.games.adp.propaganda import SHARIAH, SHARIAH_COST, buy, can_shift
from engine.games.adp.spec import (
    GOVERNMENT_BASES,
    GOVERNMENT_CUBES,
    TALIBAN_BASES,
    WARLORDS_ACTIVE,
    WARLORDS_BASES,
    WARLORDS_UNDERGROUND,
)
from engine.games.adp.state import AdpState

TALIBAN = ins.TALIBAN
AMBUSH_SPACES = 3           # 4.4.3 "hasta 3 Ataques"
INFILTRATE_REMOVALS = 2     # 4.4.2 "Elimina 2 fichas"
EXTORT_PER_WL_BASE = 2      # 4.4.1
OPPOSITION = -1             # 6.4.2 Shariah shifts toward Opposition (1.6: -1)


@operation
class TalibanRally(ins.Rally):
    """3.3.1 The Insurgents' Rally; besides, in each rallied space with a Taliban Base,
    whoever controls it, the Taliban may buy Shariah (6.4.2): 1 Resource per Terror
    marker removed (first) or level shifted toward Opposition, paid even if the Rally is
    free (3.1.2), as often as the Resources last.  It is offered once that space's Rally
    is done and before the next space is chosen (docs/rules-choices.md)."""

    faction = TALIBAN

    def shariah_spaces(self, state: AdpState, data: InsurgentExecution) -> list[str]:
        """3.3.1 The rallied spaces with a Taliban Base and something to buy (a Terror
        marker, or room toward Opposition: 1.6.1 none in Pakistan or a Pop-0 space)."""
        if data.rally.space is not None or ins.resources(state, TALIBAN) < SHARIAH_COST:
            return []
        return [s for s in data.rally.spaces if state.space(s).count(TALIBAN_BASES)
                and (state.space(s).terror or can_shift(state, s, OPPOSITION))]

    def choices(self, state: AdpState, data: InsurgentExecution) -> list[Action]:
        return [*super().choices(state, data),
                *(SHARIAH(space=s) for s in self.shariah_spaces(state, data))]

    def act(self, state: AdpState, data: InsurgentExecution, action: Action,
            chance: Chance) -> list[Event]:
        if action.verb != "shariah":
            return super().act(state, data, action, chance)
        sid, bought = action["space"], data.rally.shariah
        return [*EFFECTS.resources(state, TALIBAN, -SHARIAH_COST),   # never free: 3.3.1
                *buy(state, sid, OPPOSITION),
                *note(RallyData(shariah=bought if sid in bought else [*bought, sid]))]


@operation
class TalibanMarch(ins.March):
    faction = TALIBAN


@operation
class TalibanAttack(ins.Attack):
    faction = TALIBAN


@operation
class TalibanTerror(ins.Terror):
    faction = TALIBAN


# --- 4.4.1 Extort -----------------------------------------------------------------------


class ExtortData(StepData):
    """4.4.1 The spaces extorted."""

    prefix = "extort"
    spaces: list[str] = []


def extort_gain(state: AdpState, sid: str) -> int:
    """4.4.1 +1, an un-Sabotaged LoC's Econ, or 2 per Warlords Base taken from them."""
    space = state.space(sid)
    if space.count(WARLORDS_BASES):
        return min(EXTORT_PER_WL_BASE * space.count(WARLORDS_BASES),
                   state.resources.get("warlords", 0))
    if ins.is_loc(sid) and not space.sabotage:
        return board().locs[sid].econ
    return 1


@special
class Extort:
    """4.4.1 With any Operation, in spaces with an Underground Taliban Guerrilla and more
    Taliban pieces than enemy pieces: Activate one; Taliban Resources +1 (+Econ on an
    un-Sabotaged LoC); where Warlords Bases are, 2 per Base from the Warlords instead."""

    name, faction = "extort", TALIBAN

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return bool(self.spaces(state, []))

    def spaces(self, state: AdpState, chosen: list[str]) -> list[str]:
        return [s for s in ins.places() if s not in chosen
                and ins.underground(state, s, TALIBAN)
                and faction_pieces(state.space(s), TALIBAN) > ins.enemy_pieces(state, s, TALIBAN)]

    def choices(self, state: AdpState, data: TalibanExecution) -> list[Action]:
        return texts(self.spaces(state, data.extort.spaces))

    def act(self, state: AdpState, data: TalibanExecution, action: Action,
            chance: Chance) -> list[Event]:
        sid = action["space"]
        events = ins.activate(state, TALIBAN, sid, 1)
        gain = extort_gain(state, sid)
        if state.space(sid).count(WARLORDS_BASES):
            events += EFFECTS.resources(state, "warlords", -gain)
        events += EFFECTS.resources(state, TALIBAN, gain)
        return [*events, *note(ExtortData(spaces=[*data.extort.spaces, sid]))]

    def can_finish(self, state: AdpState, data: TalibanExecution) -> bool:
        return bool(data.extort.spaces)

    def finish(self, state: AdpState, data: TalibanExecution) -> list[Event]:
        return []


def extort_funds(state: AdpState, op: str) -> int:
    """What Extort first could bring an Operation (4.1): Extort everywhere it may."""
    return sum(extort_gain(state, s) for s in Extort().spaces(state, []))


ins.SA_FUNDS[TALIBAN] = extort_funds


# --- 4.4.2 Infiltrate -------------------------------------------------------------------


class InfiltrateData(StepData):
    """4.4.2 The space chosen and the pieces removed there; then done."""

    prefix = "infiltrate"
    space: str | None = None
    removed: list[str] = []
    done: bool = False


def infiltrate_targets(state: AdpState, sid: str) -> list[str]:
    """4.4.2 Government or Warlords pieces; a Government Base only once no Government cube
    is left (Coalition Troops do not protect it), a Warlords Base only once no Warlords
    Guerrilla is."""
    space = state.space(sid)
    cubes = [k for k in GOVERNMENT_CUBES if space.count(k)]
    wl = [k for k in (WARLORDS_UNDERGROUND, WARLORDS_ACTIVE) if space.count(k)]
    out = cubes or ([GOVERNMENT_BASES] if space.count(GOVERNMENT_BASES) else [])
    out += wl or ([WARLORDS_BASES] if space.count(WARLORDS_BASES) else [])
    return out


@special
class Infiltrate:
    """4.4.2 With Rally or March, in 1 space with an Underground Taliban Guerrilla: remove
    2 Government or Warlords pieces, or replace 1 with a Taliban Guerrilla; Patronage -1
    per Government piece removed."""

    name, faction = "infiltrate", TALIBAN

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return bool(self.spaces(state, state.step.of(TalibanExecution)))

    def spaces(self, state: AdpState, data: TalibanExecution) -> list[str]:
        if data.op not in ("rally", "march") and not alone(data):     # 4.4.2, 5.5
            return []
        return [s for s in ins.places() if ins.underground(state, s, TALIBAN)
                and infiltrate_targets(state, s)]

    def choices(self, state: AdpState, data: TalibanExecution) -> list[Action]:
        d = data.infiltrate
        if d.done:
            return []
        if d.space is None:
            return texts(self.spaces(state, data))
        targets = infiltrate_targets(state, d.space)
        out = removal_choices(targets, d.removed)
        if not d.removed:
            out = [*out[:-1]] if out and out[-1].verb == "stop" else out
            if available(state)[ins.BOX_OF[TALIBAN]]:
                out += [ins.REPLACE(piece=k) for k in targets]
        return out

    def act(self, state: AdpState, data: TalibanExecution, action: Action,
            chance: Chance) -> list[Event]:
        d = data.infiltrate
        if action.verb == "in":
            return note(InfiltrateData(space=action["space"]))
        sid = d.space
        assert sid is not None
        if action.verb == "stop":
            return note(InfiltrateData(space=None, done=True))
        kind = action["piece"]
        events = [*remove_piece(sid, kind), *self.patronage(state, kind)]
        if action.verb == "replace":
            events += ins.place_guerrillas(state, TALIBAN, sid, 1)
            return [*events, *note(InfiltrateData(space=None, done=True))]
        removed = [*d.removed, kind]
        now = EFFECTS.after(state, events)
        if len(removed) >= INFILTRATE_REMOVALS or not infiltrate_targets(now, sid):
            return [*events, *note(InfiltrateData(space=None, removed=removed, done=True))]
        return [*events, *note(InfiltrateData(removed=removed))]

    def patronage(self, state: AdpState, kind: str) -> list[Event]:
        """4.4.2 -1 per Government piece removed (a replaced one too: rules-choices)."""
        if kind in (*GOVERNMENT_CUBES, GOVERNMENT_BASES):
            return EFFECTS.track(state, "patronage", -1)
        return []

    def can_finish(self, state: AdpState, data: TalibanExecution) -> bool:
        return data.infiltrate.done

    def finish(self, state: AdpState, data: TalibanExecution) -> list[Event]:
        return []


# --- 4.4.3 Ambush -----------------------------------------------------------------------


class AmbushData(StepData):
    """4.4.3 The spaces ambushed, and the one whose removals are being chosen."""

    prefix = "ambush"
    space: str | None = None
    removed: list[str] = []
    spaces: list[str] = []


@special
class Ambush:
    """4.4.3 With Attack, in up to 3 Attack spaces not yet resolved, each with an
    Underground Taliban Guerrilla: the Attack Activates only 1, succeeds without a roll
    (up to 2 enemy pieces removed as usual) and places 1 Taliban Guerrilla as on a 1."""

    name, faction = "ambush", TALIBAN

    def can_start(self, state: AdpState, limited: bool) -> bool:
        return bool(self.spaces(state, state.step.of(TalibanExecution)))

    def spaces(self, state: AdpState, data: TalibanExecution) -> list[str]:
        if (data.op != "attack" and not alone(data)) or len(
                data.ambush.spaces) >= AMBUSH_SPACES:                  # 4.4.3, 5.5
            return []
        if ins.one_space(state, data) and data.attack.spaces:
            return []
        return [s for s in TalibanAttack().spaces(state, data.attack.spaces)
                if ins.underground(state, s, TALIBAN)]

    def choices(self, state: AdpState, data: TalibanExecution) -> list[Action]:
        d = data.ambush
        if d.space:
            return removal_choices(ins.attack_targets(state, d.space, TALIBAN), d.removed)
        return texts(self.spaces(state, data))

    def act(self, state: AdpState, data: TalibanExecution, action: Action,
            chance: Chance) -> list[Event]:
        d = data.ambush
        if action.verb == "in":
            sid = action["space"]
            events = [*ins.pay(state, TALIBAN, 1), *ins.activate(state, TALIBAN, sid, 1)]
            events += ins.place_guerrillas(state, TALIBAN, sid, 1)
            events += note(AttackData(spaces=[*data.attack.spaces, sid]),
                           AmbushData(spaces=[*d.spaces, sid]))
            if ins.attack_targets(state, sid, TALIBAN):
                events += note(AmbushData(space=sid, removed=[]))
            return events
        assert d.space is not None
        events, over = ins.removal_step(state, TALIBAN, d.space, d.removed, action)
        if over:
            return [*events, *note(AmbushData(space=None, removed=[]))]
        return [*events, *note(AmbushData(removed=[*d.removed, action["piece"]]))]

    def can_finish(self, state: AdpState, data: TalibanExecution) -> bool:
        return bool(data.ambush.spaces) and not data.ambush.space

    def finish(self, state: AdpState, data: TalibanExecution) -> list[Event]:
        return []


# --- the Taliban's execution data -------------------------------------------------------


@execution_data(TALIBAN)
class TalibanExecution(InsurgentExecution):
    """A Taliban Operation: one part per Operation and Special Activity."""

    extort: ExtortData = Field(default_factory=ExtortData)
    infiltrate: InfiltrateData = Field(default_factory=InfiltrateData)
    ambush: AmbushData = Field(default_factory=AmbushData)

