"""The bot running against the stand-in (the end-to-end and table fixtures)."""

from collections.abc import AsyncIterator

import pytest

from standin import Sandbox
from tests.e2e.conftest import database, settings, tapp_bot, world  # noqa: F401
from tests.e2e.tables.conftest import table_bot, table_config, watch  # noqa: F401


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    """The stand-in without Discord's per-route limits (5 messages and 5 edits per 5 s
    per channel): these tests play deals in one thread as fast as computers go, and their
    point is the language, not pacing (``tests/e2e/tables/test_pacing.py`` is)."""
    async with Sandbox() as stand_in:
        stand_in.rate_limits.realistic = False
        yield stand_in
        assert stand_in.problems == [], stand_in.problems
