"""When Discord refuses a table's public update for good, the table is not left silent.

- An **archived thread** (Discord archives quiet threads, sometimes long before their
  auto-archive time): editing there fails (50083); :func:`edit_in` unarchives the thread
  (the bot created it, so it may) and edits again. Posting unarchives it by itself.
- A **locked thread** (a moderator's doing): the bot may neither post nor edit there
  (160005). :class:`ThreadLocked` is raised; :meth:`Troubles.handle` posts a note in the
  table's channel and has the table service move the table there, and the refused update
  is tried again in its new place.
- A **missing permission** (403): the table's channel is told once which permissions
  the table's messages need there (where even that is refused, the log says so once),
  and the table is suspended (see :mod:`.places`); the same without telling anyone when
  the bot is no longer in the server.
- A **deleted thread** (404 10003 for the table's thread): the table moves to its
  channel, the channel is told, and the update is tried again there. A **deleted
  channel**: the table is suspended.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.connection.permissions import POSTING, POSTING_IN_THREAD
from bot.i18n import t
from bot.store import Store

log = logging.getLogger(__name__)

THREAD_ARCHIVED, THREAD_LOCKED, UNKNOWN_CHANNEL = 50083, 160005, 10003
#: why a table is suspended (the same names as :mod:`.places`)
CHANNEL_GONE, BOT_REMOVED, NO_PERMISSION = "channel_gone", "bot_removed", "no_permission"


class ThreadLocked(Exception):
    """The table's thread is locked: nothing can be posted or edited there."""

    def __init__(self, table_id: int, thread_id: int) -> None:
        super().__init__(f"table {table_id}: thread {thread_id} is locked")
        self.table_id, self.thread_id = table_id, thread_id


def locked(error: BaseException) -> bool:
    return isinstance(error, discord.HTTPException) and error.code == THREAD_LOCKED


async def unarchive(client: discord.Client, thread_id: int) -> None:
    await client.http.edit_channel(thread_id, archived=False)


async def edit_in(client: discord.Client, channel_id: int, message_id: int,
                  **kwargs: Any) -> None:
    """Edit a message; in an archived thread, unarchive it first."""
    message = client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.edit(**kwargs)
    except discord.HTTPException as error:
        if error.code != THREAD_ARCHIVED:
            raise
        await unarchive(client, channel_id)
        await message.edit(**kwargs)


async def archive(client: discord.Client, table_id: int, thread_id: int) -> None:
    """Archive a finished table's thread (a refusal is only logged: it stays open)."""
    try:
        await client.http.edit_channel(thread_id, archived=True)
    except discord.HTTPException as error:
        log.info("table %d: its thread could not be archived (%s)", table_id, error)


class PlaceKeeper(Protocol):
    """What the display asks of the table service when a table's place goes (see
    :class:`bot.tables.places.Places`)."""

    async def leave_thread(self, table_id: int) -> None: ...

    async def suspend(self, table_id: int, reason: str) -> bool: ...

    async def thread_gone(self, thread_id: int) -> list[int]: ...


class HasPlaces(Protocol):
    @property
    def places(self) -> PlaceKeeper: ...


class TableHost(Protocol):
    """Who holds the table service (the bot: it builds the service on the display, so the
    display finds the service there when it needs it, after start-up)."""

    @property
    def tables(self) -> HasPlaces | None: ...


