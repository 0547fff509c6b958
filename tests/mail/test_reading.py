"""Reading a mail without the network: its order lines (quotes, signatures, HTML), the
orders in three languages, the tickets, and the gateway's catalogue."""

from __future__ import annotations

import tomllib
from email.message import EmailMessage
from email.policy import SMTP

import pytest

import engine.games
from bot.mail.orders import keywords, read_orders
from bot.mail.reading import html_text, order_lines, read_mail
from bot.mail.tickets import Home, Signer, Ticket, game_in_subject, tickets_in
from engine.core import ruleset as registry
from engine.core.parse import reader
from engine.i18n import LANGUAGES
from tests.conftest import REPO


def test_quoted_text_attributions_and_signatures_are_left_out() -> None:
    text = """event shaded
  in Delhi\t

> Your decision: Raj
> Reply with one of these lines
On Mon, 23 Nov 2026 at 12:00, courier <courier@games.test> wrote:
> pass
"""
    assert order_lines(text) == ["event shaded", "in Delhi"]
    assert order_lines("pass\n-- \nAnn, Tel. 555\n") == ["pass"]
    assert order_lines("pass\n\nSent from my phone\n") == ["pass"]
    assert order_lines("deploy\nEl lun, 23 nov 2026, Ana <a@b.es>\nescribió:\n> x") == \
        ["deploy"]
    assert order_lines("passa\nIl giorno lun 23 nov 2026, courier ha scritto:\n> x") == \
        ["passa"]
    assert order_lines("pass\n-----Original Message-----\nFrom: x\n") == ["pass"]
    assert order_lines("pass\nFrom: courier <courier@games.test>\nSent: Monday\n") == \
        ["pass"]
    assert order_lines("> only quoted\n>> older\n") == []
    assert order_lines("\u200bpass\u00a0 \n") == ["pass"]


def test_html_is_read_as_lines_without_its_quotes() -> None:
    html = ("<html><head><style>p {color: red}</style></head><body><div>deploy</div>"
            "<div>in&nbsp;Delhi<br>done</div><div class=\"gmail_quote\">On Mon, courier "
            "wrote:<blockquote><div>pass</div></blockquote></div></body></html>")
    assert order_lines(html_text(html)) == ["deploy", "in Delhi", "done"]


def test_orders_are_read_in_three_languages_and_the_rest_are_choices() -> None:
    orders, problems = read_orders([
        "STATUS", "situación", "Situazione", "tablero", "MAPPA", "historial desde 12",
        "storia da 3", "history 5", "DESHACER", "approva", "denegar", "LANG es",
        "idioma italiano", "rally in Punjab", "UNIRSE g1 liga musulmana"])
    assert not problems
    kinds = [o.kind for o in orders]
    assert kinds == ["status", "status", "status", "board", "map", "history", "history",
                     "history", "undo", "approve", "deny", "lang", "lang", "choice", "join"]
    _, problems = read_orders(["STATUS now", "HISTORY since x", "LANG fr", "JOIN g1",
                               "OPTION gujarat", "NEW a b c"])
    assert [p.number for p in problems] == [1, 2, 3, 4, 5, 6]
    assert problems[0].reason.render("it") == "STATUS non vuole altro."


@pytest.mark.parametrize("name", ["gandhi", "toy"])
def test_no_order_word_is_the_first_word_of_a_choice(name: str) -> None:
    """A gateway order is known by its first word: no game's choice may begin with it
    (``estado`` and ``stato`` are Gandhi's, so STATUS is ``situación``/``situazione``)."""
    engine.games.load()
    vocab = registry.get(name).vocabulary
    read = reader(vocab)
    firsts = {phrase[0] for verb in vocab.verbs for pattern, _ in read.of_verb(verb)
              if pattern and not pattern[0].slot for phrase in pattern[0].phrases if phrase}
    assert not firsts & set(keywords()), firsts & set(keywords())


SWITCHES = {"mail.word.since", "mail.word.on", "mail.word.off"}   # words after an order


