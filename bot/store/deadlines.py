"""Durable timers: reminders and turn timeouts that survive a restart.

A table has at most one pending deadline of each kind; scheduling replaces it. The
timer loop sleeps until :meth:`Deadlines.next_due`, then :meth:`Deadlines.claim_due`
marks the due ones fired in the transaction that reads them, so each fires once, also
after a restart and with two loops racing. A fired deadline records the deal and ply
it was set for: the table service ignores it if the deal has moved on since. Once its
turn is over, :meth:`Deadlines.purge_fired` deletes it (the timer loop does, hourly).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.connection.shards import ShardScope

from .backend import Database
from .models import Arming, Deadline, DeadlineKind, DeadlineSpec
from .rows import cancel_deadlines, fetch_open_table
from .scope import and_ours
from .sql import Conn, Row


def deadline_row(r: Row) -> Deadline:
    return Deadline(
        deadline_id=r["deadline_id"], table_id=r["table_id"], kind=DeadlineKind(r["kind"]),
        deal_id=r["deal_id"], ply=r["ply"], seat=r["seat"], due_at=r["due_at"],
        created_at=r["created_at"], fired=r["status"] == "fired", fired_at=r["fired_at"],
    )


def schedule(conn: Conn, table_id: int, kind: DeadlineKind | str, due_at: float,
             *, deal_id: int | None, ply: int | None, seat: int | None,
             now: float) -> Deadline:
    """Replace the table's pending deadline of this kind (inside a write transaction)."""
    kind = DeadlineKind(kind)
    cancel_deadlines(conn, table_id, kind.value)
    return _insert(conn, table_id, kind, due_at, deal_id=deal_id, ply=ply, seat=seat, now=now)


