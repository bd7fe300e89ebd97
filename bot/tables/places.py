"""Where each table lives on Discord, and what becomes of it when that place goes away.

A table lives in its thread (or its channel). Discord may take that place away at any
time: a moderator deletes the thread or the channel, the bot is removed from the server,
or the bot loses the right to see or post there. Playing on would have every update
refused, and refusals count towards Discord's limit of invalid requests (see
:mod:`bot.connection.invalid_budget`).

- **Only the thread went**: the table moves to its channel and plays on there (as it
  does when its thread is locked).
- **Its channel went, the bot was removed, or it may not post there**: the table is
  **suspended** (:meth:`Places.suspend`, stored with the reason): its timers and computer
  players stop, its unfinished deal stays as it is (no chips move), nothing more is sent
  there, and a member's click is answered that it is suspended. It resumes by itself
  (:meth:`Places.review`, on the gateway's server, channel and role events, from
  discord.py's cache) when the place is back: the bot added again, the permission given
  back. The turn's timers start afresh and the table message is posted anew.
- **An outage** (the server unavailable for a while) suspends nothing.

The host and the seated members see their suspended tables (``/tapp table list``) and may
end one (:meth:`Places.end`): the unfinished deal is abandoned and the session closed
with its chips settled, as the host's ``/tapp table end now:true`` does.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from bot.store import Arming, StoreError, TableRow, TableStatus
from bot.store.settings import SettingsStore
from bot.store.tables import Tables

from .arming import turn_key, turn_specs
from .core import Changes, DisplayPort, TableCore
from .errors import NoTableHere, NotSeated
from .live import LiveTable
from .outcomes import EndOutcome
from .registry import TableRegistry
from .scheduler import Scheduler

log = logging.getLogger(__name__)

CHANNEL_GONE, BOT_REMOVED, NO_PERMISSION = "channel_gone", "bot_removed", "no_permission"
REASONS = (CHANNEL_GONE, BOT_REMOVED, NO_PERMISSION)



class Places:
    """Suspending and resuming the tables whose place went and came back."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, tables: Tables,
                 settings: SettingsStore, scheduler: Scheduler, display: DisplayPort
                 ) -> None:
        self.core = core
        self.registry = registry
        self.tables = tables
        self.settings = settings
        self.scheduler = scheduler
        #: told of each suspension and resumption (it tells the channel what it needs)
        self.display = display

    def _open(self, where: Callable[[LiveTable], bool]) -> list[LiveTable]:
        return [live for live in self.registry if live.status.is_open and where(live)]

    # -- the place went -------------------------------------------------------------------
    async def suspend(self, table_id: int, reason: str) -> bool:
        """Suspend the table (if it is open and not already); True if this did."""
        live = self.registry.peek(table_id)
        if live is None:
            return False
        async with live.lock:
            if live.suspended is not None or not live.status.is_open:
                return False
            try:
                live.row = await self.tables.set_suspended(table_id, reason)
            except StoreError:
                log.exception("table %d: could not store its suspension", table_id)
            live.suspended = reason
            self.display.suspend(table_id)
        log.warning("table %d is suspended: %s (channel %d, thread %s)", table_id, reason,
                    live.row.channel_id, live.row.thread_id)
        await self._tell(table_id, reason)
        return True

    async def _tell(self, table_id: int, reason: str | None) -> None:
        try:
            await self.display.place_changed(table_id, reason)
        except Exception:
            log.exception("table %d: its channel could not be told", table_id)

    async def leave_thread(self, table_id: int) -> None:
        """The table's thread was locked or deleted: from now on the table lives in its
        channel."""
        live = self.registry.peek(table_id)
        if live is None:  # closed, or not loaded: only the store knows it
            await self.tables.set_thread(table_id, None)
            return
        async with live.lock:
            if live.row.thread_id is None:
                return
            live.row = await self.tables.set_thread(table_id, None)
            self.core.publish(live)

    async def thread_gone(self, thread_id: int) -> list[int]:
        """A thread was deleted: its tables move to their channel; returns them. A table
        living in the thread itself (``/tapp table new`` ran there) is suspended."""
        moved = [live.table_id for live in self._open(lambda lv: lv.row.thread_id == thread_id)]
        for table_id in moved:
            log.warning("table %d: its thread %d was deleted; it moves to its channel",
                        table_id, thread_id)
            await self.leave_thread(table_id)
        await self.channel_gone(thread_id)
        return moved

    async def channel_gone(self, channel_id: int) -> None:
        for live in self._open(lambda lv: lv.row.channel_id == channel_id):
            await self.suspend(live.table_id, CHANNEL_GONE)

    async def guild_gone(self, guild_id: int) -> None:
        """The bot was removed from the server (not an outage)."""
        for live in self._open(lambda lv: lv.row.guild_id == guild_id):
            await self.suspend(live.table_id, BOT_REMOVED)

    # -- the place may be back ------------------------------------------------------------
    def to_review(self, guild_id: int | None) -> list[TableRow]:
        """The open tables of the server (every server: None), for the caller to judge
        where each lives now (see :meth:`review`)."""
        return [live.row for live in self._open(
            lambda lv: guild_id is None or lv.row.guild_id == guild_id)]

    async def review(self, verdicts: Mapping[int, str | None]) -> None:
        """Each table's verdict on its place (why it went, or None: it is there):
        suspend those whose place went, resume those whose place is back."""
        for table_id, reason in verdicts.items():
            live = self.registry.peek(table_id)
            if live is None or not live.status.is_open:
                continue
            if reason is None and live.suspended not in (None, CHANNEL_GONE):
                await self.resume(live.table_id)
            elif reason is not None and live.suspended is None:
                await self.suspend(live.table_id, reason)

    async def resume(self, table_id: int) -> bool:
        """Let a suspended table play again: its turn's timers start afresh, its table
        message is posted anew, its computers carry on. True if it was suspended."""
        core = self.core
        live = self.registry.peek(table_id)
        if live is None:
            return False
        async with live.lock:
            if live.suspended is None:
                return False
            live.row = await self.tables.set_suspended(  # with its new timers
                table_id, None, arming=await self._arming(live))
            live.suspended = None
            self.display.resume(table_id)
            self.scheduler.wake()
            log.warning("table %d resumes: its place is back", table_id)
            core.publish(live, Changes(repost=True))
            core.computers.kick(live)
        await self._tell(table_id, None)
        return True

    async def _arming(self, live: LiveTable) -> Arming:
        """The waiting turn's reminder and timeout, counted from now (none if no member's
        turn waits), to replace the table's pending deadlines."""
        key = turn_key(live)
        if key is None:
            return Arming()
        settings = await self.settings.for_table(live.table_id)
        return Arming(key[0], key[1], turn_specs(settings, key[2], self.core.config.clock()))

    async def repost(self, live: LiveTable) -> None:
        """Post the table message anew at the bottom of its channel."""
        async with live.lock:
            self.core.publish(live, Changes(repost=True))

    # -- what members see and do --------------------------------------------------------------
    def suspended_for(self, guild_id: int | None, user_id: int) -> list[LiveTable]:
        """The server's suspended tables ``user_id`` hosts or is seated at."""
        return self._open(lambda lv: lv.suspended is not None and lv.row.guild_id == guild_id
                          and (lv.row.host_id == user_id or lv.seat_of(user_id) is not None))

    async def end(self, table_id: int, user_id: int) -> EndOutcome:
        """The host or a seated member ends a suspended table: the unfinished deal is
        abandoned (no chips move for it), the session closed and its chips settled."""
        live = self.registry.peek(table_id)
        if live is None or not live.status.is_open:
            raise NoTableHere("error.table_closed")
        async with live.lock:
            if live.row.host_id != user_id and live.seat_of(user_id) is None:
                raise NotSeated()
            if live.status is TableStatus.LOBBY:
                live.row = await self.registry.write(live, self.tables.close(table_id))
                self.registry.forget(live)
                return EndOutcome.CANCELLED
            session = live.session
            assert session is not None
            if session.current is not None:
                session.abandon_deal()
            session.request_end()
            live.row = await self.registry.write(live, self.tables.close(table_id, session))
            self.registry.forget(live)  # nothing is shown: its place is gone
        log.info("table %d: ended by member %d while suspended", table_id, user_id)
        return EndOutcome.CLOSED
