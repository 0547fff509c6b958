"""``verify``: re-fold a game, check its hash chain and commitment, and re-validate every
logged action against the current rules (DESIGN.md §4).  Reports the first bad ``seq``.

Each logged action is decided again on the state it was taken in.  With the secret seed
(held by the store, or revealed in the log at game end) the dice and cards are drawn
again from the seed; without it they are replayed from the recorded events.  Either way
the events must come out identical.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.core.chance import Chance, ChanceExhausted, ReplayChance
from engine.core.events import (
    GENESIS_HASH,
    KERNEL_EVENTS,
    ActionTaken,
    CardRevealed,
    DieRolled,
    GameCreated,
    Recorded,
    SecretRevealed,
    payload_json,
)
from engine.core.fold import Folder
from engine.core.messages import CourierError
from engine.core.ruleset import NON_PLAYER, Ruleset
from engine.core.seal import Sealed, opens
from engine.randomness import Secret, SeededChance
from engine.store import StoredEvent


@dataclass(frozen=True)
class Report:
    ok: bool
    events: int
    first_bad_seq: int | None = None
    problem: str = ""


def check_chain(rows: Sequence[StoredEvent]) -> Report:
    prev = GENESIS_HASH
    for index, row in enumerate(rows, start=1):
        if row.seq != index:
            return Report(False, len(rows), row.seq, f"expected event {index}, found {row.seq}")
        if row.prev_hash != prev or row.hash != row.expected_hash(prev):
            return Report(False, len(rows), row.seq, "hash chain broken (row altered)")
        prev = row.hash
    return Report(True, len(rows))


def verify(ruleset: Ruleset[Any], rows: Sequence[StoredEvent], secret: Secret | None,
           decode: Any) -> Report:
    """Full check of one game's rows.  ``decode`` turns a row into a ``Recorded``."""
    chain = check_chain(rows)
    if not chain.ok:
        return chain
    records: list[Recorded] = []
    for row in rows:
        try:
            records.append(decode(row))
        except Exception as exc:  # a payload that no longer parses
            return Report(False, len(rows), row.seq, f"cannot read event: {exc}")
    return _replay(ruleset, records, _known_secret(records, secret))


def _known_secret(records: Sequence[Recorded], secret: Secret | None) -> Secret | None:
    revealed = next((r.event for r in records if isinstance(r.event, SecretRevealed)), None)
    if isinstance(revealed, SecretRevealed):
        return Secret(revealed.seed, revealed.salt, list(revealed.deck))
    return secret if secret is not None and secret.seed else None


def _replay(ruleset: Ruleset[Any], records: Sequence[Recorded], secret: Secret | None
            ) -> Report:
    total = len(records)
    if not records or not isinstance(records[0].event, GameCreated):
        return Report(False, total, 1, "the log does not start with GameCreated")
    created = records[0].event
    if secret is not None and secret.commitment() != created.commitment:
        return Report(False, total, 1, "the revealed seed and deck do not match the commitment")
    problem = _check_setup(ruleset, created, records, secret)
    if problem:
        return Report(False, total, 2, problem)
    folder = Folder(ruleset)
    index = 0
    while index < total:
        record = records[index]
        try:
            if isinstance(record.event, ActionTaken):
                batch = _batch(records, index)
                problem = _check_action(ruleset, folder, batch, secret)
                if problem:
                    return Report(False, total, record.seq, problem)
                folder.apply_all(batch)
                index += len(batch)
            else:
                folder.apply(record)
                index += 1
        except (KeyError, TypeError, ValueError) as exc:
            # an event the current rules cannot fold: an older shape with no upcaster (a
            # pending decision's key its model no longer has, a value of another type)
            return Report(False, total, record.seq, f"cannot replay the event: {exc}")
    return Report(True, total)


def sealed_salts(events: Sequence[Any]) -> list[str]:
    """The salts of the sealed values of ``events``, in the order they were drawn."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, Sealed):
            if value.salt is not None:
                out.append(value.salt)
        elif isinstance(value, BaseModel):
            for name in type(value).model_fields:
                walk(getattr(value, name))
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
    for event in events:
        walk(event)
    return out


def _batch(records: Sequence[Recorded], start: int) -> list[Recorded]:
    batch = [records[start]]
    for record in records[start + 1:]:
        if record.type in KERNEL_EVENTS and record.type != "SecretRevealed":
            break
        batch.append(record)
    return batch


def _check_setup(ruleset: Ruleset[Any], created: GameCreated, records: Sequence[Recorded],
                 secret: Secret | None) -> str:
    if secret is None:
        return ""
    opening = ruleset.setup(created.scenario, created.options, SeededChance(secret, "setup"))
    logged = [r.event for r in records[1:1 + len(opening.events)]]
    if [payload_json(e) for e in opening.events] != [payload_json(e) for e in logged]:
        return "the setup events differ from what the scenario and seed give"
    if list(opening.deck) != secret.deck:
        return "the deck order differs from what the seed gives"
    return ""


def _check_action(ruleset: Ruleset[Any], folder: Folder, batch: Sequence[Recorded],
                  secret: Secret | None) -> str:
    taken = batch[0].event
    assert isinstance(taken, ActionTaken)
    state = folder.state.game
    text = taken.canonical
    if text is None:
        return f"the sealed action of {taken.seat} is redacted: it cannot be re-validated"
    if taken.secret is not None and not opens(taken.secret, text, taken.secret.salt or ""):
        return f"the sealed action of {taken.seat} does not match its commitment"
    try:  # a text of an older ruleset is read as the one choice it names or begins
        action = ruleset.parse(state, taken.seat, text, legacy=True)
    except CourierError:  # out of turn, or not allowed by the current rules
        return f"“{text}” is not legal for {taken.seat} under the current rules"
    logged = [r.event for r in batch[1:] if not isinstance(r.event, SecretRevealed)]
    chance: Chance
    if secret is not None:
        chance = SeededChance(secret, str(batch[0].seq - 1))
    else:
        chance = ReplayChance([e.value for e in logged if isinstance(e, DieRolled)],
                              {e.index: e.card for e in logged if isinstance(e, CardRevealed)},
                              sealed_salts(logged))
    try:
        if batch[0].actor_user == NON_PLAYER:
            return _check_bot(ruleset, state, taken.seat, text, action, logged, chance)
        again = ruleset.decide(state, taken.seat, action, chance)
    except ChanceExhausted as exc:
        return f"the action needs randomness that was not recorded ({exc})"
    if [payload_json(e) for e in again] != [payload_json(e) for e in logged]:
        return f"“{taken.text}” now gives different events than were logged"
    return ""


def _check_bot(ruleset: Ruleset[Any], state: Any, seat: str, text: str, action: Any,
               logged: Sequence[Any], chance: Chance) -> str:
    """A bot's command: the policy decides again (its dice from the same ``chance``) and
    must choose the same action with the same reasons, then the rules the same events."""
    found = ruleset.policy(state, seat, chance)
    if found is None:
        return "the game's bots are gone"
    chosen, pre = found
    if chosen.text != text:
        return f"the bot now chooses “{chosen.text}”, not “{text}”"
    work = ruleset.clone(state)
    for event in pre:
        work = ruleset.evolve(work, event)
    again = [*pre, *ruleset.decide(work, seat, action, chance)]
    if [payload_json(e) for e in again] != [payload_json(e) for e in logged]:
        return f"the bot's “{text}” now gives different events than were logged"
    return ""
