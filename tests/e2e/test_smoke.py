"""The real bot connects to the stand-in, syncs its commands and answers /tapp."""

from __future__ import annotations

import time

import discord
from discord import app_commands

from bot.config import Settings
from bot.connection.client import TappBot
from cogs.group import tapp_group
from standin import Sandbox
from standin.harness import World, running


async def test_bot_syncs_the_tapp_group_globally(sandbox: Sandbox, tapp_bot: TappBot) -> None:
    commands = {c.name: c for c in sandbox.commands()}
    assert set(commands) == {"tapp", "league"}  # the league's is a command of its own
    subcommands = {o["name"] for o in commands["tapp"].data["options"]}
    assert {"about", "ping"} <= subcommands


async def test_about_answers_ephemerally(sandbox: Sandbox, world: World, tapp_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    started = time.perf_counter()
    ix = await alice.slash(world.channel, "/tapp about")
    elapsed = time.perf_counter() - started
    assert ix.acknowledged and not ix.failed
    answer = ix.response
    assert answer is not None and answer.ephemeral_to == alice.id
    assert "Tapp" in answer.text
    assert alice.can_see(answer) and not bob.can_see(answer)
    assert sandbox.public_messages(world.channel) == []
    assert elapsed < 1.0


async def test_dev_guild_sync_is_guild_scoped(
    sandbox: Sandbox, world: World, settings: Settings
) -> None:
    dev = Settings(
        token=settings.token, database_path=settings.database_path, dev_guild_id=world.guild.id
    )
    async with running(TappBot(dev, guild_ready_timeout=0.05), sandbox):
        assert sandbox.state.global_commands == {}
        assert sorted(c.name for c in sandbox.commands(world.guild)) == ["league", "tapp"]
        ix = await world.players[0].slash(world.channel, "/tapp ping")
        assert ix.response is not None and ix.response.content.startswith("Pong!")


async def test_an_unhandled_error_gets_an_ephemeral_apology(
    sandbox: Sandbox, world: World, tapp_bot: TappBot
) -> None:
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("bug in a cog")

    group = tapp_group(tapp_bot.tree)
    group.add_command(app_commands.Command(name="boom", description="Fails", callback=boom))
    await tapp_bot.sync_commands()
    ix = await world.players[0].slash(world.channel, "/tapp boom")
    assert ix.response is not None and ix.response.ephemeral
    assert ix.response.content == "Sorry, something went wrong with that command."
