"""The focus picture (DESIGN.md section 6): the spaces a turn changed, readable 400 pixels
wide.  Real turns played through the service (a Raj Assault that arrests Gandhi, a
Congress Rally, a Campaign Round, a card every Faction passed), and positions made from
events for the extremes.  Checked on the layout the picture is drawn from: which cards,
what their rows say, no box overlapping another or cut, every text large enough."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

import pytest
from PIL import Image, ImageChops

from engine.core.events import Event, Recorded
from engine.fuzz import concrete, pick
from engine.games.gandhi.derived import board
from engine.games.gandhi.events import (
    CampaignBegan,
    CardTurnBegan,
    MarkerSet,
    PiecesPlaced,
    PiecesRemoved,
    ResourcesSet,
    SupportShifted,
    TrackSet,
)
from engine.games.gandhi.fold import evolve
from engine.games.gandhi.pieces import MAP_KINDS
from engine.games.gandhi.ruleset import Gandhi
from engine.games.gandhi.state import GandhiState
from engine.pictures import pictures_of
from engine.service import Service
from renders.fonts import font
from renders.gandhi import style
from renders.gandhi.focus import render_focus
from renders.gandhi.focus_layout import BACKGROUNDS, CardBox, FocusLayout, Item, focus_layout
from renders.gandhi.focus_rows import OFF_MAP, Row
from renders.gandhi.layout import Box
from renders.gandhi.placement import overlap
from renders.gandhi.timeline import frames_of
from tests.renders.positions import decline, service, setup_state
from tests.renders.test_map import GOLDEN, PILLOW, UPDATE, _image

PREVIEW = 400          # Discord's phone preview is about this wide
READABLE = 11          # the smallest text there, in pixels (font size)...
CAP = 8                # ...and the height of its capitals
Turn = tuple[GandhiState, GandhiState, list[Recorded]]

ASSAULT = ["revolutionaries:pass", "muslim_league:pass", "raj:assault", "raj:in Punjab",
           "raj:with troops and sepoys", "raj:arrest congress activist",
           "raj:arrest muslim league activist", "raj:remove muslim league base",
           "raj:in Bombay Presidency", "raj:with sepoys", "raj:arrest Gandhi", "raj:done",
           "congress:protest Delhi", "congress:protest Bihar"]
RALLY = ["revolutionaries:pass", "muslim_league:pass", "raj:pass", "congress:rally",
         "congress:in Bihar", "congress:place 1", "congress:in United Provinces",
         "congress:place 1", "congress:in Bombay Presidency", "congress:place 1",
         "congress:done"]


def first_card(commands: Sequence[str], game: str) -> Turn:
    """The Short scenario's first card (44) played with ``commands``, then every choice
    declined until the card is over: its turn, as the bot would post it."""
    s = service()
    g = s.create_game("gandhi", "short", game_id=game, seed="focus")
    assert s.kernel_state(g).game.current == "44"
    for command in commands:
        seat, _, text = command.partition(":")
        s.act(g, seat, None, text)
    while s.kernel_state(g).game.current == "44":
        seat = sorted(s.active(g))[0]
        s.act(g, seat, None, decline(s.legal(g, seat).texts()))
    return _turn(s, g, 1)


def _turn(s: Service, g: str, n: int) -> Turn:
    frames = frames_of(Gandhi(), s.records(g))
    before, after = frames[n - 1], frames[n]
    return before.state, after.state, s.records(g, after=before.seq, upto=after.seq)


def first_campaign() -> Turn:
    """Seeded random legal play to the end of the first Campaign Round."""
    s, rng = service(), random.Random(3)
    g = s.create_game("gandhi", "short", game_id="campaign", seed="focus")
    while (active := sorted(s.active(g))) and s.kernel_state(g).game.campaign < 2:
        seat = rng.choice(active)
        s.act(g, seat, None, concrete(pick(rng, s.legal(g, seat).actions), rng))
    frames = frames_of(Gandhi(), s.records(g))
    n = next(i for i, f in enumerate(frames) if f.campaign == 1)
    return _turn(s, g, n)


def edited(before: GandhiState, events: Sequence[Event]) -> Turn:
    after = copy.deepcopy(before)
    for event in events:
        evolve(after, event)
    return before, after, [_recorded(i, e) for i, e in enumerate(events)]


def _recorded(seq: int, event: Event) -> Recorded:
    return Recorded("edited", seq + 1, event, None, None, "", "", "")


def every_space_changed() -> Turn:
    """One Troop more in every space and on every Railway."""
    before = setup_state("main")
    return edited(before, [PiecesPlaced(space=space, kind="troops", count=1)
                           for space in board(before).spaces])


def every_space_crowded() -> Turn:
    """Every kind of piece, a shift and every marker, in every space: the tallest cards."""
    before = setup_state("main")
    events: list[Event] = [CardTurnBegan(card="10", order=["raj"])]
    for space in board(before).spaces:
        events += [PiecesPlaced(space=space, kind=kind, count=2) for kind in MAP_KINDS]
        events += [MarkerSet(space=space, marker="protest", value=1),
                   MarkerSet(space=space, marker="unrest", value=2),
                   SupportShifted(space=space, level=-2, before=before.space(space).support)]
    return edited(before, events)


def golden_turn() -> Turn:
    """A card made of events alone (so that it does not change with the rules of play):
    a Rally, a shift, Protest and Unrest, a Railway struck, Resources and Restraint."""
    before = setup_state("main")
    return edited(before, [
        CardTurnBegan(card="10", order=["congress", "raj", "muslim_league",
                                        "revolutionaries"]),
        PiecesPlaced(space="bihar", kind="congress_activists", count=2),
        PiecesPlaced(space="punjab", kind="congress_activists", count=1),
        SupportShifted(space="punjab", level=-1, before=before.space("punjab").support),
        MarkerSet(space="punjab", marker="protest", value=1),
        PiecesRemoved(space="delhi", kind="sepoys", count=2, to="out_of_play"),
        MarkerSet(space="rail_delhi_ganges", marker="strike", value=1),
        MarkerSet(space="east_bengal", marker="unrest", value=2),
        ResourcesSet(faction="raj", value=29, before=before.resources["raj"]),
        TrackSet(track="restraint", value=2, before=before.restraint)])


@pytest.fixture(scope="module")
def turns() -> dict[str, Turn]:
    setup = setup_state("short")
    return {"assault": first_card(ASSAULT, "assault"), "rally": first_card(RALLY, "rally"),
            "passes": first_card([], "passes"), "campaign": first_campaign(),
            "every space": every_space_changed(), "crowded": every_space_crowded(),
            "nothing": edited(setup, []), "golden": golden_turn()}


def layout_of(turn: Turn, lang: str = "en") -> FocusLayout:
    return focus_layout(*turn, lang)


def card(layout: FocusLayout, key: str) -> CardBox:
    return next(c for c in layout.cards if c.card.key == key)


def row(box: CardBox, label: str) -> Row:
    return next(r for r in box.card.rows if r.label == label)


def texts(layout: FocusLayout, kind: str) -> list[str]:
    return [i.value for i in layout.texts() if i.kind == kind]


# --- what the cards say ---------------------------------------------------------------------


def test_a_raj_assault_shows_the_arrests_and_the_protests_it_set_off(
        turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["assault"])
    assert " ".join(texts(layout, "title")) == "Card 44: Hindustan Socialist Republican " \
        "Association"
    assert {c.card.key for c in layout.cards} == {
        "punjab", "bombay_presidency", "delhi", "bihar", OFF_MAP}
    punjab = card(layout, "punjab")
    assert row(punjab, "Congress Activists") == Row("congress_active", "Congress Activists",
                                                    "1", "0", True)
    assert row(punjab, "Muslim League Base").was == "1"
    assert row(card(layout, "bombay_presidency"), "Gandhi").now == "0"
    assert row(card(layout, "delhi"), "Protest") == Row("marker:protest", "Protest", "—", "✓",
                                                        True)
    off_map = card(layout, OFF_MAP)
    assert row(off_map, "Jail: Gandhi") == Row("gandhi", "Jail: Gandhi", "0", "1", True)
    assert "Raj Resources" in [r.label for r in off_map.card.rows]
    assert layout.left_out == 0 and texts(layout, "more") == []


def test_a_rally_in_three_spaces_counts_each_space_s_activists(
        turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["rally"])
    spaces = [c.card.key for c in layout.cards]
    assert sorted(spaces[:3]) == ["bihar", "bombay_presidency", "united_provinces"]
    for key, was in (("bihar", "1"), ("united_provinces", "1"), ("bombay_presidency", "2")):
        activists = row(card(layout, key), "Congress Activists")
        assert (activists.was, activists.now) == (was, str(int(was) + 1))
    assert "Spaces changed: 3" in texts(layout, "subtitle")[0]


def test_the_most_changed_space_comes_first(turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["assault"])
    scores = [c.card.score for c in layout.cards if c.card.key != OFF_MAP]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1]
    assert layout.cards[0].card.key == "punjab"   # two Activists and a Base gone


def test_a_card_every_faction_passed_shows_what_changed_off_the_map(
        turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["passes"])
    assert [c.card.key for c in layout.cards] == [OFF_MAP]
    assert texts(layout, "subtitle")[0] == "Nothing changed on the map."
    labels = {r.label: (r.was, r.now) for r in layout.cards[0].card.rows}
    assert labels["Raj Resources"][1] != labels["Raj Resources"][0]


def test_a_turn_that_changed_nothing_is_its_title_alone(turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["nothing"])
    assert layout.cards == () and layout.height == layout.band[3]


def test_a_campaign_round_is_named_and_its_changes_capped(turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["campaign"])
    assert texts(layout, "title") == ["Campaign Round 1"]
    shown = [c for c in layout.cards if c.card.key != OFF_MAP]
    assert len(shown) == min(len(layout.changed), style.FOCUS_MAX_CARDS)
    assert layout.left_out == len(layout.changed) - len(shown)
    assert texts(layout, "more") == ([f"…and {layout.left_out} more spaces on the map"]
                                     if layout.left_out else [])


@pytest.mark.parametrize("lang, more", [("en", "…and 26 more spaces on the map"),
                                        ("es", "…y 26 espacios más en el mapa"),
                                        ("it", "…e altri 26 spazi sulla mappa")])
def test_when_every_space_changed_ten_are_shown_and_the_rest_counted(
        turns: dict[str, Turn], lang: str, more: str) -> None:
    """36 spaces: 5 Cities, 13 Provinces, 7 States and 11 Railways."""
    layout = layout_of(turns["every space"], lang)
    assert len(layout.changed) == 36 and len(layout.cards) == style.FOCUS_MAX_CARDS
    assert texts(layout, "more") == [more]


def test_tall_cards_are_fewer_to_keep_the_picture_short(turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["crowded"])
    assert 1 < len(layout.cards) < style.FOCUS_MAX_CARDS
    assert layout.left_out == 36 - len(layout.cards)
    assert layout.height <= style.FOCUS_MAX_HEIGHT


def test_the_turn_is_named_in_the_reader_s_language(turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["assault"], "es")
    assert texts(layout, "title")[0].startswith("Carta 44:")
    assert row(card(layout, "punjab"), "Activistas del Congreso").was == "1"
    assert card(layout, OFF_MAP).card.name == "Fuera del mapa"


def test_a_stretch_of_cards_is_named_by_their_numbers_when_titles_do_not_fit() -> None:
    """Since a player's last turn: three cards and a Campaign Round."""
    before = setup_state("short")
    cards = [CardTurnBegan(card=c, order=["raj"]) for c in ("44", "49", "16")]
    _, after, records = edited(before, [*cards, CampaignBegan(number=1, card="77")])
    layout = focus_layout(before, after, records, "en")
    assert " ".join(texts(layout, "title")) == "Card 44 · Card 49 · Card 16 · " \
        "Campaign Round 1"
    _, after, records = edited(before, cards[:1])
    assert texts(focus_layout(before, after, records, "it"), "title") == [
        "Carta 44: Associazione Socialista", "Repubblicana Hindu"]


