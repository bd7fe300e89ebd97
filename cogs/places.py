"""Discord's news about where tables live (threads and channels deleted, the bot removed
from a server or invited again, permissions changed), handed to the table service's
:class:`~bot.tables.places.Places`; and ``/tapp table list``, a member's suspended tables
with a button to end each."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.display.place_messages import problem, suspended_list
from bot.i18n import t
from bot.store import TableRow
from bot.ui.outgoing import Outgoing

from .base import TableCog
from .group import add_tapp_cog


class Places(TableCog):
    """See the module docstring."""

    group = "table"

    def judge(self, row: TableRow) -> str | None:
        return problem(self.bot.get_guild(row.guild_id), row)

    async def review(self, guild_id: int | None) -> None:
        """The server's (every server's) open tables judged by where they live now, from
        discord.py's cache; the service suspends or resumes them by the verdicts."""
        if self.bot.tables is not None:
            places = self.tables.places
            await places.review({row.table_id: self.judge(row)
                                 for row in places.to_review(guild_id)})

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        if self.bot.tables is not None:
            moved = await self.tables.places.thread_gone(payload.thread_id)
            await self.display.troubles.thread_deleted(moved, payload.parent_id, None)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if self.bot.tables is not None:
            await self.tables.places.channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed (an outage is ``on_guild_unavailable``: nothing to do)."""
        if self.bot.tables is not None:
            await self.tables.places.guild_gone(guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.review(None)

    @commands.Cog.listener("on_guild_join")
    @commands.Cog.listener("on_guild_available")
    async def on_guild_back(self, guild: discord.Guild) -> None:
        await self.review(guild.id)

    @commands.Cog.listener("on_guild_update")
    @commands.Cog.listener("on_guild_role_update")
    @commands.Cog.listener("on_guild_channel_update")
    async def on_changed(self, before: discord.abc.Snowflake, after: object) -> None:
        guild = getattr(after, "guild", after)
        await self.review(getattr(guild, "id", None))

    @commands.Cog.listener("on_guild_role_create")
    @commands.Cog.listener("on_guild_role_delete")
    async def on_role(self, role: discord.Role) -> None:
        await self.review(role.guild.id)

    @app_commands.command(name="list", description=t("cmd.tables"))
    async def tables_command(self, interaction: discord.Interaction) -> None:
        """The member's suspended tables in this server, each with an *End* button."""
        ctx = Context(interaction)
        mine = self.tables.places.suspended_for(ctx.guild_id, ctx.user.id)
        out = Outgoing.of(suspended_list(mine, ctx.language), None)
        await ctx.send(ephemeral=True, **out.send_kwargs())


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Places(bot))
