"""A store limited to some shards' servers lists only their work: the open tables to
resume, the deadlines to fire, the results and closings owed, the messages owed
deleting (on both backends: the condition is SQL)."""

from __future__ import annotations

from bot.connection.shards import ShardPlan
from bot.store import Store
from standin.shards import shard_of

from .helpers import FakeClock, new_game, play_deal, start_deal

EVEN, ODD = 4 << 22, (7 << 22) | 99  # servers of shards 0 and 1 (of 2)


async def test_a_limited_store_lists_only_its_servers_work(store: Store,
                                                           clock: FakeClock) -> None:
    even = await new_game(store, guild_id=EVEN, channel_id=1)
    odd = await new_game(store, guild_id=ODD, channel_id=2)
    ids = {EVEN: even.table.table_id, ODD: odd.table.table_id}
    for game in (even, odd):
        row, _ = await start_deal(store, game)
        await store.deadlines.schedule(game.table.table_id, "timeout", clock() + 60,
                                       deal_id=row.deal_id, ply=0, seat=0)
    scope = ShardPlan.parse("1", "2").scope
    assert scope is not None and (shard_of(EVEN, 2), shard_of(ODD, 2)) == (0, 1)

    store.limit_to(scope)
    assert [t.table.table_id for t in await store.tables.load_open()] == [ids[ODD]]
    assert [t.table.table_id for t in (await store.tables.load_open_safely())[0]] == [ids[ODD]]
    assert await store.deadlines.next_due() == clock() + 60
    clock.advance(61)
    assert [d.table_id for d in await store.deadlines.claim_due()] == [ids[ODD]]

    store.limit_to(None)  # every server again: the other one's deadline is still pending
    assert [d.table_id for d in await store.deadlines.claim_due()] == [ids[EVEN]]
    assert len(await store.tables.load_open()) == 2


async def test_owed_results_are_listed_for_their_servers_only(store: Store) -> None:
    even = await new_game(store, guild_id=EVEN, channel_id=1)
    odd = await new_game(store, guild_id=ODD, channel_id=2)
    for game in (even, odd):
        await play_deal(store, game)
    assert len(await store.deals.unshown()) == 2
    store.limit_to(ShardPlan.parse("0", "2").scope)
    assert [d.table_id for d in await store.deals.unshown()] == [even.table.table_id]
    assert await store.messages.unfinished_closings() == []
    assert await store.messages.owed() == []
