"""A probe bot (real discord.py) whose answers each test scripts, to exercise the stand-in.

``/probe [text]`` (with autocomplete on ``text``) and ``/probe-group sub leaf`` call
``probe.on_command``; component clicks and modal submissions call
``probe.on_component``; autocomplete calls ``probe.on_autocomplete``. Exceptions the
handlers raise are collected in ``probe.errors`` instead of being logged away.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest
from discord import app_commands

from standin import Sandbox
from standin.harness import World, make_world, running

Handler = Callable[[discord.Interaction], Awaitable[None]]


class ProbeBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.on_command: Handler = self._unset
        self.on_component: Handler = self._unset
        self.on_autocomplete: Callable[[discord.Interaction, str], Awaitable[list[Any]]] = (
            self._no_choices
        )
        self.errors: list[BaseException] = []
        self.args: dict[str, Any] = {}
        self.events: list[str] = []
        self.received: list[discord.Message] = []
        self._build_commands()

    async def _unset(self, interaction: discord.Interaction) -> None:
        raise AssertionError("the test set no handler")

    async def _no_choices(self, interaction: discord.Interaction, current: str) -> list[Any]:
        return []

    async def run_guarded(self, handler: Handler, interaction: discord.Interaction) -> None:
        try:
            await handler(interaction)
        except Exception as error:  # handed to the test
            self.errors.append(error)

    def _build_commands(self) -> None:
        probe = self

        async def complete(interaction: discord.Interaction, current: str) -> list[Any]:
            return await probe.on_autocomplete(interaction, current)

        @app_commands.command(name="probe", description="Probe the stand-in")
        @app_commands.autocomplete(text=complete)
        async def probe_command(interaction: discord.Interaction, text: str | None = None) -> None:
            probe.args = {"text": text}
            await probe.run_guarded(probe.on_command, interaction)

        group = app_commands.Group(name="probe-group", description="Nested probe")
        sub = app_commands.Group(name="sub", description="Subcommand group", parent=group)

        @sub.command(name="leaf", description="Leaf")
        async def leaf(
            interaction: discord.Interaction, count: int, who: discord.Member, flag: bool = False
        ) -> None:
            probe.args = {"count": count, "who": who, "flag": flag}
            await probe.run_guarded(probe.on_command, interaction)

        self.tree.add_command(probe_command)
        self.tree.add_command(group)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            await self.run_guarded(self.on_component, interaction)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5-second pause before a repeated IDENTIFY (discord.py's default politeness)."""

    async def on_message(self, message: discord.Message) -> None:
        self.received.append(message)

    async def on_resumed(self) -> None:
        self.events.append("resumed")

    async def on_connect(self) -> None:
        self.events.append("connect")


@pytest.fixture
def world(sandbox: Sandbox) -> World:
    return make_world(sandbox, players=3)


@pytest.fixture
async def probe(sandbox: Sandbox, world: World) -> AsyncIterator[ProbeBot]:
    client = ProbeBot()
    async with running(client, sandbox):
        yield client
