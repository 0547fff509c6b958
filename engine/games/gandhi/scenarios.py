"""Gandhi scenarios: loader and validation (rule 2.1 "Setup", pp.39-43 and 48).

Pure: reads ``data/scenarios.toml`` (or another file), checks every setup against the map
and the physical rules (inventory, stacking, Troops never in States, Activists Active
only in Protest spaces and on Railways) and returns frozen :class:`Scenario` models.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.coin.datafile import read_toml, validation_text
from engine.games.gandhi.board import Map, Source, Space, default_map
from engine.games.gandhi.victory import (
    SpaceTally,
    VictoryTotals,
    active_adversaries,
    has_raj_control,
    victory_totals,
)

DEFAULT_SCENARIOS_PATH = Path(__file__).parent / "data" / "scenarios.toml"

Faction = Literal["raj", "congress", "muslim_league", "revolutionaries"]
PieceType = Literal[
    "troops", "sepoys", "congress_activists", "gandhi", "ml_activists", "guerrillas",
    "ml_bases", "rev_bases",
]

# 1.2 and the Available Forces chart (EN p.48)
INVENTORY: Mapping[str, int] = {
    "troops": 15, "sepoys": 45, "congress_activists": 16, "gandhi": 1,
    "ml_activists": 16, "guerrillas": 16, "ml_bases": 5, "rev_bases": 5,
}
UNREST_STRIKE_MARKERS = 12  # 1.11, 1.12: double-sided, 12 in all
PROTEST_MARKERS = 6  # 1.10 and the IT tutorial: six Protest boxes
EVENT_CARDS = 72  # 1.2
CAMPAIGN_CARDS = 7  # 1.2, 2.5
JAILABLE = frozenset({"congress_activists", "ml_activists", "gandhi"})  # 1.3.9

NonNeg = Annotated[int, Field(ge=0)]
Track = Annotated[int, Field(ge=1, le=5)]  # Restraint, Unity (6.6, 6.7)
ResourceLevel = Annotated[int, Field(ge=0, le=50)]  # 1.8


class ScenarioError(ValueError):
    """A scenario file is missing, malformed, or breaks a rule; the message says how."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class PiecePool(_Frozen):
    """Pieces off the map: Available, Out of Play or Jail (1.3.9, 1.3.10, 1.4.1)."""

    troops: NonNeg = 0
    sepoys: NonNeg = 0
    congress_activists: NonNeg = 0
    gandhi: Annotated[int, Field(ge=0, le=1)] = 0
    ml_activists: NonNeg = 0
    guerrillas: NonNeg = 0
    ml_bases: NonNeg = 0
    rev_bases: NonNeg = 0

    def counts(self) -> dict[str, int]:
        return self.model_dump()


class SpaceSetup(_Frozen):
    """Pieces, level and markers of one space at setup."""

    troops: NonNeg = 0
    sepoys: NonNeg = 0
    congress_activists: NonNeg = 0
    congress_activists_active: NonNeg = 0
    gandhi: Annotated[int, Field(ge=0, le=1)] = 0
    ml_activists: NonNeg = 0
    ml_activists_active: NonNeg = 0
    guerrillas_underground: NonNeg = 0
    guerrillas_active: NonNeg = 0
    ml_bases: NonNeg = 0
    rev_bases: NonNeg = 0
    support: Annotated[int, Field(ge=-2, le=2)] = 0
    raj_control: bool = False  # as printed; recomputed by raj_control_of (1.7)
    protest: bool = False
    unrest: NonNeg = 0
    strike: bool = False
    muslim_state: bool = False

    @property
    def cubes(self) -> int:
        return self.troops + self.sepoys

    @property
    def inactive_activists(self) -> int:
        return self.congress_activists + self.ml_activists

    @property
    def active_activists(self) -> int:
        return self.congress_activists_active + self.ml_activists_active

    def counts(self) -> dict[str, int]:
        return {
            "troops": self.troops,
            "sepoys": self.sepoys,
            "congress_activists": self.congress_activists + self.congress_activists_active,
            "gandhi": self.gandhi,
            "ml_activists": self.ml_activists + self.ml_activists_active,
            "guerrillas": self.guerrillas_underground + self.guerrillas_active,
            "ml_bases": self.ml_bases,
            "rev_bases": self.rev_bases,
        }

    def adversaries(self) -> int:
        """Active non-Raj pieces that count against Raj Control (1.7)."""
        return active_adversaries(
            gandhi=self.gandhi,
            bases=self.ml_bases + self.rev_bases,
            active_guerrillas=self.guerrillas_active,
            active_activists=self.active_activists,
        )


