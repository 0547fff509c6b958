"""Make the pictures in docs/images: ``python -m tests.renders.docs_images``.

- main-setup.png: the Main scenario as set up (Congress in the United Provinces).
- mid-game.png: a Main game played by seeded random legal choices to its second
  Campaign, then a few edits (events, as a manual Event would make) so that every kind of
  marker shows: a Strike, a Muslim State, Unrest, Active Guerrillas, Activists on a
  Railway, Protests, and Crisis.
- digest.png: the turn digest from that game to the edited position: the changed spaces
  outlined (a changed Railway's line banded), under a caption of what changed in each.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

from engine.core.events import Event
from engine.games.gandhi.events import MarkerSet, PiecesPlaced, SupportShifted, TrackSet
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.state import GandhiState
from engine.service import Service
from renders.draw import to_png
from renders.gandhi.digest import digest_image
from renders.gandhi.map import render_map
from tests.renders.positions import service, setup_state

DOCS = Path(__file__).resolve().parents[2] / "docs" / "images"


def random_game(s: Service, seed: int, campaigns: int) -> GandhiState:
    """Seeded random legal play (saying "done" often) until ``campaigns`` have begun."""
    rng = random.Random(seed)
    game = s.create_game("gandhi", "main", game_id="mid", seed=f"mid-{seed}")
    s.act(game, "congress", None, "place United Provinces")
    while (active := sorted(s.active(game))) and s.kernel_state(game).game.campaign < campaigns:
        seat = rng.choice(active)
        texts = s.legal(game, seat).texts()
        if "done" in texts and rng.random() < 0.6:
            s.act(game, seat, None, "done")
            continue
        kind = rng.choice(sorted({t.split()[0] for t in texts}))
        s.act(game, seat, None, rng.choice([t for t in texts if t.split()[0] == kind]))
    state: GandhiState = copy.deepcopy(s.kernel_state(game).game)
    return state


def edits(state: GandhiState) -> list[Event]:
    punjab = state.space("punjab").support
    return [
        MarkerSet(space="rail_calcutta_north_bengal", marker="strike", value=1),
        MarkerSet(space="sind", marker="muslim_state", value=1),
        PiecesPlaced(space="sind", kind="ml_bases", count=1),
        MarkerSet(space="bihar", marker="unrest", value=2),
        PiecesPlaced(space="bihar", kind="guerrillas_active", count=2),
        PiecesPlaced(space="rail_delhi_ganges", kind="congress_activists", count=2),
        MarkerSet(space="bombay_presidency", marker="protest", value=1),
        PiecesPlaced(space="bombay_presidency", kind="ml_activists", count=1),
        SupportShifted(space="punjab", level=-2, before=punjab),
        TrackSet(track="restraint", value=1, before=state.restraint),
        TrackSet(track="unity", value=1, before=state.unity),
    ]


def main() -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    (DOCS / "main-setup.png").write_bytes(render_map(setup_state("main")))
    before = random_game(service(), seed=7, campaigns=2)
    state = copy.deepcopy(before)
    for event in edits(state):
        evolve(state, event)
    (DOCS / "mid-game.png").write_bytes(render_map(state))
    (DOCS / "digest.png").write_bytes(to_png(digest_image(before, state)))


if __name__ == "__main__":
    main()
