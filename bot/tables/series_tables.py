"""Tables that play a deal of a series (docs/series.md, "Shared tables").

A series that seats its members together plays each of its deals at tables of this
service: each such table plays one deal, the series' deal ``n`` (dealt from the series'
seed by :mod:`.core`, as every table and solo run of the series deals it), and closes.
A member is seated in the seat the series' movement gives them for that deal, at a
table of that deal still forming where that seat is free, else at a new one (one
transaction: their seat and their run of the deal, :meth:`bot.store.series.SeriesStore.
seat_member`). A table starts once its seats are all members', or when a seated member
asks (:meth:`.lobby.Lobby.start`), or once it has waited long enough
(:meth:`SeriesTables.start_waiting`): computer players of the series' level take the
empty seats (:meth:`.lobby.Lobby.start_series`). A new table asked to get a thread
(``thread``, as the series' channel allows) waits for it as ``/tapp table new``'s does:
the caller makes the thread from what :meth:`SeriesTables.seat` returns and places the
table there (:meth:`.lobby.Lobby.place`; in the channel where none could be made), so
each table's messages go to its own thread, not all to the one channel whose message
limits they would share. Everything else is any table's: reminders, timeouts, away,
quiet hours, chips to the ledger and ratings; the settle of the deal records each
member's result in the series (:mod:`bot.store.series_tables`).

Closing a series ends its tables: a deal in play is dropped (no chips move), as the
series' deals in play are.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass

from bot.store import Store, StoreError, TableStatus
from bot.store.models import SeatRow
from bot.store.series import NewSeriesTable

from .core import TableCore
from .errors import TableError
from .live import LiveTable
from .lobby import Lobby
from .registry import TableRegistry

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Seated:
    """Where a member was seated: the table, their seat, and whether it started;
    ``thread_id``: the table's thread (None: it lives in the channel, or is not placed
    yet); ``to_place``: the table is new and waits for its thread (see :meth:`.lobby.
    Lobby.place`)."""

    table_id: int
    seat: int
    started: bool
    members: int  # members seated at it now
    players: int
    thread_id: int | None = None
    to_place: bool = False


class SeriesTables:
    """Seating members at a series' tables, starting them, ending them (see the module
    docstring). Given the tables' pipeline (``core``), the live tables, the store and
    the lobby (which starts a series table)."""

    def __init__(self, core: TableCore, *, registry: TableRegistry, store: Store,
                 lobby: Lobby) -> None:
        self.core = core
        self.registry = registry
        self.store = store
        self.lobby = lobby

    async def seat(self, *, series_id: int, deal: int, user_id: int, name: str,
                   seat: int, new: NewSeriesTable, thread: bool = False) -> Seated:
        """Seat the member in ``seat`` of a forming table of the series' ``deal`` (the
        oldest where it is free), else of a new table (``new``; with ``thread`` it is
        shown once placed, :attr:`Seated.to_place`); a table whose seats are now all
        members' starts (once placed). Store refusals propagate (see
        :meth:`~bot.store.series.SeriesStore.seat_member`)."""
        for row in await self.store.series.tables(series_id, deal=deal):
            if row.status != TableStatus.LOBBY.value:
                continue
            try:
                live = await self.core.table(row.table_id)
            except TableError:
                continue
            async with live.lock:
                if live.status is not TableStatus.LOBBY or seat in live.seats \
                        or live.suspended is not None:
                    continue
                table_id, run = await self.registry.write(live, self.store.series.seat_member(
                    series_id, deal, user_id, seat, name, table_id=live.table_id))
                live.seats[seat] = SeatRow(table_id, seat, user_id, name, False, None,
                                           run.started_at)
                return await self._seated(live, seat, new=False)
        table_id, _ = await self.store.series.seat_member(series_id, deal, user_id, seat,
                                                          name, new=new)
        live = await self.registry.adopt(await self.store.tables.load(table_id),
                                         placed=not thread)
        async with live.lock:
            log.info("table %d opened for deal %d of series %d", table_id, deal, series_id)
            return await self._seated(live, seat, new=True)

    async def _seated(self, live: LiveTable, seat: int, *, new: bool) -> Seated:
        members = sum(1 for r in live.seats.values() if not r.is_computer)
        started = live.free_seat() is None and live.placed  # (else once placed)
        if started:
            await self._start(live)
        else:
            self.core.publish(live)
        return Seated(live.table_id, seat, started, members, live.players,
                      live.row.thread_id, new and not live.placed)

    async def start_waiting(self, wait: float,
                            guild_ids: Collection[int] | None = None) -> int:
        """Start every series table that has waited ``wait`` seconds in its lobby (of
        the servers ``guild_ids`` only: this process's), computers in its empty seats;
        how many started."""
        started = 0
        before = self.core.config.clock() - wait
        for row in await self.store.series.forming(before):
            if guild_ids is not None and row.guild_id not in guild_ids:
                continue
            try:
                live = await self.core.table(row.table_id)
            except TableError:
                continue
            async with live.lock:
                if live.status is not TableStatus.LOBBY or live.suspended is not None \
                        or not live.placed:  # (its thread is being made)
                    continue
                try:
                    await self._start(live)
                except StoreError:
                    log.exception("series table %d could not start", live.table_id)
                    continue
                started += 1
        return started

    async def _start(self, live: LiveTable) -> None:
        await self.lobby.start_series(live)

    async def end(self, series_id: int) -> int:
        """End the series' open tables (it closed or was deleted): a deal in play is
        dropped, no chips move; a lobby is cancelled. How many ended."""
        ended = 0
        for row in await self.store.series.tables(series_id):
            try:
                live = await self.core.table(row.table_id, suspended=True)
            except TableError:
                continue
            async with live.lock:
                if live.status is TableStatus.LOBBY:
                    await self.core.close_lobby(live)
                elif live.status is TableStatus.PLAYING and live.session is not None:
                    session = live.session
                    if session.current is not None:
                        session.abandon_deal()
                    session.close()
                    await self.core.close_session(live, session)
                else:
                    continue
                ended += 1
        return ended
