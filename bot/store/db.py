"""The connection: pragmas, migrations and transactions.

Every transaction is one plain function ``fn(conn, *args)`` run on aiosqlite's worker
thread in a single hop, between ``BEGIN`` (``BEGIN IMMEDIATE`` for writes, so a writer
waits for the lock up front instead of failing on upgrade) and ``COMMIT``, or
``ROLLBACK`` if it raises. Calls queue on that one thread, so two transactions never
interleave and a coroutine never holds the database across an ``await``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

import aiosqlite

from bot.config import ConfigError, database_location

from .checkpoints import SAFETY_PAGES, Checkpointer
from .errors import (
    NotADatabase,
    SchemaNotYet,
    SchemaTooNew,
    StoreError,
    StoreFull,
    StoreUnavailable,
)
from .pg_schema import postgres_script
from .sql import Conn, Dialect

T = TypeVar("T")
P = ParamSpec("P")
Clock = Callable[[], float]

DEFAULT_PATH = Path("data") / "tapp.sqlite3"
DATABASE_VAR = "TAPP_DATABASE"
MEMORY = ":memory:"

# error codes that mean "try again later" rather than "this is a bug"
_UNAVAILABLE = ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_FULL", "SQLITE_IOERR",
                "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PROTOCOL")


def translate(exc: sqlite3.Error) -> StoreError:
    """A store error for an sqlite3 error: :class:`StoreUnavailable` for lock, disk and
    I/O trouble, a plain :class:`StoreError` otherwise."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith("SQLITE_NOTADB"):
        return NotADatabase(text)
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return StoreFull(text)
    if name.startswith(_UNAVAILABLE) or "locked" in text or "disk" in text:
        return StoreUnavailable(text)
    return StoreError(text)


