"""The one ``DynamicItem`` class behind every component of the bot (buttons and selects of
tables, the deal of the day, the standings and the rules).

``from_custom_id`` only parses (it runs inside Discord's 3-second window) with
:func:`bot.connection.custom_ids.read`; the callback reads a select's chosen values
(:meth:`bot.connection.custom_ids.Key.read_values`) and hands the click to the bot as its kind's
event, ``on_<event>(interaction, key, values)`` (:attr:`bot.connection.custom_ids.Key.event`),
which the cog of that kind handles. Registered once by the client, so the components of
messages posted before a restart keep working.

Everything a click carries is read here, for every kind at once: an id that starts as
the bot's but is none of its kinds (forged, or broken) is answered as such; one of a
known kind whose fields mean nothing, or values that do not read as its select's, is
answered with its kind's text (:attr:`bot.connection.custom_ids.Key.unreadable`) and noted at
INFO (the kind only: a value may name a card of the clicker's hand). A cog sees only
keys and values that read.
"""

from __future__ import annotations

import logging
import re
from itertools import groupby
from typing import Any, cast

import discord
from discord.ui import DynamicItem

from bot.connection.custom_ids import TEMPLATE, Key, Unreadable, read
from bot.i18n import t

from .specs import MAX_ROWS, ROW_WIDTH, ButtonSpec, Component, SelectSpec

log = logging.getLogger(__name__)


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
        """The chosen values of a select as sent (empty for a button)."""
        item = self.item
        return list(item.values) if isinstance(item, discord.ui.Select) else []

    async def callback(self, interaction: discord.Interaction) -> None:
        kind = self.key_class
        if kind is None:
            await _refuse(interaction, "no kind", "error.unknown_component")
            return
        if self.key is None:
            await _refuse(interaction, kind.kind, kind.unreadable)
            return
        try:
            values = kind.read_values(self.values,
                                      select=isinstance(self.item, discord.ui.Select))
        except ValueError:
            await _refuse(interaction, kind.kind, kind.bad_choice)
            return
        interaction.client.dispatch(kind.event, interaction, self.key, values)


async def _refuse(interaction: discord.Interaction, kind: str, answer: str) -> None:
    """Answer a click that means nothing, to the clicker alone and in their language; the
    log names its kind and the answer, never its id or values."""
    log.info("a click on a component of %s from user %s refused: %s", kind,
             interaction.user.id, answer)
    await interaction.response.send_message(t(answer, str(interaction.locale)), ephemeral=True)


def component_dict(spec: Component) -> dict[str, Any]:
    """The payload of one component, as discord.py writes it (its ``custom_id`` must be
    one of the bot's)."""
    if read(spec.custom_id) is None:
        raise ValueError(f"not a custom_id of the bot's: {spec.custom_id!r}")
    inner: discord.ui.Item[Any]
    if isinstance(spec, ButtonSpec):
        inner = discord.ui.Button(label=spec.label, custom_id=spec.custom_id,
                                  style=discord.ButtonStyle[spec.style],
                                  disabled=spec.disabled)
    else:
        inner = discord.ui.Select(
            custom_id=spec.custom_id, placeholder=spec.placeholder,
            min_values=spec.min_values, max_values=spec.max_values,
            options=[discord.SelectOption(label=label, value=value,
                                          default=value in spec.chosen)
                     for label, value in spec.options])
    return cast(dict[str, Any], inner.to_component_dict())


class SpecView(discord.ui.View):
    """Components laid out once, as a message's payload: no items, so no cycles of
    items and view for the garbage collector (a view of items is one, made for every
    message sent); nothing for discord.py to store either (:class:`KeyedItem` answers
    every click of the bot's).

    It says it is finished from the start: discord.py's ``send_message`` stores every
    view not finished, dispatchable or not, and gives an ephemeral answer's view a
    15-minute timeout task (every *My hand* sent as a new message kept one running)."""

    def __init__(self, specs: tuple[Component, ...]) -> None:
        super().__init__(timeout=None)
        self._payload = _rows(specs)

    def to_components(self) -> list[dict[str, Any]]:
        return self._payload

    def is_dispatchable(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True


def _rows(specs: tuple[Component, ...]) -> list[dict[str, Any]]:
    """Action rows as discord.py's ``View`` lays them out: a component with a row goes
    there, the others to the first row with room (a select fills a row)."""
    weights = [0] * MAX_ROWS
    placed: list[tuple[int, int, dict[str, Any]]] = []  # (row, place in specs, payload)
    order = sorted(range(len(specs)), key=lambda i: (specs[i].row is None, specs[i].row or 0))
    for index in order:  # those with a row first, as discord.py's weights do
        spec = specs[index]
        width = ROW_WIDTH if isinstance(spec, SelectSpec) else 1
        if spec.row is not None:
            row = spec.row
            if weights[row] + width > ROW_WIDTH:
                raise ValueError(f"a component would not fit at row {row}")
        else:
            row = next((i for i, w in enumerate(weights) if w + width <= ROW_WIDTH), -1)
            if row < 0:
                raise ValueError("no room for another component")
        weights[row] += width
        placed.append((row, index, component_dict(spec)))
    placed.sort(key=lambda p: (p[0], p[1]))  # within a row, in the order given
    return [{"type": 1, "components": [d for _, _, d in group]}
            for _, group in groupby(placed, key=lambda p: p[0])]


def view(specs: tuple[Component, ...]) -> discord.ui.View | None:
    """The components of a message (None if there are none)."""
    return SpecView(specs) if specs else None
