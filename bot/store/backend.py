"""One store interface, two backends: SQLite (the default, one file) and PostgreSQL.

``TAPP_DATABASE`` (and every ``--db``) takes a path or a ``postgresql://`` URL;
:func:`open_database` picks the backend from it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from .db import Clock, SqliteDatabase
from .pg import PgDatabase, is_postgres_url, redacted
from .sql import Conn, Dialect

T = TypeVar("T")
P = ParamSpec("P")


class Database(Protocol):
    """A connection (or pool) and the store's clock: what every part of the store uses."""

    dialect: Dialect
    path: str  # the file, or the URL without its password
    clock: Clock
    schema_version: int

    def now(self) -> float: ...

    async def read(self, fn: Callable[Concatenate[Conn, P], T],
                   *args: P.args, **kwargs: P.kwargs) -> T: ...

    async def write(self, fn: Callable[Concatenate[Conn, P], T],
                    *args: P.args, **kwargs: P.kwargs) -> T: ...

    async def close(self) -> None: ...


async def open_database(location: str | Path, *, clock: Clock = time.time,
                        busy_timeout: float = 5.0, read_only: bool = False) -> Database:
    """A ``postgresql://`` URL opens PostgreSQL; anything else is an SQLite file (or
    ``":memory:"``). ``read_only``: an existing database at the latest schema, for
    reading only (nothing migrated, every write refused)."""
    if is_postgres_url(location):
        return await PgDatabase.open(str(location), clock=clock, busy_timeout=busy_timeout,
                                     read_only=read_only)
    return await SqliteDatabase.open(location, clock=clock, busy_timeout=busy_timeout,
                                     read_only=read_only)


def shown_location(location: str | Path) -> str:
    """The database as it may be shown: a file's path, a URL without its password."""
    return redacted(str(location)) if is_postgres_url(location) else str(location)
