"""A reader process for the outbox test: sends (prints) the notices it claims."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from engine.store import open_store


def main(db: str, reader: str, name: str) -> None:
    store = open_store(db)
    go = os.environ["COURIER_TEST_GO"]
    Path(f"{go}.{name}").touch()
    while not Path(go).exists():
        time.sleep(0.005)
    while notices := store.notices(reader, "9999"):
        for notice in notices:
            if store.claim(reader, notice):
                print(notice.id, flush=True)     # "sent"
            store.acknowledge(reader, notice)
    store.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
