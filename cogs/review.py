"""Deal reviews, without a command of their own: the *Review* button of a deal's result
(the table cog hands the click on as the ``tapp_review`` event), the *Review one of
these deals* menu of ``/tapp stats history``, and the menu of a member's own deals of a
series under ``/tapp series me`` (:mod:`bot.series.reviews`: their finished deals only).

The answer is private: a progress line first, edited as the strong player judges each
decision in its own worker process (:mod:`bot.review.service`), then the review.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time

import discord
from discord.ext import commands

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.i18n import t
from bot.i18n.words import Words, render_labels
from bot.review.ids import EVENT, ReviewKey
from bot.review.messages import Picture, progress_text, review_pictures, review_text
from bot.review.service import ReviewJob, ReviewRefused, ReviewService
from bot.series.review_ids import SeriesReviewKey
from bot.series.reviews import NO_TABLE, review_job
from bot.store import StoreError
from renderer import Labels

from .group import TappCog, add_tapp_cog

log = logging.getLogger(__name__)

#: at most one progress edit per this many seconds
PROGRESS_EVERY = 1.0
COLOUR = 0x7C3AED


def _file(picture: Picture) -> discord.File:
    return discord.File(io.BytesIO(picture.image.data), picture.filename,
                        description=picture.image.description or None)


class Review(TappCog):
    def __init__(self, bot: TappBot) -> None:
        super().__init__(bot)
        self._service: ReviewService | None = None

    async def cog_unload(self) -> None:
        if self._service is not None:
            self._service.close()
        await super().cog_unload()

    @property
    def service(self) -> ReviewService:
        if self._service is None:
            store = self.bot.database
            if store is None:
                raise ReviewRefused("standings.error.unavailable")
            self._service = ReviewService(store)
        return self._service

    @commands.Cog.listener(f"on_{EVENT}")
    async def on_review(self, interaction: discord.Interaction, table_id: int,
                        number: int) -> None:
        """The *Review* button of a deal's result."""
        await self.review(interaction, table_id=table_id, number=number)

    @commands.Cog.listener(f"on_{ReviewKey.event}")
    async def on_pick(self, interaction: discord.Interaction, key: ReviewKey,
                      values: list[int]) -> None:
        """A deal picked in the menu of ``/tapp stats history`` (its id, read with the menu's)."""
        await self.review(interaction, deal_id=values[0])

    @commands.Cog.listener(f"on_{SeriesReviewKey.event}")
    async def on_series_pick(self, interaction: discord.Interaction, key: SeriesReviewKey,
                             values: list[int]) -> None:
        """One of the member's own deals of a series, picked under ``/tapp series me``."""
        await self.review(interaction, series=(key.series_id, values[0]))

    async def review(self, interaction: discord.Interaction, *, deal_id: int | None = None,
                     table_id: int | None = None, number: int | None = None,
                     series: tuple[int, int] | None = None) -> None:
        """``series``: (the series, the deal's number) of the member's own deal."""
        ctx = Context(interaction)
        lang = ctx.language
        try:
            service = self.service
            if series is not None:
                job = await review_job(service, interaction.guild_id,
                                       interaction.user.id, *series, language=lang)
            else:
                job = await service.job(interaction.guild_id, interaction.user.id,
                                        deal_id=deal_id, table_id=table_id, number=number)
            async with service.slot(interaction.user.id):
                await ctx.hold(t("review.started", lang))  # the progress line
                await self._run(ctx, service, job)
        except ReviewRefused as refusal:
            await ctx.refuse(refusal)
        except StoreError:
            log.warning("review of %s: store error", deal_id or series or (table_id, number),
                        exc_info=True)
            await ctx.tell(t("standings.error.unavailable", lang))
        except Exception:
            log.exception("review of %s failed", deal_id or series or (table_id, number))
            await ctx.tell(t("error.generic", lang))

    async def _run(self, ctx: Context, service: ReviewService, job: ReviewJob) -> None:
        lang = ctx.language
        last = [time.monotonic()]

        async def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done == 0 or now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                await ctx.edit(content=progress_text(done, total, lang))

        review = await service.run(job, progress)
        store = service.store
        settings = (await store.settings.for_guild(ctx.interaction.guild_id or 0)
                    if job.table_id == NO_TABLE else await store.settings.for_table(job.table_id))
        style = settings.deck_for(job.variant)
        words = Words(lang, job.variant, style)
        title, text = review_text(job, review, words)
        labels = Labels(render_labels(lang))
        pictures = await asyncio.to_thread(review_pictures, job, review, style, labels)
        embed = discord.Embed(title=title, description=text, colour=COLOUR)
        await ctx.edit(content=None, embed=embed, attachments=[_file(p) for p in pictures])


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Review(bot))
