"""The Discord front-end (DESIGN.md §5): slash commands, generated action panels, a pinned
status per game, and the outbox posted to each game's thread.

Every handler is thin: it finds the game from where it is used, calls the async service
(``bot.async_service``) and answers in the user's language.  Nothing here touches a state,
the store or a ruleset.

- ``app``: the client, its command tree and start-up (sync, persistent buttons, poster);
- ``here``: which game, user and language an interaction is about;
- ``replies``: answering within Discord's 3 seconds, errors as ephemeral messages;
- ``panel``: the ``/act`` panel built from a decision's menu tree, its persistent items;
- ``acting``: ``/act`` and ``/do`` (with autocomplete from the legal choices);
- ``game_commands``: ``/game ...``, a game's life;
- ``poster``: the outbox read with the ``discord`` cursor and posted to each game's place;
- ``translator``: command names and descriptions in Spanish and Italian;
- ``standin``/``shapes``: a local stand-in for Discord, for the tests and the benchmark.
"""
