"""Support Phase (6.3): Imperialism and Jail releases, Constructive Programme, Pakistan
Movement, Secret Societies, and the end of the game after the final Campaign."""

from __future__ import annotations

from engine.coin.stepdata import StepData
from engine.core.actions import Action
from engine.core.chance import Chance
from engine.core.events import Event
from engine.core.messages import Msg
from engine.games.gandhi.derived import available, board, raj_control
from engine.games.gandhi.effects import begin, note, resources, support
from engine.games.gandhi.events import BoxTransfer, MarkerSet, PiecesPlaced
from engine.games.gandhi.flow import Ask, step
from engine.games.gandhi.ops.raj import raj_resources
from engine.games.gandhi.outcome import game_ended
from engine.games.gandhi.pieces import (
    CONGRESS,
    CONGRESS_ACTIVISTS,
    GANDHI,
    ML_ACTIVISTS,
    ML_BASES,
    MUSLIM_LEAGUE,
    OWNER,
    RAJ,
    REV_BASES,
    REVOLUTIONARIES,
    SEPOYS,
    TROOPS,
)
from engine.games.gandhi.state import GandhiState
from engine.games.gandhi.steps.campaign import Automatic
from engine.games.gandhi.vocabulary import verb, verbs

DONE = verb("done")()
IMPERIALISM, RELEASE_ACTIVISTS, RELEASE_GANDHI = verbs("imperialism", "release_activists",
                                                       "release_gandhi")
PROGRAMME, BASE_IN, SKIP = verbs("programme", "base_in", "skip")
IMPERIALISM_SPACES = 4          # 6.3.1
MOUNTBATTEN = "79"              # 2.5.1: Imperialism costs 2 instead of 3


def imperialism_cost(state: GandhiState) -> int:
    return 2 if state.viceroy == MOUNTBATTEN else 3


