"""Pieces move once (COIN 3.1.2): an Operation that moves pieces in several steps keeps,
in its step data, the pieces that have arrived where, so they are not moved again."""

from __future__ import annotations

from typing import Any

from engine.coin.state import CoinState

Arrived = dict[str, dict[str, int]]   # space -> kind -> pieces that arrived there


def unmoved(state: CoinState[Any], arrived: Arrived, sid: str, kind: str) -> int:
    """The pieces of ``kind`` in ``sid`` that may still move."""
    return int(state.space(sid).count(kind)) - arrived.get(sid, {}).get(kind, 0)


def arrive(arrived: Arrived, sid: str, kind: str, n: int) -> Arrived:
    """``arrived`` with ``n`` more pieces of ``kind`` in ``sid`` (a new mapping)."""
    out = {k: dict(v) for k, v in arrived.items()}
    here = out.setdefault(sid, {})
    here[kind] = here.get(kind, 0) + n
    return out
