"""The PostgreSQL backend: the same transactions as on SQLite, through asyncpg.

Each transaction runs its function on a worker thread, as on SQLite; each worker
thread has an event loop and an asyncpg connection of its own, and runs every
statement on them itself (see :mod:`bot.store.pg_conn`): no statement crosses threads.
Writes run ``SERIALIZABLE``: two processes that both act on a table cannot both
commit against the state they read; the loser is run again on the state the winner
left, where the store's checks (the deal's ply, its status) refuse it as they refuse
a stale click. Reads run in one ``REPEATABLE READ`` snapshot; a read of one ``SELECT``
runs it alone, a snapshot of its own, in one round trip (see :meth:`PgDatabase._transaction`).
Commits are durable: ``synchronous_commit = on``.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Concatenate, ParamSpec, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .db import Clock, Migration, check_version, load_migrations
from .errors import NotADatabase, SchemaTooNew, StoreError, StoreFull, StoreUnavailable
from .pg_conn import NeedsTransaction, PgConn
from .sql import Conn, Dialect

T = TypeVar("T")
P = ParamSpec("P")

#: how often a write that lost a serialization race is run again before giving up
RETRIES = 30
#: the key of the advisory lock two processes migrating at once take in turn
MIGRATION_LOCK = 0x7A99
SCHEMA_TABLE = "tapp_schema"

_RETRY = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)
_UNAVAILABLE = (asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OSError,
                asyncpg.CannotConnectNowError, asyncpg.TooManyConnectionsError,
                asyncpg.LockNotAvailableError, asyncpg.QueryCanceledError,
                asyncpg.InsufficientResourcesError, asyncpg.ReadOnlySQLTransactionError,
                asyncpg.AdminShutdownError, TimeoutError)


def is_postgres_url(location: object) -> bool:
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


def redacted(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def translate(exc: BaseException) -> StoreError:
    """A store error for a driver error: unavailable for connection, lock, disk and
    timeout trouble, no database for a refused login or a missing database, a plain
    StoreError otherwise."""
    text = _unreachable(exc) or str(exc) or type(exc).__name__
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError
                  | asyncpg.InvalidCatalogNameError):  # the login refused, no such database
        return NotADatabase(text)
    if isinstance(exc, asyncpg.DiskFullError):
        return StoreFull(text)
    if isinstance(exc, _UNAVAILABLE + _RETRY):
        return StoreUnavailable(text)
    return StoreError(text)


def _unreachable(exc: BaseException) -> str | None:
    """What failed when the server could not be reached (DNS, refused, timeout...), in
    words; None for any other error."""
    if isinstance(exc, socket.gaierror):
        return f"host name not found (DNS): {exc.strerror or exc}"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused (no server listening at that address)"
    if isinstance(exc, TimeoutError):
        return "no answer in time (timeout)"
    if isinstance(exc, OSError):
        return exc.strerror or str(exc) or type(exc).__name__
    return None


def _numeric(text: str) -> int | Decimal:
    """``SUM`` of BIGINT is NUMERIC in PostgreSQL: whole numbers come back as int."""
    return int(text) if text.lstrip("-").isdigit() else Decimal(text)


async def _init_connection(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_numeric,
                              schema="pg_catalog", format="text")


async def migrate(conn: asyncpg.Connection, migrations: list[Migration]) -> int:
    """Apply the migrations newer than the stored version, all in one transaction (two
    processes starting together migrate one after the other)."""
    latest = migrations[-1].version if migrations else 0
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await conn.execute(f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE}"
                           " (version INTEGER NOT NULL)")
        current = await conn.fetchval(f"SELECT max(version) FROM {SCHEMA_TABLE}") or 0
        if current > latest:
            raise SchemaTooNew(
                f"the database has schema version {current}; this bot knows up to {latest}")
        for m in migrations:
            if m.version > current:
                await conn.execute(m.sql)
        if latest > current:
            await conn.execute(f"DELETE FROM {SCHEMA_TABLE}")
            await conn.execute(f"INSERT INTO {SCHEMA_TABLE} VALUES ($1)", latest)
    return max(current, latest)


async def _stored_version(conn: asyncpg.Connection) -> int:
    """The schema version a database holds (0: none, not even the version's table)."""
    if await conn.fetchval("SELECT to_regclass($1)", SCHEMA_TABLE) is None:
        return 0
    return int(await conn.fetchval(f"SELECT max(version) FROM {SCHEMA_TABLE}") or 0)


@dataclass(frozen=True, slots=True)
class Traffic:
    """What the store has sent the server since it opened (see :meth:`PgDatabase.traffic`):
    ``round_trips`` (every statement, ``executemany`` batch, ``BEGIN``, ``COMMIT`` and
    ``ROLLBACK``), the transactions committed (``reads``, ``writes``), the runs of a write
    that lost a serialization race and were run again (``retries``), and the
    transactions that ended in an error (``failed``: rolled back, the error raised)."""

    round_trips: int = 0
    reads: int = 0
    writes: int = 0
    retries: int = 0
    failed: int = 0

    def __sub__(self, other: Traffic) -> Traffic:
        return Traffic(self.round_trips - other.round_trips, self.reads - other.reads,
                       self.writes - other.writes, self.retries - other.retries,
                       self.failed - other.failed)


@dataclass
class _Worker:
    """A worker thread's own event loop and connection (made on first use)."""

    loop: asyncio.AbstractEventLoop
    conn: asyncpg.Connection | None = None


class PgDatabase:
    """PostgreSQL connections, one per worker thread, with the store's clock."""

    dialect: Dialect = "postgres"

    def __init__(self, url: str, clock: Clock, workers: int, busy_timeout: float, *,
                 read_only: bool = False) -> None:
        self.url = url
        self.path = redacted(url)
        self.clock = clock
        self.schema_version = 0
        self.read_only = read_only
        self._settings = {"synchronous_commit": "on", "application_name": "tapp-bot",
                          "lock_timeout": f"{max(1, int(busy_timeout * 1000))}ms"}
        if read_only:  # every transaction of its connections read only, by the server
            self._settings |= {"default_transaction_read_only": "on",
                               "application_name": "tapp-web"}
        self._connect_timeout = max(busy_timeout, 10.0)
        self._local = threading.local()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._workers = ThreadPoolExecutor(workers, thread_name_prefix="tapp-pg")
        self._closed = False
        self._traffic = Traffic()
        #: the read functions (their code) seen to issue more than one statement
        self._multi_reads: set[object] = set()

    @classmethod
    async def open(cls, url: str, *, clock: Clock = time.time, busy_timeout: float = 5.0,
                   pool_size: int = 4, read_only: bool = False) -> PgDatabase:
        """Connect and apply pending migrations; ``pool_size`` transactions run at once,
        each on a connection of its own; a lock held longer than ``busy_timeout``
        seconds makes a transaction unavailable. ``read_only``: migrate nothing, and
        refuse a schema other than the latest; the server refuses every write."""
        db = cls(url, clock, pool_size, busy_timeout, read_only=read_only)
        try:
            db.schema_version = await asyncio.get_running_loop().run_in_executor(
                db._workers, db._check_version if read_only else db._migrate)
        except BaseException as exc:
            await db.close()
            if isinstance(exc, StoreError | asyncio.CancelledError):
                raise
            if isinstance(exc, Exception):
                raise translate(exc) from exc
            raise
        return db

    def _worker(self) -> tuple[asyncio.AbstractEventLoop, asyncpg.Connection]:
        """This thread's loop and open connection (connecting again if it was lost)."""
        worker: _Worker | None = getattr(self._local, "worker", None)
        if worker is None:
            worker = self._local.worker = _Worker(asyncio.new_event_loop())
            with self._lock:
                self._all.append(worker)
        if worker.conn is None or worker.conn.is_closed():
            worker.conn = worker.loop.run_until_complete(self._connect())
        return worker.loop, worker.conn

    async def _connect(self) -> asyncpg.Connection:
        conn = await asyncpg.connect(self.url, server_settings=self._settings,
                                     timeout=self._connect_timeout)
        await _init_connection(conn)
        return conn

    def _migrate(self) -> int:
        loop, conn = self._worker()
        return loop.run_until_complete(migrate(conn, load_migrations("postgres")))

    def _check_version(self) -> int:
        loop, conn = self._worker()
        return check_version(loop.run_until_complete(_stored_version(conn)),
                             load_migrations("postgres"))

    def now(self) -> float:
        return float(self.clock())

    def traffic(self) -> Traffic:
        """The round trips and transactions so far (for a benchmark: read it before and
        after, and subtract)."""
        with self._lock:
            return self._traffic

    def server_pids(self) -> list[int]:
        """The process ids of the server's backends serving this process's connections
        (on the server's machine; a benchmark reads their CPU time)."""
        with self._lock:
            return [w.conn.get_server_pid() for w in self._all
                    if w.conn is not None and not w.conn.is_closed()]

    def _count(self, conn: PgConn | None, *, write: bool, outcome: str) -> None:
        """Add a transaction's round trips and its ``outcome`` ("committed", "retried",
        "failed"; "again": a read begun alone, run again in a snapshot) to
        :meth:`traffic` (once a transaction, under the lock)."""
        trips = 0 if conn is None else conn.round_trips
        committed = outcome == "committed"
        with self._lock:
            t = self._traffic
            self._traffic = Traffic(t.round_trips + trips,
                                    t.reads + (committed and not write),
                                    t.writes + (committed and write),
                                    t.retries + (outcome == "retried"),
                                    t.failed + (outcome == "failed"))

    async def read(self, fn: Callable[Concatenate[Conn, P], T],
                   *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(conn, ...)`` in one REPEATABLE READ snapshot."""
        return await self._call(False, fn, args, kwargs)

    async def write(self, fn: Callable[Concatenate[Conn, P], T],
                    *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(conn, ...)`` in a SERIALIZABLE transaction, all or nothing; run
        again (up to :data:`RETRIES` times) when it lost a race to another writer."""
        return await self._call(True, fn, args, kwargs)

    async def _call(self, write: bool, fn: Callable[..., T], args: tuple[Any, ...],
                    kwargs: dict[str, Any]) -> T:
        if self._closed:
            raise StoreUnavailable("the database is closed")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._workers, self._transaction, write, fn, args,
                                          kwargs)

    def _transaction(self, write: bool, fn: Callable[..., T], args: tuple[Any, ...],
                     kwargs: dict[str, Any]) -> T:
        """Run ``fn`` in a transaction on this thread's connection. A read whose
        function is not known to issue more than one statement runs without one first:
        its lone ``SELECT`` is a snapshot of its own (one round trip instead of three);
        should it issue another statement, it is run again in a REPEATABLE READ
        snapshot, as every read of that function is from then on (a transaction function
        may be run again: a write is, after a lost race)."""
        begin = ("BEGIN ISOLATION LEVEL SERIALIZABLE" if write
                 else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        code = getattr(fn, "__code__", None)
        alone = not write and code is not None and code not in self._multi_reads
        for attempt in range(RETRIES):
            try:
                loop, raw = self._worker()
                conn = PgConn(raw, loop, alone=alone)
            except Exception as exc:
                raise translate(exc) from exc
            try:
                if not alone:
                    conn.script(begin)
                    conn.in_transaction = True
                result = fn(conn, *args, **kwargs)
                if not alone:
                    conn.script("COMMIT")
                    conn.in_transaction = False
                self._count(conn, write=write, outcome="committed")
                return result
            except NeedsTransaction:
                self._multi_reads.add(code)
                alone = False
                self._count(conn, write=write, outcome="again")
            except _RETRY as exc:
                self._rollback(conn)
                last = attempt == RETRIES - 1
                self._count(conn, write=write, outcome="failed" if last else "retried")
                if last:
                    raise translate(exc) from exc
                time.sleep(0.001 * min(attempt + 1, 20))
            except BaseException as exc:
                self._rollback(conn)
                self._count(conn, write=write, outcome="failed")
                if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | OSError):
                    raise translate(exc) from exc
                raise
        raise AssertionError("not reached")

    @staticmethod
    def _rollback(conn: PgConn) -> None:
        if conn.in_transaction:
            conn.in_transaction = False
            with contextlib.suppress(Exception):
                conn.script("ROLLBACK")

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await asyncio.to_thread(self._shut)

    def _shut(self) -> None:
        """Stop the workers, then close each one's connection and loop (on a thread with
        no running loop; no transaction runs any more, so each loop is free)."""
        self._workers.shutdown(wait=True)
        with self._lock:
            workers, self._all = self._all, []
        for worker in workers:
            if worker.conn is not None:
                try:
                    worker.loop.run_until_complete(worker.conn.close(timeout=5))
                except Exception:
                    worker.conn.terminate()
            worker.loop.close()
