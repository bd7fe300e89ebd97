"""What the README's upgrade steps promise: migrations run when the bot opens its
database, all of them in one transaction; one that fails is rolled back (the database
is as it was) and the bot stops with one line; a database of a newer bot is refused."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.cli import run as runner
from bot.config import Settings
from bot.store import Store, StoreError


def schema(path: Path) -> tuple[int, list[str]]:
    with sqlite3.connect(path) as conn:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return version, tables


async def one_version_behind_with_a_clash(path: Path) -> int:
    """A database one migration behind, where that migration will fail: what it makes
    (a table, a column) is in the way, already there."""
    async with await Store.open(path) as store:
        latest = store.schema_version
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {latest - 1:d}")
    return latest


async def test_a_failed_migration_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "tapp.sqlite3"
    await one_version_behind_with_a_clash(path)
    before = schema(path)
    with pytest.raises(StoreError, match="already exists|duplicate column"):
        await Store.open(path)
    assert schema(path) == before


def run_with_store(path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """``python -m bot run`` up to where the bot opens its database (after logging in)."""
    async def serve(settings: Settings, **options: Any) -> None:
        async with await Store.open(settings.database_path):
            pass

    monkeypatch.setattr(runner, "serve", serve)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("TAPP_DATABASE", str(path))
    monkeypatch.chdir(path.parent)
    return runner.main([])


def test_the_bot_stops_with_one_line_when_a_migration_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tapp.sqlite3"
    asyncio.run(one_version_behind_with_a_clash(path))
    capsys.readouterr()
    assert run_with_store(path, monkeypatch) == 2  # the same again: a restart would not mend
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"cannot open or upgrade the database {path}: ")
    assert line.endswith("(an upgrade that fails is rolled back: the database is as it was)")


def test_a_newer_bots_database_is_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tapp.sqlite3"
    asyncio.run(one_version_behind_with_a_clash(path))
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    assert run_with_store(path, monkeypatch) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"cannot use the database {path}: the database has schema "
                           "version 999")
    assert line.endswith("run that newer version, or restore the backup taken before it")
    assert schema(path)[0] == 999
