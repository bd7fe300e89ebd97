"""The ``commands.Bot`` subclass: start-up (store, cogs, command sync) and shutdown.

Dependencies come in through the constructor: the settings, and a store factory
(``async (settings) -> store``) that ``setup_hook`` opens and ``close`` closes.
Cogs register their ``DynamicItem`` classes in ``cog_load``, so loading the cogs
registers the items of every persistent button.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from cogs import EXTENSIONS

from .config import Settings

log = logging.getLogger(__name__)


class Store(Protocol):
    """What the bot needs of the store at start-up and shutdown."""

    async def close(self) -> None: ...


StoreFactory = Callable[[Settings], Awaitable[Store]]


class TappCommandTree(app_commands.CommandTree):
    """The command tree, with the last-resort handler for errors no cog handled."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else None
        log.error("command %r failed", command, exc_info=error)
        text = "Sorry, something went wrong with that command."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report the error to the user")


class TappBot(commands.Bot):
    """The Tapp bot. ``options`` go to :class:`discord.ext.commands.Bot` (e.g. tests pass
    ``guild_ready_timeout``)."""

    def __init__(
        self,
        settings: Settings,
        *,
        store_factory: StoreFactory | None = None,
        extensions: Sequence[str] = EXTENSIONS,
        **options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),  # slash commands need no privileged intent
            help_command=None,
            tree_cls=TappCommandTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings = settings
        self.store: Store | None = None
        self._store_factory = store_factory
        self._extensions = tuple(extensions)

    async def setup_hook(self) -> None:
        if self._store_factory is not None:
            self.store = await self._store_factory(self.settings)
        for name in self._extensions:
            await self.load_extension(name)
        await self.sync_commands()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Sync to the development guild (instant) if configured, else globally."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info(
            "synced %d command(s) %s",
            len(synced),
            f"to guild {guild_id}" if guild_id else "globally",
        )
        return synced

    async def on_ready(self) -> None:
        assert self.user is not None
        log.info("ready as %s (%s) in %d guild(s)", self.user, self.user.id, len(self.guilds))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
