"""Each server's name as the bot last saw it, on both backends: kept, renamed, an
unchanged name writes nothing, and a forged id is no server."""

from __future__ import annotations

from bot.store import Store
from bot.store.sql import Conn
from tests.store.helpers import FakeClock


async def test_a_servers_name_is_kept_and_renamed(store: Store) -> None:
    assert await store.servers.name(1) is None
    assert await store.servers.record_name(1, "Tapp Club")
    assert not await store.servers.record_name(1, "Tapp Club")  # unchanged: nothing written
    assert await store.servers.record_name(1, "Tapp <Club> 2")
    assert await store.servers.name(1) == "Tapp <Club> 2"
    assert await store.servers.name(2) is None  # another server: never named


async def test_an_unchanged_name_is_not_written_again(store: Store,
                                                     clock: FakeClock) -> None:
    def seen(conn: Conn) -> float:
        return float(conn.execute("SELECT seen_at FROM server_names WHERE guild_id = 1"
                                  ).fetchone()[0])

    await store.servers.record_name(1, "Tapp Club")
    before = await store.db.read(seen)
    clock.advance(60)
    await store.servers.record_name(1, "Tapp Club")
    assert await store.db.read(seen) == before
    await store.servers.record_name(1, "Tapp Club 2")
    assert await store.db.read(seen) == before + 60


async def test_no_name_for_a_forged_id_or_an_empty_name(store: Store) -> None:
    for guild in (0, -1, 2**63):
        assert not await store.servers.record_name(guild, "x")
        assert await store.servers.name(guild) is None
    assert not await store.servers.record_name(1, "")
    assert await store.servers.name(1) is None
    long = "n" * 300
    assert await store.servers.record_name(1, long)
    assert await store.servers.name(1) == long[:100]
