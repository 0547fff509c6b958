"""A Gandhi game started and played by mail (issue 15): real SMTP both ways (the gateway's
own aiosmtpd server in, an aiosmtpd relay out), players writing with smtplib and reading
only what the mails say."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable

from bot.mail.app import MailServer
from engine.service import Service
from engine.store import Store
from tests.mail.conftest import Catcher, Caught, Player, settled
from tests.mail.people import choices_in, pick

PNG = b"\x89PNG\r\n\x1a\n"
SEATS = {"ann": "congress", "bob": "raj", "cat": "muslim_league", "dan": "revolutionaries"}
LANGS = {"ann": "en", "bob": "en", "cat": "es", "dan": "it"}


async def new_game(server: MailServer, ann: Player) -> str:
    await ann.send("OPTION gujarat=province", subject="NEW gandhi short")
    await settled(server)
    created = ann.last()
    found = re.search(r"New game (\w+)", created.subject)
    assert found, created.subject
    assert created.reply_to.startswith(f"courier+{found[1]}.admin.")
    return found[1]


async def seat_everyone(server: MailServer, players: dict[str, Player], game: str) -> None:
    """Each player joins with JOIN in their own language; the admin starts the game."""
    ann, bob, cat, dan = (players[n] for n in ("ann", "bob", "cat", "dan"))
    await ann.send(f"JOIN {game} congress")
    await bob.send(f"join {game} Raj")
    await cat.send(f"UNIRSE {game} liga musulmana\nIDIOMA es")
    await dan.send(f"UNISCITI {game} rivoluzionari\nLINGUA it")
    await settled(server)
    for name, player in players.items():
        joined = player.inbox[-1] if name != "ann" else next(
            m for m in player.inbox if "You play" in m.subject)
        assert f".{SEATS[name]}." in joined.reply_to, (name, joined.reply_to)
    assert "Juegas Liga Musulmana" in cat.last().subject
    assert "Giochi Rivoluzionari" in dan.last().subject
    assert "Every seat is taken" in ann.last().text
    await ann.reply("START", to=ann.inbox[0])           # from the admin's address
    await settled(server)


def deciding(players: dict[str, Player]) -> list[str]:
    """The players whose latest mail asks them to decide."""
    return [n for n, p in players.items() if p.inbox and choices_in(p.last().text, LANGS[n])]


async def test_a_four_seat_game_started_and_played_by_mail(
        start_gateway: Callable[..., Awaitable[MailServer]], player: Callable[[str], Player],
        relay: Catcher, games_db: object) -> None:
    server = await start_gateway()
    players = {n: player(f"{n}@example.org") for n in SEATS}
    game = await new_game(server, players["ann"])
    await seat_everyone(server, players, game)
    begun = {n: p.last() for n, p in players.items()}
    assert all(m.attachments["map.png"].startswith(PNG) for m in begun.values())
    assert "La partita comincia" in begun["dan"].text
    assert len([n for n in players if choices_in(begun[n].text, LANGS[n])]) == 1

    rng, cards = random.Random(15), 0
    for _ in range(40):
        who = deciding(players)
        assert len(who) == 1, who
        name = who[0]
        sender = players[name]
        seen = {n: len(p.inbox) for n, p in players.items()}
        typed = pick(rng, choices_in(sender.last().text, LANGS[name]), label=name == "cat")
        sent = await sender.reply(typed)
        await settled(server)
        receipt = sender.inbox[seen[name]]
        assert receipt.message["In-Reply-To"] == sent["Message-ID"]
        assert receipt.subject.startswith(f"[courier {game}]")
        assert f"> {typed}" in receipt.text, receipt.text
        new = {n: p.inbox[seen[n]:] for n, p in players.items()}
        assert all(len(mails) <= 1 for mails in new.values())   # one mail per player a turn
        ended = [m for mails in new.values() for m in mails if _card_over(m)]
        if ended:                                   # everyone hears of a finished card
            cards += 1
            assert all(len(mails) == 1 for mails in new.values())
            for mails in new.values():
                check_turn_mail(mails[0])
        if cards == 2:
            break
    assert cards == 2
    assert "Lo que ha pasado" in players["cat"].last().text
    log = Service(Store(games_db)).records(game)  # type: ignore[arg-type]
    assert log[-1].actor_user is not None and log[-1].actor_user.startswith("mail:")


def _card_over(mail: Caught) -> bool:
    return any(s in mail.text for s in ("A card or round is over", "Ha terminado una carta",
                                        "Una carta o un round"))


def check_turn_mail(mail: Caught) -> None:
    """A mail after a finished card: digest, status, board, the map attached."""
    text = mail.text
    assert any(t in text for t in ("What happened", "Lo que ha pasado", "Che cosa è successo"))
    assert any(t in text for t in ("Status\n", "Situación\n", "Situazione\n")), text
    assert "Delhi (" in text and "Bombay (" in text     # the board as text
    assert mail.attachments["map.png"].startswith(PNG)
    assert mail.message["Auto-Submitted"] in ("auto-generated", "auto-replied")
