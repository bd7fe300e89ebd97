"""``/tapp settings show|set|reset``: a server's settings for its tables.

Anyone may look; a change needs the Manage Server permission, checked here on every
call: Discord applies default member permissions to top-level commands only, and
``/tapp`` is shared by every command (a server can still restrict ``/tapp settings`` in
its Integrations settings). Answers are ephemeral, in the member's language. The
choices and :data:`~cogs.choices.Duration` are shared with ``/tapp table new`` (a table's own
settings), in :mod:`cogs.choices`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.i18n import t
from bot.ratings import SeasonLength
from bot.settings import SPECS, SeriesHosts, WebAccess
from bot.settings.inputs import SettingError, check
from bot.settings.messages import changes_text, settings_embed, value_text
from bot.store import Store

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
from .group import TappCog, add_tapp_cog, needed

SEASON_CHOICES = [Choice(name=t(f"settings.season.{s.value}"), value=s.value)
                  for s in SeasonLength]
WEB_CHOICES = [Choice(name=t(f"settings.web.{w.value}"), value=w.value) for w in WebAccess]
SERIES_HOSTS_CHOICES = [Choice(name=t(f"settings.series_hosts.{h.value}"), value=h.value)
                        for h in SeriesHosts]
SETTING_CHOICES = [Choice(name=t(f"settings.name.{key}"), value=key) for key in SPECS]


class ServerSettings(TappCog):
    settings = app_commands.Group(name="settings", description=t("settings.cmd.group"))

    @property
    def store(self) -> Store:
        return needed(self.bot.database)

    @settings.command(name="show", description=t("settings.cmd.show"))
    async def show(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        overrides = await self.store.settings.guild_overrides(interaction.guild_id)
        server = interaction.guild.name if interaction.guild else str(interaction.guild_id)
        ctx = Context(interaction)
        await ctx.send(ephemeral=True, embed=settings_embed(overrides, server, ctx.language))

    @settings.command(name="set", description=t("settings.cmd.set"))
    @app_commands.describe(**described(
        "settings.cmd", "reminder", "timeout", "on_timeout", "computers", "variant", "stake",
        "deck_style", "mode", "language", "season", "web", "series_hosts"))
    @app_commands.choices(on_timeout=POLICY_CHOICES, variant=VARIANT_CHOICES,
                          deck_style=DECK_STYLE_CHOICES, mode=MODE_CHOICES,
                          language=LANGUAGE_CHOICES, season=SEASON_CHOICES,
                          web=WEB_CHOICES,
                          series_hosts=SERIES_HOSTS_CHOICES)  # type: ignore[misc]
    async def set_(self, interaction: discord.Interaction, reminder: Duration | None = None,
                   timeout: Duration | None = None, on_timeout: str | None = None,
                   computers: bool | None = None, variant: str | None = None,
                   stake: Range[int, 1, 1000] | None = None, deck_style: str | None = None,
                   mode: str | None = None, language: str | None = None,
                   season: str | None = None, web: str | None = None,
                   series_hosts: str | None = None) -> None:
        assert interaction.guild_id is not None
        ctx = Context(interaction)
        lang = ctx.language
        raw = given({"reminder_delay": reminder, "turn_timeout": timeout,
                     "timeout_policy": on_timeout, "computers_allowed": computers,
                     "default_variant": variant, "stake": stake, "deck_style": deck_style,
                     "table_mode": mode, "language": language, "season": season,
                     "web": web, "series_hosts": series_hosts})
        try:
            self._require_manager(interaction)
            if not raw:
                raise SettingError("settings.error.nothing")
            values = check(raw, lang)
        except SettingError as error:
            await ctx.refuse(error)
            return
        now = await self.store.settings.set_guild(interaction.guild_id, values,
                                                  updated_by=interaction.user.id)
        await ctx.tell(changes_text(values, now, lang))

    @settings.command(name="reset", description=t("settings.cmd.reset"))
    @app_commands.describe(setting=t("settings.cmd.reset.setting"))
    @app_commands.choices(setting=SETTING_CHOICES)  # type: ignore[misc]
    async def reset(self, interaction: discord.Interaction, setting: str | None = None) -> None:
        assert interaction.guild_id is not None
        ctx = Context(interaction)
        lang = ctx.language
        try:
            self._require_manager(interaction)
        except SettingError as error:
            await ctx.refuse(error)
            return
        keys = None if setting is None else [setting]
        now = await self.store.settings.reset_guild(interaction.guild_id, keys)
        text = t("settings.reset.all", lang) if setting is None else t(
            "settings.reset.one", lang, name=t(f"settings.name.{setting}", lang),
            value=value_text(setting, getattr(now, setting), lang))
        await ctx.tell(text)

    @staticmethod
    def _require_manager(interaction: discord.Interaction) -> None:
        """Changing the settings takes the Manage Server permission."""
        if not interaction.permissions.manage_guild:
            raise SettingError("settings.error.permission")


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, ServerSettings(bot))
