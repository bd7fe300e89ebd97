"""WAL checkpoints run on their own thread, not in the writer's commits."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from bot.store import Store
from bot.store.checkpoints import SAFETY_PAGES, Checkpointer
from bot.store.db import SqliteDatabase


def _on_disk(path: Path) -> int:
    """Rows of ``t`` in the database file itself (``immutable``: the WAL is not read)."""
    conn = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        found = conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 't'").fetchone()
        return conn.execute("SELECT count(*) FROM t").fetchone()[0] if found[0] else 0
    finally:
        conn.close()


def _wait(predicate, seconds: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_committed_pages_reach_the_database_file_without_the_writer(tmp_path: Path) -> None:
    path = tmp_path / "wal.sqlite3"
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("PRAGMA wal_autocheckpoint = 0")  # the writer never checkpoints
    writer.execute("CREATE TABLE t (x)")
    writer.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(500)])
    assert _on_disk(path) == 0  # all of it still in the WAL
    checkpoints = Checkpointer(str(path), interval=0.01)
    checkpoints.start()
    try:
        _wait(lambda: checkpoints.done >= 1)
        assert _on_disk(path) == 500
        writer.execute("INSERT INTO t VALUES (500)")
        done = checkpoints.done
        _wait(lambda: checkpoints.done >= done + 2)
        assert _on_disk(path) == 501
    finally:
        checkpoints.stop()
        writer.close()
    assert not checkpoints._thread.is_alive()


async def test_the_store_on_a_file_checkpoints_on_its_own_thread(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "tapp.sqlite3")
    db = store.db
    assert isinstance(db, SqliteDatabase) and db._checkpoints is not None
    thread = db._checkpoints._thread
    assert thread.is_alive()
    assert await db.read(lambda c: c.execute("PRAGMA wal_autocheckpoint").fetchone()[0]) == (
        SAFETY_PAGES)
    await store.close()
    assert not thread.is_alive()


async def test_an_in_memory_store_has_no_checkpoints() -> None:
    store = await Store.open(":memory:")
    db = store.db
    assert isinstance(db, SqliteDatabase) and db._checkpoints is None
    await store.close()
