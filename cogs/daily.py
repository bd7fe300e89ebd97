"""``/tapp daily play`` and ``/tapp daily standings``: the deal of the day.

``/tapp daily play`` starts or resumes the member's private run of today's deal (an ephemeral
panel whose buttons take their actions: each answer replaces the panel with the next
moment, the computers' moves made); once finished it shows their result.
``/tapp daily standings`` shows a day's table (today's to the member alone), the week's
or the streaks. Every click of a deal-of-the-day component comes here as the
``tapp_daily`` or ``tapp_daily_board`` event (see :mod:`bot.daily.ids`).
"""

from __future__ import annotations

import logging
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.connection.replies import Reply
from bot.daily import DailyMessage, DailyService
from bot.daily.board_messages import day_message, streaks_message, week_message
from bot.daily.errors import ServerOnly, StaleStep, Unavailable
from bot.daily.ids import HANDS, BoardId, RunId
from bot.daily.run_messages import hands_message, run_message
from bot.i18n import t
from bot.ui.outgoing import Outgoing
from bot.ui.rendering import Renderer

from .group import TappCog, add_tapp_cog

log = logging.getLogger(__name__)

VIEWS = ("today", "yesterday", "week", "streaks")
VIEW_CHOICES = [app_commands.Choice(name=t(f"daily.view.{v}"), value=v) for v in VIEWS]


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise ServerOnly()
    return interaction.guild_id


class Daily(TappCog):
    group = "daily"

    @property
    def service(self) -> DailyService:
        if self.bot.daily is None:
            raise Unavailable()
        return self.bot.daily

    @property
    def images(self) -> Renderer:
        if self.bot.display is None:
            raise Unavailable()
        return self.bot.display.images

    async def send(self, reply: Reply, message: DailyMessage, *,
                   update: bool | None = None) -> None:
        out = await Outgoing.render(message.embeds, message.components, self.images)
        await reply.send(out, update=update)

    # -- commands ----------------------------------------------------------------------
    @app_commands.command(name="play", description=t("daily.cmd.play"))
    async def play(self, interaction: discord.Interaction) -> None:
        ctx = Context(interaction)
        async with ctx.reply() as reply, ctx.refusals(reply, "/tapp daily play", log):
            await self._open(ctx, reply)

    @app_commands.command(name="standings", description=t("daily.cmd.standings"))
    @app_commands.describe(view=t("daily.opt.view"))
    @app_commands.choices(view=VIEW_CHOICES)
    async def standings(self, interaction: discord.Interaction,
                        view: app_commands.Choice[str] | None = None) -> None:
        chosen = view.value if view else "today"
        public = chosen != "today"
        ctx = Context(interaction)
        async with ctx.reply(ephemeral=not public) as reply, \
                ctx.refusals(reply, "/tapp daily standings", log):
            today = self.service.today()
            board = {"today": BoardId("day", today),
                     "yesterday": BoardId("day", today - timedelta(days=1)),
                     "week": BoardId("week", today), "streaks": BoardId("streaks", None)}
            message = await self._board(ctx, board[chosen], public=public)
            await self.send(reply, message)

    # -- clicks ------------------------------------------------------------------------
    @commands.Cog.listener("on_tapp_daily")
    async def on_run(self, interaction: discord.Interaction, rid: RunId,
                     values: list[str]) -> None:
        if self._too_late(interaction):
            return
        hands = rid.token == HANDS
        ctx = Context(interaction)
        async with ctx.reply(update=ctx.on_private and not hands) as reply, \
                ctx.refusals(reply, f"run {rid.run_id} step {rid.step}", log):
            guild = guild_of(interaction)
            user = interaction.user
            if hands:
                run = await self.service.finished_run(guild, user.id, rid.run_id)
                words = ctx.words(run.variant, run.style)
                await self.send(reply, hands_message(run, words, user.display_name))
                return
            kind = rid.pick_kind
            token = rid.token if kind is None else f"{kind}:{'.'.join(values)}"
            if rid.step is None:
                raise StaleStep()
            run = await self.service.act(guild, user.id, rid.run_id, rid.step, token)
            words = ctx.words(run.variant, run.style)
            await self.send(reply, run_message(run, words, user.display_name))

    @commands.Cog.listener("on_tapp_daily_board")
    async def on_board(self, interaction: discord.Interaction, bid: BoardId,
                       values: list[str]) -> None:
        if self._too_late(interaction):
            return
        ctx = Context(interaction)
        # turned in place: a member's own table (a panel or result stays as it is)
        on_private = ctx.on_private and _a_table(interaction.message)
        asked = ctx.asked
        async with ctx.reply() as reply, ctx.refusals(reply, "a daily table", log):
            if bid.view == "play":
                await self._open(ctx, reply)
                return
            # in place on the member's own message; a copy of their own for anyone else
            public = not on_private and asked
            board = await self._board(ctx, bid, public=public)
            in_place = on_private or (asked and not board.ephemeral)
            await self.send(reply, board, update=in_place)

    # -- inside ------------------------------------------------------------------------
    async def _open(self, ctx: Context, reply: Reply) -> None:
        user = ctx.user
        run = await self.service.open(guild_of(ctx.interaction), user.id)
        words = ctx.words(run.variant, run.style)
        await self.send(reply, run_message(run, words, user.display_name))

    async def _board(self, ctx: Context, bid: BoardId, *, public: bool) -> DailyMessage:
        """The table ``bid`` names; a public one in the server's language."""
        service = self.service
        guild = guild_of(ctx.interaction)
        day = bid.day or service.today()
        if bid.view == "day":
            board = await service.day_board(guild, ctx.user.id, day)
            lang = await self._language(ctx, public and not board.is_today)
            return day_message(board, lang)
        lang = await self._language(ctx, public)
        if bid.view == "week":
            return week_message(await service.week_board(guild, day), lang)
        return streaks_message(await service.streak_board(guild), lang)

    async def _language(self, ctx: Context, public: bool) -> str:
        if not public:
            return ctx.language
        settings = await self.service.store.settings.for_guild(guild_of(ctx.interaction))
        return ctx.public_language(settings.language)

    def _too_late(self, interaction: discord.Interaction) -> bool:
        display = self.bot.display
        return display is not None and display.gate.too_late(interaction)


def _a_table(message: discord.Message | None) -> bool:
    """Is ``message`` a deal-of-the-day table (only table buttons on it)?"""
    ids = [getattr(c, "custom_id", None) for row in (message.components if message else [])
           for c in getattr(row, "children", [])]
    return bool(ids) and all(i is not None and BoardId.parse(i) is not None for i in ids)


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Daily(bot))
