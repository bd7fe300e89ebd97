"""What a transaction function sees of its connection, whichever the backend.

Every transaction of the store is a plain function ``fn(conn, *args)``. On SQLite
``conn`` is the ``sqlite3.Connection`` itself; on PostgreSQL it is
:class:`bot.store.pg_conn.PgConn`, which takes the same SQL (``?`` and ``:name``
parameters) and answers with the same cursor surface. The SQL the store writes is
portable; the few statements that are not name their dialect (``dialect(conn)``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any, Literal, Protocol

import asyncpg

Dialect = Literal["sqlite", "postgres"]

#: what inserting a row that breaks a UNIQUE or CHECK constraint raises, on either backend
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (
    sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


class Row(Protocol):
    """A result row: by column name or by position."""

    def __getitem__(self, key: Any, /) -> Any: ...


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    @property
    def lastrowid(self) -> int | None: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Conn(Protocol):
    """The part of ``sqlite3.Connection`` the store uses."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Cursor: ...

    @property
    def in_transaction(self) -> bool: ...


def dialect(conn: Conn) -> Dialect:
    """Which SQL ``conn`` speaks."""
    return "sqlite" if isinstance(conn, sqlite3.Connection) else "postgres"


#: the generated key of each table that has one (``lastrowid`` of an INSERT into it)
GENERATED_KEYS = {
    "tables": "table_id", "deals": "deal_id", "ledger": "entry_id",
    "deadlines": "deadline_id", "claims": "claim_id", "daily_deals": "daily_id",
    "daily_runs": "run_id", "series": "series_id", "series_runs": "run_id",
    "leagues": "league_id",
}


def resync_keys(conn: Conn) -> None:
    """After rows were written with their keys given (a copy, a bulk load): the next
    generated key of each table follows its largest. SQLite needs nothing (its rowid is
    the largest plus one); PostgreSQL's sequences are set."""
    if dialect(conn) != "postgres":
        return
    for table, key in GENERATED_KEYS.items():
        conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{key}'),"
                     f" COALESCE((SELECT MAX({key}) FROM {table}), 0) + 1, false)")
