"""A deck pack per game (DESIGN.md §1): checked at setup, logged whole with its hash,
and honoured by the Faction order (2.3.2) and card effects of that game only."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

import engine.games
from engine.core.messages import CourierError
from engine.games.gandhi.deck import deck_for, faction_order
from engine.games.gandhi.events import DeckPackLoaded, ScenarioSetUp
from engine.service import Service
from engine.store import Store
from tests.conftest import REPO

engine.games.load()
SEED = "pack-test"


def reordered(card: str, order: list[str]) -> str:
    quoted = ", ".join(f'"{f}"' for f in order)
    return f'[pack]\nname = "our box"\n\n[cards.{card}]\norder = [{quoted}]\n'


def new_game(service: Service, **options: object) -> str:
    return service.create_game("gandhi", "short", options=options, seed=SEED)


def current_card(service: Service, game: str) -> str:
    card = service.kernel_state(game).game.current
    assert card is not None
    return str(card)


def test_2_3_2_a_pack_that_changes_a_card_order_changes_the_1st_eligible() -> None:
    service = Service(Store(":memory:"))
    plain = new_game(service)
    card = current_card(service, plain)
    order = list(faction_order(card))
    assert service.active(plain) == {order[0]}      # 2.3.1 every Faction starts Eligible
    pack = reordered(card, order[::-1])
    packed = new_game(service, pack=pack)
    assert current_card(service, packed) == card     # the same seed deals the same deck
    assert service.active(packed) == {order[-1]}
    assert service.kernel_state(packed).game.turn.order == tuple(order[::-1])
    assert service.active(plain) == {order[0]}       # the other game keeps its cards


def test_faction_order_reads_the_pack_it_is_given() -> None:
    pack = reordered("5", ["revolutionaries", "muslim_league", "congress", "raj"])
    assert faction_order("5", pack) == ("revolutionaries", "muslim_league", "congress", "raj")
    assert faction_order("5") != faction_order("5", pack)
    assert deck_for(pack).pack_name == "our box"


@pytest.mark.parametrize(("pack", "message"), [
    ('[cards.5]\norder = ["raj", "congress", "muslim_league"]\n',
     "card 5: order must be a permutation of raj, congress, muslim_league, revolutionaries"),
    ('[cards.99]\neffect = "manual"\n', "card 99: no such card in the deck"),
    ('[cards.3]\neffect = "sometimes"\n', "card 3: effect"),
    (42, "a deck pack is the TOML text of the pack"),
])
def test_a_bad_pack_is_refused_naming_the_card(pack: object, message: str) -> None:
    service = Service(Store(":memory:"))
    with pytest.raises(CourierError) as err:
        new_game(service, pack=pack)
    assert message in err.value.message("en")
    assert "pack" in err.value.message("es") and "pack" in err.value.message("it")
    assert service._store.games() == []               # nothing was created


def test_the_pack_hash_and_text_are_logged_and_verify_needs_no_outside_file() -> None:
    service = Service(Store(":memory:"))
    card = current_card(service, new_game(service))
    pack = reordered(card, list(faction_order(card))[::-1])
    game = new_game(service, pack=pack)
    events = [r.event for r in service.records(game)]
    setup = next(e for e in events if isinstance(e, ScenarioSetUp))
    loaded = [e for e in events if isinstance(e, DeckPackLoaded)]
    digest = hashlib.sha256(pack.encode()).hexdigest()
    assert loaded == [DeckPackLoaded(name="our box", hash=digest, text=pack)]
    assert events.index(loaded[0]) == events.index(setup) + 1  # right after the setup
    assert "pack" not in setup.options                  # logged once, not twice
    assert service.kernel_state(game).game.pack == pack
    (first,) = service.active(game)
    service.act(game, first, None, "pass")
    assert service.verify(game).ok
    other = Service(Store(":memory:"))                  # a replay elsewhere: only the log
    copy, report = other.import_game(service.export(game), game_id="copy")
    assert report.ok
    assert other.kernel_state(copy).game.turn.order == service.kernel_state(game).game.turn.order


def test_cli_new_with_a_pack_file(tmp_path: Path) -> None:
    pack = tmp_path / "ours.toml"
    pack.write_text(reordered("5", ["revolutionaries", "muslim_league", "congress", "raj"]),
                    encoding="utf-8")
    base = [sys.executable, "-m", "bot.cli", "--db", str(tmp_path / "cli.db")]
    made = subprocess.run([*base, "new", "gandhi", "--scenario", "short", "--game", "g1",
                           "--pack", str(pack)], cwd=REPO, text=True, capture_output=True,
                          timeout=120)
    assert made.returncode == 0, made.stderr
    log = subprocess.run([*base, "log", "g1", "--json"], cwd=REPO, text=True, capture_output=True,
                         timeout=120)
    digest = hashlib.sha256(pack.read_bytes()).hexdigest()
    assert "DeckPackLoaded" in log.stdout and digest in log.stdout
