"""A table's place going away under the bot (issue 29): channels and threads deleted,
the bot removed from a server and invited again, an outage, a member leaving, a slow
gateway and a slow RESUME that replays interactions, and the count of invalid requests
with Cloudflare's ban past it."""

from __future__ import annotations

import asyncio
from email.utils import parsedate_to_datetime
from typing import Any

import aiohttp
import discord
import pytest

from standin import Sandbox
from standin.harness import World, running

from .conftest import ProbeBot


def dispatched(sandbox: Sandbox, event: str) -> list[dict[str, Any]]:
    """The ``d`` of every ``event`` the bot's session was sent, in order."""
    [session] = sandbox.gateway.sessions.values()
    return [frame["d"] for _, frame in session.buffer if frame.get("t") == event]


def dispatched_to(sandbox: Sandbox, event: str) -> list[dict[str, Any]]:
    """The same, for the newest session."""
    session = list(sandbox.gateway.sessions.values())[-1]
    return [frame["d"] for _, frame in session.buffer if frame.get("t") == event]


async def call(sandbox: Sandbox, method: str, path: str, body: Any = None
               ) -> tuple[int, dict[str, str], Any]:
    headers = {"Authorization": f"Bot {sandbox.token}"}
    async with aiohttp.ClientSession() as session, session.request(
            method, sandbox.api_base + path, json=body, headers=headers) as response:
        text = await response.text()
        try:
            data: Any = await response.json(content_type=None)
        except ValueError:
            data = text
        return response.status, dict(response.headers), data


async def post(sandbox: Sandbox, channel_id: int) -> tuple[int, Any]:
    """Post "hello" there as the bot: (status, the error code or None)."""
    status, _, body = await call(sandbox, "POST", f"/channels/{channel_id}/messages",
                                 {"content": "hello"})
    return status, body.get("code") if status >= 400 else None