# --- readable on a phone, nothing overlapping or cut ---------------------------------------

SITUATIONS = ("assault", "rally", "passes", "campaign", "every space", "crowded", "nothing",
              "golden")


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("name", SITUATIONS)
def test_every_text_is_readable_at_400_pixels(turns: dict[str, Turn], name: str,
                                               lang: str) -> None:
    """The font sizes of the layout, scaled to the preview: at least 11 pixels, capitals
    at least 8 pixels tall."""
    layout = layout_of(turns[name], lang)
    scale = PREVIEW / layout.width
    for item in layout.texts():
        assert item.size * scale >= READABLE, item
        left, top, right, bottom = font(item.size, item.face).getbbox("H", anchor="ls")
        assert (bottom - top) * scale >= CAP, item


def problems(layout: FocusLayout) -> list[str]:
    """Everything out of place in a laid-out focus picture, in words."""
    picture = (0, 0, layout.width, layout.height)
    below_band = (0, layout.band[3], layout.width, layout.height)
    out = [f"{c.card.key} leaves the picture" for c in layout.cards
           if not within(c.box, below_band)]
    out += [f"{a.card.key} overlaps {b.card.key}"
            for a, b in combinations(layout.cards, 2) if overlap(a.box, b.box)]
    band = [i for i in layout.items if i.kind != "more"]
    out += clashes("the band", band, layout.band)
    for more in (i for i in layout.items if i.kind == "more"):
        out += [f"'more' overlaps {c.card.key}" for c in layout.cards
                if overlap(more.box, c.box)]
        out += [] if within(more.box, picture) else ["'more' is cut"]
    for box in layout.cards:
        out += clashes(box.card.key, [i for i in box.items if i.kind not in BACKGROUNDS],
                       box.box)
        out += [f"{box.card.key}: {i.kind} leaves the header" for i in box.items
                if i.kind in ("name", "badge", "badge_text", "crescent") and
                not within(i.box, next(h.box for h in box.items if h.kind == "header"))]
    return out


