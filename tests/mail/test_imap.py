"""The gateway polling a mailbox: a real IMAP server on loopback (pymap, its in-memory
backend, in a process of its own), mail delivered into it with APPEND as the group's mail
server would, answers through the relay."""

from __future__ import annotations

import asyncio
import dataclasses
import imaplib
import logging
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest

from bot.config import Imap
from bot.mail.app import MailServer
from bot.mail.inbound import ImapInbound
from tests.mail.conftest import GATEWAY, Player, settled

USER, PASSWORD = "gateway", "mailbox password"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
async def mailbox() -> AsyncIterator[Imap]:
    """An IMAP server with one empty mailbox, for as long as the test."""
    pytest.importorskip("pymap")
    program = shutil.which("pymap") or str(Path(sys.executable).parent / "pymap")
    port = free_port()
    server = await asyncio.create_subprocess_exec(
        program, "--host", "127.0.0.1", "--port", str(port), "dict", "--demo-user", USER,
        "--demo-password", PASSWORD, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        else:
            pytest.fail("the IMAP server did not start")
        yield Imap(host="127.0.0.1", port=port, ssl=False, starttls=False, user=USER,
                   password=PASSWORD, poll_seconds=0.1)
    finally:
        server.terminate()
        await server.wait()


def deliver(box: Imap, mail: EmailMessage) -> None:
    """What the group's mail server does with a mail for the gateway: into its mailbox."""
    imap = imaplib.IMAP4(box.host, box.port)
    imap.login(box.user, box.password)
    imap.append("INBOX", None, None, mail.as_bytes(policy=SMTP))
    imap.logout()


def left_in(box: Imap) -> int:
    imap = imaplib.IMAP4(box.host, box.port)
    imap.login(box.user, box.password)
    imap.select("INBOX")
    _, data = imap.uid("SEARCH", "UNDELETED")
    imap.logout()
    return len(data[0].split()) if data and data[0] else 0


async def test_mail_is_taken_from_a_mailbox_and_removed_from_it(
        start_gateway: Callable[..., Awaitable[MailServer]], player: Callable[[str], Player],
        mailbox: Imap) -> None:
    server = await start_gateway(inbound="imap", imap=mailbox, max_bytes=32 * 1024)
    ann = player("ann@example.org")
    await asyncio.to_thread(deliver, mailbox, ann.message("", "NEW gandhi short"))
    await asyncio.to_thread(deliver, mailbox,
                            ann.message("STATUS\n" + "x" * 40_000, "too long", GATEWAY))
    for _ in range(200):
        if len(server.gateway.outcomes) >= 2:
            break
        await asyncio.sleep(0.05)
    await settled(server)
    created, refused = ann.inbox
    assert created.subject.startswith("[courier ") and "admin" in created.reply_to
    assert "too large" in refused.text
    game = created.subject.split()[-1]

    # a reply to the gateway's mail, addressed with the admin's ticket (To: header)
    await asyncio.to_thread(deliver, mailbox, ann.message(
        f"JOIN {game} congress", f"Re: {created.subject}", created.reply_to))
    for _ in range(200):
        if len(server.gateway.outcomes) >= 3:
            break
        await asyncio.sleep(0.05)
    await settled(server)
    assert "You play Congress" in ann.last().subject
    assert await asyncio.to_thread(left_in, mailbox) == 0


async def test_a_refused_login_stops_the_gateway_process_in_one_line(
        mailbox: Imap, tmp_path: Path) -> None:
    """A wrong password is a setting to fix: ``courier mail`` says so once and exits 2
    instead of logging a warning at every poll."""
    from tests.mail.test_process import COURIER, SECRET, free_port, one_line_refusal

    (tmp_path / "config.toml").write_text(
        f'[mail]\naddress = "courier@games.test"\ninbound = "imap"\n'
        f'[mail.imap]\nhost = "127.0.0.1"\nport = {mailbox.port}\nssl = false\n'
        f'starttls = false\nuser = "{USER}"\npassword = "not the password"\n'
        f'[mail.relay]\nhost = "127.0.0.1"\nport = {free_port()}\nstarttls = false\n',
        encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")} | {
        "COURIER_DB": str(tmp_path / "games.db"),
        "COURIER_CONFIG": str(tmp_path / "config.toml"), "COURIER_MAIL_SECRET": SECRET}
    result = await asyncio.to_thread(subprocess.run, [COURIER, "mail"], env=env,
                                     cwd=tmp_path, capture_output=True, text=True,
                                     timeout=60)
    said = one_line_refusal(result)
    assert f"login as {USER} refused" in said and "[mail.imap]" in said


async def test_a_login_refused_while_running_is_logged_once_and_its_end_too(
        start_gateway: Callable[..., Awaitable[MailServer]], mailbox: Imap,
        caplog: pytest.LogCaptureFixture) -> None:
    server = await start_gateway(inbound="imap", imap=mailbox)
    inbound = server.inbound
    assert isinstance(inbound, ImapInbound)
    right = inbound.config
    inbound.config = dataclasses.replace(right, password="changed on the server")
    caplog.set_level(logging.WARNING, "courier.mail")
    seen = inbound.polls
    for _ in range(4):   # each poll refused; the pause doubles from 0.1 s
        inbound.wake()
        while inbound.polls == seen:
            await asyncio.sleep(0.02)
        seen = inbound.polls
    refusals = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == 1 and refusals[0].levelno == logging.ERROR
    inbound.config = right
    inbound.wake()
    while inbound.polls == seen:
        await asyncio.sleep(0.02)
    assert any("works again" in r.getMessage() for r in caplog.records)
