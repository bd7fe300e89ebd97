"""Two bot processes, each running one shard of two, on one PostgreSQL database against
the stand-in (two discord.py clients with their own connections and stores, as two
processes have): each plays the tables of its own servers only; one stops in the middle
of a deal and starts again, its table resumes where it stood, while the other carries
on; nothing is lost and nothing applied twice (every deal's record replays to its
ledger, and holds exactly the actions the members' clicks made)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.config import Settings
from bot.connection.sharded import ShardedTappBot
from bot.connection.shards import ShardPlan
from bot.store import Store
from bot.tables import TableConfig
from standin import Sandbox
from standin.harness import make_world, running

from .driver import Game, check_ledger_against_replay, open_table, quick_sleep

pytestmark = pytest.mark.parametrize("database", ["postgres"], indirect=True)



def config() -> TableConfig:
    return TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7),
                       ai_seed=7, sleep=quick_sleep)


def shard(settings: Settings, ids: str) -> Settings:
    """Its shard of two; each process paces itself to half of the global rate (two
    processes, no proxy), so that together they stay under Discord's global limit."""
    return dataclasses.replace(settings, shards=ShardPlan.parse(ids, 2), process_count=2)


def bot(settings: Settings, ids: str) -> ShardedTappBot:
    return ShardedTappBot(shard(settings, ids), guild_ready_timeout=0.05, tables=config())


async def actions_recorded(store: Store, table_id: int) -> int:
    total = 0
    for deal in await store.deals.for_table(table_id):
        total += len((await store.deals.record(deal.deal_id))["actions"])
    return total


async def test_two_processes_play_their_own_servers_and_one_restarts(
        sandbox: Sandbox, settings: Settings) -> None:
    even = make_world(sandbox, 4, guild_name="Even", shard=(0, 2))
    odd = make_world(sandbox, 4, guild_name="Odd", shard=(1, 2))
    bot_a, bot_b = bot(settings, "0"), bot(settings, "1")
    async with running(bot_a, sandbox), running(bot_b, sandbox):
        await sandbox.wait_until(lambda: len(sandbox.gateway.live_shards()) == 2)
        assert [g.id for g in bot_a.guilds] == [even.guild.id]
        assert [g.id for g in bot_b.guilds] == [odd.guild.id]
        games: list[Game] = []
        for world, owner in ((even, bot_a), (odd, bot_b)):
            host, *others = world.players
            game = await open_table(sandbox, owner, world.channel, host, "zuger",
                                    joiners=tuple(others))
            game.kontra_rate = 0.0
            games.append(game)
        game_a, game_b = games
        for _ in range(6):  # both tables play, each on its own process
            assert await game_a.step() and await game_b.step()
        assert bot_a.tables is not None and bot_b.tables is not None
        assert bot_a.tables.registry.peek(game_b.table_id) is None
        assert bot_b.tables.registry.peek(game_a.table_id) is None
        assert game_b.live is not None and game_b.live.deal is not None
        stopped_at = game_b.live.deal.ply
        await bot_b.close()  # process B stops in the middle of its deal

        # process A plays on alone; then B starts again on the same database
        for _ in range(4):
            assert await game_a.step()
        bot_b2 = bot(settings, "1")
        async with running(bot_b2, sandbox):
            game_b.bot = bot_b2
            await game_b.quiet()
            assert bot_b2.tables is not None and bot_b2.database is not None
            assert bot_b2.tables.registry.peek(game_a.table_id) is None  # not its server's
            live = game_b.live
            assert live is not None and live.deal is not None and live.deal.ply == stopped_at
            await game_b.play(until=lambda g: g.deals_settled() >= 1)
            await game_a.play(until=lambda g: g.deals_settled() >= 1)
            store = bot_b2.database
            # B's timers are its own tables' only: A's deadlines, due or not, stay for A
            theirs = await store.deadlines.pending(game_a.table_id)
            assert theirs and await store.deadlines.pending(game_b.table_id)
            late = max(d.due_at for d in theirs) + 1
            fired = await store.deadlines.claim_due(now=late)
            assert fired and {d.table_id for d in fired} == {game_b.table_id}
            assert await store.deadlines.pending(game_a.table_id) == theirs
            for game in games:
                assert await check_ledger_against_replay(store, game.table_id) >= 1
                assert await actions_recorded(store, game.table_id) == game.clicks
    # one process synced the commands (shard 0's); the shards took turns to identify
    assert sandbox.calls["PUT /applications/{application_id}/commands"] == 1
    assert sandbox.gateway.identify_limit.refused == 0
    assert sandbox.rate_limits.global_refused == 0  # and shared the global limit
