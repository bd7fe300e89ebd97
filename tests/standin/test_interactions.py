"""Interaction rules: one answer within 3 s, 15 minutes of follow-ups, ephemeral visibility."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from standin import Sandbox, SandboxError
from standin.harness import World

from .conftest import ProbeBot


async def test_ephemeral_answer_is_seen_by_the_invoker_only(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    alice, bob, _ = world.players

    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("your hand", ephemeral=True)
        await interaction.followup.send("a public note")

    probe.on_command = answer
    ix = await alice.slash(world.channel, "/probe")
    assert probe.errors == []
    hand = ix.response
    assert hand is not None and hand.ephemeral and hand.content == "your hand"
    assert [m.content for m in alice.visible_messages(world.channel)] == [
        "your hand",
        "a public note",
    ]
    assert [m.content for m in bob.visible_messages(world.channel)] == ["a public note"]
    assert [m.content for m in sandbox.public_messages(world.channel)] == ["a public note"]
    assert alice.ephemeral_messages() == [hand] and bob.ephemeral_messages() == []


async def test_ephemeral_messages_are_not_dispatched_nor_fetchable(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("secret", ephemeral=True)

    probe.on_command = answer
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.response is not None
    session = next(iter(sandbox.gateway.sessions.values()))
    assert not [f for _, f in session.buffer if f["t"] == "MESSAGE_CREATE"]
    with pytest.raises(discord.NotFound) as caught:
        await world_channel(probe, world).fetch_message(ix.response.id)
    assert caught.value.code == 10008


async def test_second_initial_response_is_rejected(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    async def answer(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")

    probe.on_command = answer
    ix = await world.players[0].slash(world.channel, "/probe")
    status, body = await raw_callback(
        sandbox, ix.id, ix.token, {"type": 4, "data": {"content": "2"}}
    )
    assert (status, body["code"]) == (400, 40060)
    assert body["message"] == "Interaction has already been acknowledged."


async def test_initial_response_after_three_seconds_is_unknown(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    started, release = asyncio.Event(), asyncio.Event()

    async def slow(interaction: discord.Interaction) -> None:
        started.set()
        await release.wait()
        await interaction.response.send_message("too late")

    probe.on_command = slow
    ix = await world.players[0].slash(world.channel, "/probe", settle=False)
    await asyncio.wait_for(started.wait(), 5)
    sandbox.clock.advance(3.01)
    release.set()
    await sandbox.settle()
    assert ix.failed and not ix.acknowledged
    assert len(probe.errors) == 1
    error = probe.errors[0]
    assert isinstance(error, discord.NotFound) and error.code == 10062


async def test_followups_and_edits_work_for_fifteen_minutes_only(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    kept: list[discord.Interaction] = []

    async def defer(interaction: discord.Interaction) -> None:
        kept.append(interaction)
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("done thinking")

    probe.on_command = defer
    ix = await world.players[0].slash(world.channel, "/probe")
    interaction = kept[0]
    # The first follow-up after a deferral replaces the "thinking..." response, as on
    # Discord, which calls it deprecated: the stand-in records it as a problem.
    assert ix.response is not None and ix.response.content == "done thinking"
    assert not ix.response.loading and ix.followups == []
    assert [p for p in sandbox.problems if "deprecated" in p] == [
        "POST /webhooks/{webhook_id}/{webhook_token}: a follow-up filled the deferred"
        " answer (deprecated: edit the original response)"]
    sandbox.problems.clear()

    sandbox.clock.advance(14 * 60)
    late = await interaction.followup.send("14 minutes later", wait=True)
    await interaction.edit_original_response(content="edited at 14 minutes")
    assert ix.response.content == "edited at 14 minutes"
    assert [m.id for m in ix.followups] == [late.id]

    sandbox.clock.advance(61)
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.followup.send("after 15 minutes")
    assert (caught.value.status, caught.value.code) == (401, 50027)
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.edit_original_response(content="too late")
    assert caught.value.code == 50027


async def test_settle_waits_for_a_deferred_answer(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    async def slow_work(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await asyncio.sleep(0.3)  # rendering off the loop, say
        await interaction.edit_original_response(content="rendered")

    probe.on_command = slow_work
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.response is not None and ix.response.content == "rendered"
    assert ix.response.ephemeral


async def test_unanswered_interaction_counts_as_failed(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    async def ignore(interaction: discord.Interaction) -> None:
        return None

    probe.on_command = ignore
    ix = await world.players[0].slash(world.channel, "/probe", settle=False)
    await asyncio.sleep(0.05)
    assert not ix.failed
    sandbox.clock.advance(3.5)
    await sandbox.settle()
    assert ix.failed


async def test_slash_options_reach_the_command_typed(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    alice, bob, _ = world.players

    async def echo(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    probe.on_command = echo
    await alice.slash(world.channel, "/probe-group sub leaf count:3", who=bob, flag=True)
    assert probe.errors == []
    assert probe.args["count"] == 3 and probe.args["flag"] is True
    assert isinstance(probe.args["who"], discord.Member) and probe.args["who"].id == bob.id
    await alice.slash(world.channel, "/probe text:hello")
    assert probe.args == {"text": "hello"}


async def test_the_client_refuses_what_discord_would_not_send(
    world: World, probe: ProbeBot
) -> None:
    alice = world.players[0]
    with pytest.raises(SandboxError, match="required"):
        await alice.slash(world.channel, "/probe-group sub leaf", who=alice)
    with pytest.raises(SandboxError, match="needs a subcommand"):
        await alice.slash(world.channel, "/probe-group")
    with pytest.raises(SandboxError, match="no slash command /nope"):
        await alice.slash(world.channel, "/nope")


async def test_autocomplete_returns_the_bots_choices(world: World, probe: ProbeBot) -> None:
    async def suggest(interaction: discord.Interaction, current: str) -> list[app_choice]:
        return [app_choice(name=f"{current}-{i}", value=f"{current}{i}") for i in range(3)]

    probe.on_autocomplete = suggest
    choices = await world.players[0].autocomplete(
        world.channel, "/probe", focused="text", text="ab"
    )
    assert choices == [{"name": f"ab-{i}", "value": f"ab{i}"} for i in range(3)]


async def test_too_many_autocomplete_choices_are_rejected(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    async def suggest(interaction: discord.Interaction, current: str) -> list[app_choice]:
        return [app_choice(name=str(i), value=str(i)) for i in range(26)]

    probe.on_autocomplete = suggest
    with pytest.raises(SandboxError, match="did not answer autocomplete"):
        await world.players[0].autocomplete(world.channel, "/probe", focused="text")
    [ix] = [i for i in sandbox.interactions if i.type == 4]
    assert [(e["code"], e["route"].split()[0]) for e in ix.errors] == [(50035, "POST")]
    # Discord's OpenAPI description caught it first (maxItems 25); expected here.
    assert len(sandbox.problems) == 1 and "choices" in sandbox.problems[0]
    sandbox.problems.clear()


app_choice = discord.app_commands.Choice[str]


def world_channel(probe: ProbeBot, world: World) -> discord.TextChannel:
    channel = probe.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def raw_callback(
    sandbox: Sandbox, interaction_id: int, token: str, body: dict[str, object]
) -> tuple[int, dict[str, object]]:
    url = f"{sandbox.api_base}/interactions/{interaction_id}/{token}/callback"
    async with aiohttp.ClientSession() as session, session.post(url, json=body) as response:
        return response.status, await response.json()
