"""The one ``DynamicItem`` class behind every component of the bot (buttons and selects of
tables, the deal of the day, the standings and the rules).

``from_custom_id`` only parses (it runs inside Discord's 3-second window) with
:func:`bot.custom_ids.read`; the callback hands the click to the bot as its kind's event,
``on_<event>(interaction, key, values)`` (:attr:`bot.custom_ids.Key.event`), which the
cog of that kind handles. Registered once by the client, so the components of messages
posted before a restart keep working. An id that starts as the bot's but is none of its
kinds (forged, or broken) is answered as such; one of a known kind whose fields mean
nothing is handed on with the key ``None``.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import DynamicItem

from bot.custom_ids import TEMPLATE, Key, Unreadable, read
from bot.i18n import t

from .specs import ButtonSpec, Component


class KeyedItem(DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """A button or select; ``key`` is its parsed ``custom_id`` (None: unreadable, of
    the kind ``key_class``; both None: no id of this bot's)."""

    def __init__(self, item: discord.ui.Item[Any], key: Key | None,
                 key_class: type[Key] | None = None) -> None:
        super().__init__(item)
        self.key = key
        self.key_class = type(key) if key is not None else key_class

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> KeyedItem:
        try:
            return cls(item, read(match.string))
        except Unreadable as error:
            return cls(item, None, error.key_class)

    @property
    def values(self) -> list[str]:
        """The chosen values of a select (empty for a button)."""
        item = self.item
        return list(item.values) if isinstance(item, discord.ui.Select) else []

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.key_class is None:
            await interaction.response.send_message(
                t("error.unknown_component", str(interaction.locale)), ephemeral=True)
            return
        interaction.client.dispatch(self.key_class.event, interaction, self.key, self.values)


def item(spec: Component) -> KeyedItem:
    """The component a spec describes (its ``custom_id`` must be one of the bot's)."""
    inner: discord.ui.Item[Any]
    if isinstance(spec, ButtonSpec):
        inner = discord.ui.Button(label=spec.label, custom_id=spec.custom_id,
                                  style=discord.ButtonStyle[spec.style],
                                  disabled=spec.disabled, row=spec.row)
    else:
        inner = discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder,
            min_values=spec.min_values, max_values=spec.max_values, row=spec.row,
            options=[discord.SelectOption(label=label, value=value,
                                          default=value in spec.chosen)
                     for label, value in spec.options])
    key = read(spec.custom_id)
    if key is None:
        raise ValueError(f"not a custom_id of the bot's: {spec.custom_id!r}")
    return KeyedItem(inner, key)


def view(specs: tuple[Component, ...]) -> discord.ui.View | None:
    """A view of ``specs`` (None if there are none)."""
    if not specs:
        return None
    out = discord.ui.View(timeout=None)
    for spec in specs:
        out.add_item(item(spec))
    return out
