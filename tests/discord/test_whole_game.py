"""A whole Short-scenario Gandhi game played through the Discord layer by four members
(issue 12): seats taken, choices made with /do (typed in each member's language) and with
the panel, an illegal choice refused privately, an undo requested and approved with
buttons, a stale button refused, the bot restarted mid-game with moves made meanwhile,
reminders at a deadline, and the final ranking posted."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.discord_bot.app import CourierBot
from bot.discord_bot.here import game_at
from bot.discord_bot.standin import StandIn
from engine.core.decision import ChoiceView
from engine.fuzz import concrete, pick
from engine.store import Store
from tests.discord.conftest import Clock
from tests.discord.table import PLAYERS, Reply, Table
from tests.discord.test_acting import path_to

SEATS = {"alice": "congress", "bob": "raj", "carol": "muslim_league",
         "dave": "revolutionaries"}
LOCALES = {"alice": "en-US", "bob": "en-GB", "carol": "es-ES", "dave": "it"}
LANGS = {"alice": "en", "bob": "en", "carol": "es", "dave": "it"}
HOLDER = {seat: user for user, seat in SEATS.items()}
RESTART_AT, REMIND_AT, UNDO_AT, ILLEGAL_AT, PANEL_EVERY = 60, 90, 30, 12, 4


class Game:
    """The table and what the test knows of the game it plays."""

    def __init__(self, table: Table, game: str) -> None:
        self.table, self.game = table, game
        self.rng = random.Random(12)
        self.moves = 0
        self.stale: Reply | None = None

    async def deciding(self) -> str | None:
        active = sorted(await self.table.service.active(self.game))
        return active[0] if active else None

    async def choose(self, seat: str) -> ChoiceView:
        user = HOLDER[seat]
        decision = await self.table.service.decision(self.game, seat, LANGS[user])
        chosen = pick(self.rng, [c.action for c in decision.choices])
        return next(c for c in decision.choices if c.action == chosen)

    async def move(self) -> None:
        """The deciding seat's player takes a legal choice, by panel or by /do."""
        seat = await self.deciding()
        assert seat is not None
        user = HOLDER[seat]
        choice = await self.choose(seat)
        head = await self.table.service.head(self.game)
        if self.moves % PANEL_EVERY == 0 and not choice.action.open:
            reply = await self.by_panel(seat, choice)
        else:
            typed = concrete(choice.action, self.rng).text if choice.action.open \
                else choice.label           # the label in the member's own language
            reply = await self.table.command("do", user=user, locale=LOCALES[user],
                                             choice=typed)
        assert reply.private, reply.text
        assert await self.table.service.head(self.game) > head, reply.text
        self.moves += 1

    async def by_panel(self, seat: str, choice: ChoiceView) -> Reply:
        if self.stale is None:        # a second panel, left open to press once out of date
            self.stale = await self.panel_at(seat, choice)
        panel = await self.panel_at(seat, choice)
        user = HOLDER[seat]
        return await self.table.click(panel, "ok:", user=user, locale=LOCALES[user])

    async def panel_at(self, seat: str, choice: ChoiceView) -> Reply:
        """/act, then the menus down to ``choice``, ready to confirm."""
        user, table = HOLDER[seat], self.table
        panel = await table.command("act", user=user, locale=LOCALES[user])
        decision = await table.service.decision(self.game, seat, LANGS[user])
        for index in path_to(decision, choice.text):
            panel = await table.pick(panel, "pick:", str(index), user=user,
                                     locale=LOCALES[user])
        return panel


async def test_a_whole_short_game_through_discord(standin: StandIn, clock: Clock,
                                                  start_bot: Callable[[], Awaitable[CourierBot]],
                                                  games_db: Path) -> None:
    table = Table(standin, await start_bot())
    game = await set_up(table)
    play = Game(table, game)
    await table.quiet()
    assert len(decision_calls(table)) == 1
    while await play.deciding() is not None:
        if play.moves == ILLEGAL_AT:
            await illegal_choice_refused(play)
        if play.moves == UNDO_AT:
            await undo_approved_with_buttons(play)
        if play.moves == RESTART_AT:
            table.bot = await restart(play, start_bot)
        if play.moves == REMIND_AT:
            await reminded_at_the_deadline(play, clock)
        await play.move()
    await table.quiet()
    await stale_button_refused(play)
    await final_ranking_posted(play, games_db)


async def set_up(table: Table) -> str:
    reply = await table.command("game new", game="gandhi", scenario="short",
                                title="Whole game")
    assert "Created" in reply.text
    table.place = next(c["id"] for c in table.standin.channels.values() if c["type"] == 11)
    for user in PLAYERS:
        joined = await table.command("game join", user=user, locale=LOCALES[user],
                                     faction=SEATS[user])
        assert joined.private
    taken = await table.command("game join", user="bob", faction="congress")
    assert taken.private and "held by someone else" in taken.text
    deadline = await table.command("game deadline", hours=2)
    assert "2 hours" in deadline.text
    started = await table.command("game start")
    assert "Started" in started.text
    game = await game_at(table.service, int(table.place))
    assert game is not None
    return game


