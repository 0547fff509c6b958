"""Points discord.py at a local stand-in when COURIER_DISCORD_API is set.

A test starts the real bot process with PYTHONPATH=tests/discord/hook and
COURIER_DISCORD_API=http://127.0.0.1:PORT; Python imports this module at start-up, before
the bot's code, so the bot runs unchanged. Nothing happens without the variable.
"""

import os

_base = os.environ.get("COURIER_DISCORD_API")
if _base:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    Route.BASE = _base.rstrip("/") + "/api/v10"
    _ws = _base.replace("http", "ws", 1).rstrip("/") + "/gateway/"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(_ws)
