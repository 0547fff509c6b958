"""A Distant Plain's full map (renders/adp/map.py) and its pictures through the service:
golden pictures of each scenario's setup, no missing glyph, and over fuzzed positions no
chip or word overlapping another, cut, off the picture or out of its space, and every
piece counted (DESIGN.md §6, §9)."""

from __future__ import annotations

import io
import os
import pickle
from collections import Counter
from itertools import combinations
from pathlib import Path

import PIL
import pytest
from PIL import Image, ImageChops, features

from bot.cli import main as courier
from engine.games.adp.derived import faction_pieces
from engine.games.adp.mapdata import default_map
from engine.games.adp.spec import FACTIONS
from engine.games.adp.state import AdpState
from engine.games.adp.turn import card_label
from engine.i18n import catalogue, t
from engine.pictures import pictures_of
from engine.service import Service
from engine.store import Store
from renders.adp.layout import Box, load_layout
from renders.adp.map import STRIP, Placement, chips_of, map_image, place, render_map
from renders.fonts import Face, missing_glyphs
from tests.renders.adp_positions import SCENARIOS, fuzzed_states, setup_state

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("RENDERS_UPDATE_GOLDEN") == "1"  # regenerate the golden files
PILLOW = f"pillow {PIL.__version__}, freetype {features.version('freetype2')}"
LANGS = ("en", "es", "it")
# Fixed cards for the golden pictures, so they do not depend on the shuffle.
GOLDEN_CARDS = {"short": ("5", "27"), "main": ("37", "68"), "extended": ("70", "35")}
DECLINE = ("pass", "done", "skip")


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _within(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and \
        inner[3] <= outer[3]


def golden_state(scenario: str) -> AdpState:
    state = setup_state(scenario)
    state.current, state.upcoming = GOLDEN_CARDS[scenario]
    return state


def problems(state: AdpState, found: Placement) -> list[str]:
    """Everything wrong with a laid-out map, in words."""
    layout, board = load_layout(), default_map()
    n = layout.cell
    out = [f"{owner}'s chips found no room" for owner in found.unplaced]
    boxes = [(f"{c.owner} {c.kind} {c.text!r}", c.box) for c in found.chips]
    boxes += [(f"{lb.owner} {lb.kind} {lb.text!r}", lb.box) for lb in found.texts
              if lb.kind != "box"]
    out += [f"{a} overlaps {b}" for (a, box_a), (b, box_b) in combinations(boxes, 2)
            if _overlap(box_a, box_b)]
    canvas = (0, 0, layout.width, layout.height + STRIP)
    out += [f"{name} leaves the picture: {box}" for name, box in boxes
            if not _within(box, canvas)]
    out += [f"{lb.owner} {lb.text!r} is cut" for lb in found.texts if lb.text.endswith("…")]
    frames = [lb.box for lb in found.texts if lb.kind == "box"]
    for lb in found.texts:   # a track's words stay in its box
        inside = [b for b in frames if _overlap(lb.box, b)]
        if inside and not all(_within(lb.box, b) for b in inside):
            out.append(f"panel text {lb.text!r} leaves its box")
    for chip in found.chips:
        if chip.owner in board.spaces and chip.box[1] < layout.map_height:
            cells = layout.cells[chip.owner]
            left, top, right, bottom = chip.box
            if not all((col, row) in cells for col in range(left // n, (right - 1) // n + 1)
                       for row in range(top // n, (bottom - 1) // n + 1)):
                out.append(f"{chip.owner} {chip.kind} chip is not inside its space")
    counted: Counter[tuple[str, str]] = Counter()
    for chip in found.chips:
        if chip.text.isdigit():
            counted[chip.owner, chip.kind] += int(chip.text)
    for place_id in (*board.spaces, *board.locs):
        space = state.space(place_id)
        by_faction = {f: faction_pieces(space, f) for f in FACTIONS}
        for faction, total in by_faction.items():
            shown = counted[place_id, faction] + sum(
                v for (o, k), v in counted.items() if o == place_id and k != faction
                and k.split("_")[0] == faction or o == place_id and k == "police"
                and faction == "government")
            if shown != total:
                out.append(f"{place_id}: {total} {faction} pieces, {shown} shown")
    return out


@pytest.fixture(scope="module")
def positions() -> list[AdpState]:
    return fuzzed_states(6, 40, 500)


def test_fuzzed_positions_have_no_overlap_cut_or_missing_piece(
        positions: list[AdpState]) -> None:
    """Each position in one of the three languages, in turn."""
    assert len(positions) > 50 and {s.scenario for s in positions} == set(SCENARIOS)
    found = {}
    for i, state in enumerate(positions):
        wrong = problems(state, place(state, LANGS[i % len(LANGS)]))
        if wrong:
            found[i] = wrong[:5]
    assert found == {}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_setup_is_laid_out_cleanly(scenario: str) -> None:
    for lang in LANGS:
        state = golden_state(scenario)
        assert problems(state, place(state, lang)) == []


def test_the_check_sees_a_chip_moved_onto_a_word() -> None:
    state = golden_state("short")
    found = place(state, "en")
    chip = found.chips[0]
    found.chips[0] = type(chip)(chip.owner, chip.kind, chip.text, chip.fill, chip.ink,
                                chip.shape, found.texts[3].box)
    assert any("overlaps" in w for w in problems(state, found))


def test_the_map_shows_what_changed_and_is_the_same_bytes_each_time() -> None:
    state = golden_state("main")
    png = render_map(state, "en")
    assert render_map(state, "en") == png and len(png) < 600_000
    assert _image(png).size == (1000, load_layout().height + STRIP)
    lit = _image(render_map(state, "en", frozenset({"kabul", "loc_kabul_tor_kham"})))
    assert ImageChops.difference(lit, _image(png)).getbbox() is not None


def test_a_crowded_place_is_listed_under_the_map() -> None:
    """Pieces that find no room in their space are shown in the strip, after its name."""
    state = golden_state("short")
    found = place(state, "en")
    assert found.crowded and not found.unplaced
    names = {lb.text for lb in found.texts if lb.owner == "callout"}
    assert all(default_map().name(owner) + ":" in names for owner in found.crowded)
    strip = [c for c in found.chips if c.box[1] >= load_layout().height]
    assert {c.owner for c in strip} == set(found.crowded)
    assert len(strip) == sum(len(chips_of(state, o, "en")) for o in found.crowded)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_setup_matches_the_golden_picture(scenario: str) -> None:
    """Pixel-exact with the Pillow and FreeType the goldens were made with; elsewhere text
    may be rasterised a little differently, so only a few pixels may differ."""
    lang = {"short": "en", "main": "es", "extended": "it"}[scenario]
    path, version = GOLDEN / f"adp-{scenario}-{lang}.png", GOLDEN / "VERSIONS.txt"
    png = render_map(golden_state(scenario), lang)
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


def test_every_word_has_its_glyphs() -> None:
    from engine.games.adp.turn import card as card_of

    board = default_map()
    text = "".join(board.name(p) for p in (*board.spaces, *board.locs))
    for lang in LANGS:
        words = catalogue(lang)
        text += "".join(v for k, v in words.items() if k.startswith("renders.adp."))
        text += "".join(v for k, v in words.items() if k.startswith("adp.value.faction."))
    deck = [str(i) for i in range(1, 200)]
    for card_id in deck:
        try:
            card_of(card_id)
        except (KeyError, ValueError):
            continue
        text += card_label(card_id)
    text += "–—…:/+·0123456789"
    for face in (Face.CONDENSED, Face.CONDENSED_BOLD, Face.BOLD):
        assert not missing_glyphs(text, face), face


# --- the service's and the command line's picture path ---------------------------------

def _decline(texts: list[str]) -> str:
    return next((t for t in DECLINE if t in texts),
                next((t for t in texts if t.startswith("pass")), texts[0]))


def _played(s: Service, game: str, actions: int = 12) -> str:
    s.create_game("adp", "short", game_id=game, seed="renders")
    for _ in range(actions):
        active = sorted(s.active(game))
        if not active:
            break
        s.act(game, active[0], None, _decline(s.legal(game, active[0]).texts()))
    return game


def test_the_service_draws_an_adp_game() -> None:
    """The jobs the Discord and e-mail front-ends send to their process pool."""
    s = Service(Store(":memory:"))
    game = _played(s, "g")
    job = s.map_picture(game, "es")
    assert pickle.loads(pickle.dumps(job)) == job   # it can go to a process pool
    png = s.draw(job)
    assert _image(png).size == (1000, load_layout().height + STRIP)
    digest, text = s.draw(s.digest_picture(game, "en", 1))
    assert _image(digest).format is None or digest[:8] == b"\x89PNG\r\n\x1a\n"
    assert "▶" in text
    assert s.draw(s.focus_picture(game, "it", 1))[:4] == b"\x89PNG"
    frames = s.replay_length(game)
    assert frames >= 2 and len(s.frame_captions(game, "en")) == frames
    assert s.draw(s.frame_picture(game, frames - 1, "en"))[:4] == b"\x89PNG"
    anim, fmt = s.draw(s.replay_picture(game, "en", 0, frames - 1, "gif"))
    assert fmt == "gif" and Image.open(io.BytesIO(anim)).n_frames == frames
    assert pictures_of("adp") is pictures_of("adp")


def test_courier_render_digest_and_replay_an_adp_game(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = Store(db)
    _played(Service(store), "g")
    store.close()
    out = tmp_path / "map.png"
    assert courier(["--db", str(db), "render", "g", "--lang", "it", "--out", str(out)]) == 0
    assert Image.open(out).format == "PNG"
    assert courier(["--db", str(db), "digest", "g", "--out", str(tmp_path / "d.png")]) == 0
    assert courier(["--db", str(db), "replay", "g", "--out", str(tmp_path / "r.gif"),
                    "--format", "gif"]) == 0
    assert Image.open(tmp_path / "r.gif").n_frames >= 2


def test_the_map_image_is_rgb() -> None:
    assert map_image(golden_state("extended"), "en").mode == "RGB"


def test_the_focus_picture_is_the_changed_part_of_the_map(
        positions: list[AdpState]) -> None:
    """Around what changed, at full size (so a phone 400 wide shows it at least at 40 %),
    with the tracks under it; nothing changed: the whole map."""
    from renders.adp.focus import focus_box, focus_image
    from renders.adp.map import changed_places

    before, after = positions[0], positions[1]
    changed = changed_places(before, after)
    assert changed
    box = focus_box(changed)
    assert box is not None and box[2] - box[0] >= 520 - 60 and box[2] - box[0] <= 1000
    image = focus_image(before, after, "en")
    assert image.width <= 1000 and image.height < load_layout().height + STRIP
    whole = focus_image(after, after, "en")
    assert whole.size == (1000, load_layout().height + STRIP)


def test_places_far_apart_are_listed_with_their_chips_now_and_before() -> None:
    from engine.games.adp.state import clone
    from renders.adp.focus import ROWS_WIDTH, focus_image

    before = golden_state("short")
    after = clone(before)
    for place_id in ("herat", "badakhshan", "waziristan"):
        after.writable(place_id).pieces["taliban_active"] = 2
    image = focus_image(before, after, "it")
    assert image.width == ROWS_WIDTH and 3 * 100 < image.height < 3 * 200
    near = clone(before)
    near.writable("helmand").pieces["taliban_active"] = 2
    assert focus_image(before, near, "en").width <= 640


def test_an_ended_game_shows_its_ranking_cleanly() -> None:
    """A short game played to its end: the ranking line joins the strip, nothing overlaps."""
    [*_, last] = fuzzed_states(1, 10_000, 5000, seed="ended")
    assert last.over
    for lang in LANGS:
        found = place(last, lang)
        assert problems(last, found) == []
        ranking = t("renders.adp.map.winner", lang, ranking="").rstrip(": ")
        assert any(lb.text == ranking + ":" for lb in found.texts)
