"""Deals and the append-only action log: start, append, settle, abandon.

The record is the truth: a deal row holds the record header as dealt and the actions
table every entry in ply order; ``header + actions`` replays to the current state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from bot.connection.shards import ShardScope
from bot.engine import Action, Deal, deal_from_record
from bot.engine.session import Session
from bot.engine.shuffle import commitment, seeded_masks

from .backend import Database
from .codec import full_record, record_header, result_to_json, session_to_state
from .db import dumps
from .deadlines import schedule_all
from .errors import (
    DealClosed,
    DealInProgress,
    DuplicateAction,
    InvalidTransition,
    PlyGap,
    StoreError,
)
from .ledger import INSERT_LEDGER, book_pot_shares, deal_ledger_values, ledger_for_deal
from .models import (
    ActionRow,
    DeadlineKind,
    DeadlineSpec,
    DealRow,
    DealStatus,
    SettledDeal,
    TableStatus,
)
from .ratings import rate_deal
from .rows import (
    action_row,
    cancel_deadlines,
    deal_row,
    fetch_deal,
    fetch_entries,
    fetch_open_table,
    fetch_seats,
    fetch_table,
    row_or_none,
)
from .scope import and_ours
from .series_tables import finish_table_runs, release_table_runs
from .sql import Conn, dialect


def normalised_header(deal_or_record: Deal | Mapping[str, Any]) -> dict[str, Any]:
    """The record header as the engine writes it (a record is validated by replaying)."""
    deal = (deal_or_record if isinstance(deal_or_record, Deal)
            else deal_from_record(dict(deal_or_record)))
    if deal.ply:
        raise InvalidTransition("A deal is stored before its first action.")
    return record_header(deal.to_record())


def check_seed(deal: Deal, seed: bytes) -> None:
    """Refuse a seed that does not deal exactly ``deal``'s cards (docs/shuffle.md)."""
    v = deal.v
    try:
        hands, talon = seeded_masks(seed, v.deck, v.hand_size, v.players)
    except ValueError as error:
        raise StoreError(str(error)) from None
    if (hands, talon) != (list(deal.dealt), deal.dealt_talon):
        raise StoreError("the seed does not deal these cards")


def checked_entry(seat: int, action: Action | Mapping[str, Any]) -> dict[str, Any]:
    """The record entry of ``seat``'s action, well-formed (legality is the engine's)."""
    entry = action.to_record(seat) if isinstance(action, Action) else dict(action)
    if entry.get("seat") != seat:
        raise StoreError(f"the entry's seat {entry.get('seat')!r} is not seat {seat}")
    Action.from_record(entry)
    return entry


def append_entry(conn: Conn, deal_id: int, ply: int, seat: int,
                 entry: dict[str, Any], auto: bool, now: float, *,
                 timed_out: bool | None = None) -> tuple[ActionRow, int]:
    """Append one entry at ``ply`` (see :meth:`Deals.append_action`); returns its row
    and the deal's table."""
    away = auto if timed_out is None else timed_out
    moved = conn.execute(
        "UPDATE deals SET ply = ply + 1"
        " WHERE deal_id = ? AND ply = ? AND status = 'playing' RETURNING table_id",
        (deal_id, ply)).fetchall()  # all: SQLite's statement done before the next
    if len(moved) != 1:
        refuse_append(conn, deal_id, ply)
    conn.execute(
        "INSERT INTO actions (deal_id, ply, seat, entry, auto, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)", (deal_id, ply, seat, dumps(entry), int(auto), now))
    table_id = moved[0][0]
    conn.execute("UPDATE seats SET away = ? WHERE table_id = ? AND seat = ?"
                 " AND is_computer = 0 AND away != ?", (int(away), table_id, seat, int(away)))
    return ActionRow(deal_id, ply, seat, entry, auto, now), int(table_id)


def refuse_append(conn: Conn, deal_id: int, ply: int) -> NoReturn:
    """Why an action at ``ply`` was not appended (the deal did not move)."""
    deal = fetch_deal(conn, deal_id)
    if deal.status is not DealStatus.PLAYING:
        raise DealClosed(deal_id)
    if deal.ply > ply:
        raise DuplicateAction(deal_id, ply)
    raise PlyGap(f"deal {deal_id} has {deal.ply} actions; ply {ply} skips ahead")


