"""Turn digest and replay: smoke tests on real games."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engine.games.gandhi.derived import board
from engine.games.gandhi.events import (
    CampaignBegan,
    CardTurnBegan,
    MarkerSet,
    PiecesPlaced,
    PiecesRemoved,
    SupportShifted,
)
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.ruleset import Gandhi
from engine.service import Service
from renders.fonts import Face, font
from renders.gandhi import style
from renders.gandhi.digest import (
    CAPTION_LINES,
    CAPTION_SIZE,
    caption_lines,
    changed_spaces,
    changes,
    render_digest,
)
from renders.gandhi.layout import load_layout
from renders.gandhi.map import map_image
from renders.gandhi.replay import render_frame, render_replay
from renders.gandhi.timeline import Frame, caption, frames_of
from tests.renders.positions import play_declining, service, setup_state


@pytest.fixture(scope="module")
def game() -> tuple[Service, str]:
    s = service()
    return s, play_declining(s, "short", "replay")


@pytest.fixture(scope="module")
def frames(game: tuple[Service, str]) -> list[Frame]:
    s, g = game
    return frames_of(Gandhi(), s.records(g))


def test_one_frame_for_the_setup_each_card_and_each_campaign(
        game: tuple[Service, str], frames: list[Frame]) -> None:
    s, g = game
    events = [r.event for r in s.records(g)]
    cards = sum(isinstance(e, CardTurnBegan) for e in events)
    campaigns = sum(isinstance(e, CampaignBegan) for e in events)
    assert len(frames) == 1 + cards + campaigns
    assert frames[0].card is None and frames[-1].campaign == campaigns
    assert frames[-1].state.result is not None


def test_captions_name_the_turn_card_and_campaign(frames: list[Frame]) -> None:
    total = len(frames)
    assert caption(frames[0], 0, total, "en").startswith(f"Turn 0 of {total - 1} · Setup")
    assert f"Card {frames[1].card}:" in caption(frames[1], 1, total, "en")
    assert "Campaign Round 3" in caption(frames[-1], total - 1, total, "en")
    assert "Ronda de Campaña 3" in caption(frames[-1], total - 1, total, "es")


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_the_replay_is_an_animation_with_a_frame_per_turn(frames: list[Frame],
                                                          fmt: str) -> None:
    chosen = [(f.state, caption(f, i, len(frames), "en")) for i, f in enumerate(frames)]
    data = render_replay(chosen, fmt, scale=0.2)  # type: ignore[arg-type]
    image = Image.open(io.BytesIO(data))
    assert image.format == fmt.upper() and getattr(image, "is_animated", False)
    assert getattr(image, "n_frames", 1) == len(frames)


def test_auto_keeps_the_smaller_format(frames: list[Frame]) -> None:
    chosen = [(f.state, str(i)) for i, f in enumerate(frames[:4])]
    auto = render_replay(chosen, "auto", scale=0.2)
    assert len(auto) == min(len(render_replay(chosen, "gif", scale=0.2)),
                            len(render_replay(chosen, "webp", scale=0.2)))


def test_a_single_frame_is_a_full_size_png(frames: list[Frame]) -> None:
    image = Image.open(io.BytesIO(render_frame(frames[3].state, "Turn 3", "it")))
    assert image.format == "PNG" and image.width == 1600 and image.height > 1200


def test_the_digest_outlines_changed_spaces_and_tells_who_did_what() -> None:
    before = setup_state("short")
    after = copy.deepcopy(before)
    placed = PiecesPlaced(space="sind", kind="troops", count=1)
    evolve(after, placed)
    assert changed_spaces(before, after) == {"sind"}
    png, text = render_digest(before, after, [placed], "en")
    image = Image.open(io.BytesIO(png))
    assert image.width == 1600 and 1200 < image.height < 1200 + CAPTION_SIZE * 4
    assert "placed 1 Troops in Sind" in text


def test_the_digest_caption_says_what_changed_in_each_space() -> None:
    before = setup_state("short")
    after = copy.deepcopy(before)
    for event in (PiecesPlaced(space="sind", kind="troops", count=2),
                  PiecesRemoved(space="bombay", kind="sepoys", count=1, to="available"),
                  MarkerSet(space="bihar", marker="protest", value=1),
                  MarkerSet(space="rail_delhi_ganges", marker="strike", value=1),
                  SupportShifted(space="punjab", level=-2, before=before.space("punjab").support)):
        evolve(after, event)
    assert changes(before, after, "en") == [
        ("Bombay", "−1 Sepoys"), ("Sind", "+2 Troops"), ("Punjab", "Neutral → Active Opposition"),
        ("Bihar", "Protest"), ("Railway Delhi–Allahabad", "Strike")]
    assert ("Bombay", "−1 Cipayos") in changes(before, after, "es")


def test_a_long_caption_counts_the_spaces_it_leaves_out() -> None:
    entries = [(f"Space {i}", "+1 Troops; −2 Sepoys; Passive Support → Active Support")
               for i in range(20)]
    lines = caption_lines(entries, font(CAPTION_SIZE, Face.CONDENSED_BOLD), 1572, "en")
    assert len(lines) == CAPTION_LINES
    last = "".join(text for text, _ in lines[-1])
    assert last.endswith("more spaces") and "…" not in last


def test_a_changed_railway_is_banded_along_its_whole_line() -> None:
    """More than a ring around its Econ badge: both ends of the line are lit."""
    state = setup_state("short")
    plain = map_image(state)
    lit = map_image(state, highlight=frozenset({"rail_delhi_gujarat"}))
    layout = load_layout()
    path = layout.rail_path(board(state), "rail_delhi_gujarat")
    a, b = path[-2:]   # from Delhi's box down to Ahmedabad, past the Econ badge
    for share in (0.45, 0.6, 0.95):
        x, y = round(a[0] + share * (b[0] - a[0])), round(a[1] + share * (b[1] - a[1]))
        near = [lit.getpixel((x + dx, y + dy)) for dx in range(-8, 9) for dy in range(-8, 9)]
        assert style.HIGHLIGHT in near, share
        assert plain.getpixel((x, y)) == lit.getpixel((x, y))   # the track stays on top


def test_the_digest_of_a_card_turn(game: tuple[Service, str], frames: list[Frame]) -> None:
    s, g = game
    before, after = frames[1], frames[2]
    events = s.records(g, after=before.seq, upto=after.seq)
    _, text = render_digest(before.state, after.state, events, "es")
    assert f"▶ Carta {after.card}:" in text
    assert text.count("• ") >= 2 and ": Pasar" in text      # each action in Spanish
