"""``/tapp leaderboard``, ``/tapp stats`` and ``/tapp history``: a server's standings.

Each command asks :class:`bot.standings.StandingsService` once, renders off the event
loop and answers. The answers are public; page buttons turn the page in place for the
member who asked and give anyone else their own (ephemeral) copy, with their own rank.
A replay button answers ephemerally with the deal's images and record. Buttons are
``DynamicItem``s whose ``custom_id`` carries everything (:mod:`bot.standings.ids`), so
they keep working after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TappBot
from bot.daily.ids import BoardId
from bot.daily.outgoing import BoardComponent
from bot.engine import VARIANTS
from bot.i18n import t
from bot.i18n.words import render_labels
from bot.replies import fill, tell
from bot.standings import (
    BOARD_PERIODS,
    BoardKey,
    BoardPage,
    HistoryKey,
    HistoryPage,
    NoStore,
    StandingsError,
    StandingsService,
    WrongServer,
    replay_id,
)
from bot.standings.chart import chip_chart
from bot.standings.ids import BOARD_TEMPLATE, HISTORY_TEMPLATE, REPLAY_TEMPLATE
from bot.standings.present import board_embed, history_embed, replay_embed, stats_embed
from bot.standings.replay import Picture, render_replay, steps
from bot.store import MemberStats, Period, StoreError
from renderer import Labels

from .group import TappCog, add_tapp_cog
from .table import public_language

log = logging.getLogger(__name__)

VARIANT_CHOICES = [app_commands.Choice(name=t(f"variant.{v}"), value=v) for v in VARIANTS]
PERIOD_CHOICES = [app_commands.Choice(name=t(f"standings.period.{p.value}"), value=p.value)
                  for p in BOARD_PERIODS]
FILES_PER_MESSAGE = 10


def language(interaction: discord.Interaction) -> str:
    return str(interaction.locale)


def shown_language(interaction: discord.Interaction, stored: str | None) -> str:
    """Public answers (and their pages turned in place) in the server's language (its
    ``language`` setting, else its locale); a copy for someone else in theirs."""
    if interaction.type is discord.InteractionType.component and not _asked_by(interaction):
        return language(interaction)
    return public_language(interaction, stored)


def _file(picture: Picture) -> discord.File:
    return discord.File(io.BytesIO(picture.image.data), picture.filename,
                        description=picture.image.description or None)


def _cog(interaction: discord.Interaction) -> Standings:
    cog = cast(commands.Bot, interaction.client).get_cog(Standings.__cog_name__)
    if not isinstance(cog, Standings):
        raise NoStore()
    return cog


# -- buttons -------------------------------------------------------------------------------
class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BOARD_TEMPLATE):
    """Turns a leaderboard to the page in its ``custom_id``."""

    def __init__(self, key: BoardKey, label: str, *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=key.custom_id,
                                           disabled=disabled))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: Any) -> BoardButton:
        return cls(BoardKey.from_match(match), getattr(item, "label", None) or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).turn_board(interaction, self.key)


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HISTORY_TEMPLATE):
    """Turns a history to the page in its ``custom_id``."""

    def __init__(self, key: HistoryKey, label: str, *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=key.custom_id,
                                           disabled=disabled))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: Any) -> HistoryButton:
        return cls(HistoryKey.from_match(match), getattr(item, "label", None) or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).turn_history(interaction, self.key)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_TEMPLATE):
    """Shows the replay of the deal in its ``custom_id`` to whoever clicks."""

    def __init__(self, deal_id: int, label: str, *, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=replay_id(deal_id),
                                           style=discord.ButtonStyle.primary), row=row)
        self.deal_id = deal_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: Any) -> ReplayButton:
        return cls(int(match["deal"]), getattr(item, "label", None) or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).show_replay(interaction, self.deal_id)


DYNAMIC_ITEMS = (BoardButton, HistoryButton, ReplayButton)


# -- component layouts ---------------------------------------------------------------------
def board_view(page: BoardPage, lang: str) -> discord.ui.View:
    """Previous and next, when there is more than one page; then the deal of the day."""
    view = discord.ui.View(timeout=None)
    if page.pages > 1:
        view.add_item(BoardButton(page.key.at_page(page.key.page - 1),
                                  t("standings.button.previous", lang),
                                  disabled=not page.has_previous))
        view.add_item(BoardButton(page.key.at_page(page.key.page + 1),
                                  t("standings.button.next", lang), disabled=not page.has_next))
    view.add_item(daily_button(lang))
    return view


def daily_button(lang: str) -> discord.ui.Item[Any]:
    """Today's deal-of-the-day table (today, with this week and streaks a click away);
    the daily cog answers it to the clicker alone, with placings only once they have
    played today's deal."""
    today = BoardId("day", None)
    return BoardComponent(discord.ui.Button(label=t("standings.button.daily", lang),
                                            custom_id=today.encode(), row=1), today)