#: PostgreSQL's :func:`append_entry` and :func:`~bot.store.deadlines.schedule_all` of
#: the next ply, in one statement (one round trip, not six or more): the same rows
#: written, the same checks (nothing is written unless the deal moves from ``ply``).
#: The deadlines are inserted once the table's pending ones are deleted (``done``
#: reads all of ``cancelled`` first); with ``arm`` false they are left as they are.
APPEND_POSTGRES = (
    "WITH moved AS ("
    " UPDATE deals SET ply = ply + 1"
    " WHERE deal_id = :deal AND ply = :ply AND status = 'playing' RETURNING table_id),"
    " logged AS ("
    " INSERT INTO actions (deal_id, ply, seat, entry, auto, created_at)"
    " SELECT CAST(:deal AS BIGINT), CAST(:ply AS BIGINT), CAST(:seat AS BIGINT),"
    " CAST(:entry AS TEXT), CAST(:auto AS BIGINT), CAST(:now AS DOUBLE PRECISION)"
    " FROM moved),"
    " seated AS ("
    " UPDATE seats SET away = CAST(:away AS INTEGER) FROM moved"
    " WHERE seats.table_id = moved.table_id AND seats.seat = :seat"
    " AND seats.is_computer = 0 AND seats.away != CAST(:away AS INTEGER)),"
    " cancelled AS ("
    " DELETE FROM deadlines USING moved WHERE CAST(:arm AS BOOLEAN)"
    " AND deadlines.table_id = moved.table_id AND deadlines.status = 'pending'"
    " RETURNING 1),"
    " armed AS ("
    " INSERT INTO deadlines (table_id, kind, deal_id, ply, seat, due_at, created_at)"
    " SELECT moved.table_id, s.kind, CAST(:deal AS BIGINT), CAST(:ply AS BIGINT) + 1,"
    " s.seat, s.due_at, CAST(:now AS DOUBLE PRECISION)"
    " FROM moved, (SELECT count(*) FROM cancelled) AS done,"
    " unnest(CAST(:kinds AS TEXT[]), CAST(:seats AS BIGINT[]),"
    " CAST(:dues AS DOUBLE PRECISION[])) AS s (kind, seat, due_at))"
    " SELECT table_id FROM moved")


def append_armed_postgres(conn: Conn, deal_id: int, ply: int, seat: int,
                          entry: dict[str, Any], auto: bool, now: float, *,
                          timed_out: bool | None,
                          deadlines: Sequence[DeadlineSpec] | None) -> ActionRow:
    """:data:`APPEND_POSTGRES`: what :meth:`Deals.append_action` writes, on PostgreSQL.
    Of two deadlines of one kind the later is kept, as :func:`schedule_all` keeps it."""
    away = auto if timed_out is None else timed_out
    specs = list({DeadlineKind(s.kind): s for s in deadlines or ()}.values())
    moved = conn.execute(APPEND_POSTGRES, {
        "deal": deal_id, "ply": ply, "seat": seat, "entry": dumps(entry), "auto": int(auto),
        "now": now, "away": int(away), "arm": deadlines is not None,
        "kinds": [DeadlineKind(s.kind).value for s in specs],
        "seats": [s.seat for s in specs], "dues": [float(s.due_at) for s in specs],
    }).fetchall()
    if len(moved) != 1:
        refuse_append(conn, deal_id, ply)
    return ActionRow(deal_id, ply, seat, entry, auto, now)


