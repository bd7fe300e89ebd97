"""Row mapping and the small lookups every transaction shares (sync, on the db thread)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .db import loads
from .errors import DealNotFound, TableClosed, TableNotFound
from .models import (
    ActionRow,
    DealRow,
    DealStatus,
    LedgerKind,
    LedgerRow,
    SeatRow,
    TableRow,
    TableStatus,
)
from .sql import Conn, Row

T = TypeVar("T")


def table_row(r: Row) -> TableRow:
    return TableRow(
        table_id=r["table_id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        thread_id=r["thread_id"], host_id=r["host_id"], variant=r["variant"],
        options=loads(r["options"]), status=TableStatus(r["status"]),
        created_at=r["created_at"], started_at=r["started_at"], closed_at=r["closed_at"],
        broken_reason=r["broken_reason"], suspended_reason=r["suspended_reason"],
    )


def seat_row(r: Row) -> SeatRow:
    return SeatRow(
        table_id=r["table_id"], seat=r["seat"], user_id=r["user_id"],
        display_name=r["display_name"], is_computer=bool(r["is_computer"]),
        level=r["level"], joined_at=r["joined_at"], away=bool(r["away"]),
    )


def deal_row(r: Row) -> DealRow:
    return DealRow(
        deal_id=r["deal_id"], table_id=r["table_id"], number=r["number"],
        guild_id=r["guild_id"], variant=r["variant"], status=DealStatus(r["status"]),
        ply=r["ply"], header=loads(r["header"]), result=loads(r["result"]),
        started_at=r["started_at"], ended_at=r["ended_at"],
        seed=r["seed"], commitment=r["commitment"],
    )


def action_row(r: Row) -> ActionRow:
    return ActionRow(
        deal_id=r["deal_id"], ply=r["ply"], seat=r["seat"], entry=loads(r["entry"]),
        auto=bool(r["auto"]), created_at=r["created_at"],
    )


def ledger_row(r: Row) -> LedgerRow:
    won = r["won"]
    return LedgerRow(
        entry_id=r["entry_id"], kind=LedgerKind(r["kind"]), deal_id=r["deal_id"],
        table_id=r["table_id"], guild_id=r["guild_id"], seat=r["seat"],
        user_id=r["user_id"], is_computer=bool(r["is_computer"]),
        display_name=r["display_name"], variant=r["variant"], contract=r["contract"],
        settled_at=r["settled_at"], amount=r["amount"],
        was_declarer=bool(r["was_declarer"]), won=None if won is None else bool(won),
        jungfrau=bool(r["jungfrau"]), level=r["level"],
    )


#: SQLite's largest integer: no row has an id beyond it (an id from a click may be)
MAX_ROWID = 2**63 - 1


def row_or_none(conn: Conn, to: Callable[[Row], T], sql: str, *args: object) -> T | None:
    """The row ``sql`` selects (one at most) mapped by ``to``; None when there is none."""
    r = conn.execute(sql, args).fetchone()
    return None if r is None else to(r)


def _fetch_by_id(conn: Conn, to: Callable[[Row], T], sql: str, row_id: int,
                 missing: Callable[[int], Exception]) -> T:
    """The row of ``row_id`` (``sql`` selects by it) mapped by ``to``; ``missing(row_id)``
    raised when there is none (an id beyond any row's, as from a click, included)."""
    found = row_or_none(conn, to, sql, row_id) if 0 <= row_id <= MAX_ROWID else None
    if found is None:
        raise missing(row_id)
    return found


def fetch_table(conn: Conn, table_id: int) -> TableRow:
    return _fetch_by_id(conn, table_row, "SELECT * FROM tables WHERE table_id = ?", table_id,
                        TableNotFound)


def fetch_open_table(conn: Conn, table_id: int) -> TableRow:
    table = fetch_table(conn, table_id)
    if not table.status.is_open:
        raise TableClosed(table_id)
    return table


def fetch_seats(conn: Conn, table_id: int) -> tuple[SeatRow, ...]:
    rows = conn.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
    return tuple(seat_row(r) for r in rows)


def fetch_deal(conn: Conn, deal_id: int) -> DealRow:
    return _fetch_by_id(conn, deal_row, "SELECT * FROM deals WHERE deal_id = ?", deal_id,
                        DealNotFound)


def fetch_entries(conn: Conn, deal_id: int) -> list[dict[str, object]]:
    rows = conn.execute("SELECT entry FROM actions WHERE deal_id = ? ORDER BY ply", (deal_id,))
    return [loads(r[0]) for r in rows]


def cancel_deadlines(conn: Conn, table_id: int, kind: str | None = None) -> int:
    """Drop a table's pending deadlines (of one kind, or all)."""
    if kind is None:
        cur = conn.execute(
            "DELETE FROM deadlines WHERE table_id = ? AND status = 'pending'", (table_id,))
    else:
        cur = conn.execute(
            "DELETE FROM deadlines WHERE table_id = ? AND kind = ? AND status = 'pending'",
            (table_id, kind))
    return cur.rowcount