class Troubles:
    """The display's answers to Discord's lasting refusals (see the module docstring).
    ``host`` holds the table service that moves and suspends tables (None: only the
    store is told that a table left its thread; nothing is suspended)."""

    def __init__(self, client: discord.Client, store: Store,
                 host: TableHost | None = None) -> None:
        self.client = client
        self.store = store
        self.host = host
        self._told: set[int] = set()

    def _places(self) -> PlaceKeeper | None:
        tables = self.host.tables if self.host is not None else None
        return tables.places if tables is not None else None

    async def handle(self, table_id: int, error: BaseException, language: str | None
                     ) -> bool:
        """Answer ``error``; True if the refused update may be tried again now."""
        if isinstance(error, ThreadLocked):
            await self._moved(table_id, error.thread_id, language)
            return True
        if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
            return await self._gone(table_id, _channel_of(error), language)
        if isinstance(error, discord.Forbidden):
            table = await self.store.tables.get(table_id)
            removed = self.client.get_guild(table.guild_id) is None
            await self._suspend(table_id, BOT_REMOVED if removed else NO_PERMISSION)
        return False

    async def suspended(self, table_id: int, reason: str | None) -> None:
        """A table was suspended (``reason``) or resumed (None): where the bot may not
        post, its channel is told once what the table needs."""
        if reason is None:
            self._told.discard(table_id)
        elif reason == NO_PERMISSION:
            language = (await self.store.settings.for_table(table_id)).language
            await self._tell_forbidden(table_id, None if language == "auto" else language)

    async def _suspend(self, table_id: int, reason: str) -> None:
        places = self._places()
        if places is not None:
            await places.suspend(table_id, reason)

    async def _gone(self, table_id: int, channel_id: int | None, language: str | None
                    ) -> bool:
        """Discord knows the table's thread or channel no more: a thread's table moves
        to its channel (True: try again there); a channel's is suspended."""
        table = await self.store.tables.get(table_id)
        thread_id = table.thread_id
        if thread_id is not None and channel_id in (thread_id, None) \
                and self.client.get_channel(table.channel_id) is not None:
            places = self._places()
            if places is not None:
                await places.thread_gone(thread_id)
            else:
                await self.store.tables.set_thread(table_id, None)
            await self._say(table.channel_id, t("table.thread_gone", language))
            return True
        await self._suspend(table_id, CHANNEL_GONE)
        return False

    async def _moved(self, table_id: int, thread_id: int, language: str | None) -> None:
        table = await self.store.tables.get(table_id)
        if table.thread_id == thread_id:
            places = self._places()
            if places is not None:
                await places.leave_thread(table_id)
            else:
                await self.store.tables.set_thread(table_id, None)
        log.warning("table %d: its thread %d is locked; the table moves to channel %d",
                    table_id, thread_id, table.channel_id)
        await self._say(table.channel_id, t("table.moved_locked", language,
                                            thread=f"<#{thread_id}>"))

    async def _tell_forbidden(self, table_id: int, language: str | None) -> None:
        if table_id in self._told:
            return
        self._told.add(table_id)
        table = await self.store.tables.get(table_id)
        needed = POSTING_IN_THREAD if table.thread_id else POSTING
        where = table.thread_id or table.channel_id
        text = t("table.forbidden", language, where=f"<#{where}>",
                 names=", ".join(t(f"perm.{n}", language) for n in needed))
        log.warning("table %d: Discord refused an update for lack of permissions in %d",
                    table_id, where)
        if not await self._say(table.channel_id, text):
            log.warning("table %d: nobody could be told (the channel %d refuses too)",
                        table_id, table.channel_id)

    async def thread_deleted(self, table_ids: list[int], channel_id: int,
                             language: str | None) -> None:
        """Tell the channel its tables' thread was deleted (they play on here)."""
        if table_ids:
            await self._say(channel_id, t("table.thread_gone", language))

    async def _say(self, channel_id: int, text: str) -> bool:
        try:
            await self.client.get_partial_messageable(channel_id).send(
                content=text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not post in channel %d (%s)", channel_id, error)
            return False
        return True


def _channel_of(error: discord.HTTPException) -> int | None:
    """The channel or thread a refused request was about (from its route)."""
    response = error.response
    parts = response.url.path.split("/") if response is not None else []
    for name, value in zip(parts, parts[1:], strict=False):
        if name == "channels" and value.isdigit():
            return int(value)
    return None
