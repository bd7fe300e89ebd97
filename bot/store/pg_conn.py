"""The store's SQL on an asyncpg connection, from a worker thread.

A transaction function runs on a worker thread, as on SQLite; each statement it
executes runs to its end on that thread's own event loop, which owns the thread's
asyncpg connection. The SQL is the store's: ``?`` and ``:name`` parameters
become ``$n``; an ``INSERT`` into a table with a generated key returns that key as
``lastrowid``; ``rowcount`` is the count the server reports.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Coroutine, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, TypeVar

import asyncpg

from .sql import GENERATED_KEYS

T = TypeVar("T")

_TOKEN = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|::|\?|:[A-Za-z_]\w*")
_INSERT = re.compile(r"\s*INSERT\s+INTO\s+(\w+)\s", re.IGNORECASE)
_ROWS = re.compile(r"\s*(SELECT|WITH|VALUES|SHOW)\b|.*\bRETURNING\b", re.IGNORECASE | re.DOTALL)
_SELECT = re.compile(r"\s*SELECT\b", re.IGNORECASE)


class NeedsTransaction(BaseException):
    """A read run without a transaction (see :class:`PgConn`'s ``alone``) issued a
    statement other than its one ``SELECT``: run it again in one snapshot. A
    ``BaseException``, so that no ``except Exception`` of the function stops it."""


@lru_cache(maxsize=2048)
def translate_sql(sql: str) -> tuple[str, tuple[str, ...] | int]:
    """``(postgres_sql, names)``: ``?`` become ``$1..$n`` (``names`` is their count);
    ``:name`` become one ``$k`` per distinct name (``names`` lists them in order)."""
    names: list[str] = []
    count = 0

    def swap(m: re.Match[str]) -> str:
        nonlocal count
        token = m.group(0)
        if token == "?":
            count += 1
            return f"${count}"
        if token.startswith(":") and token != "::":
            name = token[1:]
            if name not in names:
                names.append(name)
            return f"${names.index(name) + 1}"
        return token

    out = _TOKEN.sub(swap, sql)
    if names and count:
        raise ValueError("a statement mixes ? and :name parameters")
    return out, (tuple(names) if names else count)


def bind(sql: str, parameters: Sequence[Any] | Mapping[str, Any]) -> tuple[str, list[Any]]:
    text, names = translate_sql(sql)
    if isinstance(names, tuple):
        if not isinstance(parameters, Mapping):
            raise TypeError("named parameters need a mapping")
        return text, [parameters[n] for n in names]
    values = list(parameters)
    if len(values) != names:
        raise ValueError(f"{names} parameters expected, {len(values)} given")
    return text, values


class PgCursor:
    """The rows of one statement, all fetched: what the store reads of a cursor."""

    def __init__(self, rows: list[asyncpg.Record], rowcount: int,
                 lastrowid: int | None = None) -> None:
        self._rows = rows
        self._next = 0
        self._rowcount = rowcount
        self._lastrowid = lastrowid

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._lastrowid

    def fetchone(self) -> asyncpg.Record | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[asyncpg.Record]:
        rest, self._next = self._rows[self._next:], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[asyncpg.Record]:
        return iter(self.fetchall())


def _status_count(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgConn:
    """One asyncpg connection, driven synchronously by the worker thread that owns it."""

    def __init__(self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop, *,
                 alone: bool = False) -> None:
        self._conn = conn
        self._loop = loop
        self.in_transaction = False
        #: round trips to the server so far: one a statement (a batch of
        #: :meth:`executemany` is one), ``BEGIN``, ``COMMIT`` and ``ROLLBACK`` included
        self.round_trips = 0
        #: a read run without a transaction: its first statement, a ``SELECT``, runs on
        #: its own (one statement sees one snapshot); any other statement raises
        #: :class:`NeedsTransaction` before it is sent
        self._alone = alone
        self._statements = 0

    def _check(self, text: str) -> None:
        self._statements += 1
        if self._alone and (self._statements > 1 or not _SELECT.match(text)):
            raise NeedsTransaction

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` (one round trip) on the connection's loop, in this thread (the
        worker's own loop, not running otherwise), and return its result."""
        self.round_trips += 1
        return self._loop.run_until_complete(coro)

    def execute(self, sql: str, parameters: Sequence[Any] | Mapping[str, Any] = (),
                /) -> PgCursor:
        text, values = bind(sql, parameters)
        self._check(text)
        insert = _INSERT.match(text)
        key = GENERATED_KEYS.get(insert.group(1)) if insert else None
        if key is not None and "RETURNING" not in text.upper():
            rows = self.run(self._conn.fetch(f"{text} RETURNING {key}", *values))
            return PgCursor([], len(rows), rows[0][0] if rows else None)
        if _ROWS.match(text):
            rows = self.run(self._conn.fetch(text, *values))
            return PgCursor(rows, len(rows))
        status = self.run(self._conn.execute(text, *values))
        return PgCursor([], _status_count(status))

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> PgCursor:
        batch = [bind(sql, p)[1] for p in parameters]
        self._check("")  # never alone: it may be several statements
        if batch:
            self.run(self._conn.executemany(translate_sql(sql)[0], batch))
        return PgCursor([], len(batch))

    def script(self, sql: str) -> None:
        """Run several statements without parameters (a migration, ``BEGIN``...)."""
        if self._alone:
            raise NeedsTransaction
        self.run(self._conn.execute(sql))