EMPTY_SPACE = SpaceSetup()


class Resources(_Frozen):
    raj: ResourceLevel
    revolutionaries: ResourceLevel


class PrintedVictory(_Frozen):
    """The victory-marker values printed in a setup (1.9)."""

    raj: int
    congress: int
    muslim_league: int
    revolutionaries: int

    def as_totals(self) -> VictoryTotals:
        return VictoryTotals(self.raj, self.congress, self.muslim_league, self.revolutionaries)


class DeckSpec(_Frozen):
    """How to build the draw deck (2.1 Deck Preparation and the scenario's "Deck")."""

    event_piles: Annotated[int, Field(ge=1)]
    events_per_pile: Annotated[int, Field(ge=1)]
    campaign_piles: Annotated[tuple[int, ...], Field(strict=False)]
    campaign_in_bottom: Annotated[int, Field(ge=1)]
    note: str = ""

    @property
    def events_used(self) -> int:
        return self.event_piles * self.events_per_pile

    @property
    def campaigns_in_deck(self) -> int:
        return len(self.campaign_piles)

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.events_used > EVENT_CARDS:
            raise ValueError(f"deck uses {self.events_used} Event cards; there are {EVENT_CARDS}")
        if len(set(self.campaign_piles)) != len(self.campaign_piles):
            raise ValueError("a pile can take only one Campaign card")
        if any(not 1 <= pile <= self.event_piles for pile in self.campaign_piles):
            raise ValueError(f"campaign_piles must be between 1 and {self.event_piles}")
        if self.campaigns_in_deck > CAMPAIGN_CARDS - 1:
            raise ValueError("one Campaign card must stay out of the deck as the Viceroy (2.1)")
        if self.campaign_in_bottom > self.events_per_pile:
            raise ValueError("campaign_in_bottom cannot exceed events_per_pile")
        return self


class ViceroyRule(_Frozen):
    """The starting Viceroy (2.1, 2.5): drawn at random from the unused Campaign cards."""

    rule: Literal["random_unused_campaign"]
    note: str = ""


class NonPlayerSetup(_Frozen):
    shuffle_arjuna: bool = True
    raj_and_revolutionaries_track_resources: bool = False
    note: str = ""


class CongressSetup(_Frozen):
    """The Congress decision that ends the Main setup: Gandhi, 1 Active Activist and
    1 Protest in any one space; then adjust Raj Control and the Raj victory marker."""

    gandhi: Annotated[int, Field(ge=0, le=1)] = 1
    congress_activists_active: NonNeg = 1
    protest: Annotated[int, Field(ge=0, le=1)] = 1
    where: Literal["any_space"] = "any_space"
    non_player_where: Literal["random_2_pop_space"] = "random_2_pop_space"  # 8.1.2
    note: str = ""

    def counts(self) -> dict[str, int]:
        return {"gandhi": self.gandhi, "congress_activists": self.congress_activists_active}


class Scenario(_Frozen):
    id: str
    name: str
    start_year: int
    end_year: int
    source: Source
    note: str = ""
    based_on: str | None = None
    restraint: Track
    unity: Track
    eligible: Annotated[tuple[Faction, ...], Field(strict=False)]
    resources: Resources
    printed_victory: PrintedVictory | None = None
    deck: DeckSpec
    viceroy: ViceroyRule
    non_player: NonPlayerSetup = NonPlayerSetup()
    available: PiecePool | None = None  # None when the setup does not print it
    out_of_play: PiecePool = PiecePool()
    jail: PiecePool = PiecePool()
    congress_setup: CongressSetup | None = None
    spaces: dict[str, SpaceSetup]

    @property
    def congress_setup_choice(self) -> bool:
        """True when Congress must place Gandhi, an Activist and a Protest at setup."""
        return self.congress_setup is not None

    def space(self, space_id: str) -> SpaceSetup:
        """The setup of one space; spaces not listed are Neutral and empty."""
        return self.spaces.get(space_id, EMPTY_SPACE)

    def on_map(self) -> dict[str, int]:
        return _sum_counts(s.counts() for s in self.spaces.values())

    def piece_totals(self) -> dict[str, int]:
        """Every piece the setup accounts for: map, Available, Out of Play, Jail and the
        pieces reserved for the Congress setup decision."""
        pools = [self.on_map(), self.out_of_play.counts(), self.jail.counts()]
        if self.available is not None:
            pools.append(self.available.counts())
        if self.congress_setup is not None:
            pools.append(self.congress_setup.counts())
        return _sum_counts(pools)


