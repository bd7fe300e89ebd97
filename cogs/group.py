"""The shared ``/tapp`` command group and :class:`TappCog`, the base of every cog.

Each bot has one ``tapp`` group on its command tree. A cog adds subcommands to it by
subclassing :class:`TappCog` and declaring ordinary cog app commands::

    class Lobby(TappCog):
        @app_commands.command(name="new", description="Open a table in this channel")
        async def new(self, interaction: discord.Interaction, variant: str) -> None: ...

    async def setup(bot: TappBot) -> None:
        await add_tapp_cog(bot, Lobby(bot))

``TappCog`` moves the cog's (bound) commands into the group when it is created and
takes them out again on unload; ``add_tapp_cog`` adds the cog to the bot. A group with
its own subcommands (``/tapp settings show``) is declared as an ``app_commands.Group``
class attribute in the same way. Discord allows 25 subcommands per group.
"""

from __future__ import annotations

from typing import TypeVar

from discord import app_commands
from discord.ext import commands

from bot.connection.client import TappBot
from bot.i18n import t
from bot.tables.errors import Unavailable

T = TypeVar("T")

GROUP_NAME = "tapp"
GROUP_DESCRIPTION = t("cmd.tapp")


def tapp_group(tree: app_commands.CommandTree) -> app_commands.Group:
    """The tree's ``/tapp`` group, created and added on first use."""
    existing = tree.get_command(GROUP_NAME)
    if isinstance(existing, app_commands.Group):
        return existing
    group = app_commands.Group(name=GROUP_NAME, description=GROUP_DESCRIPTION, guild_only=True)
    tree.add_command(group)
    return group


class TappCog(commands.Cog):
    """A cog whose app commands are ``/tapp`` subcommands."""

    def __init__(self, bot: TappBot) -> None:
        self.bot: TappBot = bot
        self.tapp = tapp_group(bot.tree)
        self._subcommands = self.get_app_commands()  # top-level ones, bound to this cog
        for command in self._subcommands:
            self.tapp.add_command(command, override=True)

    async def cog_unload(self) -> None:
        for command in self._subcommands:
            if self.tapp.get_command(command.name) is command:
                self.tapp.remove_command(command.name)


def needed(part: T | None) -> T:
    """A part of the bot (``bot.tables``, ``bot.database`` ...) a command needs;
    :class:`Unavailable` while the bot has none (starting, or run without it)."""
    if part is None:
        raise Unavailable()
    return part


async def add_tapp_cog(bot: TappBot, cog: TappCog) -> None:
    """Add ``cog`` to ``bot``.

    discord.py registers a cog's app commands by their root, which for a ``TappCog`` is
    the shared group that is already on the tree; ``override=True`` lets it do so again
    (the same group object, so nothing is replaced).
    """
    await bot.add_cog(cog, override=True)
