"""Thin discord.py cogs. Every cog module the bot loads is listed in ``EXTENSIONS``.

Slash commands live under one ``/tapp`` group shared by all cogs; see
:mod:`cogs.group` for how a cog adds its subcommands to it.
"""

EXTENSIONS: tuple[str, ...] = (
    "cogs.meta",
    "cogs.lobby",
    "cogs.table",
    "cogs.play",
    "cogs.standings",
    "cogs.review",
    "cogs.rules",
    "cogs.settings",
    "cogs.daily",
    "cogs.availability",
    "cogs.places",
)
