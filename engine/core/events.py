"""Events: frozen pydantic facts, the envelope that records them, and the hash chain.

Each game declares one discriminated union of its event types (field ``type``).  Every
event type has a ``version``; an old payload is brought up to date by the game's
upcasters before it is validated.  The kernel owns a few events every game shares
(creation, the action record, undo, the secret reveal); the game owns the rest.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

from engine.core.seal import Sealed, public_payload

GENESIS_HASH = "0" * 64


class Event(BaseModel):
    """Base of every event payload.  Subclasses set ``type`` as a Literal."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    version: ClassVar[int] = 1
    type: str


# --- kernel events, shared by every game -------------------------------------------------


class GameCreated(Event):
    """First event of every log: what is being played and the commitment to its secrets."""

    type: Literal["GameCreated"] = "GameCreated"
    ruleset: str
    ruleset_version: str
    scenario: str
    options: dict[str, Any] = {}
    commitment: str


class ActionTaken(Event):
    """Opens every command's batch: the action as typed in canonical form.  A secret
    action (a sealed bid) logs a public ``text`` ("bid (sealed)") and its canonical text
    sealed to its seat in ``secret``; the field is left out of the payload when empty, so
    the payloads of games without secrets are what they always were."""

    type: Literal["ActionTaken"] = "ActionTaken"
    seat: str
    text: str
    secret: Sealed | None = None

    @model_serializer(mode="wrap")
    def _without_empty_secret(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and data.get("secret") is None:
            data.pop("secret", None)
        return data

    @property
    def canonical(self) -> str | None:
        """The canonical text of the action (None: sealed, and this copy is redacted)."""
        if self.secret is None:
            return self.text
        return str(self.secret.value) if self.secret.known else None


class UndoRequested(Event):
    type: Literal["UndoRequested"] = "UndoRequested"
    seat: str
    to_seq: int
    needs: list[str]


class UndoApproved(Event):
    type: Literal["UndoApproved"] = "UndoApproved"
    seat: str
    request_seq: int


class UndoDenied(Event):
    type: Literal["UndoDenied"] = "UndoDenied"
    seat: str
    request_seq: int


class Undone(Event):
    """Every effective event from ``to_seq`` on is skipped by the fold (nothing is deleted)."""

    type: Literal["Undone"] = "Undone"
    to_seq: int


class SecretRevealed(Event):
    """Written when a game ends: the seed and deck order that the commitment hid."""

    type: Literal["SecretRevealed"] = "SecretRevealed"
    seed: str
    salt: str
    deck: list[str]


KERNEL_EVENTS: dict[str, type[Event]] = {
    cls.model_fields["type"].default: cls
    for cls in (GameCreated, ActionTaken, UndoRequested, UndoApproved, UndoDenied, Undone,
                SecretRevealed)
}
UNDO_EVENTS = frozenset({"UndoRequested", "UndoApproved", "UndoDenied", "Undone"})


# --- randomness shared by games ----------------------------------------------------------


class DieRolled(Event):
    """A die roll drawn by the service's RNG (games include this type in their union)."""

    type: Literal["DieRolled"] = "DieRolled"
    sides: int = 6
    value: int
    purpose: str = ""


class CardRevealed(Event):
    """The next card of the secret deck is turned face up."""

    type: Literal["CardRevealed"] = "CardRevealed"
    index: int
    card: str


RANDOM_EVENTS = frozenset({"DieRolled", "CardRevealed"})


# --- the envelope --------------------------------------------------------------------------


class Recorded(NamedTuple):
    """One row of the log: an event with its position, author, time and chain hash (a
    named tuple: the fold makes thousands of them)."""

    game_id: str
    seq: int
    event: Event
    actor_seat: str | None
    actor_user: str | None
    time: str
    prev_hash: str
    hash: str

    @property
    def type(self) -> str:
        return self.event.type


def payload_json(event: Event) -> str:
    """The canonical JSON of an event's payload (sorted keys, no spaces)."""
    return json.dumps(event.model_dump(mode="json"), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)


def chain_hash(prev_hash: str, seq: int, type_: str, version: int, payload: str,
               actor_seat: str | None, actor_user: str | None, time: str) -> str:
    """Hash of one envelope chained to the one before (DESIGN.md §4).

    The game id is left out on purpose: a log exported from one store and imported under
    another id keeps identical hashes.  Each chain is unique anyway, because its first
    event carries the commitment to a fresh random seed.  Sealed values are hashed in
    their public form (``engine.core.seal``), so a redacted copy of a log verifies.
    """
    body = json.dumps([prev_hash, seq, type_, version, public_payload(payload), actor_seat,
                       actor_user, time], separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(body.encode()).hexdigest()


def canonical_hash(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


def upcast(type_: str, version: int, payload: dict[str, Any], latest: int,
           upcasters: Mapping[tuple[str, int], Upcaster]) -> dict[str, Any]:
    """Bring a stored payload from ``version`` up to ``latest`` one step at a time."""
    while version < latest:
        step = upcasters.get((type_, version))
        if step is None:
            raise ValueError(f"no upcaster for {type_} v{version}")
        payload = step(payload)
        version += 1
    return payload


def decode(type_: str, version: int, payload: str, game_adapter: Any,
           latest: Callable[[str], int],
           upcasters: Mapping[tuple[str, int], Upcaster]) -> Event:
    """Parse a stored payload into its event, upcasting an old version first."""
    kernel = KERNEL_EVENTS.get(type_)
    if kernel is not None:
        return kernel.model_validate_json(payload)
    newest = latest(type_)
    if version == newest:
        event: Event = game_adapter.validate_json(payload)
        return event
    data = upcast(type_, version, json.loads(payload), newest, upcasters)
    upcasted: Event = game_adapter.validate_python(data)
    return upcasted
