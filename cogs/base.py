""":class:`TableCog`, the base of the cogs of the table commands (the lobby, play, the
rules, places, the table's components): the bot's table service and display, the table
a command in this channel is about, and the answer with a seat's private hand panel;
:func:`give_thread`, a table's own thread (``/tapp table new``'s and a series' shared
tables'). Not a cog: the shared kit the cogs import (a cog imports no other cog)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
from collections.abc import Iterable
from typing import Any, Final, Literal

import discord

from bot.connection.context import Context
from bot.display import Answer, Display, MessageKind
from bot.i18n.words import Words
from bot.tables import LiveTable, TableService
from bot.tables.state import HandContext
from bot.ui.hand_messages import hand_panel

from .group import TappCog, needed

log = logging.getLogger(__name__)

#: a table's thread archives itself after a week without a message (the longest)
THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080


async def give_thread(tables: TableService, table_id: int,
                      parent: discord.Message | discord.TextChannel, *, name: str,
                      members: Iterable[discord.abc.Snowflake]) -> discord.Thread | None:
    """Give the table just opened (not placed yet) its own thread: made from ``parent``
    (the message it starts from, or the channel: a thread without a starter message),
    ``members`` added to it, and the table shown there (:meth:`bot.tables.lobby.Lobby.
    place`). Where Discord makes no thread (no permission) the table lives in the
    channel, as it does where the store cannot record the thread (it is deleted again).
    The thread, or None."""
    thread = None
    try:
        if isinstance(parent, discord.Message):
            thread = await parent.create_thread(name=name,
                                                auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        else:
            thread = await parent.create_thread(name=name,
                                                type=discord.ChannelType.public_thread,
                                                auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        for member in members:
            with contextlib.suppress(discord.HTTPException):
                await thread.add_user(member)
    except discord.HTTPException:
        log.warning("no thread for table %d; it lives in the channel", table_id)
    thread_id = thread.id if thread is not None else None
    if not await tables.lobby.place(table_id, thread_id) and thread is not None:
        with contextlib.suppress(discord.HTTPException):  # not the table's: no use
            await thread.delete()
        return None
    return thread


class TableCog(TappCog):
    """A cog of the table commands: reaches the bot's table service and display."""

    @property
    def tables(self) -> TableService:
        return needed(self.bot.tables)

    @property
    def display(self) -> Display:
        return needed(self.bot.display)

    def here(self, interaction: discord.Interaction) -> LiveTable:
        """The table a command in this channel or thread is about."""
        channel: Any = interaction.channel
        parent_id = getattr(channel, "parent_id", None)
        assert interaction.channel_id is not None
        return self.tables.registry.find(interaction.guild_id, interaction.channel_id,
                                         interaction.user.id, parent_id)

    @staticmethod
    async def send_hand(answer: Answer, ctx: Context, hand: HandContext,
                        note: str | None = None, *, update: bool | None = None,
                        words: Words | None = None, after_action: bool = False) -> None:
        """Answer with the seat's private hand panel (components for its legal actions).
        ``after_action``: the member's action is stored; if the panel cannot be sent with
        its picture (drawing it failed), it is sent without, never a word that nothing
        changed."""
        words = words or ctx.words(hand.view.variant, hand.style)
        model = hand_panel(hand, words, note, after_action=after_action)
        send = functools.partial(answer.send, table_id=hand.table_id, kind=MessageKind.HAND,
                                 seat=hand.seat, stamp=hand.stamp, update=update,
                                 claim=hand.claim)
        try:
            await send(model)
        except discord.HTTPException:  # Discord's refusal: no picture of ours to blame
            raise
        except Exception:
            if not after_action or model.image is None:
                raise
            log.exception("table %d: the picture of the answer to a stored action failed;"
                          " sent without", hand.table_id)
            await send(dataclasses.replace(model, image=None))
