"""Thin discord.py cogs. Every cog module the bot loads is listed in ``EXTENSIONS``.

Slash commands live under one ``/tapp`` command shared by all cogs, in a group per
concern; see :mod:`cogs.group` for how a cog adds its commands to it. A cog imports no
other cog: what they share is the kit beside them (:mod:`cogs.group`, :mod:`cogs.base`,
:mod:`cogs.choices`) or in ``bot`` (the interaction's
:class:`~bot.connection.context.Context`: languages, answers, refusals).
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
    "cogs.series",
    "cogs.league",
    "cogs.servers",
)