def history_view(page: HistoryPage, lang: str) -> discord.ui.View | None:
    """A replay button per deal (two rows of five), then previous and next."""
    if not page.entries:
        return None
    view = discord.ui.View(timeout=None)
    for n, entry in enumerate(page.entries, 1):
        view.add_item(ReplayButton(entry.deal_id, t("standings.history.replay", lang, n=n),
                                   row=(n - 1) // 5))
    if page.has_previous or page.has_more:
        key = page.key
        view.add_item(HistoryButton(key.at_page(key.page - 1),
                                    t("standings.button.previous", lang),
                                    disabled=not page.has_previous))
        view.add_item(HistoryButton(key.at_page(key.page + 1), t("standings.button.next", lang),
                                    disabled=not page.has_more))
    return view


def stats_view(stats: MemberStats, lang: str) -> discord.ui.View | None:
    """Replays of the best and the worst deal."""
    picks = [(key, d.deal_id) for key, d in (("best", stats.best), ("worst", stats.worst))
             if d is not None]
    if not picks or (len(picks) == 2 and picks[0][1] == picks[1][1]):
        picks = picks[:1]
    if not picks:
        return None
    view = discord.ui.View(timeout=None)
    for key, deal_id in picks:
        view.add_item(ReplayButton(deal_id, t(f"standings.stats.replay_{key}", lang)))
    return view


def _asked_by(interaction: discord.Interaction) -> bool:
    """Is the clicker the member the message answered?"""
    meta = interaction.message.interaction_metadata if interaction.message else None
    return meta is not None and meta.user.id == interaction.user.id


def _view_kwargs(view: discord.ui.View | None) -> dict[str, Any]:
    return {} if view is None else {"view": view}


# -- the cog -------------------------------------------------------------------------------
class Standings(TappCog):
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        await super().cog_unload()

    def service(self) -> StandingsService:
        store = self.bot.database
        if store is None:
            raise NoStore()
        return StandingsService(store)

    @contextlib.asynccontextmanager
    async def refusals(self, interaction: discord.Interaction) -> AsyncIterator[None]:
        """Answer a refusal, a busy database or (on a button) a bug ephemerally."""
        lang = language(interaction)
        try:
            yield
        except StandingsError as exc:
            await self.tell(interaction, exc.text(lang))
        except StoreError:
            log.warning("store error in %s", interaction.data, exc_info=True)
            await self.tell(interaction, t("standings.error.unavailable", lang))
        except Exception:
            if interaction.type is not discord.InteractionType.component:
                raise  # the command tree's handler answers commands
            log.exception("standings button %s failed", interaction.data)
            await self.tell(interaction, t("error.generic", lang))

    async def shown_language(self, interaction: discord.Interaction) -> str:
        """See :func:`shown_language`; the server's setting read from the store."""
        stored = await self.service().language(interaction.guild_id or 0)
        return shown_language(interaction, stored)

    @staticmethod
    async def tell(interaction: discord.Interaction, text: str) -> None:
        await tell(interaction, text)

    # -- commands ----------------------------------------------------------------------
    @app_commands.command(name="leaderboard", description=t("standings.cmd.leaderboard"))
    @app_commands.describe(variant=t("standings.opt.variant"), period=t("standings.opt.period"))
    @app_commands.choices(variant=VARIANT_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction,
                          variant: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None) -> None:
        async with self.refusals(interaction):
            key = BoardKey(interaction.guild_id or 0, variant.value if variant else None,
                           Period(period.value if period else Period.ALL))
            page = await self.service().board(key, interaction.user.id)
            lang = await self.shown_language(interaction)
            await interaction.response.send_message(embed=board_embed(page, lang),
                                                    **_view_kwargs(board_view(page, lang)))

    @app_commands.command(name="stats", description=t("standings.cmd.stats"))
    @app_commands.describe(member=t("standings.opt.member"), variant=t("standings.opt.variant"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    variant: app_commands.Choice[str] | None = None) -> None:
        async with self.refusals(interaction):
            target = member or interaction.user
            stats = await self.service().stats(interaction.guild_id or 0, target.id,
                                               variant=variant.value if variant else None)
            lang, name = await self.shown_language(interaction), target.display_name
            if not stats.deals:
                await interaction.response.send_message(embed=stats_embed(stats, name, lang))
                return
            await interaction.response.defer(thinking=True)
            chart = await asyncio.to_thread(chip_chart, stats, name, lang)
            await fill(interaction,
                embed=stats_embed(stats, name, lang, chart=chart.filename),
                file=_file(Picture(chart.filename, chart)),
                **_view_kwargs(stats_view(stats, lang)))

    @app_commands.command(name="history", description=t("standings.cmd.history"))
    @app_commands.describe(member=t("standings.opt.member"))
    async def history(self, interaction: discord.Interaction,
                      member: discord.Member | None = None) -> None:
        async with self.refusals(interaction):
            target = member or interaction.user
            key = HistoryKey(interaction.guild_id or 0, target.id)
            page = await self.service().history(key)
            lang = await self.shown_language(interaction)
            await interaction.response.send_message(
                embed=history_embed(page, target.display_name, lang),
                **_view_kwargs(history_view(page, lang)))

    # -- buttons -----------------------------------------------------------------------
    async def turn_board(self, interaction: discord.Interaction, key: BoardKey) -> None:
        async with self.refusals(interaction):
            if key.guild_id != interaction.guild_id:
                raise WrongServer()
            page = await self.service().board(key, interaction.user.id)
            lang = await self.shown_language(interaction)
            await self._page(interaction, board_embed(page, lang), board_view(page, lang))

    async def turn_history(self, interaction: discord.Interaction, key: HistoryKey) -> None:
        async with self.refusals(interaction):
            if key.guild_id != interaction.guild_id:
                raise WrongServer()
            page = await self.service().history(key)
            lang = await self.shown_language(interaction)
            member = interaction.guild.get_member(key.user_id) if interaction.guild else None
            embed = history_embed(page, member.display_name if member else "?", lang)
            shown = interaction.message.embeds if interaction.message else []
            if member is None and shown and shown[0].title:
                embed.title = shown[0].title  # the member's name as the first page showed it
            await self._page(interaction, embed, history_view(page, lang))

    async def _page(self, interaction: discord.Interaction, embed: discord.Embed,
                    view: discord.ui.View | None) -> None:
        """In place for the member who asked; a copy of their own for anyone else."""
        if _asked_by(interaction):
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True,
                                                    **_view_kwargs(view))

    async def show_replay(self, interaction: discord.Interaction, deal_id: int) -> None:
        async with self.refusals(interaction):
            replay = await self.service().replay(interaction.guild_id or 0, deal_id)
            lang = language(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            labels = Labels(render_labels(lang))  # images, alt text and cards: the reader's
            images = await asyncio.to_thread(render_replay, replay, labels)
            record_name = f"deal-{deal_id}.json"
            record = json.dumps(replay.record, indent=2, ensure_ascii=False).encode()
            files = [_file(p) for p in images.overview]
            files.append(discord.File(io.BytesIO(record), record_name))
            await fill(interaction,
                       embed=replay_embed(replay, steps(replay, lang, labels), lang, record_name),
                       files=files)
            for first in range(0, len(images.tricks), FILES_PER_MESSAGE):
                chunk: Sequence[Picture] = images.tricks[first:first + FILES_PER_MESSAGE]
                await interaction.followup.send(
                    t("standings.replay.tricks", lang, first=first + 1,
                      last=first + len(chunk), deal=deal_id, n=len(chunk)),
                    files=[_file(p) for p in chunk], ephemeral=True)


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Standings(bot))
