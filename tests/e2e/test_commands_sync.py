"""Command sync: only when the commands changed (a hash per scope in the database), a
failed sync is logged and the bot starts anyway, and a development guild never shows a
command twice."""

from __future__ import annotations

import dataclasses
import logging

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from cogs import EXTENSIONS
from standin import Sandbox
from standin.harness import World, running

GLOBAL = "PUT /applications/{application_id}/commands"
GUILD = "PUT /applications/{application_id}/guilds/{guild_id}/commands"


def bot(settings: Settings, **options: object) -> TappBot:
    return TappBot(settings, guild_ready_timeout=0.05, **options)  # type: ignore[arg-type]


async def test_a_restart_with_the_same_commands_does_not_sync(
    sandbox: Sandbox, world: World, settings: Settings
) -> None:
    async with running(bot(settings), sandbox):
        assert sandbox.calls[GLOBAL] == 1
    async with running(bot(settings), sandbox):
        ix = await world.players[0].slash(world.channel, "/tapp ping")
        assert ix.response is not None
    assert sandbox.calls[GLOBAL] == 1
    assert sandbox.state.command_creates.total == {None: 2}  # /tapp and /league, once


async def test_changed_commands_sync_once(
    sandbox: Sandbox, world: World, settings: Settings
) -> None:
    async with running(bot(settings), sandbox):
        pass
    fewer = tuple(e for e in EXTENSIONS if e != "cogs.rules")
    async with running(bot(settings, extensions=fewer), sandbox):
        pass
    async with running(bot(settings, extensions=fewer), sandbox):
        pass
    assert sandbox.calls[GLOBAL] == 2
    [tapp] = [c for c in sandbox.commands() if c.name == "tapp"]
    options = tapp.data["options"]
    assert "rules" not in [o["name"] for o in options]


async def test_a_failed_sync_is_logged_and_the_bot_starts(
    sandbox: Sandbox, world: World, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord's daily create limit (a 429 asking to wait for hours, which discord.py
    would sleep out): the bot gives up on the sync, says so, and runs."""
    sandbox.limits.command_creates_per_day = 0
    first = bot(settings)
    first.sync_timeout = 0.5
    with caplog.at_level(logging.ERROR, logger="bot.connection.client"):
        async with running(first, sandbox):
            assert first.is_ready() and sandbox.commands() == []
    [record] = [r for r in caplog.records if "command sync failed" in r.getMessage()]
    assert "the next start tries again" in record.getMessage()
    sandbox.limits.command_creates_per_day = 200
    async with running(bot(settings), sandbox):  # nothing was stored: it syncs now
        ix = await world.players[0].slash(world.channel, "/tapp ping")
        assert ix.response is not None


async def test_a_dev_guild_never_shows_a_command_twice(
    sandbox: Sandbox, world: World, settings: Settings
) -> None:
    """Discord shows a guild's commands and the global ones side by side: with a
    development guild the global commands are cleared, and back without one the
    development guild's."""
    async with running(bot(settings), sandbox):
        assert sorted(c.name for c in sandbox.commands(world.guild)) == ["league", "tapp"]
    dev = dataclasses.replace(settings, dev_guild_id=world.guild.id)
    async with running(bot(dev), sandbox):
        assert sandbox.state.global_commands == {}
        assert sorted(c.name for c in sandbox.commands(world.guild)) == ["league", "tapp"]
    async with running(bot(dev), sandbox):  # unchanged: nothing sent
        pass
    assert (sandbox.calls[GLOBAL], sandbox.calls[GUILD]) == (2, 1)
    async with running(bot(settings), sandbox):
        assert sandbox.state.guild_commands[world.guild.id] == {}
        assert sorted(c.name for c in sandbox.commands(world.guild)) == ["league", "tapp"]
    assert (sandbox.calls[GLOBAL], sandbox.calls[GUILD]) == (3, 2)
