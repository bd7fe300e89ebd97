"""Series: their definitions and secret seeds, their members' places, the members'
runs of each deal and their steps, and the standings kept when a series closes.

A series row holds its definition (JSON, checked by :mod:`bot.series.models`) and the
secret seed its deals come from; nothing here reads either. A run is one member's play
of one deal of a series: its record header is the series' (not stored again), its steps
are appended with a compare-and-swap on the run's step count (of two racing clicks one
wins), and the step that ends the deal finishes the run in the same transaction. One run
per member and deal (a unique key): a deal is counted once, whatever races. The rows
and errors, and the reads the transactions share: :mod:`.series_rows`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .backend import Database
from .db import dumps, loads
from .disclosure import disclose
from .errors import InvalidTransition, NotFound, StoreError
from .series_rows import (
    RESULT_COLUMNS,
    AlreadyJoined,
    FinalLine,
    NewSeriesTable,
    SeriesMember,
    SeriesNotOpen,
    SeriesRow,
    SeriesRun,
    SeriesRunOver,
    SeriesRunStatus,
    SeriesStatus,
    SeriesStepTaken,
    SeriesTableRow,
    dealt_to,
    fetch_run,
    fetch_series,
    fraction_text,
    insert_series,
    join_series,
    leave_series,
    member_of,
    member_row,
    member_run,
    run_row,
    series_row,
)
from .series_tables import series_deal_of
from .settings import insert_table_settings
from .sql import INTEGRITY_ERRORS, Conn
from .tables import insert_seat


class SeriesStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    # -- series ------------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, host_id: int, title: str,
                     spec: Mapping[str, Any], seed: bytes, window: float) -> SeriesRow:
        """A new open series; its window runs ``window`` seconds from now."""
        if len(seed) != 32:
            raise StoreError(f"a seed is 32 bytes, not {len(seed)}")
        now = self._db.now()

        def run(conn: Conn) -> SeriesRow:
            series_id = insert_series(conn, guild_id=guild_id, channel_id=channel_id,
                                      host_id=host_id, title=title, spec=spec, seed=seed,
                                      opens_at=now, closes_at=now + window)
            return fetch_series(conn, series_id)

        return await self._db.write(run)

    async def get(self, series_id: int) -> SeriesRow:
        return await self._db.read(fetch_series, series_id)

    async def of_guild(self, guild_id: int, *, open_only: bool = False) -> list[SeriesRow]:
        """The server's series (not deleted), newest first."""
        where = "status = 'open'" if open_only else "status <> 'deleted'"

        def run(conn: Conn) -> list[SeriesRow]:
            rows = conn.execute(f"SELECT * FROM series WHERE guild_id = ? AND {where}"
                                " ORDER BY series_id DESC", (guild_id,)).fetchall()
            return [series_row(r) for r in rows]

        return await self._db.read(run)

    async def due(self, now: float) -> list[SeriesRow]:
        """Open series whose window has passed (to close)."""
        def run(conn: Conn) -> list[SeriesRow]:
            rows = conn.execute("SELECT * FROM series WHERE status = 'open'"
                                " AND closes_at <= ? ORDER BY closes_at", (now,)).fetchall()
            return [series_row(r) for r in rows]

        return await self._db.read(run)

    async def close(self, series_id: int, final: Sequence[FinalLine], *,
                    delete: bool = False) -> tuple[SeriesRow, bool]:
        """Close (or delete) an open series: its runs in play are dropped, ``final`` kept
        as its standings (none for a deleted one), its shared tables' results added to
        the totals (:func:`~bot.store.disclosure.disclose`). ``(row, closed now)``: False
        when it was no longer open (another call closed it first; nothing written)."""
        now = self._db.now()
        status = SeriesStatus.DELETED if delete else SeriesStatus.CLOSED

        def run(conn: Conn) -> tuple[SeriesRow, bool]:
            cur = conn.execute("UPDATE series SET status = ?, closed_at = ?"
                               " WHERE series_id = ? AND status = 'open'",
                               (status.value, now, series_id))
            if cur.rowcount != 1:
                return fetch_series(conn, series_id), False
            conn.execute("UPDATE series_runs SET status = 'dropped'"
                         " WHERE series_id = ? AND status = 'playing'", (series_id,))
            disclose(conn, series_id, now)  # its shared tables' results enter the totals
            if not delete:
                conn.executemany(
                    "INSERT INTO series_final (series_id, user_id, rank, total, deals)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(series_id, f.user_id, f.rank, fraction_text(f.total), f.deals)
                     for f in final])
            return fetch_series(conn, series_id), True

        return await self._db.write(run)

    async def final(self, series_id: int) -> list[FinalLine]:
        """The standings kept when the series closed, best first."""
        def run(conn: Conn) -> list[FinalLine]:
            rows = conn.execute("SELECT user_id, rank, total, deals FROM series_final"
                                " WHERE series_id = ? ORDER BY rank, user_id",
                                (series_id,)).fetchall()
            return [FinalLine(r["user_id"], r["rank"], Fraction(r["total"]), r["deals"])
                    for r in rows]

        return await self._db.read(run)

    # -- members -----------------------------------------------------------------------
    async def join(self, series_id: int, user_id: int, display_name: str = "") -> SeriesMember:
        """Make the member a member, with the next turn (which fixes their place). Raises
        :class:`AlreadyJoined` for a member already (also one who left) and
        :class:`SeriesNotOpen` for a series closed or deleted; nothing is written then."""
        now = self._db.now()

        def run(conn: Conn) -> SeriesMember:
            try:
                joined = join_series(conn, series_id, user_id, display_name, now)
            except INTEGRITY_ERRORS as error:  # a racing join of the same member
                raise AlreadyJoined(str(error)) from None
            if not joined:
                if member_of(conn, series_id, user_id) is not None:
                    raise AlreadyJoined(f"member {user_id} is in series {series_id}")
                fetch_series(conn, series_id)  # (SeriesNotFound for none at all)
                raise SeriesNotOpen(f"series {series_id} is not open")
            found = member_of(conn, series_id, user_id)
            assert found is not None
            return found

        return await self._db.write(run)

    async def member(self, series_id: int, user_id: int) -> SeriesMember | None:
        return await self._db.read(member_of, series_id, user_id)

    async def members(self, series_id: int) -> list[SeriesMember]:
        """Every member, in the order they joined."""
        def run(conn: Conn) -> list[SeriesMember]:
            rows = conn.execute("SELECT * FROM series_members WHERE series_id = ?"
                                " ORDER BY turn", (series_id,)).fetchall()
            return [member_row(r) for r in rows]

        return await self._db.read(run)

    async def leave(self, series_id: int, user_id: int) -> SeriesMember:
        """The member leaves: their run in play is dropped (not counted), no deal is
        started for them again; what they finished stays counted."""
        now = self._db.now()

        def run(conn: Conn) -> SeriesMember:
            leave_series(conn, series_id, user_id, now)
            found = member_of(conn, series_id, user_id)
            if found is None:
                raise NotFound(f"member {user_id} is not in series {series_id}")
            return found

        return await self._db.write(run)

    # -- runs ------------------------------------------------------------------------------
    async def start_run(self, series_id: int, user_id: int, deal: int, seat: int) -> SeriesRun:
        """The member's run of ``deal`` (started now if they have none): only for a
        member who has not left, of a series still open (:class:`SeriesNotOpen`)."""
        now = self._db.now()

        def run(conn: Conn) -> SeriesRun:
            found = member_run(conn, series_id, user_id, deal)
            if found is not None:
                return found
            dealt_to(conn, series_id, user_id)
            conn.execute("INSERT INTO series_runs (series_id, user_id, deal, seat,"
                         " started_at) VALUES (?, ?, ?, ?, ?)"
                         " ON CONFLICT (series_id, user_id, deal) DO NOTHING",
                         (series_id, user_id, deal, seat, now))
            found = member_run(conn, series_id, user_id, deal)
            assert found is not None  # started now, or by the call that got there first
            return found

        return await self._db.write(run)

    async def run(self, run_id: int) -> SeriesRun:
        return await self._db.read(fetch_run, run_id)

    async def runs_of(self, series_id: int, user_id: int) -> list[SeriesRun]:
        """The member's runs of the series, by deal."""
        def run(conn: Conn) -> list[SeriesRun]:
            rows = conn.execute("SELECT * FROM series_runs WHERE series_id = ?"
                                " AND user_id = ? ORDER BY deal", (series_id, user_id))
            return [run_row(r) for r in rows]

        return await self._db.read(run)

    async def run_with_steps(self, run_id: int) -> tuple[SeriesRun, list[dict[str, Any]]]:
        """The run and its steps in order, from one snapshot."""
        def run(conn: Conn) -> tuple[SeriesRun, list[dict[str, Any]]]:
            found = fetch_run(conn, run_id)
            rows = conn.execute("SELECT entry FROM series_steps WHERE run_id = ?"
                                " ORDER BY step", (run_id,)).fetchall()
            return found, [loads(r["entry"]) for r in rows]

        return await self._db.read(run)

    async def append_step(self, run_id: int, step: int, entry: Mapping[str, Any], *,
                          finish: tuple[int, Mapping[str, Any]] | None = None) -> SeriesRun:
        """Append ``entry`` as the run's step ``step`` (its step count before it) while
        the series is open. ``finish``: the step ends the deal; (the seat's chips, the
        result) finish the run in the same transaction. Raises
        :class:`SeriesStepTaken` if the step is taken already and :class:`SeriesRunOver`
        once the run is finished or dropped (the series closed); nothing is written."""
        seat = entry.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not entry.get("type"):
            raise StoreError(f"not a step entry: {dict(entry)!r}")
        text = dumps(dict(entry))
        now = self._db.now()

        def run(conn: Conn) -> SeriesRun:
            cur = conn.execute(
                "UPDATE series_runs SET steps = steps + 1"
                " WHERE run_id = ? AND steps = ? AND status = 'playing'", (run_id, step))
            if cur.rowcount != 1:
                current = fetch_run(conn, run_id)
                if current.status is not SeriesRunStatus.PLAYING:
                    raise SeriesRunOver(run_id)
                if current.steps > step:
                    raise SeriesStepTaken(run_id, step)
                raise StoreError(f"run {run_id}: step {step} skips ahead of {current.steps}")
            conn.execute("INSERT INTO series_steps (run_id, step, entry, at)"
                         " VALUES (?, ?, ?, ?)", (run_id, step, text, now))
            if finish is not None:
                chips, result = finish
                conn.execute(
                    "UPDATE series_runs SET status = 'finished', chips = ?, result = ?,"
                    " finished_at = ? WHERE run_id = ?",
                    (chips, dumps(dict(result)), now, run_id))
            return fetch_run(conn, run_id)

        return await self._db.write(run)

    # -- results -----------------------------------------------------------------------
    async def results(self, series_id: int, *, outcome: bool = True
                      ) -> list[tuple[Any, ...]]:
        """Every finished run of the series as :data:`RESULT_COLUMNS` (the result as
        its JSON text; None without ``outcome``: matchpoints need the chips alone), by
        deal: what the standings are computed from."""
        columns = RESULT_COLUMNS if outcome else RESULT_COLUMNS.replace("result", "NULL")

        def run(conn: Conn) -> list[tuple[Any, ...]]:
            rows = conn.execute(f"SELECT {columns} FROM series_runs"
                                " WHERE series_id = ? AND status = 'finished'"
                                " ORDER BY deal, finished_at, run_id", (series_id,))
            return [tuple(r) for r in rows]

        return await self._db.read(run)

    async def finished_deals(self, series_id: int, user_id: int) -> set[int]:
        """The deals of the series the member has finished."""
        def run(conn: Conn) -> set[int]:
            rows = conn.execute("SELECT deal FROM series_runs WHERE series_id = ? AND"
                                " user_id = ? AND status = 'finished'", (series_id, user_id))
            return {r[0] for r in rows}

        return await self._db.read(run)

    async def finished_runs(self) -> list[tuple[SeriesRow, SeriesRun, list[dict[str, Any]]]]:
        """Every finished run against computers with its series and steps (check-ledger
        reads them all; a shared table's: :meth:`table_runs`)."""
        def run(conn: Conn) -> list[tuple[SeriesRow, SeriesRun, list[dict[str, Any]]]]:
            rows = conn.execute("SELECT * FROM series_runs WHERE status = 'finished'"
                                " AND table_id IS NULL ORDER BY run_id").fetchall()
            series: dict[int, SeriesRow] = {}
            out = []
            for r in rows:
                found = run_row(r)
                if found.series_id not in series:
                    series[found.series_id] = fetch_series(conn, found.series_id)
                steps = conn.execute("SELECT entry FROM series_steps WHERE run_id = ?"
                                     " ORDER BY step", (found.run_id,)).fetchall()
                out.append((series[found.series_id], found, [loads(s["entry"]) for s in steps]))
            return out

        return await self._db.read(run)

    async def closed(self) -> list[SeriesRow]:
        """Every closed series (check-ledger compares their kept standings)."""
        def run(conn: Conn) -> list[SeriesRow]:
            rows = conn.execute("SELECT * FROM series WHERE status = 'closed'"
                                " ORDER BY series_id").fetchall()
            return [series_row(r) for r in rows]

        return await self._db.read(run)

    # -- shared tables (0013_series_tables.sql) ------------------------------------------
    async def seat_member(self, series_id: int, deal: int, user_id: int, seat: int,
                          display_name: str, *, table_id: int | None = None,
                          new: NewSeriesTable | None = None) -> tuple[int, SeriesRun]:
        """Seat the member in ``seat`` of the lobby ``table_id`` playing ``deal`` of the
        series, or of a table opened now (``new``, the member its host), and start their
        run of the deal, in one transaction: (the table, the run). Raises
        :class:`SeriesNotOpen` (series closed, member unknown or gone),
        :class:`AlreadyJoined` (a run of that deal already: theirs is
        :meth:`run_of`), :class:`~.errors.SeatTaken`, :class:`~.errors.InvalidTransition`
        (that table is not a lobby of that deal); nothing is written then."""
        if (table_id is None) == (new is None):
            raise StoreError("seat a member at a table or at a new one")
        now = self._db.now()

        def run(conn: Conn) -> tuple[int, SeriesRun]:
            dealt_to(conn, series_id, user_id)
            if member_run(conn, series_id, user_id, deal) is not None:
                raise AlreadyJoined(f"member {user_id} has deal {deal} of {series_id}")
            where = table_id
            if new is not None:
                cur = conn.execute(
                    "INSERT INTO tables (guild_id, channel_id, host_id, variant, options,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (new.guild_id, new.channel_id, user_id, new.variant,
                     dumps(dict(new.options)), now))
                assert cur.lastrowid is not None
                where = cur.lastrowid
                insert_table_settings(conn, where, new.settings, now)
                conn.execute("INSERT INTO series_tables (table_id, series_id, deal)"
                             " VALUES (?, ?, ?)", (where, series_id, deal))
            else:
                found = conn.execute(
                    "SELECT t.status FROM series_tables s JOIN tables t"
                    " ON t.table_id = s.table_id WHERE s.table_id = ? AND s.series_id = ?"
                    " AND s.deal = ?", (table_id, series_id, deal)).fetchone()
                if found is None or found[0] != "lobby":
                    raise InvalidTransition("That table is no longer forming.")
            assert where is not None
            insert_seat(conn, where, seat, user_id, display_name, False, None, now)
            try:
                conn.execute("INSERT INTO series_runs (series_id, user_id, deal, seat,"
                             " started_at, table_id) VALUES (?, ?, ?, ?, ?, ?)",
                             (series_id, user_id, deal, seat, now, where))
            except INTEGRITY_ERRORS as error:  # a racing seat of the same member
                raise AlreadyJoined(str(error)) from None
            found_run = member_run(conn, series_id, user_id, deal)
            assert found_run is not None
            return where, found_run

        return await self._db.write(run)

    async def run_of(self, series_id: int, user_id: int, deal: int) -> SeriesRun | None:
        """The member's run of ``deal``, if they have one."""
        return await self._db.read(member_run, series_id, user_id, deal)

    async def of_table(self, table_id: int) -> SeriesRow | None:
        """The series whose deal the table plays (None: no series table)."""
        def run(conn: Conn) -> SeriesRow | None:
            found = series_deal_of(conn, table_id)
            return None if found is None else fetch_series(conn, found[0])

        return await self._db.read(run)

    async def tables(self, series_id: int, *, deal: int | None = None,
                     open_only: bool = True) -> list[SeriesTableRow]:
        """The series' tables (of one deal; the open ones: lobby or playing), oldest
        first."""
        where = " AND t.status IN ('lobby', 'playing')" if open_only else ""
        args: tuple[int, ...] = (series_id,)
        if deal is not None:
            where += " AND s.deal = ?"
            args = (series_id, deal)

        def run(conn: Conn) -> list[SeriesTableRow]:
            rows = conn.execute(
                "SELECT s.table_id, s.series_id, s.deal, t.status, t.created_at, t.guild_id"
                " FROM series_tables s JOIN tables t ON t.table_id = s.table_id"
                f" WHERE s.series_id = ?{where} ORDER BY s.table_id", args).fetchall()
            return [SeriesTableRow(*tuple(r)) for r in rows]

        return await self._db.read(run)

    async def forming(self, before: float) -> list[SeriesTableRow]:
        """Every series table still in its lobby, opened before ``before`` (those whose
        wait is over: computers fill their empty seats)."""
        def run(conn: Conn) -> list[SeriesTableRow]:
            rows = conn.execute(
                "SELECT s.table_id, s.series_id, s.deal, t.status, t.created_at, t.guild_id"
                " FROM series_tables s JOIN tables t ON t.table_id = s.table_id"
                " WHERE t.status = 'lobby' AND t.created_at <= ? ORDER BY s.table_id",
                (before,)).fetchall()
            return [SeriesTableRow(*tuple(r)) for r in rows]

        return await self._db.read(run)

    async def table_runs(self) -> list[tuple[SeriesRow, SeriesRun, int]]:
        """Every finished run played at a shared table, with its series and the deal's
        id at the table (check-ledger compares them with the deals' records)."""
        def run(conn: Conn) -> list[tuple[SeriesRow, SeriesRun, int]]:
            rows = conn.execute(
                "SELECT r.*, d.deal_id AS table_deal FROM series_runs r JOIN deals d"
                " ON d.table_id = r.table_id AND d.status = 'settled'"
                " WHERE r.status = 'finished' AND r.table_id IS NOT NULL"
                " ORDER BY r.run_id").fetchall()
            series: dict[int, SeriesRow] = {}
            out = []
            for r in rows:
                found = run_row(r)
                if found.series_id not in series:
                    series[found.series_id] = fetch_series(conn, found.series_id)
                out.append((series[found.series_id], found, int(r["table_deal"])))
            return out

        return await self._db.read(run)
