"""A whole Short-scenario game in which every Faction always passes (issue: Gandhi core).

Driven through the service, and once through the ``courier`` command.  Passing is the
only card choice; at Campaign decisions every Faction declines (done / skip)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.games
from bot.cli import main as courier
from engine.games.gandhi.events import CampaignBegan, ResourcesSet, TrackSet, ViceroyChanged
from engine.service import Service

engine.games.load()
DECLINE = ("pass", "done", "skip")


def decline(texts: list[str]) -> str:
    return next(t for t in DECLINE if t in texts)


def test_whole_short_game_of_passes_through_the_service(service: Service) -> None:
    game = service.create_game("gandhi", "short")
    start = service.kernel_state(game).game
    viceroy, resources = start.viceroy, dict(start.resources)
    while service.active(game):
        seat = next(iter(service.active(game)))
        service.act(game, seat, None, decline(service.legal(game, seat).texts()))
    events = [r.event for r in service.records(game)]
    state = service.kernel_state(game).game
    campaigns = [e for e in events if isinstance(e, CampaignBegan)]
    assert [c.number for c in campaigns] == [1, 2, 3]          # three Campaign Rounds
    viceroys = [e.card for e in events if isinstance(e, ViceroyChanged)]
    assert len(viceroys) == 2 and viceroy not in viceroys       # the final Round ends first
    assert viceroys == [c.card for c in campaigns[:2]]
    resets = [(e.track, e.value) for e in events if isinstance(e, TrackSet)]
    assert ("restraint", 2) in resets and ("unity", 1) in resets   # 6.5 step 4
    assert state.resources["raj"] > resources["raj"]               # passes and earnings
    assert any(isinstance(e, ResourcesSet) and e.faction == "revolutionaries" for e in events)
    assert state.result is not None and state.result["reason"] == "final_campaign"
    assert sorted(state.result["ranking"]) == sorted(start.eligible)
    assert service.verify(game).ok
    assert service.records(game)[-1].type == "SecretRevealed"


def run(capsys: pytest.CaptureFixture[str], db: Path, *args: str) -> str:
    assert courier(["--db", str(db), *args]) == 0
    return capsys.readouterr().out


def test_whole_short_game_of_passes_through_courier(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    db = tmp_path / "cli.db"
    run(capsys, db, "new", "gandhi", "--scenario", "short", "--game", "g")
    for _ in range(1000):
        if courier(["--db", str(db), "legal", "g"]) != 0:
            # legal on a finished game refuses, saying so and giving the ranking
            assert "This game is over. Ranking: " in capsys.readouterr().err
            break
        capsys.readouterr()
        (decision,) = json.loads(run(capsys, db, "legal", "g", "--json"))   # one seat decides
        texts = [choice["text"] for choice in decision["choices"]]
        run(capsys, db, "act", "g", decision["seat"], decline(texts))
    shown = run(capsys, db, "show", "g")
    assert "Game over. Ranking:" in shown and "Campaign Rounds played: 3" in shown
    assert "check out" in run(capsys, db, "verify", "g")
