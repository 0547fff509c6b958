"""/act and /do: a seat's decision through generated panels and typed choices."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.discord_bot.app import CourierBot
from bot.discord_bot.here import bind, user_key
from bot.discord_bot.panel import NUMBERS_IN_A_MENU
from engine.core.decision import DecisionView
from engine.core.menu import Node
from engine.core.vocabulary import Action, Amount
from engine.fuzz import concrete, pick
from tests.discord.table import PLAYERS, Table

FACTIONS = ("congress", "raj", "muslim_league", "revolutionaries")


async def seeded(table: Table, seed: str = "discord") -> str:
    """A game with a known deck (the service's test seed), seated and played here."""
    users = {f: user_key(_id(table, u)) for u, f in zip(PLAYERS, FACTIONS, strict=True)}
    game = await table.service.create_game("gandhi", "short", seed=seed, seats=users,
                                           admin=users["congress"])
    await bind(table.service, game, int(table.place))
    return game


def _id(table: Table, user: str) -> Any:
    class Member:
        id = int(table.standin.users[user]["id"])
    return Member()


def holder(seat: str) -> str:
    return PLAYERS[FACTIONS.index(seat)]


async def deciding(table: Table, game: str) -> str:
    return sorted(await table.service.active(game))[0]


def path_to(decision: DecisionView, text: str) -> list[int]:
    def walk(nodes: tuple[Node, ...], trail: list[int]) -> list[int] | None:
        for i, node in enumerate(nodes):
            if node.action is not None and node.action.text == text:
                return [*trail, i]
            found = walk(node.children, [*trail, i])
            if found:
                return found
        return None
    found = walk(decision.menu, [])
    assert found is not None, text
    return found


async def test_act_shows_the_decision_and_confirms_a_choice_step_by_step(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    decision = await table.service.decision(game, seat, "en")
    panel = await table.command("act", user=holder(seat))
    assert panel.private and decision.prompt.splitlines()[0] in panel.text
    target = next(c for c in decision.choices if c.verb == "operation")
    for index in path_to(decision, target.text):
        panel = await table.pick(panel, "pick:", str(index), user=holder(seat))
    assert "You chose" in panel.text and target.description in panel.text
    head = await table.service.head(game)
    done = await table.click(panel, "ok:", user=holder(seat))
    assert f"Done: {target.label}" in done.text
    assert await table.service.head(game) > head
    assert done.message["id"] == panel.message["id"]        # the same panel, updated


async def test_back_returns_to_the_menu_and_changes_nothing(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    panel = await table.command("act", user=holder(seat))
    chosen = await table.pick(panel, "pick:", "0", user=holder(seat))
    back = await table.click(chosen, "back:", user=holder(seat))
    assert any(i.startswith("pick:") for i in back.custom_ids())
    assert "You chose" not in back.text
    assert await table.service.head(game) == (await table.service.decision(game, seat, "en")).head


async def test_a_stale_panel_is_refused_and_changes_nothing(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    old = await table.command("act", user=holder(seat))
    chosen = await table.pick(old, "pick:", "0", user=holder(seat))
    await table.command("do", user=holder(seat), choice="pass")
    head = await table.service.head(game)
    stale = await table.click(chosen, "ok:", user=holder(seat), locale="it")
    assert "non è più attuale" in stale.text
    assert await table.service.head(game) == head


async def test_do_suggests_legal_choices_in_the_users_language(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    found = await table.suggest("do", "choice", user=holder(seat), locale="es-ES", choice="pas")
    names = [c["name"] for c in found]
    assert names and all(n.lower().startswith("pasar") for n in names)
    assert "pass" in [c["value"] for c in found]
    typed = await table.command("do", user=holder(seat), locale="es-ES", choice="pasar")
    assert "Hecho" in typed.text
    assert seat not in await table.service.active(game)


async def test_an_illegal_or_unknown_choice_is_refused_privately(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    head = await table.service.head(game)
    for text in ("fly to the moon", "assault"):
        refused = await table.command("do", user=holder(seat), choice=text)
        assert refused.private and "Done" not in refused.text
    active = await table.service.active(game)
    other = next(f for f in FACTIONS if f not in active)
    wrong = await table.command("do", user=holder(other), choice="pass", locale="es-ES")
    assert wrong.private and "Congreso" in wrong.text and "Raj" in wrong.text
    await table.service.seat(game, holder_seat := "revolutionaries", None, by_user=None,
                             moderator=True)
    stranger = await table.command("do", user=holder(holder_seat), choice="pass")
    assert stranger.private and "hold no Faction" in stranger.text
    assert await table.service.head(game) == head


async def test_the_admin_acts_for_a_seat_by_naming_it_and_the_digest_says_so(table: Table
                                                                             ) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    admin = holder("congress")
    if seat == "congress":
        await table.command("do", user=admin, choice="pass")
        seat = await deciding(table, game)
    done = await table.command("do", user=admin, choice="pass", seat=seat)
    assert "Done" in done.text
    assert "taken for them by the game's admin" in await table.service.digest(game, "en")


async def play_until(table: Table, game: str, wanted: Any, rng: random.Random,
                     limit: int = 400) -> tuple[str, Action]:
    """Play at random (through the service) until some seat is offered a choice that
    ``wanted`` accepts; that seat and choice."""
    admin = user_key(_id(table, holder("congress")))
    for _ in range(limit):
        for seat in FACTIONS:
            for action in (await table.service.decision(game, seat, "en")).choices:
                if wanted(action.action):
                    return seat, action.action
        seat = await deciding(table, game)
        offered = [c.action for c in (await table.service.decision(game, seat, "en")).choices]
        await table.service.act(game, seat, admin, concrete(pick(rng, offered), rng),
                                moderator=True)
    raise AssertionError("never offered")


def _amount(action: Action) -> Amount | None:
    return next((v for _, v in action.values if isinstance(v, Amount)), None)


def _few(action: Action) -> bool:
    amount = _amount(action)
    return amount is not None and amount.high - amount.low + 1 <= NUMBERS_IN_A_MENU


def _many(action: Action) -> bool:
    amount = _amount(action)
    return amount is not None and amount.high - amount.low + 1 > NUMBERS_IN_A_MENU


@pytest.mark.parametrize("wanted", [_few, _many], ids=["menu", "form"])
async def test_an_open_number_is_picked_from_a_menu_or_typed_in_a_form(table: Table,
                                                                      wanted: Any) -> None:
    game = await seeded(table, "numbers")
    rng = random.Random(3)
    seat, action = await play_until(table, game, wanted, rng)
    amount = _amount(action)
    assert amount is not None
    panel = await table.command("act", user=holder(seat), seat=seat)
    decision = await table.service.decision(game, seat, "en")
    for index in path_to(decision, action.text):
        panel = await table.pick(panel, "pick:", str(index), user=holder(seat))
    assert panel.find("ok:")["disabled"]            # no number yet
    if amount.high - amount.low + 1 <= NUMBERS_IN_A_MENU:
        panel = await table.pick(panel, "num:", str(amount.low), user=holder(seat))
    else:
        form = await table.click(panel, "type:", user=holder(seat))
        assert form.interaction.answered.result().json["type"] == 9
        modal_id = form.interaction.answered.result().json["data"]["custom_id"]
        wrong = await table.fill(modal_id, {"number": "lots"}, user=holder(seat))
        assert "not a number" in wrong.text
        await table.click(panel, "type:", user=holder(seat))   # a submitted form is closed
        panel = await table.fill(modal_id, {"number": str(amount.low)}, user=holder(seat))
    assert f"→ {amount.low}" in panel.text
    head = await table.service.head(game)
    await table.click(panel, "ok:", user=holder(seat))
    assert await table.service.head(game) > head


async def test_a_panel_drawn_before_a_restart_still_works(
        table: Table, start_bot: Callable[[], Awaitable[CourierBot]]) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    decision = await table.service.decision(game, seat, "en")
    target = next(c for c in decision.choices if c.verb == "operation")
    panel = await table.command("act", user=holder(seat))
    await table.bot.close()
    table.bot = await start_bot()                     # a new process would do the same
    for index in path_to(decision, target.text):
        panel = await table.pick(panel, "pick:", str(index), user=holder(seat))
    assert "You chose" in panel.text
    head = await table.service.head(game)
    await table.click(panel, "ok:", user=holder(seat))
    assert await table.service.head(game) > head
