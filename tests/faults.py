"""Fault injection for tests: a full disk under a real store, on either backend.

:func:`simulate_full_disk` wraps the write transactions of one open database (a
``store.db``): after ``after`` more writes, the next ``writes`` run their statements,
then fail inside their transaction, before its commit, with the backend's own
disk-full error, and are rolled back, as on a full disk. The store translates that
error as it would a real one; nothing in the product knows of the fault.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

from bot.store.backend import Database

Write = Callable[..., Awaitable[Any]]


def disk_full_error() -> sqlite3.Error:
    """The error SQLite raises when the database cannot grow (SQLITE_FULL), made by
    SQLite itself: a scratch database limited to the pages it has."""
    scratch = sqlite3.connect(":memory:")
    try:
        scratch.execute("CREATE TABLE t (x)")
        pages = scratch.execute("PRAGMA page_count").fetchone()[0]
        scratch.execute(f"PRAGMA max_page_count = {pages:d}")
        scratch.execute("INSERT INTO t VALUES (zeroblob(65536))")
    except sqlite3.Error as exc:
        return exc
    finally:
        scratch.close()
    raise AssertionError("SQLite did not refuse to grow past max_page_count")


def _error_of(db: Database) -> BaseException:
    if db.dialect == "postgres":
        return asyncpg.DiskFullError("could not extend file: No space left on device")
    return disk_full_error()


class _FullDisk:
    """The wrapper around one database's ``write``: its queue of faults (None: a write
    that commits)."""

    def __init__(self, write: Write) -> None:
        self.write = write
        self.queue: list[BaseException | None] = []

    async def __call__(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        fail = self.queue.pop(0) if self.queue else None
        if fail is None:
            return await self.write(fn, *args, **kwargs)

        def failing(conn: Any, *a: Any, **k: Any) -> Any:
            fn(conn, *a, **k)  # the statements run, in the transaction
            raise fail  # then the commit cannot be made

        return await self.write(failing, *args, **kwargs)


def simulate_full_disk(db: Database, writes: int = 1, *, after: int = 0) -> None:
    """After ``after`` more write transactions of ``db``, the next ``writes`` fail to
    commit with the backend's disk-full error (rolled back). Calls add up."""
    wrapper = db.__dict__.get("write")
    if not isinstance(wrapper, _FullDisk):
        wrapper = _FullDisk(db.write)
        db.write = wrapper  # type: ignore[method-assign]  # this instance only
    wrapper.queue += [None] * after + [_error_of(db) for _ in range(writes)]
