"""A writer process for the race and crash tests: acts on one toy game in a loop."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import tests.toy  # noqa: F401
from engine.core.messages import Conflict
from engine.service import Service
from engine.store import open_store


def main(db: str, game: str, user: str, count: int, seed: int) -> int:
    """Append ``count`` actions; returns how many times another writer got there first."""
    service = Service(open_store(db))
    rng = random.Random(seed)
    go = os.environ.get("COURIER_TEST_GO")
    if go:
        Path(f"{go}.{user}").touch()      # up, and waiting for the start
    while go and not Path(go).exists():  # start together with the other writers
        time.sleep(0.005)
    done = conflicts = 0
    while done < count:
        state = service.kernel_state(game)  # decide against a known head, as a button would
        seat = sorted(service.ruleset_of(game).active_seats(state.game))[0]
        texts = service.ruleset_of(game).legal_actions(state.game, seat).texts()
        try:
            service.act(game, seat, user, rng.choice(texts), expected_head=state.seq)
        except Conflict:
            conflicts += 1
            print("conflict", flush=True)
            continue  # someone else appended first: look again
        done += 1
        print(done, flush=True)
    return conflicts


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
