"""A store opened read only (the web process's): it reads the bot's database as it is,
migrates nothing, creates nothing, and every write is refused by the database itself."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import NotADatabase, SchemaNotYet, SchemaTooNew, Store, StoreError
from bot.store.db import load_migrations
from tests.postgres import PgServer
from tests.store.helpers import Seat, book, utc

LATEST = load_migrations()[-1].version


async def _read_and_refuse(location: str | Path) -> None:
    async with await Store.open(location, read_only=True) as web:
        assert web.schema_version == LATEST
        board = await web.standings.leaderboard(1)
        assert [s.user_id for s in board.rows] == [11, 13, 12]
        with pytest.raises(StoreError):
            await web.settings.set_guild(1, {"web": "public"})
        with pytest.raises(StoreError):
            await book(web, guild_id=1, variant="zuger", at=utc(2024, 5, 2),
                       seats=[Seat(11, 1), Seat(12, -1), Seat(13, 0), Seat(None, 0)])
        assert (await web.settings.for_guild(1)).web.value == "off"


async def _fill(store: Store) -> None:
    await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 1),
               seats=[Seat(11, 2), Seat(12, -1), Seat(13, 0), Seat(None, -1)])


async def test_sqlite_is_read_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "tapp.sqlite3"
    async with await Store.open(path) as bot:
        await _fill(bot)
        await _read_and_refuse(path)  # while the bot has it open
    await _read_and_refuse(path)


async def test_sqlite_a_missing_file_is_not_made(tmp_path: Path) -> None:
    path = tmp_path / "none" / "tapp.sqlite3"
    with pytest.raises(NotADatabase, match="start the bot first"):
        await Store.open(path, read_only=True)
    assert not path.parent.exists()


@pytest.mark.parametrize(("version", "error"), [(LATEST - 1, SchemaNotYet),
                                                (LATEST + 1, SchemaTooNew)])
async def test_sqlite_another_schema_is_refused_not_migrated(
        tmp_path: Path, version: int, error: type[StoreError]) -> None:
    path = tmp_path / "tapp.sqlite3"
    async with await Store.open(path):
        pass
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {version}")
    with pytest.raises(error):
        await Store.open(path, read_only=True)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version


async def test_postgres_is_read_as_it_is(pg_server: PgServer) -> None:
    async with pg_server.database() as url, await Store.open(url) as bot:
        await _fill(bot)
        await _read_and_refuse(url)


async def test_postgres_an_empty_database_is_left_empty(pg_server: PgServer) -> None:
    import asyncpg

    async with pg_server.database(empty=True) as url:
        with pytest.raises(SchemaNotYet):
            await Store.open(url, read_only=True)
        conn = await asyncpg.connect(url)
        try:
            assert await conn.fetchval("SELECT to_regclass('tapp_schema')") is None
        finally:
            await conn.close()
