"""Asia Crossroads events: fine-grained facts, from which the fold, the digest and the
pictures are built.  Secret values travel as ``Sealed`` (``engine.core.seal``): the
income (9.1), the orders of the purchase phase (10.1) and the bids (15.1)."""

from __future__ import annotations

from typing import Any, Literal

from engine.core.events import DieRolled, Event
from engine.core.seal import Sealed


class ScenarioSetUp(Event):
    type: Literal["ScenarioSetUp"] = "ScenarioSetUp"
    pack: str
    scenario: str
    turns: list[str]
    period: int
    balance: int
    control: dict[str, str]
    treasury: dict[str, int]
    supply: dict[str, int]
    rules: dict[str, str] = {}      # game options overriding the pack's house rules
    periods: list[int] = []         # 16.6: the period of each turn (scenario 3)


class UnitPlaced(Event):
    type: Literal["UnitPlaced"] = "UnitPlaced"
    id: str
    nation: str
    kind: str
    size: int
    where: str


class UnitMoved(Event):
    type: Literal["UnitMoved"] = "UnitMoved"
    id: str
    to: str


class UnitReduced(Event):
    """A loss of brigades (14.9, 17.4); at 0 the unit is eliminated."""

    type: Literal["UnitReduced"] = "UnitReduced"
    id: str
    size: int


class ControlChanged(Event):
    type: Literal["ControlChanged"] = "ControlChanged"
    region: str
    to: str          # british, russian, neutral
    why: str         # invasion, negotiation, uprising, defection


class BalanceShifted(Event):
    type: Literal["BalanceShifted"] = "BalanceShifted"
    by: int
    why: str


class TreasuryChanged(Event):
    """A public change of a treasury (an event of the table); never below 0."""

    type: Literal["TreasuryChanged"] = "TreasuryChanged"
    seat: str
    by: int
    why: str


class SupplyChanged(Event):
    type: Literal["SupplyChanged"] = "SupplyChanged"
    seat: str
    by: int
    why: str


class TurnBegan(Event):
    type: Literal["TurnBegan"] = "TurnBegan"
    turn: int
    chooser: str


class FirstPlayerChosen(Event):
    type: Literal["FirstPlayerChosen"] = "FirstPlayerChosen"
    seat: str


class RandomEvent(Event):
    """8.0: the column and the event the table gave."""

    type: Literal["RandomEvent"] = "RandomEvent"
    roller: str
    column: str
    roll: int
    event: str


class IncomeCollected(Event):
    """9.1: the home-government roll and the income, sealed to the seat (9.0)."""

    type: Literal["IncomeCollected"] = "IncomeCollected"
    seat: str
    income: Sealed    # {"roll", "government", "cities", "markers", "total"}


class PhaseBegan(Event):
    type: Literal["PhaseBegan"] = "PhaseBegan"
    phase: str       # purchases, ops, supply, over
    ops: int = 0
    phasing: str = ""
    sub: str = ""


class OrderSealed(Event):
    """10.1: one order of the purchase phase, secret until both seats are done."""

    type: Literal["OrderSealed"] = "OrderSealed"
    seat: str
    order: Sealed     # {"text", "cost"}


class SeatDone(Event):
    type: Literal["SeatDone"] = "SeatDone"
    seat: str


class OrdersRevealed(Event):
    """3.1(3): both seats' orders revealed together, with the salts that open them."""

    type: Literal["OrdersRevealed"] = "OrdersRevealed"
    orders: dict[str, list[dict[str, Any]]]   # seat -> [{"text", "cost", "salt"}]


class MarkerBuilt(Event):
    type: Literal["MarkerBuilt"] = "MarkerBuilt"
    square: str
    marker: str
    owner: str


class MarkerDestroyed(Event):
    type: Literal["MarkerDestroyed"] = "MarkerDestroyed"
    square: str
    marker: str
    owner: str


class ForceFormed(Event):
    """11.3: a force sets out; which units are in it is sealed to its owner (14.1,
    14.4: stacks are concealed; ``units`` is the open form of logs before 0.2)."""

    type: Literal["ForceFormed"] = "ForceFormed"
    origin: str
    left_half: int
    from_enemy: bool
    units: list[str] = []
    hidden: Sealed | None = None      # the unit ids


class UnitLeft(Event):
    """11.3: a unit left out before the force moves (free), or dropped on the way; which
    one is sealed to the owner (``id``: the open form of logs before 0.2)."""

    type: Literal["UnitLeft"] = "UnitLeft"
    dropped: bool
    id: str = ""
    hidden: Sealed | None = None


class UnitsReorganised(Event):
    """18.0: counters of a concealed stack split or combined, sealed to the owner:
    ``[id, nation, kind, size]`` after the change (size 0: the counter is gone)."""

    type: Literal["UnitsReorganised"] = "UnitsReorganised"
    square: str
    change: Sealed


class ForceStepped(Event):
    type: Literal["ForceStepped"] = "ForceStepped"
    to: str
    cost_half: int
    how: str          # land, route, base, sea
    stop: bool = False  # 13.3.2: it entered enemy combat units and must stop


class ForceHalted(Event):
    type: Literal["ForceHalted"] = "ForceHalted"


