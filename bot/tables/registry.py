"""The open tables of one bot, live in memory: loaded from the store on first use (or
all at start-up), kept in step with it, and forgotten once closed."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import TypeVar

from bot.engine import TappError
from bot.series.deals import deal_seed
from bot.store import (
    ClaimRow,
    MemberTime,
    OpenTable,
    Store,
    StoreError,
    TableNotFound,
    restore_session,
)
from bot.store.tables import UNREADABLE

from .availability import away_seats
from .config import series_deal
from .errors import NoTableHere, TableBroken, logged
from .live import LiveTable

log = logging.getLogger(__name__)
T = TypeVar("T")


class Unrebuildable(Exception):
    """An open table that cannot be rebuilt (its stored rows do not decode, or its record
    no longer replays): the caller marks it broken (see ``TableCore.table``)."""

    def __init__(self, table_id: int, reason: str) -> None:
        super().__init__(reason)
        self.table_id = table_id
        self.reason = reason


class TableRegistry:
    """Live tables by id. Change a table only under its lock (see :class:`LiveTable`)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._tables: dict[int, LiveTable] = {}
        self._loading: dict[int, asyncio.Lock] = {}

    def __iter__(self) -> Iterator[LiveTable]:
        return iter(list(self._tables.values()))

    def peek(self, table_id: int) -> LiveTable | None:
        """The live table if it is loaded (tests and tools; do not change it)."""
        return self._tables.get(table_id)

    async def get(self, table_id: int) -> LiveTable:
        """The open table ``table_id`` (loaded from the store if needed); raises
        :class:`TableBroken` for a table marked broken, :class:`Unrebuildable` for one
        that cannot be rebuilt."""
        live = self._tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self._tables.get(table_id)
            if live is None:
                try:
                    row = await self.store.tables.get(table_id)
                except TableNotFound:
                    raise NoTableHere("error.table_gone") from None
                if not row.status.is_open:
                    raise NoTableHere("error.table_closed")
                if row.broken_reason is not None:
                    raise TableBroken()
                try:
                    live = await self.adopt(await self.store.tables.load(table_id))
                except (*UNREADABLE, TappError) as error:
                    raise Unrebuildable(table_id, f"it cannot be rebuilt: {logged(error)}") \
                        from error
        return live

    def located_in(self, channel_id: int) -> LiveTable | None:
        """The open table whose messages live in this channel or thread, if any."""
        return next((lv for lv in self._tables.values()
                     if lv.status.is_open and lv.location_id == channel_id
                     and series_deal(lv.options) is None), None)

    def find(self, guild_id: int | None, channel_id: int, user_id: int,
             parent_id: int | None = None) -> LiveTable:
        """The table a command in ``channel_id`` of server ``guild_id`` is about: the table
        living there, or else the one open table under that channel where the member is
        seated."""
        here = self.located_in(channel_id)
        if here is not None and here.row.guild_id == guild_id:
            return here
        near = [lv for lv in self._tables.values() if lv.status.is_open
                and lv.row.guild_id == guild_id
                and lv.row.channel_id in (channel_id, parent_id) and lv.seat_of(user_id)
                is not None]
        if len(near) == 1:
            return near[0]
        raise NoTableHere("error.no_table_here" if not near else "error.which_table")

    async def adopt(self, opened: OpenTable, *, placed: bool = True) -> LiveTable:
        """Make a loaded table live (replaying its deal in play)."""
        table = opened.table
        settings = await self.store.settings.for_table(table.table_id)
        live = LiveTable(
            row=table, seats={s.seat: s for s in opened.seats},
            language=None if settings.language == "auto" else settings.language,
            style=settings.deck_for(table.variant),
            placed=placed)
        _fill(live, opened)
        series = series_deal(live.options)
        if series is not None:  # its computers decide as the series' solo runs' do
            live.computers_seed = deal_seed((await self.store.series.get(series[0])).seed,
                                            series[1])
        live.claim = await self._claim(live)
        members = [s.user_id for s in opened.seats if s.user_id is not None]
        found = await self.store.members.of(table.guild_id, members)
        live.member_times = {u: found.get(u, MemberTime(table.guild_id, u)) for u in members}
        live.declared_away = away_seats(live, self.clock())
        live.suspended = table.suspended_reason
        self._tables[table.table_id] = live
        return live

    async def _claim(self, live: LiveTable) -> ClaimRow | None:
        return await self.store.claims.latest(live.deal_id) if live.deal_id else None

    async def reload(self, live: LiveTable) -> None:
        """Trust the store again after a failed write (memory may be ahead of it). A
        table whose record no longer replays is forgotten and :class:`Unrebuildable`
        raised (its reason names no card, nor does its traceback)."""
        try:
            opened = await self.store.tables.load(live.table_id)
        except StoreError:
            log.exception("could not reload table %d", live.table_id)
            return
        try:
            _fill(live, opened)
        except (*UNREADABLE, TappError) as error:
            self.forget(live)  # the next to ask for it finds it broken (TableCore.table)
            raise Unrebuildable(live.table_id, f"it cannot be rebuilt: {logged(error)}") \
                from None
        live.claim = await self._claim(live)
        if not live.status.is_open:
            self.forget(live)

    async def write(self, live: LiveTable, write: Awaitable[T]) -> T:
        """Await a store write for ``live``; on failure reload the table and re-raise."""
        try:
            return await write
        except StoreError:
            await self.reload(live)
            raise

    def forget(self, live: LiveTable) -> None:
        self._tables.pop(live.table_id, None)


def _fill(live: LiveTable, opened: OpenTable) -> None:
    live.row = opened.table
    live.seats = {s.seat: s for s in opened.seats}
    live.session = restore_session(opened.session_state, opened.record)
    live.deal_id = opened.deal.deal_id if opened.deal else None
    live.deal_number = opened.deal.number if opened.deal else None
    live.seed = opened.deal.seed if opened.deal else None
    live.commitment = opened.deal.commitment if opened.deal else None
