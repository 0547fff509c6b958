"""A deck pack for A Distant Plain (DESIGN.md §1), in Gandhi's format and through the same
machinery: checked at setup, logged whole with its hash, kept on the state, and read by
the Faction order (2.3.2), the Capability / Momentum edits (5.3, 5.4), the Event prompt
(5.1) and every title the status, board, digest and map show."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

import engine.games
from engine.coin.events import DeckPackLoaded
from engine.core.messages import CourierError
from engine.games.adp.deck import deck_for
from engine.games.adp.events import ScenarioSetUp
from engine.games.adp.setup import card, is_propaganda
from engine.service import Service
from engine.store import Store
from tests.conftest import REPO
from tests.games.adp.helpers import event_game, new_game, play_card

engine.games.load()
EXAMPLE = REPO / "engine" / "games" / "adp" / "packs" / "example.toml"


def reordered(card_id: str, order: list[str], **extra: str) -> str:
    quoted = ", ".join(f'"{f}"' for f in order)
    more = "".join(f"{key} = {value}\n" for key, value in extra.items())
    return f'[pack]\nname = "our box"\n\n[cards.{card_id}]\norder = [{quoted}]\n{more}'


def create(service: Service, seed: str, **options: object) -> str:
    return service.create_game("adp", "short", options=options, seed=seed)


def first_event_card(service: Service) -> tuple[str, str]:
    """A seed whose game opens on an Event card, and that card."""
    for n in range(50):
        seed = f"adp-pack-{n}"
        current = service.kernel_state(create(service, seed)).game.current
        if current is not None and not is_propaganda(current):
            return seed, current
    raise AssertionError("no seed opens on an Event card")


def test_2_3_2_a_packs_faction_order_is_the_order_played() -> None:
    service = Service(Store(":memory:"))
    seed, current = first_event_card(service)
    printed = list(card(current).order)
    pack = reordered(current, printed[::-1])
    game = create(service, seed, pack=pack)
    state = service.kernel_state(game).game
    assert state.current == current                  # the same seed deals the same deck
    assert state.turn.order == tuple(printed[::-1])
    eligible = [f for f in printed[::-1] if state.eligible[f]]
    assert service.active(game) == {eligible[0]}     # 2.3.2 the leftmost Eligible
    assert card(current, pack).order_status == "pack"
    assert card(current).order == tuple(printed)     # other games keep their cards


def test_5_0_a_packs_title_shows_in_the_status_board_and_digest() -> None:
    service = Service(Store(":memory:"))
    seed, current = first_event_card(service)
    pack = reordered(current, list(card(current).order),
                     title='{ en = "Our Title", es = "Nuestro Título" }')
    game = create(service, seed, pack=pack)
    fields = [value for _, value in service.status(game, "en").fields]
    assert f"Current card: {current} Our Title" in fields
    assert f"{current} Our Title" in service.board_text(game, None, "en")
    assert f"{current} Our Title" in service.digest(game, "en")
    assert f"{current} Nuestro Título" in service.digest(game, "es")
    plain = create(service, seed)
    assert "Our Title" not in service.digest(plain, "en")


@pytest.mark.parametrize(("pack", "message"), [
    ('[cards.99]\neffect = "manual"\n', "card 99: no such card in the deck"),
    ('[cards.5]\norder = ["coalition", "coalition", "taliban", "warlords"]\n',
     "card 5: order must name every Faction once"),
    ('[cards.5]\norder = ["coalition", "government", "taliban"]\n',
     "card 5: order must name every Faction once"),
    ('[cards.3]\neffect = "scripted"\n', "card 3: effect 'scripted': A Distant Plain has no "
                                         "scripted Events"),
    ('[cards.74]\norder = ["coalition", "government", "taliban", "warlords"]\n',
     "card 74: a deck pack cannot set order on a Propaganda card"),
    ('[cards.8]\ncapability = "warlords"\n', "card 8: capability must be one of"),
    (42, "a deck pack is the TOML text of the pack"),
])
def test_a_bad_pack_is_refused_naming_the_card_and_makes_no_game(pack: object,
                                                                 message: str) -> None:
    service = Service(Store(":memory:"))
    with pytest.raises(CourierError) as err:
        create(service, "adp-bad", pack=pack)
    assert message in err.value.message("en")
    assert "pack" in err.value.message("es") and "pack" in err.value.message("it")
    assert service._store.games() == []


def test_the_pack_is_logged_once_replays_and_verifies_from_the_log_alone() -> None:
    service = Service(Store(":memory:"))
    seed, current = first_event_card(service)
    pack = reordered(current, list(card(current).order)[::-1])
    game = create(service, seed, pack=pack)
    events = [r.event for r in service.records(game)]
    setup = next(e for e in events if isinstance(e, ScenarioSetUp))
    loaded = [e for e in events if isinstance(e, DeckPackLoaded)]
    digest = hashlib.sha256(pack.encode()).hexdigest()
    assert loaded == [DeckPackLoaded(name="our box", hash=digest, text=pack)]
    assert events.index(loaded[0]) == events.index(setup) + 1     # right after the setup
    assert "pack" not in setup.options                             # logged once
    assert service.kernel_state(game).game.pack == pack
    (first,) = service.active(game)
    service.act(game, first, None, "pass")
    assert service.verify(game).ok
    other = Service(Store(":memory:"))                # a replay elsewhere: only the log
    copy, report = other.import_game(service.export(game), game_id="copy")
    assert report.ok
    assert (other.kernel_state(copy).game.turn.order
            == service.kernel_state(game).game.turn.order)


def test_a_snapshot_keeps_the_pack_and_one_without_it_reads_as_no_pack() -> None:
    pack = EXAMPLE.read_text(encoding="utf-8")
    game = new_game("short", {"pack": pack})
    rules = game.rules
    assert game.state.pack == pack
    assert rules.load_state(rules.dump_state(game.state)) == game.state
    plain = new_game("short")
    assert rules.load_state(rules.dump_state(plain.state)).pack is None


def test_5_3_a_packs_capability_mark_offers_the_capability_edit() -> None:
    assert card("8").capability is None                             # SEAL Team 6
    for pack, offered in ((None, False), ('[cards.8]\ncapability = "coalition"\n', True)):
        game = event_game("short")
        game.state.pack = pack            # as DeckPackLoaded folds it (engine.coin.fold)
        play_card(game, "8")
        game.act("event unshaded")
        assert ("capability" in game.offered()) is offered
    game.act("capability")
    assert game.state.capabilities["8"] == "unshaded"


def test_5_4_a_packs_momentum_mark_offers_the_momentum_edit() -> None:
    pack = '[cards.8]\nmomentum = ["shaded"]\n'
    game = event_game("short")
    game.state.pack = pack
    play_card(game, "8")
    game.act("event shaded")
    assert "momentum" in game.offered()


def test_5_1_the_event_prompt_shows_the_packs_text_of_the_side_executed() -> None:
    pack = EXAMPLE.read_text(encoding="utf-8")
    game = event_game("short")
    game.state.pack = pack
    play_card(game, "4")
    game.act("event shaded")
    seat = game.seat
    assert seat is not None
    prompt = game.rules.legal_actions(game.state, seat).prompt
    assert "EXAMPLE TEXT (invented): Taliban Resources +3." in prompt.render("en")
    assert "TESTO DI ESEMPIO (inventato): Risorse talebane +3." in prompt.render("it")
    assert "remove 1 Taliban Base" not in prompt.render("en")     # the other side's


def test_the_example_pack_loads_with_its_marks_labelled_as_invented() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    deck = deck_for(text)
    assert deck.pack_name == "Example pack (invented texts)"
    four = deck.cards[4]
    assert four.order == ("taliban", "coalition", "warlords", "government")
    assert four.halo == ("warlords",) and "invented" in four.instructions["warlords"]
    assert four.text("unshaded", "es").startswith("TEXTO DE EJEMPLO")
    assert deck.cards[6].capability == "taliban"
    assert deck.cards[6].text("shaded", "es") == deck.cards[6].text("shaded", "en")


def test_cli_new_adp_with_a_pack_file(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "bot.cli", "--db", str(tmp_path / "cli.db")]
    made = subprocess.run([*base, "new", "adp", "--scenario", "short", "--game", "g1",
                           "--pack", str(EXAMPLE)], cwd=REPO, text=True, capture_output=True,
                          timeout=120)
    assert made.returncode == 0, made.stderr
    log = subprocess.run([*base, "log", "g1", "--json"], cwd=REPO, text=True,
                         capture_output=True, timeout=120)
    digest = hashlib.sha256(EXAMPLE.read_bytes()).hexdigest()
    assert "DeckPackLoaded" in log.stdout and digest in log.stdout


def test_the_map_picture_names_the_current_card_by_the_packs_title() -> None:
    from renders.adp.layout import load_layout  # noqa: PLC0415
    from renders.adp.map import panel_texts  # noqa: PLC0415

    game = event_game("short")
    current = game.state.current
    assert current is not None
    game.state.pack = f'[cards.{current}]\ntitle = {{ en = "Our Title" }}\n'
    texts = " ".join(label.text for label in panel_texts(game.state, load_layout(), "en"))
    assert f"{current} Our Title" in texts
