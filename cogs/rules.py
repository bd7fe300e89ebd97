"""``/tapp rules [variant]``: a rules summary of a variant (default: the table's here)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.tables.errors import NoTableHere
from bot.tables.view_models import rules_message

from .group import add_tapp_cog
from .lobby import VARIANT_CHOICES
from .table import TableCog


class Rules(TableCog):
    @app_commands.command(name="rules", description=t("cmd.rules"))
    @app_commands.describe(variant=t("cmd.rules.variant"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        if variant is None:
            try:
                variant = self.here(interaction).variant
            except NoTableHere:
                raise NoTableHere("error.no_table_for_rules") from None
        model = rules_message(variant, self.words(interaction, variant, "french"))
        async with self.display.answer(interaction) as answer:
            await answer.send(model, table_id=0, kind="rules", seat=None, stamp=None)


async def setup(bot: commands.Bot) -> None:
    await add_tapp_cog(bot, Rules(bot))
