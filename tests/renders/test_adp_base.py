"""A Distant Plain's base map picture (renders/adp): deterministic, golden, spaces that
touch on the picture adjacent in the game, and no label overlapping another, cut, out of
its space or crossed by a road (as tests/renders/test_overlaps.py checks Gandhi's map)."""

from __future__ import annotations

import dataclasses
import io
import os
from itertools import combinations
from pathlib import Path

import PIL
import pytest
from PIL import Image, ImageChops, features

from engine.games.adp.mapdata import Map, default_map
from renders.adp.base import NAME_MIN, Label, base_image, base_map, labels, words_of
from renders.adp.layout import Box, Layout, LayoutError, check_layout, load_layout, parse_layout
from renders.fonts import Face, missing_glyphs

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("RENDERS_UPDATE_GOLDEN") == "1"  # regenerate the golden files
PILLOW = f"pillow {PIL.__version__}, freetype {features.version('freetype2')}"
LANGS = ("en", "es", "it")
MARGIN = 4     # a space's label keeps this far from its borders
ROAD_PAD = 6   # and this far from a road's centre line (the road is 9 pixels wide)


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _within(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and \
        inner[3] <= outer[3]


def _in_space(layout: Layout, space: str, box: Box) -> bool:
    n, cells = layout.cell, layout.cells[space]
    left, top, right, bottom = (box[0] - MARGIN, box[1] - MARGIN, box[2] + MARGIN,
                                box[3] + MARGIN)
    return all((col, row) in cells for col in range(left // n, (right - 1) // n + 1)
               for row in range(top // n, (bottom - 1) // n + 1))


def _road_crosses(layout: Layout, board: Map, box: Box) -> list[str]:
    left, top, right, bottom = (box[0] - ROAD_PAD, box[1] - ROAD_PAD, box[2] + ROAD_PAD,
                                box[3] + ROAD_PAD)
    out = []
    for loc in board.locs:
        path = layout.loc_path(board, loc)
        for (ax, ay), (bx, by) in zip(path, path[1:], strict=False):
            steps = max(abs(bx - ax), abs(by - ay), 1)
            if any(left <= ax + (bx - ax) * i / steps <= right and
                   top <= ay + (by - ay) * i / steps <= bottom for i in range(steps + 1)):
                out.append(loc)
                break
    return out


def problems(layout: Layout, board: Map, found: list[Label]) -> list[str]:
    """Everything wrong with the labels of a base map, in words."""
    out = []
    marks = [lb for lb in found if lb.kind != "box"]
    out += [f"{a.owner} {a.kind} {a.text!r} overlaps {b.owner} {b.kind} {b.text!r}"
            for a, b in combinations(marks, 2) if _overlap(a.box, b.box)]
    canvas = (0, 0, layout.width, layout.height)
    for lb in found:
        if not _within(lb.box, canvas):
            out.append(f"{lb.owner} {lb.kind} {lb.text!r} leaves the picture: {lb.box}")
        if lb.text.endswith("…"):
            out.append(f"{lb.owner} {lb.kind} {lb.text!r} is cut")
        if lb.owner in board.spaces:
            if not _in_space(layout, lb.owner, lb.box):
                out.append(f"{lb.owner} {lb.kind} {lb.text!r} is not inside its space")
            if lb.kind != "hub":   # Kabul's hub is where its roads meet
                out += [f"{lb.owner} {lb.kind} {lb.text!r} is crossed by {loc}"
                        for loc in _road_crosses(layout, board, lb.box)]
            if lb.kind == "name" and lb.size < NAME_MIN:
                out.append(f"{lb.owner}: name in {lb.size} pixels")
    boxes = [lb.box for lb in found if lb.kind == "box"]
    for lb in found:   # a track's words stay in its box
        if lb.owner == "panel" and lb.kind in ("text", "range"):
            inside = [b for b in boxes if _overlap(lb.box, b)]
            if inside and not all(_within(lb.box, b) for b in inside):
                out.append(f"panel text {lb.text!r} leaves its box")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_label_overlaps_is_cut_leaves_its_space_or_is_crossed_by_a_road(lang: str) -> None:
    layout, board = load_layout(), default_map()
    found = labels(layout, board, lang)
    assert {lb.owner for lb in found if lb.kind == "name"} == set(board.spaces)
    assert {lb.owner for lb in found if lb.kind == "econ" and lb.owner != "key"} == \
        set(board.locs)
    assert problems(layout, board, found) == []


def test_the_check_sees_a_label_moved_onto_another_or_out_of_its_space() -> None:
    layout, board = load_layout(), default_map()
    moved = dataclasses.replace(layout, labels={**layout.labels,
                                                "konduz": layout.labels["balkh"]})
    wrong = problems(moved, board, labels(moved, board))
    assert any("konduz" in w and "overlaps" in w for w in wrong)
    assert any(w.startswith("konduz") and "not inside its space" in w for w in wrong)
    crossed = dataclasses.replace(layout, labels={**layout.labels, "farah": (125, 560)})
    assert any("crossed by loc_toraghondi_farah" in w
               for w in problems(crossed, board, labels(crossed, board)))


def test_spaces_touching_on_the_picture_are_adjacent_in_the_game() -> None:
    """1.3.6.  And every pair adjacent in the game touches on the picture, except Balkh
    and Baghlan, which meet only at the Town of Aibak (the Kabul-Aibak LoC between)."""
    layout, board = load_layout(), default_map()
    check_layout(layout, board)
    adjacent = {frozenset((a, b)) for a in board.spaces for b in board.adjacency[a]
                if b in board.spaces}
    assert adjacent - layout.touching() == {frozenset(("balkh", "baghlan"))}


def test_the_layout_refuses_kabul_touching_ghazni() -> None:
    """Kabul and Ghazni are not adjacent (public facts §1.1); a grid making them touch is
    refused."""
    import tomllib

    from renders.adp.layout import LAYOUT_PATH

    with LAYOUT_PATH.open("rb") as handle:
        data = tomllib.load(handle)
    grid = data["canvas"]["grid"]
    row = next(i for i, line in enumerate(grid) if "G" in line)   # Ghazni's top row
    for above in (row - 2, row - 1):                              # Bamian's foot -> Kabul
        grid[above] = grid[above].replace("MMMMM", "KKKKK")
    with pytest.raises(LayoutError, match="touch on the picture but are not adjacent"):
        check_layout(parse_layout(data), default_map())


def test_every_road_runs_from_its_ends_and_every_town_has_a_dot() -> None:
    layout, board = load_layout(), default_map()
    for loc_id, loc in board.locs.items():
        path = layout.loc_path(board, loc_id)
        assert path[0] == layout.end(loc.ends[0]) and path[-1] == layout.end(loc.ends[1])
    assert set(layout.towns) == set(board.towns)


def test_the_same_map_gives_the_same_bytes_and_a_phone_sized_picture() -> None:
    png = base_map("en")
    base_image.cache_clear()
    assert base_map("en") == png
    image = _image(png)
    assert image.size == (1000, 1250) and len(png) < 400_000


@pytest.mark.parametrize("lang", LANGS)
def test_the_base_map_matches_the_golden_picture(lang: str) -> None:
    """Pixel-exact with the Pillow and FreeType the goldens were made with; elsewhere text
    may be rasterised a little differently, so only a few pixels may differ."""
    path, version = GOLDEN / f"adp-base-{lang}.png", GOLDEN / "VERSIONS.txt"
    png = base_map(lang)
    if UPDATE or not path.exists():
        path.write_bytes(png)
        pytest.skip("golden picture written")
    golden, actual = _image(path.read_bytes()), _image(png)
    assert golden.size == actual.size
    diff = ImageChops.difference(golden, actual).convert("L")
    if version.read_text().strip() == PILLOW:
        assert diff.getbbox() is None, f"{path} differs " \
            "(if the change is intended: RENDERS_UPDATE_GOLDEN=1 pytest tests/renders)"
    else:
        changed = sum(diff.point(lambda v: 255 if v > 48 else 0).histogram()[255:])
        assert changed < 2000, f"{path}: {changed} pixels differ"


def test_every_label_has_its_glyphs() -> None:
    board = default_map()
    text = "".join(s.name for s in board.spaces.values())
    text += "".join(v for lang in ("en", "es", "it") for v in words_of(lang).values())
    text += "–>0123456789"
    assert not missing_glyphs(text, Face.CONDENSED_BOLD)
    assert not missing_glyphs(text, Face.CONDENSED)
