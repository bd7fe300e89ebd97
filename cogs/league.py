"""``/league create|join|leave|table|end``: the server's league (see
:mod:`bot.series.league_service` and docs/series.md, Leagues).

A top-level command of its own: ``/tapp`` is near Discord's 8000 characters a command
(docs/commands.md). ``create`` makes the server's league (who may is the server's
``series_hosts`` setting, as for a series) and posts it; ``end`` (its maker or a member
with Manage Server) ends it; both are public when they succeed and every refusal is
private. ``table`` shows each division's standings as text and an image. A loop
closes the seasons whose series have closed and opens the new ones, posting each in
the league's channel; the divisions' series are played with ``/tapp series``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord import app_commands
from discord.app_commands import Choice, Range
from discord.ext import commands, tasks

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.i18n import t
from bot.i18n.words import Words
from bot.series import MAX_DEALS, MIN_DEALS, Scoring
from bot.series.errors import NotAllowed, SeriesError
from bot.series.league_messages import (
    LeagueMessage,
    info_message,
    joined_text,
    news_message,
    shown_title,
    table_message,
)
from bot.series.league_models import SeasonNews
from bot.series.league_service import LeagueService
from bot.series.league_spec import MAX_SIZE, MIN_SIZE, Cadence, LeagueSpec
from bot.settings import SeriesHosts
from bot.tables.errors import Unavailable
from bot.ui.outgoing import Outgoing
from renderer.league_table import render_league_table

from .choices import VARIANT_CHOICES, described

log = logging.getLogger(__name__)

LEVEL_CHOICES = [Choice(name=t(f"level.{v}"), value=v) for v in ("easy", "normal", "strong")]
SCORING_CHOICES = [Choice(name=t(f"series.opt.scoring.{s.value}"), value=s.value)
                   for s in Scoring]
CADENCE_CHOICES = [Choice(name=t(f"league.opt.cadence.{c.value}"), value=c.value)
                   for c in Cadence]
SEASONS_EVERY = 60.0  # seconds between looks for seasons to close and open


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise SeriesError("series.error.server_only")
    return interaction.guild_id


class League(commands.Cog):
    league = app_commands.Group(name="league", description=t("league.cmd.group"),
                                guild_only=True)

    def __init__(self, bot: TappBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.seasons.start()

    async def cog_unload(self) -> None:
        self.seasons.cancel()

    @property
    def service(self) -> LeagueService:
        if self.bot.leagues is None:
            raise Unavailable()
        return self.bot.leagues

    async def _public_language(self, ctx: Context) -> str:
        settings = await self.service.store.settings.for_guild(guild_of(ctx.interaction))
        return ctx.public_language(settings.language)

    async def _outgoing(self, message: LeagueMessage) -> Outgoing:
        if message.divisions is None:
            return Outgoing(message.embeds, (), message.components)
        image = await asyncio.to_thread(render_league_table, message.divisions,
                                        title=message.image_title, headers=message.headers,
                                        footer=message.footer)
        return Outgoing(message.embeds, (image,), message.components)

    # -- commands ----------------------------------------------------------------------
    @league.command(name="create", description=t("league.cmd.create"))
    @app_commands.describe(**described("league.opt", "title", "cadence", "size", "up", "down"),
                           **described("series.opt", "variant", "deals", "level", "scoring",
                                       "players"))
    @app_commands.choices(variant=VARIANT_CHOICES, level=LEVEL_CHOICES,
                          scoring=SCORING_CHOICES, cadence=CADENCE_CHOICES)
    async def create(self, interaction: discord.Interaction,
                     title: Range[str, 1, 60] | None = None,
                     cadence: str = Cadence.WEEKLY.value, variant: str | None = None,
                     deals: Range[int, MIN_DEALS, MAX_DEALS] = 12, level: str = "normal",
                     scoring: str = Scoring.MATCHPOINTS.value,
                     size: Range[int, MIN_SIZE, MAX_SIZE] = 10,
                     up: Range[int, 0, 10] = 2, down: Range[int, 0, 10] = 2,
                     players: Range[int, 3, 6] | None = None) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/league create", log):
            guild = guild_of(interaction)
            settings = await self.service.store.settings.for_guild(guild)
            if settings.series_hosts is SeriesHosts.MANAGERS \
                    and not interaction.permissions.manage_guild:
                raise NotAllowed()
            spec = LeagueSpec.build(variant or settings.default_variant, deals=deals,
                                    level=level, cadence=cadence, size=size, up=up, down=down,
                                    players=players, scoring=scoring,
                                    options={"stake": settings.stake})
            assert interaction.channel_id is not None
            lang = await self._public_language(ctx)
            title = title or Words(lang, spec.series.variant).variant_name()  # (none given)
            info = await self.service.create(guild_id=guild, channel_id=interaction.channel_id,
                                             host_id=interaction.user.id, title=title,
                                             spec=spec)
            await reply.publish(await self._outgoing(info_message(info, lang)),
                                ctx.text("league.made", title=shown_title(info.title)))

    @league.command(name="join", description=t("league.cmd.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/league join", log):
            joined = await self.service.join(guild_of(interaction), ctx.user.id,
                                             ctx.user.display_name)
            await reply.text(joined_text(joined, ctx.language))

    @league.command(name="leave", description=t("league.cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/league leave", log):
            info = await self.service.leave(guild_of(interaction), ctx.user.id)
            await reply.text(ctx.text("league.left", title=shown_title(info.title)))

    @league.command(name="table", description=t("league.cmd.table"))
    async def table(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/league table", log):
            board = await self.service.table(guild_of(interaction), ctx.user.id)
            await reply.send(await self._outgoing(table_message(board, ctx.language)))

    @league.command(name="end", description=t("league.cmd.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/league end", log):
            info = await self.service.end(guild_of(interaction), ctx.user.id,
                                          manager=interaction.permissions.manage_guild)
            lang = await self._public_language(ctx)
            await reply.publish(await self._outgoing(info_message(info, lang)),
                                ctx.text("league.ended", title=shown_title(info.title)))

    # -- the seasons -----------------------------------------------------------------------
    @tasks.loop(seconds=SEASONS_EVERY)
    async def seasons(self) -> None:
        """Close the seasons whose series have closed, open the new ones; post each."""
        if self.bot.leagues is None:
            return
        try:
            news = await self.bot.leagues.tick({g.id for g in self.bot.guilds})
        except Exception:
            log.exception("leagues: closing and opening seasons failed")
            return
        for item in news:
            try:  # (an exception here would stop the loop: no season would open again)
                await self._post(item)
            except Exception:
                log.exception("league %d: its season's news could not be posted",
                              item.league.league_id)

    async def _post(self, item: SeasonNews) -> None:
        channel = self.bot.get_channel(item.league.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        settings = await self.service.store.settings.for_guild(item.league.guild_id)
        lang = settings.language if settings.language != "auto" else None
        out = await self._outgoing(news_message(item, lang))
        with contextlib.suppress(discord.HTTPException):
            await channel.send(**out.send_kwargs())


async def setup(bot: TappBot) -> None:
    await bot.add_cog(League(bot))
