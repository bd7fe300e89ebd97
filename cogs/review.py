"""Deal reviews, without a command of their own: the *Review* button of a deal's result
(the table cog hands the click on as the ``tapp_review`` event) and the *Review one of
these deals* menu of ``/tapp stats history``.

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

    async def review(self, interaction: discord.Interaction, *, deal_id: int | None = None,
                     table_id: int | None = None, number: int | None = None) -> None:
        ctx = Context(interaction)
        lang = ctx.language
        try:
            service = self.service
            job = await service.job(interaction.guild_id, interaction.user.id,
                                    deal_id=deal_id, table_id=table_id, number=number)
            async with service.slot(interaction.user.id):
                await ctx.hold(t("review.started", lang))  # the progress line
                await self._run(ctx, service, job)
        except ReviewRefused as refusal:
            await ctx.refuse(refusal)
        except StoreError:
            log.warning("review of %s: store error", deal_id or (table_id, number),
                        exc_info=True)
            await ctx.tell(t("standings.error.unavailable", lang))
        except Exception:
            log.exception("review of %s failed", deal_id or (table_id, number))
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
        settings = await self.bot.database.settings.for_table(job.table_id)  # type: ignore[union-attr]
        style = settings.deck_for(job.variant)
        words = Words(lang, job.variant, style)
        title, text = review_text(job, review, words)
        labels = Labels(render_labels(lang))
        pictures = await asyncio.to_thread(review_pictures, job, review, style, labels)
        embed = discord.Embed(title=title, description=text, colour=COLOUR)
        await ctx.edit(content=None, embed=embed, attachments=[_file(p) for p in pictures])


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Review(bot))