class Deals:
    def __init__(self, db: Database) -> None:
        self._db = db
        #: the servers whose work this process does (None: all; see Store.limit_to)
        self.scope: ShardScope | None = None

    async def start(self, table_id: int, deal: Deal | Mapping[str, Any], *,
                    deadlines: Sequence[DeadlineSpec] = (), seed: bytes | None = None
                    ) -> DealRow:
        """Store a new deal as dealt (a Deal with no action yet, or its record).

        The table must be playing with no deal in play. ``deadlines`` replace the
        table's pending ones, set for ply 0 of this deal. ``seed``: the secret seed the
        deal was dealt from; it must deal exactly these cards (its commitment is kept
        beside it).
        """
        dealt = deal if isinstance(deal, Deal) else deal_from_record(dict(deal))
        header = normalised_header(dealt)
        if seed is not None:
            check_seed(dealt, seed)
        now = self._db.now()

        def run(conn: Conn) -> DealRow:
            table = fetch_open_table(conn, table_id)
            if table.status is not TableStatus.PLAYING:
                raise InvalidTransition("The table has not started yet.")
            if header["variant"] != table.variant:
                raise StoreError(f"a {header['variant']} deal at a {table.variant} table")
            if conn.execute("SELECT 1 FROM deals WHERE table_id = ? AND status = 'playing'",
                            (table_id,)).fetchone():
                raise DealInProgress(table_id)
            number = conn.execute("SELECT COUNT(*) FROM deals WHERE table_id = ?",
                                  (table_id,)).fetchone()[0]
            cur = conn.execute(
                "INSERT INTO deals (table_id, number, guild_id, variant, header, started_at,"
                " seed, commitment) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, number, table.guild_id, table.variant, dumps(header), now,
                 None if seed is None else seed.hex(),
                 None if seed is None else commitment(seed)))
            assert cur.lastrowid is not None
            schedule_all(conn, table_id, deadlines, deal_id=cur.lastrowid, ply=0, now=now)
            return fetch_deal(conn, cur.lastrowid)

        return await self._db.write(run)

    async def append_action(self, deal_id: int, ply: int, seat: int,
                            action: Action | Mapping[str, Any], *, auto: bool = False,
                            deadlines: Sequence[DeadlineSpec] | None = None,
                            timed_out: bool | None = None) -> ActionRow:
        """Append the action taken at ``ply`` (the deal's action count before it).

        Raises :class:`DuplicateAction` if that ply is already taken (the loser of two
        racing clicks), :class:`DealClosed` once the deal is over, :class:`PlyGap` if
        ``ply`` runs ahead of the log; nothing is written then. ``auto`` marks an action
        a computer took for a timed-out member (who is then away, see
        :meth:`Tables.set_away`; their own action brings them back); ``timed_out``, if
        given, sets the seat's away flag instead (a computer's action for a member away
        by their own choice leaves it as it was). ``deadlines``, if given, replace the
        table's pending ones, set for the next ply.
        """
        entry = checked_entry(seat, action)
        now = self._db.now()

        def run(conn: Conn) -> ActionRow:
            if dialect(conn) == "postgres":
                return append_armed_postgres(conn, deal_id, ply, seat, entry, auto, now,
                                             timed_out=timed_out, deadlines=deadlines)
            row, table_id = append_entry(conn, deal_id, ply, seat, entry, auto, now,
                                         timed_out=timed_out)
            if deadlines is not None:
                schedule_all(conn, table_id, deadlines, deal_id=deal_id, ply=ply + 1, now=now)
            return row

        return await self._db.write(run)

    async def settle(self, deal_id: int, deal: Deal, session: Session) -> SettledDeal:
        """Close a finished deal in one transaction: its result, one ledger row per seat
        (plus the pot's in tapp1879) summing to zero, its players' skill ratings
        (:mod:`bot.store.ratings`), the session state after it (call
        ``session.finish_deal()`` first), and the pot shares if the session ended.

        ``deal`` must be the stored deal with every action logged. On any error nothing
        is written; the caller should then reload the table rather than trust its
        in-memory session.
        """
        result = deal.outcome()
        if result is None:
            raise InvalidTransition("The deal is not over yet.")
        header = record_header(deal.to_record() | {"actions": []})
        result_json = result_to_json(result)
        result_text = dumps(result_json)
        state_text = dumps(session_to_state(session))
        shares = session.pot_shares
        ply = deal.ply
        now = self._db.now()

        def run(conn: Conn) -> SettledDeal:
            row = fetch_deal(conn, deal_id)
            if row.status is not DealStatus.PLAYING:
                raise DealClosed(deal_id)
            if row.ply != ply:
                raise PlyGap(f"deal {deal_id} has {row.ply} actions logged, the deal {ply}")
            if row.header != header:
                raise StoreError(f"that Deal is not deal {deal_id} as stored")
            table = fetch_table(conn, row.table_id)
            seats = fetch_seats(conn, row.table_id)
            values = deal_ledger_values(deal_id=deal_id, table=table, seats=seats,
                                        header=row.header, result=result, settled_at=now)
            conn.execute("UPDATE deals SET status = 'settled', result = ?, ended_at = ?"
                         " WHERE deal_id = ?", (result_text, now, deal_id))
            conn.executemany(INSERT_LEDGER, values)
            rate_deal(conn, deal_id)
            finish_table_runs(conn, row.table_id, result.payments, result_json, now)
            conn.execute("UPDATE tables SET session = ? WHERE table_id = ?",
                         (state_text, row.table_id))
            if shares is not None:
                book_pot_shares(conn, table, seats, shares, now)
            cancel_deadlines(conn, row.table_id)
            return SettledDeal(deal=fetch_deal(conn, deal_id),
                               record=full_record(row.header, fetch_entries(conn, deal_id)),
                               ledger=ledger_for_deal(conn, deal_id))

        return await self._db.write(run)

    async def abandon(self, deal_id: int, session: Session | None = None) -> DealRow:
        """Drop a deal with no chips moved (timeout policy); stores the session state
        after ``session.abandon_deal()`` if given, and cancels the table's deadlines."""
        state_text = None if session is None else dumps(session_to_state(session))
        now = self._db.now()

        def run(conn: Conn) -> DealRow:
            row = fetch_deal(conn, deal_id)
            if row.status is not DealStatus.PLAYING:
                raise DealClosed(deal_id)
            conn.execute("UPDATE deals SET status = 'abandoned', ended_at = ?"
                         " WHERE deal_id = ?", (now, deal_id))
            release_table_runs(conn, row.table_id)
            if state_text is not None:
                conn.execute("UPDATE tables SET session = ? WHERE table_id = ?",
                             (state_text, row.table_id))
            cancel_deadlines(conn, row.table_id)
            return fetch_deal(conn, deal_id)

        return await self._db.write(run)

    async def unshown(self, table_id: int | None = None) -> list[DealRow]:
        """Settled deals whose result message was not posted yet (of one table, or all),
        oldest first."""
        def run(conn: Conn) -> list[DealRow]:
            where = "" if table_id is None else " AND table_id = ?"
            args = () if table_id is None else (table_id,)
            return [deal_row(r) for r in conn.execute(
                "SELECT * FROM deals WHERE status = 'settled' AND shown_at IS NULL"
                f"{where}{and_ours(self.scope, 'guild_id')} ORDER BY deal_id", args)]
        return await self._db.read(run)

    async def get(self, deal_id: int) -> DealRow:
        return await self._db.read(fetch_deal, deal_id)

    async def current(self, table_id: int) -> DealRow | None:
        """The table's deal in play, if any."""
        return await self._db.read(
            row_or_none, deal_row,
            "SELECT * FROM deals WHERE table_id = ? AND status = 'playing'", table_id)

    async def for_table(self, table_id: int) -> list[DealRow]:
        """Every deal of a table, in order."""
        def run(conn: Conn) -> list[DealRow]:
            rows = conn.execute("SELECT * FROM deals WHERE table_id = ? ORDER BY number",
                                (table_id,))
            return [deal_row(r) for r in rows]
        return await self._db.read(run)

    async def record(self, deal_id: int) -> dict[str, Any]:
        """The deal record: header and every action in ply order."""
        def run(conn: Conn) -> dict[str, Any]:
            return full_record(fetch_deal(conn, deal_id).header, fetch_entries(conn, deal_id))
        return await self._db.read(run)

    async def actions(self, deal_id: int) -> tuple[ActionRow, ...]:
        def run(conn: Conn) -> tuple[ActionRow, ...]:
            fetch_deal(conn, deal_id)
            rows = conn.execute("SELECT * FROM actions WHERE deal_id = ? ORDER BY ply",
                                (deal_id,))
            return tuple(action_row(r) for r in rows)
        return await self._db.read(run)