def _sum_counts(pools: Iterable[dict[str, int]]) -> dict[str, int]:
    total = dict.fromkeys(INVENTORY, 0)
    for pool in pools:
        for key, value in pool.items():
            total[key] += value
    return total


# --------------------------------------------------------------------------------------
# Reading the file
# --------------------------------------------------------------------------------------


def _read(path: Path) -> dict[str, Any]:
    return read_toml(path, ScenarioError, "scenario file")


def _resolve(name: str, raw: Mapping[str, Any], seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """The raw table of ``name`` with ``based_on`` applied (top-level keys replace)."""
    if name in seen:
        raise ScenarioError(f"scenario {name!r}: based_on loops through {' -> '.join(seen)}")
    table = raw[name]
    if not isinstance(table, dict):
        raise ScenarioError(f"scenario {name!r} must be a table")
    base_name = table.get("based_on")
    if base_name is None:
        return copy.deepcopy(table)
    if base_name not in raw:
        raise ScenarioError(f"scenario {name!r} is based on unknown scenario {base_name!r}")
    return {**_resolve(base_name, raw, (*seen, name)), **copy.deepcopy(table)}


# --------------------------------------------------------------------------------------
# Checks against the map and the rules
# --------------------------------------------------------------------------------------

_Check = Callable[[str, Space, SpaceSetup], str | None]


def _check_markers(sid: str, space: Space, setup: SpaceSetup) -> str | None:
    if setup.strike and not space.is_railway:
        return f"{sid!r} has a Strike; Strikes go only on Railways (1.12)"
    if space.is_railway and (setup.unrest or setup.support):
        return f"railway {sid!r} has Unrest or Support; Railways have neither (1.3.6, 1.11)"
    if setup.muslim_state and space.kind != "province":
        return f"{sid!r} has a Muslim State marker; it may only be placed in a Province (1.3.5)"
    return None


def _check_control_and_troops(sid: str, space: Space, setup: SpaceSetup) -> str | None:
    is_state = space.is_state or setup.muslim_state
    if setup.raj_control and (not space.controllable or setup.muslim_state):
        return (
            f"{sid!r} is printed with Raj Control; "
            "only Cities and Provinces can be Controlled (1.7.2)"
        )
    if setup.troops and is_state:
        return f"{sid!r} holds Troops; Troops may never be in States (1.3.5)"
    return None


def _check_stacking(sid: str, space: Space, setup: SpaceSetup) -> str | None:
    bases = setup.ml_bases + setup.rev_bases
    if bases > space.pop:
        return f"{sid!r} holds {bases} Bases; at most its Pop {space.pop} (1.4.2)"
    return None


def _check_activity(sid: str, space: Space, setup: SpaceSetup) -> str | None:
    """1.4.3 and the 2019 clarification of 2.1."""
    active_here = setup.protest or space.is_railway
    if active_here and setup.inactive_activists:
        return (
            f"{sid!r} has Inactive Activists; "
            "in a Protest space or on a Railway they are Active (1.4.3)"
        )
    if not active_here and setup.active_activists:
        return f"{sid!r} has Active Activists without a Protest; they set up Inactive (1.4.3, 2.1)"
    if setup.guerrillas_active:
        return f"{sid!r} has Active Guerrillas; all Guerrillas set up Underground (2.1)"
    return None


_SPACE_CHECKS: tuple[_Check, ...] = (
    _check_markers, _check_control_and_troops, _check_stacking, _check_activity,
)


def _check_spaces(scenario: Scenario, board: Map) -> None:
    for sid, setup in scenario.spaces.items():
        if sid not in board.spaces:
            raise ScenarioError(f"scenario {scenario.id!r} names unknown space {sid!r}")
        for check in _SPACE_CHECKS:
            problem = check(sid, board.spaces[sid], setup)
            if problem:
                raise ScenarioError(f"scenario {scenario.id!r}: {problem}")


def _check_jail(scenario: Scenario) -> None:
    jailed = scenario.jail.counts()
    if any(jailed[key] for key in INVENTORY if key not in JAILABLE):
        raise ScenarioError(
            f"scenario {scenario.id!r}: only Gandhi and Activists go to Jail (1.3.9)"
        )


def _check_inventory(scenario: Scenario) -> None:
    for piece, used in scenario.piece_totals().items():
        if used > INVENTORY[piece]:
            raise ScenarioError(
                f"scenario {scenario.id!r} uses {used} {piece}, more than the "
                f"{INVENTORY[piece]} in the game (1.2, 1.4.1)"
            )


def _check_marker_supply(scenario: Scenario) -> None:
    spaces = scenario.spaces.values()
    protests = sum(s.protest for s in spaces)
    if scenario.congress_setup is not None:
        protests += scenario.congress_setup.protest
    if protests > PROTEST_MARKERS:
        raise ScenarioError(
            f"scenario {scenario.id!r} uses {protests} Protest markers; "
            f"there are {PROTEST_MARKERS} (1.10)"
        )
    unrest = sum(s.unrest + s.strike for s in spaces)
    if unrest > UNREST_STRIKE_MARKERS:
        raise ScenarioError(
            f"scenario {scenario.id!r} uses {unrest} Unrest/Strike markers; "
            f"there are {UNREST_STRIKE_MARKERS} (1.11, 1.12)"
        )


def validate_scenario(scenario: Scenario, board: Map) -> None:
    """Raise :class:`ScenarioError` if the setup does not fit the map or the rules."""
    _check_spaces(scenario, board)
    _check_jail(scenario)
    _check_inventory(scenario)
    _check_marker_supply(scenario)


# --------------------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------------------


def scenario_names(path: str | Path | None = None) -> tuple[str, ...]:
    """Scenario ids in file order: ``("short", "main", "quick_start")`` by default."""
    return tuple(_read(DEFAULT_SCENARIOS_PATH if path is None else Path(path)))


def load_scenario(
    name: str, *, path: str | Path | None = None, board: Map | None = None
) -> Scenario:
    """Load, validate against ``board`` (the default map if None) and return a scenario."""
    source = DEFAULT_SCENARIOS_PATH if path is None else Path(path)
    raw = _read(source)
    if name not in raw:
        raise ScenarioError(f"unknown scenario {name!r}; known: {', '.join(raw)}")
    try:
        scenario = Scenario.model_validate({"id": name, **_resolve(name, raw)})
    except ValidationError as exc:
        raise ScenarioError(f"scenario {name!r} in {source}: {validation_text(exc)}") from None
    validate_scenario(scenario, default_map() if board is None else board)
    return scenario


def raj_control_of(scenario: Scenario, board: Map) -> dict[str, bool]:
    """Raj Control of every space at setup, computed by rule 1.7 (not the printed flag)."""
    return {
        sid: has_raj_control(
            controllable=space.controllable and not scenario.space(sid).muslim_state,
            cubes=scenario.space(sid).cubes,
            adversaries=scenario.space(sid).adversaries(),
        )
        for sid, space in board.spaces.items()
    }


def tallies_of(scenario: Scenario, board: Map) -> tuple[SpaceTally, ...]:
    """Per-space victory inputs of a setup (before any Congress setup decision)."""
    control = raj_control_of(scenario, board)
    return tuple(
        SpaceTally(
            pop=space.pop,
            support=scenario.space(sid).support,
            raj_control=control[sid],
            muslim=space.muslim,
            muslim_state=scenario.space(sid).muslim_state,
            unrest=scenario.space(sid).unrest,
            rev_bases=scenario.space(sid).rev_bases,
        )
        for sid, space in board.spaces.items()
    )


def setup_victory_totals(scenario: Scenario, board: Map | None = None) -> VictoryTotals:
    """The four victory totals (1.9, 7.2) computed from a setup and the map."""
    return victory_totals(tallies_of(scenario, default_map() if board is None else board))
