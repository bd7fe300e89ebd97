"""Sharding as Discord does it: a session identified as ``[shard_id, shard_count]`` hears
only its own guilds, direct messages go to shard 0, IDENTIFYs are limited per
``max_concurrency`` bucket, and one global rate limit counts every request of the
token, whatever connection it comes on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import discord

from standin import Sandbox
from standin.harness import make_world, running
from standin.shards import ShardKey, shard_of

from .rest import call

INVALID_SESSION = 9
COMPONENT = 3


@asynccontextmanager
async def raw_session(sandbox: Sandbox, shard: list[int] | None) -> AsyncIterator[
        aiohttp.ClientWebSocketResponse]:
    """A websocket that has sent IDENTIFY (with ``shard`` unless None)."""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(sandbox.gateway.url + "?v=10&encoding=json") as ws,
    ):
        await ws.receive_json()  # HELLO
        data: dict[str, Any] = {"token": sandbox.token, "intents": 1, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await ws.send_json({"op": 2, "d": data})
        yield ws


async def frames_until_quiet(ws: aiohttp.ClientWebSocketResponse,
                             quiet: float = 0.3) -> list[dict[str, Any]]:
    frames = []
    while True:
        try:
            message = await asyncio.wait_for(ws.receive(), quiet)
        except TimeoutError:
            return frames
        if message.type is not aiohttp.WSMsgType.TEXT:
            frames.append({"closed": message.data})
            return frames
        frames.append(message.json())


def test_guilds_are_spread_by_discords_formula() -> None:
    key = ShardKey(1, 4)
    assert key.hears((5 << 22) | 12345) and not key.hears(4 << 22)
    assert not key.hears(None) and ShardKey(0, 4).hears(None)  # DMs: shard 0
    assert ShardKey.parse(None) == ShardKey(0, 1)
    assert ShardKey.parse([2, 2]) is None and ShardKey.parse([0, 0]) is None
    assert shard_of(81384788765712384, 17) == 7  # the example of Discord's libraries


async def test_each_shard_hears_only_its_own_guilds(sandbox: Sandbox) -> None:
    sandbox.gateway.identify_limit.max_concurrency = 2  # both identify at once
    first = make_world(sandbox, 1, guild_name="Even", shard=(0, 2))
    second = make_world(sandbox, 1, guild_name="Odd", shard=(1, 2))
    assert (shard_of(first.guild.id, 2), shard_of(second.guild.id, 2)) == (0, 1)
    async with raw_session(sandbox, [0, 2]) as even, raw_session(sandbox, [1, 2]) as odd:
        even_frames, odd_frames = await frames_until_quiet(even), await frames_until_quiet(odd)
        assert even_frames[0]["d"]["shard"] == [0, 2]
        assert [g["id"] for g in even_frames[0]["d"]["guilds"]] == [str(first.guild.id)]
        assert [g["id"] for g in odd_frames[0]["d"]["guilds"]] == [str(second.guild.id)]
        assert [f["d"]["name"] for f in odd_frames if f.get("t") == "GUILD_CREATE"] == ["Odd"]
        assert sandbox.gateway.live_shards() == {(0, 2), (1, 2)}

        sandbox.create_channel(second.guild, "odd-only")
        sandbox.gateway.dispatch("TYPING_START", {"channel_id": "1", "user_id": "2"})  # a DM
        even_frames, odd_frames = await frames_until_quiet(even), await frames_until_quiet(odd)
        assert [f["t"] for f in odd_frames] == ["CHANNEL_CREATE"]
        assert [f["t"] for f in even_frames] == ["TYPING_START"]  # DMs: shard 0 only


async def test_an_interaction_reaches_the_process_holding_its_guild(sandbox: Sandbox) -> None:
    """Two discord.py clients, each one shard of two: a click in a guild reaches only
    the client whose shard holds it."""
    sandbox.gateway.identify_limit.max_concurrency = 2
    worlds = [make_world(sandbox, 1, guild_name=f"G{i}", shard=(i, 2)) for i in range(2)]
    heard: list[list[int]] = [[], []]

    def client(shard: int) -> discord.AutoShardedClient:
        bot = discord.AutoShardedClient(intents=discord.Intents(guilds=True), shard_ids=[shard],
                                        shard_count=2, guild_ready_timeout=0.05)

        @bot.event
        async def on_interaction(interaction: discord.Interaction) -> None:
            heard[shard].append(interaction.guild_id or 0)
            await interaction.response.send_message("ok", ephemeral=True)

        return bot

    async with running(client(0), sandbox) as zero, running(client(1), sandbox) as one:
        await sandbox.wait_until(lambda: len(sandbox.gateway.live_shards()) == 2)
        assert [g.id for g in zero.guilds] == [worlds[0].guild.id]
        assert [g.id for g in one.guilds] == [worlds[1].guild.id]
        for world in worlds:
            await sandbox.interact(world.players[0], world.channel, COMPONENT,
                                   {"custom_id": "probe", "component_type": 2})
    assert heard == [[worlds[0].guild.id], [worlds[1].guild.id]]


async def test_identify_beyond_max_concurrency_is_an_invalid_session(sandbox: Sandbox) -> None:
    limit = sandbox.gateway.identify_limit
    assert (limit.max_concurrency, limit.window) == (1, 5.0)  # Discord's defaults
    async with raw_session(sandbox, [0, 2]) as first:
        assert (await first.receive_json())["t"] == "READY"
        async with raw_session(sandbox, [1, 2]) as second:  # same bucket, within 5 s
            frame = await second.receive_json()
            assert frame["op"] == INVALID_SESSION and frame["d"] is False
    assert sandbox.gateway.identifies == 1 and limit.refused == 1
    limit.max_concurrency = 2  # shard 1 is in a bucket of its own now
    async with raw_session(sandbox, [1, 2]) as third:
        assert (await third.receive_json())["t"] == "READY"


async def test_an_invalid_shard_closes_4010(sandbox: Sandbox) -> None:
    async with raw_session(sandbox, [2, 2]) as ws:
        closing = await asyncio.wait_for(ws.receive(), 5)
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4010


async def test_gateway_bot_says_the_shards_and_max_concurrency(sandbox: Sandbox) -> None:
    sandbox.gateway.recommended_shards = 8
    sandbox.gateway.identify_limit.max_concurrency = 16
    status, _, body = await call(sandbox, "GET", "/gateway/bot")
    assert status == 200 and body["shards"] == 8
    assert body["session_start_limit"]["max_concurrency"] == 16
    assert sandbox.schema is not None  # the pinned OpenAPI file: the answer's shape
    schemas = sandbox.schema.document["components"]["schemas"]
    assert set(schemas["GatewayBotResponse"]["required"]) <= set(body)
    limits = schemas["GatewayBotSessionStartLimitResponse"]["required"]
    assert set(limits) <= set(body["session_start_limit"])


async def test_one_global_limit_counts_every_connection_of_the_token(sandbox: Sandbox) -> None:
    """Two clients (two connection pools, as two processes) share the token's limit."""
    sandbox.rate_limits.set_global(10, window=60.0)  # one window for the whole test
    headers = {"Authorization": f"Bot {sandbox.token}"}
    statuses: list[tuple[int, bool]] = []
    async with aiohttp.ClientSession() as one, aiohttp.ClientSession() as two:
        for i in range(16):
            client = one if i % 2 else two
            async with client.get(sandbox.api_base + "/users/@me", headers=headers) as answer:
                body = await answer.json()
                statuses.append((answer.status, bool(body.get("global"))))
    assert statuses[:10] == [(200, False)] * 10
    assert statuses[10:] == [(429, True)] * 6
    assert sandbox.rate_limits.global_refused == 6 and sandbox.rate_limits.token_requests == 16
