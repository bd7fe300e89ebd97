"""Who the bot knows on a server: names as last played under, and membership."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.store import Store
from bot.store.people import _KNOWN, _NAMES
from tests.store.helpers import Seat, book, utc


async def test_the_name_a_member_last_played_under(store: Store) -> None:
    """(The helper seats each member as "S<seat>": a member's seat is their name.)"""
    await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 2),
               seats=[Seat(12, 1), Seat(11, -1), Seat(13, 0), Seat(None, 0)])
    await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 1),  # written later
               seats=[Seat(11, 1), Seat(12, -1), Seat(13, 0), Seat(None, 0)])
    await book(store, guild_id=2, variant="zuger", at=utc(2024, 5, 3),
               seats=[Seat(13, 1), Seat(12, -1), Seat(11, 0), Seat(None, 0)])
    names = await store.people.names(1, [11, 12, 13, 99, 0, -5, 2**64])
    assert names == {11: "S1", 12: "S0", 13: "S2"}
    assert await store.people.names(2, [11]) == {11: "S2"}  # each server its own
    assert await store.people.names(3, [11]) == {}
    assert await store.people.names(1, []) == {}


async def test_a_member_is_someone_who_played_there(store: Store) -> None:
    await book(store, guild_id=1, variant="zuger", at=utc(2024, 5, 1),
               seats=[Seat(11, 1), Seat(12, -1), Seat(13, 0), Seat(None, 0)])
    assert await store.people.knows(1, 11)
    assert not await store.people.knows(2, 11)
    assert not await store.people.knows(1, 99)
    assert not await store.people.knows(1, 2**64)
    daily = await store.daily.create_deal(2, "2024-05-01", variant="zuger", seat=0,
                                          level="normal", seed=bytes(32),
                                          header={"variant": "zuger"})
    run = await store.daily.start_run(daily.daily_id, 77)
    assert not await store.people.knows(2, 77)  # playing is not having played
    await store.daily.append_step(run.run_id, 0, {"seat": 0, "type": "play"},
                                  finish=(1, {}))
    assert await store.people.knows(2, 77)
    assert not await store.people.knows(1, 77)


async def test_a_finished_series_deal_makes_a_member_too(store: Store) -> None:
    series = await store.series.create(guild_id=3, channel_id=5, host_id=7, title="Cup",
                                       spec={}, seed=bytes(32), window=86_400)
    await store.series.join(series.series_id, 88)
    run = await store.series.start_run(series.series_id, 88, 1, 0)
    assert not await store.people.knows(3, 88)  # joined and playing: not played yet
    await store.series.append_step(run.run_id, 0, {"seat": 0, "type": "play"},
                                   finish=(2, {}))
    assert await store.people.knows(3, 88)
    assert not await store.people.knows(1, 88)  # another server's series


async def test_both_read_the_members_index_on_sqlite(tmp_path: Path) -> None:
    """ledger_member_recent is a partial index: a query without its conditions builds
    a temporary index of the whole server's rows at every call (72 ms a page at 20,000
    rows, issue 49's first measure); with them, a search of the index."""
    async with await Store.open(tmp_path / "t.sqlite3") as store:
        def plans(conn: Any) -> list[str]:
            names = _NAMES.format(ids="SELECT 11 AS user_id")
            found = []
            for sql, params in ((names, {"guild": 1}), (_KNOWN, {"guild": 1, "user": 11})):
                found += [str(r[3]) for r in conn.execute(f"EXPLAIN QUERY PLAN {sql}", params)]
            return found

        found = await store.db.read(plans)
    ledger = [line for line in found if " ledger" in line or " l " in line]
    assert ledger and all("USING INDEX ledger_member_recent" in line for line in ledger), found
    assert not any("AUTOMATIC" in line for line in found), found
    series = [line for line in found if line.startswith(("SEARCH s ", "SEARCH r USING INDEX "
                                                            "sqlite_autoindex_series"))]
    assert [line.split(" USING ")[1].split(" ")[0:2] for line in series] == [
        ["COVERING", "INDEX"], ["INDEX", "sqlite_autoindex_series_runs_1"]], found
    assert "series_guild" in series[0], found
