"""``/tapp table new`` (a table in its own thread, or in the channel, with its own
settings), ``/tapp table leave``, ``/tapp table end`` and ``/tapp table show`` (re-post
the table message)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.ai import levels
from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.connection.permissions import Missing, missing_for_new_table, missing_text
from bot.engine.variants import option_choices, player_counts
from bot.i18n import t
from bot.settings import TableMode
from bot.settings.inputs import SettingError, check
from bot.tables.errors import NoTableHere
from bot.tables.lobby import MAX_ANTE, MAX_STAKE

from .base import TableCog, give_thread
from .choices import (
    DECK_STYLE_CHOICES,
    LANGUAGE_CHOICES,
    MODE_CHOICES,
    POLICY_CHOICES,
    VARIANT_CHOICES,
    Duration,
    described,
    given,
)
from .group import add_tapp_cog

log = logging.getLogger(__name__)

PLAYER_CHOICES: list[Choice[int]] = [Choice(name=t("choice.players", n=n), value=n)
                                     for n in player_counts()]
DECK_CHOICES: list[Choice[int]] = [Choice(name=t("choice.deck", n=n), value=n)
                                   for n in option_choices("deck")]
THRESHOLD_CHOICES: list[Choice[int]] = [Choice(name=str(n), value=n)
                                        for n in option_choices("tapp_threshold")]
LEVEL_CHOICES: list[Choice[str]] = [Choice(name=t(f"level.{lv}"), value=lv) for lv in levels()]
#: a table's language names one; "auto" (the server's) is what leaving it out means
TABLE_LANGUAGE_CHOICES = [c for c in LANGUAGE_CHOICES if c.value != "auto"]


class Lobby(TableCog):
    group = "table"

    @app_commands.command(name="new", description=t("cmd.new"))
    @app_commands.describe(
        **described("cmd.new", "players", "stake", "deck", "tapp_threshold", "ante",
                    "herz_aufnehmen", "closing_round", "herz_ass_ende", "level", "spectators"),
        **described("settings.cmd.new", "variant", "reminder", "timeout", "on_timeout",
                    "computers", "deck_style", "mode", "language"))
    @app_commands.choices(variant=VARIANT_CHOICES, players=PLAYER_CHOICES, deck=DECK_CHOICES,
                          tapp_threshold=THRESHOLD_CHOICES, level=LEVEL_CHOICES,
                          on_timeout=POLICY_CHOICES, deck_style=DECK_STYLE_CHOICES,
                          mode=MODE_CHOICES,
                          language=TABLE_LANGUAGE_CHOICES)  # type: ignore[misc]
    async def new(self, interaction: discord.Interaction, variant: str | None = None,
                  players: int | None = None, stake: Range[int, 1, MAX_STAKE] | None = None,
                  deck: int | None = None, tapp_threshold: int | None = None,
                  ante: Range[int, 0, MAX_ANTE] | None = None, herz_aufnehmen: bool | None = None,
                  closing_round: bool | None = None, herz_ass_ende: bool | None = None,
                  level: str | None = None, spectators: bool | None = None,
                  reminder: Duration | None = None,
                  timeout: Duration | None = None, on_timeout: str | None = None,
                  computers: bool | None = None, deck_style: str | None = None,
                  mode: str | None = None, language: str | None = None) -> None:
        """Open a lobby: in a new thread of this channel (or here, per the ``table_mode``,
        and always here inside a thread), with the table's own settings."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        ctx = Context(interaction)
        lang = ctx.language
        options: dict[str, Any] = {
            "players": players, "stake": stake, "deck": deck, "tapp_threshold": tapp_threshold,
            "ante": ante, "herz_aufnehmen": herz_aufnehmen, "closing_round": closing_round,
            "herz_ass_ende": herz_ass_ende, "computer_level": level,
            "spectators": spectators}
        own = given({"reminder_delay": reminder, "turn_timeout": timeout,
                     "timeout_policy": on_timeout, "computers_allowed": computers,
                     "deck_style": deck_style, "table_mode": mode, "language": language})
        try:
            own = check(own, lang, table=True)
        except SettingError as error:
            await ctx.refuse(error)
            return
        channel = interaction.channel
        missing = await self._missing_permissions(interaction, own)
        if missing:  # say so before anything is made: no table, no message, no thread
            await ctx.tell(missing_text(missing, lang, interaction.channel_id))
            return
        in_thread = False if isinstance(channel, discord.Thread) else None
        created = await self.tables.lobby.create_table(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=interaction.user.display_name,
            variant=variant, options=given(options), settings=own,
            locale_language=ctx.public_language(), in_thread=in_thread)
        live = await self.tables.table(created.table_id)
        public = ctx.public_language(live.language)
        if live.placed:  # the lobby is posted in this channel
            await ctx.tell(ctx.text("lobby.opened_here",
                                    variant=t(f"variant.{live.variant}", lang)))
            return
        name = t(f"variant.{live.variant}", public)
        await ctx.send(ephemeral=False, allowed_mentions=discord.AllowedMentions.none(),
                       content=t("lobby.opened", public, host=interaction.user.mention,
                                 variant=name))
        try:
            starter = await interaction.original_response()
        except discord.HTTPException:
            log.warning("no thread for table %d; it lives in the channel", created.table_id)
            await self.tables.lobby.place(created.table_id, None)
            return
        await give_thread(self.tables, created.table_id, starter,
                          name=t("lobby.thread_name", public, variant=name,
                                 table=created.table_id),
                          members=(interaction.user,))

    async def _missing_permissions(self, interaction: discord.Interaction,
                                   own: dict[str, Any]) -> list[Missing]:
        """What the bot lacks for this table where it would be (``app_permissions``: the
        bot's permissions in this channel, which a new thread of it inherits)."""
        in_thread = isinstance(interaction.channel, discord.Thread)
        mode = own.get("table_mode")
        if mode is None and not in_thread and self.bot.database is not None:
            assert interaction.guild_id is not None
            mode = (await self.bot.database.settings.for_guild(interaction.guild_id)).table_mode
        return missing_for_new_table(interaction.app_permissions, in_thread=in_thread,
                                     new_thread=mode == TableMode.THREAD)

    @app_commands.command(name="leave", description=t("cmd.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        live = self.here(interaction)
        outcome = await self.tables.lobby.leave(live, interaction.user.id)
        ctx = Context(interaction)
        await ctx.tell(ctx.text(outcome))

    @app_commands.command(name="end", description=t("cmd.end"))
    @app_commands.describe(now=t("cmd.end.now"))
    async def end(self, interaction: discord.Interaction, now: bool = False) -> None:
        try:
            table_id = self.here(interaction).table_id
        except NoTableHere:  # a table paused after an error is not live: its host may end it
            assert interaction.channel_id is not None
            broken = await self.tables.records.broken_in(interaction.guild_id,
                                                         interaction.channel_id)
            if broken is None:
                raise
            table_id = broken
        outcome = await self.tables.play.end(table_id, interaction.user.id, now=now)
        ctx = Context(interaction)
        await ctx.tell(ctx.text(outcome))

    @app_commands.command(name="show", description=t("cmd.table"))
    async def show(self, interaction: discord.Interaction) -> None:
        live = self.here(interaction)
        await self.tables.places.repost(live)
        ctx = Context(interaction)
        await ctx.tell(ctx.text("notice.reposted"))


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Lobby(bot))
