"""A local stand-in for Discord that the real bot (real discord.py) runs against.

An aiohttp server speaking API v10: the gateway (identify, resume, dispatches) and the
REST routes this bot uses, with Discord's limits and Discord-shaped errors, a clock
tests can advance, and an API to act as users and read what each one sees.
Entry points: :class:`Sandbox`, :class:`Actor` (from ``Sandbox.create_user``),
:func:`discord_pointed_at` (in :mod:`standin.wiring`).
"""

from .actors import Actor
from .clock import Clock
from .invocations import SandboxError
from .limits import Limits
from .models import (
    Attachment,
    Channel,
    Command,
    Guild,
    InteractionRecord,
    Message,
    MessageVersion,
    User,
)
from .sandbox import Sandbox, SettleTimeout
from .wiring import discord_pointed_at

__all__ = [
    "Actor",
    "Attachment",
    "Channel",
    "Clock",
    "Command",
    "Guild",
    "InteractionRecord",
    "Limits",
    "Message",
    "MessageVersion",
    "Sandbox",
    "SandboxError",
    "SettleTimeout",
    "User",
    "discord_pointed_at",
]
