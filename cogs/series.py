"""``/tapp series open|list|info|join|play|leave|standings|me|close|delete``: series
(see :mod:`bot.series` and docs/series.md).

``open`` posts the series in the channel with its commitment (who may open one is the
server's ``series_hosts`` setting: members with Manage Server by default, checked on
every call); ``play`` starts or resumes the member's next
deal (an ephemeral panel whose buttons take their actions, as the deal of the day's);
``open``, ``close`` and ``standings`` post in the channel when they succeed, and every
refusal is private; the host or a member with Manage Server may close or delete a
series;
``standings`` shows the table as text and an image; ``me`` the member's own deals. Every
click of a series component comes here as the ``tapp_series`` or ``tapp_series_button``
event (see :mod:`bot.series.ids`). A loop closes the series whose window has passed and
posts their seed in their channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging

import discord
from discord import app_commands
from discord.app_commands import Choice, Range
from discord.ext import commands, tasks

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.connection.permissions import missing_for_new_table
from bot.connection.replies import Reply
from bot.i18n import t
from bot.i18n.words import Words
from bot.series import MAX_DEALS, MIN_DEALS, Pairing, Scoring, SeriesSpec
from bot.series.errors import ChannelGone, NotAllowed, SeriesError, Stale
from bot.series.ids import HANDS, SeriesButtonId, SeriesRunId
from bot.series.messages import (
    SeriesMessage,
    hands_message,
    info_message,
    list_message,
    page_message,
    run_message,
    seat_message,
    shown_title,
    standings_message,
)
from bot.series.models import SeriesInfo
from bot.series.service import SeriesService
from bot.series.spec import MAX_DAYS, MIN_DAYS
from bot.settings import SeriesHosts
from bot.tables.errors import Unavailable
from bot.ui.outgoing import Outgoing
from bot.ui.rendering import Renderer
from bot.usertext import Where, safe
from renderer.series_table import SeriesLine, render_series_table

from .base import give_thread
from .choices import VARIANT_CHOICES, described
from .group import TappCog, add_tapp_cog, needed

log = logging.getLogger(__name__)

LEVEL_CHOICES = [Choice(name=t(f"level.{v}"), value=v)
                 for v in ("easy", "normal", "strong")]
SCORING_CHOICES = [Choice(name=t(f"series.opt.scoring.{s.value}"), value=s.value)
                   for s in Scoring]
PAIRING_CHOICES = [Choice(name=t(f"series.opt.pairing.{p.value}"), value=p.value)
                   for p in Pairing]
#: the largest number an integer option takes (Discord's: 2**53 - 1)
SERIES_ID_MAX = 2**53 - 1
CLOSE_EVERY = 60.0  # seconds between looks for series whose window has passed


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise SeriesError("series.error.server_only")
    return interaction.guild_id


class Series(TappCog):
    group = "series"

    async def cog_load(self) -> None:
        self.closer.start()

    async def cog_unload(self) -> None:
        self.closer.cancel()
        await super().cog_unload()

    @property
    def service(self) -> SeriesService:
        if self.bot.series is None:
            raise Unavailable()
        return self.bot.series

    @property
    def images(self) -> Renderer:
        if self.bot.display is None:
            raise Unavailable()
        return self.bot.display.images

    async def send(self, reply: Reply, message: SeriesMessage, *,
                   update: bool | None = None) -> None:
        out = await Outgoing.render(message.embeds, message.components, self.images)
        await reply.send(out, update=update)

    async def publish(self, ctx: Context, reply: Reply, message: SeriesMessage) -> None:
        """A message for the channel (refusals stay private: ``reply`` is one)."""
        out = await Outgoing.render(message.embeds, message.components, self.images)
        await reply.publish(out, ctx.text("series.posted"))

    async def _language(self, ctx: Context, public: bool) -> str:
        if not public:
            return ctx.language
        settings = await self.service.store.settings.for_guild(guild_of(ctx.interaction))
        return ctx.public_language(settings.language)

    # -- commands ----------------------------------------------------------------------
    @app_commands.command(name="open", description=t("series.cmd.open"))
    @app_commands.describe(**described("series.opt", "title", "variant", "deals", "days",
                                       "level", "scoring", "players", "pairing"))
    @app_commands.choices(variant=VARIANT_CHOICES, level=LEVEL_CHOICES,
                          scoring=SCORING_CHOICES, pairing=PAIRING_CHOICES)
    async def open_(self, interaction: discord.Interaction,
                    title: Range[str, 1, 80] | None = None, variant: str | None = None,
                    deals: Range[int, MIN_DEALS, MAX_DEALS] = 12,
                    days: Range[int, MIN_DAYS, MAX_DAYS] = 7, level: str = "normal",
                    scoring: str = Scoring.MATCHPOINTS.value,
                    players: Range[int, 3, 6] | None = None,
                    pairing: str = Pairing.COMPUTERS.value) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series open", log):
            guild = guild_of(interaction)
            settings = await self.service.store.settings.for_guild(guild)
            if settings.series_hosts is SeriesHosts.MANAGERS \
                    and not interaction.permissions.manage_guild:
                raise NotAllowed()
            spec = SeriesSpec.build(variant or settings.default_variant, deals=deals,
                                    days=days, level=level, players=players,
                                    pairing=pairing, scoring=scoring,
                                    options={"stake": settings.stake})
            assert interaction.channel_id is not None
            lang = await self._language(ctx, True)
            title = title or Words(lang, spec.variant).variant_name()  # (none given)
            info = await self.service.open(guild_id=guild, channel_id=interaction.channel_id,
                                           host_id=interaction.user.id, title=title,
                                           spec=spec)
            await self.publish(ctx, reply, info_message(info, lang))

    @app_commands.command(name="list", description=t("series.cmd.list"))
    async def list_(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series list", log):
            infos = await self.service.of_guild(guild_of(interaction))
            await self.send(reply, list_message(infos, ctx.language))

    @app_commands.command(name="info", description=t("series.cmd.info"))
    @app_commands.describe(series=t("series.opt.series"))
    async def info(self, interaction: discord.Interaction,
                   series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series info", log):
            found = await self.service.info(guild_of(interaction), series)
            await self.send(reply, info_message(found, ctx.language, ephemeral=True))

    @app_commands.command(name="join", description=t("series.cmd.join"))
    @app_commands.describe(series=t("series.opt.series"))
    async def join(self, interaction: discord.Interaction,
                   series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series join", log):
            await self._join(ctx, reply, series)

    @app_commands.command(name="play", description=t("series.cmd.play"))
    @app_commands.describe(series=t("series.opt.series"))
    async def play(self, interaction: discord.Interaction,
                   series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series play", log):
            await self._play(ctx, reply, series)

    @app_commands.command(name="leave", description=t("series.cmd.leave"))
    @app_commands.describe(series=t("series.opt.series"))
    async def leave(self, interaction: discord.Interaction,
                    series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series leave", log):
            info = await self.service.leave(guild_of(interaction), series, ctx.user.id)
            await reply.text(ctx.text("series.left", title=shown_title(info.title)))

    @app_commands.command(name="standings", description=t("series.cmd.standings"))
    @app_commands.describe(series=t("series.opt.series"))
    async def standings(self, interaction: discord.Interaction,
                        series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series standings", log):
            await self._standings(ctx, reply, series, public=True)

    @app_commands.command(name="me", description=t("series.cmd.me"))
    @app_commands.describe(series=t("series.opt.series"))
    async def me(self, interaction: discord.Interaction,
                 series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series me", log):
            page = await self.service.page(guild_of(interaction), series, ctx.user.id)
            await self.send(reply, page_message(page, ctx.language))

    @app_commands.command(name="close", description=t("series.cmd.close"))
    @app_commands.describe(series=t("series.opt.series"))
    async def close(self, interaction: discord.Interaction,
                    series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series close", log):
            info = await self.service.close(guild_of(interaction), series, ctx.user.id,
                                            manager=interaction.permissions.manage_guild)
            lang = await self._language(ctx, True)
            await self.publish(ctx, reply, info_message(info, lang))

    @app_commands.command(name="delete", description=t("series.cmd.delete"))
    @app_commands.describe(series=t("series.opt.series"))
    async def delete(self, interaction: discord.Interaction,
                     series: Range[int, 1, SERIES_ID_MAX]) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp series delete", log):
            await self.service.delete(guild_of(interaction), series, ctx.user.id,
                                      manager=interaction.permissions.manage_guild)
            await reply.text(ctx.text("series.deleted", id=series))

    # -- clicks ------------------------------------------------------------------------
    @commands.Cog.listener("on_tapp_series")
    async def on_run(self, interaction: discord.Interaction, rid: SeriesRunId,
                     values: list[str]) -> None:
        if self._too_late(interaction):
            return
        hands = rid.token == HANDS
        ctx = Context(interaction)
        async with ctx.reply(update=ctx.on_private and not hands) as reply, \
                ctx.refusals(reply, f"series run {rid.run_id} step {rid.step}", log):
            guild = guild_of(interaction)
            user = interaction.user
            if hands:
                run = await self.service.finished_run(guild, user.id, rid.run_id)
                words = ctx.words(run.series.spec.variant, run.style)
                await self.send(reply, hands_message(run, words, user.display_name))
                return
            kind = rid.pick_kind
            token = rid.token if kind is None else f"{kind}:{'.'.join(values)}"
            if rid.step is None:
                raise Stale()
            run = await self.service.act(guild, user.id, rid.run_id, rid.step, token)
            words = ctx.words(run.series.spec.variant, run.style)
            await self.send(reply, run_message(run, words, user.display_name))

    @commands.Cog.listener("on_tapp_series_button")
    async def on_button(self, interaction: discord.Interaction, bid: SeriesButtonId,
                        values: list[str]) -> None:
        if self._too_late(interaction):
            return
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, f"series {bid.view}", log):
            if bid.view == "join":
                await self._join(ctx, reply, bid.series_id)
            elif bid.view == "play":
                await self._play(ctx, reply, bid.series_id)
            elif bid.view == "standings":
                await self._standings(ctx, reply, bid.series_id, public=False)
            else:
                page = await self.service.page(guild_of(interaction), bid.series_id,
                                               ctx.user.id)
                await self.send(reply, page_message(page, ctx.language))

    # -- inside ------------------------------------------------------------------------
    async def _join(self, ctx: Context, reply: Reply, series_id: int) -> None:
        info = await self.service.join(guild_of(ctx.interaction), series_id, ctx.user.id,
                                       ctx.user.display_name)
        await reply.text(ctx.text("series.joined", title=shown_title(info.title)))

    async def _play(self, ctx: Context, reply: Reply, series_id: int) -> None:
        guild = guild_of(ctx.interaction)
        info = await self.service.info(guild, series_id)
        if info.spec.pairing is Pairing.TABLES:
            channel = self.bot.get_channel(info.channel_id)
            if channel is None:
                raise ChannelGone()  # a table posted there would be suspended at once
            await self._take_seat(ctx, reply, guild, series_id, channel)
            return
        run = await self.service.play(guild_of(ctx.interaction), series_id, ctx.user.id)
        words = ctx.words(run.series.spec.variant, run.style)
        await self.send(reply, run_message(run, words, ctx.user.display_name))

    async def _standings(self, ctx: Context, reply: Reply, series_id: int, *,
                         public: bool) -> None:
        board = await self.service.standings(guild_of(ctx.interaction), series_id,
                                             ctx.user.id)
        lang = await self._language(ctx, public)
        message = standings_message(board, lang, public=public)
        lines = [SeriesLine(line.rank, line.name, line.total, line.deals, line.mine)
                 for line in message.table or ()]
        image = await asyncio.to_thread(
            render_series_table, lines, title=message.table_title,
            headers=message.table_headers)
        out = Outgoing(message.embeds, (image,), message.components)
        if public:
            await reply.publish(out, ctx.text("series.posted"))
        else:
            await reply.send(out)

    async def _take_seat(self, ctx: Context, reply: Reply, guild: int, series_id: int,
                         channel: discord.abc.GuildChannel | discord.Thread
                         | discord.abc.PrivateChannel) -> None:
        """A series that shares tables: the member is seated for their next deal. Each
        table has its own thread of the series' channel where the bot may make one (as
        ``/tapp table new``'s), so that the tables do not share the channel's message
        limits; the member is added to it. Their cards are in its *My hand* panel."""
        threads = isinstance(channel, discord.TextChannel) and not missing_for_new_table(
            channel.permissions_for(channel.guild.me), in_thread=False, new_thread=True)
        seat = await self.service.take_seat(guild, series_id, ctx.user.id,
                                            ctx.user.display_name, thread=threads)
        if seat.to_place and isinstance(channel, discord.TextChannel):
            lang = await self._language(ctx, True)
            name = t("series.thread_name", lang, deal=seat.deal, table=seat.table_id,
                     title=safe(seat.series.title, Where.THREAD_NAME, limit=60))
            thread = await give_thread(needed(self.bot.tables), seat.table_id, channel,
                                       name=name, members=(ctx.user,))
            seat = dataclasses.replace(seat, thread_id=thread.id if thread else None)
        elif seat.thread_id is not None and not seat.already \
                and isinstance(channel, discord.TextChannel):
            thread = channel.get_thread(seat.thread_id)
            if thread is not None:
                with contextlib.suppress(discord.HTTPException):
                    await thread.add_user(ctx.user)
        await self.send(reply, seat_message(seat, ctx.language))

    def _too_late(self, interaction: discord.Interaction) -> bool:
        display = self.bot.display
        return display is not None and display.gate.too_late(interaction)

    # -- the window ------------------------------------------------------------------------
    @tasks.loop(seconds=CLOSE_EVERY)
    async def closer(self) -> None:
        """Close the series whose window has passed; post each in its channel."""
        if self.bot.series is None:
            return
        try:
            closed = await self.bot.series.close_due({g.id for g in self.bot.guilds})
        except Exception:
            log.exception("series: closing those whose window passed failed")
            return
        for info in closed:
            await self._announce(info)
        try:  # shared tables that waited long enough start, computers in the free seats
            await self.bot.series.start_waiting({g.id for g in self.bot.guilds})
        except Exception:
            log.exception("series: starting the tables that waited failed")

    async def _announce(self, info: SeriesInfo) -> None:
        channel = self.bot.get_channel(info.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        settings = await self.service.store.settings.for_guild(info.guild_id)
        lang = settings.language if settings.language != "auto" else None
        message = info_message(info, lang)
        out = await Outgoing.render(message.embeds, message.components, self.images)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(**out.send_kwargs())


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Series(bot))
