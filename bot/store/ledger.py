"""The chip ledger: rows written when a deal settles (and when a tapp1879 pot is shared),
and the audit queries ``python -m bot check-ledger`` needs."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

from bot.engine import DealResult, rules_of
from bot.i18n import plural

from .backend import Database
from .codec import full_record
from .db import loads
from .errors import LedgerImbalance, StoreError
from .held import HELD
from .models import (
    DealRow,
    Imbalance,
    LedgerKind,
    LedgerRow,
    PotBalance,
    SeatRow,
    SettledDeal,
    StandingsDrift,
    TableRow,
    TableStatus,
)
from .rows import deal_row, ledger_row
from .sql import Conn

INSERT_LEDGER = """
INSERT INTO ledger (kind, deal_id, table_id, guild_id, seat, user_id, is_computer,
                    display_name, variant, contract, settled_at, amount, was_declarer,
                    won, jungfrau, level)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
"""

LedgerValues = tuple[Any, ...]


def deal_ledger_values(*, deal_id: int, table: TableRow, seats: Sequence[SeatRow],
                       header: dict[str, Any], result: DealResult,
                       settled_at: float) -> list[LedgerValues]:
    """One row per seat (plus the pot's in tapp1879) for a settled deal; they sum to 0."""
    n = len(result.payments)
    by_seat = {s.seat: s for s in seats}
    missing = [i for i in range(n) if i not in by_seat]
    if missing:
        raise StoreError(plural("store.missing_seats", len(missing), table=table.table_id,
                                seats=", ".join(str(s) for s in missing)))
    variant = str(header["variant"])
    tricks_won = [0] * n
    for trick in result.tricks:
        if trick.winner is not None:
            tricks_won[trick.winner] += 1
    ramsch = result.contract == "ramsch"
    rows: list[LedgerValues] = []
    for i, amount in enumerate(result.payments):
        seat = by_seat[i]
        declarer = result.declarer == i
        won = None if not declarer or result.won is None else int(result.won)
        rows.append((
            LedgerKind.DEAL.value, deal_id, table.table_id, table.guild_id, i, seat.user_id,
            int(seat.is_computer), seat.display_name, variant, result.contract, settled_at,
            int(amount), int(declarer), won, int(ramsch and tricks_won[i] == 0),
            seat.level if seat.is_computer else None,
        ))
    pot_change = result.pot - int(header.get("pot", 0))
    if rules_of(variant).keeps_pot:
        rows.append((
            LedgerKind.DEAL.value, deal_id, table.table_id, table.guild_id, None, None, 0,
            None, variant, result.contract, settled_at, pot_change, 0, None, 0, None,
        ))
    elif pot_change:
        raise LedgerImbalance(f"deal {deal_id}: {variant} keeps no pot, yet it changed")
    total = sum(r[11] for r in rows)
    if total:
        raise LedgerImbalance(f"deal {deal_id}: the ledger rows sum to {total}, not 0")
    return rows


def book_pot_shares(conn: Conn, table: TableRow, seats: Sequence[SeatRow],
                    shares: Sequence[int], now: float) -> bool:
    """Write the pot shared out at the session's end, once per table; True if written."""
    booked = conn.execute(
        "SELECT 1 FROM ledger WHERE table_id = ? AND kind = 'pot_share' LIMIT 1",
        (table.table_id,)).fetchone()
    if booked or not any(shares):
        return False
    by_seat = {s.seat: s for s in seats}
    rows: list[LedgerValues] = []
    for i, amount in enumerate(shares):
        seat = by_seat.get(i)
        if seat is None:
            raise StoreError(f"table {table.table_id} has no player in seat {i}")
        rows.append((LedgerKind.POT_SHARE.value, None, table.table_id, table.guild_id, i,
                     seat.user_id, int(seat.is_computer), seat.display_name, table.variant,
                     None, now, int(amount), 0, None, 0,
                     seat.level if seat.is_computer else None))
    rows.append((LedgerKind.POT_SHARE.value, None, table.table_id, table.guild_id, None, None,
                 0, None, table.variant, None, now, -sum(shares), 0, None, 0, None))
    conn.executemany(INSERT_LEDGER, rows)
    return True


def ledger_for_deal(conn: Conn, deal_id: int) -> tuple[LedgerRow, ...]:
    rows = conn.execute(
        "SELECT * FROM ledger WHERE deal_id = ? AND kind = 'deal' ORDER BY seat IS NULL, seat",
        (deal_id,))
    return tuple(ledger_row(r) for r in rows)


def settled_page(conn: Conn, after: int, limit: int) -> list[SettledDeal]:
    """Settled deals with ``deal_id > after``, in deal order, with ledger and record."""
    deals = [deal_row(r) for r in conn.execute(
        "SELECT * FROM deals WHERE deal_id > ? AND status = 'settled' ORDER BY deal_id LIMIT ?",
        (after, limit))]
    if not deals:
        return []
    return attach(conn, deals)


def attach(conn: Conn, deals: list[DealRow]) -> list[SettledDeal]:
    """Ledger rows and records for a few deals, in three queries."""
    ids = [d.deal_id for d in deals]
    marks = ",".join("?" * len(ids))
    ledger: dict[int, list[LedgerRow]] = {i: [] for i in ids}
    for r in conn.execute(
            f"SELECT * FROM ledger WHERE kind = 'deal' AND deal_id IN ({marks})"
            " ORDER BY deal_id, seat IS NULL, seat", ids):
        ledger[r["deal_id"]].append(ledger_row(r))
    entries: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    for r in conn.execute(
            f"SELECT deal_id, entry FROM actions WHERE deal_id IN ({marks})"
            " ORDER BY deal_id, ply", ids):
        entries[r["deal_id"]].append(loads(r["entry"]))
    return [SettledDeal(deal=d, record=full_record(d.header, entries[d.deal_id]),
                        ledger=tuple(ledger[d.deal_id])) for d in deals]


class Ledger:
    """Reading the ledger back: per deal or table, and the audits of check-ledger."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def for_deal(self, deal_id: int) -> tuple[LedgerRow, ...]:
        """A deal's rows: seats in order, then the pot's (tapp1879)."""
        return await self._db.read(ledger_for_deal, deal_id)

    async def for_table(self, table_id: int) -> tuple[LedgerRow, ...]:
        """Every row of a table (deals, then pot shares), in the order written."""
        def run(conn: Conn) -> tuple[LedgerRow, ...]:
            rows = conn.execute(
                "SELECT * FROM ledger WHERE table_id = ? ORDER BY entry_id", (table_id,))
            return tuple(ledger_row(r) for r in rows)
        return await self._db.read(run)

    async def settled_deals(self, *, after: int = 0, limit: int = 200) -> list[SettledDeal]:
        """One page of settled deals after deal id ``after`` (keyset pagination)."""
        return await self._db.read(settled_page, after, limit)

    async def iter_settled(self, *, batch: int = 200) -> AsyncIterator[SettledDeal]:
        """Every settled deal in deal order, one read transaction per ``batch``."""
        after = 0
        while True:
            page = await self.settled_deals(after=after, limit=batch)
            for item in page:
                yield item
            if len(page) < batch:
                return
            after = page[-1].deal.deal_id

    async def imbalances(self) -> list[Imbalance]:
        """Deals (and tables' pot shares) whose rows do not sum to zero."""
        def run(conn: Conn) -> list[Imbalance]:
            out = []
            for r in conn.execute(
                    "SELECT kind, MIN(deal_id) AS deal_id, MIN(table_id) AS table_id,"
                    " SUM(amount) AS total FROM ledger"
                    " GROUP BY kind, CASE kind WHEN 'deal' THEN deal_id ELSE table_id END"
                    " HAVING SUM(amount) != 0 ORDER BY kind, deal_id, table_id"):
                kind = LedgerKind(r["kind"])
                out.append(Imbalance(kind, r["deal_id"], r["table_id"], r["total"]))
            return out
        return await self._db.read(run)

    async def pots(self) -> list[PotBalance]:
        """Every table that has ever had pot rows, with its pot by the ledger and by its
        stored session."""
        def run(conn: Conn) -> list[PotBalance]:
            out = []
            for r in conn.execute(
                    "SELECT t.table_id, t.guild_id, t.status, t.session,"
                    " SUM(l.amount) AS pot FROM ledger l JOIN tables t USING (table_id)"
                    " WHERE l.seat IS NULL GROUP BY t.table_id ORDER BY t.table_id"):
                session = loads(r["session"]) if r["session"] else None
                out.append(PotBalance(r["table_id"], r["guild_id"], TableStatus(r["status"]),
                                      r["pot"], None if session is None
                                      else int(session.get("pot", 0))))
            return out
        return await self._db.read(run)

    async def guild_totals(self) -> dict[int, int]:
        """Servers whose ledger rows (members', computers' and pots') do not sum to zero,
        with their sum."""
        def run(conn: Conn) -> dict[int, int]:
            return {r[0]: r[1] for r in conn.execute(
                "SELECT guild_id, SUM(amount) FROM ledger GROUP BY guild_id"
                " HAVING SUM(amount) != 0 ORDER BY guild_id")}
        return await self._db.read(run)

    async def settled_without_ledger(self) -> list[int]:
        """Settled deals that have no ledger rows at all (should be none)."""
        def run(conn: Conn) -> list[int]:
            return [r[0] for r in conn.execute(
                "SELECT deal_id FROM deals d WHERE status = 'settled' AND NOT EXISTS"
                " (SELECT 1 FROM ledger l WHERE l.deal_id = d.deal_id AND l.kind = 'deal')"
                " ORDER BY deal_id")]
        return await self._db.read(run)

    async def standings_drift(self) -> list[StandingsDrift]:
        """Members whose all-time standings disagree with their ledger rows (the held
        ones left out: :data:`~bot.store.held.HELD`)."""
        def run(conn: Conn) -> list[StandingsDrift]:
            rows = conn.execute(f"""
                WITH booked AS (
                    SELECT guild_id, variant, user_id, SUM(amount) AS net,
                           SUM(CASE WHEN kind = 'deal' THEN 1 ELSE 0 END) AS deals
                    FROM ledger AS l WHERE user_id IS NOT NULL AND NOT {HELD}
                    GROUP BY 1, 2, 3),
                s AS (
                    SELECT guild_id, variant, user_id, net, deals
                    FROM standings WHERE grain = 'all')
                SELECT DISTINCT guild_id, variant, user_id FROM (
                    SELECT * FROM (SELECT * FROM booked EXCEPT SELECT * FROM s) AS only_l
                    UNION
                    SELECT * FROM (SELECT * FROM s EXCEPT SELECT * FROM booked) AS only_s) AS d
                ORDER BY 1, 2, 3""")
            return [StandingsDrift(r[0], r[1], r[2]) for r in rows]
        return await self._db.read(run)
