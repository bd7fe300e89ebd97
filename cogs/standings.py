"""``/tapp stats leaderboard``, ``/tapp stats player`` and ``/tapp stats history``: a
server's standings; ``/tapp stats web``: the address of its web pages.

Each command asks :class:`bot.standings.StandingsService` once, renders off the event
loop and answers. The answers are public; page buttons turn the page in place for the
member who asked and give anyone else their own (ephemeral) copy, with their own rank.
A replay button answers ephemerally with the deal's images and record. A button's
``custom_id`` carries everything (:mod:`bot.standings.ids`), so it keeps working after a
restart; its click comes here as the ``tapp_leaderboard``, ``tapp_history`` or
``tapp_replay`` event.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.daily.ids import BoardId
from bot.i18n import t
from bot.i18n.words import render_labels
from bot.review.menu import pick_menu
from bot.standings import (
    BOARD_PERIODS,
    BoardKey,
    BoardPage,
    HistoryKey,
    HistoryPage,
    NoStore,
    Order,
    RatingPage,
    Season,
    StandingsError,
    StandingsService,
    WrongServer,
)
from bot.standings.chart import chip_chart
from bot.standings.ids import ReplayKey
from bot.standings.messages import (
    board_embed,
    history_embed,
    replay_embed,
    stats_embed,
    web_text,
)
from bot.standings.rating_messages import rating_board_embed, ratings_field
from bot.standings.replay import Picture, render_replay, steps
from bot.store import MemberStats, Period, StoreError
from bot.ui import component
from bot.ui.specs import PRIMARY, ButtonSpec, Component
from renderer import Labels

from .choices import VARIANT_CHOICES
from .group import TappCog, add_tapp_cog

log = logging.getLogger(__name__)

PERIOD_CHOICES = [app_commands.Choice(name=t(f"standings.period.{p.value}"), value=p.value)
                  for p in BOARD_PERIODS]
ORDER_CHOICES = [app_commands.Choice(name=t(f"standings.order.{o.value}"), value=o.value)
                 for o in Order]
SEASON_CHOICES = [app_commands.Choice(name=t(f"standings.season.{s.value}"), value=s.value)
                  for s in Season]
FILES_PER_MESSAGE = 10


def shown_language(ctx: Context, stored: str | None) -> str:
    """Public answers (and their pages turned in place) in the server's language (its
    ``language`` setting, ``stored``, else its locale); a copy for someone else in
    theirs."""
    if ctx.interaction.type is discord.InteractionType.component and not ctx.asked:
        return ctx.language
    return ctx.public_language(stored)


def _file(picture: Picture) -> discord.File:
    return discord.File(io.BytesIO(picture.image.data), picture.filename,
                        description=picture.image.description or None)


# -- component layouts ---------------------------------------------------------------------
def page_buttons(key: BoardKey | HistoryKey, previous: bool, following: bool,
                 lang: str) -> list[ButtonSpec]:
    """Previous and next page (disabled where there is none)."""
    return [ButtonSpec(key.at_page(key.page - 1).encode(), t("standings.button.previous", lang),
                       disabled=not previous),
            ButtonSpec(key.at_page(key.page + 1).encode(), t("standings.button.next", lang),
                       disabled=not following)]


def page_embed(page: BoardPage | RatingPage, lang: str) -> discord.Embed:
    return (rating_board_embed(page, lang) if isinstance(page, RatingPage)
            else board_embed(page, lang))


def board_view(page: BoardPage | RatingPage, lang: str) -> discord.ui.View | None:
    """Previous and next, when there is more than one page; then the deal of the day."""
    specs: list[ButtonSpec] = []
    if page.pages > 1:
        specs += page_buttons(page.key, page.has_previous, page.has_next, lang)
    # today's deal-of-the-day table (this week and streaks a click away); the daily cog
    # answers it to the clicker alone, with placings only once they have played today's
    specs.append(ButtonSpec(BoardId("day", None).encode(), t("standings.button.daily", lang),
                            row=1))
    return component.view(tuple(specs))


def history_view(page: HistoryPage, lang: str) -> discord.ui.View | None:
    """A replay button per deal (two rows of five), then previous and next."""
    if not page.entries:
        return None
    specs: list[Component] = [
        ButtonSpec(ReplayKey(entry.deal_id).encode(), t("standings.history.replay", lang, n=n),
                   PRIMARY, row=(n - 1) // 5) for n, entry in enumerate(page.entries, 1)]
    # the clicker's own play in one of these deals (cogs.review; refused to others)
    specs.append(pick_menu(page.key.guild_id, [e.deal_id for e in page.entries], lang, row=3))
    if page.has_previous or page.has_more:
        specs += page_buttons(page.key, page.has_previous, page.has_more, lang)
    return component.view(tuple(specs))


def stats_view(stats: MemberStats, lang: str) -> discord.ui.View | None:
    """Replays of the best and the worst deal."""
    picks = [(key, d.deal_id) for key, d in (("best", stats.best), ("worst", stats.worst))
             if d is not None]
    if not picks or (len(picks) == 2 and picks[0][1] == picks[1][1]):
        picks = picks[:1]
    return component.view(tuple(
        ButtonSpec(ReplayKey(deal_id).encode(), t(f"standings.stats.replay_{key}", lang),
                   PRIMARY) for key, deal_id in picks))


def _of_this_server(interaction: discord.Interaction, key: BoardKey | HistoryKey) -> None:
    """A page button of another server's standings is refused (:class:`WrongServer`)."""
    if key.guild_id != interaction.guild_id:
        raise WrongServer()


