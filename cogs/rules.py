"""``/tapp rules [variant]``: a variant's rules summary (default: the table's here), page by
page, ephemerally in the user's language.

The pages come from :mod:`bot.display.rules_messages`. ◀ / ▶ and a select of the page titles
turn the page in place; their ``custom_id`` carries variant, language and page, so they
keep working after a restart (a click raises ``tapp_rules_page``). The *Rules* button of a table
message (``cogs/table.py``) raises the ``tapp_rules`` event, answered here with the
same pages for the table's variant.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.connection.client import TappBot
from bot.connection.context import Context
from bot.display.rules_messages import EVENT, RulesPage, RulesRef, rules_page
from bot.engine import VARIANTS
from bot.i18n import t
from bot.tables.errors import NoTableHere
from bot.ui.outgoing import Outgoing
from bot.ui.specs import COLOUR_LOBBY, EmbedModel

from .base import TableCog
from .choices import VARIANT_CHOICES
from .group import add_tapp_cog

log = logging.getLogger(__name__)


def page_kwargs(page: RulesPage) -> dict[str, Any]:
    """The page as an embed, ◀ and ▶ in the first row, the select of the titles below."""
    components = page.buttons + (() if page.select is None else (page.select,))
    embed = EmbedModel(page.description, page.title, COLOUR_LOBBY, footer=page.footer)
    return Outgoing((embed,), components=components).send_kwargs()


async def send_rules(ctx: Context, variant: str) -> None:
    """Answer with the first page, ephemerally, in the member's language."""
    await ctx.send(ephemeral=True, **page_kwargs(rules_page(variant, 0, ctx.language)))


async def turn(interaction: discord.Interaction, ref: RulesRef, page: int) -> None:
    """Show ``page`` on the message the clicked component sits on."""
    if ref.variant not in VARIANTS:  # an id from a version that had another variant
        ctx = Context(interaction)
        await ctx.tell(ctx.text("error.generic"))
        return
    await Context(interaction).update(**page_kwargs(rules_page(ref.variant, page,
                                                               ref.language)))


class Rules(TableCog):
    @commands.Cog.listener("on_tapp_rules_page")
    async def on_page(self, interaction: discord.Interaction, ref: RulesRef,
                      values: list[int]) -> None:
        """◀, ▶ or the select of the page titles: the page it leads to."""
        page = ref.page
        if page is None:
            page = values[0] if values else 0
        await turn(interaction, ref, page)

    @app_commands.command(name="rules", description=t("cmd.rules"))
    @app_commands.describe(variant=t("cmd.rules.variant"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        if variant is None:  # the table's here, else the server's usual one
            try:
                variant = self.here(interaction).variant
            except NoTableHere:
                if interaction.guild_id is None:
                    raise NoTableHere("error.no_table_for_rules") from None
                variant = await self.tables.records.server_variant(interaction.guild_id)
        await send_rules(Context(interaction), variant)

    @commands.Cog.listener(f"on_{EVENT}")
    async def on_rules(self, interaction: discord.Interaction, variant: str) -> None:
        """The *Rules* button of a table message."""
        try:
            await send_rules(Context(interaction), variant)
        except discord.HTTPException:
            log.warning("rules for %s not sent", variant, exc_info=True)


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Rules(bot))
