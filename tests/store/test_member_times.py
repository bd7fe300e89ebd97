"""Members' own times: per member per server, merged field by field, kept across a
reopen, and refused by the schema where they could never be right."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import MemberTime, Store, StoreError, StoreUnavailable
from tests.faults import simulate_full_disk

from .helpers import START, FakeClock


async def test_a_member_with_nothing_set_has_no_times(store: Store) -> None:
    assert await store.members.get(1, 10) == MemberTime(1, 10)
    assert await store.members.of(1, [10, 11]) == {}
    assert await store.members.of(1, []) == {}


async def test_times_are_per_member_and_per_server(store: Store) -> None:
    quiet = await store.members.update(1, 10, zone="Europe/Zurich", quiet_from=1320,
                                       quiet_to=420)
    assert quiet == MemberTime(1, 10, "Europe/Zurich", 1320, 420)
    assert quiet.has_quiet_hours
    await store.members.update(2, 10, away_until=START + 86400)
    assert await store.members.get(1, 10) == quiet
    assert await store.members.get(2, 10) == MemberTime(2, 10, away_until=START + 86400)
    assert await store.members.get(1, 11) == MemberTime(1, 11)
    assert await store.members.of(1, [10, 11, 12]) == {10: quiet}


async def test_a_change_keeps_the_other_fields(store: Store) -> None:
    await store.members.update(1, 10, zone="Europe/Zurich", quiet_from=1320, quiet_to=420)
    away = await store.members.update(1, 10, away_until=START + 3600)
    assert away == MemberTime(1, 10, "Europe/Zurich", 1320, 420, START + 3600)
    off = await store.members.update(1, 10, quiet_from=None, quiet_to=None)
    assert off == MemberTime(1, 10, "Europe/Zurich", None, None, START + 3600)
    assert not off.has_quiet_hours
    back = await store.members.update(1, 10, away_until=None)
    assert await store.members.get(1, 10) == back == MemberTime(1, 10, "Europe/Zurich")


async def test_concurrent_changes_of_one_member_both_land(store: Store) -> None:
    await asyncio.gather(
        store.members.update(1, 10, zone="Asia/Tokyo", quiet_from=60, quiet_to=420),
        store.members.update(1, 10, away_until=START + 7200))
    assert await store.members.get(1, 10) == MemberTime(1, 10, "Asia/Tokyo", 60, 420,
                                                        START + 7200)


@pytest.mark.parametrize("changes", [
    {"quiet_from": 60, "quiet_to": 420},  # quiet hours need a zone
    {"zone": "UTC", "quiet_from": 60},  # from without to
    {"zone": "UTC", "quiet_from": 60, "quiet_to": 60},  # no length
    {"zone": "UTC", "quiet_from": 1440, "quiet_to": 60},  # past midnight
])
async def test_the_schema_refuses_quiet_hours_that_cannot_be(store: Store,
                                                            changes: dict[str, object]) -> None:
    await store.members.update(1, 10, away_until=START)
    with pytest.raises(StoreError):
        await store.members.update(1, 10, **changes)
    assert await store.members.get(1, 10) == MemberTime(1, 10, away_until=START)


async def test_unknown_fields_are_a_bug(store: Store) -> None:
    with pytest.raises(TypeError):
        await store.members.update(1, 10, colour="red")


async def test_a_failed_write_changes_nothing(store: Store) -> None:
    await store.members.update(1, 10, zone="UTC", quiet_from=0, quiet_to=360)
    simulate_full_disk(store.db, 1)
    with pytest.raises(StoreUnavailable):
        await store.members.update(1, 10, away_until=START + 60)
    assert await store.members.get(1, 10) == MemberTime(1, 10, "UTC", 0, 360)


async def test_times_survive_a_reopen(db_path: Path, clock: FakeClock) -> None:
    async with await Store.open(db_path, clock=clock) as store:
        await store.members.update(1, 10, zone="Europe/Zurich", quiet_from=1320,
                                   quiet_to=420, away_until=START + 86400)
    async with await Store.open(db_path, clock=clock) as store:
        assert await store.members.get(1, 10) == MemberTime(
            1, 10, "Europe/Zurich", 1320, 420, START + 86400)
    conn = sqlite3.connect(db_path)  # stamped with the store's clock
    assert conn.execute("SELECT updated_at FROM member_times").fetchall() == [(START,)]
    conn.close()
