"""Fixtures of the table tests: the bot with computer players that do not pause, seeded
dealing (and, for the fault tests, the same bot with a store that waits only briefly for a
lock), and a :class:`Watch` on every message; interaction-to-response times of every
test are collected and summarised at the end of the run (p50/p99)."""

from __future__ import annotations

import json
import os
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from bot.store import Store
from bot.tables import TableConfig
from standin import Sandbox
from standin.harness import World, running

from .driver import Watch, quick_sleep

LATENCIES: list[float] = []


@pytest.fixture
async def sandbox(request: pytest.FixtureRequest) -> AsyncIterator[Sandbox]:
    """The stand-in, settling after 20 ms of quiet (the tests wait for the bot's own
    work explicitly: ``driver.quiet``).

    Discord's per-route limits (5 messages and 5 edits per 5 s per channel) are off here
    unless a test is marked ``discord_pacing``: these tests play whole deals in one
    thread as fast as computer players go, many times faster than members click, and
    their point is the game, not pacing (under the real limits discord.py would pace
    each table thread to a message a second, and the suite would take many times as
    long). ``test_pacing.py`` plays under the real limits; the global limit stays on."""
    async with Sandbox(settle_quiet=0.02) as stand_in:
        stand_in.rate_limits.realistic = bool(request.node.get_closest_marker("discord_pacing"))
        yield stand_in
        assert stand_in.problems == [], stand_in.problems
        # the bot paces itself under Discord's global limit: never refused for it
        assert stand_in.rate_limits.global_refused == 0


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def table_config(watch: Watch) -> TableConfig:
    return TableConfig(computer_pause=0, computer_level="easy", rng=random.Random(7),
                       ai_seed=7, observers=(watch,), sleep=quick_sleep)


@pytest.fixture
async def table_bot(sandbox: Sandbox, world: World, settings: Settings,
                    table_config: TableConfig) -> AsyncIterator[TappBot]:
    bot = TappBot(settings, guild_ready_timeout=0.05, tables=table_config)
    async with running(bot, sandbox):
        yield bot


@pytest.fixture
async def fault_bot(sandbox: Sandbox, world: World, settings: Settings,
                    table_config: TableConfig) -> AsyncIterator[TappBot]:
    """The table bot, with a store that waits only 0.2 s for another connection's lock."""
    async def store_factory(s: Settings) -> Store:
        return await Store.open(s.database_path, busy_timeout=0.2)

    bot = TappBot(settings, guild_ready_timeout=0.05, tables=table_config,
                  store_factory=store_factory)
    async with running(bot, sandbox):
        yield bot


@pytest.fixture(autouse=True)
def _latency(request: pytest.FixtureRequest) -> Any:
    """Collect each interaction's time from creation to the bot's first response (the
    stand-in's clock; tests marked ``no_latency`` are left out)."""
    if "sandbox" not in request.fixturenames or request.node.get_closest_marker("no_latency"):
        yield
        return
    sandbox: Sandbox = request.getfixturevalue("sandbox")
    yield
    for record in sandbox.interactions:
        if record.responded_at is not None:
            LATENCIES.append((record.responded_at - record.created_at).total_seconds())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not LATENCIES:
        return
    p50, p99 = percentile(LATENCIES, 0.50), percentile(LATENCIES, 0.99)
    terminalreporter.write_line(
        f"table e2e: {len(LATENCIES)} interactions, interaction to response p50 "
        f"{p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {max(LATENCIES) * 1000:.1f} ms")
    target = os.environ.get("TAPP_LATENCY_FILE")
    if target:
        Path(target).write_text(json.dumps({"n": len(LATENCIES), "p50": p50, "p99": p99,
                                            "max": max(LATENCIES)}))
