"""Per-route rate limits as Discord has them for messages (5 per 5 s per channel, one
X-RateLimit-Bucket for creates and edits, counted apart), the daily limit on creating
application commands, and a clock skewed from the bot's."""

from __future__ import annotations

import discord

from standin import Sandbox
from standin.harness import World

from .conftest import ProbeBot
from .rest import call

COMMAND = {"name": "probe", "description": "Probe", "type": 1}


async def test_messages_are_limited_per_channel_with_discords_429(
    sandbox: Sandbox, world: World
) -> None:
    path = f"/channels/{world.channel.id}/messages"
    answers = [await call(sandbox, "POST", path, {"content": str(n)}) for n in range(6)]
    assert [status for status, _, _ in answers] == [200] * 5 + [429]
    status, headers, body = answers[-1]
    assert set(body) == {"message", "retry_after", "global", "code"}
    assert body["message"] == "You are being rate limited." and body["global"] is False
    assert 0 < body["retry_after"] <= 5.0
    assert headers["X-RateLimit-Scope"] == "user" and headers["X-RateLimit-Remaining"] == "0"
    assert headers["X-RateLimit-Limit"] == "5" and int(headers["Retry-After"]) >= 1
    # edits: the same bucket header, their own count
    first = answers[0][2]["id"]
    status, edit_headers, _ = await call(sandbox, "PATCH", f"{path}/{first}", {"content": "e"})
    assert status == 200 and edit_headers["X-RateLimit-Remaining"] == "4"
    assert edit_headers["X-RateLimit-Bucket"] == headers["X-RateLimit-Bucket"]
    # another channel has its own
    other = sandbox.create_channel(world.guild, "other")
    assert (await call(sandbox, "POST", f"/channels/{other.id}/messages",
                       {"content": "x"}))[0] == 200
    assert sandbox.rate_limits.route_refused == 1


async def test_spent_and_refused_answers_are_counted_per_bucket_and_channel(
    sandbox: Sandbox, world: World
) -> None:
    path = f"/channels/{world.channel.id}/messages"
    answers = [await call(sandbox, "POST", path, {"content": str(n)}) for n in range(6)]
    key = f"channel messages channel_id={world.channel.id}"
    limits = sandbox.rate_limits
    assert [h["X-RateLimit-Remaining"] for _, h, _ in answers[4:]] == ["0", "0"]
    assert (limits.spent_by_bucket[key], limits.refused_by_bucket[key]) == (1, 1)
    assert 0 < limits.spent_seconds[key] <= 5.0  # what a client honouring it waits
    other = sandbox.create_channel(world.guild, "other")
    await call(sandbox, "POST", f"/channels/{other.id}/messages", {"content": "x"})
    assert set(limits.spent_by_bucket) == set(limits.refused_by_bucket) == {key}


async def test_only_the_paced_channels_keep_discords_numbers(
    sandbox: Sandbox, world: World
) -> None:
    other = sandbox.create_channel(world.guild, "other")
    sandbox.rate_limits.paced = {f"channel_id={world.channel.id}"}
    for channel, expected in ((world.channel, [200] * 5 + [429]), (other, [200] * 6)):
        path = f"/channels/{channel.id}/messages"
        statuses = [(await call(sandbox, "POST", path, {"content": "x"}))[0]
                    for _ in range(6)]
        assert statuses == expected, channel.name


async def test_the_limit_can_be_relaxed(sandbox: Sandbox, world: World) -> None:
    sandbox.rate_limits.realistic = False  # every route: the generous default
    path = f"/channels/{world.channel.id}/messages"
    statuses = [(await call(sandbox, "POST", path, {"content": "x"}))[0] for _ in range(8)]
    assert statuses == [200] * 8


async def test_daily_command_creates_count_new_commands_only(
    sandbox: Sandbox, world: World
) -> None:
    sandbox.limits.command_creates_per_day = 3
    path = f"/applications/{sandbox.state.application_id}/guilds/{world.guild.id}/commands"
    two = [COMMAND, {**COMMAND, "name": "other"}]
    assert (await call(sandbox, "PUT", path, two))[0] == 200
    changed = [{**COMMAND, "description": "Changed"}, two[1]]
    assert (await call(sandbox, "PUT", path, changed))[0] == 200  # updates cost nothing
    assert sandbox.state.command_creates.used(world.guild.id) == 2
    assert (await call(sandbox, "PUT", path, [*two, {**COMMAND, "name": "third"}]))[0] == 200
    status, headers, body = await call(sandbox, "PUT", path, [{**COMMAND, "name": "fourth"}])
    assert (status, body["code"]) == (429, 30034)
    assert body["message"] == ("Max number of daily application command creates has been"
                               " reached (3)")
    assert headers["X-RateLimit-Scope"] == "shared" and body["retry_after"] > 23 * 3600
    assert [c.name for c in sandbox.commands(world.guild)] == ["probe", "other", "third"]
    global_path = f"/applications/{sandbox.state.application_id}/commands"
    assert (await call(sandbox, "PUT", global_path, [{**COMMAND, "name": "g"}]))[0] == 200
    sandbox.advance(24 * 3600)
    assert (await call(sandbox, "PUT", path, [{**COMMAND, "name": "fourth"}]))[0] == 200
    assert sandbox.calls["PUT /applications/{application_id}/guilds/{guild_id}"
                         "/commands"] == 5


async def test_a_skewed_clock_shifts_what_the_bot_sees_not_the_window(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    ages: list[float] = []

    async def answer(interaction: discord.Interaction) -> None:
        ages.append((discord.utils.utcnow() - interaction.created_at).total_seconds())
        await interaction.response.send_message("on time", ephemeral=True)

    probe.on_command = answer
    alice = world.players[0]
    for skew in (-2.5, 3.0):
        sandbox.set_skew(skew)
        ix = await alice.slash(world.channel, "/probe")
        assert ix.acknowledged and not ix.failed and ix.errors == []
    behind, ahead = ages
    assert 2.4 <= behind < 2.9  # looks 2.5 s old when it arrives
    assert -3.1 < ahead <= -2.9  # looks 3 s in the future
    message = sandbox.public_messages(world.channel) or alice.visible_messages(world.channel)
    assert discord.utils.snowflake_time(message[-1].id) == message[-1].created_at.replace(
        microsecond=message[-1].created_at.microsecond // 1000 * 1000)
