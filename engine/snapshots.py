"""Snapshots: a folded state as JSON, a cache that is never the record (DESIGN.md §4).

The game's part comes from its ruleset (``dump_state``/``load_state``); the kernel's part
(batches within undo's reach, an open undo request, the creation and reveal events) is
written here.  The store keeps only the newest few per game.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.events import GameCreated, SecretRevealed
from engine.core.fold import Batch, KernelState, UndoRequest
from engine.core.ruleset import Ruleset

KEEP = 3  # snapshots kept per game: the newest


def dumps(ruleset: Ruleset[Any], state: KernelState) -> bytes:
    request = state.undo_request
    data = {
        "game": ruleset.dump_state(state.game), "seq": state.seq,
        "created": None if state.created is None else state.created.model_dump(mode="json"),
        "batches": [[b.seq, b.seat, b.user, b.barrier] for b in state.batches],
        "undo": None if request is None else {
            "seq": request.seq, "seat": request.seat, "to_seq": request.to_seq,
            "needs": sorted(request.needs), "approved": sorted(request.approved)},
        "revealed": None if state.revealed is None else state.revealed.model_dump(mode="json"),
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()


def loads(ruleset: Ruleset[Any], raw: bytes) -> KernelState:
    data = json.loads(raw)
    undo = data["undo"]
    return KernelState(
        game=ruleset.load_state(data["game"]), seq=data["seq"],
        created=None if data["created"] is None else GameCreated.model_validate(data["created"]),
        batches=[Batch(seq, seat, user, barrier) for seq, seat, user, barrier in data["batches"]],
        undo_request=None if undo is None else UndoRequest(
            undo["seq"], undo["seat"], undo["to_seq"], set(undo["needs"]),
            set(undo["approved"])),
        revealed=None if data["revealed"] is None else SecretRevealed.model_validate(
            data["revealed"]))
