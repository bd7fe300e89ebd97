"""``/tapp rules [variant]``: a variant's rules summary (default: the table's here), page by
page, ephemerally in the user's language.

The pages come from :mod:`bot.display.rules_pages`. ◀ / ▶ and a select of the page titles
turn the page in place; they are ``DynamicItem``s whose ``custom_id`` carries variant,
language and page, so they keep working after a restart. The *Rules* button of a table
message (``cogs/table.py``) raises the ``tapp_rules`` event, answered here with the
same pages for the table's variant.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import TappBot
from bot.display.rules_pages import (
    BUTTON_TEMPLATE,
    EVENT,
    SELECT_TEMPLATE,
    RulesPage,
    RulesRef,
    rules_page,
)
from bot.engine import VARIANTS
from bot.i18n import t
from bot.replies import deferred, fill
from bot.tables.errors import NoTableHere
from bot.ui.specs import COLOUR_LOBBY

from .group import add_tapp_cog
from .lobby import VARIANT_CHOICES
from .table import TableCog, language

log = logging.getLogger(__name__)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """◀ or ▶: shows the page in its ``custom_id``."""

    def __init__(self, ref: RulesRef, label: str = "·", *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=ref.encode(),
                                           disabled=disabled))
        self.ref = ref

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> RulesButton:
        return cls(RulesRef.from_match(match), getattr(item, "label", None) or "·")

    async def callback(self, interaction: discord.Interaction) -> None:
        await turn(interaction, self.ref, self.ref.page or 0)


class RulesSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """The page titles: shows the chosen page."""

    def __init__(self, ref: RulesRef, placeholder: str = "·",
                 options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=ref.encode(), placeholder=placeholder,
                                           options=options or [discord.SelectOption(
                                               label="·", value="0")]))
        self.ref = ref

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> RulesSelect:
        return cls(RulesRef.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        page = int(values[0]) if values and values[0].isdigit() else 0
        await turn(interaction, self.ref, page)


DYNAMIC_ITEMS = (RulesButton, RulesSelect)


def embed(page: RulesPage) -> discord.Embed:
    out = discord.Embed(title=page.title, description=page.description, colour=COLOUR_LOBBY)
    out.set_footer(text=page.footer)
    return out


def view(page: RulesPage) -> discord.ui.View | None:
    """◀ and ▶ in the first row, the select of the page titles below."""
    if not page.buttons and page.select is None:
        return None
    out = discord.ui.View(timeout=None)
    for button in page.buttons:
        ref = RulesRef.parse(button.custom_id)
        assert ref is not None
        out.add_item(RulesButton(ref, button.label, disabled=button.disabled))
    if page.select is not None:
        ref = RulesRef.parse(page.select.custom_id)
        assert ref is not None
        options = [discord.SelectOption(label=label, value=value, default=shown)
                   for label, value, shown in page.select.options]
        out.add_item(RulesSelect(ref, page.select.placeholder, options))
    return out


def page_kwargs(page: RulesPage) -> dict[str, Any]:
    shown = view(page)
    return {"embed": embed(page), **({} if shown is None else {"view": shown})}


async def send_rules(interaction: discord.Interaction, variant: str, lang: str) -> None:
    """Answer with the first page, ephemerally."""
    kwargs = page_kwargs(rules_page(variant, 0, lang))
    if not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=True, **kwargs)
    elif deferred(interaction):
        await fill(interaction, **kwargs)
    else:
        await interaction.followup.send(ephemeral=True, **kwargs)


async def turn(interaction: discord.Interaction, ref: RulesRef, page: int) -> None:
    """Show ``page`` on the message the clicked component sits on."""
    if ref.variant not in VARIANTS:  # an id from a version that had another variant
        await interaction.response.send_message(t("error.generic", language(interaction)),
                                                ephemeral=True)
        return
    await interaction.response.edit_message(**page_kwargs(
        rules_page(ref.variant, page, ref.language)))


class Rules(TableCog):
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        await super().cog_unload()

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
                variant = await self.tables.server_variant(interaction.guild_id)
        await send_rules(interaction, variant, language(interaction))

    @commands.Cog.listener(f"on_{EVENT}")
    async def on_rules(self, interaction: discord.Interaction, variant: str) -> None:
        """The *Rules* button of a table message."""
        try:
            await send_rules(interaction, variant, language(interaction))
        except discord.HTTPException:
            log.warning("rules for %s not sent", variant, exc_info=True)


async def setup(bot: TappBot) -> None:
    await add_tapp_cog(bot, Rules(bot))