def default_database() -> Path | str:
    """The bot's database: ``$TAPP_DATABASE`` (a file or a ``postgresql://`` URL), else
    :data:`DEFAULT_PATH` (for the commands that open it beside the bot: ``backup``,
    ``check-ledger``, ``migrate-db``...); a :class:`ConfigError` for a URL of another
    kind."""
    try:
        return database_location(os.environ.get(DATABASE_VAR, ""))
    except ConfigError as error:
        raise ConfigError(f"{DATABASE_VAR}: {error}") from None


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The script split into complete statements (triggers stay whole)."""
        out, buf = [], ""
        for part in self.sql.split(";"):
            buf += part + ";"
            if sqlite3.complete_statement(buf):
                if _strip_comments(buf).strip(" \n\t;"):
                    out.append(buf.strip())
                buf = ""
        if _strip_comments(buf).strip(" \n\t;"):
            raise StoreError(f"migration {self.name}: incomplete statement at the end")
        return out


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines())


def load_migrations(dialect: Dialect = "sqlite") -> list[Migration]:
    """The packaged migrations of a backend in order; versions must run 1, 2, 3, ...

    ``NNNN_name.sql`` serves both backends (PostgreSQL runs it translated by
    :func:`~bot.store.pg_schema.postgres_script`) unless ``NNNN_name.postgres.sql``
    exists, which PostgreSQL runs instead (the schema the same, in its dialect)."""
    folder = resources.files("bot.store") / "migrations"
    by_version: dict[int, Migration] = {}
    for item in sorted(folder.iterdir(), key=lambda i: i.name):
        if not item.name.endswith(".sql"):
            continue
        own = item.name.endswith(".postgres.sql")
        if own and dialect != "postgres":
            continue
        version = int(item.name.split("_", 1)[0])
        if version in by_version and not own:
            continue
        sql = item.read_text(encoding="utf-8")
        if dialect == "postgres" and not own:
            sql = postgres_script(sql)
        by_version[version] = Migration(version, item.name, sql)
    found = sorted(by_version.values(), key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations must be numbered 1..n: {[m.name for m in found]}")
    return found


def migrate(conn: sqlite3.Connection, migrations: list[Migration]) -> int:
    """Apply the migrations newer than ``PRAGMA user_version``, all in one transaction."""
    latest = migrations[-1].version if migrations else 0
    conn.execute("BEGIN IMMEDIATE")
    try:
        current = conn.execute("PRAGMA user_version").fetchone()[0]
        if current > latest:
            raise SchemaTooNew(
                f"the database has schema version {current}; this bot knows up to {latest}")
        for m in migrations:
            if m.version > current:
                for statement in m.statements():
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {m.version:d}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return max(current, latest)


def check_version(current: int, migrations: list[Migration]) -> int:
    """``current``, a database's schema version as a reader that does not migrate finds
    it: it must be the latest one of ``migrations`` (else :class:`SchemaTooNew` or
    :class:`SchemaNotYet`)."""
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise SchemaTooNew(
            f"the database has schema version {current}; this version knows up to {latest}")
    if current < latest:
        raise SchemaNotYet(f"the database has schema version {current}, this version reads"
                           f" {latest}: start the bot of this version first (it upgrades "
                           "the database), then this again")
    return current


def read_only_uri(location: str) -> str:
    """An SQLite URI opening ``location`` (a path or a ``file:`` URI) for reading and
    writing but never creating it: a missing file is an error, not a new database."""
    if location.startswith("file:"):
        return location
    return "file:" + urllib.parse.quote(os.path.abspath(location)) + "?mode=rw"


class SqliteDatabase:
    """One SQLite connection on aiosqlite's worker thread, with the store's clock."""

    dialect: Dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, raw: sqlite3.Connection, path: str,
                 clock: Clock) -> None:
        self._conn = conn
        self._raw = raw
        self.path = path
        self.clock = clock
        self.schema_version = 0
        self._closed = False
        self._checkpoints: Checkpointer | None = None

    @classmethod
    async def open(cls, path: str | Path = DEFAULT_PATH, *, clock: Clock = time.time,
                   busy_timeout: float = 5.0, read_only: bool = False) -> SqliteDatabase:
        """Open (creating parent folders), set the pragmas and apply pending migrations.

        ``read_only``: open an existing database at the latest schema without changing
        anything (no migration, no journal mode, every statement refused but reads:
        ``PRAGMA query_only``), as the web process reads the bot's."""
        location = str(path)
        uri = location.startswith("file:")
        if read_only and location != MEMORY:
            if not uri and not Path(location).is_file():
                raise NotADatabase("there is no database file there (start the bot first: "
                                   "it makes one)")
            location, uri = read_only_uri(location), True
        elif location != MEMORY and not uri:
            _make_room(Path(location))
        raw: list[sqlite3.Connection] = []

        def connect() -> sqlite3.Connection:
            # made here, on a thread of the loop's: a file that cannot be opened fails
            # before aiosqlite starts its thread (whose answer to a failed connect could
            # reach the loop after it closed: "Event loop is closed")
            conn = sqlite3.connect(location, timeout=busy_timeout, isolation_level=None,
                                   uri=uri, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            raw.append(conn)
            return conn

        try:
            await asyncio.to_thread(connect)
        except sqlite3.Error as exc:
            cause = translate(exc)
            raise (NotADatabase(f"cannot open it: {exc}")
                   if type(cause) is StoreUnavailable else cause) from exc
        aconn = await aiosqlite.Connection(lambda: raw[0], 64)
        db = cls(aconn, raw[0], str(path), clock)
        try:
            if read_only:
                db.schema_version = await db._call(_setup_read_only, load_migrations())
                return db
            db.schema_version = await db._call(_setup, load_migrations())
            if await db._call(_backstop_checkpoints):  # a file (in memory: no WAL)
                db._checkpoints = Checkpointer(location, uri=uri)
                db._checkpoints.start()
        except BaseException:
            await aconn.close()
            raise
        return db

    def now(self) -> float:
        return float(self.clock())

    async def read(self, fn: Callable[Concatenate[Conn, P], T],
                   *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(conn, ...)`` in a read transaction (one consistent snapshot)."""
        return await self._call(_transaction, "DEFERRED", fn, args, kwargs)

    async def write(self, fn: Callable[Concatenate[Conn, P], T],
                    *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(conn, ...)`` in a ``BEGIN IMMEDIATE`` transaction; all or nothing."""
        return await self._call(_transaction, "IMMEDIATE", fn, args, kwargs)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        # aiosqlite has no public "run this function on the connection's thread";
        # _execute is what all its public methods use (stable since 0.11).
        if self._closed:
            raise StoreUnavailable("the database is closed")
        return await self._conn._execute(fn, self._raw, *args)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._checkpoints is not None:
            await asyncio.to_thread(self._checkpoints.stop)
        with contextlib.suppress(sqlite3.Error, ValueError):
            await self._conn.execute("PRAGMA optimize")
        await self._conn.close()  # the last connection: SQLite checkpoints the rest


def _make_room(path: Path) -> None:
    """Make the database file's folder; a :class:`NotADatabase` for a path that cannot
    be a database file (a folder, a file on the way)."""
    if path.is_dir():
        raise NotADatabase("it is a folder, not a database file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
        raise NotADatabase(f"cannot make its folder: {reason}") from None


def _backstop_checkpoints(conn: sqlite3.Connection) -> bool:
    """In WAL mode, move the writer's automatic checkpoint up to the backstop (the
    :class:`Checkpointer` thread runs them) and answer True; False without a WAL."""
    wal = str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
    if wal:
        conn.execute(f"PRAGMA wal_autocheckpoint = {SAFETY_PAGES:d}")
    return wal


def _setup(conn: sqlite3.Connection, migrations: list[Migration]) -> int:
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA cache_size = -32768")  # 32 MiB: standings upserts stay in memory
        return migrate(conn, migrations)
    except sqlite3.Error as exc:
        raise translate(exc) from exc


def _setup_read_only(conn: sqlite3.Connection, migrations: list[Migration]) -> int:
    try:
        conn.execute("PRAGMA query_only = ON")
        return check_version(conn.execute("PRAGMA user_version").fetchone()[0], migrations)
    except sqlite3.Error as exc:
        raise translate(exc) from exc


def _transaction(conn: sqlite3.Connection, mode: str, fn: Callable[..., T],
                 args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
    try:
        conn.execute(f"BEGIN {mode}")
    except sqlite3.Error as exc:
        raise translate(exc) from exc
    try:
        result = fn(conn, *args, **kwargs)
        conn.execute("COMMIT")
        return result
    except BaseException as exc:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise translate(exc) from exc
        raise