def _insert(conn: Conn, table_id: int, kind: DeadlineKind, due_at: float,
            *, deal_id: int | None, ply: int | None, seat: int | None,
            now: float) -> Deadline:
    cur = conn.execute(
        "INSERT INTO deadlines (table_id, kind, deal_id, ply, seat, due_at, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (table_id, kind.value, deal_id, ply, seat, float(due_at), now))
    assert cur.lastrowid is not None
    return Deadline(cur.lastrowid, table_id, kind, deal_id, ply, seat, float(due_at), now,
                    False, None)


def schedule_all(conn: Conn, table_id: int, specs: Sequence[DeadlineSpec], *,
                 deal_id: int | None, ply: int | None, now: float) -> list[Deadline]:
    """Cancel every pending deadline of the table and schedule ``specs`` instead (of two
    of one kind, the later replaces the earlier, as :func:`schedule` does)."""
    cancel_deadlines(conn, table_id)
    done: set[DeadlineKind] = set()
    out = []
    for s in specs:
        kind = DeadlineKind(s.kind)
        if kind in done:  # nothing else is pending: only a repeated kind needs cancelling
            cancel_deadlines(conn, table_id, kind.value)
        done.add(kind)
        out.append(_insert(conn, table_id, kind, s.due_at, deal_id=deal_id, ply=ply,
                           seat=s.seat, now=now))
    return out


def arm(conn: Conn, table_id: int, arming: Arming | None, now: float) -> None:
    """Set the deadlines of ``arming`` (inside a write transaction; None: leave them)."""
    if arming is not None:
        schedule_all(conn, table_id, arming.specs, deal_id=arming.deal_id, ply=arming.ply,
                     now=now)


class Deadlines:
    def __init__(self, db: Database) -> None:
        self._db = db
        #: the servers whose work this process does (None: all; see Store.limit_to)
        self.scope: ShardScope | None = None

    async def schedule(self, table_id: int, kind: DeadlineKind | str, due_at: float, *,
                       deal_id: int | None = None, ply: int | None = None,
                       seat: int | None = None) -> Deadline:
        """Set the table's ``kind`` deadline (replacing a pending one); the table must be
        open."""
        now = self._db.now()

        def run(conn: Conn) -> Deadline:
            fetch_open_table(conn, table_id)
            return schedule(conn, table_id, kind, due_at, deal_id=deal_id, ply=ply, seat=seat,
                            now=now)
        return await self._db.write(run)

    async def arm(self, table_id: int, specs: Sequence[DeadlineSpec], *, deal_id: int,
                  ply: int) -> list[Deadline]:
        """In one transaction: drop the table's pending deadlines and set ``specs`` for
        this turn (deal and ply) instead; the table must be open."""
        now = self._db.now()

        def run(conn: Conn) -> list[Deadline]:
            fetch_open_table(conn, table_id)
            return schedule_all(conn, table_id, specs, deal_id=deal_id, ply=ply, now=now)
        return await self._db.write(run)

    async def rearm(self, table_id: int, arming: Arming) -> None:
        """In one transaction: replace the table's pending deadlines by those of
        ``arming`` (a turn's, or none); the table must be open."""
        now = self._db.now()

        def run(conn: Conn) -> None:
            fetch_open_table(conn, table_id)
            arm(conn, table_id, arming, now)
        await self._db.write(run)

    async def cancel(self, table_id: int, kind: DeadlineKind | str | None = None) -> int:
        """Drop the table's pending deadlines (of one kind, or all); returns how many."""
        value = None if kind is None else DeadlineKind(kind).value
        return await self._db.write(cancel_deadlines, table_id, value)

    async def pending(self, table_id: int | None = None) -> list[Deadline]:
        """Pending deadlines, earliest first (of one table, or all)."""
        def run(conn: Conn) -> list[Deadline]:
            if table_id is None:
                rows = conn.execute(
                    "SELECT * FROM deadlines WHERE status = 'pending' ORDER BY due_at")
            else:
                rows = conn.execute(
                    "SELECT * FROM deadlines WHERE status = 'pending' AND table_id = ?"
                    " ORDER BY due_at", (table_id,))
            return [deadline_row(r) for r in rows]
        return await self._db.read(run)

    async def for_turn(self, table_id: int, deal_id: int, ply: int,
                       seat: int) -> list[Deadline]:
        """Every deadline (pending or fired) set for this turn of the table."""
        def run(conn: Conn) -> list[Deadline]:
            rows = conn.execute(
                "SELECT * FROM deadlines WHERE table_id = ? AND deal_id = ? AND ply = ?"
                " AND seat = ? ORDER BY due_at, deadline_id", (table_id, deal_id, ply, seat))
            return [deadline_row(r) for r in rows]
        return await self._db.read(run)

    async def next_due(self) -> float | None:
        """When the earliest pending deadline (of this process's servers) is due (None:
        nothing pending)."""
        def run(conn: Conn) -> float | None:
            return conn.execute(
                "SELECT MIN(due_at) FROM deadlines WHERE status = 'pending'"
                + and_ours(self.scope, "table_id", tables=True)).fetchone()[0]
        return await self._db.read(run)

    async def claim_due(self, *, now: float | None = None, limit: int = 100) -> list[Deadline]:
        """Mark due pending deadlines (of this process's servers) fired and return them;
        each is returned only once."""
        at = self._db.now() if now is None else now
        ours = and_ours(self.scope, "table_id", tables=True)

        def any_due(conn: Conn) -> bool:
            return conn.execute("SELECT 1 FROM deadlines WHERE status = 'pending'"
                                f" AND due_at <= ?{ours} LIMIT 1", (at,)).fetchone() is not None

        # most calls find nothing due (the loop is woken after every turn): a read says
        # so, one round trip on PostgreSQL, and no write transaction conflicts with the
        # turns arming theirs; a deadline due but not seen yet is claimed on the next
        # look, as if this one had come a moment sooner
        if not await self._db.read(any_due):
            return []

        def run(conn: Conn) -> list[Deadline]:
            due = [r["deadline_id"] for r in conn.execute(
                "SELECT deadline_id FROM deadlines WHERE status = 'pending' AND due_at <= ?"
                + and_ours(self.scope, "table_id", tables=True)
                + " ORDER BY due_at, deadline_id LIMIT ?", (at, limit))]
            if not due:
                return []
            marks = ",".join("?" * len(due))
            conn.execute(f"UPDATE deadlines SET status = 'fired', fired_at = ?"
                         f" WHERE deadline_id IN ({marks})", (at, *due))
            rows = conn.execute(f"SELECT * FROM deadlines WHERE deadline_id IN ({marks})"
                                " ORDER BY due_at, deadline_id", due)
            return [deadline_row(r) for r in rows]
        return await self._db.write(run)

    async def release(self, deadline: Deadline, due_at: float) -> bool:
        """Make a claimed deadline pending again, due at ``due_at`` (its firing failed, or
        it waits for the end of the member's quiet hours); False if the table has a newer
        pending deadline of that kind (or none is left)."""
        def run(conn: Conn) -> bool:
            return conn.execute(
                "UPDATE deadlines SET status = 'pending', fired_at = NULL, due_at = ?"
                " WHERE deadline_id = ? AND status = 'fired' AND NOT EXISTS ("
                " SELECT 1 FROM deadlines WHERE table_id = ? AND kind = ?"
                " AND status = 'pending')",
                (float(due_at), deadline.deadline_id, deadline.table_id,
                 deadline.kind.value)).rowcount == 1
        return await self._db.write(run)

    async def purge_fired(self, before: float) -> int:
        """Delete the deadlines (of this process's servers) that fired before ``before``
        and whose turn is over: their deal is no longer in play or has moved past the ply
        they were set for (the action log only grows, so that turn never comes back).
        A current turn's fired deadlines stay: they tell a resumed table that its reminder
        was sent, or that its timeout was claimed but not handled. Returns how many."""
        def run(conn: Conn) -> int:
            return conn.execute(
                "DELETE FROM deadlines WHERE status = 'fired' AND fired_at < ?"
                " AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.deal_id = deadlines.deal_id"
                " AND d.status = 'playing' AND d.ply = deadlines.ply)"
                + and_ours(self.scope, "table_id", tables=True), (before,)).rowcount
        return await self._db.write(run)
