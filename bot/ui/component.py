"""The one ``DynamicItem`` class behind every table component (buttons and selects).

``from_custom_id`` only parses (it runs inside Discord's 3-second window); the callback
hands the click to the bot as the ``tapp_component`` event, which the table cog handles
(``on_tapp_component(interaction, component_id, values)``). Registered by the cog in
``cog_load``, so buttons on messages posted before a restart keep working.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import DynamicItem

from bot.tables.ids import TEMPLATE, ComponentId

EVENT = "tapp_component"


class TableComponent(DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """A table button or select; ``cid`` is its parsed ``custom_id``."""

    def __init__(self, item: discord.ui.Item[Any], cid: ComponentId) -> None:
        super().__init__(item)
        self.cid = cid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TableComponent:
        return cls(item, ComponentId.from_match(match))

    @property
    def values(self) -> list[str]:
        """The chosen values of a select (empty for a button)."""
        item = self.item
        return list(item.values) if isinstance(item, discord.ui.Select) else []

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.dispatch(EVENT, interaction, self.cid, self.values)


def button(custom_id: str, label: str, style: str, *, disabled: bool = False,
           row: int | None = None) -> TableComponent:
    item: discord.ui.Button[Any] = discord.ui.Button(
        label=label, custom_id=custom_id, style=discord.ButtonStyle[style], disabled=disabled,
        row=row)
    cid = ComponentId.parse(custom_id)
    assert cid is not None
    return TableComponent(item, cid)


def select(custom_id: str, placeholder: str, options: list[tuple[str, str]], *,
           min_values: int = 1, max_values: int = 1, row: int | None = None) -> TableComponent:
    item: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id, placeholder=placeholder, min_values=min_values,
        max_values=max_values, row=row,
        options=[discord.SelectOption(label=label, value=value) for label, value in options])
    cid = ComponentId.parse(custom_id)
    assert cid is not None
    return TableComponent(item, cid)
