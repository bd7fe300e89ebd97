"""Discord's news about a server's name (the bot joined it, it became available, it was
renamed), kept in the store for the web pages, which title a server's pages with it."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.connection.client import TappBot
from bot.store import StoreError

from .group import TappCog, add_tapp_cog

log = logging.getLogger(__name__)


class ServerNames(TappCog):
    """See the module docstring."""

    async def keep(self, guilds: list[discord.Guild]) -> None:
        """Keep each server's name (unchanged names write nothing); a store that fails
        is logged, and the name kept at the next news of the server."""
        store = self.bot.database
        if store is None:
            return
        for guild in guilds:
            if not guild.name:
                continue
            try:
                await store.servers.record_name(guild.id, guild.name)
            except StoreError as error:
                log.warning("server %d: its name could not be kept: %s", guild.id, error)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.keep(list(self.bot.guilds))

    @commands.Cog.listener("on_guild_join")
    @commands.Cog.listener("on_guild_available")
    async def on_guild_seen(self, guild: discord.Guild) -> None:
        await self.keep([guild])

    @commands.Cog.listener()
    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        if before.name != after.name:
            await self.keep([after])


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, ServerNames(bot))