def decision_calls(table: Table) -> list[dict[str, object]]:
    """The posts that call the deciding players (reminders apart)."""
    return [p for p in table.posts() if "your decision. Use /act" in (p.get("content") or "")]


async def illegal_choice_refused(play: Game) -> None:
    seat = await play.deciding()
    assert seat is not None
    head = await play.table.service.head(play.game)
    reply = await play.table.command("do", user=HOLDER[seat], choice="assault the moon")
    assert reply.private and "Done" not in reply.text
    # neither the admin (alice) nor a moderator (carol, the server's owner)
    other = next(s for s in ("raj", "revolutionaries") if s != seat)
    not_yours = await play.table.command("do", user=HOLDER[other], choice="pass",
                                         seat=seat)
    assert not_yours.private and "do not hold" in not_yours.text
    assert await play.table.service.head(play.game) == head


async def undo_approved_with_buttons(play: Game) -> None:
    """The seat that just handed over asks to undo; the others approve with buttons."""
    table = play.table
    while True:                           # until a move hands the decision to another seat
        before = await play.deciding()
        await play.move()
        if await play.deciding() != before:
            break
    assert before is not None
    head = await table.service.head(play.game)
    asked = await table.command("game undo", user=HOLDER[before])
    assert "approve" in asked.text
    await table.quiet()
    request = next(p for p in reversed(table.posts()) if "asks to undo" in (p.get("content")
                                                                          or ""))
    others = [u for u in PLAYERS if u != HOLDER[before]]
    assert all(f"<@{table.standin.users[u]['id']}>" in request["content"] for u in others)
    refused = await table.click(request, "undo:", user=HOLDER[before], suffix=":yes")
    assert "None of your Factions" in refused.text
    for user in others:
        voted = await table.click(request, "undo:", user=user, suffix=":yes")
        assert voted.private and "approved" in voted.text
    assert await table.service.head(play.game) > head     # the request, votes, the undo
    assert await play.deciding() == before
    await table.quiet()
    assert any("Undo approved" in (p.get("content") or "") for p in table.posts())


async def restart(play: Game, start_bot: Callable[[], Awaitable[CourierBot]]) -> CourierBot:
    """Stop the bot; moves are made meanwhile (by e-mail, say); the new bot posts them."""
    table = play.table
    await table.quiet()
    await table.bot.close()
    posted = len(table.posts())
    calls = Counter(p["content"] for p in decision_calls(table))
    first = await play.deciding()
    while (seat := await play.deciding()) == first:  # until another seat must decide
        assert seat is not None
        choice = await play.choose(seat)
        await table.service.act(play.game, seat, None, concrete(choice.action, play.rng),
                                moderator=True)
    bot = await start_bot()
    table.bot = bot
    await table.quiet()
    assert len(table.posts()) > posted                # what happened while it was away
    again = Counter(p["content"] for p in decision_calls(table))
    assert sum(again.values()) > sum(calls.values())
    return bot


async def reminded_at_the_deadline(play: Game, clock: Clock) -> None:
    """A decision that waited past the deadline (2 hours) is reminded, once."""
    table = play.table
    first = await play.deciding()
    while (seat := await play.deciding()) == first:   # a decision just handed over
        await play.move()
    assert seat is not None
    clock.advance(3)
    await table.quiet()
    reminders = [p for p in table.posts() if (p.get("content") or "").startswith("<@")
                 and "⏰" in p["content"]]
    assert reminders
    assert f"<@{table.standin.users[HOLDER[seat]]['id']}>" in reminders[-1]["content"]
    clock.advance(3)
    await table.quiet()
    assert len([p for p in table.posts() if "⏰" in (p.get("content") or "")]) == len(reminders)


async def stale_button_refused(play: Game) -> None:
    assert play.stale is not None
    head = await play.table.service.head(play.game)
    reply = await play.table.click(play.stale, "ok:", user=play.stale.interaction.payload[
        "member"]["user"]["username"])
    assert "out of date" in reply.text
    assert await play.table.service.head(play.game) == head


async def final_ranking_posted(play: Game, games_db: Path) -> None:
    table = play.table
    posts = [p.get("content") or "" for p in table.posts()]
    assert any(c.startswith("🏁") and "Ranking" in c for c in posts)
    digests = [p for p in table.posts() if p.get("attachments")
               and {a["filename"] for a in p["attachments"]} == {"changes.png", "map.png"}]
    store = Store(games_db)
    kinds = Counter(n.kind for n in store.notices("fresh-reader", "9999", limit=10**6))
    store.close()
    assert len(digests) == kinds["turn"]                      # each card once, none twice
    assert len(decision_calls(table)) == kinds["decision"]
    for call in decision_calls(table):                       # only the deciding are named
        assert 1 <= len(re.findall(r"<@\d+>", str(call["content"]))) <= 2
    status = await table.command("game status")
    assert "Ranking" in status.text
    assert play.moves > 100
