"""`courier mail` as a group runs it: the config example's settings are the defaults
and name both ways mail comes in; a missing or broken setting, or a port taken, is one
line and exit status 2; the real process takes a mail by SMTP, answers through the relay,
and stops cleanly on SIGTERM (exit 0), the mail it was sending sent."""

from __future__ import annotations

import asyncio
import os
import signal
import smtplib
import socket
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

from bot.config import MailConfig, load_config
from bot.mail.settings import check
from engine.core.messages import CourierError
from tests.conftest import REPO
from tests.mail.conftest import Catcher

COURIER = Path(sys.executable).with_name("courier")   # the console script, as ./run runs it
SECRET = "a secret for the process test, long enough"


def test_the_config_example_holds_the_defaults_and_both_ways_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in os.environ if n.startswith("COURIER_")]:
        monkeypatch.delenv(name)
    example = REPO / "config.example.toml"
    config = load_config(example).mail
    assert config == MailConfig()          # what the example says is what courier does
    text = example.read_text(encoding="utf-8")
    assert "[mail.smtp]" in text and "[mail.imap]" in text and "[mail.relay]" in text
    with pytest.raises(CourierError) as refused:
        check(config)                      # the example alone is not a gateway
    assert refused.value.msg.key == "cli.mail_no_address"
    config.address, config.secret = "courier@games.example.org", SECRET
    check(config)                          # SMTP mode: an address and a secret suffice
    config.inbound = "imap"
    with pytest.raises(CourierError) as refused:
        check(config)
    assert refused.value.msg.key == "cli.mail_no_imap"
    config.imap.host, config.imap.user = "imap.example.org", "courier@games.example.org"
    check(config)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def place(tmp_path: Path, relay_port: int, smtp_port: int, extra: str = "") -> dict[str, str]:
    (tmp_path / "config.toml").write_text(
        f'[mail]\naddress = "courier@games.test"\n{extra}\n'
        f'[mail.smtp]\nhost = "127.0.0.1"\nport = {smtp_port}\n'
        f'[mail.relay]\nhost = "127.0.0.1"\nport = {relay_port}\nstarttls = false\n',
        encoding="utf-8")
    base = {k: v for k, v in os.environ.items() if not k.startswith("COURIER_")}
    return base | {"COURIER_DB": str(tmp_path / "games.db"),
                   "COURIER_CONFIG": str(tmp_path / "config.toml"),
                   "COURIER_MAIL_SECRET": SECRET}


def one_line_refusal(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stdout + result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result.stderr


def test_missing_and_broken_settings_are_one_line(tmp_path: Path) -> None:
    env = place(tmp_path, free_port(), free_port())
    run = {"cwd": tmp_path, "capture_output": True, "text": True, "timeout": 60}
    no_secret = {k: v for k, v in env.items() if k != "COURIER_MAIL_SECRET"}
    said = one_line_refusal(subprocess.run([COURIER, "mail"], env=no_secret, **run))
    assert "COURIER_MAIL_SECRET" in said
    (tmp_path / "config.toml").write_text('[mail]\naddress = "courier@games.test"\n'
                                          'max_bytes = "big"\n[mail.smtp]\nport = 99999\n')
    said = one_line_refusal(subprocess.run([COURIER, "mail"], env=env, **run))
    assert "max_bytes must be a whole number" in said
    (tmp_path / "config.toml").write_text('[mail]\naddress = "courier@games.test"\n'
                                          '[mail.smtp]\nport = 99999\n')
    said = one_line_refusal(subprocess.run([COURIER, "mail"], env=env, **run))
    assert "smtp.port must be a port number" in said
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        env = place(tmp_path, free_port(), taken.getsockname()[1])
        said = one_line_refusal(subprocess.run([COURIER, "mail"], env=env, **run))
    assert "cannot listen on 127.0.0.1:" in said
    said = one_line_refusal(subprocess.run([COURIER, "bench-mail", "--turns", "0"], env=env,
                                           **run))
    assert "--turns" in said


async def test_the_gateway_process_answers_and_stops_cleanly(
        tmp_path: Path, relay: Catcher) -> None:
    port = free_port()
    env = place(tmp_path, relay.port, port)
    proc = await asyncio.create_subprocess_exec(
        COURIER, "mail", env=env, cwd=tmp_path, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    try:
        await _listening(port)
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = "ann@example.org", "courier@games.test", \
            "NEW gandhi short"
        mail.set_content("")
        await asyncio.to_thread(_send, port, mail)   # 250 once the game and answer are kept
        proc.send_signal(signal.SIGTERM)              # at once: the answer is still to go
        out, err = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    said = out.decode() + err.decode()
    assert proc.returncode == 0, said
    assert "Traceback" not in said and SECRET not in said
    assert "SIGTERM: stopping" in said and "created" in said
    assert "mail.log" not in said                 # no line per SMTP command
    created = relay.to("ann@example.org")
    assert len(created) == 1 and "New game" in created[0].subject


async def _listening(port: int, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if loop.time() > end:
                raise AssertionError("the gateway did not listen") from None
            await asyncio.sleep(0.1)
            continue
        writer.close()
        await writer.wait_closed()
        return


def _send(port: int, mail: EmailMessage) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        smtp.send_message(mail)
