"""A Distant Plain by mail: the gateway serves any game of the registry.  A lone Taliban
player (8.8, 1 player) creates the game with the three other Factions given to their
Non-player bots (8.6-8.8, ``OPTION bots=...``), joins, starts, and plays a decision
typed in Spanish; the bots decide for their seats and the player's mails say what
happened."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.mail.app import MailServer
from engine.core.events import ActionTaken
from engine.core.ruleset import NON_PLAYER
from tests.mail.conftest import Player, settled


async def test_a_lone_taliban_player_plays_adp_against_three_bots_by_mail(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    ann = player("ann@example.org")
    await ann.send("OPTION bots=coalition, government, warlords", subject="NEW adp short")
    await settled(server)
    created = ann.last()
    assert "New game" in created.subject, created.text
    game = created.subject.split()[-1]
    service = server.gateway.service
    assert await service.bots(game) == frozenset({"coalition", "government", "warlords"})
    await ann.send(f"JOIN {game} taliban")
    await settled(server)
    await ann.reply("START", to=created)
    await settled(server)
    for _ in range(20):                                    # the bots may decide first
        if "taliban" in await service.active(game):
            break
        await settled(server)
    assert "taliban" in await service.active(game)
    asked = next(m for m in reversed(ann.inbox) if ".taliban." in m.reply_to)
    head = await service.head(game)
    await ann.reply("pasar", to=asked)                     # 2.3.3 Pass, said in Spanish
    await settled(server)
    records = await service.run(service.service.records, game)
    mine = [r.event for r in records if r.seq > head and isinstance(r.event, ActionTaken)
            and r.actor_user != NON_PLAYER]
    assert [(e.seat, e.text) for e in mine] == [("taliban", "pass")]
    bots = {r.event.seat for r in records
            if isinstance(r.event, ActionTaken) and r.actor_user == NON_PLAYER}
    assert bots and bots <= {"coalition", "government", "warlords"}
    assert "Taliban" in ann.last().text
