"""Claims (see :mod:`bot.engine.claims`): a claim put to the other members, their votes,
and a claim's line played out in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.engine import Action

from .backend import Database
from .db import dumps, loads
from .deadlines import arm, schedule_all
from .deals import append_entry, checked_entry
from .errors import StaleAction, StoreError
from .models import Arming
from .sql import INTEGRITY_ERRORS, Conn, Row


class ClaimStatus(StrEnum):
    PROVEN = "proven"  # the engine proved it: played out at once
    PENDING = "pending"  # put to the other members
    ACCEPTED = "accepted"  # every one of them accepted: played out
    REFUSED = "refused"  # one refused: play goes on


@dataclass(frozen=True, slots=True)
class ClaimRow:
    claim_id: int
    deal_id: int
    ply: int
    seat: int
    kind: str  # "all" or "none" (:class:`bot.engine.claims.ClaimKind`)
    status: ClaimStatus
    accepted: tuple[int, ...]  # seats that accepted
    refused_by: int | None
    created_at: float
    closed_at: float | None


def _row(r: Row) -> ClaimRow:
    return ClaimRow(r["claim_id"], r["deal_id"], r["ply"], r["seat"], r["kind"],
                    ClaimStatus(r["status"]), tuple(loads(r["accepted"])), r["refused_by"],
                    r["created_at"], r["closed_at"])


def _fetch(conn: Conn, claim_id: int) -> ClaimRow:
    r = conn.execute("SELECT * FROM claims WHERE claim_id = ?", (claim_id,)).fetchone()
    if r is None:
        raise StoreError(f"no claim {claim_id}")
    return _row(r)


def _accepted_with(claim: ClaimRow, seat: int | None) -> str:
    """The claim's acceptances with ``seat``'s (None: as they are), as stored."""
    seats = set(claim.accepted) if seat is None else {*claim.accepted, seat}
    return dumps(sorted(seats))


def _pending(conn: Conn, claim_id: int, ply: int) -> ClaimRow:
    """The claim, still pending at the deal's ply ``ply`` (else :class:`StaleAction`)."""
    claim = _fetch(conn, claim_id)
    deal_ply = conn.execute("SELECT ply FROM deals WHERE deal_id = ?",
                            (claim.deal_id,)).fetchone()[0]
    if claim.status is not ClaimStatus.PENDING or deal_ply != claim.ply or claim.ply != ply:
        raise StaleAction(f"claim {claim_id} is no longer pending")
    return claim


def _table_of(conn: Conn, deal_id: int) -> int:
    return int(conn.execute("SELECT table_id FROM deals WHERE deal_id = ?",
                            (deal_id,)).fetchone()[0])


