"""Rate limits (real and injected) and injected server errors."""

from __future__ import annotations

import time

import discord
import pytest

from standin import Sandbox
from standin.harness import World

from .conftest import ProbeBot
from .rest import call

MESSAGES = "POST /channels/{channel_id}/messages"


def text_channel(probe: ProbeBot, world: World) -> discord.TextChannel:
    channel = probe.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_responses_carry_rate_limit_headers(sandbox: Sandbox, world: World) -> None:
    path = f"/channels/{world.channel.id}/messages"
    _, first, _ = await call(sandbox, "POST", path, {"content": "1"})
    _, second, _ = await call(sandbox, "POST", path, {"content": "2"})
    assert int(second["X-RateLimit-Remaining"]) == int(first["X-RateLimit-Remaining"]) - 1
    assert first["X-RateLimit-Bucket"] == second["X-RateLimit-Bucket"]
    # Discord's observed 5 messages per 5 seconds per channel
    assert first["X-RateLimit-Limit"] == "5" and float(first["X-RateLimit-Reset-After"]) <= 5.0


async def test_injected_429s_are_retried_by_discordpy(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    storm = sandbox.faults.rate_limit(3, route=MESSAGES, retry_after=0.05)
    started = time.perf_counter()
    sent = await text_channel(probe, world).send("after the storm")
    assert time.perf_counter() - started >= 0.15
    assert storm.hits == [MESSAGES] * 3 and storm.remaining == 0
    assert [m.id for m in sandbox.public_messages(world.channel)] == [sent.id]


async def test_a_429_looks_like_discords(sandbox: Sandbox, world: World) -> None:
    sandbox.faults.rate_limit(1, retry_after=0.25, is_global=True)
    status, headers, body = await call(sandbox, "GET", "/users/@me")
    assert status == 429
    assert body == {
        "message": "You are being rate limited.",
        "retry_after": 0.25,
        "global": True,
        "code": 0,
    }
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and headers["Via"]


async def test_exhausted_bucket_answers_429_and_discordpy_waits(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    sandbox.rate_limits.set_route("POST /channels/{channel_id}/messages", 2, 0.3)
    channel = text_channel(probe, world)
    started = time.perf_counter()
    for n in range(3):
        await channel.send(f"message {n}")
    assert time.perf_counter() - started >= 0.2  # waited for the bucket to reset
    path = f"/channels/{world.channel.id}/messages"
    statuses = [(await call(sandbox, "POST", path, {"content": "raw"}))[0] for _ in range(3)]
    assert statuses[-1] == 429


async def test_injected_server_error(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    sandbox.faults.server_error(1, route=MESSAGES, status=503)
    with pytest.raises(discord.DiscordServerError) as caught:
        await text_channel(probe, world).send("lost")
    assert caught.value.status == 503
    await text_channel(probe, world).send("the next one goes through")
    assert len(sandbox.public_messages(world.channel)) == 1


async def test_the_global_limit_counts_every_bucket_but_not_interaction_answers(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    sandbox.rate_limits.set_global(3, 30.0)
    other = sandbox.create_channel(world.guild, "other")
    statuses = [(await call(sandbox, "POST", f"/channels/{c.id}/messages", {"content": "x"}))[0]
                for c in (world.channel, other, world.channel)]
    assert statuses == [200, 200, 200]
    status, headers, body = await call(sandbox, "POST", f"/channels/{other.id}/messages",
                                       {"content": "fourth"})
    assert status == 429 and body["global"] is True
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert 0 < body["retry_after"] <= 30.0
    assert sandbox.rate_limits.global_refused == 1

    async def answer(interaction: discord.Interaction) -> None:  # interaction endpoints
        await interaction.response.send_message("still answered", ephemeral=True)
        await interaction.followup.send("and followed up", ephemeral=True)

    probe.on_command = answer
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.acknowledged and not ix.errors and len(ix.followups) == 1
    assert not probe.errors and sandbox.rate_limits.global_refused == 1


async def test_discordpy_waits_out_the_global_limit(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    sandbox.rate_limits.set_global(2, 0.3)
    channel = text_channel(probe, world)
    started = time.perf_counter()
    for n in range(3):
        await channel.send(f"message {n}")
    assert time.perf_counter() - started >= 0.1  # the third waited for the window
    assert sandbox.rate_limits.global_refused >= 1
    assert [m.content for m in sandbox.public_messages(world.channel)] == [
        "message 0", "message 1", "message 2"]
