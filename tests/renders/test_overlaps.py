"""No two boxes of the map overlap, no label is cut and no count touches an icon, over the
positions of a few dozen fuzzed games (DESIGN.md section 9).  The map is laid out, not
drawn (``renders.gandhi.placement`` gives the boxes the map draws), so this takes a few
seconds."""

from __future__ import annotations

import copy
from itertools import combinations

import pytest

from engine.games.gandhi.pieces import GUERRILLAS_ACTIVE, ML_ACTIVISTS, TROOPS
from engine.games.gandhi.state import GandhiState, SpaceState
from renders.gandhi.layout import Box, load_layout
from renders.gandhi.legend import title_lines
from renders.gandhi.placement import Placement, on_map, overlap, place
from tests.renders.positions import fuzzed_states, setup_state

LANGS = ("en", "es", "it")
GAMES, EVERY = 24, 60   # 24 games (every scenario and seating twice), a position each 60 actions


@pytest.fixture(scope="module")
def positions() -> list[GandhiState]:
    return fuzzed_states(GAMES, EVERY)


def problems(placement: Placement) -> list[str]:
    """Everything wrong with a laid-out map, in words."""
    out = [f"{a} overlaps {b}" for (a, box_a), (b, box_b)
           in combinations(placement.boxes(), 2) if overlap(box_a, box_b)]
    layout = load_layout()
    for plate in placement.plates:
        if not on_map(plate.box, layout):
            out.append(f"{plate.space} leaves the map: {plate.box}")
        out += [f"{plate.space}: {item.kind} {item.value!r} is cut"
                for item in plate.items if not _within(item.box, plate.box)
                or item.kind == "name" and item.value.endswith("…")]
        for a, b in combinations(plate.items, 2):
            if overlap(a.box, b.box, 1 if "count" in (a.kind, b.kind) else 0):
                out.append(f"{plate.space}: {a.kind} {a.value!r} touches {b.kind} {b.value!r}")
    return out


def _within(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and \
        inner[3] <= outer[3]


def test_fuzzed_positions_have_no_overlap_cut_or_touching_count(
        positions: list[GandhiState]) -> None:
    """Each position in one of the three languages, in turn (names differ in length); the
    title block's lines (the card and its step) are not cut either."""
    assert len(positions) > 150 and sum(s.result is not None for s in positions) == GAMES
    found = {}
    for i, state in enumerate(positions):
        lang = LANGS[i % len(LANGS)]
        wrong = problems(place(state, lang))
        wrong += [f"title line {text!r} is cut" for text, _, _ in
                  title_lines(state, load_layout(), lang) if text.endswith("…")]
        if wrong:
            found[f"position {i} ({lang}, {state.scenario}, card {state.current})"] = wrong
    assert not found, found


def test_the_check_sees_what_the_issue_saw() -> None:
    """A count of 10 beside a sprite, and plates forced on top of each other, are caught:
    the check is not vacuous."""
    state = setup_state("short")
    crowded = copy.deepcopy(state)
    crowded.spaces.setdefault("hyderabad", SpaceState()).add(GUERRILLAS_ACTIVE, 10)
    crowded.spaces["hyderabad"].add(TROOPS, 10)
    placement = place(crowded, "en")
    assert problems(placement) == []
    hyderabad = next(p for p in placement.plates if p.space == "hyderabad")
    counts = [i for i in hyderabad.items if i.kind == "count"]
    icons = [i for i in hyderabad.items if i.kind == "icon"]
    assert [c.value for c in counts] == ["10", "10"]
    assert counts[0].box[2] < icons[1].box[0]   # "10" ends before the next sprite
    squeezed = Placement(tuple(p if p.space != "sind" else
                               type(p)(p.space, p.kind, _moved_onto(p.box, "baluchistan",
                                                                     placement),
                                       p.block, p.items)
                               for p in placement.plates), placement.badges, placement.fixed)
    assert any("overlaps" in w for w in problems(squeezed))


def _moved_onto(box: Box, other: str, placement: Placement) -> Box:
    target = next(p.box for p in placement.plates if p.space == other)
    return target[0], target[1], target[0] + box[2] - box[0], target[1] + box[3] - box[1]


@pytest.mark.parametrize("lang", LANGS)
def test_railway_pieces_sit_under_the_railway_s_name(lang: str) -> None:
    state = setup_state("main")
    state.spaces.setdefault("rail_delhi_ganges", SpaceState()).add(ML_ACTIVISTS, 2)
    plate = next(p for p in place(state, lang).plates if p.space == "rail_delhi_ganges")
    names = [i.value for i in plate.items if i.kind == "name"]
    assert "Delhi" in " ".join(names) and "Allahabad" in " ".join(names)
