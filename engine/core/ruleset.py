"""The game contract (DESIGN.md §3) and the registry of rulesets by name and version.

A ruleset is a set of pure functions over a game state:
``setup`` -> events, ``legal_actions``, ``decide`` -> events, ``evolve``, ``view``.
``evolve`` takes ownership of the state it is given and returns the next state (it may
update it in place); whoever needs to keep the old state clones it first.  This keeps the
fold fast without giving up determinism: the same events always give the same state.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import TypeAdapter

from engine.core.actions import Action, Choice
from engine.core.chance import Chance
from engine.core.codec import from_json, to_json
from engine.core.events import KERNEL_EVENTS, RANDOM_EVENTS, Event, Recorded, Upcaster
from engine.core.messages import Msg
from engine.core.parse import parse
from engine.core.vocabulary import Vocabulary

S = TypeVar("S")

# the user a bot's commands are logged under (a non-player seat, or a bot standing in for
# an absent player): the service and ``verify`` know its batches by it
NON_PLAYER = "np"


@dataclass(frozen=True)
class Setup:
    """What ``setup`` returns: the opening events and the secret deck order."""

    events: list[Event]
    deck: list[str]



@dataclass(frozen=True)
class OptionChoice:
    """One value of a game option, as a player reads it (``players`` with its label "3
    players: one runs Congress and the Muslim League")."""

    key: str
    value: Any      # None: the default, leave the option out
    label: str


class Ruleset(ABC, Generic[S]):
    """Base class of every game's rules."""

    name: ClassVar[str]
    version: ClassVar[str]
    seats: ClassVar[tuple[str, ...]]
    vocabulary: ClassVar[Vocabulary]  # every verb and kind of value its choices use
    event_types: ClassVar[tuple[type[Event], ...]]
    upcasters: ClassVar[Mapping[tuple[str, int], Upcaster]] = {}
    undo_barriers: ClassVar[frozenset[str]] = RANDOM_EVENTS
    # the game seals values to seats (``engine.core.seal``): logs are redacted per seat
    has_secrets: ClassVar[bool] = False

    _adapter: ClassVar[TypeAdapter[Any] | None] = None
    _latest: ClassVar[dict[str, int]] = {}
    _readers: ClassVar[dict[str, tuple[int, Any]] | None] = None

    # --- the contract --------------------------------------------------------------------
    @abstractmethod
    def scenarios(self) -> list[str]: ...

    @abstractmethod
    def setup(self, scenario: str, options: Mapping[str, Any], chance: Chance) -> Setup: ...

    @abstractmethod
    def initial_state(self) -> S:
        """The empty state that the first event is folded onto."""

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> Choice: ...

    @abstractmethod
    def decide(self, state: S, seat: str, action: Action, chance: Chance) -> list[Event]: ...

    def decide_state(self, state: S, seat: str, action: Action, chance: Chance
                     ) -> tuple[list[Event], S | None]:
        """``decide``, and, if the rules computed it anyway, the state the events lead to
        (a new object the caller may keep): the service then need not fold them again."""
        return self.decide(state, seat, action, chance), None

    @abstractmethod
    def evolve(self, state: S, event: Event) -> S: ...

    @abstractmethod
    def active_seats(self, state: S) -> frozenset[str]:
        """The seats whose decision the game waits for (empty when the game is over)."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    # --- defaults a game may override ----------------------------------------------------
    def view(self, state: S, seat: str | None) -> Any:
        return state

    def clone(self, state: S) -> S:
        return copy.deepcopy(state)

    def dump_state(self, state: S) -> Any:
        """The state as JSON data, for snapshots (a cache: never the record)."""
        return to_json(state)

    def load_state(self, data: Any) -> S:
        """The state ``dump_state`` gave: ``load_state(dump_state(s)) == s``."""
        loaded: S = from_json(type(self.initial_state()), data)
        return loaded

    def seal_action(self, state: S, seat: str, action: Action) -> str | None:
        """The public text to log for a secret action (a sealed bid: ``bid (sealed)``),
        its canonical text then sealed to ``seat``; None: the action is public."""
        return None

    def invariants(self, state: S) -> list[str]:
        """What is wrong with ``state`` (the fuzzer checks it after every event)."""
        return []

    def fuzz_setups(self) -> list[tuple[str, dict[str, Any]]]:
        """The (scenario, options) pairs the fuzzer cycles through."""
        return [(scenario, {}) for scenario in self.scenarios()]

    def explain(self, state: S, seat: str, typed: tuple[str, ...], named: Action | None
                ) -> Msg | None:
        """Why a text that is no legal choice now is refused, where the game can say more
        than the vocabulary (``named``: the choice the text names, legal or not)."""
        return None

    def parse(self, state: S, seat: str, text: str, legacy: bool = False) -> Action:
        """What ``seat`` typed, read against its legal choices (``engine.core.parse``);
        ``legacy`` also reads the texts of older rulesets (a unique choice the text
        begins), for replaying old logs."""
        choice = self.legal_actions(state, seat)
        found = choice.find(text)
        if found is not None:
            return found
        return parse(text, choice.actions, self.vocabulary, seat,
                     lambda typed, named: self.explain(state, seat, typed, named),
                     legacy=legacy)

    def summary(self, state: S, lang: str) -> str:
        """A short text status for the command line and e-mail."""
        return ""

    def display_name(self, lang: str) -> str:
        """The game's name for players."""
        return self.name

    def option_choices(self, lang: str) -> list[OptionChoice]:
        """The game's options as a front-end offers them (a menu, autocomplete)."""
        return []

    def seat_groups(self, options: Mapping[str, Any]) -> list[tuple[str, ...]]:
        """The seats each player takes together (default: one seat each)."""
        return [(seat,) for seat in self.seats]

    def scenario_name(self, scenario: str, lang: str) -> str:
        return scenario

    def status_fields(self, state: S, lang: str) -> list[tuple[str, str]]:
        """What a status message shows of the game itself, as (name, value) pairs."""
        return [("", line) for line in self.summary(state, lang).splitlines() if line]

    def board_text(self, state: S, seat: str | None, lang: str) -> str:
        """The board as text, space by space, as ``seat`` may see it (the command line,
        e-mail and screen readers)."""
        return self.summary(state, lang)

    def turn_boundary(self, event: Event) -> bool:
        """``event`` begins a new card, round or turn: what came before it is a turn whose
        digest front-ends post (DESIGN.md §5)."""
        return False

    def policy(self, state: S, seat: str, chance: Chance
               ) -> tuple[Action, list[Event]] | None:
        """A bot's decision for ``seat`` (a non-player Faction, or a bot standing in for an
        absent player): one of its legal choices, and the events to log before that choice
        (the dice it rolled from ``chance``, why it chose).  None: the game has no bots."""
        return None

    def has_bots(self) -> bool:
        """Whether ``policy`` can decide for a seat."""
        return type(self).policy is not Ruleset.policy

    def bot_seats(self) -> frozenset[str]:
        """The seats ``policy`` can decide for: every seat of a game with bots, unless the
        game has bots for some seats only (A Distant Plain: the Warlords, 8.5)."""
        return frozenset(self.seats) if self.has_bots() else frozenset()

    def seating_options(self) -> tuple[str, ...]:
        """The options that say who plays which seats (Gandhi: ``players``)."""
        return ()

    def seat_non_players(self, options: Mapping[str, Any], seats: frozenset[str]
                         ) -> dict[str, Any]:
        """``options`` with ``seats`` given to no player (each other seat a player of its
        own); raises ``ValueError`` (a reason for players) if the game cannot."""
        raise ValueError("this game has no non-player seats")

    def non_player_seats(self, options: Mapping[str, Any]) -> frozenset[str]:
        """The seats the rules give to no player (``seat_groups`` leaves them out): a bot
        plays them for the whole game."""
        return frozenset(self.seats) - {s for g in self.seat_groups(options) for s in g}

    def outcome(self, state: S, lang: str) -> str:
        """How a finished game ended, a short phrase (``Ranking: …``); "" if not over."""
        return ""

    def narrate(self, state: S, records: Sequence[Recorded], lang: str,
                notes: Mapping[int, str] | None = None) -> str:
        """What ``records`` did, in plain language; ``state`` is the state after them;
        ``notes``: a remark to show beside the command logged at a seq (who took it, when
        not the seat's player)."""
        return "\n".join(f"{r.seq} {r.type}" for r in records)

    # --- event parsing -------------------------------------------------------------------
    @classmethod
    def adapter(cls) -> TypeAdapter[Any]:
        if cls.__dict__.get("_adapter") is None:
            from typing import Annotated, Union

            from pydantic import Field

            union = Union[tuple(cls.event_types)]  # type: ignore[valid-type]  # noqa: UP007
            tagged: Any = Annotated[union, Field(discriminator="type")]
            cls._adapter = TypeAdapter(tagged)
            cls._latest = {t.model_fields["type"].default: t.version for t in cls.event_types}
        assert cls._adapter is not None
        return cls._adapter

    @classmethod
    def latest_version(cls, type_: str) -> int:
        cls.adapter()
        return cls._latest[type_]

    @classmethod
    def readers(cls) -> dict[str, tuple[int, Any]]:
        """Each event type's latest version and its compiled JSON validator (the kernel's
        events too): a stored payload of that version is read in one call."""
        if cls.__dict__.get("_readers") is None:
            types = {**KERNEL_EVENTS, **{t.model_fields["type"].default: t
                                         for t in cls.event_types}}
            cls._readers = {name: (t.version, t.__pydantic_validator__)
                            for name, t in types.items()}
        readers = cls._readers
        assert readers is not None
        return readers


_REGISTRY: dict[str, Callable[[], Ruleset[Any]]] = {}


def register(factory: Callable[[], Ruleset[Any]], name: str | None = None) -> None:
    """Make a ruleset available by name (a game module calls this on import)."""
    key = name or getattr(factory, "name")  # noqa: B009
    _REGISTRY[key] = factory


def get(name: str) -> Ruleset[Any]:
    if name not in _REGISTRY:
        raise KeyError(name)
    return _REGISTRY[name]()


def names() -> list[str]:
    return sorted(_REGISTRY)
