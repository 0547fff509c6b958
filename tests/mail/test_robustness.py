"""What arrives at a mail gateway besides players' orders: auto-replies, bounces, mailing
lists, its own mail coming back, mail too large, HTML only, a wrong charset, attachments.
None of it crashes the gateway or acts; a loop gets no answer at all; and one address gets
at most ``replies_per_hour`` answers."""

from __future__ import annotations

import smtplib
from collections.abc import Awaitable, Callable

import pytest

from bot.mail.app import MailServer
from tests.mail.conftest import Clock, Player, Servers, decider, game_by_mail, settled
from tests.mail.people import choices_in


async def test_loops_bounces_and_lists_get_no_answer_and_change_nothing(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway()
    players = {n: player(f"{n}@example.org") for n in ("ann", "bob", "cat", "dan")}
    game = await game_by_mail(server, players)
    someone = decider(players)
    address = someone.last().reply_to
    head, mails = await server.gateway.service.head(game), len(someone.relay.mails)
    typed = choices_in(someone.last().text)[-1][1]

    await someone.send(typed, to=address, Auto_Submitted="auto-replied")
    await someone.send(typed, to=address, Precedence="bulk")
    await someone.send(typed, to=address, List_Id="<games.lists.example.org>")
    await someone.send(typed, to=address, X_Autoreply="yes")
    await someone.send(typed, to=address, envelope_from="")          # a bounce: MAIL FROM:<>
    daemon = someone.message(typed, "Undelivered Mail", address)
    daemon.replace_header("From", "MAILER-DAEMON@example.org")
    await someone.deliver(daemon)
    report = someone.message("", "Delivery Status Notification", address)
    report.set_type("multipart/report")
    await someone.deliver(report)
    ours = someone.last().message                                 # our own mail, back again
    await someone.deliver(ours.as_bytes(), to=address)
    await settled(server)

    outcomes = [o for _, o in server.gateway.outcomes[-8:]]
    assert all(o.startswith("ignored") for o in outcomes), outcomes
    assert {"ignored (auto)", "ignored (bulk)", "ignored (list)", "ignored (bounce)",
            "ignored (own)"} == set(outcomes)
    assert len(someone.relay.mails) == mails
    assert await server.gateway.service.head(game) == head


async def test_odd_mail_is_read_or_refused_never_crashes(
        start_gateway: Callable[..., Awaitable[MailServer]],
        player: Callable[[str], Player]) -> None:
    server = await start_gateway(max_bytes=64 * 1024)
    players = {n: player(f"{n}@example.org") for n in ("ann", "bob", "cat", "dan")}
    game = await game_by_mail(server, players)
    service = server.gateway.service
    someone = decider(players)
    address = someone.last().reply_to

    # too large: refused by the SMTP server itself (552), before anything is read
    with pytest.raises((smtplib.SMTPDataError, smtplib.SMTPSenderRefused)) as refused:
        await someone.send("STATUS\n" + "x" * (100 * 1024), to=address)
    assert refused.value.smtp_code == 552

    # an attachment alone: no text to read
    alone = someone.message("", "", address)
    alone.clear_content()
    alone.add_attachment(b"\x89PNG fake", maintype="image", subtype="png", filename="a.png")
    await someone.deliver(alone)
    # a charset Python does not know, and bytes that are not what they claim
    odd = (f"From: {someone.address}\r\nTo: {address}\r\nSubject: Re: hi\r\n"
           "Message-ID: <odd-charset@example.org>\r\nMIME-Version: 1.0\r\n"
           "Content-Type: text/plain; charset=x-unheard-of\r\n"
           "Content-Transfer-Encoding: 8bit\r\n\r\nSTATUS \xff\xfe\r\n").encode("latin-1")
    await someone.deliver(odd, to=address)
    lying = (f"From: {someone.address}\r\nTo: {address}\r\nSubject: Re: hi\r\n"
             "Message-ID: <lying-utf8@example.org>\r\nMIME-Version: 1.0\r\n"
             "Content-Type: text/plain; charset=utf-8\r\n"
             "Content-Transfer-Encoding: 8bit\r\n\r\nBOARD\r\n\xe9t\xe9\r\n").encode("latin-1")
    await someone.deliver(lying, to=address)
    await settled(server)
    texts = [m.text for m in someone.inbox[-3:]]
    assert "no text" in texts[0]
    assert "Line 1 (“STATUS \ufffd\ufffd”)" in texts[1]         # read, and refused
    assert "Line 2 (“\ufffdt\ufffd”)" in texts[2]

    # HTML only, with the previous mail quoted in a blockquote; an attachment beside text
    typed = choices_in(someone.last().text)[0][1] if choices_in(someone.last().text) else ""
    head = await service.head(game)
    html = someone.message("", "Re: your decision", address)
    html.clear_content()
    html.set_content(f"<html><body><div>STATUS</div><div><br></div><blockquote>"
                     f"<div>{typed}</div></blockquote></body></html>", subtype="html")
    await someone.deliver(html)
    both = someone.message("MAP", "Re: your decision", address)
    both.add_attachment(b"not read", maintype="application", subtype="octet-stream",
                        filename="orders.txt")
    await someone.deliver(both)
    await settled(server)
    assert "Status" in someone.inbox[-2].text and "map.png" in someone.inbox[-1].attachments
    assert await service.head(game) == head


async def test_answers_to_one_address_are_limited_per_hour_across_restarts(
        servers: Servers, player: Callable[[str], Player], clock: Clock) -> None:
    server = await servers.start(replies_per_hour=3)
    stranger = player("stranger@example.org")
    for n in range(4):
        await stranger.send(f"pass {n}", subject="hello")
    await settled(server)
    await servers.stop(server)
    server = await servers.start(replies_per_hour=3)      # the count is kept
    await stranger.send("pass", subject="hello")
    await settled(server)
    assert len(stranger.inbox) == 3
    assert all("no seat's secret" in m.text for m in stranger.inbox)
    dropped = [o for _, o in server.gateway.outcomes if "rate limit" in o]
    assert len(dropped) == 1
    clock.advance(1.01)                                   # an hour later
    await stranger.send("pass", subject="hello")
    await settled(server)
    assert len(stranger.inbox) == 4
