"""The connection: migrations, pragmas, transactions and error mapping."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.engine import TappError
from bot.store import (
    NotADatabase,
    SchemaTooNew,
    Store,
    StoreError,
    StoreFull,
    StoreUnavailable,
    exit_status,
)
from bot.store.db import DEFAULT_PATH, Migration, load_migrations, translate

from .helpers import FakeClock, new_game


def test_migrations_are_numbered_from_one() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "0001_initial.sql"


def test_statement_split_keeps_triggers_whole() -> None:
    sql = ("-- a comment; with a semicolon\nCREATE TABLE t (x);\n"
           "CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;\n"
           "INSERT INTO t VALUES (';');\n-- trailing comment\n")
    statements = Migration(1, "x.sql", sql).statements()
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


async def test_migrations_apply_on_a_fresh_database(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    conn = sqlite3.connect(db_path)
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert version == len(load_migrations()) == store.schema_version
    assert {"tables", "seats", "deals", "actions", "ledger", "standings", "declarer_records",
            "messages", "deadlines", "guild_settings", "table_settings"} <= names


async def test_reopening_keeps_data_and_applies_nothing_twice(db_path: Path,
                                                              clock: FakeClock) -> None:
    store = await Store.open(db_path, clock=clock)
    game = await new_game(store)
    await store.close()
    for _ in range(2):
        store = await Store.open(db_path, clock=clock)
        assert store.schema_version == len(load_migrations())
        assert (await store.tables.get(game.table.table_id)).table_id == game.table.table_id
        await store.close()


async def test_file_database_uses_wal_and_foreign_keys(file_store: Store) -> None:
    def pragmas(conn: sqlite3.Connection) -> tuple[str, int, int]:
        return (conn.execute("PRAGMA journal_mode").fetchone()[0],
                conn.execute("PRAGMA foreign_keys").fetchone()[0],
                conn.execute("PRAGMA synchronous").fetchone()[0])

    assert await file_store.db.read(pragmas) == ("wal", 1, 1)  # 1 = NORMAL


async def test_default_path_creates_the_data_folder(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    store = await Store.open()
    await store.close()
    assert (tmp_path / DEFAULT_PATH).is_file()
    assert Path("data/tapp.sqlite3") == DEFAULT_PATH


async def test_a_newer_schema_is_refused(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    with pytest.raises(SchemaTooNew):
        await Store.open(db_path)


@pytest.mark.parametrize("kind", ["folder", "file on the way", "not sqlite", "cannot open"])
def test_a_path_that_is_no_database_is_told_and_leaves_no_thread_behind(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """NotADatabase (exit status 2: starting again would not mend it), and no worker
    thread that answers after the loop closed ("Event loop is closed" tracebacks, one
    run in three when aiosqlite made the connection), so each open gets a loop of its
    own here, closed at once."""
    failed: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", failed.append)
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("a file")
    (tmp_path / "text.sqlite3").write_text("not an SQLite file, but long enough " * 40)
    path = {"folder": tmp_path / "folder", "file on the way": tmp_path / "file" / "t.db",
            "not sqlite": tmp_path / "text.sqlite3",
            "cannot open": Path("/proc/tapp.sqlite3")}[kind]
    for _ in range(5):
        with pytest.raises(NotADatabase) as refused:
            asyncio.run(Store.open(path))
        assert exit_status(refused.value) == 2
    for thread in threading.enumerate():  # aiosqlite's, if any, end after their answer
        if "connection_worker" in thread.name:
            thread.join(5)
    assert [str(f.exc_value) for f in failed] == []


async def test_a_locked_database_raises_store_unavailable(db_path: Path) -> None:
    store = await Store.open(db_path, busy_timeout=0.05)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        with pytest.raises(StoreUnavailable) as info:
            await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger")
        assert isinstance(info.value, TappError)  # shown to the user as is
        assert "try again" in str(info.value)
        assert await store.tables.find_open(guild_id=1) == []  # reads still work in WAL
    finally:
        other.execute("ROLLBACK")
        other.close()
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger")
    assert table.table_id == 1
    await store.close()


async def test_a_failing_transaction_writes_nothing(store: Store) -> None:
    def half_then_fail(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO guild_settings VALUES (1, 'stake', '5', 0, NULL)")
        conn.execute("INSERT INTO no_such_table VALUES (1)")

    with pytest.raises(StoreError):
        await store.db.write(half_then_fail)
    assert await store.settings.guild_overrides(1) == {}


async def test_a_closed_store_is_unavailable(clock: FakeClock) -> None:
    store = await Store.open(":memory:", clock=clock)
    await store.close()
    await store.close()  # closing twice is harmless
    with pytest.raises(StoreUnavailable):
        await store.tables.find_open(guild_id=1)


def test_a_full_disk_is_told_apart_from_a_lock() -> None:
    full = sqlite3.OperationalError("database or disk is full")
    locked = sqlite3.OperationalError("database is locked")
    assert isinstance(translate(full), StoreFull)
    assert isinstance(translate(locked), StoreUnavailable)
    assert not isinstance(translate(locked), StoreFull)
    assert type(translate(sqlite3.OperationalError("no such table: x"))) is StoreError