class Claims:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def put(self, deal_id: int, ply: int, seat: int, kind: str,
                  arming: Arming | None = None) -> ClaimRow:
        """Put ``seat``'s claim at ``ply`` to the other members, with the deadlines of
        ``arming`` (those who decide now wait for). Raises :class:`StaleAction` if the
        deal has moved on or a claim was made at this ply."""
        now = self._db.now()

        def run(conn: Conn) -> ClaimRow:
            deal_ply = conn.execute("SELECT ply, table_id FROM deals WHERE deal_id = ?"
                                    " AND status = 'playing'", (deal_id,)).fetchone()
            if deal_ply is None or deal_ply[0] != ply:
                raise StaleAction(f"deal {deal_id} is not at ply {ply}")
            arm(conn, deal_ply[1], arming, now)
            try:
                cur = conn.execute(
                    "INSERT INTO claims (deal_id, ply, seat, kind, status, created_at)"
                    " VALUES (?, ?, ?, ?, 'pending', ?)", (deal_id, ply, seat, kind, now))
            except INTEGRITY_ERRORS:
                raise StaleAction(f"a claim was made at ply {ply} of deal {deal_id}") \
                    from None
            assert cur.lastrowid is not None
            return _fetch(conn, cur.lastrowid)

        return await self._db.write(run)

    async def accept(self, claim_id: int, ply: int, seat: int,
                     arming: Arming | None = None) -> ClaimRow:
        """``seat`` accepts the pending claim (at the deal's ply ``ply``), with the
        deadlines of ``arming``."""
        now = self._db.now()

        def run(conn: Conn) -> ClaimRow:
            claim = _pending(conn, claim_id, ply)
            conn.execute("UPDATE claims SET accepted = ? WHERE claim_id = ?",
                         (_accepted_with(claim, seat), claim_id))
            arm(conn, _table_of(conn, claim.deal_id), arming, now)
            return _fetch(conn, claim_id)

        return await self._db.write(run)

    async def refuse(self, claim_id: int, ply: int, seat: int | None,
                     arming: Arming | None = None, *,
                     accepted_by: int | None = None) -> ClaimRow:
        """``seat`` refuses the pending claim (None: everyone accepted it, the last of
        them ``accepted_by``, but no play of the cards as they lie makes it true): it is
        over, play goes on, with the deadlines of ``arming`` (the claimer's turn
        again)."""
        now = self._db.now()

        def run(conn: Conn) -> ClaimRow:
            claim = _pending(conn, claim_id, ply)
            conn.execute("UPDATE claims SET status = 'refused', refused_by = ?, accepted = ?,"
                         " closed_at = ? WHERE claim_id = ?",
                         (seat, _accepted_with(claim, accepted_by), now, claim_id))
            arm(conn, _table_of(conn, claim.deal_id), arming, now)
            return _fetch(conn, claim_id)

        return await self._db.write(run)

    async def play_out(self, deal_id: int, ply: int, seat: int, kind: str,
                       plays: Sequence[tuple[int, Action, bool]], *,
                       claim_id: int | None = None,
                       accepted_by: int | None = None) -> ClaimRow:
        """The claim's line to the end of the deal, appended from ``ply`` in one
        transaction with the claim: a proven claim (``claim_id`` None) is recorded as
        such, a pending one (``claim_id``) becomes accepted, with the last answer
        (``accepted_by``) among its acceptances. ``plays`` are (seat, action, auto); the
        table's pending deadlines go (the deal is over)."""
        entries = [(s, checked_entry(s, a), auto) for s, a, auto in plays]
        now = self._db.now()

        def run(conn: Conn) -> ClaimRow:
            if claim_id is None:
                cur = conn.execute(
                    "INSERT INTO claims (deal_id, ply, seat, kind, status, created_at,"
                    " closed_at) VALUES (?, ?, ?, ?, 'proven', ?, ?)",
                    (deal_id, ply, seat, kind, now, now))
                assert cur.lastrowid is not None
                done = cur.lastrowid
            else:
                claim = _pending(conn, claim_id, ply)
                conn.execute("UPDATE claims SET status = 'accepted', accepted = ?,"
                             " closed_at = ? WHERE claim_id = ?",
                             (_accepted_with(claim, accepted_by), now, claim_id))
                done = claim_id
            table_id = None
            for i, (who, entry, auto) in enumerate(entries):
                _, table_id = append_entry(conn, deal_id, ply + i, who, entry, auto, now)
            if table_id is not None:
                schedule_all(conn, table_id, (), deal_id=deal_id, ply=ply + len(entries),
                             now=now)
            return _fetch(conn, done)

        return await self._db.write(run)

    async def latest(self, deal_id: int) -> ClaimRow | None:
        """The deal's newest claim, if any."""
        def run(conn: Conn) -> ClaimRow | None:
            r = conn.execute("SELECT * FROM claims WHERE deal_id = ?"
                             " ORDER BY ply DESC LIMIT 1", (deal_id,)).fetchone()
            return _row(r) if r is not None else None

        return await self._db.read(run)

    async def for_deal(self, deal_id: int) -> list[ClaimRow]:
        def run(conn: Conn) -> list[ClaimRow]:
            rows = conn.execute("SELECT * FROM claims WHERE deal_id = ? ORDER BY ply",
                                (deal_id,)).fetchall()
            return [_row(r) for r in rows]

        return await self._db.read(run)
