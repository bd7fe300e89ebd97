"""The gateway: identify, heartbeats, compression, RESUME after a dropped connection."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from standin import Sandbox
from standin.harness import World, running

from .conftest import ProbeBot


async def test_identify_sends_ready_and_guilds(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    assert sandbox.gateway.identifies == 1
    guild = probe.get_guild(world.guild.id)
    assert guild is not None and guild.name == "Tapp Club"
    assert [c.name for c in guild.text_channels] == ["tapp"]
    assert probe.user is not None and probe.user.id == sandbox.bot_user_id
    assert probe.is_ready()


async def test_discordpy_gets_zlib_stream_frames(sandbox: Sandbox, probe: ProbeBot) -> None:
    [connection] = sandbox.gateway.connections
    assert connection.compressed  # discord.py asked for ?compress=zlib-stream


async def test_heartbeats_are_acknowledged(sandbox: Sandbox, world: World) -> None:
    sandbox.gateway.heartbeat_interval_ms = 50
    client = ProbeBot()
    async with running(client, sandbox):
        await sandbox.wait_until(lambda: sandbox.gateway.heartbeats >= 3, timeout=5)
        assert client.latency < 1.0


async def test_resume_after_a_dropped_connection_replays_missed_events(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("still here")

    probe.on_command = answer
    await sandbox.drop_gateway()
    # dispatched while the bot is away: buffered in the session, replayed on RESUME
    ix = await world.players[0].slash(world.channel, "/probe", settle=False)
    await sandbox.gateway.wait_connected()
    await sandbox.settle()
    assert ix.response is not None and ix.response.content == "still here"
    assert (sandbox.gateway.identifies, sandbox.gateway.resumes) == (1, 1)
    assert "resumed" in probe.events


async def test_while_the_gateway_is_unreachable_the_client_stays_away_then_resumes(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    sandbox.gateway.unreachable = True
    await sandbox.drop_gateway()
    await sandbox.wait_until(lambda: sandbox.gateway.refused >= 1, timeout=10)
    assert not sandbox.gateway.connected and probe.ws is not None and probe.ws.socket.closed
    sandbox.gateway.unreachable = False
    await sandbox.gateway.wait_connected(timeout=20)  # discord.py's back-off: a few s
    assert (sandbox.gateway.identifies, sandbox.gateway.resumes) == (1, 1)


async def test_an_invalidated_session_makes_the_client_identify_again(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    await sandbox.drop_gateway(invalidate=True)
    await sandbox.wait_until(lambda: sandbox.gateway.identifies == 2, timeout=10)
    await sandbox.gateway.wait_connected()

    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("new session")

    probe.on_command = answer
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.response is not None


async def test_a_wrong_token_is_refused(sandbox: Sandbox) -> None:
    with pytest.raises(discord.LoginFailure):
        async with running(ProbeBot(), sandbox, token="another-token"):
            pass
    assert sandbox.gateway.identifies == 0


async def test_identify_with_a_wrong_token_closes_4004(sandbox: Sandbox) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(sandbox.gateway.url + "?v=10&encoding=json") as ws,
    ):
        hello = await ws.receive_json()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 2, "d": {"token": "nope", "intents": 1, "properties": {}}})
        closing = await asyncio.wait_for(ws.receive(), 5)
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4004


async def test_events_need_their_intent(sandbox: Sandbox, world: World) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(sandbox.gateway.url + "?v=10&encoding=json") as ws,
    ):
        await ws.receive_json()
        await ws.send_json(
            {"op": 2, "d": {"token": sandbox.token, "intents": 1, "properties": {}}}
        )  # GUILDS only
        ready = await ws.receive_json()
        guild_create = await ws.receive_json()
        assert ready["t"] == "READY" and guild_create["t"] == "GUILD_CREATE"
        assert [m["user"]["id"] for m in guild_create["d"]["members"]] == [
            str(sandbox.bot_user_id)
        ]  # no GUILD_MEMBERS intent: only the bot itself
        await world.players[0].say(world.channel, "no GUILD_MESSAGES intent")
        sandbox.create_channel(world.guild, "second")
        event = await ws.receive_json()
        assert event["t"] == "CHANNEL_CREATE" and event["s"] == 3
