"""A table's public messages on Discord, each recorded in the store as it is posted.

The table message is edited in place (posted anew when it is an hour old, or asked
for); turn pings, deal results and the closing summary are posted. Whatever the bot
posts is recorded before anything else happens, and whatever it must delete (an old
ping, a table message posted anew) stays *owed* in the store until Discord confirmed the
deletion: a deletion Discord refused for now is done at the next update of the table,
or after a restart (:func:`bot.display.duties.converge`). A table closed while Discord
refused the closing edit is closed again later the same way, so every public message
converges to the table's stored state.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any, TypeVar

import aiohttp
import discord

from bot.connection.invalid_budget import Banned, cloudflare
from bot.i18n.words import Words
from bot.store import Store, StoreUnavailable
from bot.tables.state import DealOver, TableOver, TableState
from bot.ui.outgoing import Outgoing
from bot.ui.specs import MessageModel

from .disclosure import Disclosure, MessageKind
from .table_messages import closed_message, closed_note, result_message
from .thread_trouble import (
    THREAD_ARCHIVED,
    UNKNOWN_CHANNEL,
    ThreadLocked,
    archive,
    edit_in,
    locked,
)

log = logging.getLogger(__name__)
T = TypeVar("T")
Sleep = Callable[[float], Awaitable[None]]

#: a table message older than this is re-posted rather than edited (Discord limits edits
#: of messages older than an hour: error 30046)
REPOST_AFTER = 55 * 60.0
OLD_MESSAGE_EDITS = 30046
TABLE, PING, RESULT, CLOSED = (MessageKind.TABLE, MessageKind.PING, MessageKind.RESULT,
                               MessageKind.CLOSED)
#: pauses before a single call Discord refused for now is tried again
QUICK_RETRIES = (0.25, 0.5, 1.0, 2.0)


def transient(error: BaseException) -> bool:
    """A failure that may go away by itself: rate limits beyond discord.py's own retries,
    Discord's 5xx, a dropped connection, a busy store, Cloudflare's ban (but see
    :func:`banned_for`: it is not tried again before its ``Retry-After``). Not the limit
    on edits of messages older than an hour (30046): it lasts the hour."""
    if isinstance(error, discord.HTTPException):
        return (error.status == 429 and error.code != OLD_MESSAGE_EDITS) or error.status >= 500
    return isinstance(error, (aiohttp.ClientError, TimeoutError, OSError, StoreUnavailable,
                              Banned))


def banned_for(error: BaseException) -> float | None:
    """Seconds before a call Cloudflare refused (or that was not sent for its ban) may be
    tried again; None for any other failure."""
    if isinstance(error, Banned):
        return error.retry_after
    return cloudflare(error)


async def retrying(call: Callable[[], Awaitable[T]], sleep: Sleep,
                   delays: Sequence[float] = QUICK_RETRIES) -> T:
    """``call()``, tried again after a transient failure (the last failure is raised)."""
    for delay in delays:
        try:
            return await call()
        except Exception as error:
            if not transient(error) or banned_for(error) is not None:
                raise  # (a ban: what this retries is not worth waiting out)
            log.warning("Discord refused a call for now (%s); retrying in %.2f s", error,
                        delay)
        await sleep(delay)
    return await call()


@dataclass(eq=False)
class PublicMessages:
    """Posts, edits and deletes the public messages of tables (see the module docstring)."""

    client: discord.Client
    store: Store
    _: KW_ONLY
    outgoing: Callable[[MessageModel, int | None], Awaitable[Outgoing]]
    disclose: Callable[[Disclosure], None]
    clock: Callable[[], float]
    sleep: Sleep

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    # -- the table message ------------------------------------------------------------
    async def put_table_message(self, state: TableState, model: MessageModel,
                                kind: MessageKind, repost: bool) -> None:
        out = await self.outgoing(model, state.table_id)  # its picture, kept per table
        channel = self.channel(state.location_id)
        current = await self.store.messages.current(state.table_id, TABLE)
        message_id = None
        if current and not repost and not self._too_old(current[-1].message_id) \
                and current[-1].channel_id == state.location_id:
            ref = current[-1]
            try:
                await edit_in(self.client, ref.channel_id, ref.message_id, **out.edit_kwargs())
                message_id = ref.message_id
            except discord.NotFound as error:
                if error.code == UNKNOWN_CHANNEL:  # the thread or channel is gone
                    raise
                await self.store.messages.gone([ref.message_id])
            except discord.HTTPException as error:
                self._check_locked(state, error)
                if error.code != OLD_MESSAGE_EDITS:
                    raise
        if message_id is None:
            message = await self._send(state.table_id, channel, **out.send_kwargs())
            message_id = message.id
            await self.record(message, state.table_id, TABLE)
            await self.delete_owed(state.table_id)
        self.disclose(Disclosure(state.table_id, kind, None, None, state.stamp, model,
                                 message_id))

    @staticmethod
    def _check_locked(state: TableState, error: discord.HTTPException) -> None:
        if locked(error) and state.thread_id is not None:
            raise ThreadLocked(state.table_id, state.thread_id) from error

    async def _send(self, table_id: int, channel: discord.PartialMessageable,
                    **kwargs: Any) -> discord.Message:
        """Post (which unarchives an archived thread); a locked thread raises
        :class:`ThreadLocked`."""
        try:
            return await channel.send(**kwargs)
        except discord.HTTPException as error:
            if locked(error):
                raise ThreadLocked(table_id, channel.id) from error
            raise

    def _too_old(self, message_id: int) -> bool:
        created = discord.utils.snowflake_time(message_id).timestamp()
        return self.clock() - created > REPOST_AFTER

    # -- turn pings ---------------------------------------------------------------------
    async def ping(self, state: TableState, model: MessageModel) -> None:
        """Post the turn ping (the last one is owed deleting: :meth:`delete_owed`)."""
        channel = self.channel(state.location_id)
        message = await self._send(state.table_id, channel,
                                   **(await self.outgoing(model, None)).send_kwargs())
        await self.record(message, state.table_id, PING)
        self.disclose(Disclosure(state.table_id, PING, None, None, state.stamp, model,
                                 message.id))

    async def clear_pings(self, table_id: int) -> None:
        """Retire the table's turn pings (nobody is to be pinged now): owed deleting."""
        for ref in await self.store.messages.current(table_id, PING):
            await self.store.messages.retire(ref.message_id)

    # -- results and closing ------------------------------------------------------------
    async def result(self, event: DealOver, language: str | None, style: str) -> None:
        """Post a deal's result (recorded with the deal: it is shown)."""
        words = Words(language, event.view.variant, style)
        model = result_message(event, words, style, language)
        table = await self.store.tables.get(event.table_id)
        channel = self.channel(table.thread_id or table.channel_id)
        message = await self._send(event.table_id, channel,
                                   **(await self.outgoing(model, None)).send_kwargs())
        await self.record(message, event.table_id, RESULT, replace=False,
                          deal_id=event.deal_id)
        self.disclose(Disclosure(event.table_id, RESULT, None, None, event.stamp, model,
                                 message.id))

    async def closed(self, event: TableOver, language: str | None, style: str) -> None:
        """Show the table closed: its table message edited (no live buttons left), its
        pings deleted, the closing summary posted once. A refusal from Discord raises
        (the whole step is tried again, now or after a restart)."""
        table = await self.store.tables.get(event.table_id)
        words = Words(language, table.variant, style)
        model = closed_message(event, words)
        channel = self.channel(table.thread_id or table.channel_id)
        note = await self.outgoing(closed_note(event, words), None)
        shown = await self.store.messages.current(event.table_id, TABLE)
        for ref in shown:
            try:
                await edit_in(self.client, ref.channel_id, ref.message_id, **note.edit_kwargs())
            except discord.NotFound:
                pass
            except discord.HTTPException as error:
                if not locked(error):  # a locked thread's messages stay as they are
                    raise
        await self.clear_pings(event.table_id)
        await self.delete_owed(event.table_id)
        posted = await self.store.messages.current(event.table_id, CLOSED)
        if not event.cancelled and not posted:  # the summary, once
            message = await self._send(event.table_id, channel,
                                       **(await self.outgoing(model, None)).send_kwargs())
            await self.record(message, event.table_id, CLOSED)
        await self.store.messages.gone([ref.message_id for ref in shown])  # final: kept
        self.disclose(Disclosure(event.table_id, CLOSED, None, None, None, model))
        if table.thread_id is not None:  # no longer one of the server's active threads
            await archive(self.client, event.table_id, table.thread_id)

    # -- the store's side ---------------------------------------------------------------
    async def record(self, message: discord.Message, table_id: int, kind: MessageKind, *,
                     replace: bool = True, deal_id: int | None = None) -> None:
        """Record a message just sent (tried again while the store is busy); if the
        store keeps refusing, the message is deleted again, so that trying the whole
        update again leaves no copy behind that the bot does not know of."""
        record = functools.partial(self.store.messages.record, table_id, kind,
                                   message.channel.id, message.id, replace=replace,
                                   deal_id=deal_id)
        try:
            await retrying(record, self.sleep)
        except Exception:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
            raise

    async def delete_owed(self, table_id: int | None = None) -> None:
        """Delete on Discord what the table (or every table) owes deleting; a refusal for
        now raises, leaving the rest owed."""
        gone: list[int] = []
        try:
            for ref in await self.store.messages.owed(table_id):
                await self._delete(ref.channel_id, ref.message_id)
                gone.append(ref.message_id)
        finally:
            if gone:
                await self.store.messages.gone(gone)

    async def _delete(self, channel_id: int, message_id: int) -> None:
        """Delete a message; one in a locked thread cannot be, and is given up."""
        try:
            await self.channel(channel_id).get_partial_message(message_id).delete()
        except discord.NotFound:
            pass
        except discord.HTTPException as error:
            if not locked(error) and error.code != THREAD_ARCHIVED:
                raise
            log.info("message %d in a locked thread cannot be deleted (%s)", message_id, error)