async def test_a_deleted_thread_is_announced_and_unknown_after(
        sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    starter = world.players[0]
    thread = sandbox.state.create_thread(world.channel, "table", owner=starter.user)
    await sandbox.settle()
    assert probe.get_channel(thread.id) is not None
    sandbox.delete_channel(thread)
    await sandbox.settle()
    [event] = dispatched(sandbox, "THREAD_DELETE")
    assert event == {"id": str(thread.id), "guild_id": str(world.guild.id),
                     "parent_id": str(world.channel.id), "type": 11}
    assert probe.get_channel(thread.id) is None
    assert await post(sandbox, thread.id) == (404, 10003)
    assert await post(sandbox, world.channel.id) == (200, None)  # its channel lives on


async def test_a_deleted_channel_takes_its_threads(
        sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    thread = sandbox.state.create_thread(world.channel, "table", owner=world.players[0].user)
    sandbox.delete_channel(world.channel)
    await sandbox.settle()
    [event] = dispatched(sandbox, "CHANNEL_DELETE")
    assert event["id"] == str(world.channel.id)
    assert probe.get_channel(world.channel.id) is None
    for where in (world.channel, thread):
        status, _, body = await call(sandbox, "GET", f"/channels/{where.id}")
        assert (status, body["code"]) == (404, 10003)


async def test_the_bot_removed_and_invited_again(
        sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    sandbox.remove_bot(world.guild)
    await sandbox.settle()
    [event] = dispatched(sandbox, "GUILD_DELETE")
    assert event == {"id": str(world.guild.id)}  # no "unavailable": removed
    assert probe.get_guild(world.guild.id) is None
    assert await post(sandbox, world.channel.id) == (403, 50001)
    status, _, body = await call(sandbox, "GET", f"/guilds/{world.guild.id}")
    assert (status, body["code"]) == (404, 10004)
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.refused == "the bot is not in this server"

    sandbox.add_bot(world.guild)
    await sandbox.settle()
    assert dispatched(sandbox, "GUILD_CREATE")[-1]["id"] == str(world.guild.id)
    guild = probe.get_guild(world.guild.id)
    assert guild is not None and guild.get_channel(world.channel.id) is not None
    assert await post(sandbox, world.channel.id) == (200, None)


async def test_an_outage_and_its_end(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    sandbox.outage(world.guild)
    await sandbox.settle()
    [event] = dispatched(sandbox, "GUILD_DELETE")
    assert event == {"id": str(world.guild.id), "unavailable": True}
    guild = probe.get_guild(world.guild.id)
    assert guild is not None and guild.unavailable
    sandbox.outage_over(world.guild)
    await sandbox.settle()
    guild = probe.get_guild(world.guild.id)
    assert guild is not None and not guild.unavailable


async def test_a_server_renamed(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    """GUILD_UPDATE, whose inner payload is the guild object; discord.py's cache and its
    ``on_guild_update`` follow. A name Discord would refuse (2 to 100 characters) is
    refused here too."""
    sandbox.rename_guild(world.guild, "Renamed club")
    await sandbox.settle()
    [event] = dispatched(sandbox, "GUILD_UPDATE")
    assert event["id"] == str(world.guild.id) and event["name"] == "Renamed club"
    assert "members" not in event and "channels" not in event  # not GUILD_CREATE's extras
    guild = probe.get_guild(world.guild.id)
    assert guild is not None and guild.name == "Renamed club"
    for name in ("x", "n" * 101):
        with pytest.raises(ValueError):
            sandbox.rename_guild(world.guild, name)
    assert sandbox.state.guild(world.guild.id).name == "Renamed club"


async def test_a_member_leaves(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    leaver = world.players[1]
    sandbox.member_leaves(world.guild, leaver)
    await sandbox.settle()
    # the probe has no GUILD_MEMBERS intent: Discord tells it nothing
    assert dispatched(sandbox, "GUILD_MEMBER_REMOVE") == []
    assert leaver.id not in world.guild.members
    sandbox.gateway.sessions.clear()  # a session with the intent is told
    client = ProbeBot()
    client._connection._intents.members = True
    async with running(client, sandbox):
        sandbox.member_leaves(world.guild, world.players[2])
        await sandbox.settle()
        [event] = dispatched_to(sandbox, "GUILD_MEMBER_REMOVE")
        assert event["guild_id"] == str(world.guild.id)
        assert event["user"]["id"] == str(world.players[2].id)


async def test_a_slow_gateway_and_a_slow_resume_replay_late(
        sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    seen: list[tuple[int, float]] = []

    async def on_command(interaction: discord.Interaction) -> None:
        seen.append((interaction.id, asyncio.get_running_loop().time()))

    probe.on_command = on_command
    loop = asyncio.get_running_loop()
    sandbox.gateway.delay = 0.3
    start = loop.time()
    await world.players[0].slash(world.channel, "/probe", settle=False)
    await sandbox.wait_until(lambda: len(seen) == 1)
    assert seen[0][1] - start >= 0.3
    sandbox.gateway.delay = 0.0

    sandbox.gateway.resume_delay = 0.5
    await sandbox.drop_gateway()
    start = loop.time()
    ix = await world.players[0].slash(world.channel, "/probe", settle=False)
    await sandbox.wait_until(lambda: len(seen) == 2, timeout=10)
    assert seen[1][0] == ix.id and seen[1][1] - start >= 0.5  # replayed after the RESUME
    assert "resumed" in probe.events


async def test_invalid_requests_are_counted_and_a_ban_follows(
        sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    sandbox.invalid.limit = 5
    missing = f"/channels/{world.channel.id}/messages"
    status, headers, _ = await call(sandbox, "GET", "/guilds/1")  # 404: not counted
    assert status == 404 and sandbox.invalid.count() == 0
    when = parsedate_to_datetime(headers["Date"])
    assert abs((when - sandbox.clock.issued()).total_seconds()) < 2
    sandbox.remove_bot(world.guild)
    for _ in range(5):
        status, _, _ = await call(sandbox, "POST", missing, {"content": "x"})
        assert status == 403
    assert sandbox.invalid.count() == 5 and sandbox.invalid.banned()
    status, headers, body = await call(sandbox, "GET", "/users/@me")
    assert status == 429 and isinstance(body, str) and "Via" not in headers
    assert int(headers["Retry-After"]) > 3000
    sandbox.advance(3601)
    status, _, _ = await call(sandbox, "GET", "/users/@me")
    assert status == 200
    assert "at most 5 in 10 minutes" in sandbox.invalid.report()
