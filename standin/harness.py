"""Running a discord.py client (our bot, or a bare one) against a stand-in.

Used by the end-to-end tests and the demo; keeps the discord.py wiring in one place.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TypeVar

import discord

from .actors import Actor
from .models import Channel, Guild
from .sandbox import Sandbox
from .wiring import discord_pointed_at

ClientT = TypeVar("ClientT", bound=discord.Client)


@dataclass
class World:
    """A guild with a text channel and some members, ready to play in."""

    guild: Guild
    channel: Channel
    players: list[Actor] = field(default_factory=list)


def make_world(
    sandbox: Sandbox,
    players: int = 4,
    *,
    guild_name: str = "Tapp Club",
    channel_name: str = "tapp",
    names: tuple[str, ...] = ("alice", "bob", "carol", "dave", "erin", "frank"),
    shard: tuple[int, int] | None = None,
) -> World:
    """A guild (held by ``shard=(shard_id, shard_count)`` if given) with a channel and
    ``players`` members."""
    guild = sandbox.create_guild(guild_name, shard=shard)
    channel = sandbox.create_channel(guild, channel_name)
    return World(guild, channel, [sandbox.create_user(n, guild) for n in names[:players]])


@contextlib.asynccontextmanager
async def running(
    client: ClientT, sandbox: Sandbox, *, token: str | None = None, timeout: float = 10.0
) -> AsyncIterator[ClientT]:
    """Start ``client`` against ``sandbox`` (with the stand-in's bot token unless ``token``
    is given); yield once it is connected, ready and settled; close it afterwards.

    Pass ``guild_ready_timeout=0.05`` (or so) to the client: discord.py waits that long
    after the last GUILD_CREATE before it is ready (2 s by default)."""
    with discord_pointed_at(sandbox.api_base, sandbox.gateway.url):
        start = client.start(sandbox.token if token is None else token)
        task = asyncio.create_task(start, name="client-under-test")
        connected = asyncio.create_task(sandbox.gateway.wait_connected(timeout))
        try:
            await asyncio.wait({task, connected}, return_when=asyncio.FIRST_COMPLETED)
            if task.done():
                task.result()  # raises what stopped the client
                raise RuntimeError("the client stopped before connecting")
            connected.result()
            await asyncio.wait_for(client.wait_until_ready(), timeout)
            await sandbox.settle()
            yield client
        finally:
            connected.cancel()
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await task
