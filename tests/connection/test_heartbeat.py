"""The gateway latency when the acknowledgement is read before the keep-alive thread
wakes (bot.connection.heartbeat), with discord.py's own keep-alive loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import discord.gateway
import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.connection.heartbeat import StampedKeepAlive

INTERVAL = 1.0  # seconds between heartbeats
#: discord.py's own handler (the module's name is the bot's once a bot was made)
DISCORD_PY_S: type[discord.gateway.KeepAliveHandler] = StampedKeepAlive.__mro__[1]


class PromptGateway:
    """The part of discord.py's websocket the keep-alive thread uses, on a loop of its own
    thread; the acknowledgement is read within the send, before the thread wakes (what a
    busy loop and a gateway on the same host do now and then)."""

    HEARTBEAT = discord.gateway.DiscordWebSocket.HEARTBEAT

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.thread_id = threading.get_ident()
        self._max_heartbeat_timeout = 60.0
        self.sequence = 7
        self.handler: discord.gateway.KeepAliveHandler | None = None
        self.acknowledged = threading.Event()
        self.sent: list[dict[str, Any]] = []

    async def send_heartbeat(self, data: dict[str, Any]) -> None:
        self.sent.append(data)
        assert self.handler is not None
        self.handler.ack()
        self.acknowledged.set()


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()


def first_latency(handler_class: type[discord.gateway.KeepAliveHandler],
                  loop: asyncio.AbstractEventLoop) -> float:
    """The latency discord.py's keep-alive loop reports for its first heartbeat."""
    gateway = PromptGateway(loop)
    handler = handler_class(ws=gateway,  # type: ignore[arg-type]  # (the part it uses)
                            interval=INTERVAL, shard_id=None)
    gateway.handler = handler
    handler.start()
    try:
        assert gateway.acknowledged.wait(10 * INTERVAL), "no heartbeat sent"
    finally:
        handler.stop()
        handler.join(10 * INTERVAL)
    assert gateway.sent == [{"op": PromptGateway.HEARTBEAT, "d": 7}]
    return handler.latency


def test_a_prompt_acknowledgement_is_not_a_whole_interval_behind(
        loop: asyncio.AbstractEventLoop) -> None:
    assert first_latency(StampedKeepAlive, loop) < INTERVAL / 2


def test_discord_py_s_own_handler_reports_the_interval(
        loop: asyncio.AbstractEventLoop) -> None:
    """What the bot's handler mends (if discord.py ever stamps before sending itself,
    this fails and the bot's handler can go)."""
    assert first_latency(DISCORD_PY_S, loop) >= INTERVAL


async def test_the_bot_s_connections_use_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.gateway, "KeepAliveHandler", DISCORD_PY_S)
    async with TappBot(Settings(token="unused")):
        assert discord.gateway.KeepAliveHandler is StampedKeepAlive