def _view_kwargs(view: discord.ui.View | None) -> dict[str, Any]:
    return {} if view is None else {"view": view}


# -- the cog -------------------------------------------------------------------------------
class Standings(TappCog):
    group = "stats"

    def service(self) -> StandingsService:
        store = self.bot.database
        if store is None:
            raise NoStore()
        return StandingsService(store)

    @contextlib.asynccontextmanager
    async def refusals(self, interaction: discord.Interaction) -> AsyncIterator[Context]:
        """The interaction's context; a refusal, a busy database or (on a button) a bug
        answered ephemerally."""
        ctx = Context(interaction)
        try:
            yield ctx
        except StandingsError as exc:
            await ctx.refuse(exc)
        except StoreError:
            log.warning("store error in %s", interaction.data, exc_info=True)
            await ctx.tell(ctx.text("standings.error.unavailable"))
        except Exception:
            if interaction.type is not discord.InteractionType.component:
                raise  # the command tree's handler answers commands
            log.exception("standings button %s failed", interaction.data)
            await ctx.tell(ctx.text("error.generic"))

    async def shown_language(self, ctx: Context) -> str:
        """See :func:`shown_language`; the server's setting read from the store."""
        stored = await self.service().language(ctx.guild_id or 0)
        return shown_language(ctx, stored)

    # -- commands ----------------------------------------------------------------------
    @app_commands.command(name="leaderboard", description=t("standings.cmd.leaderboard"))
    @app_commands.describe(variant=t("standings.opt.variant"), period=t("standings.opt.period"),
                           order=t("standings.opt.order"), season=t("standings.opt.season"))
    @app_commands.choices(variant=VARIANT_CHOICES, period=PERIOD_CHOICES, order=ORDER_CHOICES,
                          season=SEASON_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction,
                          variant: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None,
                          order: app_commands.Choice[str] | None = None,
                          season: app_commands.Choice[str] | None = None) -> None:
        async with self.refusals(interaction) as ctx:
            key = BoardKey(interaction.guild_id or 0, variant.value if variant else None,
                           Period(period.value if period else Period.ALL), 0,
                           Order(order.value if order else Order.CHIPS),
                           Season(season.value if season else Season.ALL))
            page = await self.service().board(key, interaction.user.id)
            lang = await self.shown_language(ctx)
            await ctx.send(ephemeral=False, embed=page_embed(page, lang),
                           **_view_kwargs(board_view(page, lang)))

    @app_commands.command(name="player", description=t("standings.cmd.stats"))
    @app_commands.describe(member=t("standings.opt.member"), variant=t("standings.opt.variant"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    variant: app_commands.Choice[str] | None = None) -> None:
        async with self.refusals(interaction) as ctx:
            target = member or interaction.user
            service, guild_id = self.service(), interaction.guild_id or 0
            chosen = variant.value if variant else None
            stats = await service.stats(guild_id, target.id, variant=chosen)
            lang, name = await self.shown_language(ctx), target.display_name
            if not stats.deals:
                await ctx.send(ephemeral=False, embed=stats_embed(stats, name, lang))
                return
            history = await service.rating_history(guild_id, target.id, variant=chosen)
            rating = ratings_field(await service.ratings(guild_id, target.id, variant=chosen),
                                   lang)
            await ctx.defer()
            chart = await asyncio.to_thread(chip_chart, stats, name, lang, history)
            await ctx.send(ephemeral=False,
                embed=stats_embed(stats, name, lang, chart=chart.filename, rating=rating),
                file=_file(Picture(chart.filename, chart)),
                **_view_kwargs(stats_view(stats, lang)))

    @app_commands.command(name="history", description=t("standings.cmd.history"))
    @app_commands.describe(member=t("standings.opt.member"))
    async def history(self, interaction: discord.Interaction,
                      member: discord.Member | None = None) -> None:
        async with self.refusals(interaction) as ctx:
            target = member or interaction.user
            key = HistoryKey(interaction.guild_id or 0, target.id)
            page = await self.service().history(key)
            lang = await self.shown_language(ctx)
            await ctx.send(ephemeral=False, embed=history_embed(page, target.display_name, lang),
                           **_view_kwargs(history_view(page, lang)))

    @app_commands.command(name="web", description=t("cmd.web"))
    async def web(self, interaction: discord.Interaction) -> None:
        """The address of the server's web pages (``python -m bot web``), as its ``web``
        setting shows them, or why there is none."""
        async with self.refusals(interaction) as ctx:
            guild_id = interaction.guild_id or 0
            access = await self.service().web_access(guild_id)
            await ctx.tell(web_text(self.bot.settings.web_url, guild_id, access,
                                    ctx.language))

    # -- buttons -----------------------------------------------------------------------
    @commands.Cog.listener("on_tapp_leaderboard")
    async def turn_board(self, interaction: discord.Interaction, key: BoardKey,
                         values: list[str]) -> None:
        async with self.refusals(interaction) as ctx:
            _of_this_server(interaction, key)
            page = await self.service().board(key, interaction.user.id)
            lang = await self.shown_language(ctx)
            await self._page(ctx, page_embed(page, lang), board_view(page, lang))

    @commands.Cog.listener("on_tapp_history")
    async def turn_history(self, interaction: discord.Interaction, key: HistoryKey,
                           values: list[str]) -> None:
        async with self.refusals(interaction) as ctx:
            _of_this_server(interaction, key)
            page = await self.service().history(key)
            lang = await self.shown_language(ctx)
            member = interaction.guild.get_member(key.user_id) if interaction.guild else None
            embed = history_embed(page, member.display_name if member else "?", lang)
            shown = interaction.message.embeds if interaction.message else []
            if member is None and shown and shown[0].title:
                embed.title = shown[0].title  # the member's name as the first page showed it
            await self._page(ctx, embed, history_view(page, lang))

    @staticmethod
    async def _page(ctx: Context, embed: discord.Embed, view: discord.ui.View | None) -> None:
        """In place for the member who asked; a copy of their own for anyone else."""
        if ctx.asked:
            await ctx.update(embed=embed, view=view)
        else:
            await ctx.send(ephemeral=True, embed=embed, **_view_kwargs(view))

    @commands.Cog.listener("on_tapp_replay")
    async def show_replay(self, interaction: discord.Interaction, key: ReplayKey,
                          values: list[str]) -> None:
        deal_id = key.deal_id
        async with self.refusals(interaction) as ctx:
            replay = await self.service().replay(interaction.guild_id or 0, deal_id,
                                                 interaction.user.id)
            lang = ctx.language
            await ctx.defer(ephemeral=True)
            labels = Labels(render_labels(lang))  # images, alt text and cards: the reader's
            images = await asyncio.to_thread(render_replay, replay, labels)
            record_name = f"deal-{deal_id}.json"
            record = json.dumps(replay.record, indent=2, ensure_ascii=False).encode()
            files = [_file(p) for p in images.overview]
            files.append(discord.File(io.BytesIO(record), record_name))
            await ctx.send(ephemeral=True, files=files,
                           embed=replay_embed(replay, steps(replay, lang, labels), lang,
                                              record_name))
            for first in range(0, len(images.tricks), FILES_PER_MESSAGE):
                chunk: Sequence[Picture] = images.tricks[first:first + FILES_PER_MESSAGE]
                await ctx.follow_up(
                    ephemeral=True, files=[_file(p) for p in chunk],
                    content=t("standings.replay.tricks", lang, first=first + 1,
                              last=first + len(chunk), deal=deal_id, n=len(chunk)))


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Standings(bot))
