"""The play-by-e-mail gateway (DESIGN.md §5, issue 15): players send orders in the body
of a mail and get every turn's digest, status, board, map and their choices back.  A
sibling of the Discord front-end: both read the service's outbox with their own cursor,
so one game may have seats played on Discord and seats played by e-mail.

- ``app``: ``courier mail``: the gateway, its inbound and its postman on one event loop;
- ``inbound``: the gateway's own SMTP server (aiosmtpd), or polling an IMAP mailbox;
- ``gateway``: one mail at a time: read, checked, carried out or refused;
- ``reading``: a mail read defensively (text part, quotes and signatures, loops);
- ``orders``: the gateway's orders in three languages, and the choice lines;
- ``tickets``/``identity``: each seat's secret in a signed Reply-To address;
- ``postman``: the outbox and the gateway's answers, handed to the relay;
- ``compose``: the mails themselves; ``relay``: sending through SMTP;
- ``notes``: what the gateway keeps between mails (the service's notes for ``mail``).
"""
