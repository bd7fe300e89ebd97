"""The results of a series' shared tables, added to the totals when the series closes.

A ledger row booked at a shared table of a series while the series is open is *held*
(:data:`bot.store.held.HELD`): the summary triggers of migration 0016 skip it (the
leaderboards, ``/tapp stats``' totals, best and worst deal, declarer records and chip
history read those summaries), the deal is not rated when it settles, and
:mod:`bot.store.bulk`'s rebuild and ``check-ledger``'s comparison leave it out. In the
transaction that closes (or deletes) the series, :func:`disclose` folds its held rows
into the summaries and rates its deals, in deal order (the series' deal number, then
the order they were settled), as of the close: exactly once, since only the call that
moves the series from open writes anything. The ratings' replay
(:func:`bot.store.ratings.settled_in_order`) puts those deals at the same place, after
the ledger's last entry at the close (``series.disclosed_entry``) and in the order the
series were disclosed (``series.disclosed_seq``).
"""

from __future__ import annotations

from .bulk import rebuild_sql
from .ratings import rate_deal
from .sql import Conn, dialect

#: the held rows of series ``:series`` (``l``), as they stand in its closing transaction
_OF_SERIES = ("l.table_id IN (SELECT table_id FROM series_tables WHERE series_id = :series)"
              " AND l.entry_id > (SELECT held_after FROM series WHERE series_id = :series)"
              " AND l.entry_id <= :last")


def disclose(conn: Conn, series_id: int, at: float) -> None:
    """In the transaction that has just closed (or deleted) the series: add its held
    ledger rows to the standings summaries and rate its deals, in deal order, as of
    ``at`` (the close)."""
    last = conn.execute("SELECT COALESCE(MAX(entry_id), 0) FROM ledger").fetchone()[0]
    seq = conn.execute("SELECT COALESCE(MAX(disclosed_seq), 0) + 1 FROM series").fetchone()[0]
    conn.execute("UPDATE series SET disclosed_entry = ?, disclosed_seq = ?"
                 " WHERE series_id = ?", (last, seq, series_id))
    params = {"series": series_id, "last": last}
    for statement in rebuild_sql(dialect(conn), rows=_OF_SERIES, merge=True):
        conn.execute(statement, params)
    deals = [r[0] for r in conn.execute(
        "SELECT l.deal_id FROM ledger l JOIN series_tables st ON st.table_id = l.table_id"
        f" WHERE l.kind = 'deal' AND {_OF_SERIES}"
        " GROUP BY l.deal_id, st.deal ORDER BY st.deal, MIN(l.entry_id), l.deal_id",
        params)]
    for deal_id in deals:
        rate_deal(conn, deal_id, at=at)
