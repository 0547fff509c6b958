"""``courier render``, ``digest`` and ``replay`` through the command line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main as courier
from engine.service import Service
from engine.store import Store
from tests.renders.positions import play_declining


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "games.db"
    store = Store(path)
    play_declining(Service(store), "short", "g")
    store.close()
    return path


def picture(path: Path) -> Image.Image:
    return Image.open(io.BytesIO(path.read_bytes()))


def test_render_writes_the_map(db: Path, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "map.png"
    assert courier(["--db", str(db), "render", "g", "--at", "40", "--lang", "es",
                    "--out", str(out)]) == 0
    assert picture(out).size == (1600, 1200)
    assert str(out) in capsys.readouterr().out


def test_digest_prints_what_happened(db: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "digest.png"
    assert courier(["--db", str(db), "digest", "g", "--at", "60", "--out", str(out)]) == 0
    assert "• " in capsys.readouterr().out and picture(out).format == "PNG"


def test_replay_writes_an_animation_and_a_single_turn(db: Path, tmp_path: Path) -> None:
    anim, one = tmp_path / "r.gif", tmp_path / "t.png"
    assert courier(["--db", str(db), "replay", "g", "--from", "1", "--to", "3",
                    "--out", str(anim)]) == 0
    assert getattr(picture(anim), "n_frames", 1) == 3
    assert courier(["--db", str(db), "replay", "g", "--turn", "2", "--out", str(one)]) == 0
    assert picture(one).format == "PNG"


def test_a_turn_out_of_range_is_refused(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert courier(["--db", str(db), "replay", "g", "--turn", "999"]) == 2
    assert "999" in capsys.readouterr().err