def imperialism_purchases(state: GandhiState, sid: str) -> int:
    """6.3.1 Each purchase removes one Unrest or, once none, shifts one level toward
    Active Support, up to two levels in the space."""
    sp = state.space(sid)
    levels = min(2, 2 - sp.support)
    return min(sp.unrest + levels, raj_resources(state) // imperialism_cost(state))


class Chosen(StepData):
    """The spaces selected so far (6.3.1 Imperialism, 6.3.2 Constructive Programme)."""

    spaces: list[str] = []


def imperialism_spaces(state: GandhiState) -> list[str]:
    """Cities and Provinces with Raj Control, Troops and Sepoys, not yet selected."""
    b = board(state)
    chosen = state.step.of(Chosen).spaces
    return [s for s in b.cities + b.provinces
            if s not in chosen and raj_control(state, s)
            and state.space(s).count(TROOPS) and state.space(s).count(SEPOYS)
            and imperialism_purchases(state, s) > 0]


@step("imperialism", Chosen)
class Imperialism:
    def ask(self, state: GandhiState) -> Ask | None:
        if len(state.step.of(Chosen).spaces) >= IMPERIALISM_SPACES:
            return None
        actions = [IMPERIALISM(space=s, levels=n)
                   for s in imperialism_spaces(state)
                   for n in range(1, imperialism_purchases(state, s) + 1)]
        if not actions:
            return None
        return Ask(RAJ, Msg("gandhi.prompt.imperialism", cost=imperialism_cost(state)),
                   (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.auto(state, chance)
        sid, count = action["space"], action["levels"]
        sp = state.space(sid)
        removed = min(count, sp.unrest)
        events: list[Event] = []
        if removed:
            events.append(MarkerSet(space=sid, marker="unrest", value=sp.unrest - removed))
        events += support(state, sid, count - removed)
        events += resources(state, RAJ, -count * imperialism_cost(state))
        chosen = [*state.step.of(Chosen).spaces, sid]
        return [*events, *note(Chosen(spaces=chosen))]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        released = 2 * len(state.step.of(Chosen).spaces)
        return [begin("jail_release", RAJ, Releases(releases=released))]


class Releases(StepData):
    """6.3.1 How many Activists the Raj releases from Jail."""

    releases: int = 0


def release_splits(state: GandhiState) -> list[tuple[int, int]]:
    """6.3.1 Two Activists per Imperialism space, in the mix Raj chooses."""
    congress, league = state.jail.get(CONGRESS_ACTIVISTS, 0), state.jail.get(ML_ACTIVISTS, 0)
    total = min(state.step.of(Releases).releases, congress + league)
    return [(c, total - c) for c in range(total + 1)
            if c <= congress and total - c <= league]


def release(c: int, league: int) -> list[Event]:
    return [BoxTransfer(kind=kind, count=n, origin="jail", destination="available")
            for kind, n in ((CONGRESS_ACTIVISTS, c), (ML_ACTIVISTS, league)) if n]


@step("jail_release", Releases)
class JailRelease:
    def ask(self, state: GandhiState) -> Ask | None:
        splits = release_splits(state)
        if len(splits) <= 1:
            return None
        return Ask(RAJ, Msg("gandhi.prompt.jail_release", count=sum(splits[0])),
                   tuple(RELEASE_ACTIVISTS(congress=c, league=m)
                         for c, m in splits))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return [*release(action["congress"], action["league"]),
                begin("gandhi_release", RAJ)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        splits = release_splits(state)
        events = release(*splits[0]) if splits else []
        return [*events, begin("gandhi_release", RAJ)]


@step("gandhi_release")
class GandhiRelease:
    """6.3.1 Finally, a jailed Gandhi is released to any space with no Raj Control."""

    def ask(self, state: GandhiState) -> Ask | None:
        if not state.jail.get(GANDHI, 0):
            return None
        b = board(state)
        return Ask(RAJ, Msg("gandhi.prompt.gandhi_release"),
                   tuple(RELEASE_GANDHI(space=s)
                         for s in b.spaces if not raj_control(state, s)))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        return [PiecesPlaced(space=action["space"], kind=GANDHI, count=1, source="jail"),
                begin("constructive", CONGRESS)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return [begin("constructive", CONGRESS)]


def own_pieces(state: GandhiState, sid: str, faction: str) -> bool:
    return any(OWNER.get(k) == faction and n for k, n in state.space(sid).pieces.items())


@step("constructive", Chosen)
class ConstructiveProgramme:
    """6.3.2 Congress then the Muslim League shift a combined total of up to Unity
    Cities/Provinces with their own pieces and no Raj Control, each up to two levels
    toward Active Opposition."""

    def ask(self, state: GandhiState) -> Ask | None:
        chosen = state.step.of(Chosen).spaces
        if len(chosen) >= state.unity:
            return None
        faction = state.step.seat or CONGRESS
        b = board(state)
        actions = [PROGRAMME(space=s, levels=n)
                   for s in b.cities + b.provinces
                   if s not in chosen and own_pieces(state, s, faction)
                   and not raj_control(state, s) and not state.space(s).muslim_state
                   for n in range(1, min(2, state.space(s).support + 2) + 1)]
        if not actions:
            return None
        return Ask(faction, Msg("gandhi.prompt.constructive", left=state.unity - len(chosen)),
                   (*actions, DONE))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        if action.verb == "done":
            return self.auto(state, chance)
        sid, levels = action["space"], action["levels"]
        chosen = [*state.step.of(Chosen).spaces, sid]
        return [*support(state, sid, -levels), *note(Chosen(spaces=chosen))]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        if state.step.seat == CONGRESS:
            return [begin("constructive", MUSLIM_LEAGUE,
                          Chosen(spaces=state.step.of(Chosen).spaces))]
        return [begin("pakistan", MUSLIM_LEAGUE)]


def base_spaces(state: GandhiState, kind: str) -> list[str]:
    """6.3.3/6.3.4 A non-Railway space with no Raj Control and room for a Base (1.4.2)."""
    b = board(state)
    if available(state, kind) == 0:
        return []
    return [s for s in b.non_railway if not raj_control(state, s)
            and state.space(s).count(ML_BASES) + state.space(s).count(REV_BASES)
            < b.space(s).pop]


class PlaceBase:
    faction: str
    kind: str
    prompt: str
    following: tuple[str, str | None]

    def ask(self, state: GandhiState) -> Ask | None:
        spaces = base_spaces(state, self.kind)
        if not spaces:
            return None
        return Ask(self.faction, Msg(self.prompt),
                   (*(BASE_IN(space=s) for s in spaces), SKIP()))

    def act(self, state: GandhiState, action: Action, chance: Chance) -> list[Event]:
        events: list[Event] = []
        if action.verb == "base_in":
            events.append(PiecesPlaced(space=action["space"], kind=self.kind, count=1))
        return [*events, begin(*self.following)]

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        return [begin(*self.following)]


@step("pakistan")
class PakistanMovement(PlaceBase):
    faction, kind, prompt = MUSLIM_LEAGUE, ML_BASES, "gandhi.prompt.pakistan"
    following = ("secret_societies", REVOLUTIONARIES)


@step("secret_societies")
class SecretSocieties(PlaceBase):
    faction, kind, prompt = REVOLUTIONARIES, REV_BASES, "gandhi.prompt.secret_societies"
    following = ("game_end", None)


@step("game_end")
class GameEnd(Automatic):
    """6.3.5 If and only if this is the final Round, the game ends (7.3)."""

    def auto(self, state: GandhiState, chance: Chance) -> list[Event]:
        if state.campaigns_in_deck == 0:
            return [game_ended(state, "final_campaign")]
        return [begin("viceroy")]
