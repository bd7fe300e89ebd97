"""The PostgreSQL backend: the same transactions as on SQLite, through asyncpg.

An asyncpg pool lives on an event loop of the store's own (one thread); each
transaction runs its function on a worker thread, as on SQLite, and every statement
hops to that loop (see :mod:`bot.store.pg_conn`). Writes run ``SERIALIZABLE``: two
processes that both act on a table cannot both commit against the state they read;
the loser is run again on the state the winner left, where the store's checks (the
deal's ply, its status) refuse it as they refuse a stale click. Reads run in one
``REPEATABLE READ`` snapshot. Commits are durable: ``synchronous_commit = on``.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any, Concatenate, ParamSpec, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .db import Clock, Migration, load_migrations
from .errors import SchemaTooNew, StoreError, StoreFull, StoreUnavailable
from .pg_conn import PgConn
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
    timeout trouble, a plain StoreError otherwise."""
    text = str(exc) or type(exc).__name__
    if isinstance(exc, asyncpg.DiskFullError):
        return StoreFull(text)
    if isinstance(exc, _UNAVAILABLE + _RETRY):
        return StoreUnavailable(text)
    return StoreError(text)


def _numeric(text: str) -> int | Decimal:
    """``SUM`` of BIGINT is NUMERIC in PostgreSQL: whole numbers come back as int."""
    return int(text) if text.lstrip("-").isdigit() else Decimal(text)


async def _init_connection(conn: asyncpg.Connection) -> None:
    await conn.set_type_codec("numeric", encoder=str, decoder=_numeric,
                              schema="pg_catalog", format="text")


async def _create_pool(url: str, **kwargs: Any) -> asyncpg.Pool:
    return await asyncpg.create_pool(url, **kwargs)


async def _acquire(pool: asyncpg.Pool) -> asyncpg.Connection:
    return await pool.acquire()


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


class PgDatabase:
    """A pool of PostgreSQL connections with the store's clock."""

    dialect: Dialect = "postgres"

    def __init__(self, url: str, clock: Clock, loop: asyncio.AbstractEventLoop,
                 thread: threading.Thread, workers: int) -> None:
        self.url = url
        self.path = redacted(url)
        self.clock = clock
        self.schema_version = 0
        self._loop = loop
        self._thread = thread
        self._pool: asyncpg.Pool | None = None
        self._workers = ThreadPoolExecutor(workers, thread_name_prefix="tapp-pg")
        self._closed = False
        self._failing_writes: list[BaseException | None] = []

    @classmethod
    async def open(cls, url: str, *, clock: Clock = time.time, busy_timeout: float = 5.0,
                   pool_size: int = 4) -> PgDatabase:
        """Connect (a pool of ``pool_size``) and apply pending migrations; a lock held
        longer than ``busy_timeout`` seconds makes a transaction unavailable."""
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="tapp-pg-loop", daemon=True)
        thread.start()
        db = cls(url, clock, loop, thread, pool_size)
        settings = {"synchronous_commit": "on", "application_name": "tapp-bot",
                    "lock_timeout": f"{max(1, int(busy_timeout * 1000))}ms"}
        try:
            db._pool = await db._on_loop(_create_pool(
                url, min_size=1, max_size=pool_size, init=_init_connection,
                server_settings=settings, timeout=max(busy_timeout, 10.0)))
            db.schema_version = await db._on_loop(db._migrate())
        except BaseException as exc:
            await db.close()
            if isinstance(exc, StoreError | asyncio.CancelledError):
                raise
            if isinstance(exc, Exception):
                raise translate(exc) from exc
            raise
        return db

    async def _migrate(self) -> int:
        assert self._pool is not None
        async with self._pool.acquire() as conn:
            return await migrate(conn, load_migrations("postgres"))

    async def _on_loop(self, coro: Any) -> Any:
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self._loop))

    def now(self) -> float:
        return float(self.clock())

    async def read(self, fn: Callable[Concatenate[Conn, P], T],
                   *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(conn, ...)`` in one REPEATABLE READ snapshot."""
        return await self._call(False, fn, args, kwargs, None)

    async def write(self, fn: Callable[Concatenate[Conn, P], T],
                    *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(conn, ...)`` in a SERIALIZABLE transaction, all or nothing; run
        again (up to :data:`RETRIES` times) when it lost a race to another writer."""
        fail = self._failing_writes.pop(0) if self._failing_writes else None
        return await self._call(True, fn, args, kwargs, fail)

    def simulate_full_disk(self, writes: int = 1, *, after: int = 0) -> None:
        """Fault injection: after ``after`` more writes, the next ``writes`` run their
        statements, then fail to commit with PostgreSQL's disk-full error."""
        self._failing_writes += [None] * after + [
            asyncpg.DiskFullError("could not extend file: No space left on device")
            for _ in range(writes)]

    async def _call(self, write: bool, fn: Callable[..., T], args: tuple[Any, ...],
                    kwargs: dict[str, Any], fail: BaseException | None) -> T:
        if self._closed or self._pool is None:
            raise StoreUnavailable("the database is closed")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._workers, self._transaction, write, fn, args,
                                          kwargs, fail)

    def _transaction(self, write: bool, fn: Callable[..., T], args: tuple[Any, ...],
                     kwargs: dict[str, Any], fail: BaseException | None) -> T:
        assert self._pool is not None
        begin = ("BEGIN ISOLATION LEVEL SERIALIZABLE" if write
                 else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        for attempt in range(RETRIES):
            try:
                raw = asyncio.run_coroutine_threadsafe(_acquire(self._pool),
                                                       self._loop).result()
            except Exception as exc:
                raise translate(exc) from exc
            conn = PgConn(raw, self._loop)
            try:
                conn.script(begin)
                conn.in_transaction = True
                result = fn(conn, *args, **kwargs)
                if fail is not None:
                    raise fail
                conn.script("COMMIT")
                conn.in_transaction = False
                return result
            except _RETRY as exc:
                self._rollback(conn)
                if attempt == RETRIES - 1:
                    raise translate(exc) from exc
                time.sleep(0.001 * min(attempt + 1, 20))
            except BaseException as exc:
                self._rollback(conn)
                if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | OSError):
                    raise translate(exc) from exc
                raise
            finally:
                asyncio.run_coroutine_threadsafe(self._pool.release(raw), self._loop).result()
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
        if self._pool is not None:
            with contextlib.suppress(Exception):
                await self._on_loop(self._pool.close())
        self._workers.shutdown(wait=False)
        self._loop.call_soon_threadsafe(self._loop.stop)
        await asyncio.to_thread(self._thread.join)
        self._loop.close()
