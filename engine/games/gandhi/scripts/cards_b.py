"""Scripted Events, cards 25-48 (5.0-5.1).  A card not scripted here is played by hand
(``steps/event.py``).

Each scripted card side is a ``Side``: what happens at once when the text is chosen
(``start``), the choices the executing Faction then makes (``choices``/``act``; 5.1 the
executing Faction makes all selections), and what happens after its last choice
(``close``).  One step, ``event_b``, runs every side; a side's working keys in the step's
data are prefixed with its card (``c44_spaces``).  With nothing left to choose the step
closes by itself; 5.1.2 a text that can be carried out only in part is carried out as far
as it can.  ``done`` is offered only where the text says "up to" (or once nothing the text
requires is left to choose).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import (
    available,
    board,
    is_state,
    protests_on_map,
    raj_control,
)
from engine.games.gandhi.effects import begin, resources, support, track, track_to
from engine.games.gandhi.events import (
    EligibilityMarked,
    MarkerSet,
    PiecesFlipped,
    PiecesPlaced,
    PiecesRemoved,
    StepNoted,
)
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.names import space_text
from engine.games.gandhi.physical import (
    enters,
    marker_problem,
    placed_marker,
    support_problem,
)
from engine.games.gandhi.pieces import (
    CONGRESS_ACTIVISTS,
    FACTIONS,
    GUERRILLAS,
    GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND,
    ML_ACTIVISTS,
    OWNER,
    RAJ,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.event import DONE, SCRIPTED, finish

STEP = "event_b"
FACTION_WORDS = {"raj": "raj", "congress": "congress", "muslim_league": "muslim league",
                 "revolutionaries": "revolutionaries"}
GUERRILLA_WORDS = {GUERRILLAS_ACTIVE: "active guerrillas",
                   GUERRILLAS_UNDERGROUND: "underground guerrillas"}


def note(**values: Any) -> list[Event]:
    return [StepNoted(key=k, value=v) for k, v in values.items()]


def name(state: GandhiState, sid: str) -> str:
    return space_text(board(state), sid)


def picks(state: GandhiState, key: str) -> list[str]:
    """The spaces a side has chosen so far (its ``key`` in the step's data)."""
    chosen: list[str] = state.step.data.get(key, [])
    return chosen


def shifts(state: GandhiState, spaces: list[str], delta: int) -> list[Event]:
    """Shift each space one level; Railways have no Support (1.6.1) and a space at the end
    of the track stays there (5.1.2: carried out as far as it can be)."""
    return [e for sid in spaces if support_problem(state, sid, delta) is None
            for e in support(state, sid, delta)]


class Side:
    """One card side.  ``prompt`` is its catalogue key in ``locales/scripts_b``."""

    card: ClassVar[str] = ""
    side: ClassVar[str] = ""

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return []

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        return []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        return []

    def close(self, state: GandhiState, faction: str) -> list[Event]:
        return []


SIDES: dict[tuple[str, str], Side] = {}


def side(cls: type[Side]) -> type[Side]:
    SIDES[(cls.card, cls.side)] = cls()
    return cls


def script(state: GandhiState, faction: str, which: str, chance: Chance) -> list[Event]:
    assert state.current is not None
    rules = SIDES[(state.current, which)]
    return [*rules.start(state, faction),
            begin(STEP, faction, executing=faction, card=state.current, side=which)]


@step(STEP)
class ScriptedEvent:
    """The executing Faction's choices inside a scripted Event of cards 25-48."""

    def _side(self, state: GandhiState) -> Side:
        data = state.step.data
        return SIDES[(data["card"], data["side"])]

    def ask(self, state: GandhiState) -> Ask | None:
        faction = state.step.seat or ""
        actions = self._side(state).choices(state, faction)
        if not actions:
            return None
        data = state.step.data
        return Ask(faction, Msg(f"gandhi.scripts_b.c{data['card']}_{data['side']}"),
                   tuple(actions))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        faction = state.step.seat or ""
        if action.verb == "done":
            return self.auto(state, chance)
        return self._side(state).act(state, faction, action)

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        faction = state.step.seat or ""
        return [*self._side(state).close(state, faction), *finish(faction)]


# --- generic shapes ---------------------------------------------------------------------


def shiftable(state: GandhiState, sid: str, delta: int) -> bool:
    """``sid`` has a Support level (not a Railway, 1.3.6) that can move by ``delta``."""
    return sid not in board(state).railways and -2 <= state.space(sid).support + delta <= 2


class PickSpaces(Side):
    """Choose ``most`` different spaces one by one (``<verb> <space>``); ``optional``: the
    text says "up to", so ``done`` may end it early."""

    most: ClassVar[int] = 2
    optional: ClassVar[bool] = False
    verb: ClassVar[str] = "in"

    @property
    def key(self) -> str:
        return f"c{self.card}_spaces"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return True

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        chosen = picks(state, self.key)
        if len(chosen) >= self.most:
            return []
        out = [Action(f"{self.verb} {name(state, sid)}") for sid in board(state).spaces
               if sid not in chosen and self.fits(state, faction, sid)]
        return [*out, DONE] if out and self.optional else out

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        sid = next(s for s in board(state).spaces
                   if f"{self.verb} {name(state, s)}".lower() == action.text.lower())
        return [*self.picked(state, faction, sid),
                *note(**{self.key: [*picks(state, self.key), sid]})]

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        """What choosing ``sid`` does at once."""
        return []


# --- #25 Montagu Declaration Affirms Imperial Rule ----------------------------------------


@side
class Montagu(Side):
    """#25 unshaded: "Shift Restraint -2 and remove up to 2 Protest and/or Unrest markers."
    (5.1.4 Restraint stays within 1-5.)  Strikes are not named, so they stay."""

    card, side = "25", "unshaded"
    key = "c25_removed"

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return track(state, "restraint", -2)

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        if state.step.data.get(self.key, 0) >= 2:
            return []
        out = [Action(f"remove {marker} {name(state, sid)}")
               for sid in board(state).spaces for marker in ("protest", "unrest")
               if (state.space(sid).protest if marker == "protest" else state.space(sid).unrest)]
        return [*out, DONE] if out else []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        _, marker, *rest = action.words
        said = " ".join(rest).lower()
        sid = next(s for s in board(state).spaces if name(state, s).lower() == said)
        sp = state.space(sid)
        value = sp.unrest - 1 if marker == "unrest" else 0
        return [MarkerSet(space=sid, marker="unrest" if marker == "unrest" else "protest",
                          value=value),
                *note(**{self.key: state.step.data.get(self.key, 0) + 1})]


def friendly(state: GandhiState, faction: str, sid: str) -> bool:
    """A space with a piece of ``faction``."""
    return any(OWNER[kind] == faction and n for kind, n in state.space(sid).pieces.items())


@side
class MontaguShaded(PickSpaces):
    """#25 shaded: "Shift Restraint +2 and add 1 Protest marker in any 2 spaces with
    friendly pieces" (the executing Faction's pieces; 5.1.1 one Protest per space, any
    Protest regardless of Restraint)."""

    card, side = "25", "shaded"
    verb = "place protest"

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return track(state, "restraint", +2)

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return (friendly(state, faction, sid)
                and marker_problem(state, "protest", sid, True) is None)

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        return [MarkerSet(space=sid, marker="protest", value=1)]


# --- #27 Second Round Table Conference in London --------------------------------------------


class RajControlled(PickSpaces):
    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return raj_control(state, sid)


@side
class RoundTable(RajControlled):
    """#27 unshaded: "Set Restraint to 2 and set 2 spaces with Raj Control to Passive
    Support." (Raj Control, 1.7.1, as it stands when the space is chosen.)"""

    card, side = "27", "unshaded"
    verb = "shift"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        """5.1.2 a space not yet at Passive Support, while there is one (Railways never
        have Raj Control, 1.7)."""
        chosen = picks(state, self.key)
        return raj_control(state, sid) and (state.space(sid).support != 1 or not any(
            raj_control(state, s) and state.space(s).support != 1
            for s in board(state).spaces if s not in chosen))

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return track_to(state, "restraint", 2)

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        return support(state, sid, 1 - state.space(sid).support)


@side
class RoundTableShaded(RajControlled):
    """#27 shaded: "Set Restraint to 4 and place a Protest marker in any 2 spaces with Raj
    Control." (5.1.1 one Protest per space, regardless of Restraint.)"""

    card, side = "27", "shaded"
    verb = "place protest"

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return track_to(state, "restraint", 4)

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return super().fits(state, faction, sid) and marker_problem(
            state, "protest", sid, True) is None

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        return [MarkerSet(space=sid, marker="protest", value=1)]


# --- #40 Defence of India Act 1939 ------------------------------------------------------------


@side
class DefenceAct(PickSpaces):
    """#40 unshaded: "Shift Restraint -2.  Arrest all Activists in up to 3 Protest spaces."
    (5.1.3 arrested Activists, of either Faction, go to Jail; Gandhi is not an Activist.)"""

    card, side = "40", "unshaded"
    most, optional, verb = 3, True, "in"

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return track(state, "restraint", -2)

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        sp = state.space(sid)
        return sp.protest and bool(sp.count(CONGRESS_ACTIVISTS) + sp.count(ML_ACTIVISTS))

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        sp = state.space(sid)
        return [PiecesRemoved(space=sid, kind=kind, count=sp.count(kind), to="jail")
                for kind in (CONGRESS_ACTIVISTS, ML_ACTIVISTS) if sp.count(kind)]


@side
class DefenceActShaded(PickSpaces):
    """#40 shaded: "Shift Restraint +2.  Shift any 2 spaces 1 level each toward Active
    Opposition." (Spaces that can shift: not Railways, not at Active Opposition.)"""

    card, side = "40", "shaded"
    verb = "shift"

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return track(state, "restraint", +2)

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return support_problem(state, sid, -1) is None

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        return support(state, sid, -1)


# --- #44 Hindustan Socialist Republican Association ----------------------------------------


@side
class HSRA(Side):
    """#44 unshaded (EN 8.8.5 quotes it): "Remove up to 2 Guerrillas total from up to 2
    spaces, then shift each of those spaces 1 level towards Active Support."  Removed
    Guerrillas go to Available (5.1.3); the spaces shifted are those Guerrillas were
    removed from, each once."""

    card, side = "44", "unshaded"

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        chosen = picks(state, "c44_removed")
        if len(chosen) >= 2:
            return []
        spaces = [sid for sid in board(state).spaces
                  if any(state.space(sid).count(k) for k in GUERRILLA_WORDS)
                  and (sid in chosen or len(set(chosen)) < 2)]
        # 5.1.2 (8.8.5 picks these spaces by the shift): a new space that can shift first
        new = [sid for sid in spaces if sid not in chosen]
        if any(shiftable(state, sid, +1) for sid in new):
            spaces = [sid for sid in spaces if sid in chosen or shiftable(state, sid, +1)]
        out = [Action(f"remove 1 {words} {name(state, sid)}")
               for sid in spaces for kind, words in GUERRILLA_WORDS.items()
               if state.space(sid).count(kind)]
        return [*out, DONE] if out else []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        for sid in board(state).spaces:
            for kind, words in GUERRILLA_WORDS.items():
                if action.text.lower() == f"remove 1 {words} {name(state, sid)}".lower():
                    return [PiecesRemoved(space=sid, kind=kind, count=1, to="available"),
                            *note(c44_removed=[*picks(state, "c44_removed"), sid])]
        raise ValueError(action.text)

    def close(self, state: GandhiState, faction: str) -> list[Event]:
        spaces = list(dict.fromkeys(picks(state, "c44_removed")))
        return shifts(state, spaces, +1)


@side
class HSRAShaded(PickSpaces):
    """#44 shaded: "Add up to 4 Guerrillas total to 2 spaces, then shift each of those
    spaces 1 level toward Active Opposition."  The executing Faction names the 2 spaces
    (``in ...``), then adds Guerrillas to them: Available ones only (5.1.1), placed
    Underground (1.4.3).  1.4.1 The Revolutionaries executing it may first remove their
    own Guerrillas from the map to Available (the IT tutorial, card 7, does so)."""

    card, side = "44", "shaded"
    verb = "in"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        """5.1.2 a space that can shift toward Active Opposition, while there is one (the
        IT tutorial, card 7: "must choose the spaces where the Event can be carried out
        the most")."""
        chosen = picks(state, self.key)
        return shiftable(state, sid, -1) or not any(
            shiftable(state, s, -1) for s in board(state).spaces if s not in chosen)

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        chosen = picks(state, self.key)
        if len(chosen) < self.most:
            return super().choices(state, faction)
        wanted = 4 - state.step.data.get("c44_added", 0)
        left = min(wanted, available(state, GUERRILLAS))
        out = [Action(f"place {n} guerrillas in {name(state, sid)}")
               for sid in chosen for n in range(1, left + 1)]
        if wanted > left and OWNER[GUERRILLAS_ACTIVE] == faction:  # 1.4.1
            out += [Action(f"remove 1 {words} {name(state, sid)}")
                    for sid in board(state).spaces for kind, words in GUERRILLA_WORDS.items()
                    if state.space(sid).count(kind)]
        return [*out, DONE] if out else []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        if action.verb == "remove":
            return HSRA().act(state, faction, action)[:1]  # to Available, 1.4.1
        if action.verb != "place":
            return super().act(state, faction, action)
        count = int(action.words[1])
        said = " ".join(action.words[4:]).lower()
        sid = next(s for s in picks(state, self.key) if name(state, s).lower() == said)
        return [PiecesPlaced(space=sid, kind=GUERRILLAS_UNDERGROUND, count=count),
                *note(c44_added=state.step.data.get("c44_added", 0) + count)]

    def close(self, state: GandhiState, faction: str) -> list[Event]:
        return shifts(state, picks(state, self.key), -1)


# --- #45 Gandhi Calls for a Liquor Boycott ----------------------------------------------------


@side
class LiquorBoycott(Side):
    """#45 unshaded: "Choose 1 Faction, which will be Ineligible for the next card.  The
    executing Faction stays Eligible." (5.0; the chosen Faction is another one, since the
    executing Faction stays Eligible.)"""

    card, side = "45", "unshaded"

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return [EligibilityMarked(faction=faction, eligible=True)]

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        if state.step.data.get("c45_chosen"):
            return []
        return [Action(f"ineligible {FACTION_WORDS[f]}") for f in FACTIONS if f != faction]

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        said = " ".join(action.words[1:]).lower()
        chosen = next(f for f, words in FACTION_WORDS.items() if words == said)
        return [EligibilityMarked(faction=chosen, eligible=False), *note(c45_chosen=chosen)]


@side
class LiquorBoycottShaded(Side):
    """#45 shaded: "Raj Resources -3 for each Protest marker on the map." (1.8 not below
    0.)"""

    card, side = "45", "shaded"

    def start(self, state: GandhiState, faction: str) -> list[Event]:
        return resources(state, RAJ, -3 * protests_on_map(state))


# --- #46 Bardoli Satyagraha for Rent Relief --------------------------------------------------


@side
class Bardoli(PickSpaces):
    """#46 unshaded: "Shift up to 3 Princely States 1 level each toward Active Support."
    (Printed Princely States only, not Muslim States, 1.3.5.)"""

    card, side = "46", "unshaded"
    most, optional, verb = 3, True, "shift"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return board(state).space(sid).is_state and support_problem(state, sid, +1) is None

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        return support(state, sid, +1)


@side
class BardoliShaded(PickSpaces):
    """#46 shaded: "Shift up to 2 States 1 level each toward Active Opposition."  "States"
    (IT "Stati") are Princely States and Muslim States alike (1.3.5)."""

    card, side = "46", "shaded"
    most, optional, verb = 2, True, "shift"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return is_state(state, sid) and support_problem(state, sid, -1) is None

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        return support(state, sid, -1)


# --- helpers for the sides below ----------------------------------------------------------

KIND_WORDS = {**GUERRILLA_WORDS, CONGRESS_ACTIVISTS: "congress activists",
              ML_ACTIVISTS: "league activists", TROOPS: "troops", SEPOYS: "sepoys"}


def offered(rules: Side, state: GandhiState, faction: str, action: Action) -> Action:
    """The offered action ``action`` names (with its ``args``)."""
    said = " ".join(action.words).lower()
    return next(a for a in rules.choices(state, faction) if a.text.lower() == said)


def add_unrest(state: GandhiState, sid: str) -> list[Event]:
    """One Unrest marker (a Strike on a Railway, 5.1.4) if the markers allow (1.11-1.12)."""
    if marker_problem(state, "unrest", sid, True) is not None:
        return []
    placed = placed_marker(state, "unrest", sid)
    value = state.space(sid).unrest + 1 if placed == "unrest" else 1
    return [MarkerSet(space=sid, marker=placed, value=value)]


def removed_count(state: GandhiState, key: str, sid: str | None = None) -> int:
    chosen = picks(state, key)
    return len(chosen) if sid is None else chosen.count(sid)


class RemoveEach(Side):
    """Remove pieces one at a time: up to ``total`` in all, at most ``per_space`` from a
    space, of ``kinds`` from spaces that ``fits``; to Available (5.1.3)."""

    total: ClassVar[int] = 5
    per_space: ClassVar[int] = 2
    kinds: ClassVar[tuple[str, ...]] = ()

    @property
    def key(self) -> str:
        return f"c{self.card}_removed"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return True

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        if removed_count(state, self.key) >= self.total:
            return []
        out = [Action(f"remove 1 {KIND_WORDS[kind]} {name(state, sid)}", args=(sid, kind))
               for sid in board(state).spaces
               if removed_count(state, self.key, sid) < self.per_space
               and self.fits(state, faction, sid)
               for kind in self.kinds if state.space(sid).count(kind)]
        return [*out, DONE] if out else []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        sid, kind = offered(self, state, faction, action).args
        return [PiecesRemoved(space=sid, kind=kind, count=1, to="available"),
                *note(**{self.key: [*picks(state, self.key), sid]})]


# --- #30 Japan Occupies Indochina --------------------------------------------------------------


@side
class JapanIndochina(RemoveEach):
    """#30 unshaded: "Remove up to 5 Guerrillas or Activists from spaces with Raj Control,
    to Available, no more than 2 per space."  (Gandhi is not an Activist; Raj Control as
    the space stands when each piece is chosen.)"""

    card, side = "30", "unshaded"
    kinds = (GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND, CONGRESS_ACTIVISTS, ML_ACTIVISTS)

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        return raj_control(state, sid)


@side
class JapanIndochinaShaded(RemoveEach):
    """#30 shaded: "Remove up to 5 Sepoys from the map, no more than 2 per space."  (To
    Available, 5.1.3.)"""

    card, side = "30", "shaded"
    kinds = (SEPOYS,)


# --- #35 Akali Movement Unites the Sikhs -----------------------------------------------------

PUNJAB = "punjab"


@side
class Akali(Side):
    """#35 unshaded: "Place up to 6 cubes in Punjab."  Troops and/or Sepoys, Available only
    (5.1.1); no Troops if Punjab is a Muslim State (1.4.2)."""

    card, side = "35", "unshaded"
    key = "c35_placed"

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        left = 6 - state.step.data.get(self.key, 0)
        out = [Action(f"place {n} {KIND_WORDS[kind]} {name(state, PUNJAB)}", args=(kind,))
               for kind in (TROOPS, SEPOYS) if enters(state, kind, 1, PUNJAB)
               for n in range(1, min(left, available(state, kind)) + 1)]
        return [*out, DONE] if out else []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        (kind,) = offered(self, state, faction, action).args
        count = int(action.words[1])
        return [PiecesPlaced(space=PUNJAB, kind=kind, count=count),
                *note(**{self.key: state.step.data.get(self.key, 0) + count})]


@side
class AkaliShaded(Side):
    """#35 shaded: "In up to 2 spaces, add 1 Protest or Unrest marker, then shift each of
    those spaces 1 level toward Active Opposition."  (One Protest per space, 5.1.1; an
    Unrest on a Railway is a Strike, 5.1.4, and a Railway has no Support to shift.)"""

    card, side = "35", "shaded"
    key = "c35_spaces"

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        chosen = picks(state, self.key)
        if len(chosen) >= 2:
            return []
        spaces = [sid for sid in board(state).spaces if sid not in chosen]
        # 5.1.2 a space that can also shift (not a Railway, not at Active Opposition) first
        spaces = [sid for sid in spaces if shiftable(state, sid, -1)] or spaces
        out = [Action(f"{marker} {name(state, sid)}", args=(sid, marker))
               for sid in spaces for marker in ("protest", "unrest")
               if marker_problem(state, marker, sid, True) is None]
        return [*out, DONE] if out else []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        sid, marker = offered(self, state, faction, action).args
        placed = ([MarkerSet(space=sid, marker="protest", value=1)] if marker == "protest"
                  else add_unrest(state, sid))
        return [*placed, *shifts(state, [sid], -1),
                *note(**{self.key: [*picks(state, self.key), sid]})]


# --- #42 Assassination of Sir Michael O'Dwyer --------------------------------------------------


@side
class ODwyer(PickSpaces):
    """#42 unshaded: "In up to 2 spaces with Guerrillas and Troops, remove all Active
    Guerrillas, then Activate the Underground Guerrillas."  (To Available, 5.1.3.)"""

    card, side = "42", "unshaded"
    most, optional, verb = 2, True, "in"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        sp = state.space(sid)
        return bool(sp.count(TROOPS)) and bool(
            sp.count(GUERRILLAS_ACTIVE) + sp.count(GUERRILLAS_UNDERGROUND))

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        sp = state.space(sid)
        out: list[Event] = []
        if sp.count(GUERRILLAS_ACTIVE):
            out.append(PiecesRemoved(space=sid, kind=GUERRILLAS_ACTIVE,
                                     count=sp.count(GUERRILLAS_ACTIVE), to="available"))
        if sp.count(GUERRILLAS_UNDERGROUND):
            out.append(PiecesFlipped(space=sid, kind=GUERRILLAS_UNDERGROUND,
                                     to_kind=GUERRILLAS_ACTIVE,
                                     count=sp.count(GUERRILLAS_UNDERGROUND)))
        return out


@side
class ODwyerShaded(Side):
    """#42 shaded: "Remove 1 Troop or 3 Sepoys each from up to 2 spaces with an Unrest or
    Protest marker."  (To Available, 5.1.3; a space with fewer than 3 Sepoys loses those it
    has, 5.1.2.  A Strike is not an Unrest marker here.)"""

    card, side = "42", "shaded"
    key = "c42_spaces"

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        chosen = picks(state, self.key)
        if len(chosen) >= 2:
            return []
        out, whole = [], []
        for sid in board(state).spaces:
            sp = state.space(sid)
            if sid in chosen or not (sp.unrest or sp.protest):
                continue
            if sp.count(TROOPS):
                out.append(Action(f"remove 1 troops {name(state, sid)}", args=(sid, TROOPS)))
                whole.append(out[-1])
            if sp.count(SEPOYS):
                n = min(3, sp.count(SEPOYS))
                out.append(Action(f"remove {n} sepoys {name(state, sid)}", args=(sid, SEPOYS)))
                if n == 3:
                    whole.append(out[-1])
        out = whole or out  # 5.1.2 a whole "1 Troop or 3 Sepoys" first
        return [*out, DONE] if out else []

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        sid, kind = offered(self, state, faction, action).args
        count = 1 if kind == TROOPS else min(3, state.space(sid).count(SEPOYS))
        return [PiecesRemoved(space=sid, kind=kind, count=count, to="available"),
                *note(**{self.key: [*picks(state, self.key), sid]})]


# --- #48 Harijan Campaign against Untouchability ------------------------------------------------


@side
class Harijan(PickSpaces):
    """#48 unshaded: "Shift up to 3 spaces without Congress Activists 1 level each toward
    Neutral."  (Spaces not at Neutral; Gandhi is not an Activist.)"""

    card, side = "48", "unshaded"
    most, optional, verb = 3, True, "shift"

    def fits(self, state: GandhiState, faction: str, sid: str) -> bool:
        sp = state.space(sid)
        return (not board(state).space(sid).is_railway and sp.support != 0
                and not sp.count(CONGRESS_ACTIVISTS))

    def picked(self, state: GandhiState, faction: str, sid: str) -> list[Event]:
        return support(state, sid, -1 if state.space(sid).support > 0 else +1)


def toward_passive_opposition(state: GandhiState, sid: str) -> int:
    """The one-level shift toward Passive Opposition (-1), or 0 if none."""
    if board(state).space(sid).is_railway:
        return 0
    level = state.space(sid).support
    return 0 if level == -1 else (-1 if level > -1 else +1)


@side
class HarijanShaded(Side):
    """#48 shaded: "In 2 spaces with pieces of more than 1 Faction, either add an Unrest
    marker or shift it 1 level toward Passive Opposition."  (Per space, the executing
    Faction chooses; from Active Opposition the shift is to Passive Opposition; an Unrest
    on a Railway is a Strike, 5.1.4.)"""

    card, side = "48", "shaded"
    key = "c48_spaces"

    def choices(self, state: GandhiState, faction: str) -> list[Action]:
        chosen = picks(state, self.key)
        if len(chosen) >= 2:
            return []
        out = []
        for sid in board(state).spaces:
            sp = state.space(sid)
            owners = {OWNER[kind] for kind, n in sp.pieces.items() if n}
            if sid in chosen or len(owners) < 2:
                continue
            if marker_problem(state, "unrest", sid, True) is None:
                out.append(Action(f"unrest {name(state, sid)}", args=(sid, "unrest")))
            if toward_passive_opposition(state, sid):
                out.append(Action(f"shift {name(state, sid)}", args=(sid, "shift")))
        return out

    def act(self, state: GandhiState, faction: str, action: Action) -> list[Event]:
        sid, what = offered(self, state, faction, action).args
        done = (add_unrest(state, sid) if what == "unrest"
                else support(state, sid, toward_passive_opposition(state, sid)))
        return [*done, *note(**{self.key: [*picks(state, self.key), sid]})]


# --- registration: a card is scripted only with both its sides --------------------------------

for _card in sorted({card for card, _ in SIDES}):
    assert (_card, "unshaded") in SIDES and (_card, "shaded") in SIDES, _card
    SCRIPTED[_card] = script