class NegotiationOpened(Event):
    type: Literal["NegotiationOpened"] = "NegotiationOpened"
    region: str
    seat: str
    agent: str
    opponent_agent: str | None
    waiting: list[str]


class BidSealed(Event):
    type: Literal["BidSealed"] = "BidSealed"
    seat: str
    bid: Sealed


class BidsRevealed(Event):
    type: Literal["BidsRevealed"] = "BidsRevealed"
    bids: dict[str, int]
    salts: dict[str, str]


class NegotiationResolved(Event):
    type: Literal["NegotiationResolved"] = "NegotiationResolved"
    region: str
    offence: int
    defence: int
    roll: int
    result: str


class Invasion(Event):
    """5.4.1: the phasing seat's combat units violated a neutral region."""

    type: Literal["Invasion"] = "Invasion"
    region: str
    square: str
    by: str


class CombatsListed(Event):
    type: Literal["CombatsListed"] = "CombatsListed"
    squares: list[str]
    step: str


class CombatStep(Event):
    type: Literal["CombatStep"] = "CombatStep"
    step: str


class CombatResolved(Event):
    """14.1: the odds column, the table, the roll and modifier, and the result."""

    type: Literal["CombatResolved"] = "CombatResolved"
    square: str
    table: str
    attack: int
    defence: int
    column: str
    roll: int
    drm: int
    result: str


class AgentCaptured(Event):
    type: Literal["AgentCaptured"] = "AgentCaptured"
    agent: str
    captor: str
    roll: int


class AgentHeld(Event):
    """16.3.2: the captor holds the agent prisoner (it may be returned later)."""

    type: Literal["AgentHeld"] = "AgentHeld"
    agent: str


class DuesListed(Event):
    """17.3-17.6: the SP each square needs in the supply phase."""

    type: Literal["DuesListed"] = "DuesListed"
    dues: dict[str, int]


class DuePaid(Event):
    type: Literal["DuePaid"] = "DuePaid"
    square: str
    paid: bool


class PeriodBegan(Event):
    """16.6: a new historical period within the scenario; agents in play stay."""

    type: Literal["PeriodBegan"] = "PeriodBegan"
    period: int


class LossesDue(Event):
    """14.9, 17.4: ``seat`` chooses which of its units in ``square`` lose ``brigades``
    (0: done); ``then`` says what follows (``combat``, ``supply``)."""

    type: Literal["LossesDue"] = "LossesDue"
    seat: str
    square: str
    brigades: int
    then: str = ""


class RetreatDue(Event):
    """14.5: ``seat`` chooses where its units in ``square`` retreat (``before``: before
    combat; ``result``: a CRT result)."""

    type: Literal["RetreatDue"] = "RetreatDue"
    seat: str
    square: str
    then: str


class Retreated(Event):
    type: Literal["Retreated"] = "Retreated"
    square: str
    to: str          # "": no square to go to, the units are eliminated


class ResultStage(Event):
    """14.9: the parts of a combat result are applied in order; -1: all applied."""

    type: Literal["ResultStage"] = "ResultStage"
    stage: int


class LevyDue(Event):
    """5.4.2(3) and the Jihad (house rule 21): units ``side`` receives and places."""

    type: Literal["LevyDue"] = "LevyDue"
    side: str
    region: str
    nation: str
    kind: str
    count: int
    agent: str | None = None
    then: str = ""
    instead: bool = False   # 5.4.2(3): the agent may come in place of one unit


class LevyPlaced(Event):
    type: Literal["LevyPlaced"] = "LevyPlaced"
    square: str


class LeaderChosen(Event):
    """16.2.1 (``move``): the agent whose military value speeds a force; 14.8
    (``combat``): the agent whose military value modifies the roll."""

    type: Literal["LeaderChosen"] = "LeaderChosen"
    seat: str
    role: str
    agent: str = ""                   # open in combat (14.1: the units are revealed)
    hidden: Sealed | None = None      # sealed to the owner in a moving force (14.4)


class GameEnded(Event):
    type: Literal["GameEnded"] = "GameEnded"
    scores: dict[str, int]
    winner: str | None
    capitulated: str | None = None    # 3.1(16): the side that capitulated


ASIA_EVENTS: tuple[type[Event], ...] = (
    ScenarioSetUp, UnitPlaced, UnitMoved, UnitReduced, ControlChanged, BalanceShifted,
    TreasuryChanged, SupplyChanged, TurnBegan, FirstPlayerChosen, RandomEvent,
    IncomeCollected, PhaseBegan, OrderSealed, SeatDone, OrdersRevealed, MarkerBuilt,
    MarkerDestroyed, ForceFormed, UnitLeft, ForceStepped, ForceHalted, NegotiationOpened,
    BidSealed, BidsRevealed, NegotiationResolved, Invasion, CombatsListed, CombatStep,
    CombatResolved, AgentCaptured, AgentHeld, DuesListed, DuePaid, GameEnded, DieRolled,
    PeriodBegan, LossesDue, RetreatDue, Retreated, ResultStage, LevyDue, LevyPlaced,
    LeaderChosen, UnitsReorganised)
