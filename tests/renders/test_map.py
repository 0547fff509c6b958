"""The map picture: deterministic, golden, and changing where the board changes."""

from __future__ import annotations

import copy
import io
import os
from collections.abc import Callable
from pathlib import Path

import PIL
import pytest
from PIL import Image, ImageChops, features

from engine.games.gandhi.derived import board
from engine.games.gandhi.pieces import TROOPS
from engine.games.gandhi.state import GandhiState, SpaceState
from renders.gandhi.layout import check_layout, load_layout
from renders.gandhi.map import map_image, render_map
from tests.renders.positions import crowded_state, setup_state

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("RENDERS_UPDATE_GOLDEN") == "1"  # regenerate the golden files
PILLOW = f"pillow {PIL.__version__}, freetype {features.version('freetype2')}"


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_same_state_gives_the_same_bytes() -> None:
    state = setup_state("short")
    assert render_map(state) == render_map(copy.deepcopy(state))


def test_the_picture_is_a_png_about_1600_pixels_wide_and_small_enough() -> None:
    png = render_map(setup_state("main"))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (1600, 1200)
    assert len(png) < 1_500_000


GOLDENS: dict[str, tuple[Callable[[], GandhiState], str]] = {
    "short-setup": (lambda: setup_state("short"), "en"),
    "main-setup": (lambda: setup_state("main"), "en"),
    # the tightest corners of the map filled, in Spanish: plates moved aside, Railway
    # plates named, "10" clear of the next sprite, our Spanish card and Viceroy texts
    "main-crowded-es": (crowded_state, "es"),
}


@pytest.mark.parametrize("name", list(GOLDENS))
def test_the_picture_matches_the_golden_picture(name: str) -> None:
    """Pixel-exact with the Pillow and FreeType the goldens were made with; elsewhere
    text may be rasterised a little differently, so only a few pixels may differ."""
    path, version = GOLDEN / f"{name}.png", GOLDEN / "VERSIONS.txt"
    make, lang = GOLDENS[name]
    png = render_map(make(), lang)
    if UPDATE:
        path.write_bytes(png)
        version.write_text(PILLOW + "\n")
        pytest.skip("golden picture written")
    golden, actual = _image(path.read_bytes()), _image(png)
    assert golden.size == actual.size
    diff = ImageChops.difference(golden, actual).convert("L")
    if version.read_text().strip() == PILLOW:
        assert diff.getbbox() is None, f"{name} differs from {path} " \
            "(if the change is intended: RENDERS_UPDATE_GOLDEN=1 pytest tests/renders)"
    else:
        changed = sum(diff.point(lambda v: 255 if v > 48 else 0).histogram()[255:])
        assert changed < 0.002 * golden.width * golden.height


def _region(image: Image.Image, space: str) -> Image.Image:
    points = load_layout().polygons[space]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return image.crop((min(xs), min(ys), max(xs), max(ys)))


def test_a_piece_changes_the_picture_in_its_space_only() -> None:
    before = setup_state("short")
    after = copy.deepcopy(before)
    after.spaces.setdefault("sind", SpaceState()).add(TROOPS, 1)
    old, new = map_image(before), map_image(after)
    assert ImageChops.difference(_region(old, "sind"), _region(new, "sind")).getbbox()
    for elsewhere in ("madras_presidency", "assam", "mysore"):
        assert not ImageChops.difference(_region(old, elsewhere),
                                         _region(new, elsewhere)).getbbox()


def test_a_marker_shows_in_its_space() -> None:
    before = setup_state("short")
    after = copy.deepcopy(before)
    after.spaces.setdefault("mysore", SpaceState()).protest = True
    diff = ImageChops.difference(map_image(before), map_image(after))
    box = diff.crop((0, 0, load_layout().map_width, load_layout().height)).getbbox()
    points = load_layout().polygons["mysore"]
    assert box is not None
    assert min(x for x, _ in points) <= box[0] and box[2] <= max(x for x, _ in points)


@pytest.mark.parametrize("gujarat", ["princely_state", "province"])
def test_the_layout_places_every_space_and_town(gujarat: str) -> None:
    state = setup_state("short")
    state.options["gujarat"] = gujarat
    check_layout(load_layout(), board(state))


def test_each_language_draws_its_own_words() -> None:
    state = setup_state("main")
    pictures = {lang: render_map(state, lang) for lang in ("en", "es", "it")}
    assert len(set(pictures.values())) == 3