def clashes(where: str, items: Sequence[Item], box: Box) -> list[str]:
    """Items out of ``box``, cut (an ellipsis at the end), or overlapping each other."""
    out = [f"{where}: {i.kind} {i.value!r} is out of its box" for i in items
           if not within(i.box, box)]
    out += [f"{where}: {i.kind} {i.value!r} is cut" for i in items if i.value.endswith("…")]
    out += [f"{where}: {a.kind} {a.value!r} overlaps {b.kind} {b.value!r}"
            for a, b in combinations(items, 2) if overlap(a.box, b.box)]
    return out


def within(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and \
        inner[3] <= outer[3]


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("name", SITUATIONS)
def test_nothing_overlaps_or_is_cut(turns: dict[str, Turn], name: str, lang: str) -> None:
    layout = layout_of(turns[name], lang)
    assert problems(layout) == []
    assert layout.width == style.FOCUS_WIDTH and layout.height <= style.FOCUS_MAX_HEIGHT


def test_the_check_sees_an_overlap_and_a_cut_label(turns: dict[str, Turn]) -> None:
    layout = layout_of(turns["assault"])
    first, second = layout.cards[:2]
    moved = CardBox(second.card, first.box, second.items)
    assert any("overlaps" in p for p in problems(FocusLayout(
        layout.width, layout.height, layout.band, layout.items,
        (first, moved, *layout.cards[2:]), layout.changed, layout.left_out)))
    name = next(i for i in first.items if i.kind == "name")
    assert clashes("x", [replace(name, value="Congress Activ…")], first.box) != []


# --- the picture ----------------------------------------------------------------------------


def test_the_picture_is_an_800_pixel_png_drawn_as_laid_out(turns: dict[str, Turn]) -> None:
    png = render_focus(*turns["campaign"])
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (800, layout_of(turns["campaign"]).height)
    assert len(png) < 8_000_000
    assert png == render_focus(*copy.deepcopy(turns["campaign"]))


def test_the_registered_pictures_and_the_service_draw_it(turns: dict[str, Turn]) -> None:
    s = service()
    g = s.create_game("gandhi", "short", game_id="served", seed="focus")
    s.act(g, "revolutionaries", None, "pass")
    job = s.focus_picture(g, "es", 0, seat="raj")
    assert job.kind == "focus" and job.ruleset == "gandhi"
    image = Image.open(io.BytesIO(s.draw(job)))
    assert image.width == 800
    before, after, records = turns["rally"]
    assert pictures_of("gandhi").focus(before, after, records, "it") == \
        render_focus(before, after, records, "it")


def test_the_picture_matches_the_golden_picture(turns: dict[str, Turn]) -> None:
    """As the map's golden pictures (``test_map``): pixel-exact with the Pillow the golden
    was made with, nearly so with another."""
    path, version = GOLDEN / "focus.png", GOLDEN / "VERSIONS.txt"
    png = render_focus(*turns["golden"])
    if UPDATE:
        path.write_bytes(png)
        version.write_text(PILLOW + "\n")
        pytest.skip("golden picture written")
    golden, actual = _image(path.read_bytes()), _image(png)
    assert golden.size == actual.size
    diff = ImageChops.difference(golden, actual).convert("L")
    if version.read_text().strip() == PILLOW:
        assert diff.getbbox() is None, "the focus picture differs from its golden picture " \
            "(if the change is intended: RENDERS_UPDATE_GOLDEN=1 pytest tests/renders)"
    else:
        changed = sum(diff.point(lambda v: 255 if v > 48 else 0).histogram()[255:])
        assert changed < 0.002 * golden.width * golden.height
