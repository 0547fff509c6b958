"""The Asia Crossroads map picture: deterministic, golden, marked house, and drawn per
seat (another side's treasury is "?")."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import renders
from renders.asia_crossroads.map import render_map
from renders.fonts import Face, missing_glyphs
from tests.games.asia_crossroads.helpers import RULES, setup_state

renders.load()
GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("RENDERS_UPDATE_GOLDEN") == "1"


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize(("name", "seat", "lang"), [("asia-great-game", None, "en"),
                                                     ("asia-great-game-british-es",
                                                      "british", "es")])
def test_the_asia_map_matches_the_golden_picture(name: str, seat: str | None,
                                                 lang: str) -> None:
    """Pixel-exact where the goldens were made; a few pixels may differ elsewhere."""
    png = render_map(RULES.view(setup_state("great_game"), seat), lang)
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        path.write_bytes(png)
    if png == path.read_bytes():
        return
    diff = ImageChops.difference(_image(png), _image(path.read_bytes())).getbbox()
    changed = 0 if diff is None else sum(
        1 for p in ImageChops.difference(_image(png), _image(path.read_bytes())).getdata()
        if p != (0, 0, 0))
    assert changed < 2000, f"{name}: {changed} pixels differ from the golden picture"


def test_the_same_state_gives_the_same_bytes_and_a_phone_sized_picture() -> None:
    state = setup_state("great_game")
    png = render_map(state)
    assert png == render_map(setup_state("great_game"))
    assert _image(png).size[0] == 1024 and len(png) < 400_000


def test_a_seat_sees_its_own_treasury_only_in_the_picture() -> None:
    state = setup_state("great_game")
    own = render_map(RULES.view(state, "british"))
    state.treasury["russian"] = 77
    assert render_map(RULES.view(state, "british")) == own


def test_every_asia_label_has_its_glyphs() -> None:
    from engine.i18n import catalogue
    for lang in ("en", "es", "it"):
        text = "".join(v for k, v in catalogue(lang).items() if k.startswith("asia."))
        assert not missing_glyphs(text + "★£·", Face.BOLD)
