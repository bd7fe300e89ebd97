"""Tables (one session each) and their seats: lobby, start, session state, close,
and loading every open table at start-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.connection.shards import ShardScope
from bot.engine.session import Session
from bot.settings import validate

from .backend import Database
from .codec import full_record, session_to_state
from .db import dumps, loads
from .deadlines import arm
from .errors import AlreadySeated, InvalidTransition, SeatTaken, StoreError
from .ledger import book_pot_shares
from .models import Arming, OpenTable, SeatRow, TableRow, TableStatus
from .rows import (
    cancel_deadlines,
    deal_row,
    fetch_open_table,
    fetch_seats,
    fetch_table,
    seat_row,
    table_row,
)
from .scope import and_ours
from .series_tables import release_table_runs
from .settings import insert_table_settings
from .sql import Conn

_OPEN_SQL = "status IN ('lobby', 'playing')"
#: what decoding a corrupted row raises (bad JSON, a missing key, a value of a wrong type)
UNREADABLE = (ValueError, TypeError, KeyError)


class Tables:
    def __init__(self, db: Database) -> None:
        self._db = db
        #: the servers whose work this process does (None: all; see Store.limit_to)
        self.scope: ShardScope | None = None

    async def create(self, *, guild_id: int, channel_id: int, host_id: int, variant: str,
                     options: Mapping[str, Any] | None = None,
                     thread_id: int | None = None,
                     settings: Mapping[str, Any] | None = None,
                     host_name: str | None = None) -> TableRow:
        """A new table in the lobby. ``options``: deal and session options (stake, ...);
        ``settings``: the table's own settings (overrides of its server's); ``host_name``:
        the host is seated in seat 0. All in one transaction (an invalid setting raises
        InvalidSetting and creates nothing)."""
        opts = dumps(dict(options or {}))
        own = validate(settings or {}, table=True)
        now = self._db.now()

        def run(conn: Conn) -> TableRow:
            cur = conn.execute(
                "INSERT INTO tables (guild_id, channel_id, thread_id, host_id, variant,"
                " options, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, thread_id, host_id, variant, opts, now))
            assert cur.lastrowid is not None
            insert_table_settings(conn, cur.lastrowid, own, now)
            if host_name is not None:
                insert_seat(conn, cur.lastrowid, 0, host_id, host_name, False, None, now)
            return fetch_table(conn, cur.lastrowid)

        return await self._db.write(run)

    async def get(self, table_id: int) -> TableRow:
        return await self._db.read(fetch_table, table_id)

    async def set_thread(self, table_id: int, thread_id: int | None) -> TableRow:
        """Record the thread the table lives in (created after the table)."""
        def run(conn: Conn) -> TableRow:
            fetch_open_table(conn, table_id)
            conn.execute("UPDATE tables SET thread_id = ? WHERE table_id = ?",
                         (thread_id, table_id))
            return fetch_table(conn, table_id)
        return await self._db.write(run)

    async def find_open(self, *, channel_id: int | None = None, thread_id: int | None = None,
                        guild_id: int | None = None) -> list[TableRow]:
        """Open tables in a thread, a channel (not counting its threads) or a server."""
        if thread_id is not None:
            sql, arg = f"thread_id = ? AND {_OPEN_SQL}", thread_id
        elif channel_id is not None:
            sql, arg = f"channel_id = ? AND {_OPEN_SQL}", channel_id
        elif guild_id is not None:
            sql, arg = f"{_OPEN_SQL} AND guild_id = ?", guild_id
        else:
            raise TypeError("give channel_id, thread_id or guild_id")

        def run(conn: Conn) -> list[TableRow]:
            rows = conn.execute(f"SELECT * FROM tables WHERE {sql} ORDER BY table_id", (arg,))
            return [table_row(r) for r in rows]
        return await self._db.read(run)

    async def sit(self, table_id: int, seat: int, *, user_id: int | None, display_name: str,
                  is_computer: bool = False, level: str | None = None) -> SeatRow:
        """Seat a member (``user_id``) or a computer player (``user_id=None``)."""
        if is_computer != (user_id is None):
            raise StoreError("a computer seat has no user id; a member's seat has one")
        now = self._db.now()

        def run(conn: Conn) -> SeatRow:
            fetch_open_table(conn, table_id)
            return insert_seat(conn, table_id, seat, user_id, display_name, is_computer,
                                level, now)

        return await self._db.write(run)

    async def hand_over(self, table_id: int, seat: int, *, display_name: str,
                        level: str | None, arming: Arming | None = None) -> SeatRow:
        """A member's seat goes to a computer player, in one transaction (the member
        leaves a table in play) with the deadlines of ``arming``; returns the computer's
        seat."""
        now = self._db.now()

        def run(conn: Conn) -> SeatRow:
            fetch_open_table(conn, table_id)
            gone = conn.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?"
                                " AND is_computer = 0", (table_id, seat)).rowcount
            if gone != 1:
                raise InvalidTransition(f"Seat {seat + 1} has no member to replace.")
            row = insert_seat(conn, table_id, seat, None, display_name, True, level, now)
            arm(conn, table_id, arming, now)
            return row

        return await self._db.write(run)

    async def set_away(self, table_id: int, seat: int, away: bool,
                       arming: Arming | None = None) -> None:
        """Mark a member away (a computer plays for them) or back, with the deadlines of
        ``arming`` in the same transaction."""
        now = self._db.now()

        def run(conn: Conn) -> None:
            fetch_open_table(conn, table_id)
            conn.execute("UPDATE seats SET away = ? WHERE table_id = ? AND seat = ?"
                         " AND is_computer = 0", (int(away), table_id, seat))
            arm(conn, table_id, arming, now)
        await self._db.write(run)

    async def stand(self, table_id: int, seat: int) -> SeatRow | None:
        """Empty a seat; returns who sat there (None if it was empty)."""
        def run(conn: Conn) -> SeatRow | None:
            fetch_open_table(conn, table_id)
            r = conn.execute("SELECT * FROM seats WHERE table_id = ? AND seat = ?",
                             (table_id, seat)).fetchone()
            if r is None:
                return None
            conn.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
            if r["user_id"] is not None:  # a series table's lobby: their run goes too
                release_table_runs(conn, table_id, r["user_id"])
            return seat_row(r)
        return await self._db.write(run)

    async def seats(self, table_id: int) -> tuple[SeatRow, ...]:
        return await self._db.read(fetch_seats, table_id)

    async def start(self, table_id: int, session: Session) -> TableRow:
        """Lobby -> playing, storing the new session; seats 0..players-1 must be filled."""
        state = dumps(session_to_state(session))
        now = self._db.now()

        def run(conn: Conn) -> TableRow:
            table = fetch_open_table(conn, table_id)
            if table.status is not TableStatus.LOBBY:
                raise InvalidTransition("This table has already started.")
            if session.variant != table.variant:
                raise StoreError(f"a {session.variant} session at a {table.variant} table")
            taken = [s.seat for s in fetch_seats(conn, table_id)]
            if taken != list(range(session.players)):
                raise InvalidTransition(
                    f"Every one of the {session.players} seats must be filled to start.")
            conn.execute("UPDATE tables SET status = 'playing', session = ?, started_at = ?"
                         " WHERE table_id = ?", (state, now, table_id))
            return fetch_table(conn, table_id)

        return await self._db.write(run)

    async def save_session(self, table_id: int, session: Session) -> None:
        """Store the session state (e.g. after ``request_end``) of a playing table."""
        state = dumps(session_to_state(session))

        def run(conn: Conn) -> None:
            if fetch_open_table(conn, table_id).status is not TableStatus.PLAYING:
                raise InvalidTransition("The table has not started yet.")
            conn.execute("UPDATE tables SET session = ? WHERE table_id = ?", (state, table_id))
        await self._db.write(run)

    async def session_state(self, table_id: int) -> dict[str, Any] | None:
        def run(conn: Conn) -> dict[str, Any] | None:
            fetch_table(conn, table_id)
            r = conn.execute("SELECT session FROM tables WHERE table_id = ?", (table_id,))
            return loads(r.fetchone()[0])
        return await self._db.read(run)

    async def close(self, table_id: int, session: Session | None = None) -> TableRow:
        """Close a table: ``closed`` once started, ``cancelled`` from the lobby.

        In one transaction: the final session state (if given) and its tapp1879 pot
        shares (once; pass the session after ``request_end()`` so the pot is shared),
        the deal in play abandoned, pending deadlines cancelled. Closing a closed table
        returns it unchanged.
        """
        state = None if session is None else dumps(session_to_state(session))
        shares = None if session is None else session.pot_shares
        now = self._db.now()

        def run(conn: Conn) -> TableRow:
            table = fetch_table(conn, table_id)
            if not table.status.is_open:
                return table
            if state is not None:
                conn.execute("UPDATE tables SET session = ? WHERE table_id = ?",
                             (state, table_id))
            if shares is not None:
                book_pot_shares(conn, table, fetch_seats(conn, table_id), shares, now)
            conn.execute("UPDATE deals SET status = 'abandoned', ended_at = ?"
                         " WHERE table_id = ? AND status = 'playing'", (now, table_id))
            release_table_runs(conn, table_id)
            cancel_deadlines(conn, table_id)
            status = (TableStatus.CLOSED if table.status is TableStatus.PLAYING
                      else TableStatus.CANCELLED)
            conn.execute("UPDATE tables SET status = ?, closed_at = ? WHERE table_id = ?",
                         (status.value, now, table_id))
            return fetch_table(conn, table_id)

        return await self._db.write(run)

    async def mark_broken(self, table_id: int, reason: str) -> tuple[TableRow, bool]:
        """Mark an open table broken (it cannot be rebuilt or carried on): kept as it is,
        left alone at start-up, until its host ends it. Returns the table and whether
        this marked it (marking it again changes nothing)."""
        now = self._db.now()

        def run(conn: Conn) -> tuple[TableRow, bool]:
            marked = conn.execute(
                f"UPDATE tables SET broken_at = ?, broken_reason = ? WHERE table_id = ?"
                f" AND broken_at IS NULL AND {_OPEN_SQL}", (now, reason[:500], table_id))
            return fetch_table(conn, table_id), marked.rowcount == 1

        return await self._db.write(run)

    async def set_suspended(self, table_id: int, reason: str | None, *,
                            arming: Arming | None = None) -> TableRow:
        """Suspend an open table (its place on Discord is gone: ``reason``) or, with
        None, let it play again, with the deadlines of ``arming`` (None: as they are)."""
        now = self._db.now()

        def run(conn: Conn) -> TableRow:
            conn.execute(f"UPDATE tables SET suspended_reason = ? WHERE table_id = ?"
                         f" AND {_OPEN_SQL}", (reason, table_id))
            arm(conn, table_id, arming, now)
            return fetch_table(conn, table_id)
        return await self._db.write(run)

    async def broken(self) -> list[TableRow]:
        """Open tables marked broken."""
        def run(conn: Conn) -> list[TableRow]:
            return [table_row(r) for r in conn.execute(
                f"SELECT * FROM tables WHERE {_OPEN_SQL} AND broken_at IS NOT NULL"
                " ORDER BY table_id")]
        return await self._db.read(run)

    async def load(self, table_id: int) -> OpenTable:
        """One table with its seats, session state and the record of its deal in play."""
        def run(conn: Conn) -> OpenTable:
            fetch_table(conn, table_id)
            return _load(conn, "t.table_id = ?", (table_id,))[0]
        return await self._db.read(run)

    async def load_open_safely(self) -> tuple[list[OpenTable], list[tuple[int, str]]]:
        """:meth:`load_open`, where a table whose stored rows do not decode (a corrupted
        database) does not keep the others from loading: ``(tables, [(table id, why)])``
        (each loaded on its own only when the batch failed)."""
        try:
            return await self.load_open(), []
        except UNREADABLE:
            pass

        def ids(conn: Conn) -> list[int]:
            return [r[0] for r in conn.execute(
                f"SELECT table_id FROM tables WHERE {_OPEN_SQL} AND broken_at IS NULL"
                f"{and_ours(self.scope, 'guild_id')} ORDER BY table_id")]
        loaded: list[OpenTable] = []
        unreadable: list[tuple[int, str]] = []
        for table_id in await self._db.read(ids):
            try:
                loaded.append(await self.load(table_id))
            except UNREADABLE as exc:
                unreadable.append((table_id, f"its stored rows do not decode: {exc!r}"))
        return loaded, unreadable

    async def load_open(self) -> list[OpenTable]:
        """Every open table not marked broken (of this process's servers), to rebuild at
        start-up (replay each record with the engine)."""
        return await self._db.read(
            _load, f"t.{_OPEN_SQL} AND t.broken_at IS NULL{and_ours(self.scope, 't.guild_id')}", ())


def insert_seat(conn: Conn, table_id: int, seat: int, user_id: int | None,
                 display_name: str, is_computer: bool, level: str | None,
                 now: float) -> SeatRow:
    if conn.execute("SELECT 1 FROM seats WHERE table_id = ? AND seat = ?",
                    (table_id, seat)).fetchone():
        raise SeatTaken(seat)
    if user_id is not None and conn.execute(
            "SELECT 1 FROM seats WHERE table_id = ? AND user_id = ?",
            (table_id, user_id)).fetchone():
        raise AlreadySeated(user_id)
    conn.execute(
        "INSERT INTO seats (table_id, seat, user_id, display_name, is_computer, level,"
        " joined_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (table_id, seat, user_id, display_name, int(is_computer), level, now))
    return SeatRow(table_id, seat, user_id, display_name, is_computer, level, now)


def _load(conn: Conn, where: str, args: tuple[Any, ...]) -> list[OpenTable]:
    """Tables matching ``where`` (alias ``t``) with everything needed to rebuild them, in
    four queries whatever their number."""
    tables = {r["table_id"]: (table_row(r), r["session"]) for r in conn.execute(
        f"SELECT t.* FROM tables t WHERE {where} ORDER BY t.table_id", args)}
    seats: dict[int, list[SeatRow]] = {i: [] for i in tables}
    for r in conn.execute(f"SELECT s.* FROM seats s JOIN tables t USING (table_id)"
                          f" WHERE {where} ORDER BY s.table_id, s.seat", args):
        seats[r["table_id"]].append(seat_row(r))
    deals = {r["table_id"]: deal_row(r) for r in conn.execute(
        f"SELECT d.* FROM deals d JOIN tables t USING (table_id)"
        f" WHERE d.status = 'playing' AND {where}", args)}
    entries: dict[int, list[Any]] = {d.deal_id: [] for d in deals.values()}
    for r in conn.execute(f"SELECT a.deal_id, a.entry FROM actions a"
                          f" JOIN deals d USING (deal_id) JOIN tables t USING (table_id)"
                          f" WHERE d.status = 'playing' AND {where}"
                          f" ORDER BY a.deal_id, a.ply", args):
        entries[r["deal_id"]].append(loads(r["entry"]))
    out = []
    for table_id, (table, state) in tables.items():
        deal = deals.get(table_id)
        record = None if deal is None else full_record(deal.header, entries[deal.deal_id])
        out.append(OpenTable(table, tuple(seats[table_id]), loads(state), deal, record))
    return out
