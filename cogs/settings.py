"""``/tapp settings show|set|reset``: a server's settings for its tables.

Anyone may look; a change needs the Manage Server permission, checked here on every
call: Discord applies default member permissions to top-level commands only, and
``/tapp`` is shared by every command (a server can still restrict ``/tapp settings`` in
its Integrations settings). Answers are ephemeral, in the member's language. The
choices and :data:`Duration` are shared with ``/tapp new`` (a table's own settings).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.connection.client import TappBot
from bot.engine import VARIANTS
from bot.i18n import t
from bot.ratings import SeasonLength
from bot.settings import DECK_CHOICES, LANGUAGES, SPECS, TableMode, TimeoutPolicy
from bot.settings.inputs import SettingError, check
from bot.settings.messages import changes_text, settings_embed, value_text
from bot.store import Store

from .group import TappCog, add_tapp_cog, needed
from .table import language as user_language

#: a duration as typed: ``30m``, ``2h``, ``1h30m``, ``1d``, ``off`` (see bot.settings)
Duration = Range[str, 1, 24]
POLICY_CHOICES = [Choice(name=t(f"settings.policy.{p.value}"), value=p.value)
                  for p in TimeoutPolicy]
DECK_STYLE_CHOICES = [Choice(name=t(f"settings.deck.{d}"), value=d) for d in DECK_CHOICES]
MODE_CHOICES = [Choice(name=t(f"settings.mode.{m.value}"), value=m.value) for m in TableMode]
LANGUAGE_CHOICES = [Choice(name=t(f"settings.language.{code}"), value=code)
                    for code in LANGUAGES]
VARIANT_CHOICES = [Choice(name=t(f"variant.{v}"), value=v) for v in VARIANTS]
SEASON_CHOICES = [Choice(name=t(f"settings.season.{s.value}"), value=s.value)
                  for s in SeasonLength]
SETTING_CHOICES = [Choice(name=t(f"settings.name.{key}"), value=key) for key in SPECS]


def described(prefix: str, *options: str) -> dict[str, str]:
    """The descriptions of a command's ``options`` for ``app_commands.describe``: the
    catalogue's ``PREFIX.OPTION`` each."""
    return {option: t(f"{prefix}.{option}") for option in options}


def given(values: Mapping[str, Any]) -> dict[str, Any]:
    """The options the member filled in."""
    return {k: v for k, v in values.items() if v is not None}


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
        embed = settings_embed(overrides, server, user_language(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @settings.command(name="set", description=t("settings.cmd.set"))
    @app_commands.describe(**described(
        "settings.cmd", "reminder", "timeout", "on_timeout", "computers", "variant", "stake",
        "deck_style", "mode", "language", "season"))
    @app_commands.choices(on_timeout=POLICY_CHOICES, variant=VARIANT_CHOICES,
                          deck_style=DECK_STYLE_CHOICES, mode=MODE_CHOICES,
                          language=LANGUAGE_CHOICES, season=SEASON_CHOICES)  # type: ignore[misc]
    async def set_(self, interaction: discord.Interaction, reminder: Duration | None = None,
                   timeout: Duration | None = None, on_timeout: str | None = None,
                   computers: bool | None = None, variant: str | None = None,
                   stake: Range[int, 1, 1000] | None = None, deck_style: str | None = None,
                   mode: str | None = None, language: str | None = None,
                   season: str | None = None) -> None:
        assert interaction.guild_id is not None
        lang = user_language(interaction)
        raw = given({"reminder_delay": reminder, "turn_timeout": timeout,
                     "timeout_policy": on_timeout, "computers_allowed": computers,
                     "default_variant": variant, "stake": stake, "deck_style": deck_style,
                     "table_mode": mode, "language": language, "season": season})
        try:
            self._require_manager(interaction)
            if not raw:
                raise SettingError("settings.error.nothing")
            values = check(raw, lang)
        except SettingError as error:
            await interaction.response.send_message(error.text(lang), ephemeral=True)
            return
        now = await self.store.settings.set_guild(interaction.guild_id, values,
                                                  updated_by=interaction.user.id)
        await interaction.response.send_message(changes_text(values, now, lang),
                                                ephemeral=True)

    @settings.command(name="reset", description=t("settings.cmd.reset"))
    @app_commands.describe(setting=t("settings.cmd.reset.setting"))
    @app_commands.choices(setting=SETTING_CHOICES)  # type: ignore[misc]
    async def reset(self, interaction: discord.Interaction, setting: str | None = None) -> None:
        assert interaction.guild_id is not None
        lang = user_language(interaction)
        try:
            self._require_manager(interaction)
        except SettingError as error:
            await interaction.response.send_message(error.text(lang), ephemeral=True)
            return
        keys = None if setting is None else [setting]
        now = await self.store.settings.reset_guild(interaction.guild_id, keys)
        text = t("settings.reset.all", lang) if setting is None else t(
            "settings.reset.one", lang, name=t(f"settings.name.{setting}", lang),
            value=value_text(setting, getattr(now, setting), lang))
        await interaction.response.send_message(text, ephemeral=True)

    @staticmethod
    def _require_manager(interaction: discord.Interaction) -> None:
        """Changing the settings takes the Manage Server permission."""
        if not interaction.permissions.manage_guild:
            raise SettingError("settings.error.permission")


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, ServerSettings(bot))