def test_the_gateway_catalogues_keep_the_same_keys() -> None:
    def flat(table: dict[str, object], prefix: str = "") -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in table.items():
            out.update(flat(value, f"{prefix}{key}.") if isinstance(value, dict)
                       else {prefix + key: str(value)})
        return out

    folder = REPO / "bot" / "mail" / "locales"
    found = {lang: flat(tomllib.loads((folder / f"{lang}.toml").read_text("utf-8")))
             for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert set(found[lang]) == set(found["en"]), (lang, set(found[lang]) ^ set(found["en"]))
        assert all(v.strip() for v in found[lang].values())
    words = [w.strip() for lang in LANGUAGES for k, v in found[lang].items()
             if k.startswith("mail.word.") and k not in SWITCHES for w in v.split(",")]
    folded = [w.lower() for w in words]
    assert len(set(folded)) == len(set(keywords())), "a word names two orders"


def test_tickets_name_their_seat_holder_and_generation() -> None:
    signer = Signer("a test secret, long enough")
    home = Home.of("Courier@Games.Test")
    ticket = signer.ticket("A1b2", "raj", "mail:bob@example.org", 0)
    assert signer.valid(ticket, "A1b2", "mail:bob@example.org", 0)
    assert not signer.valid(ticket, "A1b2", "mail:bob@example.org", 1)     # rotated
    assert not signer.valid(ticket, "A1b2", "mail:eve@example.org", 0)     # new holder
    assert not Signer("another secret, long enough").valid(ticket, "A1b2",
                                                           "mail:bob@example.org", 0)
    address = home.with_ticket(ticket)
    assert address == f"courier+a1b2.raj.{ticket.token}@games.test"
    assert tickets_in(home, [address.upper(), "other@games.test"], "") == [ticket]
    assert tickets_in(home, [f"courier+a1b2.raj.{ticket.token}@elsewhere.test"], "") == []
    assert tickets_in(home, [], f"Re: [courier {ticket.text}] hi") == [ticket]
    assert Ticket.read("g.raj.short") is None
    assert game_in_subject("Re: [courier a1b2] Your decision") == "a1b2"
    assert game_in_subject(f"[courier {ticket.text}] x") == "a1b2"


def test_a_mail_is_read_whatever_it_is_made_of() -> None:
    def read(mail: EmailMessage | bytes, **kwargs: object) -> object:
        raw = mail if isinstance(mail, bytes) else mail.as_bytes(policy=SMTP)
        return read_mail(raw, own=lambda m: False, max_bytes=10_000, **kwargs)  # type: ignore[arg-type]

    mail = EmailMessage()
    mail["From"] = "Bob <Bob@Example.org>"
    mail["To"] = "courier+g.raj.abcdefghijklmnop@games.test"
    mail["Subject"] = "=?utf-8?q?Re=3A_=5Bcourier_g=5D_Tu_decisi=C3=B3n?="
    mail.set_content("pasar\n")
    found = read(mail, envelope_to=["courier+g.raj.abcdefghijklmnop@games.test"])
    assert found.sender == "bob@example.org" and found.lines == ("pasar",)  # type: ignore[attr-defined]
    assert found.subject == "Re: [courier g] Tu decisión"  # type: ignore[attr-defined]
    assert read(b"\x00\xff not a mail at all").ignored == "bounce"  # type: ignore[attr-defined]
    big = read(mail, size=20_000)
    assert big.problem == "too_large" and not big.lines  # type: ignore[attr-defined]


def test_headers_are_read_as_sent_and_only_texts_decoded() -> None:
    def read(raw: bytes) -> object:
        return read_mail(raw, own=lambda m: False, max_bytes=10_000)

    named = read(b"From: =?utf-8?q?Doe=2C_J=C3=B6hn?= <John@X.org>\nTo: courier@g.test\n"
                 b"Subject: =?iso-8859-1?q?Jos=E9?= y =?utf-8?b?w7E=?=\n\npass\n")
    assert named.sender == "john@x.org"          # type: ignore[attr-defined]  # the comma
    assert named.subject == "José y ñ"            # type: ignore[attr-defined]
    raw = read(b"From: ann@x.org\nTo: courier@g.test\nSubject: Re: [courier g] caf\xc3\xa9"
               b"\n  folded\nSubject: =?bogus?q?x?=\n\npass\n")
    assert raw.subject == "Re: [courier g] café folded, =?bogus?q?x?="  # type: ignore[attr-defined]


def test_the_text_is_the_first_plain_part_outside_attachments() -> None:
    def lines(mail: EmailMessage) -> object:
        found = read_mail(mail.as_bytes(policy=SMTP), own=lambda m: False, max_bytes=100_000)
        return found.lines or found.problem  # type: ignore[attr-defined]

    both = EmailMessage()
    both["From"], both["To"] = "ann@x.org", "courier@g.test"
    both.set_content("<p>rally</p>", subtype="html")
    both.add_alternative("pass\n")                     # the plain part, after the HTML
    assert lines(both) == ("pass",)
    forwarded = EmailMessage()
    forwarded["From"], forwarded["To"] = "ann@x.org", "courier@g.test"
    forwarded.set_content("")
    inner = EmailMessage()
    inner.set_content("undo\n")
    forwarded.add_attachment(inner)                    # a mail attached is not read
    forwarded.add_attachment(b"rally\n", maintype="text", subtype="plain",
                             filename="orders.txt")    # nor a text file attached
    assert lines(forwarded) == ""                      # an empty text: no orders
    latin = EmailMessage()
    latin["From"], latin["To"] = "ann@x.org", "courier@g.test"
    latin.set_content("situación\n", charset="iso-8859-1", cte="8bit")
    assert lines(latin) == ("situación",)
    unknown = (b"From: ann@x.org\nTo: courier@g.test\nContent-Type: text/plain; "
               b"charset=x-nowhere\n\nsituaci\xc3\xb3n\n")
    found = read_mail(unknown, own=lambda m: False, max_bytes=10_000)
    assert found.lines == ("situación",)
