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
