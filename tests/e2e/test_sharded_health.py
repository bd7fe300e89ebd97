"""The gateway part of the health of a sharded bot (discord.py's ``AutoShardedClient``,
as a process running several shards is): connected only while every shard is, and a
latency per shard."""

from __future__ import annotations

import discord

from bot.cli.health import is_connected
from bot.ops.metrics import shard_latencies
from standin import Sandbox
from standin.harness import World, running


async def test_a_sharded_bot_is_connected_while_every_shard_is(
        sandbox: Sandbox, world: World) -> None:
    client = discord.AutoShardedClient(intents=discord.Intents(guilds=True), shard_count=1,
                                       guild_ready_timeout=0.05)
    async with running(client, sandbox):
        assert is_connected(client)
        assert [shard for shard, _ in shard_latencies(client)] == [0]  # type: ignore[arg-type]
        sandbox.gateway.unreachable = True
        await sandbox.drop_gateway()
        await sandbox.wait_until(lambda: not is_connected(client), timeout=10)
        assert client.shards[0].is_closed()
        sandbox.gateway.unreachable = False
        await sandbox.gateway.wait_connected(timeout=20)
        await sandbox.wait_until(lambda: is_connected(client), timeout=10)
