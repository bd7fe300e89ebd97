"""Message ids of a table's public messages."""

from __future__ import annotations

import pytest

from bot.store import MessageRef, Store, StoreError

from .helpers import FakeClock


async def test_a_new_message_of_a_kind_retires_the_old(store: Store, clock: FakeClock) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger")
    t0 = clock()
    first = await store.messages.record(table.table_id, "turn_ping", 2, 1001)
    assert first.message == MessageRef(1001, table.table_id, "turn_ping", 2, t0, None)
    assert first.retired == ()
    await store.messages.record(table.table_id, "table", 2, 1000)
    clock.advance(5)
    second = await store.messages.record(table.table_id, "turn_ping", 2, 1002)
    assert second.retired == (MessageRef(1001, table.table_id, "turn_ping", 2, t0, clock()),)
    assert [m.message_id for m in await store.messages.current(table.table_id)] == [1000, 1002]
    assert [m.message_id for m in await store.messages.current(table.table_id, "table")] == [
        1000]
    old = await store.messages.get(1001)
    assert old is not None and old.retired_at == clock()


async def test_created_at_tells_when_to_repost(store: Store, clock: FakeClock) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger")
    await store.messages.record(table.table_id, "table", 2, 1000)
    clock.advance(3700)
    (current,) = await store.messages.current(table.table_id, "table")
    assert clock() - current.created_at > 3600  # older than an hour: re-post
    posted = await store.messages.record(table.table_id, "table", 2, 1010)
    assert [m.message_id for m in posted.retired] == [1000]


async def test_keeping_several_and_retiring(store: Store) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger")
    for i in range(3):
        await store.messages.record(table.table_id, "result", 2, 2000 + i, replace=False)
    assert len(await store.messages.current(table.table_id, "result")) == 3
    assert await store.messages.retire(2000) is True
    assert await store.messages.retire(2000) is False
    assert [m.message_id for m in await store.messages.current(table.table_id)] == [2001, 2002]
    for message_id in (2001, 2002):
        assert await store.messages.retire(message_id) is True
    assert await store.messages.current(table.table_id) == []


async def test_recording_the_same_message_twice_is_harmless(store: Store) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, host_id=3, variant="zuger")
    other = await store.tables.create(guild_id=1, channel_id=4, host_id=3, variant="zuger")
    first = await store.messages.record(table.table_id, "table", 2, 1000)
    again = await store.messages.record(table.table_id, "table", 2, 1000)
    assert again.message == first.message and again.retired == ()
    with pytest.raises(StoreError):
        await store.messages.record(other.table_id, "table", 4, 1000)
