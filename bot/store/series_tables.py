"""A series' shared tables in the store: what the transactions of tables and deals do
to the runs of the members seated at a table that plays a deal of a series (migration
``0013_series_tables.sql``; docs/series.md).

A member's seat at such a table is their run of the table's deal (``series_runs`` with
the table in ``table_id``). The transaction that settles the deal finishes the runs of
the members still in their seats, with their seat's chips and the result; a member
whose seat a computer took over (they left the table) is not counted, as one who leaves
a series is not. A run whose table closes before its deal is settled is dropped (the
series' deals in play are, when it closes), or deleted if no deal was dealt at the
table at all (a lobby given up: the member may be seated for that deal again). Each is
done only to runs still ``playing``: a settle retried or replayed counts nothing twice.
"""

from __future__ import annotations

from typing import Any

from .db import dumps
from .sql import Conn


def series_deal_of(conn: Conn, table_id: int) -> tuple[int, int] | None:
    """(series, deal) of a series table; None for any other table."""
    row = conn.execute("SELECT series_id, deal FROM series_tables WHERE table_id = ?",
                       (table_id,)).fetchone()
    return None if row is None else (int(row[0]), int(row[1]))


def finish_table_runs(conn: Conn, table_id: int, payments: list[int] | tuple[int, ...],
                      result: dict[str, Any], now: float) -> None:
    """The table's deal is settled (in the caller's transaction): the runs of the
    members in their seats finish with their seat's chips; the others are dropped."""
    if series_deal_of(conn, table_id) is None:
        return
    text = dumps(result)
    runs = conn.execute(
        "SELECT r.run_id, r.seat, s.user_id, s.is_computer FROM series_runs r"
        " LEFT JOIN seats s ON s.table_id = r.table_id AND s.seat = r.seat"
        " WHERE r.table_id = ? AND r.status = 'playing'", (table_id,)).fetchall()
    for run_id, seat, user_id, is_computer in [tuple(r) for r in runs]:
        held = user_id is not None and not is_computer
        if held and 0 <= seat < len(payments):
            conn.execute("UPDATE series_runs SET status = 'finished', chips = ?,"
                         " result = ?, finished_at = ? WHERE run_id = ?"
                         " AND status = 'playing'",
                         (int(payments[seat]), text, now, run_id))
        else:
            conn.execute("UPDATE series_runs SET status = 'dropped' WHERE run_id = ?"
                         " AND status = 'playing'", (run_id,))


def release_table_runs(conn: Conn, table_id: int, user_id: int | None = None) -> None:
    """The table closes (or ``user_id`` stands up in its lobby): runs of a table where
    no deal was dealt are deleted, the others in play dropped (caller's transaction)."""
    member = "" if user_id is None else " AND user_id = ?"
    args: tuple[int, ...] = (table_id,) if user_id is None else (table_id, user_id)
    dealt = conn.execute("SELECT 1 FROM deals WHERE table_id = ?", (table_id,)).fetchone()
    if dealt is None:
        conn.execute(f"DELETE FROM series_runs WHERE table_id = ? AND status = 'playing'"
                     f"{member}", args)
    else:
        conn.execute(f"UPDATE series_runs SET status = 'dropped' WHERE table_id = ?"
                     f" AND status = 'playing'{member}", args)
