"""Sealed values: secrets a log keeps from the other seats until the rules reveal them
(Asia Crossroads 9.0 treasuries, 15.1 secret bids; DESIGN.md §3 ``view``).

A ``Sealed`` value sits inside an event payload.  In full it holds the value, a random
salt and ``digest = sha256([salt, value])``, a commitment; its *public form* keeps only
the digest and the seats it is sealed to.  The hash chain of the log is computed over the
public form of every payload (``public_payload``), so a log whose sealed values were
redacted (``redact_payload``: what an export or a digest given to another seat holds)
still verifies, and a payload without any sealed value -- every Gandhi event -- hashes
exactly as before.  A later event of the game reveals the value together with its salt;
``opens`` checks the reveal against the commitment.  Pure.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict

MARK = "sealed_to"   # the key that tells a sealed value in a JSON payload


class Sealed(BaseModel):
    """A value only ``sealed_to`` may see; ``value`` and ``salt`` are None when redacted."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    sealed_to: list[str]
    digest: str
    value: Any = None
    salt: str | None = None

    @property
    def known(self) -> bool:
        return self.salt is not None

    def visible_to(self, seat: str | None) -> bool:
        return seat is not None and seat in self.sealed_to


def commitment(value: Any, salt: str) -> str:
    text = json.dumps([salt, value], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def seal(value: Any, to: Iterable[str], salt: str) -> Sealed:
    """``value`` sealed to the seats ``to``, committed with ``salt`` (from the Chance)."""
    return Sealed(sealed_to=sorted(to), digest=commitment(value, salt), value=value,
                  salt=salt)


def opens(sealed: Sealed, value: Any, salt: str) -> bool:
    """A revealed ``value`` and ``salt`` are what ``sealed`` committed to."""
    return commitment(value, salt) == sealed.digest


def _walk(data: Any, keep: Any) -> Any:
    if isinstance(data, dict):
        if MARK in data and "digest" in data:
            if keep(data[MARK]):
                return data
            return {"digest": data["digest"], MARK: data[MARK]}
        return {k: _walk(v, keep) for k, v in data.items()}
    if isinstance(data, list):
        return [_walk(v, keep) for v in data]
    return data


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def has_sealed(payload: str) -> bool:
    return f'"{MARK}"' in payload


def public_payload(payload: str) -> str:
    """``payload`` with every sealed value reduced to its digest: what the chain hashes."""
    if not has_sealed(payload):
        return payload
    return _dump(_walk(json.loads(payload), lambda to: False))


def redact_payload(payload: str, seats: Iterable[str] = ()) -> str:
    """``payload`` as ``seats`` may see it: sealed values of other seats reduced to their
    digest (the hash chain is unchanged: it is computed over the public form)."""
    if not has_sealed(payload):
        return payload
    mine = set(seats)
    return _dump(_walk(json.loads(payload), lambda to: bool(mine & set(to))))


def is_redacted(payload: str) -> bool:
    """Some sealed value of ``payload`` has lost its value (a redacted log)."""
    if not has_sealed(payload):
        return False
    found = False

    def look(data: Any) -> None:
        nonlocal found
        if isinstance(data, dict):
            if MARK in data and "digest" in data and data.get("salt") is None:
                found = True
            for v in data.values():
                look(v)
        elif isinstance(data, list):
            for v in data:
                look(v)
    look(json.loads(payload))
    return found
