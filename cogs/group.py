"""The shared ``/tapp`` command and :class:`TappCog`, the base of every cog.

Each bot has one ``tapp`` command on its command tree, and every command is under it,
grouped by concern (docs/commands.md says why each is where it is)::

    /tapp table new|leave|end|show|list      /tapp play hand|bid|card|trump|...
    /tapp stats leaderboard|player|history|web   /tapp daily play|standings
    /tapp series open|list|info|join|play|leave|standings|me|close|delete
    /tapp settings show|set|reset            /tapp quiet set|off|show, /tapp away set|off
    /tapp rules, /tapp about, /tapp ping

A cog adds its commands by subclassing :class:`TappCog` and declaring ordinary cog app
commands; its ``group`` names the group of :data:`GROUPS` they go in (None: right
under ``/tapp``)::

    class Lobby(TableCog):
        group = "table"

        @app_commands.command(name="new", description="Open a table in this channel")
        async def new(self, interaction: discord.Interaction, variant: str) -> None: ...

    async def setup(bot: TappBot) -> None:
        await add_tapp_cog(bot, Lobby(bot))

Several cogs may share a group (the lobby's and the places' commands are both in
the group ``table``). ``TappCog`` moves the cog's (bound) commands into place when it
is created and takes them out again on unload (a group left empty goes too);
``add_tapp_cog`` adds the cog to the bot. A cog's group of its own (``/tapp settings
show``) may also be an ``app_commands.Group`` class attribute, which goes right under
``/tapp``. Discord allows one level of groups (``/tapp group command``), 25 commands or
groups on each level and 100 top-level commands; tests/e2e/test_command_tree.py keeps
at least 5 free places in every group and under ``/tapp``.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from discord import app_commands
from discord.ext import commands

from bot.connection.client import TappBot
from bot.i18n import t
from bot.tables.errors import Unavailable

T = TypeVar("T")

GROUP_NAME = "tapp"
GROUP_DESCRIPTION = t("cmd.tapp")
#: the groups under ``/tapp`` that a cog's ``group`` may name, each with its description
GROUPS: dict[str, str] = {
    "table": t("cmd.group.table"),
    "play": t("cmd.group.play"),
    "stats": t("cmd.group.stats"),
    "daily": t("cmd.group.daily"),
    "series": t("cmd.group.series"),
}


def tapp_group(tree: app_commands.CommandTree) -> app_commands.Group:
    """The tree's ``/tapp`` group, created and added on first use."""
    existing = tree.get_command(GROUP_NAME)
    if isinstance(existing, app_commands.Group):
        return existing
    group = app_commands.Group(name=GROUP_NAME, description=GROUP_DESCRIPTION, guild_only=True)
    tree.add_command(group)
    return group


def subgroup(tapp: app_commands.Group, name: str) -> app_commands.Group:
    """The group ``/tapp <name>`` (one of :data:`GROUPS`), created and added on first use."""
    existing = tapp.get_command(name)
    if isinstance(existing, app_commands.Group):
        return existing
    group = app_commands.Group(name=name, description=GROUPS[name])
    tapp.add_command(group)
    return group


class TappCog(commands.Cog):
    """A cog whose app commands are under ``/tapp``: in the group ``group`` names (one
    of :data:`GROUPS`), or right under ``/tapp`` when it is None."""

    group: ClassVar[str | None] = None

    def __init__(self, bot: TappBot) -> None:
        self.bot: TappBot = bot
        self.tapp = tapp_group(bot.tree)
        self.home = self.tapp if self.group is None else subgroup(self.tapp, self.group)
        self._subcommands = self.get_app_commands()  # top-level ones, bound to this cog
        for command in self._subcommands:
            self.home.add_command(command, override=True)

    async def cog_unload(self) -> None:
        for command in self._subcommands:
            if self.home.get_command(command.name) is command:
                self.home.remove_command(command.name)
        empty = self.home is not self.tapp and not self.home.commands
        if empty and self.tapp.get_command(self.home.name) is self.home:
            self.tapp.remove_command(self.home.name)


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
