"""``/tapp quiet set|off|show`` and ``/tapp away set|off``: a member's own time zone,
quiet hours and away period on this server (see :mod:`bot.tables.availability`).

Answers are ephemeral, in the member's language; a bad zone, time or date is refused
with the reason (the command tree's error handler says it) and changes nothing.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.display.availability_messages import away_saved, quiet_saved, times_text
from bot.i18n import t
from bot.tables.availability import Availability as Service
from bot.tables.quiet_hours import MAX_AWAY_DAYS, matching_zones

from .group import TappCog, add_tapp_cog, needed

Clock = Range[str, 1, 10]
Zone = Range[str, 1, 64]


async def zone_choices(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """The time zones matching what the member typed (a zone option's autocomplete)."""
    return [Choice(name=name, value=name) for name in matching_zones(current)]


class Availability(TappCog):
    quiet = app_commands.Group(name="quiet", description=t("quiet.cmd.group"))
    away = app_commands.Group(name="away", description=t("away.cmd.group"))

    @property
    def service(self) -> Service:
        return needed(self.bot.tables).availability

    @staticmethod
    def _member(interaction: discord.Interaction) -> tuple[int, int]:
        """Who asks, and on which server: ``(guild_id, user_id)``."""
        assert interaction.guild_id is not None
        return interaction.guild_id, interaction.user.id

    @quiet.command(name="set", description=t("quiet.cmd.set"))
    @app_commands.describe(start=t("quiet.cmd.from"), end=t("quiet.cmd.to"),
                           zone=t("quiet.cmd.zone"))
    @app_commands.rename(start="from", end="to")
    @app_commands.autocomplete(zone=zone_choices)
    async def quiet_set(self, interaction: discord.Interaction, start: Clock, end: Clock,
                        zone: Zone | None = None) -> None:
        times = await self.service.set_quiet(*self._member(interaction), zone=zone,
                                             start=start, end=end)
        ctx = Context(interaction)
        await ctx.tell(quiet_saved(times, ctx.language))

    @quiet.command(name="off", description=t("quiet.cmd.off"))
    async def quiet_off(self, interaction: discord.Interaction) -> None:
        await self.service.quiet_off(*self._member(interaction))
        ctx = Context(interaction)
        await ctx.tell(ctx.text("quiet.removed"))

    @quiet.command(name="show", description=t("quiet.cmd.show"))
    async def quiet_show(self, interaction: discord.Interaction) -> None:
        service = self.service
        times = await service.times(*self._member(interaction))
        ctx = Context(interaction)
        await ctx.tell(times_text(times, service.core.config.clock(), ctx.language))

    @away.command(name="set", description=t("away.cmd.set"))
    @app_commands.describe(days=t("away.cmd.days"), until=t("away.cmd.until"),
                           zone=t("away.cmd.zone"))
    @app_commands.autocomplete(zone=zone_choices)
    async def away_set(self, interaction: discord.Interaction,
                       days: Range[int, 1, MAX_AWAY_DAYS] | None = None,
                       until: Range[str, 1, 40] | None = None,
                       zone: Zone | None = None) -> None:
        times = await self.service.away(*self._member(interaction), days=days, until=until,
                                        zone=zone)
        ctx = Context(interaction)
        await ctx.tell(away_saved(times, ctx.language))

    @away.command(name="off", description=t("away.cmd.off"))
    async def away_off(self, interaction: discord.Interaction) -> None:
        await self.service.back(*self._member(interaction))
        ctx = Context(interaction)
        await ctx.tell(ctx.text("away.back"))


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Availability(bot))
