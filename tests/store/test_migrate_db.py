"""``python -m bot migrate-db``: SQLite to PostgreSQL and back, row for row, proven by
reading both again and by check-ledger; a non-empty target is refused; a failed copy
leaves the target empty."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import Store, StoreFull
from bot.store.copy import CopyRefused, compare, copy_database, row_counts
from bot.store.migrate_db import main
from tests.faults import simulate_full_disk
from tests.postgres import PgServer

from .helpers import FakeClock
from .test_check_ledger import fill


async def filled(path: Path) -> None:
    async with await Store.open(path, clock=FakeClock(1.7e9)) as store:
        await fill(store)
        await store.settings.set_guild(1, {"stake": 3}, updated_by=10)
        await store.meta.set_command_hash(5, "global", "abc")
        await store.messages.record(1, "table", 1234, 99)


async def test_every_table_of_the_schema_is_copied(store: Store) -> None:
    counts = await store.db.read(row_counts)  # refuses a table it does not know
    assert set(counts) >= {"tables", "ledger", "standings", "daily_steps", "member_times"}


def test_a_round_trip_through_postgresql(tmp_path: Path, pg_server: PgServer,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    first, back = tmp_path / "first.sqlite3", tmp_path / "back.sqlite3"
    asyncio.run(filled(first))

    async def run() -> None:
        async with pg_server.database(empty=True) as url:
            there = await asyncio.to_thread(main, ["--from", str(first), "--to", url])
            again = await asyncio.to_thread(main, ["--from", str(first), "--to", url])
            home = await asyncio.to_thread(main, ["--from", url, "--to", str(back)])
            assert (there, again, home) == (0, 2, 0)
        async with await Store.open(first) as a, await Store.open(back) as b:
            assert await compare(a, b) == []
            assert await b.ledger.for_deal(1) == await a.ledger.for_deal(1)

    asyncio.run(run())
    out, err = capsys.readouterr()
    assert out.count("the same rows in every table") == 2
    assert out.count("check-ledger: checked 8 settled deals: OK on both") == 2
    assert out.count(": proven") == 2 and "NOT" not in out
    assert "refused: the target is not empty" in err
    assert ", ledger " in out and ", standings " in out  # the summaries are copied too


async def test_the_proof_finds_a_difference(tmp_path: Path, pg_server: PgServer) -> None:
    await filled(tmp_path / "a.sqlite3")
    async with pg_server.database() as url, \
            await Store.open(tmp_path / "a.sqlite3") as a, await Store.open(url) as b:
        await copy_database(a, b)
        assert await compare(a, b) == []
        await b.settings.set_guild(2, {"stake": 4}, updated_by=10)
        assert await compare(a, b) == ["guild_settings: rows 1-5000 differ"]


async def test_a_failed_copy_leaves_the_target_empty(tmp_path: Path,
                                                     pg_server: PgServer) -> None:
    await filled(tmp_path / "a.sqlite3")
    async with pg_server.database() as url, \
            await Store.open(tmp_path / "a.sqlite3") as a, await Store.open(url) as b:
        simulate_full_disk(b.db, 1)
        with pytest.raises(StoreFull):
            await copy_database(a, b)
        assert not any((await b.db.read(row_counts)).values())
        await copy_database(a, b)  # and it can be copied again
        with pytest.raises(CopyRefused):
            await copy_database(a, b)
