"""/game's looking, conduct and log commands, their autocomplete and buttons, each through
the real command tree and the stand-in."""

from __future__ import annotations

import gzip
import io
import random

import pytest
from PIL import Image

from engine.fuzz import concrete, pick
from tests.discord.table import Table
from tests.discord.test_acting import deciding, holder, seeded


async def played(table: Table, moves: int = 40, seed: str = "views") -> str:
    """A seeded game played some way at random (through the service, by the admin)."""
    game = await seeded(table, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = await deciding(table, game)
        offered = [c.action for c in (await table.service.decision(game, seat, "en")).choices]
        await table.service.act(game, seat, None, concrete(pick(rng, offered), rng),
                                moderator=True)
    return game


def png_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


async def test_status_is_private_and_in_the_users_language(table: Table) -> None:
    await played(table, 5)
    english = await table.command("game status")
    assert english.private and "Victory Points" in english.text
    assert "Unshaded:" in english.text and "Shaded:" in english.text    # the card's texts
    assert "To decide:" in english.text
    italian = await table.command("game status", locale="it")
    assert "Punti Vittoria" in italian.text


async def test_board_lists_every_space_as_text(table: Table) -> None:
    await played(table, 5)
    board = await table.command("game board", locale="es-ES")
    assert board.private and "Provincias" in board.text and "Punjab" in board.text


async def test_map_now_and_at_an_earlier_moment(table: Table) -> None:
    await played(table, 60)
    now = await table.command("game map")
    files = now.message["attachments"]
    assert [f["filename"] for f in files] == ["map.png"]
    moments = await table.suggest("game map", "at", at="")
    assert moments and moments[-1]["value"] == 0            # oldest last: the setup
    assert any("Card" in m["name"] for m in moments)
    earlier = await table.command("game map", at=moments[-1]["value"])
    data = table.standin.files[earlier.message["attachments"][0]["id"]]
    assert png_size(data)[0] >= 1000
    wrong = await table.command("game map", at=999)
    assert wrong.private and "from 0 to" in wrong.text


async def test_replay_of_a_range_is_an_animation(table: Table) -> None:
    await played(table, 30)
    reply = await table.command("game replay", first=0, last=1)
    [animation] = reply.message["attachments"]
    assert animation["filename"].startswith("replay.")
    assert animation["size"] > 1000


async def test_history_pages_back_and_since_my_last_turn(table: Table) -> None:
    game = await played(table, 40)
    page = await table.command("game history")
    assert page.private and "History" in page.text
    older = await table.click(page, "older:")
    assert older.message["id"] == page.message["id"] and older.text != page.text
    seat = await deciding(table, game)
    mine = await table.command("game history", user=holder(seat), mine=True)
    assert "Since your last turn" in mine.text


async def test_export_then_import_gives_a_game_that_verifies(table: Table) -> None:
    await played(table, 30)
    exported = await table.command("game export")
    [log] = exported.message["attachments"]
    assert log["filename"].endswith(".jsonl")
    data = table.standin.files[log["id"]]
    verified = await table.command("game verify")
    assert "check out" in verified.text
    table.place = table.standin.channel_id
    imported = await table.command("game import", log=("game.jsonl.gz", gzip.compress(data)))
    assert "Imported" in imported.text and "verified" in imported.text
    thread = [c for c in table.standin.channels.values() if c["type"] == 11][-1]
    table.place = thread["id"]
    status = await table.command("game status")
    assert "Imported from a log" in status.text
    refused = await table.command("do", user=holder("raj"), choice="pass", seat="raj")
    assert refused.private and "cannot be continued" in refused.text


async def test_import_of_a_file_that_is_not_a_log_says_why(table: Table) -> None:
    reply = await table.command("game import", log=("notes.txt", b"hello\nworld\n"))
    assert reply.private and "not valid" in reply.text


async def test_the_admin_seats_and_unseats_others_and_players_only_themselves(
        table: Table) -> None:
    game = await seeded(table)
    freed = await table.command("game unseat", user="bob", faction="raj")   # bob's own
    assert "free" in freed.text
    refused = await table.command("game unseat", user="dave", faction="congress")
    assert refused.private and "held by someone else" in refused.text
    seated = await table.command("game seat", user="alice", member="dave", faction="raj")
    assert "now plays Raj" in seated.text
    users = await table.service.seat_users(game)
    assert users["raj"] == users["revolutionaries"]


async def test_deadline_and_abandon_are_for_the_admin(table: Table) -> None:
    game = await seeded(table)
    refused = await table.command("game deadline", user="bob", hours=12)
    assert refused.private and "admin" in refused.text
    set_ = await table.command("game deadline", hours=12)
    assert "12 hours" in set_.text and await table.service.deadline(game) == 12
    off = await table.command("game deadline", hours=0)
    assert "No deadline" in off.text and await table.service.deadline(game) is None
    not_admin = await table.command("game abandon", user="bob")
    assert "admin" in not_admin.text and not not_admin.custom_ids()
    sure = await table.command("game abandon", user="carol")          # a moderator
    done = await table.click(sure, "abandon:", user="carol")
    assert "abandoned" in done.text
    assert (await table.service.game_info(game)).abandoned
    await table.quiet()
    assert any("abandoned this game" in (p.get("content") or "") for p in table.posts())
    late = await table.command("do", user=holder("congress"), choice="pass")
    assert late.private and "abandoned" in late.text


async def test_a_player_who_asked_for_direct_messages_is_not_mentioned(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    user = holder(seat)
    opted = await table.command("game notify", user=user, where="dm")
    assert "direct message" in opted.text
    await table.bot.poster.stop()    # the next seat opts in before its turn is posted
    await table.service.act(game, seat, None, "pass", moderator=True)
    next_seat = await deciding(table, game)
    await table.command("game notify", user=holder(next_seat), where="dm")
    await table.service.act(game, next_seat, None, "pass", moderator=True)
    table.bot.poster.start()
    await table.quiet()
    dms = [c for c in table.standin.channels.values() if c["type"] == 1]
    assert dms, "no direct message channel was opened"
    mentioned = " ".join(p.get("content") or "" for p in table.posts())
    assert f"<@{table.standin.users[holder(next_seat)]['id']}>" not in mentioned or \
        next_seat == seat
    sent = [m for m in table.standin.messages.values() if m["channel_id"] in
            {c["id"] for c in dms}]
    assert sent and any(f"<#{table.place}>" in m["content"] for m in sent)
    panel = await table.click(sent[0], "open:", user=holder(next_seat))
    assert panel.private


async def test_the_decision_post_opens_the_clickers_panel(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    await table.command("game deadline", hours=24)                  # any outbox activity
    await table.service.act(game, seat, None, "pass", moderator=True)
    await table.quiet()
    call = next(p for p in reversed(table.posts()) if "your decision" in (p.get("content")
                                                                        or ""))
    now = await deciding(table, game)
    panel = await table.click(call, "open:", user=holder(now), locale="es-ES")
    assert panel.private and "tu decisión" in panel.text


async def test_undo_denied_with_a_button_changes_nothing_more(table: Table) -> None:
    game = await seeded(table)
    seat = await deciding(table, game)
    await table.service.act(game, seat, None, "pass", moderator=True)   # hands over
    asked = await table.command("game undo", user=holder(seat))
    assert "approve" in asked.text
    await table.quiet()
    request = next(p for p in reversed(table.posts()) if "asks to undo" in (p.get("content")
                                                                          or ""))
    other = next(u for u in ("bob", "carol", "dave") if u != holder(seat))
    denied = await table.click(request, "undo:", user=other, suffix=":no")
    assert denied.private and "denied" in denied.text
    await table.quiet()
    assert any("denied by" in (p.get("content") or "") for p in table.posts())
    again = await table.click(request, "undo:", user=other, suffix=":yes")
    assert "out of date" in again.text


@pytest.mark.parametrize(("command", "focused", "typed", "expect"), [
    ("game new", "game", "gan", "Gandhi"),
    ("game new", "scenario", "sho", "Short (1930–1947)"),
    ("game new", "players", "2", "2 players"),
    ("game new", "options", "guj", "Gujarat is a Province"),
])
async def test_new_suggests_games_scenarios_seatings_and_options(
        table: Table, command: str, focused: str, typed: str, expect: str) -> None:
    found = await table.suggest(command, focused, **{focused: typed, "game": "gandhi"}
                                if focused != "game" else {focused: typed})
    assert any(c["name"].startswith(expect) for c in found), found


async def test_options_build_up_one_after_another(table: Table) -> None:
    found = await table.suggest("game new", "options", game="gandhi",
                                options="gujarat=province att")
    values = [c["value"] for c in found]
    assert values and all(v.startswith("gujarat=province attack_unrest=") for v in values)
    made = await table.command("game new", game="gandhi", scenario="short",
                               options=values[0], players='[["congress", "muslim_league"], '
                               '["raj", "revolutionaries"]]')
    assert "Created" in made.text
    bad = await table.command("game new", game="gandhi", scenario="short", options="tea",
                              channel=table.standin.channel_id)
    assert bad.private and "key=value" in bad.text



async def test_new_suggests_the_bot_factions_one_after_another(table: Table) -> None:
    """Gandhi 8.0: the ``bots`` option offers the game's Factions, named in the user's
    language, each one once, keeping what was typed before."""
    first = await table.suggest("game new", "bots", game="gandhi", bots="rev",
                                locale="es-ES")
    assert [c["value"] for c in first] == ["revolutionaries"]
    assert first[0]["name"] == "Revolucionarios"
    then = await table.suggest("game new", "bots", game="gandhi", bots="revolutionaries ")
    values = [c["value"] for c in then]
    assert "revolutionaries raj" in values and not any(
        v.endswith("revolutionaries revolutionaries") for v in values)
    made = await table.command("game new", game="gandhi", scenario="short",
                               bots="revolutionaries raj")
    assert "Created" in made.text
