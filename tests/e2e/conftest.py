"""End-to-end fixtures: the real bot (``TappBot``) running against the stand-in.

``world`` is a guild with a ``#tapp`` channel and four members (alice, bob, carol,
dave); ``tapp_bot`` is our bot, connected and with its commands synced.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World, make_world, running


@pytest.fixture
def world(sandbox: Sandbox) -> World:
    return make_world(sandbox, players=4)


@pytest.fixture
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    """The bot's database: an SQLite file, or a fresh PostgreSQL database where a module
    parametrizes this fixture with the backends (``indirect``; ids sqlite, postgres)."""
    if getattr(request, "param", "sqlite") == "sqlite":
        yield tmp_path / "tapp.sqlite3"
        return
    async with request.getfixturevalue("pg_server").database() as url:
        yield url


@pytest.fixture
def settings(sandbox: Sandbox, database: Path | str) -> Settings:
    """Images in threads here (worker processes would start for every bot of every test);
    the worker processes are tested on their own and by the demo and the restart tests."""
    return Settings(token=sandbox.token, database_path=database, render_processes=0)


@pytest.fixture
async def tapp_bot(sandbox: Sandbox, world: World, settings: Settings) -> AsyncIterator[TappBot]:
    bot = TappBot(settings, guild_ready_timeout=0.05)
    async with running(bot, sandbox):
        yield bot
