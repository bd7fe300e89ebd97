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


def test_the_source_defaults_to_tapp_database_as_every_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Without --from the bot's own database is copied: $TAPP_DATABASE (not the default
    file, which does not exist here)."""
    source, target = tmp_path / "elsewhere.sqlite3", tmp_path / "copy.sqlite3"
    asyncio.run(filled(source))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TAPP_DATABASE", str(source))
    assert main(["--to", str(target)]) == 0
    assert capsys.readouterr().out.endswith(f"{source} -> {target}: proven\n")


@pytest.mark.parametrize("option", ["--from", "--to"])
def test_a_url_of_another_kind_is_a_usage_error(
        option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = "--to" if option == "--from" else "--from"
    with pytest.raises(SystemExit) as stopped:
        main([option, "mysql://tapp:s3cret@y/z", other, str(tmp_path / "t.sqlite3")])
    assert stopped.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "mysql:// databases are not supported" in line and "s3cret" not in line


def test_a_tapp_database_of_another_kind_is_one_line_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TAPP_DATABASE", "mysql://x@y/z")
    assert main(["--to", str(tmp_path / "t.sqlite3")]) == 2
    assert capsys.readouterr().err == ("configuration error: TAPP_DATABASE: mysql:// "
                                       "databases are not supported: give an SQLite file's"
                                       " path or a postgresql:// URL\n")


def test_a_target_out_of_reach_is_exit_1_with_its_cause(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "a.sqlite3"
    asyncio.run(filled(source))
    url = "postgresql://tapp:s3cret@127.0.0.1:9/tapp"  # nothing listens there
    assert main(["--from", str(source), "--to", url]) == 1
    assert capsys.readouterr().err == (
        f"cannot copy {source} to postgresql://tapp:***@127.0.0.1:9/tapp: connection "
        "refused (no server listening at that address)\n")
